// What each move loses against the AI's best move, in the unit of the values it came with: in
// points where the strategy that decided values moves in points (roles.js's VALUES_IN_POINTS),
// else as a share of the best move's value (an evaluation such as the heuristic's is not
// points, so only its proportions mean something). The panel's values, Hint and the review
// read it, so that none of them shows a raw evaluation. No DOM.
import { VALUES_IN_POINTS } from './roles.js';
import { DIRS } from './split.js';

/** The unit a strategy's losses are given in: 'points' or 'share'. */
export const lossUnit = (strategy) => (VALUES_IN_POINTS.includes(strategy) ? 'points' : 'share');

/**
 * values: {up, right, down, left} (null: the move changes nothing). Returns {best (the highest's
 * direction, the first in DIRS among equals; null when no move), lost: {dir: the best value
 * minus the move's, 0 or more; null when it cannot move}}.
 */
export function movesLost(values) {
  let best = null;
  for (const d of DIRS) if (values?.[d] != null && (best === null || values[d] > values[best])) best = d;
  const lost = {};
  for (const d of DIRS) lost[d] = best === null || values[d] == null ? null : Math.max(0, values[best] - values[d]);
  return { best, lost };
}

/** A share in words: "4.2%", "0.35%", "<0.01%". */
export const shareText = (x) => (x > 0 && x < 0.00005 ? '<0.01%' : `${+(x * 100).toFixed(2)}%`);

/** Points in words, short: 350, "3.5k", "35k", "1.2M". */
export function pointsText(n) {
  const a = Math.abs(n);
  if (a >= 1e6) return `${+(n / 1e6).toFixed(1)}M`;
  if (a >= 1e4) return `${Math.round(n / 1e3)}k`;
  if (a >= 1e3) return `${+(n / 1e3).toFixed(1)}k`;
  return String(Math.round(n));
}

/**
 * A move's loss against the best, short: "−35k" (points), "−4.2%" (a share of `top`, the best
 * move's value); "0" when it loses nothing that shows.
 */
export function lossText(lost, unit, top) {
  if (unit === 'points') return Math.round(lost) >= 1 ? `−${pointsText(lost)}` : '0';
  const share = lost / Math.max(Math.abs(top), 1e-9);
  return share > 0 ? `−${shareText(share)}`.replace('−<', '<') : '0';
}

/** The one line that says what the losses are, for the panel. */
export const lossMeaning = (unit) => (unit === 'points'
  ? 'The AI\'s move, and the points each other move loses against it (the points it expects the game still to make).'
  : 'The AI\'s move, and what each other move loses against it, as a share of its value (this player\'s values are not points).');

/**
 * The hint in words: "Hint: up. The others lose → −35k, ↓ −1.2M points; ← cannot move." from a
 * decision ({dir, values, played}); fallback: the heuristic stood in. arrows: {dir: arrow}.
 */
export function hintText({ dir, values, played }, { fallback = false, arrows }) {
  const by = fallback ? ' (from the heuristic)' : '';
  const unit = lossUnit(played);
  const { lost } = movesLost(values);
  const others = DIRS.filter((d) => d !== dir && lost[d] != null);
  const stuck = DIRS.filter((d) => d !== dir && lost[d] == null);
  if (!others.length) return `Hint: ${dir}${by}: the only move.`;
  const list = others.map((d) => `${arrows[d]} ${lossText(lost[d], unit, values[dir])}`).join(', ');
  const after = stuck.length ? `; ${stuck.map((d) => arrows[d]).join(' ')} cannot move` : '';
  return `Hint: ${dir}${by}. The others lose ${list}${unit === 'points' ? ' points' : ' of its value'}${after}.`;
}
