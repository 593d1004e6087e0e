import { Button, Card, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { signInPath } from '../lib/paths';

/** What a page of an account's own things shows a visitor with no account at all (not even a guest): why, and a way to sign in and come back. */
export function SignInCard({ title }: { title: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return (
    <Card className="section-card" variant="borderless">
      <Result
        status="info"
        title={title}
        extra={
          <Button type="primary" onClick={() => void navigate(signInPath(pathname + search))}>
            {t('header.loginShort')}
          </Button>
        }
      />
    </Card>
  );
}
