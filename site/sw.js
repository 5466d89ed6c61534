// Offline after one visit: the site's files are cached when the service worker
// installs, and served from the cache first. A new build changes VERSION, so
// the next visit installs the new files and drops the old ones.
// The page has fetched most of the files already when this installs: each is
// asked for as "no-cache", so the browser checks its own copy with the server
// (a "304 Not Modified" of a few hundred bytes) instead of downloading it
// again, and a file a new build changed still comes new.
/* eslint-env serviceworker */
'use strict';
const VERSION = 'dev'; /* __VERSION__ */
const FILES = ['./', 'index.html']; /* __FILES__ */
const CACHE = 'battle-calculator-' + VERSION;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES.map((f) => new Request(f, { cache: 'no-cache' }))))
    .then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith('battle-calculator-') && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET' || new URL(req.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // The page's address may carry ?embed=1: the file is the same.
    const hit = await cache.match(req, { ignoreSearch: req.mode === 'navigate' });
    if (hit) return hit;
    try {
      return await fetch(req);
    } catch (e) {
      if (req.mode === 'navigate') {
        const page = await cache.match('index.html');
        if (page) return page;
      }
      throw e;
    }
  })());
});
