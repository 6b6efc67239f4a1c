// sw.js: the service worker of the exported site. It keeps every file of
// the site in a cache named after the site's version, so that the page,
// once loaded, starts and plays with no network: a reload while offline
// plays on. The export (go run ./examples/web -export) writes the version
// (a hash of the files) and the list of files; a new export has a new
// version, so the browser installs the new files into a new cache and the
// old cache is deleted once the new one is active.
//
// Requests for the site's files are answered from the cache (the page's
// address with any query string is index.html); anything else goes to the
// network as it would without a service worker.
const version = 'dev';
const files = [];

const cacheName = 'mancala-' + version;

self.addEventListener('install', (e) => {
  e.waitUntil((async () => {
    const cache = await caches.open(cacheName);
    // cache: 'reload': the files of this version, not the HTTP cache's.
    await cache.addAll(files.map((f) => new Request(f, { cache: 'reload' })));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (e) => {
  e.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith('mancala-') && name !== cacheName) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (e) => {
  const req = e.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  const scope = new URL(self.registration.scope);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  const rel = url.pathname.slice(scope.pathname.length);
  const name = rel === '' ? './' : rel;
  if (!files.includes(name)) return;
  e.respondWith((async () => {
    const cache = await caches.open(cacheName);
    const hit = await cache.match(name === './' ? './' : name, { ignoreSearch: true });
    return hit || fetch(req);
  })());
});
