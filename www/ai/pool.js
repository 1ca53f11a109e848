// The AI as the page asks it: createAi(...).decide(cells, size, options, {signal}) -> Promise of
// bestMove's answer, and what the panel reads of it (pick, nodesPerMs, the networks). It
// composes the rooms that do the work: workers.js runs the workers; request.js turns each
// request into the engine's request or its split parts; speeds.js times this device;
// networks.js downloads a learned network and hands it to the workers that need it;
// default-player.js wants the network for the default player and words its pick. No search
// runs on this thread. (The AI's protocol and its workers' life: docs/architecture.md.)
//
// A learned strategy's request on 4x4 starts its network's download; nothing waits for it:
// until the first worker has read it, the heuristic decides at the request's budget, and the
// answer says so (played, fallback). The default player's requests, and "Fits the speed", wait
// for the heuristic's calibration (the first time only).
import { createWorkers, abortError } from './workers.js';
import { createSpeeds } from './speeds.js';
import { createNetworks } from './networks.js';
import { createEndgame, readMessage, ENDGAME_FILE } from './endgame.js';
import { createDefaultPlayer } from './default-player.js';
import { needsSpeed, networkOf, plan } from './request.js';
import { merge } from './split.js';
import { BEST } from './best.js';
import { FAMILIES } from './fit-player.js';
import { SHIPPED } from '../shared/choices.js';

export { STARTING_NOTICE } from './workers.js';
export { STAND_IN, standIn } from './request.js';

// network.js only when a learned strategy first plays: not part of the first visit (endgame.js's
// download waits for a board near its stage, and its module is a few hundred bytes).
const fetchNetwork = (options) => import('./network.js').then((m) => m.fetchNetwork(options));

// Rejects with an AbortError when the signal aborts first.
function unlessAborted(promise, signal) {
  if (!signal) return promise;
  return new Promise((resolve, reject) => {
    const abort = () => reject(abortError());
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/**
 * legalMoves(cells, size): the page's play module's export, the root moves a split shares out
 * (asked only for a request that splits). count, url, compile, startTimeout, onUnavailable,
 * onStarting: workers.js's. learned: the strategies that play with a network: names (the
 * shipped network) or {name: {strategy (the engine's name), network (a key of networks)}};
 * network({onProgress}): the shipped network's bytes (network.js); networks: {key: the same for
 * other networks}; onNetwork: networks.js's; endgame(): the endgame set's bytes (endgame.js's
 * fetchEndgame), onEndgame: endgame.js's. families: the ladders the default player picks
 * from (fit-player.js's FAMILIES; the tests pass their own); onSpeed(): a calibration has
 * landed, so the default player's pick may change (pick()).
 * decide()'s answer is bestMove's with `budget` (the node budget searched, or null), `played`
 * (the strategy that decided) and `fallback` (the heuristic played in a learned one's place).
 */
export function createAi({ legalMoves, learned = [], network = fetchNetwork, networks: others = {}, onNetwork, endgame: download, onEndgame, families = FAMILIES, onSpeed, ...pool }) {
  const workers = createWorkers(pool);
  const count = workers.count;
  const plays = Array.isArray(learned) ? Object.fromEntries(learned.map((name) => [name, { strategy: name, network: SHIPPED }])) : learned;
  const off = () => workers.dead;
  const nets = createNetworks({
    providers: { ...others, [SHIPPED]: network },
    // The first worker reads it: the one every learned request asks (the whole, or its first part).
    read: (bytes, key) => workers.ask(0, { weights: bytes }, undefined, { loads: { kind: 'weights', key } }).catch((e) => {
      workers.forget(0, 'weights'); // it holds the one before, if any
      throw e;
    }),
    onNetwork,
    off: () => (off() ? workers.unavailable() : null),
  });
  const endgame = createEndgame({
    download,
    read: (bytes) => workers.ask(0, readMessage(bytes), undefined, { loads: { kind: 'endgame', key: ENDGAME_FILE } }).catch((e) => {
      workers.forget(0, 'endgame');
      throw e;
    }),
    onEndgame,
  });
  const speeds = createSpeeds({ ask: (body, key) => workers.ask(0, body, undefined, { needs: nets.needs(key) }), onSpeed });
  const best = createDefaultPlayer({ networks: nets, speeds, workers: count, families, off });

  // A position the engine refuses goes whole to a worker, whose answer names the problem.
  const rootMoves = (cells, size) => {
    try {
      return Array.from(legalMoves(cells, size));
    } catch {
      return [];
    }
  };

  async function search(cells, size, options, signal) {
    if (options?.strategy === BEST) best.asked(size);
    const key = networkOf(options, size, plays);
    if (key) nets.load(key);
    if (needsSpeed(options)) await unlessAborted(speeds.calibrate(), signal);
    const { parts, needs, said } = plan({
      cells, size, options, workers: count, speeds: speeds.on(size), families, plays, held: nets.held, legal: () => rootMoves(cells, size),
    });
    // Every worker asked holds the request's network, and the endgame set where it plays.
    const knows = [nets.needs(needs), endgame.needs(cells, size, parts[0].body.options?.strategy)];
    const answers = await Promise.all(parts.map((p) => workers.ask(p.worker, p.body, signal, { needs: knows })));
    if (parts.length === 1) return { ...answers[0], ...said };
    // A split search leaves the set's move to the merge: the worker that holds the set plays
    // it on the merged values, as the whole search would (endgameMove).
    const merged = merge(answers);
    if (merged.endgame) {
      const { dir } = await workers.ask(parts[0].worker, { steer: { cells, size, values: merged.values } }, signal, { needs: knows });
      if (dir) merged.dir = dir;
    }
    return { ...merged, ...said };
  }

  return {
    /** How many workers the pool runs. */
    count,
    /** The calibration's nodes per ms per worker once it has run, else null. */
    get nodesPerMs() {
      return speeds.rate;
    },
    /** Whether the endgame set could not be had: the learned search plays without it for the page's life. */
    get endgameFailed() {
      return Boolean(endgame.error);
    },
    /** The default player's pick on a `size` board (default-player.js's pick()); null before the calibration. */
    pick: (size, intervalMs) => best.pick(size, intervalMs),
    /** Promise of the calibration: nodes a worker searches per ms (runs it once, on first need). */
    calibrate() {
      if (off()) return Promise.reject(workers.unavailable());
      workers.start();
      return speeds.calibrate();
    },
    /** signal: an AbortSignal; aborting rejects with an AbortError and ends the search (every part). */
    async decide(cells, size, options, { signal } = {}) {
      if (off()) throw workers.unavailable();
      if (signal?.aborted) throw abortError();
      workers.start();
      if (off()) throw workers.unavailable();
      return workers.run(() => search(cells, size, options, signal));
    },
    /**
     * Network `key` (the shipped one by default) as the first worker read it ({shape, levels,
     * quantisation, weights, bytes, memory}); downloads it if need be, and tries again a
     * network other than the shipped one that failed before.
     */
    network(key = SHIPPED) {
      if (off()) return Promise.reject(workers.unavailable());
      workers.start();
      return nets.load(key, { retry: true }).promise;
    },
    destroy: () => workers.destroy(),
  };
}
