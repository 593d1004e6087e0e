import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { StandaloneFrame } from '../components/StandaloneFrame';
import { Spinner } from '../components/Spinner';
import { paypalPayBack } from '../features/pay/api';
import { PATHS } from '../lib/paths';
import { ACCOUNT_DETAIL_KEY, paypalReturnKey } from '../lib/query-keys';
import { refreshPermissions } from '../lib/permissions';

/**
 * /paypalReturn: where PayPal sends the payer after approving (with token, PayerID and our outTradeNo).
 * The server captures the payment; the page says how it went and what to do next.
 */
export default function PaypalReturnPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const result = useQuery({
    queryKey: paypalReturnKey(token),
    queryFn: () => paypalPayBack({ token, PayerID: params.get('PayerID') ?? undefined }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });

  useEffect(() => {
    if (result.data !== 'paid') return;
    void refreshPermissions();
    void queryClient.invalidateQueries({ queryKey: ACCOUNT_DETAIL_KEY });
  }, [result.data, queryClient]);

  const home = (
    <Button type="primary" onClick={() => void navigate(PATHS.home)} data-testid="paypal-home">
      {t('pay.paypal.home')}
    </Button>
  );
  return (
    <StandaloneFrame>
      {token === '' ? (
        <Result status="warning" title={t('pay.paypal.missing')} extra={home} />
      ) : result.isPending ? (
        <Result icon={<Spinner size="large" />} title={t('pay.paypal.confirming')} />
      ) : result.data === 'paid' ? (
        <div data-testid="paypal-paid">
          <Result status="success" title={t('pay.success')} subTitle={params.get('outTradeNo') ?? undefined} extra={home} />
        </div>
      ) : result.data === 'pending' ? (
        <Result
          status="info"
          title={t('pay.paypal.pending')}
          extra={
            <>
              <Button onClick={() => void result.refetch()}>{t('common.retry')}</Button>
              {home}
            </>
          }
        />
      ) : (
        <Result status="error" title={result.data === 'expired' ? t('pay.paypal.expired') : (result.error?.message ?? t('pay.paypal.failed'))} extra={home} />
      )}
    </StandaloneFrame>
  );
}
