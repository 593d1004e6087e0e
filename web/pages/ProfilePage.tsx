import { LogoutOutlined, QrcodeOutlined } from '@ant-design/icons';
import { Button, Card, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageTitle } from '../components/PageTitle';
import { Skeleton } from '../components/Skeleton';
import { QrCodeDialog } from '../features/account/dialogs';
import { AccountSecurity } from '../features/account/profile/AccountSecurity';
import { BasicInfo } from '../features/account/profile/BasicInfo';
import { ThirdPartyAccounts } from '../features/account/profile/ThirdPartyAccounts';
import { useLogout } from '../features/account/use-logout';
import { useLoginOptions } from '../features/auth/use-login-options';
import { Webhooks } from '../features/webhooks/Webhooks';
import { VoicesCard } from '../features/voices/VoicesCard';
import { ApiKeysCard } from '../features/developer/ApiKeysCard';
import { PATHS, signInPath } from '../lib/paths';
import { useSignedInUser } from '../lib/session';
import './profile.css';

/** /user/profile (spec §2): basic info, account security, my QR code, third-party accounts, webhooks, logout. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSignedInUser();
  const options = useLoginOptions();
  const logout = useLogout();
  const [qrOpen, setQrOpen] = useState(false);

  if (!user) {
    return (
      <div className="page">
        <PageTitle>{t('pages.profile')}</PageTitle>
        <Result
          status="403"
          subTitle={t('profile.signInFirst')}
          extra={
            <Button type="primary" onClick={() => void navigate(signInPath(PATHS.userProfile))}>
              {t('header.login')}
            </Button>
          }
        />
      </div>
    );
  }

  return (
    <div className="page profile">
      <div className="profile-head">
        <PageTitle>{t('pages.profile')}</PageTitle>
        <Button icon={<LogoutOutlined />} danger onClick={() => void logout()} data-testid="profile-logout">
          {t('header.logout')}
        </Button>
      </div>
      <BasicInfo user={user} />
      {options.data ? <AccountSecurity user={user} options={options.data} /> : <Skeleton className="section-card" />}
      <Card title={t('header.myQrCode')} variant="borderless" className="section-card">
        <div className="security-row">
          <span className="security-icon">
            <QrcodeOutlined />
          </span>
          <div className="security-text">
            <span className="security-value">{t('profile.qrCodeIntro')}</span>
          </div>
          <Button onClick={() => setQrOpen(true)} data-testid="profile-qr-code">
            {t('profile.showQrCode')}
          </Button>
        </div>
      </Card>
      {options.data && (options.data.google || options.data.wechat) && <ThirdPartyAccounts user={user} options={options.data} />}
      <Webhooks />
      <VoicesCard />
      <ApiKeysCard />
      {qrOpen && <QrCodeDialog open onClose={() => setQrOpen(false)} />}
    </div>
  );
}
