// Shared set-up for the browser tests: one static server and one chromium per
// test file, a fresh context (fresh localStorage) per test, and page errors
// collected so every test can assert there were none.
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serve } from '../../tools/build/serve.mjs';
import { launchChromium } from '../../tools/lib/chromium.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));

/** Registers before/after hooks; returns an object filled in once they ran. */
export function setup() {
  const env = { server: null, browser: null, url: '' };
  before(async () => {
    env.server = await serve({ port: 0, root: ROOT });
    env.url = env.server.url;
    env.browser = await launchChromium();
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.close();
  });
  return env;
}

/**
 * Opens a fresh context and page (service workers blocked unless contextOptions allow them). Returns { page, context, errors, done }; call
 * `await done()` at the end of the test: it closes the context and asserts no
 * page errors or console errors happened. clock: the page's timers run on Playwright's clock
 * (time flows as usual; runTimers() and quiet() jump it ahead), installed before the page loads.
 */
export async function openPage(env, path = '', { contextOptions = {}, initScript, wait = true, clock = false } = {}) {
  // No service worker unless a test asks (offline.test.mjs): its cache would answer the
  // requests that tests route to stand-ins (a crashing worker, a missing wasm).
  const context = await env.browser.newContext({ viewport: { width: 520, height: 900 }, serviceWorkers: 'block', reducedMotion: 'reduce', ...contextOptions });
  if (clock) await context.clock.install();
  if (initScript) await context.addInitScript(initScript);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console.error: ${m.text()}`);
  });
  if (path !== null) {
    await page.goto(env.url + path);
    if (wait) await ready(page);
  }
  return {
    page,
    context,
    errors,
    async done() {
      await context.close();
      assert.deepEqual(errors, [], 'no page errors or console errors');
    },
  };
}

/** Waits until the game has rendered its first board. */
export async function ready(page) {
  await page.waitForSelector('.g2048 .board[data-cells]');
}

/** The board as the DOM tiles show it: row-major values from position and value classes (root: the game's element, or its host). */
export async function domBoard(page, root = '.g2048') {
  return page.evaluate((rootSel) => {
    const host = document.querySelector(rootSel);
    const root = host.shadowRoot?.querySelector('.g2048') ?? host;
    const size = root.querySelectorAll('.grid .cell').length ** 0.5;
    const cells = new Array(size * size).fill(0);
    let clash = false;
    for (const tile of root.querySelectorAll('.tile:not(.tile-leaving)')) {
      let pos = null;
      let value = null;
      for (const c of tile.classList) {
        let m = /^tile-pos-(\d+)-(\d+)$/.exec(c);
        if (m) pos = [Number(m[1]), Number(m[2])];
        m = /^tile-(\d+)$/.exec(c);
        if (m) value = Number(m[1]);
      }
      const i = pos[0] * size + pos[1];
      if (cells[i]) clash = true;
      cells[i] = value;
    }
    return { size, cells, clash, tiles: root.querySelectorAll('.tile').length };
  }, root);
}

/** The engine's board as the page publishes it (data-cells on the board). */
export async function engineCells(page, root = '.g2048') {
  const text = await page.getAttribute(`${root} .board`, 'data-cells');
  return text.split(',').map(Number);
}

export async function score(page, root = '.g2048') {
  return Number(await page.textContent(`${root} .score .score-value`));
}

export async function best(page, root = '.g2048') {
  return Number(await page.textContent(`${root} .best .score-value`));
}

/**
 * Polls `condition` (a function run here, in Node: e.g. on page.workers()) every 50 ms
 * until it is true or `timeout` ms passed; returns whether it became true.
 */
export async function until(condition, timeout = 5000) {
  const end = Date.now() + timeout;
  for (;;) {
    if (await condition()) return true;
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Resolves after `n` animation frames of the page: what it drew lazily (the AI's still boards) is drawn. */
export const frames = (page, n = 1) => page.evaluate((k) => new Promise((resolve) => {
  const next = (left) => (left ? requestAnimationFrame(() => next(left - 1)) : resolve());
  next(k);
}), n);

/**
 * Waits until the boards are still: no merged-away tile left (the slide's clean-up ran), no
 * CSS animation or transition running (appear, pop, slide, "+N"), and a frame drawn after
 * that (a board deferred to the next frame is drawn). In every board of the page, those in
 * shadow roots too (each root asked for its own animations). A clean-up that never runs makes it time out.
 */
export async function settle(page) {
  await page.waitForFunction(() => {
    const roots = [document, ...[...document.querySelectorAll('*')].filter((e) => e.shadowRoot).map((e) => e.shadowRoot)];
    // A root's own animations: the document's list leaves out those inside shadow roots.
    return roots.every((r) => !r.querySelector('.tile-leaving') && r.getAnimations().every((a) => a.playState !== 'running'));
  });
  await frames(page);
}

/**
 * Where a picture the docs show goes: docs/NAME under `make screenshots` (DOC_SHOTS=1), else
 * tests/screenshots/NAME beside the suite's other pictures, so that a test run leaves the
 * repository as it was.
 */
// Pictures cost a browser test more than its checks (a PNG of a whole page each): they are taken
// only when asked, SCREENSHOTS=1 into tests/screenshots/ and DOC_SHOTS=1 the docs' own into docs/
// (`make screenshots` sets both).
export const SHOTS_WANTED = process.env.SCREENSHOTS === '1';
const DOC_SHOTS_WANTED = process.env.DOC_SHOTS === '1';

// A picture of `target` (a page or locator) as tests/screenshots/`file`.
async function shot(target, file, options) {
  mkdirSync(SHOTS, { recursive: true });
  await target.screenshot({ ...options, path: `${SHOTS}${file}` });
}

/** The docs' picture `name` of `target` (a page or locator), into docs/ under DOC_SHOTS=1, else tests/screenshots/ under SCREENSHOTS=1. */
export async function docShot(target, name, options = {}) {
  if (DOC_SHOTS_WANTED) return target.screenshot({ ...options, path: fileURLToPath(new URL(`../../docs/${name}`, import.meta.url)) });
  if (SHOTS_WANTED) await shot(target, name, options);
}

/** Lets the board's animations finish, then saves a picture of the page as tests/screenshots/`name`.png (SCREENSHOTS=1). */
export async function screenshot(page, name) {
  await settle(page); // let appear/pop animations finish
  if (SHOTS_WANTED) await shot(page, `${name}.png`, { fullPage: true });
}

/**
 * Waits until the game saved in localStorage (key `<prefix>:game`) is the one on the board:
 * its cells and score. The page saves a little after a move (or at once when it is hidden).
 */
export async function saved(page, { prefix = 'game2048', root = '.g2048' } = {}) {
  await page.waitForFunction(({ prefix, root }) => {
    let game;
    try {
      game = JSON.parse(JSON.parse(localStorage.getItem(`${prefix}:game`)).game);
    } catch {
      return false; // nothing saved yet, or what was there before (a test's bad value)
    }
    const board = document.querySelector(`${root} .board`).dataset.cells;
    const score = document.querySelector(`${root} .score .score-value`).textContent;
    return game.cells.map((e) => (e ? 2 ** e : 0)).join(',') === board && String(game.score) === score;
  }, { prefix, root });
}

/**
 * Jumps the page's clock `ms` ahead at once, running every timer due by then (those they set
 * too): a timer that would make something happen has made it happen when this returns. Needs
 * openPage(..., { clock: true }). Workers keep real time.
 */
export async function runTimers(page, ms = 60000) {
  assert.ok(await page.evaluate(() => Boolean(globalThis.__pwClock)), 'runTimers needs openPage(..., { clock: true })');
  await page.clock.runFor(ms);
}

/**
 * Waits until every request the page sent to a worker has its answer, or its worker was
 * ended (WORKER_SPY): no answer can come any more.
 */
export async function answered(page) {
  await page.waitForFunction(() => window.asked.every((a) => window.answers.some((b) => b.worker === a.worker && b.id === a.id)
    || (window.terminated ?? []).includes(a.worker)), null, { timeout: 20000 });
}

/**
 * answered(), then the page's timers run for a minute of its time (runTimers). After it, what
 * the AI could still do on its own it has done: the absence of a move is then a fact, not a
 * matter of waiting long enough.
 */
export async function quiet(page, ms = 60000) {
  await answered(page);
  await runTimers(page, ms);
}

/**
 * From now on counts the AI's moves (the games' 'move' events by the AI) in window.aiMoves,
 * and notes that count at the instant of each 'ai-stop' (window.aiMovesAtStop): a move that
 * slips in right after a stop is counted, however soon the test reads.
 */
export const countAiMoves = (page) => page.evaluate(() => {
  window.aiMoves = 0;
  document.addEventListener('move', (e) => e.detail.by === 'ai' && window.aiMoves++);
  document.addEventListener('ai-stop', () => { window.aiMovesAtStop = window.aiMoves; });
});

/** The AI's moves since it last stopped (countAiMoves). */
export const aiMovesSinceStop = (page) => page.evaluate(() => window.aiMoves - window.aiMovesAtStop);

/**
 * Starts a 16 ms timer and an animation-frame loop on the page's main thread; each frame
 * notes how often the timer has fired so far and the page's `window[counter]` (e.g. the AI's
 * moves). Read with beatOver().
 */
export async function startBeat(page, counter) {
  await page.evaluate((name) => {
    const beat = { ticks: 0, frames: [] };
    window.beat = beat;
    beat.timer = setInterval(() => beat.ticks++, 16);
    const frame = () => {
      beat.frames.push({ ticks: beat.ticks, count: window[name] ?? 0 });
      beat.raf = requestAnimationFrame(frame);
    };
    beat.raf = requestAnimationFrame(frame);
    // The first frame at least k frames after the first that saw the counter at 1 or more
    // where the counter has gone up by m since; -1 while there is none.
    beat.end = (k, m) => {
      const first = beat.frames.findIndex((f) => f.count >= 1);
      if (first < 0) return -1;
      for (let i = first + k; i < beat.frames.length; i++) if (beat.frames[i].count - beat.frames[first].count >= m) return i;
      return -1;
    };
  }, counter);
}

/**
 * Waits until, since the first frame that saw the counter at 1 or more, at least `frames`
 * frames have been drawn and the counter has gone up by at least `moves`; stops the beat and
 * returns, over that window: its frames, how often the timer fired (ticks) and how far the
 * counter went (counted). The window ends on the AI's moves as well as on frames, so a
 * machine slow enough that one move outlasts 30 frames widens the window instead of
 * emptying it. The frames are the yardstick: a machine that is slow makes both slow, a main
 * thread that starves its timers shows as few ticks per frame, one the AI kept busy draws no
 * frames while it plays.
 */
export async function beatOver(page, { frames = 30, moves = 2, timeout = 60000 } = {}) {
  await page.waitForFunction(([k, m]) => window.beat.end(k, m) >= 0, [frames, moves], { timeout });
  return page.evaluate(([k, m]) => {
    const { timer, raf, frames: seen, end } = window.beat;
    clearInterval(timer);
    cancelAnimationFrame(raf);
    const last = end(k, m);
    const first = seen.findIndex((f) => f.count >= 1);
    return { frames: last - first, ticks: seen[last].ticks - seen[first].ticks, counted: seen[last].count - seen[first].count };
  }, [frames, moves]);
}

let marks = 0;
const IDLE_WAIT_MS = 5000;
/**
 * Resolves once the page has been idle (an idle callback ran: the work it had queued is done)
 * and every request it made up to then has reached the test's `page.on('request')` listeners:
 * the page then fetches a marker, and requests are reported in the order they were made. With
 * Playwright's clock (openPage's `clock`), the page's timers of the next minute run first. For
 * asserting what a page did not download. On a machine too busy to leave the page an idle
 * moment (the whole suite beside the builds on two cores), the callback runs after
 * IDLE_WAIT_MS all the same, so that the marker goes out well before the test's wait for it ends.
 */
export async function idle(page) {
  if (await page.evaluate(() => Boolean(globalThis.__pwClock))) await page.clock.runFor(60000);
  const mark = `idle-mark=${++marks}`;
  const seen = page.waitForRequest((r) => r.url().includes(mark), { timeout: 20000 });
  await page.evaluate((m) => new Promise((resolve) => {
    requestIdleCallback(() => {
      fetch(new URL(`?${m.mark}`, location.href)).then((r) => r.arrayBuffer(), () => {}).finally(resolve);
    }, { timeout: m.wait });
  }), { mark, wait: IDLE_WAIT_MS });
  await seen;
}

/** Cells for URL parameters: `?cells=` + cells(...rows). */
export const cellsParam = (rows) => rows.flat().join(',');

/**
 * Makes a settings choice as a person would, e.g. choose(page, 'size', 5), choose(page,
 * 'strategy', 'greedy'). Size, mode and theme are in the settings dialog: it is opened first
 * (with its button) and closed after, unless the choice asked a question. The player and
 * strength are pickers (<select>) on the AI panel, folded on a narrow screen: a tap on the
 * fold opens it first.
 */
export async function choose(page, name, value, root = '.g2048') {
  const setting = page.locator(`${root} .setting-${name}`);
  const select = setting.locator('select');
  if (await select.count()) {
    if (!(await select.isVisible())) await page.locator(`${root} .ai-fold-button`).click();
    await select.selectOption(String(value));
    return;
  }
  const choice = setting.locator(`.choice-${value}`);
  const inDialog = await choice.evaluate((b) => Boolean(b.closest('.settings-dialog')));
  if (inDialog && !(await choice.isVisible())) await page.locator(`${root} .settings-button`).click();
  await choice.click();
  const settings = page.locator(`${root} .settings-dialog`);
  if (inDialog && (await settings.isVisible()) && !(await page.locator(`${root} .confirm-dialog`).isVisible())) {
    await settings.locator('.dialog-close').click();
  }
}

/** The settings choice currently shown as chosen: the pressed button, or the picker's value. */
export async function chosen(page, name, root = '.g2048') {
  const select = page.locator(`${root} .setting-${name} select`);
  if (await select.count()) return select.inputValue();
  const cls = await page.locator(`${root} .setting-${name} .choice[aria-pressed="true"]`).getAttribute('class');
  return /choice-(\S+)/.exec(cls.replace('choice ', ''))[1];
}

/** Waits until the board in host element `sel` (a <game-2048> or a mount() target) is drawn and styled. */
export async function drawn(page, sel) {
  await page.waitForFunction((s) => {
    const host = document.querySelector(s);
    const root = host?.shadowRoot?.querySelector('.g2048') ?? host;
    return Boolean(root?.querySelector('.board[data-cells]')) && !root.hidden;
  }, sel);
}

/** The engine's board of the game in host element `sel`, read through its public `cells`. */
export const hostCells = (page, sel) => page.evaluate((s) => document.querySelector(s).cells, sel);

export const GAME_EVENTS = ['move', 'won', 'over', 'ai-start', 'ai-stop', 'error', 'ready'];

/** Starts recording the games' events on the document; `events(page)` reads them. */
export async function recordEvents(page) {
  await page.evaluate((types) => {
    window.__events = [];
    for (const type of types) {
      document.addEventListener(type, (e) => {
        if (!(e instanceof CustomEvent)) return;
        window.__events.push({ type, id: e.target.id, detail: JSON.parse(JSON.stringify(e.detail)), bubbles: e.bubbles, composed: e.composed });
      });
    }
  }, GAME_EVENTS);
}

export const events = (page, filter = {}) => page.evaluate(({ type, id }) => window.__events
  .filter((e) => (!type || e.type === type) && (!id || e.id === id)), filter);

// Records, per worker (tag: 1 for the first started; window.workers counts them), the
// requests it was sent (with the strategy asked), the answers it gave, the networks it was sent ({worker, bytes}),
// the endgame sets it was sent (window.endgameSent: {worker, bytes, from}), the network
// figures it answered, which workers said they were ready (window.readied) and
// which workers the page terminated.
export const WORKER_SPY = `
  window.workers = 0;
  window.asked = [];
  window.answers = [];
  window.weightsSent = [];
  window.endgameSent = [];
  window.networkInfo = [];
  window.readied = [];
  const Real = Worker;
  window.Worker = class extends Real {
    constructor(...args) {
      super(...args);
      const tag = ++window.workers;
      this.tag = tag;
      this.addEventListener('message', ({ data }) => {
        if (data?.id != null) window.answers.push({ worker: tag, ...data });
        if (data?.quantisation) window.networkInfo.push({ worker: tag, ...data });
        if (data?.ready) window.readied.push(tag);
      });
    }
    terminate() {
      (window.terminated = window.terminated || []).push(this.tag);
      return super.terminate();
    }
    postMessage(m, ...rest) {
      if (m?.id != null) window.asked.push({ worker: this.tag, id: m.id, cells: String(m.cells), strategy: m.options?.strategy, nodes: m.options?.nodes, moves: m.options?.moves ?? null });
      if (m?.weights) window.weightsSent.push({ worker: this.tag, bytes: m.weights.length });
      if (m?.endgame) window.endgameSent.push({ worker: this.tag, bytes: m.endgame.length, from: m.from });
      return super.postMessage(m, ...rest);
    }
  };`;

/** An init script: the page sees `n` cores (navigator.hardwareConcurrency), so the game's pool starts n workers (1 to 4; the compare page's n - 1). */
export const cores = (n) => `Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => ${n} });`;

// Serves the page's worker script (www/ai/worker.js) by its turn (1 for the first worker
// started): the real worker, or a stand-in body (a worker that dies or says its engine
// cannot load); a body that never resolves holds the script back (a start that hangs).
// Returns {count}: the worker scripts asked for so far.
export async function workerByTurn(context, body) {
  const served = { count: 0 };
  await context.route((url) => url.pathname.endsWith('/www/ai/worker.js') && !url.search, async (route) => {
    const n = ++served.count;
    const text = await body(n);
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: text ?? "import './worker.js?real';" });
  });
  return served;
}
/** A worker script that dies while starting. */
export const DIES = "throw new Error('test crash while starting');";
/**
 * A worker script: the real worker, which dies (an uncaught error) when its `game`th game to
 * play arrives, before it answers it: a worker that dies in the middle of a comparison.
 */
export const diesAtGame = (game) => `import './worker.js?real';
const real = self.onmessage;
let games = 0;
self.onmessage = (e) => {
  if (e.data?.play && ++games === ${game}) throw new Error('test crash mid-game');
  return real(e);
};`;
