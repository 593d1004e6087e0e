import { TeamOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../components/PageTitle';
import { StandaloneFrame } from '../components/StandaloneFrame';
import { UserAvatar } from '../components/UserAvatar';
import { fetchClient } from '../features/account/api';
import { ownerJoinPath } from '../features/meeting/links';

/**
 * /myQrCodeMiddlePage?userId= — where a scanned "my QR code" lands: whose code it is, whether it is on, and
 * while it is, the way into that user's live meeting as a participant.
 */
export default function MyQrCodePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
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
              <Button
                type="primary"
                size="large"
                icon={<TeamOutlined />}
                onClick={() => void navigate(ownerJoinPath(client.data.userId))}
                data-testid="qr-landing-join"
              >
                {t('meeting.viewer.joinMeeting')}
              </Button>
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
