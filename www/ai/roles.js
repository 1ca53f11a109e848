// The one table of the engine's strategy names the page's code relies on: the part each
// plays here. Everything else about a strategy (its label, options, ranges and defaults)
// is the engine's catalogue (strategies.js); a strategy added in Rust needs no line here
// unless the page gives it a part of its own.
export const ROLES = Object.freeze({
  // The heuristic search: its ladder of node budgets, the calibration, the default player's
  // first family, and the stand-in while a learned strategy's network is not read.
  heuristic: 'expectimax',
  // The same search judged by the learned network: the default player's second family.
  learnedSearch: 'expectimax-td',
  // The learned network's one-ply player (the learn page shows it playing).
  learnedMove: 'td',
});

/** The searches whose node budget the engine shares equally between the root moves (split.js). */
export const SPLIT_BY_NODES = Object.freeze([ROLES.heuristic, ROLES.learnedSearch]);

/** The compare page's rows on a first visit: two cheap strategies, so that Run answers in seconds. */
export const COMPARE_FIRST = Object.freeze(['random', 'greedy']);

/**
 * The strategies whose move values are points (the learned network's value: the points a game
 * still makes from a board), so that two moves' values differ by points; the others' values are
 * an evaluation of their own (move-loss.js).
 */
export const VALUES_IN_POINTS = Object.freeze([ROLES.learnedSearch, ROLES.learnedMove]);
