// A game's review: the AI's values of the four moves at every position of a record, the
// move it would play, and a rating of the move played from what it lost against the best.
// The thresholds live here and nowhere else (the page explains them from this list). No
// DOM; the positions come from the engine's Replay, the values from the AI workers.

import { ROLES } from '../ai/roles.js';
import { positions, rungOf } from '../ai/strength-figures.js';

// A budget named as the ladder names it (strength-figures.js), or by its positions alone.
const reviewBudget = (key, nodes) => ({
  key,
  label: rungOf(nodes) ? `${rungOf(nodes).name} (${positions(nodes)} positions a move)` : `${positions(nodes)} positions a move`,
  options: { strategy: ROLES.heuristic, nodes },
});

/** The review's budgets: the heuristic search at a node budget (the same values in every browser). */
export const REVIEW_BUDGETS = [reviewBudget('fast', 20000), reviewBudget('quick', 200000), reviewBudget('deep', 2000000)];

/**
 * Ratings by loss: (value of the AI's best move - value of the move played) / |value of the
 * best move|, the share of the position's expected evaluation thrown away. A move is rated
 * with the first rating whose `upTo` it does not pass (best: nothing lost).
 */
export const RATINGS = [
  { name: 'best', label: 'Best', upTo: 0 },
  { name: 'good', label: 'Good', upTo: 0.002 },
  { name: 'inaccuracy', label: 'Inaccuracy', upTo: 0.01 },
  { name: 'mistake', label: 'Mistake', upTo: 0.04 },
  { name: 'blunder', label: 'Blunder', upTo: Infinity },
];

const DIRS = ['up', 'right', 'down', 'left'];
const pct = (x) => (x > 0 && x < 0.00005 ? '<0.01%' : `${+(x * 100).toFixed(2)}%`);

/** The ratings in words, for the page. */
export function explainRatings() {
  return RATINGS.map((r, i) => {
    const from = i === 0 ? 0 : RATINGS[i - 1].upTo;
    if (r.upTo === 0) return `${r.label}: the AI's move, or one it values as highly`;
    if (r.upTo === Infinity) return `${r.label}: more than ${pct(from)}`;
    return `${r.label}: up to ${pct(r.upTo)}`;
  });
}

/** The rating of a loss (a share, 0 or more). */
export function rating(loss) {
  return RATINGS.find((r) => loss <= r.upTo) ?? RATINGS.at(-1);
}

/**
 * One move rated: values {up, right, down, left} (null: not legal) from the AI, played: the
 * direction played. Returns { best (the AI's move), played, values, loss, rating, value (the
 * best move's value) }.
 */
export function rateMove(values, played) {
  let best = null;
  for (const d of DIRS) if (values[d] != null && (best === null || values[d] > values[best])) best = d;
  const top = values[best];
  const mine = values[played] ?? -Infinity;
  const loss = best === null || played === best ? 0 : Math.max(0, (top - mine) / Math.max(Math.abs(top), 1e-9));
  return { best, played, values, loss, rating: rating(loss).name, value: top };
}

/**
 * Reviews every move of `replay` (an engine Replay): pools: AI pools from ai/pool.js (each
 * decide(cells, size, options, {signal})); moves are shared out among them. onMove(n,
 * result) as each move is rated (in any order), signal: an AbortSignal (Stop). Resolves to
 * the results by move number (1..length; a stopped review leaves holes).
 */
export async function reviewGame({ replay, pools, options, onMove, signal }) {
  const length = replay.length;
  const results = new Array(length + 1);
  let next = 1;
  async function worker(pool) {
    while (next <= length && !signal?.aborted) {
      const n = next++;
      const cells = Array.from(replay.cells(n - 1));
      const played = replay.move(n).dir;
      const answer = await pool.decide(cells, replay.size, options, { signal });
      const result = { ...rateMove(answer.values, played), depth: answer.depth };
      results[n] = result;
      onMove?.(n, result);
    }
  }
  await Promise.all(pools.map(worker));
  return results;
}

/**
 * The summary of rated moves (results[1..]): { rated, matched (share rated best), counts
 * per rating, worst (the three largest losses: [{n, loss, rating}]), depth (mean) }.
 */
export function summarize(results) {
  const rated = [];
  for (let n = 1; n < results.length; n++) if (results[n]) rated.push({ n, ...results[n] });
  const counts = Object.fromEntries(RATINGS.map((r) => [r.name, 0]));
  for (const r of rated) counts[r.rating]++;
  const worst = rated.filter((r) => r.loss > 0).sort((a, b) => b.loss - a.loss || a.n - b.n).slice(0, 3)
    .map(({ n, loss, rating: name, played, best }) => ({ n, loss, rating: name, played, best }));
  const depth = rated.length ? rated.reduce((a, r) => a + r.depth, 0) / rated.length : 0;
  return { rated: rated.length, matched: rated.length ? counts.best / rated.length : 0, counts, worst, depth };
}

export const lossText = pct;
