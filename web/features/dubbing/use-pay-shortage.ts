import { App } from 'antd';
import { shortageMessage } from '../pay/shortage';
import { usePayDialog } from '../pay/store';

/** The pay dialog's tab of the AI voiceover package (spec §8: "tab 2 in dubbing"). */
export const DUB_PAY_TAB = 2;

/**
 * Spec §8: a payment shortage (92505000/1/3) shows the server's words as a warning and opens the pay dialog
 * on the dubbing tab; what was being done stops there. Answers whether `error` was one.
 */
export function usePayShortage(): (error: unknown) => boolean {
  const { message } = App.useApp();
  const openPay = usePayDialog((s) => s.open);
  return (error) => {
    const msg = shortageMessage(error);
    if (msg === null) return false;
    void message.warning(msg);
    openPay({ tabIndex: DUB_PAY_TAB });
    return true;
  };
}
