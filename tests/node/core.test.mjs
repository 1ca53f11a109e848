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
