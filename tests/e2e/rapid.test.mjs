// Key presses faster than the animations: each applies exactly once, in order,
// and the board on screen ends equal to the engine's. (How fast the page answers
// a key is a figure: `make figures-page`, never asserted here.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPage, domBoard, engineCells, score, settle, recordEvents, events } from './helpers.mjs';

const env = setup();
const N = 20;
// Arrow keys and WASD, alternating, for each direction.
const KEYS = { up: ['ArrowUp', 'w'], right: ['ArrowRight', 'd'], down: ['ArrowDown', 's'], left: ['ArrowLeft', 'a'] };
const PREFERENCE = ['left', 'down', 'right', 'down', 'left', 'up'];

/**
 * Plans N moves on a separate Game in the page (same wasm build, same seed): at each
 * step the first direction of a rotating preference that changes the board, so that
 * every key press is a real move. Returns the directions, the keys and the final game.
 */
async function plan(page, size, seed) {
  const out = await page.evaluate(async ({ size, seed, n, preference }) => {
    const wasm = await import('/www/pkg/game2048_ai.js');
    await wasm.default({ module_or_path: '/www/pkg/game2048_ai_bg.wasm' });
    const g = new wasm.Game(size, BigInt(seed));
    const start = Array.from(g.cells());
    const dirs = [];
    const scores = [];
    for (let i = 0; i < n; i++) {
      const order = [...preference.slice(i % preference.length), ...preference.slice(0, i % preference.length), 'up', 'right'];
      const dir = order.find((d) => g.move(d) !== null);
      if (!dir) break;
      dirs.push(dir);
      scores.push(g.score);
    }
    const result = { start, dirs, scores, cells: Array.from(g.cells()), score: g.score, moves: g.moves };
    g.free();
    return result;
  }, { size, seed: String(seed), n: N, preference: PREFERENCE });
  assert.equal(out.dirs.length, N, `the seed allows ${N} moves`);
  out.keys = out.dirs.map((d, i) => KEYS[d][i % 2]);
  return out;
}

/** The player's moves as the page announced them (its `move` events), in order. */
const playerMoves = async (page) => (await events(page, { type: 'move' })).map((e) => ({ direction: e.detail.direction, by: e.detail.by, score: e.detail.score }));

test(`${N} key presses dispatched in one burst all apply, in order`, async () => {
  const { page, done } = await openPage(env, '?size=4&seed=123');
  const expected = await plan(page, 4, 123);
  assert.deepEqual(await engineCells(page), expected.start, 'the page starts from the seeded board');
  await recordEvents(page);
  await page.evaluate((keys) => {
    for (const key of keys) {
      document.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    }
  }, expected.keys);
  assert.deepEqual(await playerMoves(page), expected.dirs.map((direction, i) => ({ direction, by: 'player', score: expected.scores[i] })),
    'one move per key, in the order pressed');
  assert.deepEqual(await engineCells(page), expected.cells, 'engine board equals the replay');
  assert.equal(await score(page), expected.score);
  await settle(page); // the last moves' clean-up done: no merged-away tile left
  const board = await domBoard(page);
  assert.equal(board.clash, false, 'no two tiles share a cell');
  assert.equal(board.tiles, expected.cells.filter(Boolean).length, 'no stray tile elements');
  assert.deepEqual(board.cells, expected.cells, 'DOM tiles equal the engine after settling');
  await done();
});

test(`${N} real key presses in quick succession (no waiting) all apply`, async () => {
  const { page, done } = await openPage(env, '?size=5&seed=99');
  const expected = await plan(page, 5, 99);
  await recordEvents(page);
  for (const key of expected.keys) await page.keyboard.press(key);
  assert.deepEqual(await playerMoves(page), expected.dirs.map((direction, i) => ({ direction, by: 'player', score: expected.scores[i] })),
    'one move per key, in the order pressed');
  assert.deepEqual(await engineCells(page), expected.cells);
  assert.equal(await score(page), expected.score);
  await settle(page); // the last moves' clean-up done: no merged-away tile left
  const board = await domBoard(page);
  assert.deepEqual(board.cells, expected.cells, 'DOM equals engine');
  assert.equal(board.tiles, expected.cells.filter(Boolean).length);
  // Undo goes back through every one of the N moves to the seeded start, and no further.
  const undo = page.locator('.g2048 .undo-button');
  for (let i = 0; i < N; i++) await undo.click();
  assert.equal(await undo.isDisabled(), true, `${N} moves to undo, no more`);
  assert.deepEqual(await engineCells(page), expected.start);
  assert.equal(await score(page), 0);
  await done();
});
