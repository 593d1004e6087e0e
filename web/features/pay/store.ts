import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { PackageType } from '../../../contracts/pay';

/** What the opener hears back (spec §4: paid, unpaid and pay-in-progress events). */
export interface PayDialogEvents {
  onPaid?: () => void;
  onUnpaid?: () => void;
  /** PayPal opened in another window from an embedded dialog: the outcome arrives there. */
  onPayInProgress?: () => void;
}

/** What an opener may ask of the dialog: where it opens, and what it is told back. */
export type PayDialogOpening = PayDialogEvents & { tabIndex?: number; packageType?: PackageType; packageId?: number };

interface PayDialogState {
  isOpen: boolean;
  /** The category tab to show (spec §3: stored locally with the open flag). */
  tabIndex: number;
  /** Asked for by package type (an account item's buy action); wins over `tabIndex` once categories load. */
  packageType: PackageType | null;
  /** The package to select first (the payer's choice before WeChat's authorisation page took them away). */
  packageId: number | null;
  events: PayDialogEvents;
  open: (options?: PayDialogOpening) => void;
  setTabIndex: (tabIndex: number) => void;
  /** Closes; `reset` (a close by the user) puts the tab index back to 0. */
  close: (reset: boolean) => void;
}

export const usePayDialog = create<PayDialogState>()(
  persist(
    (set) => ({
      isOpen: false,
      tabIndex: 0,
      packageType: null,
      packageId: null,
      events: {},
      open: ({ tabIndex, packageType, packageId, ...events } = {}) =>
        set((s) => ({ isOpen: true, tabIndex: tabIndex ?? s.tabIndex, packageType: packageType ?? null, packageId: packageId ?? null, events })),
      setTabIndex: (tabIndex) => set({ tabIndex, packageType: null, packageId: null }),
      close: (reset) => set((s) => ({ isOpen: false, events: {}, packageType: null, packageId: null, tabIndex: reset ? 0 : s.tabIndex })),
    }),
    {
      name: 'payDialog',
      storage: createJSONStorage(() => localStorage),
      // Callbacks cannot be stored, and a reload should not reopen the dialog by itself.
      partialize: (s) => ({ tabIndex: s.tabIndex }),
    },
  ),
);
