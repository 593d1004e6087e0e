import { lazyDialog } from '../lib/lazy-dialog';

/** The shared name dialog, loaded the first time it is shown (it carries antd's form code). */
export const NameDialog = lazyDialog(() => import('./NameDialog').then((m) => ({ default: m.NameDialog })));
