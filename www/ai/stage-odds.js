// The AI's odds from a board's stage, in one line: "From boards at this stage (largest tile 16384,
// the next 16384 80–90% built), the AI (Sharp) reaches 32768 in about 59% of games." A stage is
// the largest tile and how far the next tile of its value is built (the other tiles' sum over
// the largest, in tenths). The figure is the share of the default player's committed arena
// games that got that far and went on to the tile: the odds of the AI from the stage, not of
// the move just played nor of whoever plays on. 4x4 only. Plain data and pure functions.
// The block below is written by tools/figures/figures.mjs (`make figures`) from those game
// lines; docs/figures.md has its calibration on games of other seeds.
// BEGIN STAGE ODDS (tools/figures/stage-odds.mjs)
export const STAGE_ODDS = {
  player: 'Sharp', nodes: 20000, endgame: false, tile: 32768, games: 1000, from: 'data/runs/expectimax-td-20000.jsonl',
  // Largest tile: for each tenth of the next one built, the percent of the games that got this far that reached the tile.
  rows: {
    256: [46, 46, 46, 46, 46, 46, 46, 46, 46, 46],
    512: [46, 46, 46, 46, 46, 46, 46, 46, 46, 46],
    1024: [46, 46, 46, 46, 46, 46, 46, 46, 46, 46],
    2048: [46, 46, 46, 46, 46, 46, 46, 46, 46, 46],
    4096: [47, 47, 47, 47, 47, 47, 47, 47, 47, 47],
    8192: [47, 47, 47, 47, 47, 47, 47, 47, 48, 48],
    16384: [50, 50, 50, 50, 50, 52, 53, 54, 56, 63],
  },
};
// END STAGE ODDS

/** The board size the table is for. */
export const ODDS_SIZE = 4;
/** The steps "how far built" is read in. */
export const TENTHS = 10;

/**
 * A board's stage from its tiles (values, 0 for an empty cell): {largest, tenth}, tenth the
 * other tiles' sum over the largest in tenths, 0..9 (9: 90% or more, two of the largest
 * included); null for a board with no tile.
 */
export function stageOf(tiles) {
  let largest = 0;
  let sum = 0;
  for (const v of tiles) {
    if (!(Number.isInteger(v) && v >= 0)) throw new TypeError(`stage odds: a tile is a whole number 0 or more, not ${v}`);
    sum += v;
    if (v > largest) largest = v;
  }
  if (!largest) return null;
  return { largest, tenth: Math.min(TENTHS - 1, Math.floor(((sum - largest) * TENTHS) / largest)) };
}

/**
 * The odds from the stage of a board (`cells`: size*size tile values, row by row):
 * {largest, tenth, percent, player, tile}, or null on another size than
 * ODDS_SIZE and at a stage the table does not hold (below its first row, or the tile
 * already reached). Cells that are not size*size tiles throw a TypeError.
 */
export function stageOdds(cells, size, table = STAGE_ODDS) {
  if (!cells || typeof cells.length !== 'number' || cells.length !== size * size) {
    throw new TypeError(`stage odds: a ${size}x${size} board has ${size * size} cells, not ${cells?.length}`);
  }
  if (size !== ODDS_SIZE || !table) return null;
  const stage = stageOf(cells);
  const percent = stage && table.rows[stage.largest]?.[stage.tenth];
  if (percent == null) return null;
  return { ...stage, percent, player: table.player, tile: table.tile };
}

/** How far the next tile is built, in words: "80–90%", "90% or more". */
const builtWords = (tenth) => (tenth === TENTHS - 1 ? '90% or more' : `${tenth * 10}–${tenth * 10 + 10}%`);

/** The odds from a board's stage in one line, or null where stageOdds has none. */
export function oddsLine(cells, size, table = STAGE_ODDS) {
  const o = stageOdds(cells, size, table);
  if (!o) return null;
  return `From boards at this stage (largest tile ${o.largest}, the next ${o.largest} ${builtWords(o.tenth)} built), `
    + `the AI (${o.player}) reaches ${o.tile} in about ${o.percent}% of games.`;
}
