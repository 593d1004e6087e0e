import { LogoutOutlined, QrcodeOutlined, UserOutlined, WalletOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Menu } from 'antd';
import type { MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Skeleton } from '../components/Skeleton';
import { UserAvatar } from '../components/UserAvatar';
import { fetchAccountDetail } from '../features/account/api';
import { useLogout } from '../features/account/use-logout';
import { usePayDialog } from '../features/pay/store';
import { PATHS } from '../lib/paths';
import { ACCOUNT_DETAIL_KEY } from '../lib/query-keys';
import type { UserInfo } from '../lib/session';
import './account-panel.css';

/** What the avatar's dropdown shows: the user's accounts with a way to top each up, their pages, logging out. */

interface AccountPanelProps {
  user: UserInfo;
  onDone: () => void;
  onOpenQrCode: () => void;
}

export default function AccountPanel({ user, onDone, onOpenQrCode }: AccountPanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const openPay = usePayDialog((s) => s.open);
  const accounts = useQuery({ queryKey: ACCOUNT_DETAIL_KEY, queryFn: fetchAccountDetail });

  const links: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: t('header.profile') },
    { key: 'bills', icon: <WalletOutlined />, label: t('header.bills') },
    { key: 'qr', icon: <QrcodeOutlined />, label: <span data-testid="menu-qr-code">{t('header.myQrCode')}</span> },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="menu-logout">{t('header.logout')}</span>, danger: true },
  ];
  const onLink: MenuProps['onClick'] = ({ key }) => {
    if (key === 'qr') return onOpenQrCode();
    onDone();
    if (key === 'profile') void navigate(PATHS.userProfile);
    else if (key === 'bills') void navigate(PATHS.userAccount);
    else if (key === 'logout') void logout();
  };

  return (
    <div className="user-panel" data-testid="user-panel">
      <div className="user-panel-head">
        <UserAvatar user={user} size={40} />
        <span className="user-panel-name">{user.name}</span>
      </div>
      <ul className="user-panel-accounts" data-testid="account-items">
        {accounts.data
          ? accounts.data.map((item) => (
              <li key={item.accountType} data-testid={`account-item-${item.accountType}`}>
                <div className="account-item-text">
                  <span className="account-item-name">{item.accountTypeName}</span>
                  <span className="account-item-remark" data-testid="account-remark">
                    {item.remarkString}
                  </span>
                </div>
                <Button
                  size="small"
                  type="link"
                  onClick={() => {
                    onDone();
                    openPay({ packageType: item.packageType });
                  }}
                  data-testid={`account-buy-${item.accountType}`}
                >
                  {item.operationString}
                </Button>
              </li>
            ))
          : accounts.isPending && (
              <li>
                <Skeleton title={false} paragraph={{ rows: 3 }} />
              </li>
            )}
      </ul>
      <Menu className="user-panel-links" selectable={false} items={links} onClick={onLink} />
    </div>
  );
}
