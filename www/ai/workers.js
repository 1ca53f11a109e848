// The AI's workers and nothing else: start them from the AI's wasm compiled once on this
// thread, post each request to its worker (after the network it needs), collect the answers,
// restart a worker that crashed or whose search nobody waits for any more, end them all.
// What to ask is the request pipeline's (request.js); this module never reads a request.
//
// A search in wasm cannot be interrupted: when a request's signal aborts, the worker busy
// with it is terminated and a fresh one started from the compiled module (its other requests
// are sent again), so the next request is answered at once. A cancellation is not a crash. A
// worker that dies during a search is replaced and its requests sent again; a second death
// turns the AI off. A worker that dies before it is ready, or is not ready in time, is
// replaced after a short wait (keepWorker, worker-lifecycle.js); only a slot whose starts keep
// failing (RESTARTS + 1 in a row) or a worker that says its engine cannot link turns the AI
// off, once, with the reason; the requests waiting on it reject. The AI's wasm has as long as
// a slot's four tries ((RESTARTS + 1) * startTimeout, ~2 min): a download that stalls past that
// turns the AI off as the download's failure, not a worker's. While a request waits for a
// worker to start, onStarting says so, with the try.
//
// A worker holds at most one of each kind of knowledge, a network (a learned strategy's
// weights) and an endgame set: a request that needs one not held there has it posted just
// before it (messages are read in order); a worker that starts afresh holds none.
import { keepWorker, workerCount, RESTARTS, START_TIMEOUT } from './worker-lifecycle.js';
import { compileAi } from '../shared/wasm.js';
import { startAiWorker } from '../shared/assets.js';
import { createStartNotice } from './start-notice.js';
import { errorText as message } from '../shared/errors.js';

export { STARTING_NOTICE } from './start-notice.js';

/** The error a request rejects with when its signal aborts. */
export const abortError = () => new DOMException('The AI request was cancelled', 'AbortError');

// The AI's compiled wasm, or a rejection once `ms` pass: a slow download is not cut off before
// its workers would be. Returns {module, done()} (done: the deadline is off).
function compileWithin(compile, ms) {
  let deadline = 0;
  const stalled = new Promise((_, reject) => {
    deadline = setTimeout(() => reject(Object.assign(new Error(`still downloading after ${ms / 1000} s`), { stalled: true })), ms);
  });
  const module = Promise.race([compile(), stalled]);
  const done = () => clearTimeout(deadline);
  module.then(done, done);
  return { module, done };
}

// Posts request `id` (pending `p`) to its slot's worker, after the knowledge it needs; a worker
// not yet ready gets it once ready (a request cancelled meanwhile costs it nothing).
function post(slot, id, p) {
  if (!slot?.ready) return;
  for (const n of p.needs) {
    if (slot.holds[n.kind] === n.key) continue;
    slot.worker.postMessage(n.message);
    slot.holds[n.kind] = n.key;
  }
  slot.worker.postMessage({ id, ...p.body });
  if (p.loads) slot.holds[p.loads.kind] = p.loads.key;
}

// The latest try among the slots not yet ready that the pending requests are queued on, or null.
function startWait(pending, slots) {
  let attempt = 0;
  for (const p of pending.values()) if (slots[p.slot] && !slots[p.slot].ready) attempt = Math.max(attempt, slots[p.slot].attempt);
  return attempt ? { attempt, of: RESTARTS + 1 } : null;
}

/**
 * count: workers (at most 4; else one per core, workerCount()); url: the worker script (default
 * www/ai/worker.js, startAiWorker);
 * compile(): the AI's WebAssembly.Module; startTimeout: ms a worker has from its creation to be
 * ready; onUnavailable(reason): once, when the AI cannot run; onStarting({attempt, of} | null):
 * a request has waited STARTING_NOTICE ms for a worker that is not ready, a later try, or
 * (null) nothing waits any more.
 */
export function createWorkers({ count, url, compile = compileAi, startTimeout = START_TIMEOUT, onUnavailable, onStarting }) {
  count = Number.isInteger(count) && count > 0 ? Math.min(count, 4) : workerCount();
  const slots = [];
  const pending = new Map(); // id -> { slot, body, needs, loads, resolve, reject, done }
  let nextId = 0;
  let crashes = 0;
  let dead = '';
  let module = null; // Promise of the compiled AI wasm, on first need
  let compiling = null; // compileWithin's
  let asking = 0; // callers' requests not yet settled (run())

  function unavailable() {
    return Object.assign(new Error(`AI unavailable: ${dead}`), { unavailable: true });
  }

  function fail(reason) {
    if (dead) return;
    dead = reason;
    compiling?.done();
    for (const s of slots) s?.end();
    const waiting = [...pending.values()];
    pending.clear();
    for (const p of waiting) p.reject(unavailable());
    wait();
    onUnavailable?.(reason);
  }

  const waiting = () => (!dead && asking > 0 ? startWait(pending, slots) : null);
  const notice = createStartNotice(onStarting, waiting);
  const wait = notice.update;

  function settle(id, data) {
    const p = pending.get(id);
    if (!p) return;
    pending.delete(id);
    wait();
    p.done();
    if (data.error) p.reject(new Error(data.error));
    else p.resolve(data);
  }

  // Slot i: keepWorker's, plus the keys of the knowledge its worker holds (or will, after the
  // messages posted), by kind. Its requests go to its worker once it is ready (send).
  function spawn(i) {
    const slot = keepWorker({
      url,
      start: url ? undefined : startAiWorker,
      timeout: startTimeout,
      post(worker) {
        slot.holds = {};
        module.then((m) => {
          if (slot.worker === worker) worker.postMessage({ module: m });
        }, () => {});
      },
      ready() {
        for (const [id, p] of pending) if (p.slot === i) send(id, p);
        wait();
      },
      receive(data) {
        // A trap (a network posted without an id, read out of memory) ends the worker too.
        if (data.fatal) crashed(i, data.error);
        else if (data.id != null) settle(data.id, data);
      },
      crash: (reason) => crashed(i, reason),
      giveUp: fail,
      starting: () => wait(),
    });
    slot.holds = {};
    slots[i] = slot;
    slot.start();
  }

  const send = (id, p) => post(slots[p.slot], id, p);

  function crashed(i, reason) {
    if (dead || !slots[i]) return;
    if (++crashes > 1) return fail(`the AI worker failed twice (${reason})`);
    slots[i].start();
  }

  function start() {
    if (!module) {
      // As long as a slot's tries.
      compiling = compileWithin(compile, (RESTARTS + 1) * startTimeout);
      module = compiling.module;
      module.then(() => {}, (e) => fail(e?.stalled ? `the AI's code could not be downloaded (${message(e)})` : `the AI engine could not be loaded (${message(e)})`));
    }
    for (let i = 0; i < count && !dead; i++) if (!slots[i]) spawn(i);
  }

  return {
    count,
    get dead() {
      return dead;
    },
    unavailable,
    /** Starts the workers (once; the AI's wasm is downloaded and compiled then). */
    start,

    /**
     * Posts `body` to worker i; resolves to its answer. loads: {kind, key}, the knowledge `body`
     * holds (kind 'weights': a network; 'endgame': an endgame set); needs: [{kind, key, message}]
     * (or one, or null), what the worker must hold first, each posted as `message` where it
     * does not. Aborting `signal` rejects with an AbortError and restarts the worker if it was sent it.
     */
    ask(i, body, signal, { loads = null, needs = [] } = {}) {
      return new Promise((resolve, reject) => {
        if (dead) return reject(unavailable());
        const id = ++nextId;
        const cancel = () => {
          if (!pending.has(id)) return;
          pending.delete(id);
          wait();
          reject(abortError());
          if (!dead && slots[i]?.ready) slots[i].start();
        };
        signal?.addEventListener('abort', cancel, { once: true });
        const p = { slot: i, body, needs: [needs].flat().filter(Boolean), loads, resolve, reject, done: () => signal?.removeEventListener('abort', cancel) };
        pending.set(id, p);
        send(id, p);
        wait();
      });
    },

    /** Worker i holds no knowledge of `kind` it can be trusted with (its read failed). */
    forget(i, kind) {
      if (slots[i]) slots[i].holds[kind] = null;
    },

    /** Runs a caller's request (fn, async): onStarting speaks only while one runs. */
    async run(fn) {
      asking++;
      try {
        return await fn();
      } finally {
        asking--;
        wait();
      }
    },

    destroy() {
      dead ||= 'stopped';
      compiling?.done();
      notice.end();
      for (const s of slots) s?.end();
      for (const p of pending.values()) p.done();
      pending.clear();
    },
  };
}
