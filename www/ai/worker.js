// The AI's thread: a pure function of the position. The page posts the AI's
// compiled WebAssembly.Module first ({module}); the worker instantiates it, builds
// the search tables (warmUp) and posts {ready} (or {fatal, name} if it cannot). Then it
// answers each {id, cells, size, options} with bestMove's {id, dir, values, nodes,
// depth, ms} or {id, error}, and keeps serving after a bad request. For
// comparisons, {id, play: {size, seed, options, maxMoves}} plays a whole seeded
// game here and answers {id, result: {largest, score, moves, ms}}. A search cannot
// be interrupted: a page that no longer wants an answer terminates the worker.
// {id?, weights: Uint8Array} loads the learned network (loadWeights) and answers
// {id, shape, ..., memory} (memory: this worker's wasm memory in bytes) or {id, error}.
const message = (e) => (e && e.message ? e.message : String(e));

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

let memory = null; // the instance's memory, for the figure above

async function load(module) {
  const wasm = await import(new URL('../pkg/game2048_ai.js', import.meta.url).href);
  ({ memory } = await wasm.default({ module_or_path: module }));
  wasm.warmUp();
  return wasm;
}

// The ai module (Game, bestMove), once the page has sent the compiled wasm;
// requests that come before it wait.
let provide;
const engine = new Promise((resolve) => { provide = resolve; }).then(load);
// name: the error's (a LinkError would come again in a fresh worker; out of memory may not).
engine.then(() => postMessage({ ready: true }), (e) => postMessage({ fatal: message(e), name: e?.name }));

self.onmessage = async ({ data }) => {
  if (data?.module) {
    provide(data.module);
    return;
  }
  const { id, cells, size, options, play, weights } = data ?? {};
  let wasm;
  try {
    wasm = await engine;
  } catch (e) {
    postMessage({ id, error: message(e), fatal: true });
    return;
  }
  try {
    if (weights) postMessage({ id, ...wasm.loadWeights(weights), memory: memory?.buffer.byteLength ?? null });
    else if (play) postMessage({ id, result: playGame(wasm, play) });
    else postMessage({ id, ...wasm.bestMove(cells, size, options) });
  } catch (e) {
    // A trap (panic, out of memory) may leave the instance broken: report it
    // and end this worker so the page starts a fresh one.
    const trap = e instanceof WebAssembly.RuntimeError;
    postMessage({ id, error: message(e), fatal: trap });
    if (trap) close();
  }
};
