// The front of the AI's worker pool for one board: the pool loaded when the AI is first asked
// (a first board needs none of it), and the guard that lets only the latest request's answer
// count. Same calls as the pool (pool.js's createAi); a pool module that cannot load makes the
// AI unavailable, as a wasm that cannot.
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

// The AI's request in flight, for the AI player: only the latest one's answer counts. A newer
// request, or cancel(), aborts it, which ends the worker busy with it (wasm cannot be
// interrupted), so the next request is answered at once.
export function createLatestRequest(ai) {
  let request = null; // the AbortController of the request in flight

  function cancel() {
    request?.abort();
    request = null;
  }

  return {
    cancel,
    /**
     * Asks the pool to decide `position` ({cells, size}) with `options`; then(result), or
     * failed(error) for a failure other than a cancel, runs only if no newer request was made
     * and this one was not cancelled since.
     */
    ask({ cells, size }, options, then, failed) {
      cancel();
      const mine = new AbortController();
      request = mine;
      ai.decide(cells, size, options, { signal: mine.signal }).then(
        (result) => {
          if (request !== mine) return;
          request = null;
          then(result);
        },
        (e) => {
          if (request !== mine || e?.name === 'AbortError') return;
          request = null;
          failed(e);
        },
      );
    },
  };
}
