// The page's default player's pick (best.js): between the families of strength-figures.js's
// ladders, the heuristic search and the learned network, the strongest measured rung that keeps
// up with the speed on this device, and that pick in words. Plain data and pure functions: no
// DOM, no workers. The request pipeline (request.js) and default-player.js ask it, so it loads with the AI, not with a first
// visit.
import { FILL, LADDER, TD_LADDER, cost, fitBudget, lineTiles, positions, reachWords, withoutTable } from './strength-figures.js';
import { SPEEDS } from '../shared/choices.js';
import { splitWorkers } from './split.js';
import { ROLES } from './roles.js';

// The games a learned rung's figures need before the fastest speed (*Max*) plays it: there the
// pick plays the most moves, and ranks rungs whose figures lie close together. At the other
// speeds a rung plays with the figures `make figures` counts (200 games, the learned ladder's
// deepest 100).
export const FASTEST_GAMES = 1000;

// The families *Fits the speed* chooses between for the page's default player, each with its
// ladder and the engine strategy that plays it (`fastestGames`: the games a rung needs at Max).
// expectimax-td splits over at most two of the workers (split.js's TD_WORKERS), and its cost
// counts only those.
export const FAMILIES = [
  { strategy: ROLES.heuristic, ladder: LADDER, words: 'the heuristic search' },
  { strategy: ROLES.learnedSearch, ladder: TD_LADDER, words: 'the learned network', fastestGames: FASTEST_GAMES },
];

/** Whether `rung` of `family` has the games behind its figures that a pick at `intervalMs` needs. */
const enoughGames = (family, rung, intervalMs) =>
  !family.fastestGames || intervalMs > SPEEDS.max.intervalMs || rung.games >= family.fastestGames;

// How a measured rung ranks: its share reaching 16384 plus its share reaching 32768 (a game that
// reaches 32768 counts twice), on its first `games` games (`strength`, from make figures: every
// ladder run plays seeds 1..N), or on all of them.
const strengthOn = (rung, games) => rung.strength?.findLast(([n]) => n <= games)?.[1] ?? rung.reach[16384] + rung.reach[32768];

// Whether measured rung `a` is stronger than `b` on the seeds both played: a rung measured on
// fewer games is compared with the other's first games, not with its whole figure, so that the
// luck of a short run's seeds does not rank it.
const stronger = (a, b) => {
  const games = Math.min(a.games ?? Infinity, b.games ?? Infinity);
  return strengthOn(a, games) > strengthOn(b, games);
};

/**
 * The default player's pick: among the families whose speed is known (`speeds`: {strategy:
 * nodes a worker searches per ms}, null or absent for a family not ready, e.g. the learned
 * network still downloading), each family's measured rungs that fit FILL of `intervalMs` on
 * the workers its search splits over (`workers` of the pool; at most TD_WORKERS for
 * expectimax-td); the strongest of them by the arena's figures. When none fits, the
 * heuristic's smallest rung (fitBudget's rule). Returns {strategy, nodes, rung, family, fits,
 * workers}.
 */
export function fitPlayer(speeds, workers, intervalMs, families = FAMILIES) {
  let best = null;
  for (const family of families) {
    const nodesPerMs = speeds?.[family.strategy];
    if (!(nodesPerMs > 0) || !(intervalMs > 0)) continue;
    const w = splitWorkers(family.strategy, workers);
    for (const rung of family.ladder) {
      if (!rung.reach || !enoughGames(family, rung, intervalMs) || cost(rung, nodesPerMs, w, family.ladder) > FILL * intervalMs) continue;
      if (!best || stronger(rung, best.rung)) best = { strategy: family.strategy, nodes: rung.nodes, rung, family, fits: true, workers: w };
    }
  }
  if (best) return best;
  const family = families[0];
  const w = splitWorkers(family.strategy, workers);
  const nodes = fitBudget(speeds?.[family.strategy], w, intervalMs, family.ladder);
  return { strategy: family.strategy, nodes, rung: family.ladder.find((r) => r.nodes === nodes), family, fits: false, workers: w };
}

// Why the heuristic plays for the default player while the learned network cannot be weighed
// (default-player.js's pick().learned).
const LEARNED_WHY = {
  size: 'the learned network plays 4×4 only',
  downloading: 'the learned network is downloading',
  timing: 'the page is timing the learned network',
  unavailable: 'the learned network is unavailable',
  unmeasured: 'the arena has not measured the learned network yet',
};

/**
 * fitPlayer's pick in words: "Fits the speed: the learned network, Sharp (20k positions a move),
 * fits 16 ms on 2 workers: reaches 16384 in 8 games of 10, 32768 in 1 game in 9".
 */
export const fitPlayerLabel = (speeds, workers, intervalMs, families = FAMILIES) => pickLabel(fitPlayer(speeds, workers, intervalMs, families), intervalMs);

/**
 * A pick (fitPlayer's, or default-player.js's pick() with `learned`) in words, fitPlayerLabel's, and why
 * the heuristic plays when the learned network could not be weighed: "...: reaches 16384 in 8
 * games of 10, 32768 in 1 game in 9. The heuristic plays: the learned network is downloading."
 */
export function pickLabel(pick, intervalMs) {
  const ms = Math.round(intervalMs);
  const on = `${pick.workers} worker${pick.workers > 1 ? 's' : ''}`;
  const why = pick.fits ? `fits ${ms} ms on ${on}` : `the smallest (${ms} ms is short for ${on} here)`;
  const held = pick.strategy === ROLES.heuristic && LEARNED_WHY[pick.learned];
  return `Fits the speed: ${pick.family.words}, ${pick.rung.name} (${positions(pick.nodes)} positions a move), ${why}: ${reachWords(pick.rung)}${held ? `. The heuristic plays: ${held}.` : ''}`;
}

/**
 * A pick in a short line, for the strength line: "The learned network, Sharp here: reaches
 * 16384 in 8 games of 10", "The heuristic search, Solid here: reaches 16384 in 8 games of 10
 * (the learned network plays 4×4 only)".
 */
export function pickLine(pick) {
  const held = pick.strategy === ROLES.heuristic && LEARNED_WHY[pick.learned];
  const who = pick.family.words[0].toUpperCase() + pick.family.words.slice(1);
  return `${who}, ${pick.rung.name} here: ${reachWords(pick.rung, lineTiles(pick.rung))}${held ? ` (${held})` : ''}`;
}

/** pickLine once the endgame table cannot be had: a rung measured with it, quoted from its games without it. */
export const pickLineAlone = (pick) => pickLine({ ...pick, rung: withoutTable(pick.rung) });
