// The life of the page's Web Workers, for every pool of them (the game's AI pool, pool.js; the
// compare page's games, compare/pool.js; the review's pools) and the learn page's one worker:
// a module worker started from any origin (startWorker, ../shared/assets.js), a pool's slot that keeps its worker
// going through a bad start (keepWorker), and how many workers a pool runs (workerCount).
//
// A worker that dies before it is ready (a failed fetch, out of memory while it
// instantiates, killed while starting), or is not ready START_TIMEOUT after it was created
// (a fetch that stalls, an instantiation that never ends), is replaced after a short wait: a
// fresh one usually starts fine. Only a slot whose starts keep failing (RESTARTS + 1 in a row:
// a worker script that is missing, an engine that cannot load) or a worker that says its
// engine cannot link gives up, once, with the reason; what that means (the AI off, a
// comparison stopped) is the pool's to say.
import { errorText as message } from '../shared/errors.js';
import { startWorker } from '../shared/assets.js';

export { startWorker };

export const RESTARTS = 3; // a slot's worker may fail to start this many times in a row; once more and the slot gives up
const RESTART_DELAY = 100; // ms before a slot's first replacement, doubled for each next one
// ms from a worker's creation to its {ready}: worker.js, the glue and the AI's wasm (compiled on
// the page's thread; "the AI's first run" in docs/embed.md's download table), then instantiate
// and warmUp.
// On a slow phone on a slow network (50 KB/s, 2 s round trips: Chrome's "Slow 3G") that is
// about 10 s; 30 s leaves room. A start slower than that is not lost: the wasm's download
// goes on while a replacement starts, so the AI is off only after four tries (~2 min).
export const START_TIMEOUT = 30000;
const FOR_GOOD = /^(CompileError|LinkError)$/; // a worker's fatal that a fresh worker would repeat

/**
 * Slot of a pool: one worker running `url` (or started by `start()`, as startWorker returns
 * one: {worker, shim}) at a time, kept going through a bad start. A
 * worker that dies before it is ready, says its engine cannot load ({fatal} with no id), or
 * is not ready `timeout` ms after its creation is terminated and replaced after RESTART_DELAY
 * ms (doubled for each next one); the RESTARTS + 1st failed start in a row, or an engine that
 * cannot link (FOR_GOOD), calls giveUp(reason) instead, once, and the slot ends.
 * post(worker): its first messages (the module), for each worker started; ready(): it is
 * ready; then receive(data) for its messages and crash(reason) when it dies.
 * starting(attempt): a start began, or a replacement waits (attempt: 1 for a first start or a
 * replacement after a crash or a cancel, 2 to RESTARTS + 1 for the tries after failed starts).
 * Returns {worker (null between two), ready, attempt, start() (a fresh worker now), end()}.
 */
export function keepWorker({ url, start: startOne = () => startWorker(url), timeout = START_TIMEOUT, post, ready, receive, crash, giveUp, starting = () => {} }) {
  const slot = { worker: null, ready: false, attempt: 1, start, end };
  let shim = null; // the blob URL of a cross-origin shim, needed until the worker loaded
  let timer = 0; // the start's deadline, or the wait before a replacement
  let failed = 0; // failed starts in a row
  let over = false;

  function stop() {
    clearTimeout(timer);
    if (shim) URL.revokeObjectURL(shim);
    shim = null;
    slot.worker?.terminate();
    slot.worker = null;
    slot.ready = false;
  }

  function end() {
    over = true;
    stop();
  }

  function start() {
    if (over) return;
    stop();
    let worker;
    try {
      ({ worker, shim } = startOne());
    } catch (e) {
      end();
      giveUp(`the AI worker could not be started (${message(e)})`);
      return;
    }
    slot.worker = worker;
    slot.attempt = failed + 1;
    starting(slot.attempt);
    const mine = () => slot.worker === worker;
    timer = setTimeout(() => mine() && failedStart('the AI worker could not be loaded', `not ready after ${timeout / 1000} s`), timeout);
    worker.onmessage = ({ data }) => {
      if (!mine()) return;
      if (slot.ready) return receive(data);
      if (data?.ready) {
        clearTimeout(timer);
        if (shim) URL.revokeObjectURL(shim);
        shim = null;
        failed = 0;
        slot.ready = true;
        ready();
      } else if (data?.id == null && data?.fatal) failedStart('the AI engine could not be loaded', data.fatal, FOR_GOOD.test(data.name));
    };
    worker.onerror = (e) => {
      e.preventDefault?.();
      if (!mine()) return;
      if (slot.ready) crash(e.message || 'it stopped');
      else failedStart('the AI worker could not be loaded', e.message);
    };
    post(worker);
  }

  function failedStart(what, why, forGood = false) {
    stop();
    failed++;
    if (forGood || failed > RESTARTS) {
      const tries = failed > 1 ? `${failed} tries` : '';
      end();
      giveUp(`${what}${why || tries ? ` (${[why, tries].filter(Boolean).join('; ')})` : ''}`);
      return;
    }
    slot.attempt = failed + 1;
    starting(slot.attempt);
    timer = setTimeout(start, RESTART_DELAY * 2 ** (failed - 1));
  }

  return slot;
}

/**
 * How many workers a pool runs: one per core, less `spare` cores left to the page's thread, 1
 * to 4 (a root has at most four moves to split). The game's pool takes every core: its page
 * only draws and answers keys while the workers search, and stays responsive (`make
 * figures-page`, docs/architecture.md); the compare page and the review keep one core spare
 * (spare: 1).
 */
export function workerCount({ cores = globalThis.navigator?.hardwareConcurrency, spare = 0 } = {}) {
  return Math.max(1, Math.min(4, (cores | 0) - spare));
}
