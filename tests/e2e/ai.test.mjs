// The AI player: controls, speeds, hand-over, win and game over, sizes, a
// responsive page, workers that fail to load or die, and the root split.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPage, ready, domBoard, engineCells, screenshot, cellsParam, choose, chosen, WORKER_SPY, cores, recordEvents, events, until as within, workerByTurn, DIES, answered, quiet, runTimers, startBeat, beatOver, countAiMoves, aiMovesSinceStop } from './helpers.mjs';

const env = setup();
const NEAR_WIN = cellsParam([[1024, 1024, 0, 0], [0, 0, 0, 0], [0, 0, 2, 0], [0, 0, 0, 0]]);
// Only "left" and "up" move, and after either nothing can merge, whatever spawns.
const NEAR_LOSS = cellsParam([[0, 8, 16, 32], [64, 128, 256, 512], [8, 16, 32, 64], [128, 256, 512, 1024]]);
const DIRS = ['up', 'right', 'down', 'left'];
const KEY = { up: 'ArrowUp', right: 'ArrowRight', down: 'ArrowDown', left: 'ArrowLeft' };

const toggle = (page) => page.locator('.g2048 .ai-toggle');
const status = (page) => page.textContent('.g2048 .ai-status');

/** Counts board changes (one per move, undo or new game) from now on; read with moves(page). */
async function countMoves(page) {
  await page.evaluate(() => {
    window.boardChanges = 0;
    new MutationObserver(() => window.boardChanges++).observe(document.querySelector('.g2048 .board'), {
      attributes: true, attributeFilter: ['data-cells'],
    });
  });
}
const moves = (page) => page.evaluate(() => window.boardChanges);
const waitMoves = (page, n, timeout = 15000) => page.waitForFunction((k) => window.boardChanges >= k, n, { timeout });

/** Sets speed and thinking time (expectimax's time budget; expectimax is picked first) through the controls. */
async function tune(page, speed, ms) {
  if ((await chosen(page, 'strategy')) !== 'expectimax') await choose(page, 'strategy', 'expectimax');
  await choose(page, 'speed', speed);
  await choose(page, 'strength', `ms${ms}`);
}

// Where a test says the AI makes no (further) move, it first waits for quiet(): the worker's
// answer to every request in flight has come or its worker was ended, and the page's timers
// (the pacing between moves) have run on Playwright's clock. Then no move can come.
const SPY_CLOCK = { initScript: WORKER_SPY, clock: true };

test('Start AI plays and becomes "Stop"; Stop stops; settings persist', async () => {
  const { page, done } = await openPage(env, '?seed=11', SPY_CLOCK);
  await countMoves(page);
  await countAiMoves(page);
  assert.equal(await toggle(page).textContent(), 'Start AI');
  assert.equal(await chosen(page, 'speed'), 'fast', 'default speed');
  assert.equal(await chosen(page, 'strength'), 'auto', 'default: the node budget that fits the speed');
  await toggle(page).click();
  assert.equal(await toggle(page).textContent(), 'Stop');
  await waitMoves(page, 4);
  assert.equal(await page.locator('.g2048 .ai-step').isDisabled(), true, 'Step waits while the AI plays');
  await page.waitForFunction(() => /\d/.test(document.querySelector('.g2048 .ai-depth dd').textContent));
  assert.match(await page.textContent('.g2048 .ai-mps dd'), /^\d+\.\d$/);
  // Each stat fills in on its own reply: wait for nodes a second too before reading it.
  await page.waitForFunction(() => /\d/.test(document.querySelector('.g2048 .ai-nps dd').textContent));
  assert.match(await page.textContent('.g2048 .ai-nps dd'), /^[\d.]+[kM]?$/);
  assert.equal(await page.locator('.g2048 .ai-best').count(), 1, 'the chosen direction is marked');
  await choose(page, 'speed', 'max'); // still tiles for the picture
  await screenshot(page, 'ai-playing');

  await toggle(page).click();
  assert.equal(await toggle(page).textContent(), 'Start AI');
  await quiet(page);
  assert.equal(await aiMovesSinceStop(page), 0, 'no move after Stop');
  assert.deepEqual((await domBoard(page)).cells, await engineCells(page), 'the tiles show the engine board');

  await tune(page, 'max', 200);
  await page.reload();
  await ready(page);
  assert.equal(await chosen(page, 'speed'), 'max');
  assert.equal(await chosen(page, 'strength'), 'ms200');
  await done();
});

test('Step plays exactly one move; Hint shows a direction without moving', async () => {
  const { page, done } = await openPage(env, '?seed=12', SPY_CLOCK);
  await countMoves(page);
  const start = await engineCells(page);
  await page.locator('.g2048 .ai-hint').click();
  await page.waitForFunction(() => /^Hint: (up|right|down|left)\b/.test(document.querySelector('.g2048 .ai-status').textContent));
  const dir = /^Hint: (\w+)/.exec(await status(page))[1];
  assert.ok(await page.locator(`.g2048 .board-wrap.hint-${dir}`).isVisible(), 'the board points the way');
  assert.ok(await page.locator('.g2048 .hint-arrow').isVisible());
  await quiet(page);
  assert.deepEqual(await engineCells(page), start, 'Hint does not move');
  assert.equal(await moves(page), 0);

  await page.locator('.g2048 .ai-step').click();
  await waitMoves(page, 1);
  await quiet(page);
  assert.equal(await moves(page), 1, 'exactly one move');
  assert.equal(await toggle(page).textContent(), 'Start AI');
  assert.equal(await status(page), '', 'the hint is gone once the board changed');
  assert.equal(await page.locator('.g2048 .hint-arrow').isVisible(), false);
  await done();
});

test('a reply for a position no longer on the board is dropped (Step or Hint, then a key)', async () => {
  const { page, done } = await openPage(env, '?seed=22', SPY_CLOCK);
  await countMoves(page);
  // First a Step that plays (its workers started, the pool calibrated): the requests below go
  // to a worker at once, so the answer to each is either dropped or played before quiet().
  await page.locator('.g2048 .ai-step').click();
  await waitMoves(page, 1);
  // Click, then a key in the same task: the AI's answer can only come after the board changed.
  const clickThenKey = (button) => page.evaluate(async ({ button, dirs }) => {
    const keys = { up: 'ArrowUp', right: 'ArrowRight', down: 'ArrowDown', left: 'ArrowLeft' };
    const board = document.querySelector('.g2048 .board');
    document.querySelector(`.g2048 .${button}`).click();
    for (const d of dirs) {
      const before = board.dataset.cells;
      document.dispatchEvent(new KeyboardEvent('keydown', { key: keys[d], bubbles: true, cancelable: true }));
      if (board.dataset.cells !== before) return;
    }
  }, { button, dirs: DIRS });
  await clickThenKey('ai-step');
  assert.equal(await moves(page), 2, 'the key moved');
  await quiet(page);
  assert.equal(await moves(page), 2, 'the AI did not play its move for the old board');
  await clickThenKey('ai-hint');
  await quiet(page);
  assert.equal(await status(page), '', 'no hint for the old board');
  assert.equal(await page.locator('.g2048 .hint-arrow').isVisible(), false);
  // The same buttons work again on the new board.
  await page.locator('.g2048 .ai-step').click();
  await waitMoves(page, 4);
  await done();
});

// Speeds are pacing rules, asserted as outcomes: "watch" never plays two moves closer than
// its delay (a busy machine only makes the gaps longer); "max" draws no per-move animation
// and ends on the engine's board. How many moves a second each reaches is a figure
// (make figures-page), not a test.
test('speed: "watch" keeps its delay between moves; "max" plays without per-move animation', async () => {
  const { page, done } = await openPage(env, '?seed=13&size=5');
  await countMoves(page);
  await page.evaluate(() => {
    window.changeTimes = [];
    new MutationObserver(() => window.changeTimes.push(performance.now())).observe(document.querySelector('.g2048 .board'), {
      attributes: true, attributeFilter: ['data-cells'],
    });
    // Every tile that is drawn appearing, popping or leaving, as it happens (not sampled).
    window.animated = 0;
    const effect = /\btile-(new|merged|leaving)\b/;
    new MutationObserver((records) => {
      for (const r of records) {
        for (const n of r.type === 'childList' ? r.addedNodes : [r.target]) if (n.nodeType === 1 && effect.test(n.className)) window.animated++;
      }
    }).observe(document.querySelector('.g2048 .board'), { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  });
  await tune(page, 'watch', 10);
  await toggle(page).click();
  await waitMoves(page, 5);
  await toggle(page).click();
  const watched = await moves(page);
  const times = await page.evaluate(() => window.changeTimes);
  const gaps = times.slice(1).map((t, i) => t - times[i]);
  assert.ok(gaps.length >= 4);
  assert.ok(Math.min(...gaps) >= 240, `watch: moves at least 250 ms apart (gaps ${gaps.map(Math.round).join(', ')} ms)`);
  assert.ok(await page.evaluate(() => window.animated) > 0, 'at "watch" the moves are animated (the observer sees them)');

  await choose(page, 'speed', 'max');
  await page.evaluate(() => { window.animated = 0; });
  await toggle(page).click();
  await waitMoves(page, watched + 20);
  await toggle(page).click();
  assert.equal(await page.evaluate(() => window.animated), 0, 'no appear/merge animation at max speed');
  const board = await domBoard(page);
  assert.deepEqual(board.cells, await engineCells(page), 'after Stop the tiles show the latest board');
  assert.equal(board.clash, false);
  await done();
});

test('hand-over: a key while the AI plays stops it and makes that move', async () => {
  const { page, done } = await openPage(env, '?seed=14', SPY_CLOCK);
  await countMoves(page);
  await countAiMoves(page);
  await choose(page, 'speed', 'watch');
  await toggle(page).click();
  await waitMoves(page, 2);
  // Read the board, press a key that changes it and read again in one task, so no AI move slips in.
  const r = await page.evaluate(async (dirs) => {
    const wasm = await import('/www/pkg/game2048_ai.js');
    await wasm.default({ module_or_path: '/www/pkg/game2048_ai_bg.wasm' });
    const board = document.querySelector('.g2048 .board');
    const before = board.dataset.cells.split(',').map(Number);
    const g = wasm.Game.fromCells(Math.sqrt(before.length), before, 1n);
    const dir = dirs.find((d) => g.move(d) && g.undo());
    g.move(dir);
    const slid = Array.from(g.cells());
    g.free();
    const keys = { up: 'ArrowUp', right: 'ArrowRight', down: 'ArrowDown', left: 'ArrowLeft' };
    document.dispatchEvent(new KeyboardEvent('keydown', { key: keys[dir], bubbles: true, cancelable: true }));
    return { dir, before, slid, after: board.dataset.cells.split(',').map(Number) };
  }, DIRS);
  assert.equal(await toggle(page).textContent(), 'Start AI', 'the AI stopped');
  // The key's move: the engine's slide, plus one spawned tile somewhere.
  const diff = r.after.map((v, i) => (v === r.slid[i] ? null : i)).filter((i) => i !== null);
  assert.notDeepEqual(r.after, r.before, `${r.dir} moved the board`);
  assert.ok(diff.length <= 2, `the board is "${r.dir}" applied to the old one (plus spawns): ${diff}`);
  await quiet(page);
  assert.equal(await aiMovesSinceStop(page), 0, 'the AI makes no further move');
  assert.deepEqual(await engineCells(page), r.after, 'the board is the key\'s');

  // And the player keeps playing with real key presses.
  const cells = await engineCells(page);
  for (const d of DIRS) await page.keyboard.press(KEY[d]);
  assert.notDeepEqual(await engineCells(page), cells);
  await done();
});

test('Undo, New game and a size change stop the AI; Start AI after Undo continues', async () => {
  const { page, done } = await openPage(env, '?seed=15', SPY_CLOCK);
  await countMoves(page);
  await countAiMoves(page);
  await toggle(page).click();
  await waitMoves(page, 3);
  await page.locator('.g2048 .undo-button').click();
  assert.equal(await toggle(page).textContent(), 'Start AI', 'Undo stopped the AI');
  const undone = await engineCells(page);
  const count = await moves(page);
  await quiet(page);
  assert.equal(await aiMovesSinceStop(page), 0, 'no AI move after Undo');
  assert.deepEqual(await engineCells(page), undone);

  await toggle(page).click();
  await waitMoves(page, count + 3);
  assert.equal(await toggle(page).textContent(), 'Stop', 'the AI plays on from the undone position');

  await choose(page, 'size', 5);
  assert.equal(await toggle(page).textContent(), 'Start AI', 'asking for another size stopped the AI');
  await page.locator('.g2048 .dialog-cancel').click();
  await toggle(page).click();
  await waitMoves(page, (await moves(page)) + 2);

  await page.locator('.g2048 .new-button').click();
  assert.equal(await toggle(page).textContent(), 'Start AI', 'New game stopped the AI');
  assert.equal((await domBoard(page)).tiles, 2);
  const fresh = await engineCells(page);
  await quiet(page);
  assert.equal(await aiMovesSinceStop(page), 0, 'no AI move after New game');
  assert.deepEqual(await engineCells(page), fresh);
  await done();
});

test('Classic: the AI stops at the win screen and "Keep going" resumes it', async () => {
  const { page, done } = await openPage(env, `?cells=${NEAR_WIN}&seed=3`, SPY_CLOCK);
  await countMoves(page);
  await countAiMoves(page);
  await toggle(page).click();
  const message = page.locator('.g2048 .message');
  await message.waitFor({ state: 'visible', timeout: 15000 });
  assert.match(await message.textContent(), /You win/);
  assert.equal(await toggle(page).textContent(), 'Start AI');
  assert.equal(await toggle(page).isDisabled(), true, 'no AI behind the win screen');
  await quiet(page);
  assert.equal(await aiMovesSinceStop(page), 0, 'stopped at the win');
  const count = await moves(page);

  await page.locator('.g2048 .keep-going-button').click();
  assert.equal(await toggle(page).textContent(), 'Stop', 'the AI plays on');
  await waitMoves(page, count + 4);
  await toggle(page).click();
  await done();
});

test('the AI stops at game over; the panel sums up its game', async () => {
  const { page, done } = await openPage(env, `?cells=${NEAR_LOSS}&seed=2`);
  await toggle(page).click();
  await page.locator('.g2048 .message-over').waitFor({ timeout: 10000 });
  assert.equal(await toggle(page).textContent(), 'Start AI');
  assert.equal(await toggle(page).isDisabled(), true);
  const summary = await page.textContent('.g2048 .ai-summary');
  assert.match(summary, /Largest tile 1024/);
  assert.match(summary, /Score 0\b/);
  assert.match(summary, /AI moves 1\b/);
  assert.match(summary, /AI time \d+:\d\d/);
  await screenshot(page, 'ai-game-over');
  // A new game clears the summary.
  await page.locator('.g2048 .retry-button').click();
  assert.equal(await page.textContent('.g2048 .ai-summary'), '');
  await done();
});

for (const size of [3, 6]) {
  test(`the AI plays a ${size}x${size} board`, async () => {
    const { page, done } = await openPage(env, `?size=${size}&seed=${size}`);
    await countMoves(page);
    await tune(page, 'max', 10);
    await toggle(page).click();
    await page.waitForFunction(
      () => window.boardChanges >= 15 || document.querySelector('.g2048 .message-over'),
      null, { timeout: 15000 },
    );
    // The AI is still on (a worker that could not start would turn it off: say why).
    assert.equal(await page.locator('.g2048 .ai-off').count(), 0, await page.textContent('.g2048 .ai-status'));
    // Stop, unless the game is over (a small board can end between the check and the click, and
    // a finished game's toggle is disabled: a forced click on it does nothing).
    if (await toggle(page).textContent() === 'Stop') await toggle(page).click({ force: true });
    assert.ok((await moves(page)) >= 5, `${await moves(page)} moves`);
    assert.deepEqual((await domBoard(page)).cells, await engineCells(page));
    await done();
  });
}

test('at max speed the page stays responsive and a key still takes over', async () => {
  // Real timers and frames here (no Playwright clock, which would drive both itself).
  const { page, done } = await openPage(env, '?seed=16', { initScript: WORKER_SPY });
  await countMoves(page);
  await tune(page, 'max', 10);
  // A 16 ms timer and animation frames on the main thread. Over 30 frames drawn while the AI
  // plays, the timer fires about once a frame (16 ms against a frame's 16.7); at least one
  // tick for every two frames is asserted. (Frames and ticks per second are figures: make
  // figures-page.)
  await countAiMoves(page);
  await startBeat(page, 'aiMoves');
  await toggle(page).click();
  const r = await beatOver(page, { frames: 30, moves: 2 });
  assert.ok(r.counted >= 2, `the AI played during the ${r.frames} frames (${r.counted} moves)`);
  assert.ok(r.ticks >= r.frames / 2, `the 16 ms timer fired ${r.ticks} times in ${r.frames} frames while the AI played (at least one tick per two frames)`);
  for (const d of DIRS) {
    await page.keyboard.press(KEY[d]);
    if (await toggle(page).textContent() === 'Start AI') break;
  }
  assert.equal(await toggle(page).textContent(), 'Start AI', 'an arrow key stopped the AI');
  // At max speed a move follows its answer at once (no pacing timer): once every request
  // is answered or its worker ended, no further move can come.
  await answered(page);
  assert.equal(await aiMovesSinceStop(page), 0, 'no AI move after the key');
  await done();
});

test('"AI unavailable" when the worker cannot load; the player still plays', async () => {
  const { page, context, errors, done } = await openPage(env, '?seed=17');
  await context.route((url) => url.pathname.endsWith('/www/ai/worker.js'), (route) => route.fulfill({ status: 404, body: 'missing' }));
  await toggle(page).click();
  await page.waitForFunction(() => /^AI unavailable: .+/.test(document.querySelector('.g2048 .ai-status').textContent));
  assert.match(await status(page), /could not be loaded/);
  for (const name of ['ai-toggle', 'ai-step', 'ai-hint']) {
    assert.equal(await page.locator(`.g2048 .${name}`).isDisabled(), true, `${name} disabled`);
  }
  const cells = await engineCells(page);
  for (const d of DIRS) await page.keyboard.press(KEY[d]);
  assert.notDeepEqual(await engineCells(page), cells, 'arrow keys play');
  await screenshot(page, 'ai-unavailable');
  errors.splice(0, errors.length, ...errors.filter((e) => !/404|Failed to load/.test(e)));
  await done();
});

const aiErrors = (page) => events(page, { type: 'error' }).then((list) => list.filter((e) => e.detail.source === 'ai'));

test('workers that die before they are ready (out of memory, a crash) are replaced: the AI plays, nothing says it is off', async () => {
  const { page, context, errors, done } = await openPage(env, '?seed=25', { initScript: cores(1) });
  // The first worker says it ran out of memory while loading the engine, the second dies
  // while starting; the third is the real one.
  const served = await workerByTurn(context, (n) => [
    "postMessage({ fatal: 'test: out of memory', name: 'RangeError' });",
    DIES,
  ][n - 1]);
  await recordEvents(page);
  await countMoves(page);
  await toggle(page).click(); // the default strength: the pool calibrates first, on the replacement
  await waitMoves(page, 5);
  assert.equal(served.count, 3, 'two replacements, no more');
  assert.equal(await toggle(page).textContent(), 'Stop', 'the AI plays on');
  assert.doesNotMatch(await status(page), /unavailable/);
  assert.deepEqual(await aiErrors(page), [], 'no error event');
  assert.equal(await page.locator('.g2048 .notice').count(), 0, 'no notice');
  await toggle(page).click();
  errors.splice(0, errors.length, ...errors.filter((e) => !/test crash/.test(e)));
  await done();
});

test('a worker that never gets ready: a few tries, then one "AI unavailable" with the reason; the player still plays', async () => {
  const { page, context, errors, done } = await openPage(env, '?seed=26', { initScript: cores(1) + WORKER_SPY, clock: true });
  const served = await workerByTurn(context, () => DIES);
  await recordEvents(page);
  await toggle(page).click();
  await page.waitForFunction(() => /^AI unavailable/.test(document.querySelector('.g2048 .ai-status').textContent), null, { timeout: 15000 });
  assert.match(await status(page), /^AI unavailable: the AI worker could not be loaded \(.*test crash while starting; 4 tries\)$/);
  assert.equal(served.count, 4, 'the first worker and three replacements');
  // A fifth try would come from a timer (the restart delay): run them all, then count the
  // workers the page created (at once, in the timer).
  await runTimers(page);
  assert.equal(await page.evaluate(() => window.workers), 4, 'and no more after');
  const said = await aiErrors(page);
  assert.equal(said.length, 1, 'one error event');
  assert.match(said[0].detail.message, /^AI unavailable: the AI worker could not be loaded/);
  assert.equal(await page.locator('.g2048 .notice').count(), 0, 'no "The AI failed" notice on top');
  assert.equal(await toggle(page).textContent(), 'Start AI');
  for (const name of ['ai-toggle', 'ai-step', 'ai-hint']) {
    assert.equal(await page.locator(`.g2048 .${name}`).isDisabled(), true, `${name} disabled`);
  }
  const cells = await engineCells(page);
  for (const d of DIRS) await page.keyboard.press(KEY[d]);
  assert.notDeepEqual(await engineCells(page), cells, 'arrow keys play');
  errors.splice(0, errors.length, ...errors.filter((e) => !/test crash/.test(e)));
  await done();
});

test('a worker that says its engine cannot link is not tried again: "AI unavailable" with its reason at once', async () => {
  const { page, context, done } = await openPage(env, '?seed=27', { initScript: cores(1) + WORKER_SPY, clock: true });
  const served = await workerByTurn(context, () => "postMessage({ fatal: 'test: the imports do not match', name: 'LinkError' });");
  await page.locator('.g2048 .ai-hint').click();
  await page.waitForFunction(() => /^AI unavailable/.test(document.querySelector('.g2048 .ai-status').textContent));
  assert.equal(await status(page), 'AI unavailable: the AI engine could not be loaded (test: the imports do not match)');
  await runTimers(page); // a replacement would be started by the restart timer
  assert.equal(await page.evaluate(() => window.workers), 1, 'no replacement');
  assert.equal(served.count, 1);
  await done();
});

test('the pool: requests cancelled while a replacement worker is starting reject at once, the waiting one is never sent; the next is answered', async () => {
  const { page, context, errors, done } = await openPage(env, '?seed=28', { initScript: WORKER_SPY });
  let release;
  const held = new Promise((r) => { release = r; });
  const served = await workerByTurn(context, (n) => (n === 1 ? DIES : held.then(() => undefined)));
  await page.evaluate(async () => {
    const { createAi } = await import('/www/ai/pool.js');
    window.pool = createAi({ legalMoves: () => [], count: 1, onUnavailable: (r) => { window.off = r; } });
    window.stop = new AbortController();
    const cells = [2, 2, ...new Array(14).fill(0)];
    const ask = (options) => window.pool.decide(cells, 4, options, { signal: window.stop.signal }).then(() => 'answered', (e) => e.name);
    // A node budget waits for the worker; "Fits the speed" waits for the calibration, on that worker.
    window.asks = [ask({ strategy: 'expectimax', nodes: 777 }), ask({ strategy: 'expectimax', auto: 100 })];
  });
  assert.ok(await within(() => served.count === 2), 'the first worker died and a replacement was asked for');
  const cancelled = await page.evaluate(() => {
    window.stop.abort();
    return Promise.race([Promise.all(window.asks), new Promise((r) => { setTimeout(() => r('still waiting'), 2000); })]);
  });
  assert.deepEqual(cancelled, ['AbortError', 'AbortError'], 'both rejected while the replacement is still loading');
  release();
  const next = await page.evaluate(() => window.pool.decide([2, 2, ...new Array(14).fill(0)], 4, { strategy: 'expectimax', nodes: 1000 }).then((r) => r.dir, (e) => e.message));
  assert.match(next, /^(up|right|down|left)$/);
  const asked = await page.evaluate(() => window.asked);
  assert.deepEqual(asked.filter((a) => a.nodes === 1000).map((a) => a.worker), [2], 'the next request went to the replacement, once');
  assert.equal(asked.filter((a) => a.nodes === 777).length, 0, 'the cancelled one was never sent');
  assert.equal(await page.evaluate(() => window.off ?? null), null, 'the AI stays on');
  await page.evaluate(() => window.pool.destroy());
  errors.splice(0, errors.length, ...errors.filter((e) => !/test crash/.test(e)));
  await done();
});

// A worker whose script is held back forever: it never says ready and never fails.
const HANGS = () => new Promise(() => {});
const SOME_CELLS = [2, 2, ...new Array(14).fill(0)];

test('the pool: a worker that hangs while starting (its script never arrives) is ended at the start deadline and replaced; the replacement answers', async () => {
  const { page, context, done } = await openPage(env, '?seed=29', { initScript: WORKER_SPY });
  const served = await workerByTurn(context, (n) => (n === 1 ? HANGS() : undefined));
  const answer = await page.evaluate(async ({ cells }) => {
    const { createAi } = await import('/www/ai/pool.js');
    // A deadline short enough for a test, long enough for a real start (four tries).
    window.pool = createAi({ legalMoves: () => [], count: 1, startTimeout: 2000, onUnavailable: (r) => { window.off = r; } });
    const answer = window.pool.decide(cells, 4, { strategy: 'expectimax', nodes: 1000 }).then((r) => r.dir, (e) => e.message);
    // 'still waiting' after 30 s: a bound for a test that would hang, not a figure.
    return Promise.race([answer, new Promise((r) => { setTimeout(() => r('still waiting'), 30000); })]);
  }, { cells: SOME_CELLS });
  assert.match(answer, /^(up|right|down|left)$/, 'answered');
  assert.ok(served.count >= 2, 'a replacement was started');
  const { asked, terminated, off } = await page.evaluate(() => ({ asked: window.asked, terminated: window.terminated ?? [], off: window.off ?? null }));
  assert.ok(terminated.includes(1), 'the hung worker was terminated');
  assert.deepEqual(asked.filter((a) => a.nodes === 1000).length, 1, 'the request was sent once');
  assert.notEqual(asked.find((a) => a.nodes === 1000).worker, 1, 'to a replacement');
  assert.equal(off, null, 'the AI stays on');
  await page.evaluate(() => window.pool.destroy());
  await done();
});

test('the pool: when every start hangs, a few tries and then one "AI unavailable" with the reason; waiting and later requests reject', async () => {
  const { page, context, done } = await openPage(env, '?seed=30', { initScript: WORKER_SPY, clock: true });
  const served = await workerByTurn(context, HANGS);
  const out = await page.evaluate(async ({ cells }) => {
    const { createAi } = await import('/www/ai/pool.js');
    window.offs = [];
    const pool = createAi({ legalMoves: () => [], count: 2, startTimeout: 300, onUnavailable: (r) => window.offs.push(r) });
    const ask = () => pool.decide(cells, 4, { strategy: 'expectimax', nodes: 1000 }).then(() => 'answered', (e) => e.message);
    const waiting = await Promise.race([ask(), new Promise((r) => { setTimeout(() => r('still waiting'), 30000); })]);
    return { waiting, later: await Promise.race([ask(), new Promise((r) => { setTimeout(() => r('still waiting'), 5000); })]) };
  }, { cells: SOME_CELLS });
  const reason = 'AI unavailable: the AI worker could not be loaded (not ready after 0.3 s; 4 tries)';
  assert.equal(out.waiting, reason, 'the waiting request rejects with the reason');
  assert.equal(out.later, reason, 'a later one at once');
  const count = await page.evaluate(() => window.workers);
  assert.ok(count >= 4 && count <= 8, `each slot tried four times at most (${count})`);
  await runTimers(page); // a further try would be started by a restart timer or a start deadline
  assert.equal(await page.evaluate(() => window.workers), count, 'and no more after');
  assert.deepEqual(await page.evaluate(() => window.offs), [reason.replace('AI unavailable: ', '')], 'one message');
  await done();
});

test('while the AI\'s worker starts the status line says so, and which try a replacement is; the first move or Stop clears it', async () => {
  const { page, context, errors, done } = await openPage(env, '?seed=37', { initScript: cores(1), clock: true });
  // Each worker script is held until the test lets it go: the first then dies while starting,
  // the second and third are the real worker.
  const gates = [];
  const gate = (n) => { gates[n] ??= {}; gates[n].promise ??= new Promise((r) => { gates[n].open = r; }); return gates[n]; };
  const served = await workerByTurn(context, (n) => gate(n).promise);
  const says = (text) => page.waitForFunction((t) => document.querySelector('.g2048 .ai-status').textContent === t, text, { timeout: 10000 });
  await countMoves(page);
  await tune(page, 'max', 200); // a search of 200 ms: a request is in flight whenever Stop comes
  assert.equal(await status(page), '');
  await toggle(page).click();
  await says('Starting the AI…');
  assert.equal(await moves(page), 0);
  gate(1).open(DIES);
  await says('Restarting the AI (try 2 of 4)…');
  assert.ok(await within(() => served.count === 2), 'the replacement was asked for');
  // Every timer of the next 5 s of the page's time (the notice's delay, restarts), short of
  // the replacement's 30 s start deadline: the line stays.
  await runTimers(page, 5000);
  assert.equal(await status(page), 'Restarting the AI (try 2 of 4)…', 'while the replacement is held');
  gate(2).open(undefined);
  await waitMoves(page, 1);
  await says('');
  assert.equal(await toggle(page).textContent(), 'Stop');
  // Stop ends the busy worker; its replacement (the third script) is held. Start AI waits for it
  // and says so; Stop clears the line at once.
  await toggle(page).click();
  assert.ok(await within(() => served.count === 3), 'Stop ended the busy worker: a replacement is asked for');
  await toggle(page).click();
  await says('Starting the AI…');
  await toggle(page).click();
  assert.equal(await status(page), '', 'Stop clears it');
  gate(3).open(undefined);
  await toggle(page).click();
  await waitMoves(page, (await moves(page)) + 1);
  assert.equal(await status(page), '');
  await toggle(page).click();
  errors.splice(0, errors.length, ...errors.filter((e) => !/test crash/.test(e)));
  await done();
});

test('the pool: the AI\'s wasm download that stalls fails as the download, after as long as a slot\'s four tries', async () => {
  const { page, context, errors, done } = await openPage(env, '?seed=38');
  let held = null;
  await context.route((url) => url.pathname.endsWith('/game2048_ai_bg.wasm'), (route) => { held = route; });
  const out = await page.evaluate(async ({ cells }) => {
    const { createAi } = await import('/www/ai/pool.js');
    window.offs = [];
    const pool = createAi({ legalMoves: () => [], count: 1, startTimeout: 300, onUnavailable: (r) => window.offs.push(r) });
    const t0 = performance.now();
    const answer = await Promise.race([
      pool.decide(cells, 4, { strategy: 'expectimax', nodes: 1000 }).then(() => 'answered', (e) => e.message),
      new Promise((r) => { setTimeout(() => r('still waiting'), 30000); }),
    ]);
    return { answer, ms: performance.now() - t0 };
  }, { cells: SOME_CELLS });
  assert.ok(held, 'the wasm was asked for, and held');
  assert.equal(out.answer, 'AI unavailable: the AI\'s code could not be downloaded (still downloading after 1.2 s)');
  assert.ok(out.ms >= 1100, `not before four deadlines (${Math.round(out.ms)} ms)`);
  assert.deepEqual(await page.evaluate(() => window.offs), ['the AI\'s code could not be downloaded (still downloading after 1.2 s)'], 'one message');
  await held.abort().catch(() => {}); // the download ends here: the page logs it failed
  await within(() => errors.length > 0, 2000);
  errors.splice(0, errors.length, ...errors.filter((e) => !/ERR_FAILED/.test(e)));
  await done();
});

test('the pool: a learned network that downloads for longer than the start deadline is not cut off; the heuristic answers meanwhile', async () => {
  const { page, context, done } = await openPage(env, '?seed=31', { initScript: WORKER_SPY, clock: true });
  const served = await workerByTurn(context, () => undefined);
  await page.evaluate(async () => {
    const { createAi } = await import('/www/ai/pool.js');
    const { networkUrl } = await import('/www/ai/network.js');
    const bytes = new Uint8Array(await (await fetch(networkUrl())).arrayBuffer());
    // The download, held until the test lets it finish.
    const held = new Promise((r) => { window.release = () => r(bytes); });
    window.pool = createAi({ legalMoves: () => [], count: 1, startTimeout: 2000, learned: ['td'], network: () => held, onUnavailable: (r) => { window.off = r; } });
    const asked = () => window.pool.decide([2, 2, ...new Array(14).fill(0)], 4, { strategy: 'td' }).then(({ dir, played, fallback }) => ({ dir, played, fallback }), (e) => e.message);
    window.ask = () => Promise.race([asked(), new Promise((r) => { setTimeout(() => r('still waiting'), 30000); })]);
  });
  // While the download is held, td's request is answered at once, by the heuristic.
  const early = await page.evaluate(() => window.ask());
  assert.deepEqual(early, { dir: early?.dir, played: 'expectimax', fallback: true }, 'the heuristic answered');
  assert.match(early.dir, /^(up|right|down|left)$/);
  // Once the worker is ready (its start is over; the download goes on), five times the deadline
  // on the page's clock: a deadline that counted the download would fail four starts in a row
  // (the AI off).
  await page.waitForFunction(() => window.readied.length === 1, null, { timeout: 20000 });
  await runTimers(page, 5 * 2000);
  await page.evaluate(() => window.release());
  const read = await page.evaluate(() => Promise.race([window.pool.network().then((info) => info.quantisation), new Promise((r) => { setTimeout(() => r('still waiting'), 30000); })]));
  assert.match(read, /^(f32|i16|i8|c8)$/, 'the worker read the network');
  const answer = await page.evaluate(() => window.ask());
  assert.deepEqual(answer, { dir: answer?.dir, played: 'td', fallback: false }, 'the learned strategy played');
  assert.match(answer.dir, /^(up|right|down|left)$/);
  assert.equal(await page.evaluate(() => window.off ?? null), null, 'the AI stays on');
  assert.equal(served.count, 1, 'one worker, never replaced');
  await page.evaluate(() => window.pool.destroy());
  await done();
});

test('the page loads only the lite wasm; the AI\'s wasm missing (404): "AI unavailable", the player still plays', async () => {
  const { page, context, errors, done } = await openPage(env, null);
  const asked = [];
  await context.route((url) => url.pathname.endsWith('.wasm'), (route) => {
    const name = new URL(route.request().url()).pathname.split('/').pop();
    asked.push(name);
    return name === 'game2048_ai_bg.wasm' ? route.fulfill({ status: 404, body: 'missing' }) : route.continue();
  });
  await page.goto(`${env.url}?seed=20`);
  await ready(page);
  assert.deepEqual(asked, ['game2048_play_bg.wasm'], 'a first visit fetches the play wasm alone');
  await toggle(page).click();
  await page.waitForFunction(() => /^AI unavailable: the AI engine could not be loaded \(.+\)/.test(document.querySelector('.g2048 .ai-status').textContent));
  assert.ok(asked.includes('game2048_ai_bg.wasm'), 'the worker asked for the ai wasm');
  assert.ok(!asked.slice(1).some((n) => n.startsWith('game2048_records') || n.startsWith('game2048_play')), 'the worker fetches neither page module');
  for (const name of ['ai-toggle', 'ai-step', 'ai-hint']) {
    assert.equal(await page.locator(`.g2048 .${name}`).isDisabled(), true, `${name} disabled`);
  }
  const cells = await engineCells(page);
  for (const d of DIRS) await page.keyboard.press(KEY[d]);
  assert.notDeepEqual(await engineCells(page), cells, 'arrow keys play');
  errors.splice(0, errors.length, ...errors.filter((e) => !/404|Failed to load|wasm|WebAssembly/i.test(e)));
  await done();
});

test('"AI unavailable" with the reason when the worker\'s wasm does not compile', async () => {
  const { page, context, errors, done } = await openPage(env, '?seed=18');
  await context.route((url) => url.pathname.endsWith('/game2048_ai_bg.wasm'), (route) => route.fulfill({
    status: 200, contentType: 'application/wasm', body: Buffer.from('not wasm at all'),
  }));
  await page.locator('.g2048 .ai-hint').click();
  await page.waitForFunction(() => /^AI unavailable: the AI engine could not be loaded \(.+\)/.test(document.querySelector('.g2048 .ai-status').textContent));
  const cells = await engineCells(page);
  for (const d of DIRS) await page.keyboard.press(KEY[d]);
  assert.notDeepEqual(await engineCells(page), cells, 'arrow keys play');
  errors.splice(0, errors.length, ...errors.filter((e) => !/wasm|WebAssembly/i.test(e)));
  await done();
});

test('the worker answers {id, error} for a bad request and keeps serving', async () => {
  const { page, done } = await openPage(env, '?seed=19');
  const replies = await page.evaluate(async () => {
    const module = await WebAssembly.compileStreaming(fetch('/www/pkg/game2048_ai_bg.wasm'));
    return new Promise((resolve) => {
    const worker = new Worker('/www/ai/worker.js', { type: 'module' });
    worker.postMessage({ module }); // the page's compiled AI module comes first
    const out = [];
    const options = { strategy: 'expectimax', nodes: 2000 };
    worker.onmessage = ({ data }) => {
      out.push(data);
      if (out.length === 4) {
        worker.terminate();
        resolve(out);
      }
    };
    worker.postMessage({ id: 1, cells: [2, 2], size: 4, options });
    worker.postMessage({ id: 2, cells: new Array(16).fill(0).fill(2, 0, 2), size: 4, options: { strategy: 'nope', ms: 5 } });
    worker.postMessage({ id: 3, cells: [2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4], size: 4, options });
    });
  });
  assert.deepEqual(replies[0], { ready: true });
  assert.equal(replies[1].id, 1);
  assert.match(replies[1].error, /16 cells/);
  assert.equal(replies[2].id, 2);
  assert.match(replies[2].error, /strategy/);
  assert.equal(replies[3].id, 3);
  assert.ok(DIRS.includes(replies[3].dir), `a move after the errors: ${replies[3].dir}`);
  assert.deepEqual(Object.keys(replies[3].values).sort(), [...DIRS].sort());
  assert.ok(replies[3].nodes > 0 && replies[3].depth >= 1);
  await done();
});

test('a worker that dies mid-game is restarted once; the second death turns the AI off', async () => {
  const { page, context, errors, done } = await openPage(env, '?seed=20', { initScript: cores(1) });
  let served = 0;
  // Each worker answers four requests, then throws outside any handler.
  await context.route((url) => url.pathname.endsWith('/www/ai/worker.js') && !url.search, (route) => {
    served++;
    return route.fulfill({
      status: 200,
      contentType: 'text/javascript',
      body: "import './worker.js?real'; let n = 0;\n"
        + "self.addEventListener('message', (e) => { if (e.data?.id != null && ++n === 4) setTimeout(() => { throw new Error('test crash'); }); });",
    });
  });
  await countMoves(page);
  await tune(page, 'max', 10);
  await toggle(page).click();
  await page.waitForFunction(() => /^AI unavailable/.test(document.querySelector('.g2048 .ai-status').textContent), null, { timeout: 15000 });
  assert.match(await status(page), /failed twice.*test crash/);
  assert.equal(served, 2, 'one restart');
  const count = await moves(page);
  assert.ok(count >= 6, `the restarted worker played on (${count} moves)`);
  assert.equal(await toggle(page).textContent(), 'Start AI');
  assert.equal(await toggle(page).isDisabled(), true);
  const cells = await engineCells(page);
  for (const d of DIRS) await page.keyboard.press(KEY[d]);
  assert.notDeepEqual(await engineCells(page), cells, 'arrow keys play');
  errors.splice(0, errors.length, ...errors.filter((e) => !/test crash/.test(e)));
  await done();
});

test('the AI wasm is fetched and compiled once: every worker gets the compiled module', async () => {
  const spy = `${cores(8)}
    window.modulesPosted = [];
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (m) {
      if (m?.module) window.modulesPosted.push(m.module instanceof WebAssembly.Module);
      return post.call(this, m);
    };`;
  const { page, done } = await openPage(env, '?seed=24', { initScript: spy });
  const fetched = [];
  page.context().on('request', (r) => { if (r.url().endsWith('/game2048_ai_bg.wasm')) fetched.push(r.url()); });
  const workers = [];
  page.on('worker', (w) => workers.push(w));
  await countMoves(page);
  await tune(page, 'max', 10); // a time budget: the root moves are split over the four workers
  await toggle(page).click();
  await waitMoves(page, 8);
  assert.equal(workers.length, 4, 'four workers (8 cores: one per core, up to four)');
  // Stop ends the workers busy with the search; their fresh replacements get the same module.
  await toggle(page).click();
  await page.locator('.g2048 .ai-hint').click();
  await page.waitForFunction(() => /^Hint: (up|right|down|left)\b/.test(document.querySelector('.g2048 .ai-status').textContent));
  const posted = await page.evaluate(() => window.modulesPosted);
  await until(page, () => workers.length >= posted.length); // Playwright reports workers a little later
  assert.equal(posted.length, workers.length, 'every worker, replacements included, got the module');
  assert.ok(posted.every(Boolean), 'a WebAssembly.Module each time');
  assert.equal(fetched.length, 1, `the AI wasm was downloaded once (${fetched.length})`);
  await done();
});

test('several workers split the root moves (one worker per move subset)', async () => {
  const spy = `${cores(8)}
    window.sent = [];
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (m) {
      if (!this.tag) this.tag = (window.workerTags = (window.workerTags || 0) + 1);
      // Requests only: the compiled module a worker gets first is not one.
      if (m?.id != null) window.sent.push({ worker: this.tag, id: m.id, cells: String(m.cells), moves: m.options?.moves ?? null });
      return post.call(this, m);
    };`;
  const { page, done } = await openPage(env, '?seed=21', { initScript: spy });
  await countMoves(page);
  await tune(page, 'max', 10);
  await toggle(page).click();
  await waitMoves(page, 12);
  await toggle(page).click();
  // Each position's requests, with the position's legal moves as the engine sees them.
  const groups = await page.evaluate(async (dirs) => {
    const wasm = await import('/www/pkg/game2048_ai.js');
    await wasm.default({ module_or_path: '/www/pkg/game2048_ai_bg.wasm' });
    const byPosition = new Map();
    for (const m of window.sent) byPosition.set(m.cells, [...(byPosition.get(m.cells) ?? []), m]);
    return [...byPosition].map(([cells, requests]) => {
      const g = wasm.Game.fromCells(4, cells.split(',').map(Number), 1n);
      const legal = dirs.filter((d) => g.move(d) && g.undo());
      g.free();
      return { legal, requests };
    });
  }, DIRS);
  assert.ok(groups.length >= 12);
  for (const { legal, requests } of groups) {
    const searched = requests.flatMap((m) => m.moves ?? DIRS);
    if (legal.length < 2) continue; // one worker, whole root
    assert.deepEqual([...searched].sort(), [...legal].sort(), 'the legal moves, each searched once');
    assert.equal(requests.length, legal.length, 'one worker per legal move (4 workers)');
    assert.equal(new Set(requests.map((m) => m.worker)).size, requests.length, 'each share to its own worker');
  }
  assert.ok(groups.some((g) => g.requests.length >= 3), 'positions with 3+ legal moves used 3+ workers');
  assert.ok((await page.textContent('.g2048 .ai-values')).match(/\d/g).length > 0);
  assert.deepEqual((await domBoard(page)).cells, await engineCells(page));
  await done();
});

test('the pool splits a time budget over its workers and merges their shares: every legal move valued by the worker that searched it, the best one chosen', async () => {
  const { page, done } = await openPage(env, '?seed=23', { initScript: WORKER_SPY });
  const runs = await page.evaluate(async () => {
    const core = await import('/www/pkg/game2048_records.js');
    await core.default();
    const { createAi } = await import('/www/ai/pool.js');
    const { splits } = await import('/www/ai/strategies.js');
    const pool = createAi({ legalMoves: core.legalMoves, count: 4 });
    const options = { strategy: 'expectimax', ms: 20 };
    if (!splits(options)) throw new Error('a time budget should split');
    const positions = [
      [2, 2, 0, 0, 0, 4, 0, 0, 0, 0, 8, 0, 0, 0, 0, 2], // four legal moves
      [2, 4, 2, 4, 4, 2, 4, 2, 2, 4, 2, 4, 4, 2, 4, 0], // two: right and down
    ];
    const out = [];
    for (const cells of positions) {
      const from = window.asked.length;
      const result = await pool.decide(cells, 4, options);
      const asked = window.asked.slice(from);
      const ids = new Set(asked.map((a) => a.id));
      out.push({ legal: Array.from(core.legalMoves(cells, 4)), result, asked, answers: window.answers.filter((a) => ids.has(a.id)) });
    }
    pool.destroy();
    return out;
  });
  for (const { legal, result, asked, answers } of runs) {
    assert.equal(asked.length, legal.length, `one share per legal move (${legal})`);
    assert.equal(new Set(asked.map((a) => a.worker)).size, asked.length, 'each share to its own worker');
    assert.deepEqual(asked.flatMap((a) => a.moves).sort(), [...legal].sort(), 'the legal moves, each searched once');
    for (const d of DIRS) {
      if (!legal.includes(d)) {
        assert.equal(result.values[d], null, `${d} is not a move`);
        continue;
      }
      const share = asked.find((a) => a.moves.includes(d));
      const answer = answers.find((a) => a.id === share.id);
      assert.equal(answer.worker, share.worker);
      assert.equal(typeof result.values[d], 'number', `${d} has a value`);
      assert.equal(result.values[d], answer.values[d], `${d}: the value of worker ${share.worker}`);
    }
    const bestValue = Math.max(...legal.map((d) => result.values[d]));
    assert.equal(result.values[result.dir], bestValue, `${result.dir} is the best of ${JSON.stringify(result.values)}`);
    assert.equal(result.nodes, answers.reduce((n, a) => n + a.nodes, 0), 'the nodes of every share');
  }
  await done();
});

// A long search: Minimax at its largest offered depth on a fresh 8x8 board. Minimax's node
// cap bounds it (about a second in wasm), but a worker cannot be interrupted mid-search:
// a request made after Stop would wait behind the cancelled search unless the pool ends
// that worker and starts a fresh one from the compiled module. The tests assert that
// outcome (the busy worker ended, the next request answered), never a duration.
async function deepestDepth(page) {
  await choose(page, 'strategy', 'minimax');
  const depths = await page.$$eval('.g2048 .setting-strength .choice', (bs) => bs
    .map((b) => /choice-depth(\d+)/.exec(b.className)?.[1]).filter(Boolean).map(Number));
  return `depth${Math.max(...depths)}`;
}

/** Counts the page's workers as they start and end. */
function watchWorkers(page) {
  const w = { started: 0, closed: 0 };
  page.on('worker', (worker) => {
    w.started++;
    worker.on('close', () => w.closed++);
  });
  return w;
}

/** Waits (up to 10 s) until `check()` holds: Playwright reports a worker's start and end a little later. */
const until = (page, check) => within(check, 10000);

/** Starts the AI on a long search; resolves once a worker has it. */
async function startLongSearch(page, deepest) {
  await choose(page, 'strength', deepest);
  const asked = await page.evaluate(() => window.asked.length);
  await toggle(page).click();
  // The worker has the request now: it is searching (or loading, then searching) for
  // far longer than the few milliseconds until the caller acts.
  await page.waitForFunction((n) => window.asked.length > n, asked);
}

/** A hint at depth 1: the arrow shows a direction. */
async function quickHint(page) {
  await choose(page, 'strength', 'depth1');
  await page.locator('.g2048 .ai-hint').click();
  await page.waitForFunction(() => /^Hint: (up|right|down|left)\b/.test(document.querySelector('.g2048 .ai-status').textContent));
  assert.ok(await page.locator('.g2048 .hint-arrow').isVisible(), 'the hint arrow shows');
}

test('8x8, Minimax at its largest depth: Start AI, Stop, then Hint and Step answer (the busy worker is ended)', async () => {
  const { page, done } = await openPage(env, '?size=8&seed=31', { initScript: cores(1) + WORKER_SPY });
  const workers = watchWorkers(page);
  await countMoves(page);
  const deepest = await deepestDepth(page);
  await startLongSearch(page, deepest);
  await until(page, () => workers.started >= 1); // Playwright reports a worker a little later
  assert.equal(workers.started, 1);
  await toggle(page).click();
  assert.equal(await toggle(page).textContent(), 'Start AI');
  assert.equal(await page.locator('.g2048 .ai-hint').isDisabled(), false, 'Hint is offered at once');
  // Hint at the same, largest depth returns a move.
  await page.locator('.g2048 .ai-hint').click();
  await page.waitForFunction(() => /^Hint: (up|right|down|left)\b/.test(document.querySelector('.g2048 .ai-status').textContent));
  assert.ok(await page.locator('.g2048 .hint-arrow').isVisible(), 'the hint arrow shows');
  await until(page, () => workers.closed >= 1);
  assert.equal(workers.closed, 1, 'the worker busy with the cancelled search was ended');
  assert.equal(workers.started, 2, 'and a fresh one started');
  await page.locator('.g2048 .ai-step').click();
  await waitMoves(page, 1);
  assert.equal(await page.locator('.g2048 .notice').count(), 0, 'a cancellation shows no error');
  assert.equal(await status(page), '', 'and no "AI unavailable"');
  await done();
});

test('New game, Undo, a size change and a mode change end a running search; the next request is answered', async () => {
  const { page, done } = await openPage(env, '?size=8&seed=32', { initScript: cores(1) + WORKER_SPY });
  const workers = watchWorkers(page);
  await countMoves(page);
  const deepest = await deepestDepth(page);
  const actions = {
    'new game': () => page.locator('.g2048 .new-button').click(),
    undo: async () => page.locator('.g2048 .undo-button').click(),
    // A size or mode change ends the search at the pick; if the game is in progress it
    // asks first, and OK starts the new game.
    size: async () => {
      await choose(page, 'size', 7);
      if (await page.locator('.g2048 .confirm-dialog').isVisible()) await page.locator('.g2048 .dialog-ok').click();
    },
    mode: async () => {
      await choose(page, 'mode', 'endless');
      if (await page.locator('.g2048 .confirm-dialog').isVisible()) await page.locator('.g2048 .dialog-ok').click();
    },
  };
  for (const [name, act] of Object.entries(actions)) {
    if (name === 'undo') {
      // Something to undo: a player's move first.
      for (const d of DIRS) {
        await page.keyboard.press(KEY[d]);
        if (!(await page.locator('.g2048 .undo-button').isDisabled())) break;
      }
    }
    const closed = workers.closed;
    await startLongSearch(page, deepest);
    await act();
    assert.equal(await toggle(page).textContent(), 'Start AI', `${name} stopped the AI`);
    await quickHint(page);
    await until(page, () => workers.closed > closed);
    assert.equal(workers.closed, closed + 1, `${name}: the busy worker was ended`);
  }
  assert.equal(workers.started, workers.closed + 1, 'one worker left, fresh');
  assert.equal(await page.locator('.g2048 .notice').count(), 0, 'no error shown');
  await done();
});

test('destroy() during a running search ends the busy worker', async () => {
  const { page, done } = await openPage(env, '?seed=33', { initScript: cores(1) + WORKER_SPY, clock: true });
  const workers = watchWorkers(page);
  await page.evaluate(async () => {
    const { mount } = await import('/embed.js');
    const host = document.createElement('div');
    host.id = 'second';
    document.body.append(host);
    window.second = mount(host, { size: 8, strategy: 'minimax', persist: false, keyboard: 'none', controls: 'full' });
    await window.second.ready;
    const root = host.shadowRoot;
    const depths = [...root.querySelectorAll('.setting-strength .choice')].map((b) => /choice-depth(\d+)/.exec(b.className)?.[1]).filter(Boolean);
    const strength = root.querySelector('.setting-strength select');
    strength.value = `depth${Math.max(...depths.map(Number))}`;
    strength.dispatchEvent(new Event('change'));
    window.second.startAI();
  });
  await page.waitForFunction(() => window.asked.length > 0);
  assert.equal(await page.evaluate(() => window.workers), 1);
  await page.evaluate(() => window.second.destroy());
  // A fresh worker would be created in destroy() or by a timer after it: run the timers,
  // then count the workers the page created.
  await runTimers(page);
  assert.deepEqual(await page.evaluate(() => [window.workers, window.terminated]), [1, [1]], 'the busy worker was ended, and no fresh one started for a destroyed game');
  await until(page, () => workers.closed >= 1);
  assert.equal(workers.closed, 1, 'Playwright saw it end');
  assert.equal(workers.started, 1);
  // The page's own board still plays with the AI.
  await page.locator('.g2048 .ai-hint').click();
  await page.waitForFunction(() => /^Hint: (up|right|down|left)\b/.test(document.querySelector('.g2048 .ai-status').textContent));
  await done();
});
