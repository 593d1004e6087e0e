import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { signInPath } from '../../lib/paths';

/** Nobody signed in (not even a guest): libraries belong to an account, so offer sign-in and come back. */
export function VocabularySignIn() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return (
    <Card className="section-card" variant="borderless">
      <Result
        status="info"
        title={t('vocabulary.signInFirst')}
        extra={
          <Button type="primary" onClick={() => void navigate(signInPath(pathname + search))}>
            {t('header.loginShort')}
          </Button>
        }
      />
    </Card>
  );
}
