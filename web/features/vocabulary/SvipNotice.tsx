import { CrownOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOpenSvip } from './svip';

/**
 * Spec §6: vocabulary libraries are an SVIP right. Without it a user still opens, exports and deletes the
 * libraries they have; creating, importing and editing wait for the plan, which this offers.
 */
export function SvipNotice({ className }: { className?: string }) {
  const { t } = useTranslation();
  const openSvip = useOpenSvip();
  return (
    <Alert
      type="info"
      showIcon
      icon={<CrownOutlined />}
      className={className}
      message={t('vocabulary.svip.title')}
      description={t('vocabulary.svip.body')}
      action={
        <Button type="primary" size="small" onClick={openSvip} data-testid="vocabulary-svip-buy">
          {t('vocabulary.svip.buy')}
        </Button>
      }
      data-testid="vocabulary-svip"
    />
  );
}
