// Offline play: after one visit the game, the AI and the compare page load and play with
// the network off; a new build replaces the cached one at the next visit (one cache, the
// new build's files only), under a sub-path and the strict CSP; an embed registers no
// service worker unless its host sets `offline`.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setup, openPage, ready, engineCells, drawn, choose, idle } from './helpers.mjs';
import { serve, STRICT_CSP } from '../../tools/build/serve.mjs';
import { writeDist } from '../../tools/build/dist.mjs';
import { serviceWorker } from '../../tools/build/sw.mjs';

const env = setup();
const ALLOW = { contextOptions: { serviceWorkers: 'allow' } };
let dir;
let dist;
let files;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'g2048-offline-'));
  dist = join(dir, 'dist');
  files = await writeDist(dist);
});
after(() => rmSync(dir, { recursive: true, force: true }));

const controlled = (page) => page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 20000 });
const ourCaches = (page) => page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('2048:')));

async function someMove(page) {
  for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown']) {
    const before = (await engineCells(page)).join();
    await page.keyboard.press(key);
    if ((await engineCells(page)).join() !== before) return true;
  }
  return false;
}

test('after one visit: the page reloads and plays, the AI moves and the compare page runs, with the network off', async () => {
  const { page, context, done } = await openPage(env, '', ALLOW);
  await controlled(page);
  assert.equal((await ourCaches(page)).length, 1, 'one cache: this build');
  await context.setOffline(true);
  await page.reload();
  await ready(page);
  assert.ok(await someMove(page), 'a move offline');
  // A strategy whose explanation the page never fetched online: the service worker cached it.
  const greedy = JSON.parse(readFileSync(new URL('../../www/pkg/strategy-texts/greedy.json', import.meta.url), 'utf8')).slice(0, 30);
  await choose(page, 'strategy', 'greedy');
  await page.waitForFunction((w) => document.querySelector('.g2048 .ai-explanation').textContent.includes(w), greedy, { timeout: 10000 });
  const before = (await engineCells(page)).join();
  await page.locator('.g2048 .ai-step').click();
  await page.waitForFunction((b) => document.querySelector('.g2048 .board').dataset.cells !== b, before, { timeout: 20000 });
  await page.goto(`${env.url}compare.html`);
  await page.waitForSelector('[data-ready="true"]');
  await page.evaluate(() => {
    document.querySelector('.compare-games').value = '2';
  });
  await page.locator('.compare-run').click();
  await page.waitForFunction(() => document.querySelector('.compare-count')?.textContent.startsWith('4 of 4'), null, { timeout: 30000 });
  await context.setOffline(false);
  await done();
});

// The errors that mean the page navigated while `fn` ran or was waited for (the reload a new
// build causes): then it is waited for again in the new document. Any other error is a bug
// and is thrown at once.
const NAVIGATED = /Execution context was destroyed|navigat|Cannot find context with specified id|frame was detached/i;

/**
 * Waits until `fn` (run in the page, again at each animation frame) returns true, through the
 * reloads a new build causes. Throws with `what`, and the last error seen, when it does not
 * within `timeout` ms.
 */
async function eventually(page, fn, what, timeout = 20000) {
  const end = Date.now() + timeout;
  let last = null;
  for (;;) {
    const left = end - Date.now();
    if (left <= 0) throw new Error(`${what}: not within ${timeout} ms${last ? ` (last error: ${last.message})` : ''}`, { cause: last });
    try {
      await page.waitForFunction(fn, null, { timeout: left });
      return;
    } catch (e) {
      if (!NAVIGATED.test(e.message) && !/Timeout/.test(e.name + e.message)) throw e;
      last = e;
      // A navigation: the new document's load, then try again there.
      if (NAVIGATED.test(e.message)) await page.waitForLoadState('load').catch(() => {});
    }
  }
}

test('a new build replaces the old cache at the next visit (sub-path, strict CSP), and then plays offline', async () => {
  const server = await serve({ port: 0, root: dist, prefix: '/apps/2048/', headers: { 'Content-Security-Policy': STRICT_CSP } });
  try {
    const { page, context, done } = await openPage(env, null, ALLOW);
    await page.goto(server.url);
    await ready(page);
    await controlled(page);
    const [old] = await ourCaches(page);
    assert.match(old, new RegExp(`^2048:${server.url}:${files.build}$`));

    // The next build: a changed page, and so a new sw.js.
    const index = join(dist, 'index.html');
    writeFileSync(index, readFileSync(index, 'utf8').replace('<head>', '<head>\n  <meta name="build" content="two">'));
    const logic = readFileSync(join(dist, 'sw.js'), 'utf8').split('\n').slice(2).join('\n');
    const next = serviceWorker(dist, files.slice(0, -1), logic);
    writeFileSync(join(dist, 'sw.js'), next.text);
    assert.notEqual(next.build, files.build);

    await page.reload();
    await eventually(page, () => document.querySelector('meta[name="build"]')?.content === 'two', 'the new build is shown');
    await ready(page);
    assert.deepEqual(await ourCaches(page), [`2048:${server.url}:${next.build}`], 'only the new build is cached');
    const cached = await page.evaluate(async (c) => (await (await caches.open(c)).match('index.html')).text(), `2048:${server.url}:${next.build}`);
    assert.match(cached, /content="two"/);

    await context.setOffline(true);
    await page.reload();
    await ready(page);
    assert.equal(await page.getAttribute('meta[name="build"]', 'content'), 'two');
    assert.ok(await someMove(page));
    await context.setOffline(false);
    await done();
  } finally {
    await server.close();
  }
});

test('an embed registers no service worker unless its host sets offline', async () => {
  const { page, done } = await openPage(env, null, { ...ALLOW, clock: true });
  const requested = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await page.goto(`${env.url}demo.html`);
  await drawn(page, '#play');
  await drawn(page, '#watch');
  // Both boards are ready; a board that registers does it once ready, through offline.js.
  await page.evaluate(() => Promise.all([...document.querySelectorAll('game-2048')].map((g) => g.ready)));
  await idle(page); // every request the page made by now is in `requested`
  assert.equal(requested.some((p) => p.endsWith('/offline.js')), false, 'demo.html: the offline module is not loaded');
  assert.equal(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), 0, 'demo.html: none');
  await page.evaluate(() => {
    const g = document.createElement('game-2048');
    g.id = 'offline-board';
    g.setAttribute('offline', '');
    g.setAttribute('persist', 'off');
    document.body.append(g);
  });
  await drawn(page, '#offline-board');
  await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistrations()).length === 1, null, { timeout: 10000 });
  await done();
});

test('the learned network: not cached at install; once downloaded it is, and td plays offline', async () => {
  const { page, context, done } = await openPage(env, '', ALLOW);
  await controlled(page);
  const cached = () => page.evaluate(async () => {
    const names = (await caches.keys()).filter((k) => k.startsWith('2048:'));
    const keys = (await Promise.all(names.map(async (n) => (await caches.open(n)).keys()))).flat();
    return keys.some((r) => r.url.includes('/networks/'));
  });
  assert.equal(await cached(), false, 'not part of the install');
  await choose(page, 'strategy', 'td');
  await page.waitForFunction(() => document.querySelector('.g2048 .ai-network')?.hidden === true && document.querySelector('.g2048 .ai-network-text').textContent !== '', null, { timeout: 20000 });
  await eventually(page, () => caches.keys().then(async (names) => {
    for (const n of names) if ((await (await caches.open(n)).keys()).some((r) => r.url.includes('/networks/'))) return true;
    return false;
  }), 'cached once downloaded');
  await context.setOffline(true);
  await page.reload();
  await ready(page);
  assert.equal(await page.inputValue('.g2048 .setting-strategy select'), 'td', 'td is still the strategy');
  const step = async () => {
    const before = (await engineCells(page)).join();
    await page.locator('.g2048 .ai-step').click();
    await page.waitForFunction((b) => document.querySelector('.g2048 .board').dataset.cells !== b, before, { timeout: 20000 });
  };
  // The first Step asks for the network (the heuristic may play it); a worker reads it from
  // the cache (the line goes, no failure shown), and td plays the next.
  await step();
  await page.waitForFunction(() => document.querySelector('.g2048 .ai-network')?.hidden === true && document.querySelector('.g2048 .ai-network-text').textContent !== '', null, { timeout: 20000 });
  await step();
  await context.setOffline(false);
  await done();
});
