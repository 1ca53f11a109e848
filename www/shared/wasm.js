// Loads the wasm once per page, however many boards are mounted. Three modules come
// from the one crate. For the page's thread: the play one (the rules and the strategy
// catalogue: Game without fromJSON/fromRecord, strategies, legalMoves), all a first
// visit needs, and the records one (the same, plus reading saved games and records:
// Game.fromJSON, Game.fromRecord, Replay, positionProblem), loaded instead when a
// saved game is there and on demand for records. The ai one (also bestMove, every
// search) the page only compiles, when the AI is first needed, and posts to each AI
// worker (a WebAssembly.Module is cheap to instantiate again, a download and a
// compile are not).
import { ASSETS } from './assets.js';

// Each glue module by a literal import() and each wasm by its URL in assets.js: the forms
// bundlers follow.
const PLAY = { glue: () => import('../pkg/game2048_play.js'), wasm: ASSETS.playWasm };
const RECORDS = { glue: () => import('../pkg/game2048_records.js'), wasm: ASSETS.recordsWasm };

let play = null;
let withRecords = null;
let ai = null;

// A failed load (offline, bad build) may be retried by a later call.
function once(get, set, make) {
  if (!get()) {
    const load = make();
    set(load);
    load.catch(() => { if (get() === load) set(null); });
  }
  return get();
}

function instantiate({ glue, wasm: url }) {
  return async () => {
    const wasm = fetch(url());
    wasm.catch(() => {}); // reported through init below, if the glue loads at all
    const mod = await glue();
    await mod.default({ module_or_path: wasm });
    return mod;
  };
}

/**
 * Resolves to a wasm-bindgen module for the page's thread, initialised: with
 * `records` (or once it is loaded anyway) the records module (exports `Game` with
 * `fromJSON` and `fromRecord`, `Replay`, `positionProblem`, `strategies`,
 * `legalMoves`), else the play one (`Game` without reading saves or records,
 * `strategies`, `legalMoves`). The import is dynamic so a missing or broken build
 * surfaces as a rejected promise the caller can show, not as a module graph that
 * never runs; the wasm download starts together with the glue's, not after it.
 */
export function loadEngine({ records = false } = {}) {
  if (records || withRecords) return loadRecords();
  return once(() => play, (p) => { play = p; }, instantiate(PLAY));
}

/** Resolves to the records module (reads saved games and records), loading it once. */
export function loadRecords() {
  return once(() => withRecords, (p) => { withRecords = p; }, instantiate(RECORDS));
}

/**
 * Resolves to the AI's WebAssembly.Module (the ai build), compiled once on this
 * thread; rejects with the reason (HTTP status, compile error). From another
 * origin the fetch is a CORS request (the host must allow it, as for the modules).
 */
export function compileAi() {
  return once(() => ai, (p) => { ai = p; }, async () => {
    const url = ASSETS.aiWasm();
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status} for ${url.pathname.split('/').pop()}`);
    // compileStreaming needs the application/wasm type; a host that sends another
    // type still gets a game, compiled from the bytes.
    if (response.headers.get('content-type')?.split(';')[0].trim() === 'application/wasm') {
      return WebAssembly.compileStreaming(response);
    }
    return WebAssembly.compile(await response.arrayBuffer());
  });
}
