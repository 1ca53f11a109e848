// Offline play: registers the service worker (sw.js, next to index.html; see
// www/shared/service-worker.js). When a new build takes over a page that an older one was
// serving, the page reloads once, so that it never runs one build's page with another's
// modules or wasm. The worker must be on the page's own origin: elsewhere nothing happens.
import { pageUrl } from './pages.js';

let registered = false;

export function registerOffline(win = globalThis.window) {
  const sw = win?.navigator?.serviceWorker;
  const SERVICE_WORKER = pageUrl('sw.js');
  if (registered || !sw || SERVICE_WORKER.origin !== win.location.origin) return;
  registered = true;
  const updating = Boolean(sw.controller);
  sw.addEventListener('controllerchange', () => {
    if (updating) win.location.reload();
  });
  sw.register(SERVICE_WORKER, { scope: new URL('./', SERVICE_WORKER).pathname }).catch((e) => {
    console.warn(`2048: offline play is not available (${e && e.message ? e.message : e}).`);
  });
}
