// Game records through the page's records module (no AI): a record made in wasm replays natively
// (src/bin/replay.rs --record) and in wasm to the boards the game showed while it was played;
// continuing from a move; every bad text throws an Error with the engine's message. Needs
// `make build` (and builds the native replay binary through cargo).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load, nativeReplay } from './wasm.mjs';

const records = await load('game2048_records');
const { Game, Replay } = records;

const DIRS = ['up', 'left', 'right', 'down'];

/** Plays a seeded game in wasm (first legal of up, left, right, down; an undo every 37th
 * move), keeping the boards of the line played, the start first. */
function play(size, seed, moves, mode) {
  const g = new Game(size, seed, mode);
  const seen = [{ score: g.score, cells: Array.from(g.cells()) }];
  for (let i = 0; i < moves && !g.over; i++) {
    if (i % 37 === 36 && g.undo()) {
      seen.pop();
      continue;
    }
    for (const d of DIRS) {
      if (g.move(d)) break;
    }
    seen.push({ score: g.score, cells: Array.from(g.cells()) });
  }
  return { g, seen };
}

function native(text) {
  return nativeReplay(['--record', text])
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

test('a record made in wasm replays natively and in wasm to the boards that were played', () => {
  for (const [size, seed, moves] of [[3, 5n, 200], [4, 2048n, 600], [8, 3n, 1500]]) {
    const { g, seen } = play(size, seed, moves, size === 8 ? 'endless' : undefined);
    const text = g.record();
    assert.match(text, /^2048r1\.[A-Za-z0-9_-]+$/);
    const replay = new Replay(text);
    try {
      assert.equal(replay.size, size);
      assert.equal(replay.mode, size === 8 ? 'endless' : 'classic');
      assert.equal(replay.length, seen.length - 1);
      assert.equal(replay.length, g.moves);
      assert.equal(replay.over, g.over);
      const wasm = seen.map((_, n) => ({ score: replay.score(n), cells: Array.from(replay.cells(n)) }));
      assert.deepEqual(wasm, seen, `${size}x${size}: wasm replay`);
      assert.deepEqual(native(text), seen, `${size}x${size}: native replay`);
      const last = replay.move(replay.length);
      assert.ok(DIRS.includes(last.dir));
      assert.ok([2, 4].includes(last.spawn.value));
      assert.equal(seen.at(-1).cells[last.spawn.at[0] * size + last.spawn.at[1]] > 0, true);
      assert.equal(replay.won(0), false);
    } finally {
      replay.free();
      g.free();
    }
  }
});

test('the saved game carries the record, and a game continues from any move', () => {
  const { g, seen } = play(4, 9n, 150);
  const text = g.record();
  assert.equal(JSON.parse(g.toJSON()).record, text);
  assert.equal(Game.fromJSON(g.toJSON()).record(), text);
  const at = 100;
  const c = Game.fromRecord(text, at, 1n);
  assert.deepEqual(Array.from(c.cells()), seen[at].cells);
  assert.equal(c.score, seen[at].score);
  assert.equal(c.moves, at);
  assert.equal(c.mode, 'classic');
  c.move('down') ?? c.move('up') ?? c.move('left') ?? c.move('right');
  assert.equal(new Replay(c.record()).length, at + 1);
  assert.equal(g.record(), text, 'the shared record is unchanged');
  assert.deepEqual(Array.from(Game.fromRecord(text).cells()), seen.at(-1).cells);
  c.mode = 'endless';
  assert.equal(new Replay(c.record()).mode, 'endless');
  assert.throws(() => { c.mode = 'zen'; }, { message: 'unknown mode "zen": use "classic" or "endless"' });
});

test('bad records throw an Error naming the problem', () => {
  const text = play(4, 12n, 120).g.record();
  const changed = text.slice(0, 30) + (text[30] === 'A' ? 'B' : 'A') + text.slice(31);
  const cases = [
    [() => new Replay(text.slice(0, 60)), /^record is cut short: it ends inside move \d+ of 1\d\d$/],
    [() => new Replay(changed), /^record is corrupt: its checksum does not match \(the text was changed\)$/],
    [() => new Replay(text.replace('2048r1.', '2048r9.')), /^record version "9" is not one this game reads \(it reads version 1\)$/],
    [() => new Replay('hello'), /^not a game record: a record starts with "2048r1\."$/],
    [() => new Replay(42), /^a game record must be a string, got 42$/],
    [() => Game.fromRecord(text, 500), /^move 500 is past the record's last move \(1\d\d\)$/],
    [() => Game.fromRecord(text, -1), /^move number must be a whole number from 0, got -1$/],
    [() => new Replay(text).cells(1000), /^move 1,000 is past the record's last move \(1\d\d\)$/],
    [() => new Replay(text).move(0), /^move 0 is the start: moves are numbered from 1$/],
    [() => new Game(4, 1n, 'zen'), /^unknown mode "zen": use "classic" or "endless"$/],
  ];
  for (const [f, message] of cases) assert.throws(f, (e) => e instanceof Error && message.test(e.message), String(message));
});

test('positionProblem: the board editor\'s check, in words (undefined when the position can be played from)', () => {
  const big = new Array(9).fill(0);
  big[4] = 2 ** 20;
  assert.equal(records.positionProblem(big, 3), 'the tile 2^20 in row 2, column 2 is larger than any 3x3 game can make (2^10)');
  big[4] = 1024;
  assert.equal(records.positionProblem(big, 3), undefined);
  assert.match(records.positionProblem(new Array(16).fill(0), 4), /the board is empty/);
  assert.match(records.positionProblem([2, 4, 2, 4, 2, 4, 2, 4, 2], 3), /^no move can be played/);
  assert.throws(() => records.positionProblem([3, 0, 0, 0, 0, 0, 0, 0, 0], 3), /cell 0 holds 3/);
});

test('a replay\'s slides(n) report what the tiles did: applied to position n - 1 with the spawn, they give position n (wasm)', () => {
  const { g } = play(5, 11n, 300);
  const replay = new Replay(g.record());
  for (let n = 1; n <= replay.length; n++) {
    const before = Array.from(replay.cells(n - 1));
    const cells = before.slice();
    const s = Array.from(replay.slides(n));
    assert.ok(s.length > 0 && s.length % 3 === 0);
    for (let k = 0; k < s.length; k += 3) cells[s[k]] = 0;
    for (let k = 0; k < s.length; k += 3) cells[s[k + 1]] = s[k + 2] ? 2 ** s[k + 2] : before[s[k]];
    const m = replay.move(n);
    cells[m.spawn.at[0] * 5 + m.spawn.at[1]] = m.spawn.value;
    assert.deepEqual(cells, Array.from(replay.cells(n)), `move ${n}`);
  }
  assert.throws(() => replay.slides(0), /numbered from 1/);
  replay.free();
  g.free();
});
