// Yomi's site as an app that works offline, and cross-origin isolation on
// hosts that cannot send the headers (GitHub Pages). Registered by site.js.
// web/site.sh stamps VERSION (a hash of every file) and FILES (every file
// the site serves) when it assembles the site.
//
// - First visit: the worker takes over at once (it replaces nothing), so the
//   page's one reload for isolation is not held up; the page then asks it to
//   keep the whole site (both wasm builds and the book too) in its version's
//   cache, and files the page fetched meanwhile are kept as they pass.
// - Every request for one of the site's files is answered from that cache
//   when it holds it, else from the network, always with the isolation
//   headers.
// - A new version installs beside the old one, fetching all of its files
//   into a cache of its own, and then waits: open pages keep getting only the
//   old version's files until one asks the new worker to take over (site.js's
//   update bar) or every page of the site is closed. The old cache then goes.
importScripts('coi-serviceworker.js');

const VERSION = 'unassembled';
const FILES = [];
const PREFIX = 'yomi-';
const CACHE = PREFIX + VERSION;
const LISTED = new Set(FILES.map((f) => new URL(f, self.registration.scope).href));

/** A request's key in the cache: its URL without query or fragment. */
const keyOf = (url) => {
  const u = new URL(url);
  u.search = '';
  u.hash = '';
  return u.href;
};

/** Fetches into this version's cache every listed file it does not hold yet. */
async function keepAll() {
  const cache = await caches.open(CACHE);
  const held = new Set((await cache.keys()).map((r) => r.url));
  // Revalidated, never taken stale from the HTTP cache: a new version's
  // files must all be new.
  await cache.addAll([...LISTED].filter((u) => !held.has(u)).map((u) => new Request(u, { cache: 'no-cache' })));
}

self.addEventListener('install', (event) => {
  if (self.registration.active) event.waitUntil(keepAll());
  else self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'take-over') {
    self.skipWaiting();
  } else if (event.data?.type === 'keep-all') {
    event.waitUntil(keepAll().then(
      () => event.source?.postMessage({ type: 'offline-ready', version: VERSION }),
      (err) => event.source?.postMessage({ type: 'offline-failed', error: String(err) }),
    ));
  }
});

async function answer(request) {
  const key = keyOf(request.url);
  const cache = await caches.open(CACHE);
  const kept = await cache.match(key);
  if (kept) return self.isolated(kept);
  const response = await fetch(request);
  if (response.ok && LISTED.has(key)) await cache.put(key, response.clone());
  return self.isolated(response);
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || !request.url.startsWith(self.registration.scope)) return;
  event.respondWith(answer(request));
});
