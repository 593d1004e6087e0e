import { TeamOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../components/PageTitle';
import { Skeleton } from '../components/Skeleton';
import { StandaloneFrame } from '../components/StandaloneFrame';
import { UserAvatar } from '../components/UserAvatar';
import { fetchClient } from '../features/account/api';
import { OWNER_KEY_PARAM, OWNER_PARAM, ownerJoinPath } from '../features/account/links';
import { clientKey } from '../lib/query-keys';

/**
 * /myQrCodeMiddlePage?userId=&key= — where a scanned "my QR code" lands: whose code it is, whether it is on,
 * and while it is, the way into that user's live meeting as a participant. Without the code's key (an id
 * typed by hand) the server knows no such code.
 */
export default function MyQrCodePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const userId = params.get(OWNER_PARAM) ?? '';
  const key = params.get(OWNER_KEY_PARAM) ?? '';
  const client = useQuery({ queryKey: clientKey(userId, key), queryFn: () => fetchClient(userId, key), enabled: /^\d+$/.test(userId) && key !== '' });

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
                onClick={() => void navigate(ownerJoinPath(client.data.userId, key))}
                data-testid="qr-landing-join"
              >
                {t('meeting.viewer.joinMeeting')}
              </Button>
            )}
          </div>
        ) : client.isLoading ? (
          <Skeleton avatar />
        ) : (
          <Result status="404" title={<PageTitle>{t('pages.myQrCode')}</PageTitle>} subTitle={t('qrCode.landingUnknown')} />
        )}
      </Card>
    </StandaloneFrame>
  );
}
