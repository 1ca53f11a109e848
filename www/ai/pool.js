// The page side of the AI: a pool of module workers (worker.js) behind one
// call, decide(cells, size, options, {signal}) -> Promise of bestMove's result.
// The AI's wasm is compiled once on this thread (wasm.js) and the Module posted
// to every worker. With several workers, an expectimax or expectimax-td node budget
// or a time budget, the legal root moves (the engine's legalMoves) are split between
// them (split.js: under a node budget the engine gives each root move the same share
// whoever searches it, so the merged answer is exactly the one-thread answer; expectimax-td
// over at most TD_WORKERS of them, the only ones that then hold the network) and the
// values merged; any other request (a fixed depth for minimax, Monte Carlo) goes whole
// to one worker. No search runs on this thread.
//
// A search in wasm cannot be interrupted: when a request's signal aborts, the
// worker busy with it is terminated and a fresh one started from the compiled
// module (its other requests are sent again), so the next request is answered
// at once. A cancellation is not a crash.
//
// The learned strategies (`learned`: their names) need a network: the first request
// for one (or network(), when one is picked) downloads it (network.js, progress to
// onNetwork), and the first worker reads and checks it. No request waits for that: until
// the network is read, a learned request on 4x4 is decided by the heuristic, expectimax,
// at the request's budget (standIn), and its answer says so (played, fallback); from the
// first request after the read, the learned strategy plays. A network that cannot be
// downloaded or read is reported once (onNetwork's error) and leaves the heuristic playing.
// Only a worker that plays a learned strategy holds its network: the first worker reads it
// (every learned request asks that worker: the whole, or its split's first part), and any
// other worker, or one started later (a restart after a cancel or a crash), gets it posted
// just before the first request that needs it (messages are read in order).
// Besides the shipped network there may be others (`networks`: e.g. "yours", the one
// trained on the learn page, from network-store.js), each played by strategies of their
// own (`learned`: {name: {strategy, network}}): a worker holds one network at a time,
// and gets the one a request needs posted just before it.
//
// A request {auto: intervalMs} (expectimax's "Fits the speed") asks the pool for
// the ladder's largest node budget that fits the interval (strength-figures.js):
// the first such request calibrates the pool (one search of a fixed position at a
// fixed budget, timed inside a worker: nodes per ms per worker); then every move
// gets the same budget, a node budget, so the move is the one the arena plays. A worker that dies (a trap, an error)
// is replaced the same way and its part of a split searched again.
//
// The page's default player (best.js: a request {strategy: 'best', auto: intervalMs}) is no
// engine strategy: each of its requests becomes {strategy: 'expectimax' | 'expectimax-td',
// nodes}, the rung fitPlayer picks (fit-player.js: the strongest measured rung of either
// family that fits the interval) from the speeds known when it is asked, and its answer says
// what played (played, budget). The heuristic's speed is the calibration above; the learned
// network's is known only once a worker holds the network: its first request on 4x4 starts
// the download (nothing waits for it), and once the first worker has read it, that worker
// times expectimax-td on the same position in the background (calibrateLearned), which counts
// from the next move. Until then, if the network cannot be had, and on other sizes (it plays
// 4x4 only), the heuristic plays. expectimax-td splits over at most TD_WORKERS workers
// (split.js), so at most that many hold the network.
//
// A worker that dies before it is ready, or is not ready in time, is replaced after a short
// wait and gets the requests its slot had (keepWorker, worker-lifecycle.js). Only a slot whose
// starts keep failing (RESTARTS + 1 in a row: a worker script that is missing, an engine that
// cannot load) or a worker that says its engine cannot link turns the AI off, once, with the
// reason; the requests waiting on it reject. The learned network is not part of a start: its
// download (network.js, with its progress) may take as long as it takes. The AI's wasm, fetched
// and compiled on this thread for every worker, has as long as a slot's four tries ((RESTARTS +
// 1) * START_TIMEOUT, ~2 min): a download that stalls past that turns the AI off as the
// download's failure ("the AI's code could not be downloaded"), not a worker's. While a decide()
// waits for a worker to start, onStarting says so, with the try (the page's status line words it).
import { groups, merge, splits, splitWorkers } from './split.js';
import { CALIBRATION, LADDER, fitBudget } from './strength-figures.js';
import { FAMILIES, fitPlayer, pickLabel, pickLine } from './fit-player.js';
import { BEST } from './best.js';
import { compileAi } from '../shared/wasm.js';
import { SHIPPED } from '../shared/choices.js';
import { keepWorker, workerCount, RESTARTS, START_TIMEOUT } from './worker-lifecycle.js';

// network.js only when a learned strategy first plays: not part of the first visit.
const fetchNetwork = (options) => import('./network.js').then((m) => m.fetchNetwork(options));

const WORKER_URL = new URL('../ai/worker.js', import.meta.url);
// ms a decide() waits for a worker before onStarting hears of it: a replacement after a cancel
// (every Stop) is usually ready sooner, and says nothing.
export const STARTING_NOTICE = 250;
const message = (e) => (e && e.message ? e.message : String(e));

/** The heuristic that plays in a learned strategy's place while its network is not read (or cannot be). */
export const STAND_IN = 'expectimax';

/**
 * The heuristic's options in place of a learned request's: the same budget (nodes, ms, depth,
 * or auto) and root moves; td, which takes no budget, gets the ladder's lightest rung (Light,
 * 50k positions: a few ms a move, about as quick as td itself).
 */
export function standIn({ strategy, weights, ...rest } = {}) {
  const budget = ['auto', 'nodes', 'ms', 'depth'].some((k) => rest[k] != null);
  return { ...rest, strategy: STAND_IN, ...(budget ? {} : { nodes: LADDER[0].nodes }) };
}

// The error a request rejects with when its signal aborts.
function abortError() {
  return new DOMException('The AI request was cancelled', 'AbortError');
}

/**
 * legalMoves(cells, size): the engine's export (the root moves to split);
 * count: workers; onUnavailable(reason): called once when the AI cannot run;
 * compile(): the AI's WebAssembly.Module (wasm.js). Workers start on the first decide().
 * startTimeout: ms a worker has from its creation to be ready (START_TIMEOUT; keepWorker); the
 * AI's wasm (compile()) has as long as a slot's four tries, (RESTARTS + 1) * startTimeout (a
 * download that stalls: "the AI's code could not be downloaded").
 * onStarting({attempt, of} | null): a request of decide() has waited STARTING_NOTICE ms for a
 * worker that is not ready (attempt: its slot's try, 1 to `of`, RESTARTS + 1), a later try, or
 * (null) nothing waits any more (the worker is ready, the request cancelled, the AI off).
 * learned: the strategies that play with a network: names (the shipped network) or
 * {name: {strategy (the engine's name), network (a key of networks)}};
 * network({onProgress}): the shipped network's bytes (network.js); networks: {key: the
 * same for other networks}; onNetwork({network: key} and {loading: true} (asked for) |
 * {progress: {loaded, total}} (downloading) | {reading: true} (the first worker reads it) |
 * {loaded: info} (read: the learned strategy plays) | {error, learn?, again?} (it cannot be
 * had; again: the same failure as the last one reported, on a retry)).
 * families: the ladders the default player picks from (fit-player.js's FAMILIES; the
 * tests pass their own); onSpeed(): a calibration (the heuristic's or the learned network's)
 * has landed, so the default player's pick may change (pick()).
 * decide()'s answer is bestMove's with `budget` (the node budget searched, or null), `played`
 * (the strategy that decided: the one asked, STAND_IN for a learned one, or the default
 * player's pick) and `fallback` (true when STAND_IN played in a learned strategy's place).
 */
export function createAi({ legalMoves, count, url = WORKER_URL, compile = compileAi, startTimeout = START_TIMEOUT, onUnavailable, onStarting, learned = [], network = fetchNetwork, networks = {}, onNetwork, families = FAMILIES, onSpeed }) {
  count = Number.isInteger(count) && count > 0 ? Math.min(count, 4) : workerCount();
  const plays = Array.isArray(learned) ? Object.fromEntries(learned.map((name) => [name, { strategy: name, network: SHIPPED }])) : learned;
  const providers = { ...networks, [SHIPPED]: network };
  const slots = [];
  const pending = new Map(); // id -> { slot, body, needs, loads, resolve, reject, done }
  let nextId = 0;
  let crashes = 0;
  let dead = '';
  let module = null; // Promise of the compiled AI wasm, on first need
  let moduleDeadline = 0; // its download's timer
  let asking = 0; // decide() calls not yet settled
  let waitShown = null; // the wait onStarting last reported, or null
  let waitTimer = 0; // a wait not yet STARTING_NOTICE ms old
  const nets = new Map(); // key -> loadNetwork's entry: {bytes, info, error, promise}
  let calibration = null; // Promise of the nodes a worker searches per ms, on first need
  let rate = null; // its value once known
  let learnedCalibration = null; // the same for expectimax-td, in a worker holding the network
  let learnedRate = null;
  let learnedWanted = false; // the default player has asked for the network on 4x4

  function unavailable() {
    const e = new Error(`AI unavailable: ${dead}`);
    e.unavailable = true;
    return e;
  }

  function fail(reason) {
    if (dead) return;
    dead = reason;
    clearTimeout(moduleDeadline);
    for (const s of slots) s?.end();
    const waiting = [...pending.values()];
    pending.clear();
    for (const p of waiting) p.reject(unavailable());
    wait();
    onUnavailable?.(reason);
  }

  // Whether a decide() waits for a worker to start: the latest try among the slots its
  // requests (the calibration's and a network's included) are queued on that are not ready.
  function waiting() {
    let attempt = 0;
    if (!dead && asking > 0) for (const p of pending.values()) if (slots[p.slot] && !slots[p.slot].ready) attempt = Math.max(attempt, slots[p.slot].attempt);
    return attempt ? { attempt, of: RESTARTS + 1 } : null;
  }

  // Tells onStarting of a change: a wait once it is STARTING_NOTICE ms old (a worker that
  // starts at once after a cancel says nothing), a new try at once, its end at once.
  function wait() {
    if (!onStarting) return;
    const now = waiting();
    if (!now) {
      clearTimeout(waitTimer);
      waitTimer = 0;
      if (waitShown) onStarting((waitShown = null));
    } else if (waitShown) {
      if (now.attempt !== waitShown.attempt) onStarting((waitShown = now));
    } else if (!waitTimer) {
      waitTimer = setTimeout(() => {
        waitTimer = 0;
        waitShown = waiting();
        if (waitShown) onStarting(waitShown);
      }, STARTING_NOTICE);
    }
  }

  function settle(id, data) {
    const p = pending.get(id);
    if (!p) return;
    pending.delete(id);
    wait();
    p.done();
    if (data.error) p.reject(new Error(data.error));
    else p.resolve(data);
  }

  // Slot i: keepWorker's, plus the key of the network its worker holds (or will, after the
  // messages posted). Its requests go to its worker once it is ready (send).
  function spawn(i) {
    const slot = keepWorker({
      url,
      timeout: startTimeout,
      // The module; a network only with the first request that needs it (send), also for a
      // worker that replaces one that held it.
      post(worker) {
        slot.network = null;
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
    slot.network = null;
    slots[i] = slot;
    slot.start();
  }

  // Posts request `id` to its slot's worker, after the network it needs; a worker not yet
  // ready gets it once ready (a request cancelled meanwhile costs it nothing).
  function send(id, p) {
    const slot = slots[p.slot];
    if (!slot?.ready) return;
    if (p.needs && slot.network !== p.needs) {
      slot.worker.postMessage({ weights: nets.get(p.needs).bytes });
      slot.network = p.needs;
    }
    slot.worker.postMessage({ id, ...p.body });
    if (p.loads) slot.network = p.loads;
  }

  // A worker that dies once is replaced and its requests sent again; twice, the AI is off.
  function crashed(i, reason) {
    if (dead || !slots[i]) return;
    if (++crashes > 1) return fail(`the AI worker failed twice (${reason})`);
    slots[i].start();
  }

  // loads: the key of the network whose weights body holds (a load);
  // needs: the key of the network the worker must hold for it (a learned strategy).
  function ask(i, body, signal, { loads = null, needs = null } = {}) {
    return new Promise((resolve, reject) => {
      if (dead) return reject(unavailable());
      const id = ++nextId;
      const cancel = () => {
        if (!pending.has(id)) return;
        pending.delete(id);
        wait();
        reject(abortError());
        // Its worker is busy with a search nobody waits for: start afresh. A worker not yet
        // ready was never sent it.
        if (!dead && slots[i]?.ready) slots[i].start();
      };
      signal?.addEventListener('abort', cancel, { once: true });
      const p = { slot: i, body, needs, loads, resolve, reject, done: () => signal?.removeEventListener('abort', cancel) };
      pending.set(id, p);
      send(id, p);
      wait();
    });
  }

  // A position the engine refuses goes whole to a worker, whose answer names the problem.
  function rootMoves(cells, size) {
    try {
      return Array.from(legalMoves(cells, size));
    } catch {
      return [];
    }
  }

  // A calibration: CALIBRATION's search by `strategy`, CALIBRATION.runs times on the first
  // worker (holding network `needs`); the fastest run counts, in nodes per ms.
  async function timeSearch(strategy, needs = null) {
    const body = { cells: CALIBRATION.cells, size: CALIBRATION.size, options: { strategy, nodes: CALIBRATION.nodes } };
    let best = 0;
    for (let i = 0; i < CALIBRATION.runs; i++) {
      const r = await ask(0, body, undefined, { needs });
      best = Math.max(best, r.nodes / Math.max(r.ms, 0.01));
    }
    return best;
  }

  // The heuristic's calibration, once (again after a failure).
  function calibrate() {
    if (calibration) return calibration;
    calibration = timeSearch('expectimax').then((r) => {
      rate = r;
      onSpeed?.();
      return r;
    });
    calibration.catch(() => { calibration = null; });
    return calibration;
  }

  // The learned network's, once the first worker has read it (again after a failure). A
  // background job: it runs after the requests already posted to that worker.
  function calibrateLearned() {
    if (learnedCalibration || dead || !nets.get(SHIPPED)?.info) return;
    learnedCalibration = timeSearch('expectimax-td', SHIPPED).then((r) => {
      learnedRate = r;
      onSpeed?.();
    });
    learnedCalibration.catch(() => { learnedCalibration = null; });
  }

  // What the learned network is doing for the default player: null (not asked yet),
  // 'downloading' (or being read), 'timing', 'unavailable', 'unmeasured' (timed, but no rung
  // of its ladder has figures) or 'ready'.
  function learnedState() {
    const net = learnedWanted ? nets.get(SHIPPED) : null;
    if (!net) return null;
    if (net.error) return 'unavailable';
    if (!net.info) return 'downloading';
    if (!learnedRate) return 'timing';
    const family = families.find((f) => f.strategy === 'expectimax-td');
    return family?.ladder.some((r) => r.reach) ? 'ready' : 'unmeasured';
  }

  // The speeds fitPlayer weighs on a `size` board: the learned network's only on 4x4, once timed.
  const speeds = (size) => ({ expectimax: rate, 'expectimax-td': size === 4 ? learnedRate : null });

  // The default player's request as an engine request: the heuristic, or the learned network
  // when it is timed and the figures say it is stronger; on 4x4 its first request starts the
  // network's download, whose read starts the learned calibration (after this move's request).
  async function pickPlayer(size, { strategy, auto, ...rest }, signal) {
    if (auto == null) return { ...rest, strategy: STAND_IN };
    // Timed after this move's request is posted (a timer's turn), so that this move does not wait.
    if (size === 4 && !learnedWanted) {
      learnedWanted = true;
      loadNetwork(SHIPPED).promise.then(() => setTimeout(calibrateLearned), () => {});
    } else if (size === 4 && !learnedRate) setTimeout(calibrateLearned); // read before, or a failed timing

    await unlessAborted(calibrate(), signal);
    const pick = fitPlayer(speeds(size), count, auto, families);
    return { ...rest, strategy: pick.strategy, nodes: pick.nodes };
  }

  // Network `key`'s entry: {bytes (downloaded), info (read by the first worker: the learned
  // strategy plays), error (why it cannot be had), promise (of info; rejects with the error,
  // error.network, the reason in words)}. The download starts on the first call, and the
  // first worker reads the bytes once they are in: the worker that every learned request asks
  // (send posts them to any other that needs them). A failure stays for this pool's life for
  // the shipped network; for the others, until `retry` (network(): a strategy picked, Start
  // AI, Step, Hint), so that a network saved meanwhile on the learn page plays then.
  function loadNetwork(key, { retry = false } = {}) {
    const had = nets.get(key);
    if (had && !(retry && had.error && key !== SHIPPED)) return had;
    const entry = { bytes: null, info: null, error: null, promise: null };
    nets.set(key, entry);
    const what = key === SHIPPED ? 'the learned network' : 'your network';
    const report = (state) => onNetwork?.({ network: key, ...state });
    report({ loading: true });
    entry.promise = (async () => {
      try {
        let bytes;
        try {
          if (!providers[key]) throw new Error(`${what} is not known here`);
          bytes = await providers[key]({ onProgress: (progress) => report({ progress }) });
        } catch (e) {
          throw /network/.test(message(e)) ? e : Object.assign(new Error(`${what} could not be loaded (${message(e)})`), { learn: e?.learn });
        }
        if (dead) throw unavailable();
        entry.bytes = bytes;
        report({ reading: true });
        try {
          entry.info = await ask(0, { weights: bytes }, undefined, { loads: key });
        } catch (e) {
          if (slots[0]) slots[0].network = null; // it holds the one before, if any
          throw e.unavailable ? e : new Error(`${what} could not be read (${message(e)})`);
        }
      } catch (e) {
        if (e.unavailable) throw e;
        entry.error = Object.assign(new Error(message(e)), { network: true, learn: e.learn });
        report({ error: message(e), learn: e.learn, ...(had?.error && message(had.error) === message(e) ? { again: true } : {}) });
        throw entry.error;
      }
      report({ loaded: entry.info });
      return entry.info;
    })();
    entry.promise.catch(() => {});
    return entry;
  }

  // Rejects with an AbortError when the signal aborts first.
  function unlessAborted(promise, signal) {
    if (!signal) return promise;
    return new Promise((resolve, reject) => {
      const abort = () => reject(abortError());
      signal.addEventListener('abort', abort, { once: true });
      promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
    });
  }

  function start() {
    if (!module) {
      // As long as a slot's tries: a slow download is not cut off before its workers would be.
      const ms = (RESTARTS + 1) * startTimeout;
      const stalled = new Promise((_, reject) => {
        moduleDeadline = setTimeout(() => reject(Object.assign(new Error(`still downloading after ${ms / 1000} s`), { stalled: true })), ms);
      });
      module = Promise.race([compile(), stalled]);
      module.then(() => clearTimeout(moduleDeadline), (e) => fail(e?.stalled ? `the AI's code could not be downloaded (${message(e)})` : `the AI engine could not be loaded (${message(e)})`));
    }
    for (let i = 0; i < count && !dead; i++) if (!slots[i]) spawn(i);
  }

  // decide()'s search, once the pool has started.
  async function search(cells, size, options, signal) {
    // The default player plays its pick as that engine strategy: expectimax-td with the shipped network.
    const picked = options?.strategy === BEST;
    if (picked) options = await pickPlayer(size, options, signal);
    const named = (strategy) => (Object.hasOwn(plays, strategy ?? '') ? plays[strategy] : null);
    const learnedPlay = picked
      ? (options.strategy === 'expectimax-td' ? { strategy: 'expectimax-td', network: SHIPPED } : null)
      : named(options?.strategy);
    let played = options?.strategy ?? STAND_IN;
    let needs = null;
    // Off 4x4 the engine refuses a learned strategy, network or not, and says why.
    if (learnedPlay && size === 4) {
      if (loadNetwork(learnedPlay.network).info) needs = learnedPlay.network;
      else played = STAND_IN;
    }
    const fallback = Boolean(learnedPlay) && played === STAND_IN;
    if (learnedPlay) options = fallback ? standIn(options) : { ...options, strategy: learnedPlay.strategy };
    // Every worker asked holds the request's network.
    const to = (i, body) => ask(i, body, signal, { needs });
    if (options?.auto != null) {
      const { auto, ...rest } = options;
      const nodes = fitBudget(await unlessAborted(calibrate(), signal), count, auto);
      options = { ...rest, nodes };
    }
    const body = { cells, size, options };
    // expectimax-td over at most TD_WORKERS workers: only they hold the network.
    const workers = splitWorkers(options?.strategy, count);
    const moves = workers > 1 && splits(options) ? rootMoves(cells, size) : [];
    const said = { budget: options.nodes ?? null, played, fallback };
    if (moves.length < 2) return { ...(await to(0, body)), ...said };
    const parts = groups(moves, workers);
    const answers = await Promise.all(parts.map((g, i) => to(i, { ...body, options: { ...options, moves: g } })));
    return { ...merge(answers), ...said };
  }

  return {
    /** How many workers the pool runs. */
    get count() {
      return count;
    },

    /** The calibration's nodes per ms per worker once it has run, else null. */
    get nodesPerMs() {
      return rate;
    },

    /**
     * The default player's pick on a `size` board at `intervalMs` between two moves, from the
     * speeds known now: fitPlayer's {strategy, nodes, rung, family, fits, workers}, `learned`,
     * what the learned network is doing for it (null: not asked yet, 'downloading', 'timing',
     * 'unavailable', 'unmeasured', 'ready'; 'size' off 4x4, where it does not play), and the
     * pick in words for the panel: `label` (pickLabel's) and `line` (pickLine's). Null before
     * the heuristic's calibration.
     */
    pick(size, intervalMs) {
      if (!rate) return null;
      const pick = { ...fitPlayer(speeds(size), count, intervalMs, families), learned: size === 4 ? learnedState() : 'size' };
      return { ...pick, label: pickLabel(pick, intervalMs), line: pickLine(pick) };
    },

    /** Promise of the calibration: nodes a worker searches per ms (runs it once, on first need). */
    calibrate() {
      if (dead) return Promise.reject(unavailable());
      start();
      return calibrate();
    },

    /** signal: an AbortSignal; aborting rejects with an AbortError and ends the search (every part). */
    async decide(cells, size, options, { signal } = {}) {
      if (dead) throw unavailable();
      if (signal?.aborted) throw abortError();
      start();
      if (dead) throw unavailable();
      asking++;
      try {
        return await search(cells, size, options, signal);
      } finally {
        asking--;
        wait();
      }
    },

    /**
     * Network `key` (the shipped one by default) as the first worker read it ({shape, levels,
     * quantisation, weights, bytes, memory}); downloads it if need be, and tries again a
     * network other than the shipped one that failed before.
     */
    network(key = SHIPPED) {
      if (dead) return Promise.reject(unavailable());
      start();
      return loadNetwork(key, { retry: true }).promise;
    },

    destroy() {
      dead ||= 'stopped';
      clearTimeout(moduleDeadline);
      clearTimeout(waitTimer);
      for (const s of slots) s?.end();
      for (const p of pending.values()) p.done();
      pending.clear();
    },
  };
}
