import { LogoutOutlined, QrcodeOutlined, UserOutlined, WalletOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Dropdown, Menu, Skeleton } from 'antd';
import type { MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { QrCodeDialog } from '../features/account/dialogs';
import { fetchAccountDetail } from '../features/account/api';
import { useLogout } from '../features/account/use-logout';
import { usePayDialog } from '../features/pay/store';
import { PATHS } from '../lib/paths';
import type { UserInfo } from '../lib/session';
import { UserAvatar } from '../components/UserAvatar';
import { ACCOUNT_DETAIL_KEY } from '../lib/query-keys';

/** A signed-in user's avatar and the dropdown under it: their accounts, their pages and logging out. */
export default function AccountMenu({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [qrOpen, setQrOpen] = useState(false);
  return (
    <>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        open={open}
        onOpenChange={setOpen}
        popupRender={() => (
          <UserPanel
            user={user}
            onDone={() => setOpen(false)}
            onOpenQrCode={() => {
              setOpen(false);
              setQrOpen(true);
            }}
          />
        )}
      >
        <button type="button" className="avatar-button" aria-label={t('header.accountMenu')} data-testid="user-menu">
          <UserAvatar user={user} />
        </button>
      </Dropdown>
      {qrOpen && <QrCodeDialog open onClose={() => setQrOpen(false)} />}
    </>
  );
}

interface UserPanelProps {
  user: UserInfo;
  onDone: () => void;
  onOpenQrCode: () => void;
}

function UserPanel({ user, onDone, onOpenQrCode }: UserPanelProps) {
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
                <Skeleton active title={false} paragraph={{ rows: 3 }} />
              </li>
            )}
      </ul>
      <Menu className="user-panel-links" selectable={false} items={links} onClick={onLink} />
    </div>
  );
}
