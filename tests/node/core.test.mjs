// The page's core module (game2048_core: the rules and the strategy catalogue, built
// without the `ai` feature) against the full one (game2048: also bestMove). Needs `make build`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from './wasm.mjs';

const core = await load('game2048_core');
const full = await load('game2048');

test('the core exports Game and strategies, not bestMove', () => {
  assert.equal(typeof core.Game, 'function');
  assert.equal(typeof core.strategies, 'function');
  assert.equal('bestMove' in core, false);
  assert.equal(typeof full.bestMove, 'function');
  assert.deepEqual(core.strategies(), full.strategies(), 'the same catalogue');
  assert.ok(core.strategies().length >= 9);
});

test('a seeded game plays alike in both modules (the same engine)', () => {
  const dirs = ['left', 'up', 'right', 'down'];
  for (const size of [3, 4, 6]) {
    const a = new core.Game(size, 2024n);
    const b = new full.Game(size, 2024n);
    try {
      assert.deepEqual(Array.from(a.cells()), Array.from(b.cells()));
      for (let i = 0; i < 400 && !a.over; i++) {
        // The full module's AI picks the moves; both games play them.
        const { dir } = full.bestMove(Array.from(b.cells()), size, { strategy: 'greedy' });
        const d = dir ?? dirs[i % 4];
        assert.deepEqual(a.move(d), b.move(d), `move ${i} (${d}) on ${size}x${size}`);
        assert.deepEqual(Array.from(a.cells()), Array.from(b.cells()));
        if (i % 50 === 49) {
          assert.equal(a.undo(), b.undo());
          assert.deepEqual(Array.from(a.cells()), Array.from(b.cells()));
        }
      }
      assert.equal(a.score, b.score);
      assert.equal(a.over, b.over);
      assert.equal(a.toJSON(), b.toJSON(), 'the same saved game');
      assert.deepEqual(core.Game.fromJSON(b.toJSON()).tiles(), full.Game.fromJSON(a.toJSON()).tiles());
    } finally {
      a.free();
      b.free();
    }
  }
});

test('the core reports bad input as the full module does', () => {
  for (const f of [
    (m) => m.Game.fromCells(3, [3, 0, 0, 0, 0, 0, 0, 0, 0]),
    (m) => new m.Game(9),
    (m) => m.Game.fromJSON('{"format":"nope"}'),
    (m) => new m.Game(4, 1n).move('sideways'),
  ]) {
    const message = (m) => { try { f(m); return null; } catch (e) { return e.message; } };
    assert.ok(message(core));
    assert.equal(message(core), message(full));
  }
});
