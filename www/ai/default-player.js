// The default player's (best.js) side of the AI: on 4x4 its first request starts the shipped
// network's download (nothing waits for it), whose read starts the learned search's timing in
// the background, after the move already asked; and its pick for the panel: fitPlayer's from
// the speeds known now, what the learned network is doing for it, both in words. Which engine
// request a move becomes is the request pipeline's (request.js).
import { fitPlayer, pickLabel, pickLine, pickLineAlone } from './fit-player.js';
import { SHIPPED } from '../shared/choices.js';
import { ROLES } from './roles.js';

/**
 * networks: networks.js's; speeds: speeds.js's; workers: how many the pool runs; families:
 * fit-player.js's FAMILIES (the tests pass their own); off(): whether the AI is off.
 */
export function createDefaultPlayer({ networks, speeds, workers, families, off }) {
  let wanted = false; // it has asked for the network on 4x4

  function timeLearned() {
    if (!off() && networks.held(SHIPPED)) speeds.calibrateLearned(SHIPPED);
  }

  // What the learned network is doing for it: null (not asked yet), 'downloading' (or being
  // read), 'timing', 'unavailable', 'unmeasured' (timed, but no rung of its ladder has
  // figures) or 'ready'.
  function learnedState() {
    const net = wanted ? networks.get(SHIPPED) : null;
    if (!net) return null;
    if (net.error) return 'unavailable';
    if (!net.info) return 'downloading';
    if (!speeds.learnedTimed) return 'timing';
    const family = families.find((f) => f.strategy === ROLES.learnedSearch);
    return family?.ladder.some((r) => r.reach) ? 'ready' : 'unmeasured';
  }

  return {
    /**
     * A request of the default player on a `size` board is about to be asked: on 4x4 the
     * network is wanted; its timing runs on a timer's turn, so that this move does not wait.
     */
    asked(size) {
      if (size !== 4) return;
      if (!wanted) {
        wanted = true;
        networks.load(SHIPPED).promise.then(() => setTimeout(timeLearned), () => {});
      } else if (!speeds.learnedTimed) setTimeout(timeLearned); // read before, or a failed timing
    },

    /**
     * The pick on a `size` board at `intervalMs` between two moves: fitPlayer's {strategy, nodes,
     * rung, family, fits, workers}, `learned` (learnedState; 'size' off 4x4), `label` and `line`
     * in words, and `lineAlone`, the line once the endgame table cannot be had (the rung's games
     * without it). Null before the heuristic's calibration.
     */
    pick(size, intervalMs) {
      if (!speeds.rate) return null;
      const pick = { ...fitPlayer(speeds.on(size), workers, intervalMs, families), learned: size === 4 ? learnedState() : 'size' };
      return { ...pick, label: pickLabel(pick, intervalMs), line: pickLine(pick), lineAlone: pickLineAlone(pick) };
    },
  };
}
