import { lazyDialog } from '../../lib/lazy-dialog';

/**
 * The record dialogs as the list and the record page open them: each (with the form, tree and select code it
 * carries) loads the first time it is shown, not with the page.
 */
export const ExportDialog = lazyDialog(() => import('./ExportDialog').then((m) => ({ default: m.ExportDialog })));
export const MoveDialog = lazyDialog(() => import('./MoveDialog').then((m) => ({ default: m.MoveDialog })));
export const ShareDialog = lazyDialog(() => import('./ShareDialog').then((m) => ({ default: m.ShareDialog })));
