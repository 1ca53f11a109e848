// The AI strategies an embedder may name, and their budgets: the one place the
// page keeps them. When the engine exports its own list (a wasm `strategies()`),
// it is used instead, so a strategy added in Rust needs no change here.
export const DEFAULT_STRATEGY = 'expectimax';
const KNOWN = [DEFAULT_STRATEGY];

/** Names bestMove accepts; `engine` is the loaded wasm module (optional). */
export function strategyNames(engine) {
  if (typeof engine?.strategies === 'function') {
    try {
      const names = Array.from(engine.strategies(), String);
      if (names.length) return names;
    } catch {
      // An engine that cannot list them still plays the known ones.
    }
  }
  return KNOWN;
}

/** Budget options with their range: time per move (ms) or searched nodes per move. */
export const BUDGETS = { ms: [1, 10000], nodes: [1, 1e9] };
