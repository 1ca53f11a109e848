// The AI's thread: a pure function of the position. Posts {ready} once the
// engine is loaded (or {fatal} if it cannot be), then answers each
// {id, cells, size, options} with bestMove's {id, dir, values, nodes, depth, ms}
// or {id, error}, and keeps serving after a bad request. For comparisons,
// {id, play: {size, seed, options, maxMoves}} plays a whole seeded game here
// (the engine's Game and bestMove) and answers {id, result: {largest, score, moves, ms}}.
import { loadEngine } from './wasm.js';

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
// The full module: the core's Game and catalogue, and bestMove.
const engine = loadEngine({ ai: true });
engine.then(() => postMessage({ ready: true }), (e) => postMessage({ fatal: message(e) }));

self.onmessage = async ({ data }) => {
  const { id, cells, size, options, play } = data ?? {};
  let wasm;
  try {
    wasm = await engine;
  } catch (e) {
    postMessage({ id, error: message(e), fatal: true });
    return;
  }
  try {
    if (play) postMessage({ id, result: playGame(wasm, play) });
    else postMessage({ id, ...wasm.bestMove(cells, size, options) });
  } catch (e) {
    // A trap (panic, out of memory) may leave the instance broken: report it
    // and end this worker so the page starts a fresh one.
    const trap = e instanceof WebAssembly.RuntimeError;
    postMessage({ id, error: message(e), fatal: trap });
    if (trap) close();
  }
};
