// The root split of a node budget over the worker pool: the same move as one thread,
// every worker used, Stop and Undo cancelling every part, a worker that dies during a
// split replaced and its part searched again, and a page that stays responsive.
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPage, engineCells, choose, chosen, WORKER_SPY, cores, answered, startBeat, beatOver, countAiMoves, aiMovesSinceStop } from './helpers.mjs';

const env = setup();
const DIRS = ['up', 'right', 'down', 'left'];
const KEY = { up: 'ArrowUp', right: 'ArrowRight', down: 'ArrowDown', left: 'ArrowLeft' };
const toggle = (page) => page.locator('.g2048 .ai-toggle');
// The largest offered node budget: the patched worker below never answers it (a search
// that is still running when the test acts), whatever the machine's speed.
const HANG = 'nodes10000000';

const WORKER_SOURCE = readFileSync(new URL('../../www/ai/worker.js', import.meta.url), 'utf8');
const HANDLER = 'self.onmessage = ({ data }) => {';

/** Serves www/ai/worker.js with `first(n)` (the n-th worker's code, 1-based) run first on every message. */
async function patchWorkers(context, first) {
  assert.ok(WORKER_SOURCE.includes(HANDLER), 'the worker still has its message handler');
  const served = { count: 0 };
  await context.route((url) => url.pathname.endsWith('/www/ai/worker.js'), (route) => {
    served.count++;
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: WORKER_SOURCE.replace(HANDLER, `${HANDLER}\n${first(served.count)}`) });
  });
  return served;
}

// Positions with four, three and two legal moves, and an 8x8 one (the exact grid).
const POSITIONS = [
  [4, [2, 2, 0, 0, 0, 4, 0, 0, 0, 0, 8, 0, 0, 0, 0, 2]],
  [4, [2, 4, 8, 16, 32, 64, 128, 256, 2, 0, 0, 0, 4, 8, 16, 32]],
  [4, [2, 4, 2, 4, 4, 2, 4, 2, 2, 4, 2, 4, 4, 2, 4, 0]],
  [4, [1024, 512, 256, 128, 8, 16, 32, 64, 4, 2, 0, 0, 2, 0, 0, 0]],
  [8, [2, 4, 0, 0, 0, 0, 0, 2, ...new Array(48).fill(0), 8, 0, 0, 0, 0, 0, 0, 4]],
];

test('a node budget split over four workers plays exactly the one-thread move (values, nodes, depth too), one worker per legal move', async () => {
  const { page, done } = await openPage(env, '?seed=41', { initScript: WORKER_SPY });
  const runs = await page.evaluate(async (positions) => {
    const core = await import('/www/pkg/game2048_records.js');
    await core.default();
    const full = await import('/www/pkg/game2048_ai.js');
    await full.default({ module_or_path: '/www/pkg/game2048_ai_bg.wasm' });
    const { createAi } = await import('/www/ai/pool.js');
    const pool = createAi({ legalMoves: core.legalMoves, count: 4 });
    const out = [];
    for (const [size, cells] of positions) {
      const options = { strategy: 'expectimax', nodes: 40000 };
      const from = window.asked.length;
      const split = await pool.decide(cells, size, options);
      const one = full.bestMove(cells, size, options); // one thread, this one: the arena's search
      out.push({ legal: Array.from(core.legalMoves(cells, size)), split, one, asked: window.asked.slice(from) });
    }
    pool.destroy();
    return out;
  }, POSITIONS);
  for (const { legal, split, one, asked } of runs) {
    const what = (d) => ({ dir: d.dir, values: d.values, nodes: d.nodes, depth: d.depth });
    assert.deepEqual(what(split), what(one), `the same decision on ${asked[0]?.cells}`);
    assert.equal(asked.length, legal.length, `one request per legal move (${legal})`);
    assert.equal(new Set(asked.map((a) => a.worker)).size, legal.length, 'each to its own worker');
    assert.deepEqual(asked.flatMap((a) => a.moves).sort(), [...legal].sort());
  }
  assert.ok(runs.some((r) => r.legal.length === 4), 'a position used all four workers');
  await done();
});

test('Start AI at expectimax\'s node budget uses every worker: each legal root move of each position goes to its own worker', async () => {
  const { page, done } = await openPage(env, '?seed=42', { initScript: cores(8) + WORKER_SPY });
  await choose(page, 'strategy', 'expectimax');
  await choose(page, 'speed', 'max');
  assert.equal(await chosen(page, 'strength'), 'auto', 'expectimax\'s default: a node budget that fits the speed');
  await toggle(page).click();
  await page.waitForFunction(() => new Set(window.asked.map((a) => a.cells)).size >= 15, null, { timeout: 30000 });
  await toggle(page).click();
  const { CALIBRATION } = await import('../../www/ai/strength-figures.js');
  const asked = await page.evaluate(() => window.asked);
  assert.equal(asked.filter((a) => a.cells === String(CALIBRATION.cells)).length, CALIBRATION.runs, 'the pool calibrated once');
  const byPosition = new Map();
  for (const a of asked.filter((r) => r.cells !== String(CALIBRATION.cells))) byPosition.set(a.cells, [...(byPosition.get(a.cells) ?? []), a]);
  const workersUsed = new Set();
  let split = 0;
  for (const requests of byPosition.values()) {
    const moves = requests.flatMap((r) => r.moves ?? DIRS);
    assert.equal(new Set(moves).size, moves.length, 'no move searched twice');
    assert.equal(new Set(requests.map((r) => r.worker)).size, requests.length, 'each part to its own worker');
    if (requests.length > 1) split++;
    for (const r of requests) workersUsed.add(r.worker);
  }
  assert.ok(split >= 10, `positions split over several workers (${split})`);
  assert.equal(workersUsed.size, 4, 'all four workers searched');
  await done();
});

for (const action of ['Stop', 'Undo']) {
  test(`${action} cancels every part of a split search at once; the next request is answered`, async () => {
    const { page, context, done } = await openPage(env, null, { initScript: cores(8) + WORKER_SPY });
    // Requests at the HANG budget never get an answer: the search is running when we act.
    await patchWorkers(context, () => `if (data?.options?.nodes === ${Number(HANG.slice(5))}) return;`);
    await page.goto(`${env.url}?seed=43`);
    await page.waitForSelector('.g2048 .board[data-cells]');
    await choose(page, 'strategy', 'expectimax');
    await choose(page, 'speed', 'max');
    if (action === 'Undo') {
      for (const d of DIRS) {
        await page.keyboard.press(KEY[d]);
        if (!(await page.locator('.g2048 .undo-button').isDisabled())) break;
      }
    }
    const cells = await engineCells(page);
    await choose(page, 'strength', HANG);
    await toggle(page).click();
    await page.waitForFunction((n) => window.asked.filter((a) => a.nodes === n).length >= 2, Number(HANG.slice(5)));
    assert.deepEqual(await page.evaluate(() => window.terminated ?? []), [], 'no worker ended yet');
    if (action === 'Stop') await toggle(page).click();
    else await page.locator('.g2048 .undo-button').click();
    assert.equal(await toggle(page).textContent(), 'Start AI', `${action} stopped the AI`);
    const ended = await page.evaluate(() => window.terminated ?? []);
    // Read after the action: a part goes to its worker once that worker is ready, so on a busy
    // machine the last parts may be sent after the first two were seen.
    const parts = await page.evaluate(() => window.asked.filter((a) => a.nodes === 10000000));
    assert.ok(parts.length >= 2, 'the search was split');
    assert.deepEqual([...ended].sort(), parts.map((p) => p.worker).sort(), `${action}: every worker busy with a part was ended, at once`);
    if (action === 'Stop') assert.deepEqual(await engineCells(page), cells, 'no move was played');
    await choose(page, 'strength', 'nodes50000');
    await page.locator('.g2048 .ai-hint').click();
    await page.waitForFunction(() => /^Hint: (up|right|down|left)\b/.test(document.querySelector('.g2048 .ai-status').textContent));
    assert.equal(await page.locator('.g2048 .notice').count(), 0, 'a cancellation shows no error');
    await done();
  });
}

test('a worker that dies during a split is replaced and its part searched again: the same move as one thread', { timeout: 60000 }, async () => {
  const { page, context, done } = await openPage(env, null, { initScript: WORKER_SPY });
  // The first worker started answers its first request as a trapped instance does, and closes.
  const served = await patchWorkers(context, (n) => (n !== 1 ? '' : `if (data?.id != null) {
    postMessage({ id: data.id, error: 'test trap', fatal: true });
    close();
    return;
  }`));
  await page.goto(`${env.url}?seed=44`);
  await page.waitForSelector('.g2048 .board[data-cells]');
  const r = await page.evaluate(async () => {
    const core = await import('/www/pkg/game2048_records.js');
    await core.default();
    const full = await import('/www/pkg/game2048_ai.js');
    await full.default({ module_or_path: '/www/pkg/game2048_ai_bg.wasm' });
    const { createAi } = await import('/www/ai/pool.js');
    const pool = createAi({ legalMoves: core.legalMoves, count: 4 });
    const cells = [2, 2, 0, 0, 0, 4, 0, 0, 0, 0, 8, 0, 0, 0, 0, 2];
    const options = { strategy: 'expectimax', nodes: 40000 };
    const split = await pool.decide(cells, 4, options);
    const one = full.bestMove(cells, 4, options);
    const again = await pool.decide(cells, 4, options); // the pool serves on
    pool.destroy();
    return { split, one, again, asked: window.asked, answers: window.answers };
  });
  const what = (d) => ({ dir: d.dir, values: d.values, nodes: d.nodes, depth: d.depth });
  assert.deepEqual(what(r.split), what(r.one), 'the merged answer is the one-thread answer');
  assert.deepEqual(what(r.again), what(r.one));
  assert.equal(served.count, 5, 'four workers and one replacement');
  const trapped = r.answers.find((a) => a.fatal);
  assert.ok(trapped, 'a worker died with a request');
  const lost = r.asked.find((a) => a.id === trapped.id);
  const resent = r.asked.filter((a) => a.id === trapped.id && a.worker !== trapped.worker);
  assert.equal(resent.length, 1, 'its part was sent to the replacement');
  assert.deepEqual(resent[0].moves, lost.moves, 'the same root moves');
  assert.ok(r.answers.some((a) => a.id === trapped.id && !a.error), 'and answered');
  await done();
});

test('in the page, a worker that crashes during a split search is replaced, its part searched again, and the AI plays on', { timeout: 60000 }, async () => {
  const { page, context, errors, done } = await openPage(env, null, { initScript: cores(8) + WORKER_SPY });
  // The second worker started takes its second split part (it is loaded and has answered one),
  // then dies outside any handler.
  const served = await patchWorkers(context, (n) => (n !== 2 ? '' : `if (data?.options?.moves && (self.parts = (self.parts ?? 0) + 1) === 2) {
    setTimeout(() => { throw new Error('test crash'); });
    return;
  }`));
  await page.goto(`${env.url}?seed=46`);
  await page.waitForSelector('.g2048 .board[data-cells]');
  await page.evaluate(() => {
    window.aiMoves = 0;
    document.addEventListener('move', (e) => e.detail.by === 'ai' && window.aiMoves++);
  });
  await choose(page, 'strategy', 'expectimax');
  await choose(page, 'speed', 'max');
  await choose(page, 'strength', 'nodes50000');
  await toggle(page).click();
  await page.waitForFunction(() => window.aiMoves >= 10, null, { timeout: 30000 });
  const started = served.count;
  await toggle(page).click();
  assert.equal(started, 5, 'four workers and one replacement');
  const { asked, answers, terminated } = await page.evaluate(() => ({ asked: window.asked, answers: window.answers, terminated: window.terminated ?? [] }));
  // The crashed worker is the one the page ended (Stop ends none: it came between two moves, or ends the busy ones after).
  const dead = terminated[0];
  const lost = asked.find((a) => a.worker === dead && a.moves && !answers.some((b) => b.id === a.id && b.worker === dead));
  assert.ok(lost, 'the crashed worker had a split part it never answered');
  const again = asked.filter((a) => a.id === lost.id && a.worker !== dead);
  assert.equal(again.length, 1, 'the part was sent to the replacement');
  assert.deepEqual(again[0].moves, lost.moves, 'the same root moves');
  assert.ok(answers.some((a) => a.id === lost.id && a.worker === again[0].worker && !a.error), 'and answered: the move was played');
  assert.equal(await page.locator('.g2048 .notice').count(), 0, 'no error shown');
  errors.splice(0, errors.length, ...errors.filter((e) => !/test crash/.test(e)));
  await done();
});

test('at Max on four workers a 16 ms main-thread timer keeps firing (about once a frame) and a key stops the AI at once', async () => {
  const { page, done } = await openPage(env, '?seed=45', { initScript: cores(8) + WORKER_SPY });
  await choose(page, 'speed', 'max');
  await countAiMoves(page);
  // The rate, measured against the page's own frames over 30 of them drawn while the AI plays:
  // a 16 ms timer fires about once per 16.7 ms frame; at least one tick per two frames is
  // asserted. A slow machine slows frames and ticks alike; a main thread the AI kept busy
  // would draw no frames while it plays, one that starved its timers few ticks per frame.
  await startBeat(page, 'aiMoves');
  await toggle(page).click();
  const r = await beatOver(page, { frames: 30, moves: 2 });
  assert.ok(r.counted >= 2, `the AI played during the ${r.frames} frames (${r.counted} moves)`);
  assert.ok(r.ticks >= r.frames / 2, `the 16 ms timer fired ${r.ticks} times in ${r.frames} frames while the AI played on four workers (at least one tick per two frames)`);
  let stopped = false;
  for (const d of DIRS) {
    await page.keyboard.press(KEY[d]);
    // At once: checked right after the key, before any further AI answer could matter.
    if ((await toggle(page).textContent()) === 'Start AI') {
      stopped = true;
      break;
    }
  }
  assert.ok(stopped, 'an arrow key stopped the AI');
  // At max speed a move follows its answer at once (no pacing timer): once every part is
  // answered or its worker ended, no AI move can come.
  await answered(page);
  assert.equal(await aiMovesSinceStop(page), 0, 'no AI move after the key');
  await done();
});
