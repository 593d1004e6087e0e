import { lazyDialog } from '../../lib/lazy-dialog';
import { useDubDialog } from './store';

// The dialog (uploads, colour pickers, tree select) loads the first time someone opens it.
const DubUploadDialog = lazyDialog(() => import('./DubUploadDialog'));

/** Mounted once by the layout; opens from anywhere through the store. */
export function DubUploadHost() {
  const isOpen = useDubDialog((s) => s.isOpen);
  return isOpen ? <DubUploadDialog /> : null;
}
