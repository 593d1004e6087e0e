import { usePayOnShortage } from '../pay/shortage';

/** The pay dialog's tab of the AI voiceover package (spec §8: "tab 2 in dubbing"). */
export const DUB_PAY_TAB = 2;

/**
 * Spec §8: a payment shortage (92505000/1/3) shows the server's words as a warning and opens the pay dialog
 * on the dubbing tab; what was being done stops there. Answers whether `error` was one.
 */
export function usePayShortage(): (error: unknown) => boolean {
  const payOnShortage = usePayOnShortage();
  return (error) => payOnShortage(error, { tabIndex: DUB_PAY_TAB }) !== null;
}
