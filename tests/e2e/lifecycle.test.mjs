// Mounting and destroying many boards leaves nothing behind (workers, listeners,
// DOM); an engine that cannot load shows a message in the board and fires `error`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPage, until } from './helpers.mjs';

const env = setup();

// Counts the game's listeners that could outlive a board: those its modules (/www/)
// add on window, document and media queries.
const countListeners = () => {
  const live = new Map();
  const keep = (t) => (t === window || t === document || t instanceof MediaQueryList) && /\/www\//.test(new Error().stack);
  const add = EventTarget.prototype.addEventListener;
  const remove = EventTarget.prototype.removeEventListener;
  const key = (t, type, fn) => `${t === window ? 'window' : t === document ? 'document' : 'media'}:${type}`;
  const held = new Map();
  EventTarget.prototype.addEventListener = function (type, fn, options) {
    if (keep(this) && fn) {
      let fns = held.get(this) ?? new Map();
      held.set(this, fns);
      const k = `${type}:${typeof options === 'object' ? Boolean(options.capture) : Boolean(options)}`;
      if (!fns.has(k)) fns.set(k, new Set());
      if (!fns.get(k).has(fn)) live.set(key(this, type), (live.get(key(this, type)) ?? 0) + 1);
      fns.get(k).add(fn);
    }
    return add.call(this, type, fn, options);
  };
  EventTarget.prototype.removeEventListener = function (type, fn, options) {
    const k = `${type}:${typeof options === 'object' ? Boolean(options.capture) : Boolean(options)}`;
    if (keep(this) && held.get(this)?.get(k)?.delete(fn)) live.set(key(this, type), live.get(key(this, type)) - 1);
    return remove.call(this, type, fn, options);
  };
  Object.defineProperty(window, '__listeners', { value: () => Object.fromEntries([...live].filter(([, n]) => n > 0)) });
};

test('a mount/destroy loop of 50 boards leaves no workers, listeners or DOM behind', async () => {
  const { page, done } = await openPage(env, 'tests/e2e/fixtures/empty.html', { wait: false, initScript: countListeners });
  const baseline = await page.evaluate(() => window.__listeners());
  let peak = 0;
  page.on('worker', () => {
    peak = Math.max(peak, page.workers().length);
  });
  const result = await page.evaluate(async () => {
    const { mount } = await import('/embed.js');
    let moves = 0;
    let whileLive = null;
    for (let i = 0; i < 50; i++) {
      const host = document.createElement('div');
      document.body.append(host);
      const game = mount(host, { persist: false, ms: 5, aiWorkers: 2, theme: i % 2 ? 'system' : 'dark', keyboard: i % 3 ? 'focus' : 'document' });
      if (i % 2) {
        // Half the boards really start their workers and play an AI move first.
        await game.ready;
        const moved = new Promise((resolve) => host.addEventListener('move', resolve, { once: true }));
        game.step();
        await moved;
        moves++;
        whileLive ??= window.__listeners();
      } else if (i % 4 === 0) {
        game.startAI(); // queued: destroyed before it is even ready
      } else {
        await game.ready;
        game.startAI(); // destroyed while its workers load
      }
      game.destroy();
      if (host.shadowRoot.childNodes.length) throw new Error(`board ${i} left DOM behind`);
      host.remove();
    }
    // The element: removing it from the page destroys its board.
    for (let i = 0; i < 5; i++) {
      const el = document.createElement('game-2048');
      el.setAttribute('persist', 'off');
      el.setAttribute('autoplay', '');
      document.body.append(el);
      await el.ready;
      el.remove();
      await new Promise((r) => setTimeout(r));
      if (el.shadowRoot.childNodes.length || el.game) throw new Error('a removed element kept its board');
    }
    return { moves, whileLive };
  });
  assert.equal(result.moves, 25);
  assert.ok(result.whileLive['window:pagehide'] >= 1 && result.whileLive['document:visibilitychange'] >= 1, `the count sees a live board: ${JSON.stringify(result.whileLive)}`);
  assert.ok(peak >= 2, `workers were started (peak ${peak})`);
  // Terminations land asynchronously: wait (up to 5 s) until the page has no worker.
  const gone = await until(() => page.workers().length === 0, 5000);
  assert.ok(gone, `no workers left running (${page.workers().length} still there after 5 s)`);
  assert.deepEqual(await page.evaluate(() => window.__listeners()), baseline, 'no listeners left on window, document or media queries');
  await done();
});

test('a wasm that cannot load (404): a readable message in the board and an `error` event', async () => {
  const { page, context, errors, done } = await openPage(env, null, { contextOptions: { viewport: { width: 1000, height: 700 } } });
  // The page's own modules (a first visit's lite one, the core with a saved game); the AI's
  // full one loads only in its workers.
  await context.route((url) => /\/game2048_(play|records)_bg\.wasm$/.test(url.pathname), (route) => route.fulfill({ status: 404, body: 'missing' }));
  await context.addInitScript(() => {
    window.__errors = [];
    document.addEventListener('error', (e) => e instanceof CustomEvent && window.__errors.push({ id: e.target.id, ...e.detail }));
  });
  await page.goto(`${env.url}demo.html`);
  await page.waitForFunction(() => window.__errors.length === 2);
  const fired = await page.evaluate(() => window.__errors);
  assert.deepEqual(fired.map((e) => e.id).sort(), ['play', 'watch']);
  for (const e of fired) {
    assert.equal(e.source, 'engine');
    assert.match(e.message, /could not be loaded/);
  }
  const shown = page.locator('#play .message-error .message-text');
  assert.equal(await shown.isVisible(), true);
  assert.match(await shown.textContent(), /The game could not be loaded .*reload/);
  const box = await shown.boundingBox();
  const board = await page.locator('#play .board-wrap').boundingBox();
  assert.ok(box.y >= board.y && box.y + box.height <= board.y + board.height, 'the message sits in the board box');
  errors.splice(0, errors.length, ...errors.filter((e) => !/404|could not be loaded/.test(e)));
  await done();
});

test('properties set on the tag before the element is defined become its attributes when it is', async () => {
  // A framework may render <game-2048> and set its properties before the embed's script runs:
  // they land on the plain element and must still reach the board once the class upgrades it.
  const { page, done } = await openPage(env, 'tests/e2e/fixtures/empty.html', { wait: false });
  const got = await page.evaluate(async () => {
    const el = document.createElement('game-2048');
    el.theme = 'dark';
    el.size = 5;
    el.persist = 'off';
    document.body.append(el);
    await import('/embed.js');
    await el.ready;
    return { theme: el.getAttribute('theme'), size: el.size, persist: el.getAttribute('persist'), state: el.getState().theme, own: Object.hasOwn(el, 'theme') };
  });
  assert.deepEqual(got, { theme: 'dark', size: 5, persist: 'off', state: 'dark', own: false });
  await done();
});
