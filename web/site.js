// Loaded first by every page of Yomi's site: makes the site an app that
// works offline and gives it threads on hosts without isolation headers.
// It registers service-worker.js; reloads once if the page is not yet
// cross-origin isolated, so the worker can add the headers; asks the worker
// to keep the whole site for offline use (then sets
// <html data-offline="VERSION">); and when a new version of the site has
// been fetched whole, shows a bar that switches to it in one reload, so no
// page ever mixes old and new files. Where service workers cannot work (a
// private window, an iframe, plain http) the page is left as it is.
(() => {
  if (!window.isSecureContext || !('serviceWorker' in navigator) || window.top !== window) return;
  const RELOADED = 'yomi-coi-reloaded';
  const sw = navigator.serviceWorker;
  let switching = false;
  sw.addEventListener('controllerchange', () => { if (switching) window.location.reload(); });
  sw.addEventListener('message', (event) => {
    if (event.data?.type === 'offline-ready') document.documentElement.dataset.offline = event.data.version;
    else if (event.data?.type === 'offline-failed') console.warn('the site could not be kept for offline use:', event.data.error);
  });

  const offerUpdate = (worker) => {
    const show = () => {
      if (document.querySelector('#update-bar')) return;
      const ja = document.documentElement.lang === 'ja';
      const bar = document.createElement('div');
      bar.id = 'update-bar';
      bar.className = 'update-bar';
      bar.setAttribute('role', 'status');
      bar.textContent = ja ? '新しいバージョンの準備ができました。' : 'A new version of Yomi is ready.';
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = ja ? '更新する' : 'Update now';
      button.addEventListener('click', () => {
        switching = true;
        button.disabled = true;
        worker.postMessage({ type: 'take-over' });
      });
      bar.append(' ', button);
      document.body.append(bar);
    };
    if (document.body) show();
    else addEventListener('DOMContentLoaded', show);
  };

  sw.register('service-worker.js', { updateViaCache: 'none' }).catch((err) => {
    // Offline, only the check for a new version fails: the worker in place serves on.
    if (sw.controller) return sw.ready;
    throw err;
  }).then((reg) => {
    if (reg.waiting && sw.controller) offerUpdate(reg.waiting);
    reg.addEventListener('updatefound', () => {
      const worker = reg.installing;
      worker?.addEventListener('statechange', () => {
        if (worker.state === 'installed' && sw.controller) offerUpdate(worker);
      });
    });
    return sw.ready;
  }).then((reg) => {
    if (!window.crossOriginIsolated && !sessionStorage.getItem(RELOADED)) {
      // Once only: come back under the worker, which adds the headers.
      sessionStorage.setItem(RELOADED, '1');
      window.location.reload();
      return;
    }
    reg.active?.postMessage({ type: 'keep-all' });
  }, (err) => console.warn('the site worker is unavailable (no offline use, no threads without the headers):', err));
})();
