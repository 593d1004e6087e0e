import type { ComponentType } from 'react';
import { lazyComponent } from './lazy-component';
import type { PageModule } from './lazy-page';

/**
 * A dialog whose code loads the first time it is shown, so no page downloads dialogs nobody opened (the QR
 * code and form code they carry would weigh on every first visit). Mount it to open it.
 */
export function lazyDialog<P extends object>(load: () => Promise<PageModule<P>>): ComponentType<P> {
  return lazyComponent(load);
}
