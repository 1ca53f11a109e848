// The page side of the AI: a pool of module workers (worker.js) behind one
// call, decide(cells, size, options) -> Promise of bestMove's result. With
// several workers and a time budget, the legal root moves are split between
// them (each searches its share with the full time budget) and the values
// merged; any other request (a node budget, whose split would change the
// decision; a fixed depth; Monte Carlo) goes whole to one worker. No search
// runs on this thread.
import { splits } from './strategies.js';

const DIRS = ['up', 'right', 'down', 'left'];
const WORKER_URL = new URL('./worker.js', import.meta.url);
const message = (e) => (e && e.message ? e.message : String(e));

/**
 * A module worker running `url`. A page cannot start a worker from another
 * origin (the game's files on a CDN): then a same-origin blob module imports it
 * (the file needs CORS). Same-origin pages use the URL itself, so a strict CSP
 * (worker-src 'self', no blob:) keeps working.
 */
export function startWorker(url) {
  const here = globalThis.location?.origin;
  if (!here || here === 'null' || new URL(url).origin === here) return { worker: new Worker(url, { type: 'module' }), shim: null };
  const shim = URL.createObjectURL(new Blob([`import ${JSON.stringify(String(url))};\n`], { type: 'text/javascript' }));
  return { worker: new Worker(shim, { type: 'module' }), shim };
}

/** One worker per spare core, 1 to 4 (a root has at most four moves to split). */
export function workerCount(cores = globalThis.navigator?.hardwareConcurrency) {
  return Math.max(1, Math.min(4, (cores | 0) - 1));
}

/**
 * Game: the wasm Game class (tells which root moves change the board);
 * count: workers; onUnavailable(reason): called once when the AI cannot run.
 * Workers start on the first decide().
 */
export function createAi({ Game, count, url = WORKER_URL, onUnavailable }) {
  count = Number.isInteger(count) && count > 0 ? Math.min(count, 4) : workerCount();
  const slots = [];
  const pending = new Map(); // id -> { slot, body, resolve, reject }
  let nextId = 0;
  let crashes = 0;
  let dead = '';

  function unavailable() {
    const e = new Error(`AI unavailable: ${dead}`);
    e.unavailable = true;
    return e;
  }

  function end(slot) {
    slot?.worker.terminate();
    forget(slot);
  }

  // The blob URL of a cross-origin shim is needed only until the worker has loaded.
  function forget(slot) {
    if (slot?.shim) URL.revokeObjectURL(slot.shim);
    if (slot) slot.shim = null;
  }

  function fail(reason) {
    if (dead) return;
    dead = reason;
    for (const s of slots) end(s);
    const waiting = [...pending.values()];
    pending.clear();
    for (const p of waiting) p.reject(unavailable());
    onUnavailable?.(reason);
  }

  function spawn(i) {
    let worker;
    let shim;
    try {
      ({ worker, shim } = startWorker(url));
    } catch (e) {
      fail(`the AI worker could not be started (${message(e)})`);
      return;
    }
    const slot = { worker, ready: false, shim };
    slots[i] = slot;
    worker.onmessage = ({ data }) => {
      if (slots[i] !== slot) return;
      if (data.ready) {
        slot.ready = true;
        forget(slot);
      }
      else if (data.id == null) data.fatal && fail(`the AI engine could not be loaded (${data.fatal})`);
      else if (data.fatal) crashed(i, data.error);
      else {
        const p = pending.get(data.id);
        if (!p) return;
        pending.delete(data.id);
        if (data.error) p.reject(new Error(data.error));
        else p.resolve(data);
      }
    };
    worker.onerror = (e) => {
      e.preventDefault?.();
      if (slots[i] !== slot) return;
      if (!slot.ready) fail('the AI worker could not be loaded');
      else crashed(i, e.message || 'it stopped');
    };
  }

  // A worker that dies once is replaced and its requests sent again; twice, the AI is off.
  function crashed(i, reason) {
    if (dead || !slots[i]) return;
    end(slots[i]);
    if (++crashes > 1) return fail(`the AI worker failed twice (${reason})`);
    spawn(i);
    for (const [id, p] of pending) if (p.slot === i) slots[i]?.worker.postMessage({ id, ...p.body });
  }

  function ask(i, body) {
    return new Promise((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { slot: i, body, resolve, reject });
      slots[i].worker.postMessage({ id, ...body });
    });
  }

  // The moves that change the board, found by the engine on a scratch game.
  function legalMoves(cells, size) {
    let g;
    try {
      g = Game.fromCells(size, cells, 0n);
      return DIRS.filter((d) => g.move(d) && g.undo());
    } catch {
      return DIRS;
    } finally {
      g?.free();
    }
  }

  function merge(results) {
    const out = { dir: null, values: {}, nodes: 0, depth: Infinity, ms: 0 };
    for (const d of DIRS) out.values[d] = null;
    for (const r of results) {
      for (const d of DIRS) if (r.values[d] != null) out.values[d] = r.values[d];
      out.nodes += r.nodes;
      out.depth = Math.min(out.depth, r.depth);
      out.ms = Math.max(out.ms, r.ms);
    }
    for (const d of DIRS) {
      const v = out.values[d];
      if (v != null && (out.dir === null || v > out.values[out.dir])) out.dir = d;
    }
    return out;
  }

  return {
    async decide(cells, size, options) {
      if (dead) throw unavailable();
      for (let i = 0; i < count; i++) if (!slots[i] && !dead) spawn(i);
      if (dead) throw unavailable();
      const body = { cells, size, options };
      const moves = count > 1 && splits(options) ? legalMoves(cells, size) : [];
      if (moves.length < 2) return ask(0, body);
      const k = Math.min(count, moves.length);
      const groups = Array.from({ length: k }, (_, i) => moves.filter((_, j) => j % k === i));
      return merge(await Promise.all(groups.map((g, i) => ask(i, { ...body, options: { ...options, moves: g } }))));
    },

    destroy() {
      dead ||= 'stopped';
      for (const s of slots) end(s);
      pending.clear();
    },
  };
}
