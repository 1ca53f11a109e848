// The wasm module's public API as embedders and the page use it, loaded in Node the way
// docs/embed.md promises (initSync with the bytes). Needs `make build` first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { nativeReplay } from './wasm.mjs';

const { initSync, Game } = await import(new URL('../../www/pkg/game2048_ai.js', import.meta.url));
initSync({ module: readFileSync(new URL('../../www/pkg/game2048_ai_bg.wasm', import.meta.url)) });

test('a new game has two tiles and the documented getters', () => {
  const g = new Game(4, 1n);
  assert.equal(g.size, 4);
  assert.equal(g.score, 0);
  assert.equal(g.won, false);
  assert.equal(g.over, false);
  assert.equal(g.canUndo, false);
  const cells = Array.from(g.cells());
  assert.equal(cells.length, 16);
  assert.equal(cells.filter((v) => v !== 0).length, 2);
  const tiles = g.tiles();
  assert.equal(tiles.length, 2);
  for (const t of tiles) {
    assert.deepEqual(Object.keys(t).sort(), ['col', 'id', 'row', 'value']);
    assert.equal(cells[t.row * 4 + t.col], t.value);
  }
  assert.equal(new Game(8).size, 8, 'seed is optional');
  assert.equal(new Game(3, 5).size, 3, 'a plain number seed is accepted');
});

test('move returns the transitions in the documented shape, or null', () => {
  const g = Game.fromCells(4, [2, 2, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8], 3n);
  const before = new Map(g.tiles().map((t) => [t.id, t]));
  const r = g.move('left');
  assert.deepEqual(Object.keys(r).sort(), ['gained', 'merges', 'moves', 'spawned']);
  assert.equal(r.gained, 4);
  assert.equal(r.merges.length, 1);
  const [m] = r.merges;
  assert.equal(m.value, 4);
  assert.deepEqual(m.at, [0, 0]);
  assert.ok(before.has(m.from[0]) && before.has(m.from[1]), 'merge names the two source ids');
  assert.ok(!before.has(m.id), 'the merged tile is new');
  // The second 2 slid from (0,1) into the merge cell; the 4 slid from (0,2) to (0,1).
  const moved = Object.fromEntries(r.moves.map((x) => [before.get(x.id).value + '@' + x.from, x.to]));
  assert.deepEqual(moved['2@0,1'], [0, 0]);
  assert.deepEqual(moved['4@0,2'], [0, 1]);
  assert.deepEqual(moved['8@3,3'], [3, 0]);
  assert.ok(r.spawned && [2, 4].includes(r.spawned.value));
  assert.equal(Array.from(g.cells())[r.spawned.at[0] * 4 + r.spawned.at[1]], r.spawned.value);
  assert.equal(g.score, 4);
  assert.equal(g.moves, 1);
  // Row 0 is now 4 4 . . whatever spawned: a second left merges them into an 8.
  const again = g.move('left');
  assert.equal(again.gained, 8);
  assert.equal(again.merges.length, 1);
  assert.equal(again.merges[0].value, 8);
  assert.deepEqual(again.merges[0].at, [0, 0]);
  assert.equal(g.score, 12);
  assert.equal(g.moves, 2);
  assert.equal(Array.from(g.cells())[0], 8);
  const stuck = Game.fromCells(3, [2, 4, 8, 0, 0, 0, 0, 0, 0]);
  assert.equal(stuck.move('left'), null, 'a move that changes nothing returns null');
  assert.equal(stuck.moves, 0);
});

test('undo restores the previous board and score', () => {
  const g = new Game(4, 99n);
  const cells = Array.from(g.cells());
  let r = null;
  for (const d of ['left', 'right', 'up', 'down']) if ((r = g.move(d))) break;
  assert.ok(r);
  assert.equal(g.canUndo, true);
  assert.equal(g.undo(), true);
  assert.deepEqual(Array.from(g.cells()), cells);
  assert.equal(g.score, 0);
  assert.equal(g.undo(), false);
});

test('bad input is a clear Error from wasm, never a panic', () => {
  const throwsWith = (fn, re) => assert.throws(fn, (e) => e instanceof Error && re.test(e.message));
  throwsWith(() => new Game(9), /board size must be a whole number from 3 to 8, got 9/);
  throwsWith(() => new Game(2.5), /from 3 to 8, got 2.5/);
  throwsWith(() => new Game('big'), /got "big"/);
  throwsWith(() => new Game(4, -1), /seed must be a whole number/);
  throwsWith(() => Game.fromCells(4, [2, 2]), /a 4x4 board needs 16 cells, got 2/);
  throwsWith(() => Game.fromCells(3, [3, 0, 0, 0, 0, 0, 0, 0, 0]), /cell 0 holds 3, which is not a tile/);
  throwsWith(() => Game.fromCells(3, [0, 0, 0, 0, 2 ** 70, 0, 0, 0, 0]), /cell 4 holds .* above the largest supported tile/);
  throwsWith(() => Game.fromCells(3, 'nope'), /cells must be an array/);
  throwsWith(() => Game.fromCells(3, [0, 0, 'x', 0, 0, 0, 0, 0, 0]), /cell 2 is "x", not a number/);
  throwsWith(() => Game.fromJSON('{"format":"game2048","vers'), /saved game is not valid: not readable JSON/);
  throwsWith(() => Game.fromJSON('{"format":"game2048","version":0}'), /version 0 is older/);
  throwsWith(() => Game.fromJSON(42), /saved game must be a string/);
  const g = new Game(4, 1n);
  throwsWith(() => g.move('sideways'), /unknown direction "sideways"/);
  // The instance still works after a thrown error.
  assert.equal(g.tiles().length, 2);
});

test('toJSON/fromJSON round-trips a game, bounding the history on request', () => {
  const g = new Game(5, 2024n);
  const dirs = ['left', 'down', 'right', 'up'];
  for (let i = 0; i < 80; i++) g.move(dirs[i % 4]);
  const copy = Game.fromJSON(g.toJSON());
  assert.deepEqual(Array.from(copy.cells()), Array.from(g.cells()));
  assert.equal(copy.score, g.score);
  assert.equal(copy.moves, g.moves);
  // Tile ids are fresh after loading; what spawns where must be the same.
  const spawn = (r) => r && { value: r.spawned.value, at: r.spawned.at };
  for (let i = 0; i < 20; i++) assert.deepEqual(spawn(copy.move(dirs[i % 4])), spawn(g.move(dirs[i % 4])));
  const short = Game.fromJSON(g.toJSON(5));
  let undone = 0;
  while (short.undo()) undone++;
  assert.equal(undone, 5);
});

test('the same seed and moves give the same game in wasm as natively', () => {
  const moves = 'ldrudlrrddluldrrulldduurdlrdluuldrdlrdlldrrrudlrdluudrlddr'.repeat(4);
  const native = nativeReplay(['4', '777', moves]).trim();
  const g = new Game(4, 777n);
  const name = { u: 'up', r: 'right', d: 'down', l: 'left' };
  for (const m of moves) g.move(name[m]);
  assert.equal(g.toJSON(), native);
});
