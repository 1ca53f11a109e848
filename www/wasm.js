// Loads the wasm engine once per page (or worker), however many boards are mounted.
// The import is dynamic so a missing or broken build surfaces as a rejected
// promise the caller can show, not as a module graph that never runs. The wasm
// download starts together with the glue's, not after it.
let loading = null;

/** Resolves to the wasm-bindgen module (exports `Game`, ...), initialised. */
export function loadEngine() {
  if (!loading) {
    loading = (async () => {
      const wasm = fetch(new URL('./pkg/game2048_bg.wasm', import.meta.url));
      wasm.catch(() => {}); // reported through init below, if the glue loads at all
      const mod = await import(new URL('./pkg/game2048.js', import.meta.url).href);
      await mod.default({ module_or_path: wasm });
      return mod;
    })();
    // A failed load (offline, bad build) may be retried by a later mount.
    loading.catch(() => { loading = null; });
  }
  return loading;
}
