import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StandaloneFrame } from '../components/StandaloneFrame';
import { usePayDialog } from '../features/pay/store';
import { PATHS } from '../lib/paths';

/** /paypalCallBack: the payer cancelled on PayPal. Nothing was charged; they can choose again. */
export default function PaypalCancelPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const openPay = usePayDialog((s) => s.open);
  return (
    <StandaloneFrame>
      <Result
        status="warning"
        title={t('pay.paypal.cancelled')}
        subTitle={t('pay.paypal.cancelledNote')}
        extra={
          <Button
            type="primary"
            onClick={() => {
              void navigate(PATHS.home);
              openPay();
            }}
            data-testid="paypal-choose-again"
          >
            {t('pay.paypal.chooseAgain')}
          </Button>
        }
      />
    </StandaloneFrame>
  );
}
