// The page's core module (game2048_core: the rules and the strategy catalogue, built
// without the `ai` feature) against the full one (game2048: also bestMove). Needs `make build`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { load, unworded } from './wasm.mjs';

const core = await load('game2048_core');
const full = await load('game2048');
const lite = await load('game2048_lite');

test('the core exports Game and strategies, not bestMove', () => {
  assert.equal(typeof core.Game, 'function');
  assert.equal(typeof core.strategies, 'function');
  assert.equal('bestMove' in core, false);
  assert.equal(typeof full.bestMove, 'function');
  assert.deepEqual(core.strategies(), unworded(full.strategies()), 'the same catalogue, without its words');
  assert.ok(core.strategies().length >= 9);
});

test('the lite module (a first visit\'s) plays and saves, and reads no saved game or record', () => {
  assert.deepEqual(lite.strategies(), core.strategies());
  assert.deepEqual(lite.learnedStrategies(), core.learnedStrategies());
  for (const name of ['fromJSON', 'fromRecord']) assert.equal(typeof lite.Game[name], 'undefined', name);
  assert.equal('Replay' in lite, false);
  const a = new lite.Game(4, 7n);
  const b = new core.Game(4, 7n);
  for (const d of ['left', 'up', 'right', 'down', 'left', 'up']) assert.deepEqual(a.move(d), b.move(d));
  assert.equal(a.toJSON(), b.toJSON(), 'the same saved game');
  assert.equal(a.record(), b.record(), 'the same record');
  assert.deepEqual(Array.from(core.Game.fromJSON(a.toJSON()).cells()), Array.from(a.cells()), 'the core reads what the lite module saved');
  a.free();
  b.free();
});

test('strategy-texts/<name>.json (make build): one file per strategy, the full module\'s explanation', () => {
  const dir = new URL('../../www/pkg/strategy-texts/', import.meta.url);
  const all = [...full.strategies(), ...full.learnedStrategies()];
  assert.deepEqual(readdirSync(dir).sort(), all.map((s) => `${s.name}.json`).sort(), 'a file for each strategy, no other');
  for (const s of all) {
    assert.ok(s.explanation.length > 80, `${s.name} is explained`);
    assert.equal(JSON.parse(readFileSync(new URL(`${s.name}.json`, dir), 'utf8')), s.explanation, s.name);
  }
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

test('a long seeded game plays, undoes and saves alike in the lite module and the core', () => {
  const dirs = ['left', 'up', 'right', 'down', 'up', 'left'];
  for (const size of [3, 4, 8]) {
    const a = new lite.Game(size, 99n + BigInt(size));
    const b = new core.Game(size, 99n + BigInt(size));
    try {
      assert.deepEqual(a.tiles(), b.tiles());
      for (let i = 0; i < 300 && !a.over; i++) {
        const d = dirs[(i * 7) % dirs.length];
        assert.deepEqual(a.move(d), b.move(d), `move ${i} (${d}) on ${size}x${size}`);
        if (i % 37 === 36) assert.equal(a.undo(), b.undo());
        assert.deepEqual(lite.legalMoves(Array.from(a.cells()), size), core.legalMoves(Array.from(b.cells()), size));
      }
      assert.deepEqual(a.tiles(), b.tiles());
      assert.deepEqual([a.score, a.moves, a.over, a.won, a.canUndo], [b.score, b.moves, b.over, b.won, b.canUndo]);
      for (const keep of [undefined, 0, 5]) assert.equal(a.toJSON(keep), b.toJSON(keep), `saved game, history ${keep}`);
      assert.equal(a.record(), b.record());
      // What the lite module saved (its rng as hex words among it) plays on alike once read back.
      const back = core.Game.fromJSON(a.toJSON());
      try {
        for (let i = 0; i < 40 && !a.over; i++) {
          const d = dirs[i % 4];
          const [ra, rb] = [a.move(d), back.move(d)];
          assert.deepEqual(ra && ra.spawned && [ra.spawned.value, ra.spawned.at], rb && rb.spawned && [rb.spawned.value, rb.spawned.at], `move ${i} after reading back`);
        }
        assert.deepEqual(Array.from(back.cells()), Array.from(a.cells()));
      } finally {
        back.free();
      }
    } finally {
      a.free();
      b.free();
    }
  }
});

test('a seed as a BigInt, a number or a decimal string gives the same game, up to 2^64-1', () => {
  const save = (g) => { const text = g.toJSON(); g.free(); return text; };
  for (const m of [lite, core]) {
    assert.equal(save(new m.Game(4, 2n ** 64n - 1n)), save(new m.Game(4, '18446744073709551615')));
    assert.equal(save(new m.Game(4, 0n)), save(new m.Game(4, 0)));
    assert.equal(save(new m.Game(4, 2n ** 53n - 1n)), save(new m.Game(4, 2 ** 53 - 1)));
    assert.notEqual(save(new m.Game(4, 2n ** 64n - 1n)), save(new m.Game(4, 2n ** 64n - 2n)));
  }
});

test('the lite module, the core and the full module word bad input alike', () => {
  const cells9 = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  const at = (i, v) => cells9.map((c, j) => (j === i ? v : c));
  const cases = [
    [(m) => new m.Game(9), 'board size must be a whole number from 3 to 8, got 9'],
    [(m) => new m.Game(-4), 'board size must be a whole number from 3 to 8, got -4'],
    [(m) => new m.Game(2.5), 'board size must be a whole number from 3 to 8, got 2.5'],
    [(m) => new m.Game(1e20), 'board size must be a whole number from 3 to 8, got 1e+20'],
    [(m) => new m.Game(NaN), 'board size must be a whole number from 3 to 8, got NaN'],
    [(m) => new m.Game('big'), 'board size must be a whole number from 3 to 8, got "big"'],
    [(m) => new m.Game(null), 'board size must be a whole number from 3 to 8, got object'],
    [(m) => new m.Game(4, -1), 'seed must be a whole number from 0 to 2^64-1, got -1'],
    [(m) => new m.Game(4, 1.5), 'seed must be a whole number from 0 to 2^64-1, got 1.5'],
    [(m) => new m.Game(4, 2n ** 64n), 'seed must be a whole number from 0 to 2^64-1, got 18446744073709551616n'],
    [(m) => new m.Game(4, -1n), 'seed must be a whole number from 0 to 2^64-1, got -1n'],
    [(m) => new m.Game(4, 'x"y'), 'seed must be a whole number from 0 to 2^64-1, got "x\\"y"'],
    [(m) => new m.Game(4, 1n, 'zen'), 'unknown mode "zen": use "classic" or "endless"'],
    [(m) => new m.Game(4, 1n, 5), 'unknown mode "5": use "classic" or "endless"'],
    [(m) => m.Game.fromCells(4, [2, 2]), 'a 4x4 board needs 16 cells, got 2'],
    [(m) => m.Game.fromCells(3, at(0, 3)), 'cell 0 holds 3, which is not a tile: tiles are powers of two from 2 up (0 = empty)'],
    [(m) => m.Game.fromCells(3, at(5, -0.75)), 'cell 5 holds -0.75, which is not a tile: tiles are powers of two from 2 up (0 = empty)'],
    [(m) => m.Game.fromCells(3, at(4, 2 ** 70)), 'cell 4 holds 1.1805916207174113e+21, above the largest supported tile 2^65'],
    [(m) => m.Game.fromCells(3, 'nope'), 'cells must be an array of tile values, got "nope"'],
    [(m) => m.Game.fromCells(3, at(2, 'x')), 'cell 2 is "x", not a number'],
    [(m) => m.legalMoves(cells9, 12), 'board size must be a whole number from 3 to 8, got 12'],
    [(m) => new m.Game(4, 1n).move('sideways'), 'unknown direction "sideways": use "up", "right", "down" or "left"'],
    [(m) => { new m.Game(4, 1n).mode = 'zen'; }, 'unknown mode "zen": use "classic" or "endless"'],
  ];
  for (const [f, expected] of cases) {
    for (const [name, m] of [['lite', lite], ['core', core], ['full', full]]) {
      assert.throws(() => f(m), (e) => e instanceof Error && e.message === expected, `${name}: ${expected}`);
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
