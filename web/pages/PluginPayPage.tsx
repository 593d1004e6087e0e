import { Button, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StandaloneFrame } from '../components/StandaloneFrame';
import { PayDialogHost } from '../features/pay/PayDialogHost';
import { usePayDialog } from '../features/pay/store';

/**
 * /pluginPay: the browser subtitle plugin's purchase page. The pay dialog opens at once (with
 * source=browser_plugin_media it has no close button); the page then says how it ended.
 */
export default function PluginPayPage() {
  const { t } = useTranslation();
  const open = usePayDialog((s) => s.open);
  const [outcome, setOutcome] = useState<'paid' | 'unpaid' | 'inProgress' | null>(null);
  const start = () => {
    setOutcome(null);
    open({ onPaid: () => setOutcome('paid'), onUnpaid: () => setOutcome('unpaid'), onPayInProgress: () => setOutcome('inProgress') });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the plugin opens this page to pay once, on arrival.
  useEffect(start, []);

  return (
    <StandaloneFrame>
      {outcome === 'paid' && (
        <div data-testid="plugin-paid">
          <Result status="success" title={t('pay.success')} subTitle={t('pay.plugin.closeTab')} />
        </div>
      )}
      {outcome === 'inProgress' && <Result status="info" title={t('pay.paypalRedirect')} subTitle={t('pay.plugin.closeTab')} />}
      {outcome === 'unpaid' && (
        <Result
          status="info"
          title={t('pay.plugin.notPaid')}
          extra={
            <Button type="primary" onClick={start}>
              {t('pay.buy')}
            </Button>
          }
        />
      )}
      <PayDialogHost />
    </StandaloneFrame>
  );
}
