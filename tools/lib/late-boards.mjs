// The late boards of 4x4 games, as the endgame tools read them (tools/runs/endgame-starts.mjs,
// tools/runs/layouts.mjs): the positions file, the stage of a build, and the layout of the tiles
// around the largest.
import { readJsonLinesOf } from './jsonl.mjs';

/** The positions of `path`, each {size: 4, cells: 16 tile values, seed}; another line is bad input (UsageError). */
export const readPositions = (path) => readJsonLinesOf(
  path,
  (p) => p && p.size === 4 && Array.isArray(p.cells) && p.cells.length === 16 && p.cells.every((v) => Number.isInteger(v) && v >= 0) && Number.isInteger(p.seed),
  'is not a 4x4 position with its seed (arena --positions writes {"size":4,"cells":[...],"seed":S,"move":M})',
);

/**
 * Each game's first position in the stage of `positions` ({cells: 16 tile values, seed}, in
 * the order a game played them): its largest tile `largest`, held once, and the other tiles
 * summing to at least `built` of it. A Map from seed to that position.
 */
export function stageStarts(positions, largest, built) {
  const first = new Map();
  for (const p of positions) {
    if (first.has(p.seed)) continue;
    const top = Math.max(...p.cells);
    const held = p.cells.filter((v) => v === largest).length;
    const rest = p.cells.reduce((s, v) => s + v, 0) - largest;
    if (top === largest && held === 1 && rest >= built * largest) first.set(p.seed, p);
  }
  return first;
}

/**
 * The layout of a 4x4 board (`cells`, row by row): from a corner holding its largest tile, an
 * edge line of four tiles decreasing away from the corner (the first line); then 'snake' when
 * the next line's largest tile sits beside the first line's far end (the snake path turns
 * there), 'parallel' when it sits beside the corner (that line builds from the same end),
 * 'other' when there is no such first line or the next line's largest is elsewhere. Of two
 * readings (two corners, or a row and a column), 'parallel' wins over 'snake'.
 */
export function layout(cells) {
  const at = (r, c) => cells[r * 4 + c];
  const largest = Math.max(...cells);
  let found = 'other';
  for (const [r0, c0] of [[0, 0], [0, 3], [3, 0], [3, 3]]) {
    if (at(r0, c0) !== largest) continue;
    const row = (k) => (r0 === 0 ? k : 3 - k);
    const col = (k) => (c0 === 0 ? k : 3 - k);
    for (const alongRow of [true, false]) {
      // Line `line` (0: the edge, 1: the next), its i-th cell from the corner's end.
      const cell = (line, i) => (alongRow ? at(row(line), col(i)) : at(row(i), col(line)));
      const first = [0, 1, 2, 3].map((i) => cell(0, i));
      if (!first.every((v, i) => v > 0 && (i === 0 || v < first[i - 1]))) continue;
      const next = [0, 1, 2, 3].map((i) => cell(1, i));
      const top = Math.max(...next);
      if (next[0] === top && top > next[3]) found = 'parallel';
      else if (next[3] === top && top > next[0] && found !== 'parallel') found = 'snake';
    }
  }
  return found;
}
