// The request pipeline: what the page asks of the AI ({strategy, nodes | ms | depth | k |
// auto: intervalMs, weights}, as the settings hold it), with what is known now (the speeds
// measured on this device, which networks the workers have read, the position's legal root
// moves), turned into what the workers are asked: one engine request, or its parts split by
// root move, and what the answer says about who played. Pure: no workers, no DOM, no timers.
// The steps, in order, each a function of its own:
// 1. resolveDefault: the default player (best.js) becomes the engine strategy and node budget
//    fitPlayer picks from the speeds known (the heuristic when it has no `auto`);
// 2. resolveLearned: a learned strategy plays with its network once a worker has read it; until
//    then the heuristic stands in at the same budget (standIn), and the answer says so;
// 3. resolveAuto: "Fits the speed" becomes the heuristic ladder's node budget that fits;
// 4. split: a request that splits (split.js) becomes one part per worker, by root move.
import { ROLES } from './roles.js';
import { BEST } from './best.js';
import { LADDER, fitBudget } from './strength-figures.js';
import { FAMILIES, fitPlayer } from './fit-player.js';
import { groups, splits, splitWorkers } from './split.js';
import { SHIPPED } from '../shared/choices.js';

/** The heuristic that plays in a learned strategy's place while its network is not read (or cannot be). */
export const STAND_IN = ROLES.heuristic;

/**
 * The heuristic's options in place of a learned request's: the same budget (nodes, ms, depth,
 * or auto) and root moves; a strategy that takes no budget (td) gets the heuristic ladder's
 * lightest rung (a few ms a move, about as quick as td itself).
 */
export function standIn({ strategy, weights, ...rest } = {}) {
  const budget = ['auto', 'nodes', 'ms', 'depth'].some((k) => rest[k] != null);
  return { ...rest, strategy: STAND_IN, ...(budget ? {} : { nodes: LADDER[0].nodes }) };
}

/** Whether a request waits for the heuristic's speed: "Fits the speed", or the default player's. */
export const needsSpeed = (options) => options?.auto != null;

/**
 * The network a named learned strategy plays with on a `size` board (its download starts
 * before the request is planned), or null. plays: {name: {strategy, network}}.
 */
export const networkOf = (options, size, plays) => (size === 4 && Object.hasOwn(plays, options?.strategy ?? '') ? plays[options.strategy].network : null);

/**
 * Step 1. The default player's request as an engine request: fitPlayer's pick among `families`
 * from `speeds` ({strategy: nodes per ms per worker, null when not known}) on `workers`.
 * Returns {options, learned: {strategy, network} when the pick is the learned search}.
 */
export function resolveDefault(options, { workers, speeds, families = FAMILIES }) {
  if (options?.strategy !== BEST) return { options, learned: null };
  const { strategy, auto, ...rest } = options;
  if (auto == null) return { options: { ...rest, strategy: STAND_IN }, learned: null };
  const pick = fitPlayer(speeds, workers, auto, families);
  const learned = pick.strategy === ROLES.learnedSearch ? { strategy: pick.strategy, network: SHIPPED } : null;
  return { options: { ...rest, strategy: pick.strategy, nodes: pick.nodes }, learned };
}

/**
 * Step 2. A learned request (`learned`, or a name of `plays`) on 4x4 plays with its network when
 * held(network), else the heuristic in its place; off 4x4 the engine refuses it and says why.
 * Returns {options, needs (the network the workers must hold, or null), played, fallback}.
 */
export function resolveLearned(options, { size, plays = {}, held = () => false, learned = null }) {
  const play = learned ?? (Object.hasOwn(plays, options?.strategy ?? '') ? plays[options.strategy] : null);
  let played = options?.strategy ?? STAND_IN;
  let needs = null;
  if (play && size === 4) {
    if (held(play.network)) needs = play.network;
    else played = STAND_IN;
  }
  const fallback = Boolean(play) && played === STAND_IN;
  if (play) options = fallback ? standIn(options) : { ...options, strategy: play.strategy };
  return { options, needs, played, fallback };
}

/** Step 3. "Fits the speed" ({auto: intervalMs}) as the node budget that fits at `rate` on `workers`. */
export function resolveAuto(options, { rate, workers }) {
  if (options?.auto == null) return options;
  const { auto, ...rest } = options;
  return { ...rest, nodes: fitBudget(rate, workers, auto) };
}

/**
 * Step 4. The request's parts: [{worker, body: {cells, size, options}}], one per worker that
 * searches some of the root moves (`legal()`: the position's legal moves, asked only when the
 * request splits), or the whole request on worker 0.
 */
export function split(cells, size, options, { workers, legal }) {
  const body = { cells, size, options };
  const over = splitWorkers(options?.strategy, workers);
  const moves = over > 1 && splits(options) ? legal() : [];
  if (moves.length < 2) return [{ worker: 0, body }];
  return groups(moves, over).map((g, i) => ({ worker: i, body: { ...body, options: { ...options, moves: g } } }));
}

/**
 * The whole pipeline: {parts (split's), needs, said: {budget (the node budget searched, or
 * null), played (the strategy that decides), fallback (the heuristic stands in)}}.
 * speeds: each family's rate on this board (speeds.js's on(size)); the rest as in the steps.
 */
export function plan({ cells, size, options, workers, speeds = {}, families, plays, held, legal = () => [] }) {
  const picked = resolveDefault(options ?? {}, { workers, speeds, families });
  const learned = resolveLearned(picked.options, { size, plays, held, learned: picked.learned });
  const engine = resolveAuto(learned.options, { rate: speeds[ROLES.heuristic], workers });
  return {
    parts: split(cells, size, engine, { workers, legal }),
    needs: learned.needs,
    said: { budget: engine.nodes ?? null, played: learned.played, fallback: learned.fallback },
  };
}
