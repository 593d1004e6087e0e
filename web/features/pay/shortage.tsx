import { useCallback } from 'react';
import { PAYMENT_CODES } from '../../../contracts/errors';
import { isRequestError } from '../../lib/request';
import { usePayDialog } from './store';
import type { PayDialogOpening } from './store';
import { useFeedback } from '../../lib/feedback';

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
  const { message } = useFeedback();
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
