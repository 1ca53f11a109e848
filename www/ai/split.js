// The root split, shared by the request pipeline (request.js) and the Node tools: which
// requests split over workers, which root moves each worker searches, and how
// their answers merge. No DOM, no workers: plain data in, plain data out.
//
// Under a node budget the engine itself searches each legal root move alone with
// an equal share of the budget (budget / legal moves), so a move's value does not
// depend on which other moves one request holds: the merge of the parts is exactly
// the whole search's answer (move, values, nodes, depth), in a browser with four
// workers as in the arena on one thread. A time budget splits too (each part gets
// the whole time), but what a time budget finds depends on the machine anyway.
// expectimax-td (the same search with the learned network as its evaluation) splits the same
// way, over at most TD_WORKERS workers: each worker it asks holds the network (tens of MB of
// wasm memory), so two hold it rather than every core.
import { ROLES, SPLIT_BY_NODES } from './roles.js';

export const DIRS = ['up', 'right', 'down', 'left'];

/** The most workers an expectimax-td request splits over (each of them holds the network). */
export const TD_WORKERS = 2;

/** Whether a request splits by root move: a time budget, or expectimax's or expectimax-td's node budget. */
export function splits(options) {
  if (options?.ms != null && options?.nodes == null) return true;
  return options?.nodes != null && SPLIT_BY_NODES.includes(options.strategy ?? ROLES.heuristic);
}

/** How many of `count` workers a request of `strategy` may split over: TD_WORKERS for expectimax-td. */
export const splitWorkers = (strategy, count) => (strategy === ROLES.learnedSearch ? Math.min(count, TD_WORKERS) : count);

/** The root moves in `count` groups (at most one per move): move j goes to group j % count. */
export function groups(moves, count) {
  const k = Math.max(1, Math.min(count, moves.length));
  return Array.from({ length: k }, (_, i) => moves.filter((_, j) => j % k === i));
}

/**
 * One answer from the answers to the parts: each move's value from the part that
 * searched it, nodes summed, the shallowest depth, the longest time (the parts ran
 * side by side); the move is the best value, the first in up, right, down, left
 * order among equals (the engine's rule), null when no part had a move; `endgame`, the set's
 * name, where every part consulted it.
 */
export function merge(results) {
  const out = { dir: null, values: {}, nodes: 0, depth: Infinity, ms: 0 };
  for (const d of DIRS) out.values[d] = null;
  for (const r of results) {
    for (const d of DIRS) if (r.values[d] != null) out.values[d] = r.values[d];
    out.nodes += r.nodes;
    if (DIRS.some((d) => r.values[d] != null)) out.depth = Math.min(out.depth, r.depth);
    out.ms = Math.max(out.ms, r.ms);
  }
  for (const d of DIRS) {
    const v = out.values[d];
    if (v != null && (out.dir === null || v > out.values[out.dir])) out.dir = d;
  }
  if (out.dir === null) out.depth = 0;
  // The endgame set's name where every part consulted it.
  const set = results[0]?.endgame;
  if (set && results.every((r) => r.endgame === set)) out.endgame = set;
  return out;
}
