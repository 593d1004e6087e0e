import { Suspense, lazy, useState } from 'react';
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

/**
 * A component whose code is fetched when the user reaches for what stands in for it (`warmUp` on pointer or
 * focus) and which replaces that stand-in on the user's press. Once the code is in, `Component` renders in the
 * same pass that asks for it, with no Suspense round: a key pressed on the stand-in then lands in the real
 * one. Before that, it suspends (the caller's Suspense shows the stand-in) and a failed fetch reaches the
 * route's error view, as a lazy page's does.
 */
export function componentOnDemand<P extends object>(load: () => Promise<PageModule<P>>) {
  const loadComponent = lazyPage(load);
  let loaded: ComponentType<P> | undefined;
  const remember = ({ Component }: { Component: ComponentType<P> }) => {
    loaded = Component;
    return Component;
  };
  const Lazy = lazy(async () => ({ default: remember(await loadComponent()) })) as unknown as ComponentType<P>;
  // biome-ignore lint/correctness/noComponentHookFactories: called once per component at module level, never during a render.
  function OnDemand(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component would remount it.
    const [Component] = useState(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return {
    Component: OnDemand,
    /** Fetches the code ahead of a press; a failure here is reported by the press's own load. */
    warmUp: () => void loadComponent().then(remember, () => {}),
  };
}
