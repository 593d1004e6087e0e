import { useState } from 'react';
import { useIsMobile } from '../../lib/use-is-mobile';

export type ViewMode = 'list' | 'card';

export const VIEW_MODE_STORAGE_KEY = 'recordsView';

function readViewMode(): ViewMode | null {
  try {
    const stored = localStorage.getItem(VIEW_MODE_STORAGE_KEY);
    return stored === 'list' || stored === 'card' ? stored : null;
  } catch {
    return null;
  }
}

/** List or cards, as the user last chose; before any choice, cards on a phone and the list elsewhere. */
export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const isMobile = useIsMobile();
  const [chosen, setChosen] = useState(readViewMode);
  const choose = (mode: ViewMode) => {
    setChosen(mode);
    try {
      localStorage.setItem(VIEW_MODE_STORAGE_KEY, mode);
    } catch {
      // Storage disabled: the choice holds for this page only.
    }
  };
  return [chosen ?? (isMobile ? 'card' : 'list'), choose];
}
