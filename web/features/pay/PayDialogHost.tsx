import { Suspense, lazy } from 'react';
import { lazyPage } from '../../lib/lazy-page';
import { usePayDialog } from './store';

// The dialog (and the QR code drawing it needs) loads the first time someone opens it.
const loadDialog = lazyPage(() => import('./PayDialog'));
const PayDialog = lazy(async () => ({ default: (await loadDialog()).Component }));

/** Mounted once by the layout (and the plugin's pay page); opens from anywhere through the store. */
export function PayDialogHost() {
  const isOpen = usePayDialog((s) => s.isOpen);
  return isOpen ? (
    <Suspense fallback={null}>
      <PayDialog />
    </Suspense>
  ) : null;
}
