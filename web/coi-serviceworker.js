// Cross-origin isolation where the host cannot send the headers: this file
// is both a page script and the service worker it registers. As a service
// worker it adds COOP/COEP (and CORP) to every response of the site; on a
// page that is not isolated it registers itself and reloads once, so that
// the service worker serves the page. A host that sends the headers itself
// never needs it. Where it cannot work (no service workers, a private
// window, an iframe) the page stays as it is and the engine runs its
// single-thread build. This is the file page authors copy; Yomi's own site
// registers service-worker.js (site.js), which takes `isolated` from here.
if (typeof window === 'undefined') {
  /** The response with the isolation headers added (opaque ones cannot be changed). */
  self.isolated = (response) => {
    if (response.status === 0) return response;
    const headers = new Headers(response.headers);
    headers.set('Cross-Origin-Opener-Policy', 'same-origin');
    headers.set('Cross-Origin-Embedder-Policy', 'require-corp');
    headers.set('Cross-Origin-Resource-Policy', 'cross-origin');
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
  // Imported by another worker (the site's), which answers fetches itself.
  if (new URL(self.location.href).pathname.endsWith('/coi-serviceworker.js')) {
    self.addEventListener('install', () => self.skipWaiting());
    self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
    self.addEventListener('fetch', (event) => {
      const request = event.request;
      // Chrome's devtools ask for cached cross-origin files this way; passing
      // them on would fail.
      if (request.cache === 'only-if-cached' && request.mode !== 'same-origin') return;
      event.respondWith(fetch(request).then(self.isolated));
    });
  }
} else if (!window.crossOriginIsolated && window.isSecureContext && 'serviceWorker' in navigator && window.top === window) {
  const KEY = 'yomi-coi-reloaded';
  navigator.serviceWorker.register(document.currentScript.src).then(
    () => navigator.serviceWorker.ready.then(() => {
      // Reload once to come back under the service worker; never loop.
      if (!sessionStorage.getItem(KEY)) {
        sessionStorage.setItem(KEY, '1');
        window.location.reload();
      }
    }),
    (err) => console.warn('cross-origin isolation by service worker is unavailable:', err),
  );
}
