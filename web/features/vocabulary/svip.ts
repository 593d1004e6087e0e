import { useCallback } from 'react';
import { usePayOnShortage } from '../pay/shortage';
import { usePayDialog } from '../pay/store';

// The vocabulary's offers of SVIP, apart from its data hooks (hooks.ts): the picker on first screens (upload,
// meeting setup) needs only these.

/** The pay dialog on the SVIP packages (spec §3 packageType '1'). */
const SVIP_PACKAGES = { packageType: '1' } as const;

/** Opens the pay dialog on the SVIP packages. */
export function useOpenSvip() {
  const open = usePayDialog((s) => s.open);
  return useCallback(() => open(SVIP_PACKAGES), [open]);
}

/**
 * The server refuses work the plan does not include (spec §8 92505003) without a toast: say so and offer
 * the SVIP packages. Returns whether the error was such a refusal.
 */
export function usePaymentRefusal() {
  const payOnShortage = usePayOnShortage();
  return useCallback((error: unknown) => payOnShortage(error, SVIP_PACKAGES) !== null, [payOnShortage]);
}
