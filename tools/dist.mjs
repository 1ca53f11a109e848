#!/usr/bin/env node
// Writes the static folder: node tools/dist.mjs [OUT]   (default dist/; run `make build` first).
// The one list of what a host needs: the pages, the embed entry, the modules,
// the stylesheet and the wasm package. Every URL inside them is relative.
// The page's modules are bundled by esbuild (ESM, code splitting): one file per entry
// (BUNDLE_ENTRIES: the pages' scripts, what embed.js re-exports, the worker, and every
// module loaded lazily, so that it stays lazy) and shared chunks (www/chunk-*.js), all
// in www/, so each keeps its relative URLs (import.meta.url). embed.js, the stylesheet
// and the wasm-bindgen glue are minified file by file. sw.js, written last, caches
// exactly the files written under a build id made from them (tools/sw.mjs).
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFlags, UsageError } from './cli.mjs';
import { PKG_FILES, TEXTS_DIR, serviceWorker, siteFiles, textFiles } from './sw.mjs';
import { NETWORK_FILE } from '../www/network.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Files fetched only when needed (the learned network, www/network.js): copied, not cached at install. */
export const LAZY_FILES = [NETWORK_FILE];
/**
 * The modules that keep their names in dist: loaded by a page (index.html, compare.html, replay.html, editor.html, learn.html),
 * re-exported by embed.js, started as a worker, or imported lazily (import() in view.js,
 * mount.js: the AI's pool, ai.js, too). Every other module of www/ is bundled into these or into shared chunks.
 */
export const BUNDLE_ENTRIES = [
  'www/main.js', 'www/compare-main.js', 'www/replay-main.js', 'www/editor.js', 'www/learn-main.js',
  'www/learn-worker.js', 'www/mount.js',
  'www/element.js', 'www/worker.js', 'www/panel.js', 'www/ai-panel.js', 'www/dialog.js',
  'www/game-bar.js', 'www/ai-bar.js',
  'www/stats-view.js', 'www/offline.js', 'www/record-bar.js', 'www/share.js',
  'www/replay-embed.js', 'www/review-view.js', 'www/ai.js',
];
/** Minifies one JS module or stylesheet (esbuild); throws naming the file on a syntax error. */
export async function minify(text, name) {
  const { transform } = await import('esbuild');
  const loader = name.endsWith('.css') ? 'css' : 'js';
  const { code } = await transform(text, { loader, minify: true, target: loader === 'js' ? 'es2022' : undefined, sourcefile: name, legalComments: 'none' });
  return code;
}

/** Copies the site into `out` (emptied first), minified, with its sw.js; resolves to the relative paths written (`.lazy`: LAZY_FILES, written too, not among them). */
export async function writeDist(out = join(ROOT, 'dist')) {
  const missing = [...PKG_FILES, ...(textFiles(ROOT).length ? [] : [`${TEXTS_DIR}/`])].filter((f) => !existsSync(join(ROOT, 'www/pkg', f)));
  if (missing.length) throw new Error(`no ${missing.join(', ')} under www/pkg: run \`make build\` first`);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(join(out, 'www/pkg', TEXTS_DIR), { recursive: true });
  mkdirSync(join(out, 'icons'), { recursive: true });
  const { build } = await import('esbuild');
  const bundled = await build({
    entryPoints: BUNDLE_ENTRIES.map((f) => join(ROOT, f)),
    outbase: ROOT,
    outdir: out,
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    target: 'es2022',
    legalComments: 'none',
    chunkNames: 'www/chunk-[hash]',
    metafile: true,
    logLevel: 'silent',
  });
  const outputs = Object.keys(bundled.metafile.outputs).map((f) => relative(out, resolve(f)).split('\\').join('/')).sort();
  // The bundle's static imports, output by output (tools/size.mjs follows them).
  const imports = Object.fromEntries(Object.entries(bundled.metafile.outputs).map(([f, o]) => [
    relative(out, resolve(f)).split('\\').join('/'),
    o.imports.filter((i) => i.kind === 'import-statement' && !i.external).map((i) => relative(out, resolve(i.path)).split('\\').join('/')),
  ]));
  const files = [...siteFiles(ROOT).filter((f) => !f.startsWith('www/') || f.startsWith('www/pkg/')), ...outputs];
  for (const f of files) {
    if (outputs.includes(f)) continue;
    if (/\.(js|css)$/.test(f)) writeFileSync(join(out, f), await minify(readFileSync(join(ROOT, f), 'utf8'), f));
    else cpSync(join(ROOT, f), join(out, f));
  }
  for (const f of LAZY_FILES) {
    mkdirSync(dirname(join(out, f)), { recursive: true });
    cpSync(join(ROOT, f), join(out, f));
  }
  const sw = serviceWorker(out, files, await minify(readFileSync(join(ROOT, 'www/service-worker.js'), 'utf8'), 'sw.js'));
  writeFileSync(join(out, 'sw.js'), sw.text);
  return Object.assign([...files, 'sw.js'], { build: sw.build, imports, lazy: LAZY_FILES });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { positionals } = parseFlags({
    name: 'dist',
    usage: 'Usage: node tools/dist.mjs [OUT]   (default dist/; run `make build` first)',
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
