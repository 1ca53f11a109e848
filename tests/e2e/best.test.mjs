// The page's default player, "Strongest at this speed" (www/ai/best.js): a fresh visitor's
// pick, in the page and in an embed with `strategy` left out; it plays legal moves, Step and
// Hint too. Its first move on 4x4 starts the learned network's download, which nothing waits
// for: while the network is absent (held back here) or cannot be had, the heuristic plays and
// the panel says why; on 3x3 the heuristic plays, nothing is downloaded, and the panel says
// the network plays 4x4 only. An embed that asks for strategy="expectimax" gets expectimax and
// no network. Which family plays once the network is in depends on the arena's figures: the
// Node tests (tests/node/default-player.test.mjs) check that choice over ladders of their own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { setup, openPage, engineCells, choose, chosen, cores, WORKER_SPY, idle, recordEvents, events, drawn } from './helpers.mjs';
import { CALIBRATION, TD_LADDER } from '../../www/ai/strength-figures.js';

const env = setup();
const words = JSON.parse(readFileSync(new URL('../../www/pkg/strategy-texts/best.json', import.meta.url), 'utf8'));
const isNetwork = (url) => url.includes('/networks/');

// Whether `after` follows `before` (a `size` board) by one of the moves the engine allows (plus a spawn).
async function legalStep(page, before, after, size = 4) {
  return page.evaluate(async ({ cells, after, size }) => {
    const wasm = await import('/www/pkg/game2048_ai.js');
    await wasm.default({ module_or_path: '/www/pkg/game2048_ai_bg.wasm' });
    return ['up', 'right', 'down', 'left'].some((d) => {
      const g = wasm.Game.fromCells(size, cells, 1n);
      const moved = g.move(d);
      const slid = Array.from(g.cells());
      g.free();
      return moved && slid.filter((v, i) => v !== after[i]).length <= 2;
    });
  }, { cells: before, after, size });
}

// Step on the game page: the board changes by a legal move.
async function step(page, size = 4) {
  const before = await engineCells(page);
  await page.locator('.g2048 .ai-step').click();
  await page.waitForFunction((b) => document.querySelector('.g2048 .board').dataset.cells !== b, before.join(','), { timeout: 20000 });
  assert.ok(await legalStep(page, before, await engineCells(page), size), `a legal move from ${before}`);
}

// The strategies the workers were asked to search for the moves (the calibrations and network reads left out), from request `from` on.
const askedSince = (page, from = 0) => page.evaluate(({ n, calibration }) => [...new Set(window.asked.slice(n)
  .filter((a) => a.cells !== 'undefined' && a.cells !== calibration).map((a) => a.strategy))], { n: from, calibration: String(CALIBRATION.cells) });
const askedCount = (page) => page.evaluate(() => window.asked.length);
const text = (page, sel) => page.textContent(`.g2048 ${sel}`);
const lineSays = (page, pattern) => page.waitForFunction(([source, flags]) => new RegExp(source, flags).test(document.querySelector('.g2048 .ai-strength-line').textContent), [pattern.source, pattern.flags], { timeout: 20000 });

test('a fresh visitor\'s player: it plays legal moves with the heuristic while the network downloads (held back), the panel says so; Hint answers', async () => {
  const { page, context, done } = await openPage(env, null, { initScript: `${cores(2)}${WORKER_SPY}` });
  const downloads = [];
  page.on('request', (r) => { if (isNetwork(r.url())) downloads.push(r.url()); });
  // The network's download never answers: it stays absent.
  await context.route((url) => isNetwork(url.pathname), () => {});
  await page.goto(`${env.url}?seed=41`);
  await page.waitForSelector('.g2048 .board[data-cells]');
  await recordEvents(page);
  assert.equal(await chosen(page, 'strategy'), 'best');
  assert.equal(await text(page, '.setting-strategy .choice-best'), 'Strongest at this speed');
  await page.waitForFunction((w) => document.querySelector('.g2048 .ai-explanation').textContent.includes(w), words.slice(0, 40));
  assert.deepEqual(await page.$$eval('.g2048 .setting-strength .choice', (cs) => cs.map((c) => c.textContent)), ['Fits the speed']);
  await idle(page);
  assert.deepEqual(downloads, [], 'the network is not part of the first visit');

  for (let i = 0; i < 3; i++) await step(page);
  assert.deepEqual(await askedSince(page), ['expectimax'], 'the heuristic decided');
  assert.equal(downloads.length, 1, 'its first move on 4x4 started the network\'s download');
  await lineSays(page, /^The heuristic search, \w+ here: (reaches 16384 in [^(]+|reach not yet measured) \(the learned network is downloading\)$/);
  assert.match(await text(page, '.ai-fit'), /^Fits the speed: the heuristic search, \w+ \(\S+ positions a move\), .+\. The heuristic plays: the learned network is downloading\.$/);
  assert.match(await text(page, '.ai-network-text'), /^The heuristic plays while the learned network downloads/);
  assert.equal(await page.locator('.g2048 .setting-network').isVisible(), false, 'no network to pick');
  // Every strength, measured: both families' ladders, each under its name.
  if (!(await page.locator('.g2048 .ai-ladder summary').isVisible())) await page.locator('.g2048 .ai-fold-button').click();
  await page.locator('.g2048 .ai-ladder summary').click();
  assert.deepEqual(await page.locator('.g2048 .ai-ladder-family').allTextContents(), ['The heuristic search', 'The learned network']);
  assert.equal(await page.locator('.g2048 .ai-ladder-learned').isVisible(), true);
  assert.deepEqual(await page.$$eval('.g2048 .ai-ladder-learned tr:not(.ai-ladder-family) th', (ths) => ths.map((t) => t.textContent)), TD_LADDER.map((r) => r.name));
  await page.locator('.g2048 .ai-hint').click();
  await page.waitForFunction(() => /^Hint: (up|right|down|left)\b/.test(document.querySelector('.g2048 .ai-status').textContent), null, { timeout: 20000 });
  // Start AI says what it plays: the default player, fitted to the speed (fast: 100 ms).
  await page.locator('.g2048 .ai-toggle').click();
  await page.locator('.g2048 .ai-toggle').click();
  const [start] = await events(page, { type: 'ai-start' });
  assert.deepEqual(start.detail, { strategy: 'best', auto: 100 });
  await done();
});

test('a network that cannot be downloaded: the default player plays on with the heuristic; the line, one notice and one error event say so', async () => {
  const { page, done, errors } = await openPage(env, '?seed=42', { initScript: WORKER_SPY, wait: false });
  await recordEvents(page);
  await page.route((url) => isNetwork(url.pathname), (r) => r.fulfill({ status: 404, body: 'not found' }));
  await page.waitForSelector('.g2048 .board[data-cells]');
  await choose(page, 'speed', 'max');
  await page.locator('.g2048 .ai-toggle').click();
  await page.waitForFunction(() => window.__events.filter((e) => e.type === 'move' && e.detail.by === 'ai').length >= 10, null, { timeout: 60000 });
  await page.locator('.g2048 .ai-toggle').click();
  await page.waitForSelector('.g2048 .notice-text');
  assert.match(await text(page, '.notice-text'), /^The learned network is unavailable: the learned network could not be downloaded \(HTTP 404\)\. The heuristic \(Expectimax\) plays in its place\.$/);
  await lineSays(page, /\(the learned network is unavailable\)$/);
  assert.match(await text(page, '.ai-network-text'), /^The learned network is unavailable: .+\. The heuristic plays\.$/);
  await step(page);
  assert.deepEqual(await askedSince(page), ['expectimax']);
  assert.equal(await page.locator('.g2048 .notice').count(), 1, 'one notice');
  assert.deepEqual((await events(page, { type: 'error' })).map((e) => e.detail.source), ['network'], 'one error event');
  assert.ok(!(await events(page, { type: 'ai-stop' })).some((e) => e.detail.reason === 'error'), 'the AI did not stop for an error');
  errors.splice(0, errors.length, ...errors.filter((e) => !/404/.test(e)));
  await done();
});

test('on 3x3 the default player plays the heuristic and downloads nothing; the panel says the network plays 4x4 only', async () => {
  const { page, done } = await openPage(env, '?seed=43&size=3', { initScript: WORKER_SPY });
  const downloads = [];
  page.on('request', (r) => { if (isNetwork(r.url())) downloads.push(r.url()); });
  assert.equal(await chosen(page, 'strategy'), 'best');
  for (let i = 0; i < 3; i++) await step(page, 3);
  assert.deepEqual(await askedSince(page), ['expectimax']);
  await lineSays(page, /^The heuristic search, \w+ here: .+ \(the learned network plays 4×4 only\)$/);
  assert.equal(await page.locator('.g2048 .ai-network').isVisible(), false, 'no network line');
  await idle(page);
  assert.deepEqual(downloads, [], 'no network downloaded');
  await done();
});

test('embeds: strategy="expectimax" plays expectimax and downloads no network; with the strategy left out, the default player plays', async () => {
  const { page, done } = await openPage(env, 'tests/e2e/fixtures/empty.html', { initScript: WORKER_SPY, wait: false });
  const downloads = [];
  page.on('request', (r) => { if (isNetwork(r.url())) downloads.push(r.url()); });
  await page.route((url) => isNetwork(url.pathname), () => {});
  await recordEvents(page);
  const add = (id, strategy) => page.evaluate(async ({ id, strategy }) => {
    await import('/embed.js');
    const el = document.createElement('game-2048');
    el.id = id;
    el.setAttribute('persist', 'off');
    el.setAttribute('seed', '44');
    if (strategy) el.setAttribute('strategy', strategy);
    document.body.append(el);
  }, { id, strategy });
  const steps = async (id) => {
    for (let i = 0; i < 3; i++) {
      const before = String(await page.evaluate((s) => document.querySelector(s).cells, `#${id}`));
      await page.evaluate((s) => document.querySelector(s).step(), `#${id}`);
      await page.waitForFunction(([s, b]) => String(document.querySelector(s).cells) !== b, [`#${id}`, before], { timeout: 20000 });
    }
  };
  await add('heuristic', 'expectimax');
  await drawn(page, '#heuristic');
  await steps('heuristic');
  await page.evaluate(() => { document.querySelector('#heuristic').startAI(); document.querySelector('#heuristic').stopAI(); });
  assert.deepEqual(await askedSince(page), ['expectimax']);
  assert.deepEqual((await events(page, { type: 'ai-start', id: 'heuristic' })).map((e) => e.detail.strategy), ['expectimax']);
  await idle(page);
  assert.deepEqual(downloads, [], 'expectimax asked by name: no network');
  // The same tag without `strategy`: the default player, which asks for the network on 4x4.
  const from = await askedCount(page);
  await add('default', null);
  await drawn(page, '#default');
  await steps('default');
  await page.evaluate(() => { document.querySelector('#default').startAI(); document.querySelector('#default').stopAI(); });
  assert.deepEqual((await events(page, { type: 'ai-start', id: 'default' })).map((e) => e.detail), [{ strategy: 'best', auto: 100 }]);
  assert.deepEqual(await askedSince(page, from), ['expectimax'], 'the heuristic, while the network is absent');
  assert.equal(downloads.length, 1, 'the download started');
  await done();
});
