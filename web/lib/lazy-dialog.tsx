import { Suspense, lazy } from 'react';
import type { ComponentType } from 'react';
import { lazyPage } from './lazy-page';
import type { PageModule } from './lazy-page';

/**
 * A dialog whose code loads the first time it is shown, so no page downloads dialogs nobody opened (the QR
 * code and form code they carry would weigh on every first visit). Mount it to open it.
 */
export function lazyDialog<P extends object>(load: () => Promise<PageModule<P>>): ComponentType<P> {
  const loadDialog = lazyPage(load);
  // React's lazy() types cannot carry generic props through; the props are the dialog's own.
  const Dialog = lazy(async () => ({ default: (await loadDialog()).Component })) as unknown as ComponentType<P>;
  // biome-ignore lint/correctness/noComponentHookFactories: called once per dialog at module level, never during a render.
  return function LazyDialog(props: P) {
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
