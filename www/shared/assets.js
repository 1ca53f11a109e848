// Every file the modules load besides modules: the wasm, the stylesheets, the strategies'
// explanations, the learned network and the workers. Each is found by a literal
// new URL('../path', import.meta.url) (a worker by new Worker(new URL(...), {type: 'module'})),
// the form bundlers follow (Vite and webpack 5 copy the file and rewrite the URL), so
// the package bundles without configuration. Tools that do not (esbuild, plain Rollup) and pages
// that want the files from elsewhere (a CDN copy of the same version) name the folder that
// serves the package's files once, setAssetBase(url) or the `assets` option; every URL is then
// made from it. Paths below are written from www/ (tests/node/module-layout.test.mjs).

// undefined: not read yet (a script tag may name one); null: the files next to the modules.
let base;

/**
 * `url` as an asset base: the folder that serves the package's files (the one holding
 * embed.js), an http(s) URL, absolute or relative to the page, as a URL ending in '/'; else null.
 */
export function parseAssetBase(url) {
  if (typeof url !== 'string' && !(url instanceof URL)) return null;
  let parsed;
  try {
    parsed = new URL(String(url).trim(), globalThis.document?.baseURI);
  } catch {
    return null;
  }
  if (!/^https?:$/.test(parsed.protocol) || parsed.search || parsed.hash) return null;
  if (!parsed.pathname.endsWith('/')) parsed.pathname += '/';
  return parsed;
}

/**
 * Points every asset of the page's boards at `url` (parseAssetBase); null goes back to the
 * files next to the modules. Returns false, changing nothing, for any other value. Call it
 * before the first board mounts: what already loaded stays as it is.
 */
export function setAssetBase(url) {
  const parsed = url == null ? null : parseAssetBase(url);
  if (url != null && !parsed) return false;
  base = parsed;
  return true;
}

// The page's own base, without script: `data-game2048-assets="url"` on a script tag (the one that
// loads the bundle or embed.js, say), read when a file is first asked for.
const fromScriptTag = () => {
  const url = globalThis.document?.querySelector('script[data-game2048-assets]')?.dataset.game2048Assets;
  if (url == null) return null;
  const parsed = parseAssetBase(url);
  if (!parsed) console.warn(`2048: data-game2048-assets="${url}" is not an http(s) folder URL; using the files next to the modules`);
  return parsed;
};

/**
 * The base set by setAssetBase (a URL), else the one a script tag names (data-game2048-assets),
 * else null: the files next to the modules.
 */
export const assetBase = () => {
  if (base === undefined) base = fromScriptTag();
  return base;
};

// `path` from the package's folder when a base is set, else `here()` (the literal URL).
const at = (path, here) => {
  const b = assetBase();
  return b ? new URL(path, b) : here();
};

/** The URLs of the wasm modules, the stylesheets, the learned network and the endgame set. */
export const ASSETS = {
  playWasm: () => at('www/pkg/game2048_play_bg.wasm', () => new URL('../pkg/game2048_play_bg.wasm', import.meta.url)),
  recordsWasm: () => at('www/pkg/game2048_records_bg.wasm', () => new URL('../pkg/game2048_records_bg.wasm', import.meta.url)),
  aiWasm: () => at('www/pkg/game2048_ai_bg.wasm', () => new URL('../pkg/game2048_ai_bg.wasm', import.meta.url)),
  network: () => at('networks/4x6-l16.ntw.gz', () => new URL('../../networks/4x6-l16.ntw.gz', import.meta.url)),
  endgame: () => at('networks/endgame.ews', () => new URL('../../networks/endgame.ews', import.meta.url)),
  sheets: {
    'style.css': () => at('style.css', () => new URL('../../style.css', import.meta.url)),
    'panel.css': () => at('panel.css', () => new URL('../../panel.css', import.meta.url)),
    'records.css': () => at('records.css', () => new URL('../../records.css', import.meta.url)),
  },
};

/**
 * Resolves to the URL of strategy `name`'s explanation: the index that `make build` writes beside
 * the files (tools/build/strategy-texts.mjs) names each by a literal URL; with a base, from there.
 */
export async function explanationUrl(name) {
  const b = assetBase();
  if (b) return new URL(`www/pkg/strategy-texts/${name}.json`, b);
  const { TEXTS } = await import('../pkg/strategy-texts/index.js');
  const url = Object.hasOwn(TEXTS, name) ? TEXTS[name] : null;
  if (!url) throw new Error(`no explanation of ${name}`);
  return url;
}

// The package's folder as these modules' own URL places it (two above a module: www/<folder>/),
// for a page that loads them from another origin; not a literal, so that no bundler copies it.
const home = () => new URL(import.meta.url.replace(/([^/]*\/){2}[^/]*$/, ''));

const here = () => globalThis.location?.origin;
const sameOrigin = (url) => !here() || here() === 'null' || new URL(url).origin === here();
// Whether these modules are served from another origin than the page's (a CDN): a worker then
// starts through a blob. A bundler may write a file: URL here at build time (webpack does):
// then the modules are the page's own bundle.
const servedElsewhere = () => /^https?:$/.test(new URL(import.meta.url).protocol) && !sameOrigin(import.meta.url);

/**
 * A module worker running `url`. A page cannot start a worker from another origin (the
 * game's files on a CDN): then a same-origin blob module imports it (the file needs CORS).
 * Same-origin pages use the URL itself, so a strict CSP (worker-src 'self', no blob:) keeps
 * working. Returns {worker, shim} (shim: the blob's URL, to revoke once the worker loaded).
 */
export function startWorker(url) {
  if (sameOrigin(url)) return { worker: new Worker(url, { type: 'module' }), shim: null };
  const shim = URL.createObjectURL(new Blob([`import ${JSON.stringify(String(url))};\n`], { type: 'text/javascript' }));
  return { worker: new Worker(shim, { type: 'module' }), shim };
}

/** The AI's worker (www/ai/worker.js), as startWorker returns it. */
export function startAiWorker() {
  if (assetBase() || servedElsewhere()) return startWorker(new URL('www/ai/worker.js', assetBase() ?? home()));
  return { worker: new Worker(new URL('../ai/worker.js', import.meta.url), { type: 'module' }), shim: null };
}
