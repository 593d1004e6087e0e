import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { signInPath } from '../../lib/paths';

/** What a records page shows a visitor with no account at all (not even a guest): a way to sign in and come back. */
export default function SignInPrompt() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return (
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
  );
}
