// The AI's thread: a pure function of the position. The page posts the AI's
// compiled WebAssembly.Module first ({module}); the worker instantiates it, builds
// the search tables (warmUp) and posts {ready} (or {fatal, name} if it cannot). Then it
// answers each {id, cells, size, options} with bestMove's {id, dir, values, nodes,
// depth, ms} and its wasm memory in bytes (memory), or {id, error}, and keeps serving
// after a bad request. For comparisons, {id, play: {size, seed, options, maxMoves}}
// plays a whole seeded game here and answers {id, result: {largest, score, moves, ms}}.
// A search cannot be interrupted: a page that no longer wants an answer terminates the
// worker.
// {id?, weights: Uint8Array} loads the learned network and answers {id, shape, ..., memory}
// (memory: this worker's wasm memory in bytes) or {id, error}. The bytes are a weights file,
// or one compressed with gzip (as the page ships it): either way they reach the engine a
// chunk at a time (NetworkLoader, decompressed as they go through DecompressionStream), so
// the worker's memory holds the network, not the file beside it. Messages are handled one
// after another: a request posted after a network is answered with it loaded.
// {id?, endgame: Uint8Array, from} loads the endgame set the learned search consults from the
// tile `from` on (a packed wall set's file, gzip-compressed or not, read whole: a few MB) and
// answers {id, set, table, positions, bytes, from, memory} or {id, error}; bestMove's answers
// name the set (endgame) where the search consulted it. {id, steer: {cells, size, values}}
// answers {id, dir}: the set's move for a search split over workers, on the parts' merged
// values (endgameMove), or null where the search's own move stands.
import { errorText as message } from '../shared/errors.js';
// Static, not import(): a bundler's worker build (Vite's is one IIFE file) takes no split.
import * as ai from '../pkg/game2048_ai.js';

// One whole game from `seed` (the spawns), the AI choosing every move, until no move
// is left or after maxMoves moves.
function playGame(wasm, { size, seed, options, maxMoves = 100000 }) {
  const start = performance.now();
  const game = new wasm.Game(size, BigInt(seed));
  try {
    let moves = 0;
    while (!game.over && moves < maxMoves) {
      const { dir } = wasm.bestMove(Array.from(game.cells()), size, options);
      if (!dir || !game.move(dir)) break;
      moves++;
    }
    return { largest: Math.max(...game.cells()), score: game.score, moves, ms: performance.now() - start };
  } finally {
    game.free();
  }
}

// A weights file goes to the engine in pieces of this many bytes.
const CHUNK = 1 << 20;

/** The bytes of a gzip file (RFC 1952 magic), else null. */
const gzip = (bytes) => bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/** Reads a weights file (gzip-compressed or not) into the engine; resolves to its {shape, ...}. */
async function loadNetwork(wasm, bytes) {
  const loader = new wasm.NetworkLoader();
  try {
    if (gzip(bytes)) {
      const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip')).getReader();
      for (;;) {
        let next;
        try {
          next = await reader.read();
        } catch (e) {
          throw new Error(`the compressed weights file is damaged (${message(e)})`);
        }
        if (next.done) break;
        for (let at = 0; at < next.value.length; at += CHUNK) loader.push(next.value.subarray(at, at + CHUNK));
      }
    } else {
      for (let at = 0; at < bytes.length; at += CHUNK) loader.push(bytes.subarray(at, at + CHUNK));
    }
    return loader.finish();
  } finally {
    loader.free();
  }
}

/** The bytes of a file, decompressed if gzip-compressed; `what` names it in the error. */
async function inflated(bytes, what) {
  if (!gzip(bytes)) return bytes;
  try {
    return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer());
  } catch (e) {
    throw new Error(`the compressed ${what} is damaged (${message(e)})`);
  }
}

let memory = null; // the instance's memory, for the figures above

async function load(module) {
  ({ memory } = await ai.default({ module_or_path: module }));
  ai.warmUp();
  return ai;
}

// The ai module (Game, bestMove), once the page has sent the compiled wasm;
// requests that come before it wait.
let provide;
const engine = new Promise((resolve) => { provide = resolve; }).then(load);
// name: the error's (a LinkError would come again in a fresh worker; out of memory may not).
engine.then(() => postMessage({ ready: true }), (e) => postMessage({ fatal: message(e), name: e?.name }));

// Each message once the one before is answered (a network loads over several turns).
let queue = Promise.resolve();
self.onmessage = ({ data }) => {
  if (data?.module) {
    provide(data.module);
    return;
  }
  queue = queue.then(() => handle(data));
};

async function handle(data) {
  const { id, cells, size, options, play, weights, endgame, from, steer } = data ?? {};
  let wasm;
  try {
    wasm = await engine;
  } catch (e) {
    postMessage({ id, error: message(e), fatal: true });
    return;
  }
  try {
    const inMemory = () => memory?.buffer.byteLength ?? null;
    if (weights) postMessage({ id, ...(await loadNetwork(wasm, weights)), memory: inMemory() });
    else if (endgame) postMessage({ id, ...wasm.loadEndgame(await inflated(endgame, 'endgame set'), from), memory: inMemory() });
    else if (steer) postMessage({ id, dir: wasm.endgameMove(steer.cells, steer.size, steer.values) });
    else if (play) postMessage({ id, result: playGame(wasm, play) });
    else postMessage({ id, ...wasm.bestMove(cells, size, options), memory: inMemory() });
  } catch (e) {
    // A trap (panic, out of memory) may leave the instance broken: report it
    // and end this worker so the page starts a fresh one.
    const trap = e instanceof WebAssembly.RuntimeError;
    postMessage({ id, error: message(e), fatal: trap });
    if (trap) close();
  }
}
