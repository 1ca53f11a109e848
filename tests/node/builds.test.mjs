// The three builds against each other: the page's play module (game2048_play: the rules and
// the strategy catalogue), its records module (game2048_records: also reading saved games and
// records), both built without the `ai` feature, and the ai one (game2048_ai: also bestMove).
// Needs `make build`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { load, unworded } from './wasm.mjs';
import { BEST, BEST_EXPLANATION } from '../../www/ai/best.js';

const records = await load('game2048_records');
const ai = await load('game2048_ai');
const play = await load('game2048_play');

test('the records module exports Game and strategies, not bestMove', () => {
  assert.equal(typeof records.Game, 'function');
  assert.equal(typeof records.strategies, 'function');
  assert.equal('bestMove' in records, false);
  assert.equal(typeof ai.bestMove, 'function');
  assert.deepEqual(records.strategies(), unworded(ai.strategies()), 'the same catalogue, without its words');
  assert.ok(records.strategies().length >= 9);
});

test('the play module (a first visit\'s) plays and saves, and reads no saved game or record', () => {
  assert.deepEqual(play.strategies(), records.strategies());
  assert.deepEqual(play.learnedStrategies(), records.learnedStrategies());
  for (const name of ['fromJSON', 'fromRecord']) assert.equal(typeof play.Game[name], 'undefined', name);
  assert.equal('Replay' in play, false);
  const a = new play.Game(4, 7n);
  const b = new records.Game(4, 7n);
  for (const d of ['left', 'up', 'right', 'down', 'left', 'up']) assert.deepEqual(a.move(d), b.move(d));
  assert.equal(a.toJSON(), b.toJSON(), 'the same saved game');
  assert.equal(a.record(), b.record(), 'the same record');
  assert.deepEqual(Array.from(records.Game.fromJSON(a.toJSON()).cells()), Array.from(a.cells()), 'the records module reads what the play module saved');
  a.free();
  b.free();
});

test('strategy-texts/<name>.json (make build): one file per strategy, the ai module\'s explanation, and the default player\'s; index.js names each by a literal URL', async () => {
  const dir = new URL('../../www/pkg/strategy-texts/', import.meta.url);
  const all = [{ name: BEST, explanation: BEST_EXPLANATION }, ...ai.strategies(), ...ai.learnedStrategies()];
  assert.deepEqual(readdirSync(dir).sort(), [...all.map((s) => `${s.name}.json`), 'index.js'].sort(), 'a file for each strategy and the index, no other');
  const { TEXTS } = await import(new URL('index.js', dir));
  assert.deepEqual(Object.keys(TEXTS).sort(), all.map((s) => s.name).sort(), 'the index names each file');
  for (const s of all) assert.equal(TEXTS[s.name].href, new URL(`${s.name}.json`, dir).href, s.name);
  for (const line of readFileSync(new URL('index.js', dir), 'utf8').split('\n').filter((l) => l.includes('new URL('))) {
    assert.match(line, /new URL\('\.\/[a-z0-9-]+\.json', import\.meta\.url\)/, 'a literal URL, which bundlers follow');
  }
  for (const s of all) {
    assert.ok(s.explanation.length > 80, `${s.name} is explained`);
    assert.equal(JSON.parse(readFileSync(new URL(`${s.name}.json`, dir), 'utf8')), s.explanation, s.name);
  }
});

test('a seeded game plays alike in both modules (the same engine)', () => {
  const dirs = ['left', 'up', 'right', 'down'];
  for (const size of [3, 4, 6]) {
    const a = new records.Game(size, 2024n);
    const b = new ai.Game(size, 2024n);
    try {
      assert.deepEqual(Array.from(a.cells()), Array.from(b.cells()));
      for (let i = 0; i < 400 && !a.over; i++) {
        // The ai module's AI picks the moves; both games play them.
        const { dir } = ai.bestMove(Array.from(b.cells()), size, { strategy: 'greedy' });
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
      assert.deepEqual(records.Game.fromJSON(b.toJSON()).tiles(), ai.Game.fromJSON(a.toJSON()).tiles());
    } finally {
      a.free();
      b.free();
    }
  }
});

test('a long seeded game plays, undoes and saves alike in the play module and the records module', () => {
  const dirs = ['left', 'up', 'right', 'down', 'up', 'left'];
  for (const size of [3, 4, 8]) {
    const a = new play.Game(size, 99n + BigInt(size));
    const b = new records.Game(size, 99n + BigInt(size));
    try {
      assert.deepEqual(a.tiles(), b.tiles());
      for (let i = 0; i < 300 && !a.over; i++) {
        const d = dirs[(i * 7) % dirs.length];
        assert.deepEqual(a.move(d), b.move(d), `move ${i} (${d}) on ${size}x${size}`);
        if (i % 37 === 36) assert.equal(a.undo(), b.undo());
        assert.deepEqual(play.legalMoves(Array.from(a.cells()), size), records.legalMoves(Array.from(b.cells()), size));
      }
      assert.deepEqual(a.tiles(), b.tiles());
      assert.deepEqual([a.score, a.moves, a.over, a.won, a.canUndo], [b.score, b.moves, b.over, b.won, b.canUndo]);
      for (const keep of [undefined, 0, 5]) assert.equal(a.toJSON(keep), b.toJSON(keep), `saved game, history ${keep}`);
      assert.equal(a.record(), b.record());
      // What the play module saved (its rng as hex words among it) plays on alike once read back.
      const back = records.Game.fromJSON(a.toJSON());
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
  for (const m of [play, records]) {
    assert.equal(save(new m.Game(4, 2n ** 64n - 1n)), save(new m.Game(4, '18446744073709551615')));
    assert.equal(save(new m.Game(4, 0n)), save(new m.Game(4, 0)));
    assert.equal(save(new m.Game(4, 2n ** 53n - 1n)), save(new m.Game(4, 2 ** 53 - 1)));
    assert.notEqual(save(new m.Game(4, 2n ** 64n - 1n)), save(new m.Game(4, 2n ** 64n - 2n)));
  }
});

test('the play, records and ai modules word bad input alike', () => {
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
    for (const [name, m] of [['play', play], ['records', records], ['ai', ai]]) {
      assert.throws(() => f(m), (e) => e instanceof Error && e.message === expected, `${name}: ${expected}`);
    }
  }
});

test('the records module reports bad input as the ai module does', () => {
  for (const f of [
    (m) => m.Game.fromCells(3, [3, 0, 0, 0, 0, 0, 0, 0, 0]),
    (m) => new m.Game(9),
    (m) => m.Game.fromJSON('{"format":"nope"}'),
    (m) => new m.Game(4, 1n).move('sideways'),
  ]) {
    const message = (m) => { try { f(m); return null; } catch (e) { return e.message; } };
    assert.ok(message(records));
    assert.equal(message(records), message(ai));
  }
});
