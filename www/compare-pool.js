// Whole games in Web Workers (worker.js, message {id, play}), for comparisons:
// a queue of games spread over a few workers, each worker taking the next game
// as soon as it answers. stop() terminates every worker at once: a game in
// progress is abandoned and nothing is reported after it. No game runs on this thread.
// The AI's wasm is compiled once on this thread and the Module posted to each worker.
import { startWorker, workerCount } from './ai.js';
import { compileAi } from './wasm.js';

const WORKER_URL = new URL('./worker.js', import.meta.url);

/**
 * jobs: [{play: {size, seed, options, maxMoves}, ...anything}] in the order to play them.
 * onResult(job, result) for each game ({largest, score, moves, ms}); onError(job, text)
 * for a game the engine refused (the others go on); onFail(text) when the workers cannot
 * run (everything stops); onDone() once every game answered. count: workers (default
 * one per spare core, 1 to 4). weights: a Promise of the learned network's bytes (network.js),
 * for games of the learned strategies: every worker reads it before its first game.
 */
export function runGames({ jobs, count = workerCount(), url = WORKER_URL, compile = compileAi, weights = null, onResult, onError, onFail, onDone }) {
  const workers = [];
  const next = { job: 0 };
  let answered = 0;
  let stopped = false;

  function stop() {
    if (stopped) return;
    stopped = true;
    for (const w of workers) {
      w.worker.terminate();
      if (w.shim) URL.revokeObjectURL(w.shim);
    }
    workers.length = 0;
  }

  function give(w) {
    if (stopped) return;
    if (next.job >= jobs.length) {
      w.worker.terminate();
      return;
    }
    w.id = next.job++;
    w.worker.postMessage({ id: w.id, play: jobs[w.id].play });
  }

  function fail(text) {
    if (stopped) return;
    stop();
    onFail?.(text);
  }

  const n = Math.max(1, Math.min(count, jobs.length));
  const module = jobs.length ? compile() : null;
  module?.catch((e) => fail(`the engine could not be loaded (${e?.message ?? e})`));
  weights?.catch((e) => fail(e?.message ?? String(e)));
  const NETWORK = -2; // the id of the network's message
  for (let i = 0; i < n && jobs.length; i++) {
    let w;
    try {
      w = { ...startWorker(url), id: -1 };
    } catch (e) {
      fail(`a worker could not be started (${e?.message ?? e})`);
      break;
    }
    workers.push(w);
    w.worker.onmessage = ({ data }) => {
      if (stopped) return;
      if (data.ready) return give(w);
      if (data.id === NETWORK) return data.error && fail(`the learned network could not be read (${data.error})`);
      if (data.id == null) return fail(`the engine could not be loaded (${data.fatal})`);
      if (data.id !== w.id) return;
      if (data.fatal) return fail(`a worker failed (${data.error})`);
      const job = jobs[data.id];
      if (data.error) onError?.(job, data.error);
      else onResult?.(job, data.result);
      if (++answered === jobs.length) {
        stop();
        onDone?.();
      } else give(w);
    };
    w.worker.onerror = (e) => {
      e.preventDefault?.();
      fail(e.message || 'a worker stopped');
    };
    // The network (if any) is posted right after the module: the worker reads it before its first game.
    Promise.all([module, weights]).then(([m, bytes]) => {
      if (stopped) return;
      w.worker.postMessage({ module: m });
      if (bytes) w.worker.postMessage({ id: NETWORK, weights: bytes });
    }, () => {});
  }
  if (!jobs.length) queueMicrotask(() => onDone?.());
  return { stop, get workers() { return workers.length; } };
}
