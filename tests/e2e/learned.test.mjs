// The learned strategies (td, expectimax-td) in the page: the network downloads once, on
// first use, and until the first worker has read it the heuristic (expectimax) plays in
// their place, the line saying so with the progress; then td plays. Only the workers that
// play a learned strategy hold the network (also one restarted after Stop, when it next
// needs it); a game the heuristic plays alone sends it to none. A corrupt or missing file
// leaves the heuristic playing, with one notice and one error event; the embed's
// strategy="td"; the compare page.
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
// compressed), half of it (HOLD), and its kind (byte 12 of the weights file inside: 0 f32, 1
// i16, 2 i8, 3 c8), so that a new export needs no edit here.
const NETWORK_BYTES = readFileSync(NETWORK);
const NETWORK_MB = (NETWORK_BYTES.length / 1e6).toFixed(1);
const HALF_MB = ((NETWORK_BYTES.length >> 1) / 1e6).toFixed(1);
const WEIGHTS_FILE = gunzipSync(NETWORK_BYTES);
const NETWORK_KIND = ['f32', 'i16', 'i8', 'c8'][WEIGHTS_FILE[12]];
const MB = (n) => `${(n / 1e6).toFixed(1)} MB`;

// Counts the workers started, the network messages they were sent and the network
// figures they answered; records every text of the network's line.
const SPY = `${WORKER_SPY}
  window.progressTexts = [];
  new MutationObserver(() => {
    for (const t of document.querySelectorAll('.ai-network-text')) {
      if (window.progressTexts.at(-1) !== t.textContent) window.progressTexts.push(t.textContent);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });`;

// The network's download held half-way: the page's fetch of it answers with a stream that
// gives the first half of the file at once (Content-Length says the whole, so the line reads
// "HALF_MB of NETWORK_MB MB") and the rest when the test calls window.releaseNetwork().
const HOLD = `
  (() => {
    const realFetch = window.fetch;
    let release;
    const released = new Promise((r) => { release = r; });
    window.releaseNetwork = () => release();
    window.fetch = async function (input, init) {
      if (!String(input?.url ?? input).includes('/networks/')) return realFetch.call(this, input, init);
      const response = await realFetch.call(this, input, init);
      const bytes = new Uint8Array(await response.arrayBuffer());
      const half = bytes.length >> 1;
      const body = new ReadableStream({
        async start(c) {
          c.enqueue(bytes.slice(0, half));
          await released;
          c.enqueue(bytes.slice(half));
          c.close();
        },
      });
      return new Response(body, { headers: { 'content-length': String(bytes.length) } });
    };
  })();`;

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

// A hint's words: the move, and what each other move loses against it: in points (the learned
// players' values), or as a share of the heuristic's value, never a raw evaluation.
const HINT_IN_POINTS = /^Hint: (up|right|down|left)(: the only move|\. The others lose [↑→↓←] (−[\d.]+[kM]?|0)(, [↑→↓←] (−[\d.]+[kM]?|0))* points(; [↑→↓← ]+ cannot move)?)\.$/;
const HINT_BY_HEURISTIC = /^Hint: (up|right|down|left) \(from the heuristic\)(: the only move|\. The others lose [↑→↓←] (−[\d.]+%|<0\.01%|0)(, [↑→↓←] (−[\d.]+%|<0\.01%|0))* of its value(; [↑→↓← ]+ cannot move)?)\.$/;
// The panel's four moves: the AI's ("best"), and each other one's loss in the hint's unit ("–": no move).
const panelValues = (page) => page.$$eval('.g2048 .ai-value', (els) => els.map((e) => ({ best: e.classList.contains('ai-best'), text: e.querySelector('.ai-number').textContent })));

// Hint: its words in the status line once it answered (a hint before it is cleared first by a move).
async function hint(page) {
  await page.locator('.g2048 .ai-hint').click();
  await page.waitForFunction(() => /^Hint: /.test(document.querySelector('.g2048 .ai-status').textContent), null, { timeout: 20000 });
  return page.textContent('.g2048 .ai-status');
}

// The decisions the workers were asked for (window.asked, a network's read left out), from request `from` on.
const askedSince = (page, from = 0) => page.evaluate((n) => window.asked.slice(n).filter((a) => a.cells !== 'undefined'), from);
const askedCount = (page) => page.evaluate(() => window.asked.length);
const lineText = (page) => page.textContent('.g2048 .ai-network-text');

// Each worker's largest wasm memory in its answers to searches (no network read yet).
const searchMemory = (page) => page.evaluate(() => {
  const most = {};
  for (const a of window.answers) if (a.dir !== undefined && a.memory) most[a.worker] = Math.max(most[a.worker] ?? 0, a.memory);
  return most;
});

test('td: the heuristic plays while the network downloads, the line says so with the progress; once the first worker read it, td plays; only the workers that play it hold it', async () => {
  const { page, done } = await openPage(env, '?seed=5', { initScript: `${cores(4)}${SPY}${HOLD}`, clock: true });
  const downloads = [];
  page.on('request', (r) => { if (r.url().includes('/networks/')) downloads.push(r.url()); });
  await idle(page); // every request of the first visit is in `downloads` by now
  assert.deepEqual(downloads, [], 'not part of the first visit');
  await choose(page, 'strategy', 'td');
  assert.match(await page.textContent('.g2048 .ai-explanation'), /downloads its network/);
  // Half the file is in, the rest held back: the heuristic plays td's moves, and the line says so.
  const downloading = `The heuristic plays while the learned network downloads: ${HALF_MB} of ${NETWORK_MB} MB`;
  await page.waitForFunction((t) => document.querySelector('.g2048 .ai-network-text').textContent === t, downloading, { timeout: 20000 });
  for (let i = 0; i < 3; i++) await step(page);
  assert.match(await hint(page), HINT_BY_HEURISTIC, 'the hint answers at once, says who, and what the other moves lose as shares');
  assert.match(await page.textContent('.g2048 .ai-values-about'), /as a share of its value \(this player's values are not points\)/);
  for (const v of await panelValues(page)) assert.match(v.text, v.best ? /^best$/ : /^(−[\d.]+%|<0\.01%|0|–)$/, 'a share, never a raw evaluation');
  const early = await askedSince(page);
  assert.ok(early.length >= 4, 'three steps and a hint asked the workers');
  assert.deepEqual([...new Set(early.map((a) => a.strategy))], ['expectimax'], 'the heuristic decided them');
  assert.deepEqual(await page.evaluate(() => window.weightsSent), [], 'no worker was sent the network');
  assert.equal(await lineText(page), downloading, 'still downloading');
  const heuristicMemory = await searchMemory(page);

  // The rest of the file: the first worker reads it, the line goes, and td plays the next move.
  await page.evaluate(() => window.releaseNetwork());
  await page.waitForSelector('.g2048 .ai-network', { state: 'hidden', timeout: 20000 })
    .catch(() => assert.fail('the line goes once the first worker has read the network'));
  const [first] = await page.evaluate(() => window.networkInfo);
  assert.equal(first.quantisation, NETWORK_KIND);
  const texts = await page.evaluate(() => window.progressTexts);
  assert.ok(texts.some((t) => new RegExp(`^The heuristic plays while the learned network downloads: \\d+\\.\\d of ${NETWORK_MB.replace('.', '\\.')} MB$`).test(t)), `progress in words: ${texts.join(' | ')}`);
  const from = await askedCount(page);
  for (let i = 0; i < 3; i++) await step(page);
  assert.match(await hint(page), HINT_IN_POINTS, 'td\'s own hint, the other moves\' losses in points');
  assert.match(await page.textContent('.g2048 .ai-values-about'), /the points each other move loses against it/);
  const values = await panelValues(page);
  assert.equal(values.filter((v) => v.best).length, 1, 'the AI\'s move is marked');
  for (const v of values) assert.match(v.text, v.best ? /^best$/ : /^(−[\d.]+[kM]?|0|–)$/, 'a loss in points, never a raw evaluation');
  const later = await askedSince(page, from);
  assert.deepEqual([...new Set(later.map((a) => `${a.strategy} ${a.worker}`))], [`td ${first.worker}`], 'td decided, in the worker that read the network');
  assert.deepEqual([...new Set((await page.evaluate(() => window.weightsSent)).map((s) => s.worker))], [first.worker], 'only that worker holds it');

  // expectimax-td with a time budget splits over two workers at most: each one it asks gets the network first.
  await choose(page, 'strategy', 'expectimax-td');
  await choose(page, 'strength', 'ms10');
  const split = await askedCount(page);
  await step(page);
  const parts = [...new Set((await askedSince(page, split)).map((a) => a.worker))];
  assert.equal(parts.length, 2, `the search split over two of the four workers (TD_WORKERS), not ${parts.length}`);
  await page.waitForFunction((n) => window.networkInfo.length >= n, parts.length, { timeout: 20000 });
  const info = await page.evaluate(() => window.networkInfo);
  assert.deepEqual(info.map((n) => n.worker).sort(), [...parts].sort(), 'the workers of the split read it, once each');
  assert.equal(downloads.length, 1, `downloaded once: ${downloads}`);
  for (const n of info) {
    assert.ok(n.memory <= 48 * 2 ** 20, `worker ${n.worker}: ${n.memory} bytes of wasm memory, at most 48 MB`);
    // The file reaches the engine in chunks: the worker holds the network and its search
    // tables, never the whole file (WEIGHTS_FILE.length more) beside them.
    assert.ok(n.memory - n.bytes < Math.min(8e6, WEIGHTS_FILE.length), `worker ${n.worker}: ${n.memory - n.bytes} bytes beside the network`);
  }
  console.log(`network in memory ${MB(first.bytes)}; wasm memory per worker, heuristic searches only: ${Object.entries(heuristicMemory).map(([w, m]) => `#${w} ${MB(m)}`).join(', ')}; with the network: ${info.map((n) => `#${n.worker} ${MB(n.memory)}`).join(', ')}`);

  // Stop while a long search runs (a second a move, split over the two workers that hold the
  // network): its workers are ended and fresh ones started; the first worker's replacement
  // gets the network with its first request that needs it, not before.
  await choose(page, 'strength', 'ms1000');
  await choose(page, 'speed', 'max');
  const workers = await page.evaluate(() => window.workers);
  const asked = await page.evaluate(() => window.asked.length);
  await page.locator('.g2048 .ai-toggle').click();
  // Stop comes while both workers search their part (no answer in yet). A part of one legal
  // move answers at once, so Stop waits for a move whose two parts each have two or more.
  const handle = await page.waitForFunction((n) => {
    const pair = window.asked.slice(n).slice(-2);
    if (pair.length < 2 || pair[0].cells !== pair[1].cells || pair.some((a) => !(a.moves?.length >= 2))) return false;
    if (pair.some((a) => window.answers.some((b) => b.id === a.id && b.worker === a.worker))) return false;
    document.querySelector('.g2048 .ai-toggle').click();
    return pair.map((a) => a.worker);
  }, asked, { timeout: 20000 });
  const running = await handle.jsonValue();
  assert.equal(new Set(running).size, 2, `Stop came while both parts of the search were running, on workers ${running}`);
  assert.equal(await page.textContent('.g2048 .ai-toggle'), 'Start AI');
  await page.waitForFunction((n) => window.workers >= n + 2, workers, { timeout: 5000 });
  // Replaced in the order of their parts: the first worker's replacement comes first.
  const fresh = workers + 1;
  await page.waitForFunction((w) => window.readied.includes(w), fresh, { timeout: 20000 });
  assert.ok(!(await page.evaluate(() => window.weightsSent)).some((s) => s.worker > workers), 'a fresh worker holds no network before it needs one');
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
  await choose(page, 'strategy', 'expectimax');
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
  test(`${what}: the heuristic plays in the learned strategies' place, with one notice and one error event saying why`, async () => {
    const { page, done, errors } = await openPage(env, '?seed=6', { initScript: SPY, wait: false });
    await recordEvents(page);
    await page.route(`**/${NETWORK_FILE}`, (r) => r.fulfill({ contentType: 'application/octet-stream', ...route() }));
    await page.waitForSelector('.g2048 .board[data-cells]');
    await choose(page, 'strategy', 'td');
    await page.waitForSelector('.g2048 .notice-text');
    const notice = await page.textContent('.g2048 .notice-text');
    assert.match(notice, /^The learned network is unavailable: the learned network could not be /);
    assert.match(notice, reason);
    assert.match(notice, /\. The heuristic \(Expectimax\) plays in its place\.$/);
    assert.match(await lineText(page), /^The learned network is unavailable: .+\. The heuristic plays\.$/);
    // The AI plays on with td picked: the heuristic decides every move, Hint too.
    await choose(page, 'speed', 'max');
    const from = await askedCount(page);
    await page.locator('.g2048 .ai-toggle').click();
    await page.waitForFunction(() => window.__events.filter((e) => e.type === 'move' && e.detail.by === 'ai').length >= 10, null, { timeout: 60000 });
    await page.locator('.g2048 .ai-toggle').click();
    await step(page);
    assert.match(await hint(page), HINT_BY_HEURISTIC);
    assert.deepEqual([...new Set((await askedSince(page, from)).map((a) => a.strategy))], ['expectimax'], 'the heuristic decided');
    assert.equal(await chosen(page, 'strategy'), 'td');
    // One notice, one error event (source "network"); the AI never stopped for an error.
    assert.equal(await page.locator('.g2048 .notice').count(), 1, 'one notice');
    const said = await events(page, { type: 'error' });
    assert.deepEqual(said.map((e) => e.detail), [{ message: notice, source: 'network' }], 'one error event');
    assert.ok(!(await events(page, { type: 'ai-stop' })).some((e) => e.detail.reason === 'error'), 'the AI did not stop for an error');
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

test('the embed with strategy="td": the heuristic plays while the network downloads, then td', async () => {
  const { page, done } = await openPage(env, 'tests/e2e/fixtures/learned-embed.html', { initScript: `${SPY}${HOLD}`, wait: false });
  await drawn(page, '#learned');
  const moved = async () => {
    const before = String(await page.evaluate(() => document.querySelector('#learned').cells));
    const from = await askedCount(page);
    await page.evaluate(() => document.querySelector('#learned').step());
    await page.waitForFunction((b) => String(document.querySelector('#learned').cells) !== b, before, { timeout: 20000 });
    return [...new Set((await askedSince(page, from)).map((a) => a.strategy))];
  };
  const line = () => page.evaluate(() => document.querySelector('#learned').shadowRoot.querySelector('.ai-network-text').textContent);
  assert.deepEqual(await moved(), ['expectimax'], 'the heuristic played');
  await page.waitForFunction(() => /^The heuristic plays while the learned network downloads: /.test(document.querySelector('#learned').shadowRoot.querySelector('.ai-network-text').textContent), null, { timeout: 20000 });
  assert.match(await line(), new RegExp(`: ${HALF_MB.replace('.', '\\.')} of`));
  await page.evaluate(() => window.releaseNetwork());
  await page.waitForFunction(() => window.networkInfo.length > 0, null, { timeout: 20000 });
  assert.deepEqual(await moved(), ['td'], 'td played once the network was read');
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
