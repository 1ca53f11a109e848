// The odds from a stage (www/ai/stage-odds.js), from the arena's game lines: for each largest
// tile and each tenth of the next one built, the games that got that far and how many of them
// went on to the tile; and their calibration on games of other seeds. figures.mjs
// (`make figures`) writes the table into the page's module and both into docs/figures.md.
//
// Only a game's last board is in its line, and that is enough: while the largest tile stays
// the same, the tiles' sum grows by 2 or 4 a move, so how far the next one is built only
// grows, by steps under a tenth from 64 up; and a game whose largest went past L held two
// of L before, 100% built. So a game got to "largest L, at least t tenths built" exactly
// when its last largest is above L, or is L with at least t tenths built at the end.
import { ODDS_SIZE, TENTHS, stageOf } from '../../www/ai/stage-odds.js';

// The table's rows, largest tile FIRST_ROW up to the one below the tile: before 256 every
// game of the default player is still in it, and a line would only repeat its share.
export const FIRST_ROW = 256;
// A cell with fewer games than this is left out (the page shows no line there).
export const MIN_GAMES = 100;
// The calibration's bins: the predicted share in BINS equal steps.
export const BINS = 10;
// The expected calibration error the odds aim at, on games of seeds the table's did not use.
export const ECE_AIM = 0.02;

/** A game line's last stage (its `tiles` counts), read once a game. */
const ends = new WeakMap();
const lastStage = (game) => {
  if (!ends.has(game)) ends.set(game, stageOf(Object.entries(game.tiles).flatMap(([v, n]) => new Array(n).fill(Number(v)))));
  return ends.get(game);
};

/** Whether a game line's largest tile reached `tile`. */
export const reachedTile = (game, tile) => lastStage(game).largest >= tile;

/** Whether a game got to largest `largest` with at least `tenth` tenths of the next one built. */
export function gotTo(game, largest, tenth) {
  const end = lastStage(game);
  return end.largest > largest || (end.largest === largest && end.tenth >= tenth);
}

/** The rows' largest tiles: FIRST_ROW up to half of `tile`. */
export const rowTiles = (tile) => {
  const out = [];
  for (let l = FIRST_ROW; l < tile; l *= 2) out.push(l);
  return out;
};

/**
 * The table from the games (4x4 game lines): {largest: [[games, reached] for each tenth, or
 * null under MIN_GAMES]}.
 */
export function oddsRows(games, tile) {
  const bad = games.find((g) => g.size !== ODDS_SIZE);
  if (bad) throw new Error(`stage odds: a game of size ${bad.size} (seed ${bad.seed}); the table is for ${ODDS_SIZE}x${ODDS_SIZE}`);
  return Object.fromEntries(rowTiles(tile).map((largest) => [largest, Array.from({ length: TENTHS }, (_, tenth) => {
    const got = games.filter((g) => gotTo(g, largest, tenth));
    return got.length >= MIN_GAMES ? [got.length, got.filter((g) => reachedTile(g, tile)).length] : null;
  })]));
}

/** The share the page shows for a cell, rounded as it shows it: whole percent, as a fraction. */
export const shownShare = ([games, reached]) => Math.round((100 * reached) / games) / 100;

/**
 * The calibration of `rows` on other games: each (game, stage it got to) with a cell is one
 * prediction (the cell's share as the page shows it) of whether the game reached `tile`.
 * Returns {bins: [{from, to, count, predicted, observed}] (the bins with any), count, games,
 * ece}: ece, the expected calibration error, sum over the bins of count/total times
 * |mean predicted - share observed|, as a fraction.
 */
export function calibration(rows, games, tile) {
  const bins = Array.from({ length: BINS }, (_, i) => ({ from: i / BINS, to: (i + 1) / BINS, count: 0, sum: 0, hits: 0 }));
  for (const g of games) {
    const hit = reachedTile(g, tile);
    for (const [largest, cells] of Object.entries(rows)) {
      cells.forEach((cell, tenth) => {
        if (!cell || !gotTo(g, Number(largest), tenth)) return;
        const p = shownShare(cell);
        const b = bins[Math.min(BINS - 1, Math.floor(p * BINS))];
        b.count += 1;
        b.sum += p;
        b.hits += hit ? 1 : 0;
      });
    }
  }
  const used = bins.filter((b) => b.count).map((b) => ({ from: b.from, to: b.to, count: b.count, predicted: b.sum / b.count, observed: b.hits / b.count }));
  const count = used.reduce((s, b) => s + b.count, 0);
  const ece = used.reduce((s, b) => s + (b.count / count) * Math.abs(b.predicted - b.observed), 0);
  return { bins: used, count, games: games.length, ece };
}

/** The STAGE ODDS block of the page's module: whose games, and each cell's share as the page shows it (whole percent). */
export function oddsBlock({ player, nodes, endgame, tile, games, from, rows }) {
  const cell = (c) => (c ? String(Math.round(shownShare(c) * 100)) : 'null');
  return [
    `export const STAGE_ODDS = {`,
    `  player: '${player}', nodes: ${nodes}, endgame: ${Boolean(endgame)}, tile: ${tile}, games: ${games}, from: '${from}',`,
    '  // Largest tile: for each tenth of the next one built, the percent of the games that got this far that reached the tile.',
    '  rows: {',
    ...Object.entries(rows).map(([largest, cells]) => `    ${largest}: [${cells.map(cell).join(', ')}],`),
    '  },',
    '};',
  ].join('\n');
}
