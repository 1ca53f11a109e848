// Whole games in Web Workers (worker.js, message {id, play}), for comparisons:
// a queue of games spread over a few workers, each worker taking the next game
// as soon as it answers. stop() terminates every worker at once: a game in
// progress is abandoned and nothing is reported after it. No game runs on this thread.
// The AI's wasm is compiled once on this thread and the Module posted to each worker.
// A worker that fails to start (dies, or is not ready in time) is replaced, as in the
// game page's pool (keepWorker, ai/worker-lifecycle.js); only one whose starts keep failing stops the run.
// A worker that dies in the middle of a game (an error, a trap) is replaced the same way and
// the game played again from its start: a game is seeded, so its result is the one an
// uninterrupted run gives, and it is counted once. Only a slot whose worker dies RESTARTS + 1
// times in a row, without a game answered in between, stops the run, with the reason.
import { keepWorker, RESTARTS, START_TIMEOUT, workerCount } from '../ai/worker-lifecycle.js';
import { compileAi } from '../shared/wasm.js';
import { startAiWorker } from '../shared/assets.js';
import { readMessage } from '../ai/endgame.js';

/**
 * jobs: [{play: {size, seed, options, maxMoves}, ...anything}] in the order to play them.
 * onResult(job, result) for each game ({largest, score, moves, ms}); onError(job, text)
 * for a game the engine refused (the others go on); onFail(text) when the workers cannot
 * run (everything stops); onDone() once every game answered. count: workers (default
 * one per spare core, 1 to 4). weights: a Promise of the learned network's bytes (network.js),
 * for games of the learned strategies: every worker reads it before its first game (its
 * download is not part of a worker's start). endgame: a Promise of the endgame set's bytes
 * (ai/endgame.js), which every worker reads after the network and before its first game, so that
 * the learned search consults it as on the game page; onEndgame({loaded: info} | {error}) once,
 * with the first worker's reading or what went wrong (a failed download or reading stops
 * nothing: the games are played without the set). startTimeout: ms a worker has to be ready.
 */
export function runGames({ jobs, count = workerCount({ spare: 1 }), url, compile = compileAi, weights = null, endgame = null, startTimeout = START_TIMEOUT, onResult, onError, onFail, onDone, onEndgame }) {
  const slots = [];
  const next = { job: 0 };
  let answered = 0;
  let stopped = false;
  let endgameTold = false;
  const tellEndgame = (news) => {
    if (endgameTold || stopped) return;
    endgameTold = true;
    onEndgame?.(news);
  };

  function stop() {
    if (stopped) return;
    stopped = true;
    for (const s of slots) s.end();
  }

  // The slot's game (s.id, -1 for none): the one its last worker was playing when it died,
  // played again from its start, else the next one.
  function give(s) {
    if (stopped) return;
    if (s.id < 0) {
      if (next.job >= jobs.length) {
        s.end();
        return;
      }
      s.id = next.job++;
    }
    s.worker.postMessage({ id: s.id, play: jobs[s.id].play });
  }

  // Its worker died after it was ready: a fresh one (keepWorker's start) plays its game again.
  function crashed(s, reason) {
    if (stopped) return;
    if (++s.crashes > RESTARTS) return fail(`the AI worker failed (${reason}; ${s.crashes} tries)`);
    s.start();
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
  const set = endgame?.catch((e) => {
    tellEndgame({ error: `the endgame table could not be loaded (${e?.message ?? e})` });
    return null;
  });
  // Every worker gets the module as soon as it is compiled (then it is ready), the network and
  // the endgame set once downloaded, and its first game after them.
  const both = Promise.all([module, weights, set]);
  both.catch(() => {});
  const NETWORK = -2; // the id of the network's message
  const ENDGAME = -3; // the id of the endgame set's
  for (let i = 0; i < n && jobs.length && !stopped; i++) {
    const s = keepWorker({
      url,
      start: url ? undefined : startAiWorker,
      timeout: startTimeout,
      post(worker) {
        const mine = () => !stopped && s.worker === worker;
        module.then((m) => { if (mine()) worker.postMessage({ module: m }); }, () => {});
        both.then(([, bytes, setBytes]) => {
          if (mine() && bytes) worker.postMessage({ id: NETWORK, weights: bytes });
          if (mine() && setBytes) worker.postMessage({ id: ENDGAME, ...readMessage(setBytes) });
        }, () => {});
      },
      ready() {
        const worker = s.worker;
        both.then(() => { if (s.worker === worker) give(s); }, () => {});
      },
      receive(data) {
        if (stopped) return;
        if (data.id === NETWORK) return data.error && fail(`the learned network could not be read (${data.error})`);
        if (data.id === ENDGAME) {
          const info = { ...data };
          delete info.id;
          return tellEndgame(data.error ? { error: `the endgame table could not be read (${data.error})` } : { loaded: info });
        }
        if (data.id !== s.id) return;
        if (data.fatal) return crashed(s, data.error);
        const job = jobs[data.id];
        s.id = -1;
        s.crashes = 0;
        if (data.error) onError?.(job, data.error);
        else onResult?.(job, data.result);
        if (++answered === jobs.length) {
          stop();
          onDone?.();
        } else give(s);
      },
      crash: (reason) => crashed(s, reason),
      giveUp: fail,
    });
    s.id = -1;
    s.crashes = 0; // deaths after ready in a row, without a game answered
    slots.push(s);
    s.start();
  }
  if (!jobs.length) queueMicrotask(() => onDone?.());
  return { stop, get workers() { return slots.filter((s) => s.worker).length; } };
}
