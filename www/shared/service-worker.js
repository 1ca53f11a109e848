// The service worker's logic (tools/build/sw.mjs puts `const BUILD = "..."` and `const FILES
// = [...]` in front and serves or writes the result as sw.js, next to index.html).
// Install caches every file of one build at once under a cache named by the build id;
// activation drops the other builds' caches of this scope and takes over open pages
// (which reload, see offline.js), so the page, glue and wasm of one build always go
// together. Fetches inside the scope are answered from this build's cache, else the network.
// The learned network (networks/, fetched only when a learned strategy plays) joins the
// cache once it was downloaded.
/* global BUILD, FILES */
const PREFIX = `2048:${self.registration.scope}:`;
const CACHE = PREFIX + BUILD;

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // `reload`: past the HTTP cache, so no file of an older build slips in.
    await cache.addAll(FILES.map((f) => new Request(new URL(f, self.registration.scope), { cache: 'reload' })));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (!url.href.startsWith(self.registration.scope)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const key = url.pathname.endsWith('/') ? new URL('index.html', url).href : url.href;
    const cached = await cache.match(key, { ignoreSearch: true });
    if (cached) return cached;
    const response = await fetch(request);
    if (response.ok && url.pathname.includes('/networks/')) await cache.put(key, response.clone());
    return response;
  })());
});
