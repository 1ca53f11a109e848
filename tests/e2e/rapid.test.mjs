// Key presses faster than the animations: each applies exactly once, in order,
// and the board on screen ends equal to the engine's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPage, domBoard, engineCells, score, settle } from './helpers.mjs';

const env = setup();
const KEYS = ['ArrowLeft', 'ArrowDown', 'ArrowRight', 'ArrowDown', 'a', 's', 'd', 's', 'ArrowLeft', 'ArrowUp',
  'ArrowLeft', 'ArrowDown', 'd', 'ArrowDown', 'a', 'w', 'ArrowRight', 'ArrowDown', 'ArrowLeft', 's'];
const DIR = { ArrowUp: 'up', ArrowRight: 'right', ArrowDown: 'down', ArrowLeft: 'left', w: 'up', d: 'right', s: 'down', a: 'left' };

/** Replays the seed and keys on a separate Game in the page (same wasm build). */
async function replay(page, size, seed, keys) {
  return page.evaluate(async ({ size, seed, dirs }) => {
    const wasm = await import('/www/pkg/game2048.js');
    await wasm.default({ module_or_path: '/www/pkg/game2048_bg.wasm' });
    const g = new wasm.Game(size, BigInt(seed));
    let applied = 0;
    for (const d of dirs) if (g.move(d)) applied++;
    const out = { cells: Array.from(g.cells()), score: g.score, applied };
    g.free();
    return out;
  }, { size, seed, dirs: keys.map((k) => DIR[k]) });
}

test('20 key presses dispatched in one burst all apply, in order', async () => {
  const { page, done } = await openPage(env, '?size=4&seed=123');
  const elapsed = await page.evaluate((keys) => {
    const t0 = performance.now();
    for (const key of keys) {
      document.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    }
    return performance.now() - t0;
  }, KEYS);
  assert.ok(elapsed < 100, `burst took ${elapsed.toFixed(1)} ms`);
  const expected = await replay(page, 4, 123, KEYS);
  assert.ok(expected.applied >= 15, `most presses were real moves (${expected.applied})`);
  assert.deepEqual(await engineCells(page), expected.cells, 'engine board equals the replay');
  assert.equal(await score(page), expected.score);
  await settle(page);
  const board = await domBoard(page);
  assert.equal(board.clash, false, 'no two tiles share a cell');
  assert.equal(board.tiles, expected.cells.filter(Boolean).length, 'no stray tile elements');
  assert.deepEqual(board.cells, expected.cells, 'DOM tiles equal the engine after settling');
  await done();
});

test('20 real key presses in quick succession (no waiting) all apply', async () => {
  const { page, done } = await openPage(env, '?size=5&seed=99');
  const t0 = Date.now();
  for (const key of KEYS) await page.keyboard.press(key);
  const elapsed = Date.now() - t0;
  const expected = await replay(page, 5, 99, KEYS);
  assert.deepEqual(await engineCells(page), expected.cells);
  assert.equal(await score(page), expected.score);
  await settle(page);
  const board = await domBoard(page);
  assert.deepEqual(board.cells, expected.cells, `DOM equals engine (presses took ${elapsed} ms)`);
  assert.equal(board.tiles, expected.cells.filter(Boolean).length);
  // And the same seed replays identically after undoing everything.
  for (let i = 0; i < expected.applied; i++) await page.locator('.g2048 .undo-button').click();
  assert.equal(await score(page), 0);
  await done();
});
