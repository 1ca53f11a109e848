// `offline` in the npm package, which ships no service worker (tools/build/package.mjs builds
// its modules with __G2048_SITE_PAGES__ false): one warning that says so, and no registration.
import { test } from 'node:test';
import assert from 'node:assert/strict';

test('offline in the package warns once that it needs the site\'s service worker, and registers none', async () => {
  globalThis.__G2048_SITE_PAGES__ = false;
  const { registerOffline } = await import('../../www/shared/offline.js');
  const registered = [];
  const win = { location: { origin: 'http://example.org' }, navigator: { serviceWorker: { controller: null, addEventListener() {}, register: (url) => { registered.push(String(url)); return Promise.resolve(); } } } };
  const warnings = [];
  const warn = console.warn;
  console.warn = (text) => warnings.push(text);
  try {
    registerOffline(win);
    registerOffline(win);
  } finally {
    console.warn = warn;
  }
  assert.deepEqual(registered, []);
  assert.equal(warnings.length, 1, warnings.join('\n'));
  assert.match(warnings[0], /offline play needs the site's service worker .* npm package has none/);
});
