// Loads a wasm engine once per page (or worker), however many boards are mounted.
// Two modules come from the one crate: the core (the rules and the strategy
// catalogue: Game, strategies) for the page's thread, and the full one (also
// bestMove, every search) for the AI's workers, fetched only when the AI first runs.
// The import is dynamic so a missing or broken build surfaces as a rejected
// promise the caller can show, not as a module graph that never runs. The wasm
// download starts together with the glue's, not after it.
const MODULES = {
  core: { glue: './pkg/game2048_core.js', wasm: './pkg/game2048_core_bg.wasm' },
  ai: { glue: './pkg/game2048.js', wasm: './pkg/game2048_bg.wasm' },
};
const loading = {};

/**
 * Resolves to the wasm-bindgen module, initialised: the core (exports `Game`,
 * `strategies`) or, with `{ ai: true }`, the full module (also `bestMove`).
 */
export function loadEngine({ ai = false } = {}) {
  const kind = ai ? 'ai' : 'core';
  if (!loading[kind]) {
    const { glue, wasm: file } = MODULES[kind];
    const load = (async () => {
      const wasm = fetch(new URL(file, import.meta.url));
      wasm.catch(() => {}); // reported through init below, if the glue loads at all
      const mod = await import(new URL(glue, import.meta.url).href);
      await mod.default({ module_or_path: wasm });
      return mod;
    })();
    loading[kind] = load;
    // A failed load (offline, bad build) may be retried by a later mount.
    load.catch(() => { if (loading[kind] === load) loading[kind] = null; });
  }
  return loading[kind];
}
