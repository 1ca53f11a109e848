// The AI's worker pool for one board, loaded when the AI is first asked: a first board needs
// none of it. Same calls as the pool (pool.js's createAi); a pool module that cannot load
// makes the AI unavailable, as a wasm that cannot.
import { errorText as message } from '../shared/errors.js';

/**
 * options: those of createAi(options). Returns { decide, calibrate, network, count,
 * nodesPerMs, pick, destroy }.
 */
export function createLazyPool(options) {
  let pool = null;
  let dead = '';
  const unavailable = () => Object.assign(new Error(`AI unavailable: ${dead}`), { unavailable: true });
  const get = () => {
    if (dead) return Promise.reject(unavailable());
    pool ??= import('./pool.js').then(({ createAi }) => createAi(options), (e) => {
      dead = `the AI engine could not be loaded (${message(e)})`;
      options.onUnavailable?.(dead);
      throw unavailable();
    });
    return pool;
  };
  let loaded = null; // the pool, once its module is in
  return {
    decide: (...args) => get().then((p) => (loaded = p).decide(...args)),
    calibrate: () => get().then((p) => (loaded = p).calibrate()),
    network: (...args) => get().then((p) => (loaded = p).network(...args)),
    // The calibration's figures, for the panel's "Fits the speed" line (none before the pool).
    get count() { return loaded?.count; },
    get nodesPerMs() { return loaded?.nodesPerMs; },
    pick: (...args) => loaded?.pick(...args) ?? null,
    destroy() {
      dead ||= 'stopped';
      // At once when the pool is in: the player aborts its request right after, and a live
      // pool would start a fresh worker in place of the one busy with it.
      if (loaded) loaded.destroy();
      else pool?.then((p) => p.destroy(), () => {});
    },
  };
}
