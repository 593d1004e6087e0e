import { useEffect, useRef, useSyncExternalStore } from 'react';
import { PATHS } from '../../lib/paths';

/**
 * The casting screen as an installable app (spec §1 screen-casting app, /cast): its web manifest and service
 * worker (web/public/cast.webmanifest, cast-sw.js, both scoped to /cast) are added only on /cast pages, so no
 * other page loads them; the screen stays awake while subtitles show; the last code is remembered.
 */

const LAST_CODE_KEY = 'castLastCode';

/** Links the manifest and registers the worker, once, on /cast pages. */
export function useCastApp(): void {
  useEffect(() => {
    if (!window.location.pathname.startsWith(PATHS.cast)) return;
    if (!document.querySelector('link[rel="manifest"]')) {
      const link = document.createElement('link');
      link.rel = 'manifest';
      link.href = '/cast.webmanifest';
      document.head.appendChild(link);
    }
    navigator.serviceWorker
      ?.register('/cast-sw.js', { scope: PATHS.cast })
      .then(async () => {
        // The worker keeps what this page loaded (the lazily loaded screen and the language among it), which a
        // page loaded before the worker took over fetched past it: the next open without a network has it all.
        const worker = (await navigator.serviceWorker.ready).active;
        const files = performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name))
          .filter((url) => url.origin === window.location.origin && url.pathname.startsWith('/assets/'))
          .map((url) => url.pathname);
        worker?.postMessage({ type: 'keep', files });
      })
      .catch((error: unknown) => console.warn('[cast] service worker', error));
  }, []);
}

export const lastCastCode = (): string | null => localStorage.getItem(LAST_CODE_KEY);
export const rememberCastCode = (code: string | null): void => (code ? localStorage.setItem(LAST_CODE_KEY, code) : localStorage.removeItem(LAST_CODE_KEY));

/** Keeps the screen on while `active` (Screen Wake Lock), taking the lock again when the page is shown again. */
export function useWakeLock(active: boolean): void {
  useEffect(() => {
    if (!active || !('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let released = false;
    const acquire = () => {
      if (document.visibilityState !== 'visible' || released) return;
      navigator.wakeLock.request('screen').then(
        (sentinel) => {
          if (released) void sentinel.release();
          else lock = sentinel;
        },
        () => undefined,
      );
    };
    acquire();
    document.addEventListener('visibilitychange', acquire);
    return () => {
      released = true;
      document.removeEventListener('visibilitychange', acquire);
      void lock?.release();
    };
  }, [active]);
}

const subscribeOnline = (changed: () => void) => {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
};

/** Whether the device has a network, and `onBack` called each time it comes back. */
export function useOnline(onBack?: () => void): boolean {
  const latest = useRef(onBack);
  latest.current = onBack;
  useEffect(() => {
    const back = () => latest.current?.();
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, []);
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine);
}
