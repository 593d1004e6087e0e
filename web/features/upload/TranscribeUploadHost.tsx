import { Suspense, lazy } from 'react';
import { lazyPage } from '../../lib/lazy-page';
import { useUploadDialog } from './store';

// The dialog's code (upload, form, tree select) loads the first time someone opens it, not with every page.
const loadDialog = lazyPage(() => import('./TranscribeUploadDialog'));
const TranscribeUploadDialog = lazy(async () => ({ default: (await loadDialog()).Component }));

/** Mounted once by the layout; opens from anywhere through the store. */
export function TranscribeUploadHost() {
  const isOpen = useUploadDialog((s) => s.isOpen);
  return isOpen ? (
    <Suspense fallback={null}>
      <TranscribeUploadDialog />
    </Suspense>
  ) : null;
}
