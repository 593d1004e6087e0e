import { Suspense, lazy } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { lazyPage } from './lazy-page';
import type { PageModule } from './lazy-page';

/**
 * A component whose code loads the first time it is rendered, so the first visit does not download what only
 * some visitors or some layouts show. `fallback` holds its place while the code loads.
 */
export function lazyComponent<P extends object>(load: () => Promise<PageModule<P>>, fallback: ReactNode = null): ComponentType<P> {
  const loadComponent = lazyPage(load);
  // React's lazy() types cannot carry generic props through; the props are the component's own.
  const Component = lazy(async () => ({ default: (await loadComponent()).Component })) as unknown as ComponentType<P>;
  // biome-ignore lint/correctness/noComponentHookFactories: called once per component at module level, never during a render.
  return function LazyComponent(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Component {...props} />
      </Suspense>
    );
  };
}
