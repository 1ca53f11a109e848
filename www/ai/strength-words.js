// What the AI panel says of the chosen strength, in words: what "Fits the speed" chose and why
// (the ladder's fit line), and how strong the chosen budget plays (the strength line). Plain
// data and pure functions: no DOM, no workers.
import { BEST } from './best.js';
import { LADDERS, fitLabel, fitRung, lineTiles, reachWords, rungOf, withoutTable } from './strength-figures.js';

const UNTIMED = 'The strongest that keeps up with the speed here';

/**
 * info: the picked strategy's catalogue entry; budget: its budget; nodesPerMs, count: the
 * pool's calibration and workers (null before it); intervalMs: the time between two moves at
 * the speed; pick: the default player's pick (the pool's pick(), null before the calibration);
 * endgameFailed: the endgame table cannot be had, so a rung measured with it is quoted from its
 * games without it.
 * Returns {fit, line}: "Fits the speed: Solid, 800k positions a move, fits 100 ms on 2
 * workers: ..." and "Solid here: reaches 16384 in 8 games of 10" ('' where nothing is said).
 */
export function strengthWords({ info, budget, nodesPerMs, count, intervalMs, pick, endgameFailed = false }) {
  const best = info.name === BEST;
  const played = (rung) => (endgameFailed ? withoutTable(rung) : rung);
  if (budget.auto) {
    if (!nodesPerMs) return { fit: '', line: UNTIMED };
    if (best) {
      return { fit: pick?.label ?? '', line: (endgameFailed ? pick?.lineAlone : pick?.line) ?? UNTIMED };
    }
    const rung = played(fitRung(nodesPerMs, count, intervalMs));
    return { fit: fitLabel(nodesPerMs, count, intervalMs), line: `${rung.name} here: ${reachWords(rung, lineTiles(rung))}` };
  }
  const rung = played(budget.nodes && LADDERS[info.plays] && rungOf(budget.nodes, LADDERS[info.plays]));
  if (rung) return { fit: '', line: `${rung.name}: ${reachWords(rung, lineTiles(rung))}` };
  return { fit: '', line: budget.ms ? 'How strong it plays depends on this machine' : '' };
}
