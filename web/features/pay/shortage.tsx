import { Alert, App, Button } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMENT_CODES } from '../../../contracts/errors';
import { isRequestError } from '../../lib/request';
import { usePayDialog } from './store';
import type { PayDialogEvents, PayDialogOpening } from './store';

/** The server's words when `error` refuses for want of balance, quota or benefit (spec §8: 92505000/1/3); else null. */
export function shortageMessage(error: unknown): string | null {
  return isRequestError(error, 'business') && error.code !== null && PAYMENT_CODES.includes(error.code) ? error.message : null;
}

/**
 * Spec §8: on a submit refused for want of balance, quota or benefit, the server's words show as a warning
 * and the pay dialog opens as `dialog` asks. The hook's function answers those words, or null (and does
 * nothing) when `error` was another failure.
 */
export function usePayOnShortage(): (error: unknown, dialog?: PayDialogOpening) => string | null {
  const { message } = App.useApp();
  const openPay = usePayDialog((s) => s.open);
  return useCallback(
    (error, dialog) => {
      const msg = shortageMessage(error);
      if (msg === null) return null;
      void message.warning(msg);
      openPay(dialog);
      return msg;
    },
    [message, openPay],
  );
}

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
