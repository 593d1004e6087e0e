import { create } from 'zustand';

/** Whether the local transcription dialog is open; any page opens it, the layout mounts it once. */
interface UploadDialogState {
  isOpen: boolean;
  /** Called with the first created record's id after a successful submit. */
  onSuccess: ((recordId: number) => void) | null;
  open: (options?: { onSuccess?: (recordId: number) => void }) => void;
  close: () => void;
}

export const useUploadDialog = create<UploadDialogState>()((set) => ({
  isOpen: false,
  onSuccess: null,
  open: (options) => set({ isOpen: true, onSuccess: options?.onSuccess ?? null }),
  close: () => set({ isOpen: false, onSuccess: null }),
}));
