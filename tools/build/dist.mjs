#!/usr/bin/env node
// Writes the static folder: node tools/build/dist.mjs [OUT]   (default dist/; run `make build` first).
// The one list of what a host needs: the pages, the embed entry, the modules,
// the stylesheet and the wasm package. Every URL inside them is relative.
// The page's modules are bundled by esbuild (ESM): a first board's modules in one file
// (FIRST_BOARD, www/game/mount.js), the rest code-split: one file per entry (BUNDLE_ENTRIES: the
// pages' scripts, what embed.js re-exports, and every module loaded lazily, so
// that it stays lazy; the workers are bundled alone, WORKER_ENTRIES) and shared chunks (www/chunks/chunk-*.js), importing a first board's modules
// from FIRST_BOARD. Every output sits one folder below www/, as every module does, so a URL a
// module writes from www/ ('../pkg/…', '../ai/worker.js': tests/node/module-layout.test.mjs)
// resolves the same from the file its code lands in (import.meta.url). embed.js, the stylesheet
// and the wasm-bindgen glue are minified file by file. sw.js, written last, caches
// exactly the files written under a build id made from them (tools/build/sw.mjs).
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFlags, UsageError } from '../lib/cli.mjs';
import { PKG_FILES, SW_SOURCE, TEXTS_DIR, serviceWorker, siteFiles, textFiles } from './sw.mjs';
import { NETWORK_FILE } from '../../www/ai/network.js';
import { ENDGAME_FILE } from '../../www/ai/endgame.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * Files fetched only when needed (the learned network, www/ai/network.js; the endgame set,
 * www/ai/endgame.js): copied, not cached at install.
 */
export const LAZY_FILES = [NETWORK_FILE, ENDGAME_FILE];
/** The engine's JavaScript API as the npm package exports it (`game2048-board/engine`): the ai glue, its init() taking the asset base. */
export const ENGINE_ENTRY = 'www/shared/engine.js';
/**
 * The modules that keep their names in dist, besides FIRST_BOARD: loaded by a page (index.html, compare.html, replay.html, editor.html, learn.html),
 * re-exported by embed.js, the npm package's entry for the engine (ENGINE_ENTRY), started as a worker, or imported lazily (import() in view.js,
 * mount.js: the AI's pool, ai/pool.js, too; what a first board's modules import() is added). Every other module of www/ is
 * bundled into these, into shared chunks or into FIRST_BOARD.
 */
export const BUNDLE_ENTRIES = [
  'www/game/main.js', 'www/compare/main.js', 'www/records/replay-main.js', 'www/records/editor.js', 'www/learn/main.js',
  'www/game/element.js', 'www/game/controls.js',
  'www/game/stats-view.js', 'www/shared/offline.js', 'www/records/share.js',
  'www/records/replay-embed.js', 'www/records/review-view.js', 'www/ai/pool.js', ENGINE_ENTRY,
];
/**
 * The workers' modules, each bundled alone with what it imports (the wasm package's glue
 * excepted): a worker then loads two files, never a page's module, and a bundler that builds a
 * worker as one file (Vite's default format, an IIFE) finds no dynamic import() in it.
 */
export const WORKER_ENTRIES = ['www/ai/worker.js', 'www/learn/worker.js'];
/** The module that draws a first board (pages and embeds), bundled with its static imports into one file. */
export const FIRST_BOARD = 'www/game/mount.js';
/**
 * Modules bundled into FIRST_BOARD's file though it does not import them: the site's pages
 * (pages.js, 0.1 KB), which the full controls' record bar shares with other pages' modules and
 * which would otherwise be a chunk of its own that the game page's first board waits on.
 */
const FIRST_BOARD_ALSO = ['www/shared/pages.js'];
/**
 * What the game page (index.html, controls "full") loads before its first board, besides its
 * entry's static imports: the full controls (www/game/controls.js, which view.js's
 * loadControlParts imports), and the play module's glue and wasm (www/shared/wasm.js): with
 * style.css, panel.css and the entry, seven files, about the six a browser fetches at once from
 * a host over HTTP/1.1. dist's index.html names them all in
 * <link rel="modulepreload"> and <link rel="preload"> hints, so that they download together
 * rather than each once the module before it has run; tests/e2e/dist.test.mjs checks that every
 * module and wasm the page asks for before its first board is among them. What the board asks
 * for once drawn (the service worker's registration, offline.js; the explanations' index) has
 * no hint: a hint would fetch it in the first board's time, taking one of the six connections
 * a browser opens to a host over HTTP/1.1.
 */
export const GAME_PAGE_FIRST = {
  entry: 'www/game/main.js',
  lazy: ['www/game/controls.js', 'www/pkg/game2048_play.js'],
  wasm: 'www/pkg/game2048_play_bg.wasm',
};

/** `html` (index.html) with the hints for GAME_PAGE_FIRST after its entry's script tag; `imports`: each output's static imports. */
export function withPreloads(html, imports) {
  const modules = [];
  const visit = (f) => {
    if (modules.includes(f)) return;
    modules.push(f);
    for (const i of imports[f] ?? []) visit(i);
  };
  for (const f of [GAME_PAGE_FIRST.entry, ...GAME_PAGE_FIRST.lazy]) visit(f);
  const tag = `<script type="module" src="${GAME_PAGE_FIRST.entry}"></script>`;
  if (!html.includes(tag)) throw new Error(`index.html has no ${tag}`);
  const hints = [
    `<link rel="preload" href="${GAME_PAGE_FIRST.wasm}" as="fetch" type="application/wasm" crossorigin>`,
    ...modules.slice(1).map((f) => `<link rel="modulepreload" href="${f}">`),
  ];
  return html.replace(tag, [tag, ...hints].join('\n  '));
}

/** Minifies one JS module or stylesheet (esbuild); throws naming the file on a syntax error. */
export async function minify(text, name) {
  const { transform } = await import('esbuild');
  const loader = name.endsWith('.css') ? 'css' : 'js';
  const { code } = await transform(text, { loader, minify: true, target: loader === 'js' ? 'es2022' : undefined, sourcefile: name, legalComments: 'none' });
  return code;
}

const posixRel = (from, to) => relative(from, to).split('\\').join('/');

/**
 * The modules as two esbuild bundles (ESM, minified), written under `out`; resolves to
 * { outputs: the paths written, imports: each output's static imports (tools/build/size.mjs follows them) }.
 * The first board's modules (FIRST_BOARD and every module it imports statically) go into
 * that one file: one file compresses and loads better than the many small chunks that a split
 * shared with the other pages makes of them. The rest (BUNDLE_ENTRIES, and what FIRST_BOARD
 * loads lazily) is bundled with code splitting, an import of a first-board module becoming an
 * import of FIRST_BOARD (so each module has one copy, and one state, in a page); FIRST_BOARD's
 * file then exports its own exports and the names the rest imports from it.
 */
async function bundle(out, sitePages) {
  const { build } = await import('esbuild');
  const common = {
    absWorkingDir: ROOT, bundle: true, format: 'esm', minify: true, target: 'es2022', legalComments: 'none', metafile: true, logLevel: 'silent',
    // Whether the site's pages are beside the modules to link to (www/shared/pages.js).
    define: { __G2048_SITE_PAGES__: String(sitePages) },
  };
  const rel = (f) => posixRel(out, resolve(ROOT, f)); // an esbuild path (from ROOT) as a path in `out`
  // The wasm package (www/pkg: glue modules, the explanations' index), imported by a literal
  // path, stays a file of its own, copied below: the path, written from www/, holds from every
  // output (each one folder below www/).
  const pkg = {
    name: 'wasm-package',
    setup(b) {
      b.onResolve({ filter: /\/pkg\// }, (a) => {
        const target = resolve(a.resolveDir, a.path);
        if (!target.startsWith(join(ROOT, 'www/pkg/'))) return undefined;
        return { path: posixRel(join(ROOT, 'www/any'), target), external: true };
      });
    },
  };
  const lazy = new Set(); // what the first board's modules import() later: entries of the rest
  // Such an import() stays in FIRST_BOARD's file, so its path is written from there (a module
  // of another folder bundled into it names the entry from its own).
  const firstDir = dirname(join(ROOT, FIRST_BOARD));
  const keepLazy = {
    name: 'keep-lazy',
    setup(b) {
      b.onResolve({ filter: /^\./ }, (a) => {
        if (a.kind !== 'dynamic-import') return undefined;
        const target = resolve(a.resolveDir, a.path);
        lazy.add(posixRel(ROOT, target));
        const path = posixRel(firstDir, target);
        return { path: path.startsWith('../') ? path : `./${path}`, external: true };
      });
    },
  };
  const graph = await build({ ...common, entryPoints: [FIRST_BOARD, ...FIRST_BOARD_ALSO], write: false, outdir: out, plugins: [pkg, keepLazy] });
  const first = Object.keys(graph.metafile.inputs).filter((f) => f.startsWith('www/') && !f.startsWith('www/pkg/'));
  const firstPaths = new Set(first.map((f) => join(ROOT, f)));
  // The rest imports a first-board module as FIRST_BOARD, by a placeholder written over with
  // the path from each output file to FIRST_BOARD's once they are written.
  const FIRST = '__first_board__';
  const entries = [...new Set([...BUNDLE_ENTRIES, ...lazy])];
  const inFirst = entries.filter((f) => firstPaths.has(join(ROOT, f)));
  if (inFirst.length) throw new Error(`${inFirst.join(', ')}: in ${FIRST_BOARD}'s bundle, not an entry of its own`);
  const rest = await build({
    ...common,
    entryPoints: entries.map((f) => join(ROOT, f)),
    outbase: ROOT,
    outdir: out,
    splitting: true,
    chunkNames: 'www/chunks/chunk-[hash]',
    plugins: [pkg, {
      name: 'first-board',
      setup(b) {
        b.onResolve({ filter: /^\./ }, (a) => (a.kind === 'import-statement' && firstPaths.has(resolve(a.resolveDir, a.path))
          ? { path: FIRST, external: true } : undefined));
      },
    }],
  });
  // The first board's file exports what the rest imports (or re-exports) from it, by name,
  // tree-shaking the others; each name from the module that exports it.
  const wanted = new Set();
  for (const [f, o] of Object.entries(rest.metafile.outputs)) {
    if (!o.imports.some((i) => i.path === FIRST)) continue;
    const file = resolve(ROOT, f);
    const text = readFileSync(file, 'utf8');
    const quoted = `["']${FIRST}["']`;
    const named = [...text.matchAll(new RegExp(`(?:import|export)\\s*\\{([^}]*)\\}\\s*from\\s*${quoted}`, 'g'))];
    if (named.length !== [...text.matchAll(new RegExp(quoted, 'g'))].length) throw new Error(`${rel(f)} imports ${FIRST_BOARD} other than by name`);
    for (const m of named) {
      for (const name of m[1].split(',').map((n) => n.trim().split(/\s+as\s+/)[0]).filter(Boolean)) wanted.add(name);
    }
    let path = posixRel(dirname(file), join(out, FIRST_BOARD));
    if (!path.startsWith('../')) path = `./${path}`;
    writeFileSync(file, text.replace(new RegExp(`(["'])${FIRST}\\1`, 'g'), (m, q) => `${q}${path}${q}`));
  }
  const modules = await build({ ...common, entryPoints: first, splitting: true, write: false, outdir: out, plugins: [pkg, keepLazy] });
  const from = new Map(); // name -> the modules exporting it
  for (const o of Object.values(modules.metafile.outputs)) {
    for (const name of o.exports ?? []) if (o.entryPoint && wanted.has(name)) from.set(name, [...from.get(name) ?? [], o.entryPoint]);
  }
  const lines = [];
  for (const name of wanted) {
    let list = from.get(name) ?? [];
    // A name re-exported (strategies.js's splits, from split.js): the module that declares it.
    if (list.length > 1) list = list.filter((f) => new RegExp(`export\\s+(async\\s+)?(function\\*?|const|let|var|class)\\s+${name}\\b`).test(readFileSync(join(ROOT, f), 'utf8')));
    if (list.length !== 1) throw new Error(`a module imports ${name} from ${FIRST_BOARD}'s bundle, where ${list.length ? 'two modules declare it' : 'no module exports it'}`);
    lines.push(`export { ${name} } from './${list[0].slice('www/'.length)}';`);
  }
  await build({
    ...common,
    stdin: { contents: [`export * from './${FIRST_BOARD.slice('www/'.length)}';`, ...lines].join('\n'), resolveDir: join(ROOT, 'www'), sourcefile: FIRST_BOARD },
    outfile: join(out, FIRST_BOARD),
    plugins: [pkg, keepLazy],
  });
  const workers = await build({ ...common, entryPoints: WORKER_ENTRIES.map((f) => join(ROOT, f)), outbase: ROOT, outdir: out, plugins: [pkg] });
  const imports = { [FIRST_BOARD]: [] };
  for (const [f, o] of Object.entries(workers.metafile.outputs)) {
    imports[rel(f)] = o.imports.filter((i) => i.kind === 'import-statement').map((i) => posix.join('www', posix.normalize(posix.join('any', i.path))));
  }
  for (const [f, o] of Object.entries(rest.metafile.outputs)) {
    imports[rel(f)] = o.imports.filter((i) => i.kind === 'import-statement')
      .map((i) => (i.path === FIRST ? FIRST_BOARD : rel(i.path)));
  }
  return { imports, outputs: Object.keys(imports).sort() };
}

/**
 * Copies the site into `out` (emptied first), minified, with its sw.js; resolves to the relative paths written (`.lazy`: LAZY_FILES, written too, not among them).
 * `sitePages: false` (the npm package, which ships no pages) builds the modules without links to them.
 */
export async function writeDist(out = join(ROOT, 'dist'), { sitePages = true } = {}) {
  const missing = [...PKG_FILES, ...(textFiles(ROOT).length ? [] : [`${TEXTS_DIR}/`])].filter((f) => !existsSync(join(ROOT, 'www/pkg', f)));
  if (missing.length) throw new Error(`no ${missing.join(', ')} under www/pkg: run \`make build\` first`);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(join(out, 'www/pkg', TEXTS_DIR), { recursive: true });
  mkdirSync(join(out, 'icons'), { recursive: true });
  const { imports, outputs } = await bundle(out, sitePages);
  const files = [...siteFiles(ROOT).filter((f) => !f.startsWith('www/') || f.startsWith('www/pkg/')), ...outputs];
  for (const f of files) {
    if (outputs.includes(f)) continue;
    if (/\.(js|css)$/.test(f)) writeFileSync(join(out, f), await minify(readFileSync(join(ROOT, f), 'utf8'), f));
    else cpSync(join(ROOT, f), join(out, f));
  }
  if (sitePages) writeFileSync(join(out, 'index.html'), withPreloads(readFileSync(join(out, 'index.html'), 'utf8'), imports));
  for (const f of LAZY_FILES) {
    mkdirSync(dirname(join(out, f)), { recursive: true });
    cpSync(join(ROOT, f), join(out, f));
  }
  const sw = serviceWorker(out, files, await minify(readFileSync(join(ROOT, SW_SOURCE), 'utf8'), 'sw.js'));
  writeFileSync(join(out, 'sw.js'), sw.text);
  return Object.assign([...files, 'sw.js'], { build: sw.build, imports, lazy: LAZY_FILES });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { positionals } = parseFlags({
    name: 'dist',
    usage: 'Usage: node tools/build/dist.mjs [OUT]   (default dist/; run `make build` first)',
    options: {},
    allowPositionals: true,
    check: (values, positionals) => {
      if (positionals.length > 1) throw new UsageError(`one OUT folder, got ${positionals.length}`);
      return { positionals };
    },
  });
  const out = resolve(positionals[0] ?? join(ROOT, 'dist'));
  const files = await writeDist(out);
  console.log(`${out}: ${files.length} files, build ${files.build} (index.html: the game; demo.html: two embedded boards; embed.js: the embed entry)`);
}
