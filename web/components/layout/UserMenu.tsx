import { LogoutOutlined, QrcodeOutlined, UserOutlined, WalletOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, Menu } from 'antd';
import type { MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../lib/paths';
import { signOut, useSession } from '../../lib/session';
import type { UserInfo } from '../../lib/session';
import { useComingSoon } from '../use-coming-soon';

const ACCOUNT_ITEMS = ['vip', 'duration', 'dubbing', 'svip'] as const;

/** The avatar dropdown for a signed-in user, or the login/register button when no user info is stored. */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userInfo = useSession((s) => s.userInfo);

  if (!userInfo) {
    return (
      <Button type="primary" ghost={!compact} onClick={() => void navigate(PATHS.login)} data-testid="login-button">
        {compact ? t('header.loginShort') : t('header.login')}
      </Button>
    );
  }
  return (
    <Dropdown trigger={['click']} placement="bottomRight" popupRender={() => <UserPanel userInfo={userInfo} />}>
      <button type="button" className="avatar-button" aria-label={t('header.accountMenu')} data-testid="user-menu">
        <UserAvatar userInfo={userInfo} />
      </button>
    </Dropdown>
  );
}

function UserAvatar({ userInfo, size }: { userInfo: UserInfo; size?: number }) {
  return (
    <Avatar size={size} src={userInfo.avatar || undefined} className="user-avatar">
      {userInfo.name.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}

function UserPanel({ userInfo }: { userInfo: UserInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Balances and the pay dialog arrive with the payments issue; until then "Buy" says so.
  const comingSoon = useComingSoon();

  const links: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: t('header.profile') },
    { key: 'bills', icon: <WalletOutlined />, label: t('header.bills') },
    { key: 'qr', icon: <QrcodeOutlined />, label: t('header.myQrCode') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('header.logout'), danger: true },
  ];
  const onLink: MenuProps['onClick'] = ({ key }) => {
    if (key === 'profile') void navigate(PATHS.userProfile);
    else if (key === 'bills') void navigate(PATHS.userAccount);
    else if (key === 'qr') comingSoon();
    else if (key === 'logout') {
      signOut();
      void navigate(PATHS.login);
    }
  };

  return (
    <div className="user-panel" data-testid="user-panel">
      <div className="user-panel-head">
        <UserAvatar userInfo={userInfo} size={40} />
        <span className="user-panel-name">{userInfo.name}</span>
      </div>
      <ul className="user-panel-accounts">
        {ACCOUNT_ITEMS.map((item) => (
          <li key={item}>
            <span>{t(`header.accountItems.${item}`)}</span>
            <Button size="small" type="link" onClick={comingSoon}>
              {t('header.buy')}
            </Button>
          </li>
        ))}
      </ul>
      <Menu className="user-panel-links" selectable={false} items={links} onClick={onLink} />
    </div>
  );
}
