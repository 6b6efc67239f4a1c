// sw.js: the service worker of the exported site. It keeps every file of
// the site in a cache named after the site's version, so that the page,
// once loaded, starts and plays with no network: a reload while offline
// plays on. The export (go run ./examples/web -export) writes the version
// (a hash of the files) and the list of files; a new export has a new
// version, so the browser installs the new files into a new cache and the
// old cache is deleted once the new one is active.
//
// One download per file: the page registers this worker only after its
// first board is drawn, when the browser's HTTP cache holds what the page
// fetched (the wasm file of its game above all; the files of the other
// games, which the page loads only when they are played, are downloaded
// here once). Install fills the cache through the
// HTTP cache with cache: 'no-cache': the browser revalidates each file it
// holds (a conditional request, answered 304 with no body when the file
// is unchanged) and downloads only the files the page never fetched, or
// those a new export changed. On a first install the page's own address
// (with its query string) is taken from the HTTP cache for "./".
//
// Requests for the site's files are answered from the cache (the page's
// address with any query string is index.html); anything else goes to the
// network as it would without a service worker: the JSON API (api/), a
// room's traffic (room/, websockets) and any other path are never cached.
const version = 'dev';
const files = [];

const cacheName = 'mancala-' + version;

/** never: paths under the scope that are never cached (live traffic). */
const never = /^(api|room|ws)(\/|$)/;

/**
 * page returns the response for "./": the address a window of this site
 * was opened at, as the HTTP cache holds it, else "./" revalidated.
 */
async function page() {
  const scope = new URL(self.registration.scope);
  // Only on a first install: after that, the HTTP cache may hold the old
  // version's page, and "./" is revalidated instead.
  const first = !(await caches.keys()).some((n) => n.startsWith('mancala-') && n !== cacheName);
  const wins = !first ? [] : await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const w of wins) {
    const u = new URL(w.url);
    u.hash = '';
    if (u.origin !== scope.origin || (u.pathname !== scope.pathname && u.pathname !== scope.pathname + 'index.html')) continue;
    try {
      const r = await fetch(u.href, { cache: 'only-if-cached', mode: 'same-origin' });
      if (r.ok) return r;
    } catch (e) { /* not in the HTTP cache */ }
  }
  return fetch(new Request('./', { cache: 'no-cache' }));
}

self.addEventListener('install', (e) => {
  e.waitUntil((async () => {
    const cache = await caches.open(cacheName);
    await Promise.all(files.map(async (f) => {
      if (never.test(f)) return;
      const r = f === './' ? await page() : await fetch(new Request(f, { cache: 'no-cache' }));
      if (!r.ok) throw new Error('sw: ' + f + ': ' + r.status);
      await cache.put(f, r);
    }));
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
  if (never.test(rel) || !files.includes(name)) return;
  e.respondWith((async () => {
    const cache = await caches.open(cacheName);
    const hit = await cache.match(name === './' ? './' : name, { ignoreSearch: true });
    return hit || fetch(req);
  })());
});
