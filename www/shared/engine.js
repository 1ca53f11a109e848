// The package's "./engine" entry (tools/build/package.mjs): the engine's JavaScript API, the ai
// module's wasm-bindgen glue as it is, but for init(). Called with no argument, the glue's own
// init() fetches the wasm next to its import.meta.url, which esbuild and Rollup (they copy no
// asset) make the bundle's folder; this one fetches it from the asset base that setAssetBase
// or data-game2048-assets names, as the boards do, else from the file next to the modules by
// the literal URL that Vite and webpack follow (assets.js).
import init from '../pkg/game2048_ai.js';
import { ASSETS } from './assets.js';

export * from '../pkg/game2048_ai.js';

/** The glue's init(input); without an argument, the ai module's wasm at ASSETS.aiWasm(). */
export default function initEngine(input) {
  return init(input === undefined ? { module_or_path: ASSETS.aiWasm() } : input);
}
