import { Button, Card, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { signInPath } from '../../lib/paths';
import { useSession } from '../../lib/session';

/**
 * A records page: its title (with `action` beside it, such as New record), then its list — or, with nobody
 * signed in (not even a guest), a way to sign in.
 */
export function RecordsPage({ title, action, children }: { title: ReactNode; action?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const hasAccount = useSession((s) => s.userInfo !== null);
  return (
    <div className="page records-page">
      <div className="records-page-head">
        <PageTitle>{title}</PageTitle>
        {hasAccount && action}
      </div>
      {hasAccount ? (
        children
      ) : (
        <Card className="section-card" variant="borderless">
          <Result
            status="info"
            title={t('records.signInFirst')}
            extra={
              <Button type="primary" onClick={() => void navigate(signInPath(pathname + search))}>
                {t('header.loginShort')}
              </Button>
            }
          />
        </Card>
      )}
    </div>
  );
}
