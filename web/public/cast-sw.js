// The casting app's service worker (scope /cast): the casting screen opens without a network, showing that it
// waits for one. It serves /cast pages network-first from a cache and the app's hashed files cache-first; it
// never answers the API (/prod-api) and, scoped to /cast, never sees the rest of the app.
const CACHE = 'tingyi-cast-v2';

/** Vite's hashed files (/assets/name-hash.js|css) the app shell's page names: its entry, preloads, styles. */
const shellFiles = (html) => [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);

// Installing keeps the app shell and every file its page names; the page then hands over the files it loaded
// lazily (its screen, its language), see web/features/meeting/cast-app.ts.
self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE).then(async (cache) => {
      const response = await fetch('/cast');
      if (!response.ok) throw new Error(`/cast answered ${response.status}`);
      const html = await response.clone().text();
      await cache.put('/cast', response);
      await cache.addAll(shellFiles(html));
    }),
  );
  self.skipWaiting();
});

self.addEventListener('message', (event) => {
  const files = event.data?.type === 'keep' && Array.isArray(event.data.files) ? event.data.files : [];
  const kept = files.filter((file) => typeof file === 'string' && file.startsWith('/assets/'));
  event.waitUntil(
    caches.open(CACHE).then((cache) => Promise.all(kept.map(async (file) => (await cache.match(file)) ?? cache.add(file).catch(() => undefined)))),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/prod-api')) return;
  if (request.mode === 'navigate') {
    // Every /cast page is the same app shell.
    event.respondWith(
      fetch(request)
        .then((response) => {
          const copy = response.clone();
          if (response.ok) void caches.open(CACHE).then((cache) => cache.put('/cast', copy));
          return response;
        })
        .catch(() => caches.match('/cast').then((cached) => cached ?? Response.error())),
    );
    return;
  }
  if (!url.pathname.startsWith('/assets/') && !url.pathname.startsWith('/cast-')) return;
  event.respondWith(
    caches.match(request).then(
      (cached) =>
        cached ??
        fetch(request).then((response) => {
          const copy = response.clone();
          if (response.ok) void caches.open(CACHE).then((cache) => cache.put(request, copy));
          return response;
        }),
    ),
  );
});
