// The learn page: a worker trains a small network from nothing; the figures, the curve
// and the show board fill in; Pause stops the games; the downloaded file is a weights file
// the engine reads; a bad file to go on from is refused with the reason, losing nothing.
// The network is kept in this browser (IndexedDB): a reload brings it back, the game page's
// "your network" strategies play with it; no storage, no saved network or a damaged one
// each get their message, and the other strategies play on. The main thread stays free.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { setup, openPage, choose, chosen, WORKER_SPY, recordEvents, events } from './helpers.mjs';
import { NETWORK_FILE } from '../../www/ai/network.js';

const env = setup();
// The points of a learning curve: 'score' (the mean score), or 'reach-256' .. 'reach-2048'.
const points = (page, name) => page.evaluate((n) => {
  const line = n === 'score' ? document.querySelector('.learn-score-chart .line') : document.querySelector(`.learn-${n}-line .line`);
  return (line?.getAttribute('d').match(/[ML]/g) ?? []).length;
}, name);

const games = (page) => page.evaluate(() => Number(document.querySelector('.learn-games dd').textContent.replace(/,/g, '')) || 0);

// Counts the page's writes to its store line (each save's outcome: pausing saves, so does the
// Save button), from now on; storeWrites(page) reads the count. A save is a round trip to the
// learning worker, answered after every message sent to it before.
const countStoreWrites = (page) => page.evaluate(() => {
  window.storeWrites = 0;
  new MutationObserver(() => window.storeWrites++).observe(document.querySelector('.learn-store'), { childList: true, characterData: true, subtree: true });
});
const storeWrites = (page) => page.evaluate(() => window.storeWrites);
const nextStoreWrite = async (page, n) => page.waitForFunction((k) => window.storeWrites > k, n, { timeout: 20000 });

test('learn: trains from nothing, draws the curve and the show board, pauses, downloads a file the engine reads', async () => {
  const { page, done } = await openPage(env, 'learn.html', { wait: false });
  await page.waitForFunction(() => !document.querySelector('.learn-toggle').disabled, null, { timeout: 20000 });
  await page.locator('.learn-toggle').click();
  await page.waitForFunction(() => Number(document.querySelector('.learn-games dd').textContent.replace(/,/g, '')) >= 300, null, { timeout: 60000 });
  assert.match(await page.textContent('.learn-speed dd'), /^[\d,]+$/);
  assert.ok((await points(page, 'score')) >= 3, 'a point per block');
  await page.waitForFunction(() => /[1-9]/.test(document.querySelector('.learn-watch .board')?.dataset.cells));
  await countStoreWrites(page);
  await page.locator('.learn-toggle').click();
  assert.equal(await page.textContent('.learn-toggle'), 'Resume');
  // Pausing saves the network: its answer comes once the block under way has ended.
  await nextStoreWrite(page, 0);
  const paused = await games(page);
  assert.match(await page.textContent('.learn-store'), new RegExp(`\\(${paused.toLocaleString('en')} games\\)`), 'the network saved is the one paused');
  // Another save, answered after every message the worker had: no game was played meanwhile.
  const writes = await storeWrites(page);
  await page.locator('.learn-save').click();
  await nextStoreWrite(page, writes);
  assert.match(await page.textContent('.learn-store'), new RegExp(`\\(${paused.toLocaleString('en')} games\\)`), 'no game while paused');
  assert.equal(await games(page), paused, 'no game while paused');

  const [file] = await Promise.all([page.waitForEvent('download'), page.locator('.learn-download').click()]);
  const bytes = await readFile(await file.path());
  assert.equal(bytes.subarray(0, 7).toString('latin1'), '2048ntw');
  const info = await page.evaluate(async (b) => {
    const wasm = await import('/www/pkg/game2048_ai.js');
    await wasm.default({ module_or_path: '/www/pkg/game2048_ai_bg.wasm' });
    return wasm.loadWeights(new Uint8Array(b));
  }, [...bytes]);
  assert.equal(info.quantisation, 'f32');

  // A file that is not a weights file: the reason, and the network learned so far stays.
  await page.setInputFiles('.learn-upload', { name: 'nope.bin', mimeType: 'application/octet-stream', buffer: Buffer.from('not a network') });
  await page.waitForFunction(() => /did not work: not a weights file/.test(document.querySelector('.learn-status').textContent));
  assert.ok((await points(page, 'score')) >= 3, 'the curve stays');
  await page.locator('.learn-toggle').click();
  await page.waitForFunction((n) => Number(document.querySelector('.learn-games dd').textContent.replace(/,/g, '')) > n, paused, { timeout: 30000 });
  // The file downloaded goes on learning.
  await page.setInputFiles('.learn-upload', { name: 'mine.bin', mimeType: 'application/octet-stream', buffer: bytes });
  await page.waitForFunction(() => /Read mine\.bin/.test(document.querySelector('.learn-status').textContent));
  await done();
});

// The number shown in the learn page's figure `name`.
const figureOf = (page, name) => page.evaluate((n) => Number(document.querySelector(`.learn-${n} dd`).textContent.replace(/,/g, '')) || 0, name);
const started = (page) => page.waitForFunction(() => !document.querySelector('.learn-toggle').disabled, null, { timeout: 20000 });
async function trainSome(page, games) {
  await started(page);
  await page.locator('.learn-toggle').click();
  await page.waitForFunction((n) => Number(document.querySelector('.learn-games dd').textContent.replace(/,/g, '')) >= n, games, { timeout: 60000 });
  await page.locator('.learn-toggle').click();
}

const SPY = WORKER_SPY;

// Picks a learned strategy and, as its network, yours.
async function yours(page, strategy) {
  await choose(page, 'strategy', strategy);
  await choose(page, 'network', 'yours');
  assert.equal(await chosen(page, 'network'), 'yours');
}

// One AI step on the game page: the board changes.
async function step(page) {
  const before = await page.getAttribute('.g2048 .board', 'data-cells');
  await page.locator('.g2048 .ai-step').click();
  await page.waitForFunction((b) => document.querySelector('.g2048 .board').dataset.cells !== b, before, { timeout: 20000 });
}

// Step on the game page with your network unavailable: the heuristic plays the move (the
// workers were asked for expectimax, besides reading your network again; WORKER_SPY).
async function heuristicStep(page) {
  const from = await page.evaluate(() => window.asked.length);
  await step(page);
  const asked = await page.evaluate((n) => window.asked.slice(n).filter((a) => a.cells !== 'undefined').map((a) => a.strategy), from);
  assert.deepEqual([...new Set(asked)], ['expectimax'], 'the heuristic played');
}

// Your network's one notice and one error event (recordEvents ran before it was picked).
async function saidOnce(page, reason) {
  const notices = await page.locator('.g2048 .notice-text').allTextContents();
  assert.equal(notices.filter((t) => /^Your network is unavailable/.test(t)).length, 1, `one notice: ${notices.join(' | ')}`);
  const [said, ...more] = await events(page, { type: 'error' });
  assert.deepEqual(more, [], 'one error event');
  assert.equal(said.detail.source, 'network');
  assert.match(said.detail.message, reason);
  assert.match(said.detail.message, /The heuristic \(Expectimax\) plays in its place\.$/);
}

// The weights file of the network saved in this browser (read through the page's store).
const savedBytes = (page) => page.evaluate(async () => {
  const { loadNetwork } = await import('/www/learn/network-store.js');
  const r = await loadNetwork();
  return r && { games: r.games, length: r.bytes.length };
});

test('learn: Pause saves the network in this browser; a reload brings it back to go on; the game page plays "your network" with it', async () => {
  const { page, done } = await openPage(env, 'learn.html', { wait: false, initScript: SPY });
  await trainSome(page, 200);
  await page.waitForFunction(() => /^Saved in this browser at .*: the game page plays with it/.test(document.querySelector('.learn-store').textContent), null, { timeout: 20000 });
  const games = await figureOf(page, 'games');
  const saved = await savedBytes(page);
  assert.equal(saved.games, games, 'the network saved is the one paused');
  for (const t of [256, 512, 1024, 2048]) assert.match(await page.textContent(`.learn-reach-${t} dd`), /^\d+%$/);
  assert.ok((await points(page, 'reach-256')) >= 2, 'the share reaching 256, per block');

  // Save (the button) after more games: the saved network follows.
  await page.locator('.learn-toggle').click();
  await page.waitForFunction((n) => Number(document.querySelector('.learn-games dd').textContent.replace(/,/g, '')) > n, games, { timeout: 30000 });
  // Pause saves again once the block under way has ended: then the figures are final.
  const before = await page.textContent('.learn-store');
  await page.locator('.learn-toggle').click();
  await page.waitForFunction((t) => document.querySelector('.learn-store').textContent !== t, before, { timeout: 20000 });
  const more = await figureOf(page, 'games');
  await countStoreWrites(page);
  await page.locator('.learn-save').click();
  await nextStoreWrite(page, 0); // written once the network is stored
  assert.match(await page.textContent('.learn-store'), /^Saved in this browser/);
  assert.equal((await savedBytes(page)).games, more, 'Save keeps the network as it is now');

  // A reload: the saved network is back, with its games and its curve, and goes on learning.
  await page.reload();
  await page.waitForFunction(() => /saved in this browser is back/.test(document.querySelector('.learn-status').textContent), null, { timeout: 20000 });
  assert.match(await page.textContent('.learn-status'), new RegExp(`\\(${more.toLocaleString('en')} games\\)`));
  assert.equal(await figureOf(page, 'games'), more);
  assert.ok((await points(page, 'score')) >= 2, 'the curve is back');
  await page.waitForFunction(() => /[1-9]/.test(document.querySelector('.learn-watch .board')?.dataset.cells), null, { timeout: 10000 });
  assert.equal(await page.textContent('.learn-toggle'), 'Resume');
  // Paused, the network read back plays on at the board: watch it.
  const board = () => page.getAttribute('.learn-watch .board', 'data-cells');
  const shown = await board();
  await page.waitForFunction((s) => document.querySelector('.learn-watch .board').dataset.cells !== s, shown, { timeout: 10000 });
  assert.equal(await figureOf(page, 'games'), more, 'watching is not learning');
  await page.locator('.learn-toggle').click();
  await page.waitForFunction((n) => Number(document.querySelector('.learn-games dd').textContent.replace(/,/g, '')) > n + 100, more, { timeout: 30000 });
  const line = await page.textContent('.learn-store');
  await page.locator('.learn-toggle').click();
  await page.waitForFunction((t) => /^Saved/.test(document.querySelector('.learn-store').textContent) && document.querySelector('.learn-store').textContent !== t, line, { timeout: 20000 });

  // The game page (same browser): the strategies with your network play with the saved file.
  const mine = (await savedBytes(page)).length;
  await page.goto(`${env.url}?seed=5`);
  await page.waitForSelector('.g2048 .board[data-cells]');
  await yours(page, 'td');
  assert.match(await page.textContent('.g2048 .ai-explanation'), /your network/);
  // The engine's words for td (the strategy it plays), fetched like any strategy's, then the note.
  const tdWords = JSON.parse(readFileSync(new URL('../../www/pkg/strategy-texts/td.json', import.meta.url), 'utf8'));
  await page.waitForFunction((w) => document.querySelector('.g2048 .ai-explanation').textContent.startsWith(w), tdWords.slice(0, 40), { timeout: 10000 });
  await page.waitForFunction(() => window.networkInfo.some((n) => n.quantisation === 'f32'), null, { timeout: 20000 });
  const info = await page.evaluate(() => window.networkInfo.filter((n) => n.quantisation === 'f32'));
  assert.deepEqual([...new Set(info.map((n) => `${n.shape} ${n.levels}`))], ['0,1,2,3;4,5,6,7;0,1,4,5;1,2,5,6 15'], 'the workers read your network: four 4-tuples, 15 levels');
  for (let i = 0; i < 3; i++) await step(page);
  await yours(page, 'expectimax-td');
  await choose(page, 'strength', 'ms10');
  await step(page);
  // The shipped network, then yours again: each worker is sent the one the request needs.
  await choose(page, 'strategy', 'td');
  assert.equal(await chosen(page, 'network'), 'shipped', 'a learned strategy picked: the page\'s network first');
  await step(page);
  const shipped = await page.evaluate(() => window.weightsSent.length);
  assert.ok((await page.evaluate(() => window.weightsSent)).at(-1).bytes !== mine, 'the shipped network was sent');
  await yours(page, 'td');
  await step(page);
  const sent = await page.evaluate(() => window.weightsSent);
  assert.ok(sent.length > shipped, 'your network was sent again');
  assert.equal(sent.at(-1).bytes, mine, 'the worker that plays holds your network again');
  await done();
});

test('no network saved: "your network" says how to get one (the learn page), once; the heuristic plays in its place', async () => {
  const { page, done } = await openPage(env, '?seed=6', { initScript: SPY, wait: false });
  // Picking td first starts the shipped network's download: held back until yours is refused.
  let release;
  const held = new Promise((r) => { release = r; });
  await page.route(`**/${NETWORK_FILE}`, async (r) => {
    await held;
    await r.fulfill({ contentType: 'application/octet-stream', body: readFileSync(new URL(`../../${NETWORK_FILE}`, import.meta.url)) });
  });
  await page.waitForSelector('.g2048 .board[data-cells]');
  await recordEvents(page);
  await yours(page, 'td');
  await page.waitForSelector('.g2048 .ai-network-learn:not([hidden])');
  // Once the shipped network is read, the line still speaks of yours (the network the
  // picked strategy plays with).
  release();
  // The shipped file's kind (its header's byte 12), read back by the worker.
  const kind = ['f32', 'i16', 'i8', 'c8'][gunzipSync(readFileSync(new URL(`../../${NETWORK_FILE}`, import.meta.url)))[12]];
  await page.waitForFunction((k) => window.networkInfo.some((n) => n.quantisation === k), kind, { timeout: 20000 });
  // Every worker sent it has read it: the pool has told the page the network is loaded.
  await page.waitForFunction(() => window.networkInfo.length >= window.weightsSent.length, null, { timeout: 20000 });
  assert.equal(await page.locator('.g2048 .ai-network-learn').isVisible(), true, 'the link stays');
  assert.match(await page.textContent('.g2048 .ai-network'), /Your network is unavailable: no network of yours is saved in this browser: .+\. The heuristic plays\./);
  assert.match(await page.getAttribute('.g2048 .ai-network-learn', 'href'), /\/learn\.html$/);
  // Each Step asks for your network again (one saved meanwhile would play): the heuristic plays,
  // and the same reason is not said again.
  await heuristicStep(page);
  await heuristicStep(page);
  await saidOnce(page, /^Your network is unavailable: no network of yours is saved in this browser/);
  // The choice is remembered like any strategy.
  await page.reload();
  await page.waitForSelector('.g2048 .board[data-cells]');
  assert.equal(await chosen(page, 'strategy'), 'td');
  assert.equal(await chosen(page, 'network'), 'yours');
  await choose(page, 'strategy', 'greedy');
  assert.equal(await page.locator('.g2048 .setting-network').isVisible(), false, 'no network to choose for greedy');
  await step(page);
  await done();
});

// IndexedDB refuses (as in some private modes): every open throws.
const NO_IDB = `IDBFactory.prototype.open = function () { throw new DOMException('The user denied permission to access the database.', 'SecurityError'); };`;

test('storage unavailable: the learn page says so and loses nothing (the file still downloads); the game page says why', async () => {
  const { page, done } = await openPage(env, 'learn.html', { wait: false, initScript: NO_IDB });
  await page.waitForFunction(() => /cannot be kept in this browser: the browser's storage \(IndexedDB\) is unavailable here \(The user denied permission/.test(document.querySelector('.learn-store').textContent), null, { timeout: 20000 });
  assert.match(await page.textContent('.learn-store'), /Nothing is lost: Download the network keeps it as a file/);
  await trainSome(page, 100);
  await page.locator('.learn-save').click();
  await page.waitForFunction(() => /could not be saved in this browser: the browser's storage \(IndexedDB\) is unavailable/.test(document.querySelector('.learn-store').textContent), null, { timeout: 20000 });
  const [file] = await Promise.all([page.waitForEvent('download'), page.locator('.learn-download').click()]);
  assert.equal((await readFile(await file.path())).subarray(0, 7).toString('latin1'), '2048ntw');
  await page.goto(`${env.url}?seed=7`);
  await page.waitForSelector('.g2048 .board[data-cells]');
  await yours(page, 'td');
  await page.waitForSelector('.g2048 .notice-text');
  assert.match(await page.textContent('.g2048 .notices'), /Your network is unavailable: your network could not be read: the browser's storage \(IndexedDB\) is unavailable here/);
  await choose(page, 'strategy', 'greedy');
  await step(page);
  await done();
});

test('a corrupt saved network: the learn page names the problem and learns anew; the game page says why, the heuristic plays in its place', async () => {
  const { page, done } = await openPage(env, 'learn.html', { wait: false, initScript: SPY });
  await started(page);
  const tiny = [...readFileSync(new URL('../data/tiny-4x4-l8-i8.ntw', import.meta.url))];
  await page.evaluate(async (bytes) => {
    bytes[bytes.length - 50] ^= 1; // one bit: the checksum no longer matches
    await (await import('/www/learn/network-store.js')).saveNetwork(new Uint8Array(bytes), { games: 500 });
  }, tiny);
  await page.reload();
  await page.waitForFunction(() => /Your network saved in this browser could not be read: .*checksum.*Start learns a new one from nothing/.test(document.querySelector('.learn-status').textContent), null, { timeout: 20000 });
  assert.equal(await page.textContent('.learn-toggle'), 'Start');
  await page.goto(`${env.url}?seed=8`);
  await page.waitForSelector('.g2048 .board[data-cells]');
  await recordEvents(page);
  await yours(page, 'td');
  await page.waitForSelector('.g2048 .notice-text');
  assert.match(await page.textContent('.g2048 .notices'), /Your network is unavailable: your network could not be read \(.*checksum/);
  await heuristicStep(page);
  await heuristicStep(page);
  await saidOnce(page, /^Your network is unavailable: your network could not be read \(.*checksum/);
  await choose(page, 'strategy', 'expectimax');
  await choose(page, 'strength', 'ms10');
  await step(page);
  // Back on the learn page, training from nothing and pausing saves a good one over it.
  await page.goto(`${env.url}learn.html`);
  await trainSome(page, 100);
  await page.waitForFunction(() => /^Saved in this browser/.test(document.querySelector('.learn-store').textContent), null, { timeout: 20000 });
  await done();
});

test('learn: the main thread keeps its timers and frames while the worker trains', async () => {
  const { page, done } = await openPage(env, 'learn.html', { wait: false });
  await started(page);
  // A 16 ms timer and animation frames on the main thread, each noting the games reported
  // when it ran. (How often: not asserted; the outcome is that they run during a block.)
  await page.evaluate(() => {
    window.seenByTimer = [];
    window.seenByFrame = [];
    const games = () => document.querySelector('.learn-games dd').textContent;
    window.beat = setInterval(() => window.seenByTimer.push(games()), 16);
    const frame = () => {
      window.seenByFrame.push(games());
      window.raf = requestAnimationFrame(frame);
    };
    window.raf = requestAnimationFrame(frame);
  });
  await page.locator('.learn-toggle').click();
  await page.waitForFunction(() => Number(document.querySelector('.learn-games dd').textContent.replace(/,/g, '')) >= 1000, null, { timeout: 60000 });
  const r = await page.evaluate(() => {
    clearInterval(window.beat);
    cancelAnimationFrame(window.raf);
    // Ticks and frames during the training of one block: while the same count was shown, after the first block.
    const during = (seen) => {
      const counts = new Map();
      for (const g of seen) if (/\d/.test(g)) counts.set(g, (counts.get(g) ?? 0) + 1);
      return Math.max(0, ...counts.values());
    };
    return { ticks: during(window.seenByTimer), frames: during(window.seenByFrame) };
  });
  assert.ok(r.ticks >= 2, `the timer ran again while one block was training (at most ${r.ticks} times per block)`);
  assert.ok(r.frames >= 2, `frames were drawn while one block was training (at most ${r.frames} per block)`);
  await page.locator('.learn-toggle').click();
  assert.equal(await page.textContent('.learn-toggle'), 'Resume', 'a click is answered while training');
  await done();
});
