// A game's review: the AI's values of the four moves at every position of a record, the
// move it would play, and a rating of the move played from what it lost against the best.
// On 4x4 the reviewer is the learned search, whose values are points, so a move's cost is the
// points it throws away; elsewhere (and on 4x4 until the learned network is read) it is the
// heuristic search, whose values are an evaluation, so a cost is a share of it. The budgets and
// the rating thresholds live here and nowhere else (the page explains them from these lists).
// No DOM; the positions come from the engine's Replay, the values from the AI workers.

import { ROLES } from '../ai/roles.js';
import { LADDERS, positions, rungOf } from '../ai/strength-figures.js';
import { lossUnit, lossText as moveLossText, movesLost, shareText, pointsText } from '../ai/move-loss.js';

// The review's budgets, fast to deep, for each reviewer: node budgets, so that a review gives
// the same values in every browser. The learned search's node costs about fifteen of the
// heuristic's, hence its smaller budgets (docs/play.md has the speed of each).
const BUDGET_KEYS = ['fast', 'quick', 'deep'];
const NODES = { [ROLES.learnedSearch]: [5000, 20000, 80000], [ROLES.heuristic]: [20000, 200000, 2000000] };

// A budget named as the ladder names it (strength-figures.js), or by its positions alone.
function reviewBudget(key, strategy, nodes) {
  const rung = rungOf(nodes, LADDERS[strategy]);
  return {
    key,
    label: rung ? `${rung.name} (${positions(nodes)} positions a move)` : `${positions(nodes)} positions a move`,
    options: { strategy, nodes },
  };
}

/** Each reviewer's budgets: {strategy: [{key, label, options}]}, fast, quick, deep. */
export const REVIEW_BUDGETS = Object.fromEntries(Object.entries(NODES)
  .map(([strategy, list]) => [strategy, list.map((nodes, i) => reviewBudget(BUDGET_KEYS[i], strategy, nodes))]));

/** The board size the learned search reviews (the learned network plays 4x4 only). */
export const LEARNED_SIZE = 4;

/** The strategy that reviews a `size` game: the learned search on 4x4 once its network is read (learned), else the heuristic. */
export const reviewer = (size, learned) => (size === LEARNED_SIZE && learned ? ROLES.learnedSearch : ROLES.heuristic);

/**
 * Ratings by loss, a share: for the learned search ('points') the points the move lost against
 * the AI's best as a share of the points still to come (what the AI expects the game to make
 * from the position); for the heuristic ('share') the value lost as a share of the best move's
 * value. A move is rated with the first rating whose `upTo` (for its unit) it does not pass
 * (best: nothing lost). The learned column is tuned on arena games (docs/play.md, "Review").
 */
export const RATINGS = [
  { name: 'best', label: 'Best', upTo: { points: 0, share: 0 } },
  { name: 'good', label: 'Good', upTo: { points: 0.002, share: 0.002 } },
  { name: 'inaccuracy', label: 'Inaccuracy', upTo: { points: 0.005, share: 0.01 } },
  { name: 'mistake', label: 'Mistake', upTo: { points: 0.01, share: 0.04 } },
  { name: 'blunder', label: 'Blunder', upTo: { points: Infinity, share: Infinity } },
];

/** The ratings in words, for the page, in `unit` ('points' or 'share'). */
export function explainRatings(unit) {
  const of = unit === 'points' ? ' of the points still to come' : ' of the best move\'s value';
  return RATINGS.map((r, i) => {
    const upTo = r.upTo[unit];
    if (upTo === 0) return `${r.label}: the AI's move, or one it values as highly`;
    if (upTo === Infinity) return `${r.label}: more than ${shareText(RATINGS[i - 1].upTo[unit])}${of}`;
    return `${r.label}: loses up to ${shareText(upTo)}${of}`;
  });
}

/** The rating of a loss (a share, 0 or more) in `unit`. */
export function rating(loss, unit = 'share') {
  return RATINGS.find((r) => loss <= r.upTo[unit]) ?? RATINGS.at(-1);
}

/**
 * The points a board's tiles made: a tile 2^e counts (e - 1) x 2^e, the points of the merges
 * that built it from 2s (the engine's `tile_score`, src/ai/ntuple/network.rs). The learned
 * search's values count from it: a move's value is the points the board's tiles will have made
 * at the game's end, so the best value minus this is the points still to come.
 */
export function pointsMade(cells) {
  let made = 0;
  for (const v of cells) if (v >= 4) made += (Math.log2(v) - 1) * v;
  return made;
}

/**
 * One move rated: values {up, right, down, left} (null: not legal) from the AI, played: the
 * direction played, unit: 'points' or 'share' (move-loss.js's lossUnit), made: the position's
 * pointsMade (for points). Returns { best (the AI's move), played, values, unit, lost (the
 * value lost: points, or the evaluation's), loss (the share rated), rating, toCome (points
 * still to come, or null), value (the best move's value) }.
 */
export function rateMove(values, played, { unit = 'share', made = 0 } = {}) {
  const { best, lost: losses } = movesLost(values);
  const top = values[best];
  const lost = best === null || played === best ? 0 : losses[played] ?? Math.max(0, top);
  const toCome = unit === 'points' && best !== null ? Math.max(0, top - made) : null;
  const base = unit === 'points' ? Math.max(toCome ?? 0, 1) : Math.max(Math.abs(top), 1e-9);
  const loss = lost / base;
  return { best, played, values, unit, lost, loss, rating: rating(loss, unit).name, toCome, value: top };
}

/**
 * Reviews every move of `replay` (an engine Replay): pools: AI pools from ai/pool.js (each
 * decide(cells, size, options, {signal})); moves are shared out among them. onMove(n,
 * result) as each move is rated (in any order), signal: an AbortSignal (Stop). A result in
 * points also has `final`: the score before the move plus the points still to come (the final
 * score the AI expects). Resolves to the results by move number (1..length; a stopped review
 * leaves holes).
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
      const unit = lossUnit(answer.played ?? options.strategy);
      const rated = rateMove(answer.values, played, { unit, made: unit === 'points' ? pointsMade(cells) : 0 });
      const result = { ...rated, depth: answer.depth, final: rated.toCome == null ? null : replay.score(n - 1) + rated.toCome };
      results[n] = result;
      onMove?.(n, result);
    }
  }
  await Promise.all(pools.map(worker));
  return results;
}

/**
 * The summary of rated moves (results[1..]): { rated, matched (share rated best), counts per
 * rating, worst (the three costliest moves: [{n, loss, lost, unit, rating, played, best}], by
 * points lost where the results are in points, else by share), lostPoints (the points all the
 * moves lost, or null), depth (mean) }.
 */
export function summarize(results) {
  const rated = [];
  for (let n = 1; n < results.length; n++) if (results[n]) rated.push({ n, ...results[n] });
  const counts = Object.fromEntries(RATINGS.map((r) => [r.name, 0]));
  for (const r of rated) counts[r.rating]++;
  const cost = (r) => (r.unit === 'points' ? r.lost : r.loss);
  const worst = rated.filter((r) => r.loss > 0).sort((a, b) => cost(b) - cost(a) || a.n - b.n).slice(0, 3)
    .map(({ n, loss, lost, unit, rating: name, played, best }) => ({ n, loss, lost, unit, rating: name, played, best }));
  const inPoints = rated.filter((r) => r.unit === 'points');
  const lostPoints = inPoints.length ? inPoints.reduce((a, r) => a + r.lost, 0) : null;
  const depth = rated.length ? rated.reduce((a, r) => a + r.depth, 0) / rated.length : 0;
  return { rated: rated.length, matched: rated.length ? counts.best / rated.length : 0, counts, worst, lostPoints, depth };
}

/** A rated move's cost in words: "−35k points (4.2% of the points still to come)" or "−4.2%". */
export function costText({ lost, loss, unit }) {
  if (unit !== 'points') return `−${shareText(loss)}`.replace('−<', '<');
  return `${moveLossText(lost, unit)} points (${shareText(loss)} of the points still to come)`;
}

export { shareText as lossText, pointsText };
