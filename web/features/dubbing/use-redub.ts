import { useState } from 'react';
import type { DubProject } from '../../../contracts/dubbing';
import { redub } from './api';
import { usePayShortage } from './use-pay-shortage';

/** Dubbing again (re-dub, or retry after a failure); a payment shortage opens the pay dialog on the dubbing tab. */
export function useRedub(id: number, onProject: (project: DubProject) => void) {
  const payShortage = usePayShortage();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      onProject(await redub(id));
    } catch (error) {
      if (!payShortage(error) && error instanceof Error) throw error;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
