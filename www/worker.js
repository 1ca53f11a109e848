// The AI's thread: a pure function of the position. Posts {ready} once the
// engine is loaded (or {fatal} if it cannot be), then answers each
// {id, cells, size, options} with bestMove's {id, dir, values, nodes, depth, ms}
// or {id, error}, and keeps serving after a bad request.
import { loadEngine } from './wasm.js';

const message = (e) => (e && e.message ? e.message : String(e));
const engine = loadEngine();
engine.then(() => postMessage({ ready: true }), (e) => postMessage({ fatal: message(e) }));

self.onmessage = async ({ data }) => {
  const { id, cells, size, options } = data ?? {};
  let wasm;
  try {
    wasm = await engine;
  } catch (e) {
    postMessage({ id, error: message(e), fatal: true });
    return;
  }
  try {
    postMessage({ id, ...wasm.bestMove(cells, size, options) });
  } catch (e) {
    // A trap (panic, out of memory) may leave the instance broken: report it
    // and end this worker so the page starts a fresh one.
    const trap = e instanceof WebAssembly.RuntimeError;
    postMessage({ id, error: message(e), fatal: trap });
    if (trap) close();
  }
};
