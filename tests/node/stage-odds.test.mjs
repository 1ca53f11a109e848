// The AI's odds from a board's stage (www/ai/stage-odds.js), the line the AI panel and a
// review's summary show: the stage read from the board, the share of the table's cell for it,
// worded as the AI's odds from the stage; nothing outside 4x4 or the table; a clear error for
// cells that are not a board. And the generator's one assumption (tools/figures/stage-odds.mjs):
// a game's last board tells every stage it got to, checked on games played in wasm.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { STAGE_ODDS, ODDS_SIZE, TENTHS, oddsLine, stageOdds, stageOf } from '../../www/ai/stage-odds.js';
import { calibration, gotTo, oddsRows, reachedTile } from '../../tools/figures/stage-odds.mjs';

const board = (...tiles) => [...tiles, ...new Array(16 - tiles.length).fill(0)];

test("a board's stage is its largest tile and the others' sum over it, in tenths (9: 90% or more)", () => {
  // 8192 + 4096 + 1024 = 13312 of 16384: 81%.
  assert.deepEqual(stageOf(board(16384, 8192, 4096, 1024, 0, 0)), { largest: 16384, tenth: 8 });
  assert.deepEqual(stageOf(board(2048, 2, 2)), { largest: 2048, tenth: 0 });
  assert.deepEqual(stageOf(board(1024, 512, 256, 256)), { largest: 1024, tenth: 9 });
  // Two of the largest: the next one is built, 100% and more.
  assert.deepEqual(stageOf(board(4096, 4096, 2048)), { largest: 4096, tenth: 9 });
  assert.equal(stageOf(board()), null);
  for (const bad of [-2, 2.5, '8', NaN]) assert.throws(() => stageOf(board(4, bad)), /a tile is a whole number 0 or more/);
});

test('the line quotes the cell of the board\'s stage, names the player and the tile, and speaks of the stage, not of a move', () => {
  assert.ok(STAGE_ODDS, 'the table is written (`make figures`)');
  const cells = board(16384, 8192, 4096, 1024);
  const percent = STAGE_ODDS.rows[16384][8];
  assert.deepEqual(stageOdds(cells, 4), { largest: 16384, tenth: 8, percent, player: STAGE_ODDS.player, tile: STAGE_ODDS.tile });
  const line = oddsLine(cells, 4);
  assert.equal(line, `From boards at this stage (largest tile 16384, the next 16384 80–90% built), the AI (${STAGE_ODDS.player}) reaches ${STAGE_ODDS.tile} in about ${percent}% of games.`);
  assert.doesNotMatch(line, /move/i);
  // Each cell of the table is what some board shows.
  for (const [largest, cellsOfRow] of Object.entries(STAGE_ODDS.rows)) {
    cellsOfRow.forEach((cell, tenth) => {
      const b = board(Number(largest), ...(tenth ? [Math.ceil((Number(largest) * tenth) / TENTHS / 2) * 2] : []));
      assert.equal(stageOdds(b, 4)?.percent ?? null, cell, `largest ${largest}, tenth ${tenth}`);
    });
  }
  assert.match(oddsLine(board(16384, 16384), 4), /the next 16384 90% or more built/);
});

test('no line on another size, past the tile, below the first row, on an empty board or a cell of too few games', () => {
  const five = new Array(25).fill(0);
  five[0] = 16384;
  assert.equal(ODDS_SIZE, 4);
  assert.equal(oddsLine(five, 5), null);
  assert.equal(oddsLine(board(STAGE_ODDS.tile, 2), 4), null);
  assert.equal(oddsLine(board(2 * STAGE_ODDS.tile), 4), null);
  const first = Math.min(...Object.keys(STAGE_ODDS.rows).map(Number));
  assert.equal(oddsLine(board(first / 2, 2), 4), null);
  assert.equal(oddsLine(board(), 4), null);
  const sparse = { ...STAGE_ODDS, rows: { 16384: [null, ...STAGE_ODDS.rows[16384].slice(1)] } };
  assert.equal(oddsLine(board(16384, 2), 4, sparse), null);
  assert.notEqual(oddsLine(board(16384, 2048), 4, sparse), null);
});

test('cells that are not a board of the size throw a TypeError that says so', () => {
  assert.throws(() => oddsLine(board(16384).slice(1), 4), { name: 'TypeError', message: /a 4x4 board has 16 cells, not 15/ });
  assert.throws(() => oddsLine(null, 4), { name: 'TypeError', message: /a 4x4 board has 16 cells/ });
  assert.throws(() => oddsLine(board(16384), 5), { name: 'TypeError', message: /a 5x5 board has 25 cells, not 16/ });
});

/** A game line as the arena writes it, for the last board `cells`. */
const gameLine = (cells, seed = 1) => {
  const tiles = {};
  for (const v of cells) if (v) tiles[v] = (tiles[v] ?? 0) + 1;
  return { seed, size: 4, tiles };
};

test("a game's last board tells every stage it got to: checked on games played in wasm, cut every 25 moves", async () => {
  const { load } = await import('./wasm.mjs');
  const wasm = await load('game2048_ai');
  const key = (l, t) => `${l}:${t}`;
  let checked = 0;
  for (const seed of [1, 2, 3]) {
    const game = new wasm.Game(4, BigInt(seed));
    const seen = new Set();
    for (let n = 0; ; n++) {
      const cells = Array.from(game.cells());
      const { largest, tenth } = stageOf(cells);
      // Got to (largest, t) for every t up to this board's.
      for (let t = 0; t <= tenth; t++) seen.add(key(largest, t));
      // Cut here, the game's line tells the same stages (from 64: below, a spawn is over a tenth).
      if (n % 25 === 0) {
        const line = gameLine(cells, seed);
        for (let l = 64; l <= 2 * largest; l *= 2) {
          for (let t = 0; t < TENTHS; t++) assert.equal(gotTo(line, l, t), seen.has(key(l, t)), `seed ${seed}, move ${n}: largest ${l}, tenth ${t}`);
        }
        checked += 1;
      }
      const { dir } = wasm.bestMove(cells, 4, { strategy: 'greedy' });
      if (dir === null) break;
      game.move(dir);
    }
    game.free();
  }
  assert.ok(checked > 20, `boards checked: ${checked}`);
});

test("the table counts the games that got to each stage and those of them that reached the tile; the calibration weighs each bin's gap by its predictions", () => {
  // 100 games end at 16384 90% built, 100 at 16384 40% built, 100 reach 32768.
  const games = [
    ...Array.from({ length: 100 }, (_, i) => gameLine(board(16384, 8192, 4096, 2048, 1024), i)),
    ...Array.from({ length: 100 }, (_, i) => gameLine(board(16384, 4096, 2048, 512), 100 + i)),
    ...Array.from({ length: 100 }, (_, i) => gameLine(board(32768, 2), 200 + i)),
  ];
  const rows = oddsRows(games, 32768);
  assert.deepEqual(rows[8192], new Array(TENTHS).fill([300, 100]));
  assert.deepEqual(rows[16384], [...new Array(5).fill([300, 100]), ...new Array(5).fill([200, 100])]);
  assert.equal(reachedTile(games[250], 32768), true);
  // Checked on the same games: the 1/3 cells (256 to 8192, and 16384 to 40%) hold 60 + 5
  // predictions of each game; the 1/2 cells 5 of each of the 200 that got past 40%.
  const check = calibration(rows, games, 32768);
  const third = check.bins.find((b) => b.from === 0.3);
  const half = check.bins.find((b) => b.from === 0.5);
  assert.equal(third.count, 300 * (Object.keys(rows).length - 1) * TENTHS + 300 * 5);
  assert.ok(Math.abs(third.predicted - 0.33) < 1e-9, `predicted ${third.predicted}`);
  assert.ok(Math.abs(third.observed - 1 / 3) < 1e-12);
  assert.equal(half.count, 200 * 5);
  assert.equal(half.observed, 0.5);
  const total = third.count + half.count;
  assert.ok(Math.abs(check.ece - (third.count / total) * Math.abs(0.33 - 1 / 3)) < 1e-9, `ece ${check.ece}`);
  assert.throws(() => oddsRows([{ ...games[0], size: 5 }], 32768), /a game of size 5/);
});
