// The endgame set in the page (www/ai/endgame.js): a game near its stage, played by the learned
// search, downloads it once; the first worker reads it, and each worker the search splits over
// is sent it before its first request there, within 16 MB more wasm memory; the answers then
// name the set, and the merged values go back to a worker for the set's move. A game far from that stage never downloads it. A corrupt set makes one notice
// and one `error` event (source "endgame"), and the learned search plays on without it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { setup, openPage, engineCells, choose, cores, WORKER_SPY, recordEvents, events, idle } from './helpers.mjs';
import { ENDGAME_FILE, ENDGAME_FROM } from '../../www/ai/endgame.js';
import { setsName } from '../../tools/lib/ews.mjs';

const env = setup();
const SET = readFileSync(new URL(`../../${ENDGAME_FILE}`, import.meta.url));
// The sets' name: each set's checksum, joined by "+" (loadEndgame's `set`).
const NAME = setsName(SET);
// A board of the set's stage, from the endgame screen's starts.
const LATE = JSON.parse(readFileSync(new URL('../../data/endgame/starts-16384-80.jsonl', import.meta.url), 'utf8').split('\n')[0]).cells;
const isSet = (url) => url.endsWith(`/${ENDGAME_FILE}`);

// One AI move (Step): the board changes.
async function step(page) {
  const before = (await engineCells(page)).join(',');
  await page.locator('.g2048 .ai-step').click();
  await page.waitForFunction((b) => document.querySelector('.g2048 .board').dataset.cells !== b, before, { timeout: 30000 });
}

// Steps until an answer names the endgame set (or `most` steps); returns the steps taken.
async function stepUntilConsulted(page, most) {
  for (let i = 1; i <= most; i++) {
    await step(page);
    if (await page.evaluate(() => window.answers.some((a) => a.endgame))) return i;
  }
  return most;
}

async function openLate(cells, initScript = '') {
  const opened = await openPage(env, null, { initScript: `${cores(2)}${WORKER_SPY}${initScript}` });
  const downloads = [];
  opened.page.on('request', (r) => { if (isSet(r.url())) downloads.push(r.url()); });
  await opened.page.goto(`${env.url}?cells=${cells.join(',')}&seed=5&mode=endless`);
  await opened.page.waitForSelector('.g2048 .board[data-cells]');
  await recordEvents(opened.page);
  await choose(opened.page, 'strategy', 'expectimax-td');
  await choose(opened.page, 'strength', 'ms10');
  return { ...opened, downloads };
}

test('a game at the set\'s stage: the learned search downloads the set once, its workers read it, its answers name it', async () => {
  assert.ok(LATE.includes(ENDGAME_FROM), 'the board holds the set\'s tile');
  const { page, done, downloads } = await openLate(LATE);
  await stepUntilConsulted(page, 12);
  // Both workers of the split (the learned search splits over two) hold the set, read once each.
  await step(page);
  const [first, second, steer] = await page.evaluate(() => window.answers.slice(-3));
  const last = [first, second];
  assert.deepEqual(last.map((a) => a.endgame), [NAME, NAME], `the two parts of the last move consulted set ${NAME}`);
  // The merged values then go to a worker that holds the set, for its move (endgameMove).
  assert.ok(steer && !('values' in steer) && 'dir' in steer, `the set's move asked for last: ${JSON.stringify(steer)}`);
  const sent = await page.evaluate(() => window.endgameSent);
  assert.deepEqual(sent.map((s) => s.from), sent.map(() => ENDGAME_FROM));
  assert.deepEqual([...new Set(sent.map((s) => s.worker))].sort(), [...new Set(last.map((a) => a.worker))].sort(), 'sent to the workers that search with it');
  assert.equal(sent.length, new Set(sent.map((s) => s.worker)).size, 'once each');
  assert.equal(downloads.length, 1, `downloaded once: ${downloads}`);
  // Its read: the set's figures and the worker's wasm memory, at most 16 MB above what it held with the network.
  const [read] = await page.evaluate((name) => window.answers.filter((a) => a.set === name), NAME);
  const [network] = await page.evaluate((w) => window.networkInfo.filter((n) => n.worker === w), read.worker);
  assert.equal(read.from, ENDGAME_FROM);
  assert.ok(read.memory - network.memory <= 16 * 2 ** 20, `${read.memory - network.memory} bytes more wasm memory for the set`);
  console.log(`endgame set ${NAME}: ${read.positions} positions, ${(read.bytes / 1e6).toFixed(1)} MB in memory; wasm memory ${(network.memory / 1e6).toFixed(1)} -> ${(read.memory / 1e6).toFixed(1)} MB`);
  await done();
});

test('a game far from the set\'s stage never downloads it', async () => {
  const early = LATE.map((v) => (v >= ENDGAME_FROM / 4 ? v / 8 : v));
  const { page, done, downloads } = await openLate(early);
  for (let i = 0; i < 4; i++) await step(page);
  await page.waitForFunction(() => window.networkInfo.length > 0, null, { timeout: 30000 });
  for (let i = 0; i < 3; i++) await step(page);
  await idle(page);
  assert.deepEqual(downloads, []);
  assert.ok(await page.evaluate(() => window.answers.every((a) => !a.endgame)));
  await done();
});

test('a corrupt set: one notice and one error event name it, and the learned search plays on without it', async () => {
  const { page, context, done, downloads } = await openLate(LATE);
  await context.route((url) => isSet(url.pathname), (r) => r.fulfill({ status: 200, body: SET.subarray(0, SET.length >> 1) }));
  await stepUntilConsulted(page, 8);
  await page.waitForSelector('.g2048 .notice-text', { timeout: 30000 });
  assert.equal(await page.textContent('.g2048 .notice-text'), 'The endgame table could not be loaded (wall table cut short or with bytes past its end). The learned search plays on without it.');
  const from = await page.evaluate(() => window.answers.length);
  for (let i = 0; i < 3; i++) await step(page);
  const later = await page.evaluate((n) => window.answers.slice(n), from);
  assert.ok(later.length >= 3 && later.every((a) => a.dir && !a.endgame), 'the learned search plays on, with no set');
  assert.deepEqual((await events(page, { type: 'error' })).map((e) => e.detail.source), ['endgame'], 'one error event');
  assert.equal(await page.locator('.g2048 .notice').count(), 1, 'one notice');
  assert.equal(downloads.length, 1, 'not asked for again');
  await done();
});
