import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePayDialog } from './store';
import type { PayDialogEvents } from './store';

/** A refusal for want of balance, quota or benefit (see shortage.tsx) shown where the user meets it. */

interface ShortageAlertProps {
  /** The server's words. */
  msg: string;
  /** What happens once the user has paid. */
  note: string;
  /** Heard from the pay dialog the buy button opens: `onPaid` typically does the refused thing again. */
  events?: PayDialogEvents;
  className?: string;
  /** The alert's test id; its buy button's is the same with `-buy`. */
  testId: string;
}

/**
 * Such a refusal where the user meets it: the server's words, what paying leads to, and a button that opens
 * the pay dialog (which the page must host), so the way forward is one click away however the dialog was left.
 */
export function ShortageAlert({ msg, note, events, className, testId }: ShortageAlertProps) {
  const { t } = useTranslation();
  const openPay = usePayDialog((s) => s.open);
  return (
    <Alert
      type="warning"
      showIcon
      className={className}
      message={msg}
      description={note}
      action={
        <Button size="small" type="primary" onClick={() => openPay(events)} data-testid={`${testId}-buy`}>
          {t('pay.buyNow')}
        </Button>
      }
      data-testid={testId}
    />
  );
}
