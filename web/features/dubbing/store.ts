import { create } from 'zustand';

/** Whether the dubbing upload dialog is open; the new-record actions open it, the layout mounts it once. */
interface DubDialogState {
  isOpen: boolean;
  open: () => void;
  close: () => void;
}

export const useDubDialog = create<DubDialogState>()((set) => ({
  isOpen: false,
  open: () => set({ isOpen: true }),
  close: () => set({ isOpen: false }),
}));
