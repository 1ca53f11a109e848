// How fast this device searches: the calibration of strength-figures.js (CALIBRATION's search,
// its runs on the first worker, the fastest counting), in nodes a worker searches per ms, for
// the heuristic search and, once a worker holds the network, for the learned one. The
// default player's pick and "Fits the speed" weigh these; nothing here picks.
import { CALIBRATION } from './strength-figures.js';
import { ROLES } from './roles.js';

/**
 * ask(body, needs): resolves to the first worker's answer to `body` (holding network `needs`,
 * a key, or null); onSpeed(): a speed has landed, so a pick may change.
 */
export function createSpeeds({ ask, onSpeed }) {
  const rates = { [ROLES.heuristic]: null, [ROLES.learnedSearch]: null };
  const timing = {}; // strategy -> Promise of its rate while it runs (or once it has)

  async function timeSearch(strategy, needs) {
    const body = { cells: CALIBRATION.cells, size: CALIBRATION.size, options: { strategy, nodes: CALIBRATION.nodes } };
    let best = 0;
    for (let i = 0; i < CALIBRATION.runs; i++) {
      const r = await ask(body, needs);
      best = Math.max(best, r.nodes / Math.max(r.ms, 0.01));
    }
    return best;
  }

  // Times `strategy` once (again after a failure).
  function time(strategy, needs = null) {
    if (!timing[strategy]) {
      timing[strategy] = timeSearch(strategy, needs).then((r) => {
        rates[strategy] = r;
        onSpeed?.();
        return r;
      });
      timing[strategy].catch(() => { timing[strategy] = null; });
    }
    return timing[strategy];
  }

  return {
    /** Promise of the heuristic's nodes per ms per worker (timed once, on first need). */
    calibrate: () => time(ROLES.heuristic),
    /** Times the learned search in a worker holding network `key` (once; a background job). */
    calibrateLearned(key) {
      time(ROLES.learnedSearch, key).catch(() => {});
    },
    /** The heuristic's rate once timed, else null. */
    get rate() {
      return rates[ROLES.heuristic];
    },
    /** Whether the learned search has been timed. */
    get learnedTimed() {
      return rates[ROLES.learnedSearch] != null;
    },
    /** Each family's rate on a `size` board: the learned network's only on 4x4, once timed. */
    on: (size) => ({ ...rates, [ROLES.learnedSearch]: size === 4 ? rates[ROLES.learnedSearch] : null }),
  };
}
