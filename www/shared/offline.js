// Offline play: registers the service worker (sw.js, next to index.html; see
// www/shared/service-worker.js). When a new build takes over a page that an older one was
// serving, the page reloads once, so that it never runs one build's page with another's
// modules or wasm. The worker must be on the page's own origin: elsewhere nothing happens.
// The npm package ships no service worker (nor pages): there `offline` says so and does nothing.
import { SITE_PAGES, pageUrl } from './pages.js';

let registered = false;

export function registerOffline(win = globalThis.window) {
  if (!SITE_PAGES) {
    if (!registered) console.warn('2048: offline play needs the site\'s service worker (sw.js, in `make dist`\'s folder); the npm package has none, so the board plays online only.');
    registered = true;
    return;
  }
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
