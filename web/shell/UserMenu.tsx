import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { lazyComponent } from '../lib/lazy-component';
import { PATHS } from '../lib/paths';
import { useSignedInUser } from '../lib/session';

// Most first visits are guests': the avatar and its account menu load only for a signed-in user, with an
// empty circle of the avatar's size holding the header's layout meanwhile.
const AccountMenu = lazyComponent(() => import('./AccountMenu'), <span className="avatar-button avatar-placeholder" />);

/**
 * The avatar dropdown for a signed-in user, or the login/register button for nobody and for guests
 * (a visitor's guest account is not one to manage).
 */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSignedInUser();

  if (!user) {
    return (
      <Button type="primary" ghost={!compact} onClick={() => void navigate(PATHS.login)} data-testid="login-button">
        {compact ? t('header.loginShort') : t('header.login')}
      </Button>
    );
  }
  return <AccountMenu user={user} />;
}
