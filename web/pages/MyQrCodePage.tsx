import { InfoCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../components/PageTitle';
import { StandaloneFrame } from '../components/StandaloneFrame';
import { UserAvatar } from '../components/layout/UserMenu';
import { fetchClient } from '../features/account/api';

/** /myQrCodeMiddlePage?userId= — where a scanned "my QR code" lands: whose code it is and whether it is on. */
export default function MyQrCodePage() {
  const { t } = useTranslation();
  const userId = useSearchParams()[0].get('userId') ?? '';
  const client = useQuery({ queryKey: ['client', userId], queryFn: () => fetchClient(userId), enabled: /^\d+$/.test(userId) });

  return (
    <StandaloneFrame>
      <Card className="qr-landing" variant="borderless">
        {client.data ? (
          <div className="qr-landing-body" data-testid="qr-landing">
            <UserAvatar user={client.data} size={88} />
            <PageTitle>{client.data.name}</PageTitle>
            {client.data.shareStatus === '0' ? (
              <Alert type="warning" showIcon message={t('qrCode.landingOff')} data-testid="qr-landing-off" />
            ) : (
              <p className="qr-landing-note">
                <InfoCircleOutlined /> {t('qrCode.landingMeetingsSoon')}
              </p>
            )}
          </div>
        ) : client.isLoading ? (
          <Skeleton avatar active />
        ) : (
          <Result status="404" title={<PageTitle>{t('pages.myQrCode')}</PageTitle>} subTitle={t('qrCode.landingUnknown')} />
        )}
      </Card>
    </StandaloneFrame>
  );
}
