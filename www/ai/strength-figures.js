// The one place for what the page says about expectimax's strength: the ladder of
// node budgets it offers, what the native arena measured for each (whole games,
// seeds 1..N; the game lines are in data/runs/), and how the page fits a budget
// to a speed; the learned network's ladder beside it (the default player's pick between
// the two is fit-player.js's). Plain data and pure functions: no DOM, no workers.
import { groups } from './split.js';
import { ROLES } from './roles.js';

// A figure is quoted only from 200 or more whole games of the split search (the
// search the page plays: node budgets split over the workers); until a rung has
// them, its label says "not yet measured" (reach: null, nodesPerMove: null).
// nodesPerMove is the arena's mean nodes per move at that budget (how much of the
// budget a move spends on average), from the run named in `from`.
// The block below is written by tools/figures/figures.mjs (`make figures`) from those game
// lines, with the rung names it holds: change them there, not here.
// BEGIN LADDER (tools/figures/figures.mjs)
export const LADDER = [
  { nodes: 50000, name: 'Light', reach: { 8192: 0.82, 16384: 0.345, 32768: 0.005 }, nodesPerMove: 20909, games: 200, strength: [[100, 0.35], [200, 0.35]], from: 'data/runs/expectimax-split-50000.jsonl' },
  { nodes: 200000, name: 'Quick', reach: { 8192: 0.92, 16384: 0.615, 32768: 0.025 }, nodesPerMove: 78920, games: 200, strength: [[100, 0.62], [200, 0.64]], from: 'data/runs/expectimax-split-200000.jsonl' },
  { nodes: 800000, name: 'Solid', reach: { 8192: 0.965, 16384: 0.775, 32768: 0.115 }, nodesPerMove: 305935, games: 200, strength: [[100, 0.9], [200, 0.89]], from: 'data/runs/expectimax-split-800000.jsonl' },
  { nodes: 2500000, name: 'Strong', reach: { 8192: 0.985, 16384: 0.855, 32768: 0.165 }, nodesPerMove: 1058974, games: 200, strength: [[100, 1.02], [200, 1.02]], from: 'data/runs/expectimax-split-2500000.jsonl' },
  { nodes: 10000000, name: 'Deep', reach: { 8192: 1, 16384: 0.89, 32768: 0.25 }, nodesPerMove: 4362914, games: 200, strength: [[100, 1.14], [200, 1.14]], from: 'data/runs/expectimax-split-10000000.jsonl' },
];
// END LADDER

// The learned player's ladder: expectimax-td (the same search with the learned network as its
// evaluation, a node costing about ten of the heuristic's) at node budgets, measured the same
// way with the network the page ships. Written by tools/figures/figures.mjs; a rung counts only with
// its games played with that network.
// BEGIN TD LADDER (tools/figures/figures.mjs)
export const TD_LADDER = [
  { nodes: 5000, name: 'Keen', reach: { 8192: 0.979, 16384: 0.891, 32768: 0.448 }, nodesPerMove: 1562, games: 1000, strength: [[100, 1.33], [200, 1.32], [300, 1.3266666666666667], [1000, 1.339]], from: 'data/runs/expectimax-td-5000.jsonl' },
  { nodes: 20000, name: 'Sharp', reach: { 8192: 0.985, 16384: 0.928, 32768: 0.503 }, nodesPerMove: 7668, games: 1000, strength: [[100, 1.47], [200, 1.46], [300, 1.43], [1000, 1.431]], from: 'data/runs/expectimax-td-20000-endgame-from16384.jsonl', endgame: true, alone: { reach: { 8192: 0.985, 16384: 0.928, 32768: 0.462 }, games: 1000, from: 'data/runs/expectimax-td-20000.jsonl' } },
  { nodes: 80000, name: 'Shrewd', reach: { 8192: 0.9733333333333334, 16384: 0.8966666666666666, 32768: 0.49 }, nodesPerMove: 34307, games: 300, strength: [[100, 1.35], [200, 1.37], [300, 1.3866666666666667]], from: 'data/runs/expectimax-td-80000.jsonl' },
  { nodes: 300000, name: 'Wise', reach: { 8192: 0.97, 16384: 0.925, 32768: 0.53 }, nodesPerMove: 121014, games: 200, strength: [[100, 1.42], [200, 1.455]], from: 'data/runs/expectimax-td-300000.jsonl' },
  { nodes: 1200000, name: 'Sage', reach: { 8192: 1, 16384: 0.96, 32768: 0.48 }, nodesPerMove: 504501, games: 100, strength: [[100, 1.44]], from: 'data/runs/expectimax-td-1200000.jsonl' },
];
// END TD LADDER

// The share of a speed's interval (shared/choices.js's SPEEDS: intervalMs) a search may take.
export const FILL = 0.7;

// The calibration (speeds.js): a search at this budget on this mid-game position (about
// 158,000 nodes, depth 5: 2 to 3 ms in wasm on one core of a 2-core machine), timed
// inside a worker, twelve times; the fastest counts. A fresh worker's first run is 4 to
// 5x slower than the searches after it (the engine still compiles the search to
// optimised code as it runs hot), and in a page that has just loaded the other workers'
// starts and the page's own work share the cores: runs vary 5x, late ones too. In 8 fresh
// game pages on 2 cores the best of 3 runs read a median of 41,000 nodes per ms (23,000
// to 63,000), the best of 6 61,000 (32,000 to 72,000), the best of 12 67,000 (42,000 to
// 72,000); the twelve took 45 to 105 ms before the first move.
// The learned network's speed (expectimax-td: the same search, the same 158,000 nodes, each
// judged by the network) is timed the same way in a worker that holds the network, in the
// background: in Node on a loaded 2-core machine a run takes 40 to 70 ms, 2,300 to 4,000 nodes
// per ms, so the twelve keep that worker busy for about half a second, once.
export const CALIBRATION = {
  size: 4,
  cells: [1024, 512, 256, 128, 8, 16, 32, 64, 4, 2, 0, 0, 2, 0, 0, 0],
  nodes: 300000,
  runs: 12,
};

/** A node budget, short: "800k", "2.5M". */
export const positions = (n) => (n >= 1e6 ? `${n / 1e6}M` : `${Math.round(n / 1000)}k`);
const short = positions;
// A share of games in words: "9 games of 10", "1 game in 9", "1 game in 200", "no game measured".
const inWords = (share) => {
  if (share >= 0.15) return `${Math.round(share * 10)} games of 10`;
  if (share > 0) return `1 game in ${Math.round(1 / share)}`;
  return 'no game measured';
};

/** Each ladder by the strategy that plays it (roles.js). */
export const LADDERS = { [ROLES.heuristic]: LADDER, [ROLES.learnedSearch]: TD_LADDER };

/** The rung of `ladder` with this budget, or undefined. */
export const rungOf = (nodes, ladder = LADDER) => ladder.find((r) => r.nodes === nodes);

/**
 * A rung in words, with its measured reach when there is one:
 * "Strong (2.5M positions): reaches 16384 in 9 games of 10, 32768 in 3 games of 10",
 * "Light (50k positions): reaches 16384 in 3 games of 10, 32768 in 1 game in 200" or
 * "Solid (800k positions): reach not yet measured".
 */
export function rungLabel(rung) {
  return `${rungName(rung)}: ${reachWords(rung)}`;
}

/** A rung's name and budget: "Solid (800k positions)". */
export const rungName = (rung) => `${rung.name} (${short(rung.nodes)} positions)`;

/**
 * A rung's measured reach of `tiles` in words: "reaches 16384 in 8 games of 10, 32768 in 1 game
 * in 9", and "... with the endgame table" for a rung measured with it (endgame: the page's set).
 */
export const reachWords = (rung, tiles = [16384, 32768]) => (rung.reach
  ? `reaches ${tiles.map((t) => `${t} in ${inWords(rung.reach[t])}`).join(', ')}${rung.endgame ? ' with the endgame table' : ''}`
  : 'reach not yet measured');

/**
 * `rung` as it plays without the endgame table: a rung measured with it (endgame) quotes its
 * games without it (alone: {reach, games, from}) once the table cannot be had.
 */
export const withoutTable = (rung) => (rung?.endgame ? { ...rung, ...rung.alone, endgame: false } : rung);

/** The tiles a strength line quotes for `rung`: 16384, and 32768 where the endgame table plays (the stage it serves). */
export const lineTiles = (rung) => (rung.endgame ? [16384, 32768] : [16384]);

// The share of a split move's nodes that one worker searches in turn, i.e. the move's wall
// time as a share of its one-worker time. The engine gives each of the L legal root moves an
// equal share of the nodes, and W workers take them ceil(L / W) each: the move waits for the
// busiest worker, ceil(L / W) / L of the whole (split.js's groups, request.js's split). The
// worst of the usual 3 and 4 legal moves counts (1 worker: 1; 2: 2/3, three moves on two
// workers; 3: 1/2, four on three; 4: 1/3).
// Fewer legal moves (1 or 2, near the end) cost more; a budget fitted to 3 or 4 may miss its
// interval there.
const USUAL_LEGAL = [3, 4];
export const splitShare = (workers) => {
  const w = Math.max(1, Math.floor(workers) || 1);
  // The busiest of the parts split.js's `groups` hands the workers (request.js's own split).
  const busiest = (l) => Math.max(...groups(Array.from({ length: l }, (_, i) => i), w).map((g) => g.length));
  return Math.max(...USUAL_LEGAL.map((l) => busiest(l) / l));
};

// The share of its budget a search spends a move, on average over whole games, for a rung the
// arena has not measured yet: the largest the measured rungs show (a search stops deepening
// when the next depth would not fit, and many moves reach their depth limit first;
// docs/figures.md lists each rung's share). With no rung measured, the whole budget.
export const spentShare = (ladder = LADDER) =>
  Math.min(1, Math.max(0, ...ladder.filter((r) => r.nodesPerMove > 0).map((r) => r.nodesPerMove / r.nodes))) || 1;

// A rung's expected ms a move: its mean nodes per move (where the arena has no figure yet, its
// budget times spentShare) at `nodesPerMs` per worker, times the split's share on `workers`.
export const cost = (rung, nodesPerMs, workers, ladder) =>
  ((rung.nodesPerMove ?? rung.nodes * spentShare(ladder)) * splitShare(workers)) / nodesPerMs;

/**
 * The node budget that fits a speed: the largest rung whose expected cost takes at most
 * FILL of `intervalMs`; else the smallest.
 * `ladder`: LADDER unless given (the tests pass their own).
 */
export function fitBudget(nodesPerMs, workers, intervalMs, ladder = LADDER) {
  let pick = ladder[0].nodes;
  if (!(nodesPerMs > 0) || !(intervalMs > 0)) return pick;
  for (const rung of ladder) if (cost(rung, nodesPerMs, workers, ladder) <= FILL * intervalMs) pick = rung.nodes;
  return pick;
}

/** The rung "Fits the speed" picks (fitBudget's). */
export const fitRung = (nodesPerMs, workers, intervalMs, ladder = LADDER) =>
  ladder.find((r) => r.nodes === fitBudget(nodesPerMs, workers, intervalMs, ladder));

/**
 * What "Fits the speed" chose and why, in words: "Fits the speed: Solid, 800k positions a
 * move, fits 100 ms on 2 workers: reaches 16384 in 8 games of 10, 32768 in 1 game in 11";
 * when even the smallest rung is too slow, "Light, 50k positions a move, the smallest
 * (16 ms is short for 1 worker here): ...".
 */
export function fitLabel(nodesPerMs, workers, intervalMs, ladder = LADDER) {
  const rung = fitRung(nodesPerMs, workers, intervalMs, ladder);
  const ms = Math.round(intervalMs);
  const on = `${workers} worker${workers > 1 ? 's' : ''}`;
  const why = cost(rung, nodesPerMs, workers, ladder) <= FILL * intervalMs ? `fits ${ms} ms on ${on}` : `the smallest (${ms} ms is short for ${on} here)`;
  return `Fits the speed: ${rung.name}, ${short(rung.nodes)} positions a move, ${why}: ${reachWords(rung)}`;
}
