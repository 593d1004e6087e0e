import { lazyDialog } from '../../lib/lazy-dialog';

/** The "my QR code" dialog, loaded when first opened (the QR drawing code stays out of the first visit). */
export const QrCodeDialog = lazyDialog(() => import('./QrCodeDialog').then((m) => ({ default: m.QrCodeDialog })));
