// The learned strategies (td, expectimax-td) in the page: the network downloads once,
// on first use, with its progress shown; only the workers that play them hold it (also one
// restarted after Stop, when it next needs it), and a game the heuristic plays alone sends
// it to none; a corrupt or missing file makes only them unavailable; the embed's
// strategy="td".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gzipSync, gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { setup, openPage, engineCells, choose, chosen, drawn, cores, WORKER_SPY, idle, recordEvents, events } from './helpers.mjs';
import { NETWORK_FILE } from '../../www/ai/network.js';

const env = setup();
const NETWORK = fileURLToPath(new URL(`../../${NETWORK_FILE}`, import.meta.url));
// The shipped file's size in MB as the progress line words it (the download: the file as
// compressed), and its kind (byte 12 of the weights file inside: 0 f32, 1 i16, 2 i8, 3 c8), so
// that a new export needs no edit here.
const NETWORK_BYTES = readFileSync(NETWORK);
const NETWORK_MB = (NETWORK_BYTES.length / 1e6).toFixed(1).replace('.', '\\.');
const WEIGHTS_FILE = gunzipSync(NETWORK_BYTES);
const NETWORK_KIND = ['f32', 'i16', 'i8', 'c8'][WEIGHTS_FILE[12]];
const MB = (n) => `${(n / 1e6).toFixed(1)} MB`;

// Counts the workers started, the network messages they were sent and the network
// figures they answered; records every text of the download's progress line.
const SPY = `${WORKER_SPY}
  window.progressTexts = [];
  new MutationObserver(() => {
    for (const t of document.querySelectorAll('.ai-network-text')) {
      if (window.progressTexts.at(-1) !== t.textContent) window.progressTexts.push(t.textContent);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });`;

// Whether `after` follows `before` by one of the moves the engine allows (plus a spawn).
async function legalStep(page, before, after) {
  return page.evaluate(async ({ cells, after }) => {
    const wasm = await import('/www/pkg/game2048_ai.js');
    await wasm.default({ module_or_path: '/www/pkg/game2048_ai_bg.wasm' });
    return ['up', 'right', 'down', 'left'].some((d) => {
      const g = wasm.Game.fromCells(4, cells, 1n);
      const moved = g.move(d);
      const slid = Array.from(g.cells());
      g.free();
      return moved && slid.filter((v, i) => v !== after[i]).length <= 2;
    });
  }, { cells: before, after });
}

async function step(page, timeout = 20000) {
  const before = await engineCells(page);
  await page.locator('.g2048 .ai-step').click();
  await page.waitForFunction((b) => document.querySelector('.g2048 .board').dataset.cells !== b, before.join(','), { timeout });
  assert.ok(await legalStep(page, before, await engineCells(page)), `a legal move from ${before}`);
}

// The decisions the workers were asked for (window.asked, a network's read left out), from request `from` on.
const askedSince = (page, from = 0) => page.evaluate((n) => window.asked.slice(n).filter((a) => a.cells !== 'undefined'), from);
const askedCount = (page) => page.evaluate(() => window.asked.length);

// Each worker's largest wasm memory in its answers to searches.
const searchMemory = (page) => page.evaluate(() => {
  const most = {};
  for (const a of window.answers) if (a.dir !== undefined && a.memory) most[a.worker] = Math.max(most[a.worker] ?? 0, a.memory);
  return most;
});

test('picking td downloads the network once (progress shown); td and expectimax-td play legal moves; only the workers that play them hold it, a worker restarted after Stop once it needs it', async () => {
  const { page, done } = await openPage(env, '?seed=5', { initScript: `${cores(4)}${SPY}`, clock: true });
  const downloads = [];
  page.on('request', (r) => { if (r.url().includes('/networks/')) downloads.push(r.url()); });
  await idle(page); // every request of the first visit is in `downloads` by now
  assert.deepEqual(downloads, [], 'not part of the first visit');
  await choose(page, 'strategy', 'td');
  assert.match(await page.textContent('.g2048 .ai-explanation'), /downloads its network/);
  await page.waitForFunction(() => window.networkInfo.length > 0, null, { timeout: 20000 });
  const texts = await page.evaluate(() => window.progressTexts);
  assert.ok(texts.some((t) => new RegExp(`^Downloading the learned network: \\d+\\.\\d of ${NETWORK_MB} MB$`).test(t)), `progress in words: ${texts.join(' | ')}`);
  // The line goes once the first worker has read the network.
  await page.waitForSelector('.g2048 .ai-network', { state: 'hidden', timeout: 10000 })
    .catch(() => assert.fail('the progress line goes once the network is read'));
  const [first] = await page.evaluate(() => window.networkInfo);
  const from = await askedCount(page);
  for (let i = 0; i < 3; i++) await step(page);
  assert.deepEqual([...new Set((await askedSince(page, from)).map((a) => `${a.strategy} ${a.worker}`))], [`td ${first.worker}`], 'td decided, in the worker that read the network');
  assert.deepEqual([...new Set((await page.evaluate(() => window.weightsSent)).map((s) => s.worker))], [first.worker], 'only that worker holds it');

  // expectimax-td with a time budget splits over the workers: each one it asks gets the network first.
  await choose(page, 'strategy', 'expectimax-td');
  await choose(page, 'strength', 'ms10');
  const split = await askedCount(page);
  await step(page);
  const parts = [...new Set((await askedSince(page, split)).map((a) => a.worker))];
  assert.ok(parts.length > 1, `the search split over ${parts.length} workers`);
  await page.waitForFunction((n) => window.networkInfo.length >= n, parts.length, { timeout: 20000 });
  const info = await page.evaluate(() => window.networkInfo);
  assert.deepEqual(info.map((n) => n.worker).sort(), [...parts].sort(), 'the workers of the split read it, once each');
  assert.equal(downloads.length, 1, `downloaded once: ${downloads}`);
  for (const n of info) {
    assert.equal(n.quantisation, NETWORK_KIND);
    assert.ok(n.memory <= 64 * 2 ** 20, `worker ${n.worker}: ${n.memory} bytes of wasm memory, at most 64 MB`);
    // The file reaches the engine in chunks: the worker holds the network and its search
    // tables, never the whole file (WEIGHTS_FILE.length more) beside them.
    assert.ok(n.memory - n.bytes < Math.min(8e6, WEIGHTS_FILE.length), `worker ${n.worker}: ${n.memory - n.bytes} bytes beside the network`);
  }
  console.log(`network in memory ${MB(first.bytes)}; wasm memory per worker with the network: ${info.map((n) => `#${n.worker} ${MB(n.memory)}`).join(', ')}`);

  // Stop while a long search runs (200k positions judged by the network: a second or more):
  // its worker is ended and a fresh one started, which gets the network with its first
  // request that needs it, not before.
  await choose(page, 'strength', 'nodes200000');
  await choose(page, 'speed', 'max');
  const workers = await page.evaluate(() => window.workers);
  const asked = await page.evaluate(() => window.asked.length);
  await page.locator('.g2048 .ai-toggle').click();
  // A worker has the search; Stop comes while it runs (its answer not in yet).
  await page.waitForFunction((n) => window.asked.length > n, asked);
  const unanswered = await page.evaluate((n) => {
    const mine = window.asked.slice(n);
    document.querySelector('.g2048 .ai-toggle').click();
    return mine.filter((a) => !window.answers.some((b) => b.id === a.id && b.worker === a.worker)).length;
  }, asked);
  assert.ok(unanswered > 0, 'Stop came while a search was running');
  assert.equal(await page.textContent('.g2048 .ai-toggle'), 'Start AI');
  await page.waitForFunction((n) => window.workers > n, workers, { timeout: 5000 });
  const fresh = await page.evaluate(() => window.workers);
  await page.waitForFunction((w) => window.readied.includes(w), fresh, { timeout: 20000 });
  assert.ok(!(await page.evaluate(() => window.weightsSent)).some((s) => s.worker === fresh), 'a fresh worker holds no network before it needs one');
  await choose(page, 'strategy', 'td');
  const again = await askedCount(page);
  for (let i = 0; i < 2; i++) await step(page);
  assert.deepEqual([...new Set((await askedSince(page, again)).map((a) => `${a.strategy} ${a.worker}`))], [`td ${fresh}`], 'the fresh worker plays td');
  assert.ok((await page.evaluate(() => window.weightsSent)).some((s) => s.worker === fresh), 'it was sent the network');
  assert.equal(await chosen(page, 'strategy'), 'td');
  assert.equal(downloads.length, 1, 'no second download');
  await done();
});

test('a game the heuristic plays alone sends the network to no worker', async () => {
  const { page, done } = await openPage(env, '?seed=8', { initScript: `${cores(4)}${SPY}`, clock: true });
  const downloads = [];
  page.on('request', (r) => { if (r.url().includes('/networks/')) downloads.push(r.url()); });
  await choose(page, 'speed', 'max');
  await page.locator('.g2048 .ai-toggle').click();
  // Every worker searched its parts of enough moves.
  await page.waitForFunction(() => new Set(window.answers.map((a) => a.worker)).size === 4
    && window.answers.filter((a) => a.dir !== undefined).length >= 40, null, { timeout: 60000 });
  await page.locator('.g2048 .ai-toggle').click();
  await idle(page);
  assert.deepEqual([...new Set((await askedSince(page)).map((a) => a.strategy))], ['expectimax']);
  assert.deepEqual(await page.evaluate(() => window.weightsSent), [], 'no worker was sent a network');
  assert.deepEqual(downloads, [], 'nor was one downloaded');
  const memory = await searchMemory(page);
  console.log(`wasm memory per worker, heuristic only: ${Object.entries(memory).map(([w, m]) => `#${w} ${MB(m)}`).join(', ')}`);
  await done();
});

// A byte changed in the download (the gzip stream is damaged), a weights file changed before
// it was compressed (the engine finds it), a file the host sends uncompressed and damaged.
const flip = (bytes, at) => Buffer.from(bytes.map((b, i) => (i === at ? b ^ 0xff : b)));
for (const [what, route, reason] of [
  ['a corrupt network file', () => ({ body: flip(NETWORK_BYTES, 5000) }), /read \(the compressed weights file is damaged/],
  ['a compressed corrupt weights file', () => ({ body: gzipSync(flip(WEIGHTS_FILE, 5000)) }), /read \(weights file is corrupt/],
  ['an uncompressed corrupt weights file', () => ({ body: flip(WEIGHTS_FILE, 5000) }), /read \(weights file is corrupt/],
  ['a missing network file (404)', () => ({ status: 404, body: 'not found' }), /downloaded \(HTTP 404/],
]) {
  test(`${what}: the learned strategies say why they are unavailable; expectimax still plays`, async () => {
    const { page, done, errors } = await openPage(env, '?seed=6', { initScript: SPY, wait: false });
    await recordEvents(page);
    await page.route(`**/${NETWORK_FILE}`, (r) => r.fulfill({ contentType: 'application/octet-stream', ...route() }));
    await page.waitForSelector('.g2048 .board[data-cells]');
    await choose(page, 'strategy', 'td');
    await page.waitForSelector('.g2048 .notice-text');
    const notice = await page.textContent('.g2048 .notices');
    assert.match(notice, /The learned strategies are unavailable: the learned network could not be /);
    assert.match(notice, reason);
    assert.match(await page.textContent('.g2048 .ai-network'), /unavailable/);
    // Step with td: refused with the reason (the AI's error event), the board unchanged.
    const before = await engineCells(page);
    const said = (await events(page, { type: 'error' })).length;
    await page.locator('.g2048 .ai-step').click();
    await page.waitForFunction((n) => window.__events.filter((e) => e.type === 'error').length > n, said);
    assert.match((await events(page, { type: 'error' })).at(-1).detail.message, /^The AI failed: the learned network could not be/);
    assert.deepEqual(await engineCells(page), before, 'td did not move');
    await choose(page, 'strategy', 'expectimax');
    await choose(page, 'strength', 'ms10');
    await step(page);
    // The browser's own line about the 404 response.
    errors.splice(0, errors.length, ...errors.filter((e) => !/404/.test(e)));
    await done();
  });
}

// A host that serves the file with Content-Encoding: gzip has the browser decompress it: the
// workers then get the weights file itself, and read it as well.
test('a network that arrives uncompressed plays as well', async () => {
  const { page, done } = await openPage(env, '?seed=7', { initScript: SPY, wait: false });
  await page.route(`**/${NETWORK_FILE}`, (r) => r.fulfill({ contentType: 'application/octet-stream', body: WEIGHTS_FILE }));
  await page.waitForSelector('.g2048 .board[data-cells]');
  await choose(page, 'strategy', 'td');
  await page.waitForFunction(() => window.networkInfo.length > 0, null, { timeout: 20000 });
  assert.equal((await page.evaluate(() => window.networkInfo))[0].quantisation, NETWORK_KIND);
  await step(page);
  await done();
});

test('the embed with strategy="td" plays with the network', async () => {
  const { page, done } = await openPage(env, 'tests/e2e/fixtures/learned-embed.html', { initScript: SPY, wait: false });
  await drawn(page, '#learned');
  const before = await page.evaluate(() => document.querySelector('#learned').cells);
  await page.evaluate(() => document.querySelector('#learned').step());
  await page.waitForFunction((b) => String(document.querySelector('#learned').cells) !== b, String(before), { timeout: 20000 });
  assert.equal(await page.evaluate(() => window.networkInfo.length > 0), true, 'the worker read the network');
  await done();
});

test('the compare page plays td against greedy: the network downloads first, every game ends', async () => {
  const { page, done } = await openPage(env, 'compare.html', { wait: false, initScript: SPY });
  await page.waitForSelector('[data-compare][data-ready="true"]');
  await page.evaluate(() => {
    for (const [i, name] of ['td', 'greedy'].entries()) {
      while (document.querySelectorAll('.compare-row').length <= i) document.querySelector('.compare-add').click();
      const s = document.querySelectorAll('.compare-row')[i].querySelector('.compare-strategy');
      s.value = name;
      s.dispatchEvent(new Event('change'));
    }
    document.querySelector('.compare-games').value = '2';
    document.querySelector('.compare-size').value = '4';
  });
  await page.locator('.compare-run').click();
  await page.waitForFunction(() => /^Done: 2 games/.test(document.querySelector('.compare-status').textContent), null, { timeout: 120000 });
  assert.ok(await page.evaluate(() => window.weightsSent.length > 0), 'the workers got the network');
  // td beats greedy on the same seeds: its largest tiles are well above greedy's.
  assert.equal(await page.locator('.chart-tiles .series').count(), 2);
  await done();
});
