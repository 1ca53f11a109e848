#!/usr/bin/env node
// The service worker of one build: sw.js = the build id and the list of the site's
// files, then www/shared/service-worker.js. The build id is a hash of every file it caches,
// so a new build (a changed page, module, stylesheet or wasm) is a new sw.js, which the
// browser installs at the next visit. `make dist` writes dist/sw.js; tools/build/serve.mjs
// serves the working tree's sw.js made on each request (make run, the browser suite).
// Usage: node tools/build/sw.mjs [ROOT]   prints the build id and the number of files.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The pages, the embed entry, the stylesheet, the app's manifest and icons. */
export const PAGE_FILES = ['index.html', 'compare.html', 'demo.html', 'replay.html', 'editor.html', 'learn.html', 'embed.js', 'style.css', 'panel.css', 'pages.css', 'records.css', 'favicon.svg', 'manifest.webmanifest', 'icons/icon-192.png', 'icons/icon-512.png'];
/** The page's modules (play: a first visit's; records: reads saved games and records) and the workers' ai one (engine + AI). */
export const PKG_FILES = ['game2048_play.js', 'game2048_play_bg.wasm', 'game2048_records.js', 'game2048_records_bg.wasm', 'game2048_ai.js', 'game2048_ai_bg.wasm'];
/** The strategies' explanations (from the ai one, tools/build/strategy-texts.mjs): one file per strategy in this folder of www/pkg, and its index.js. */
export const TEXTS_DIR = 'strategy-texts';

/** The explanation files under `root`, and their index (relative paths; none before `make build`). */
export function textFiles(root = ROOT) {
  const dir = join(root, 'www/pkg', TEXTS_DIR);
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json') || f === 'index.js').sort().map((f) => `www/pkg/${TEXTS_DIR}/${f}`) : [];
}
/** The service worker's logic, put after the build id and the file list in sw.js. */
export const SW_SOURCE = 'www/shared/service-worker.js';

/** The page's modules under `root`: every .js file of www/ and its folders but pkg/ (the wasm package, PKG_FILES) and SW_SOURCE. */
export function moduleFiles(root = ROOT) {
  return readdirSync(join(root, 'www'), { recursive: true })
    .map((f) => `www/${f.split('\\').join('/')}`)
    .filter((f) => f.endsWith('.js') && !f.startsWith('www/pkg/') && f !== SW_SOURCE)
    .sort();
}

/** Every file of the site under `root`, relative (what dist copies and sw.js caches). */
export function siteFiles(root = ROOT) {
  return [
    ...PAGE_FILES,
    ...moduleFiles(root),
    ...PKG_FILES.map((f) => `www/pkg/${f}`),
    ...textFiles(root),
  ];
}

/** sw.js for the files under `root` (`files`: relative paths; default siteFiles). */
export function serviceWorker(root = ROOT, files = siteFiles(root), logic = readFileSync(join(ROOT, SW_SOURCE), 'utf8')) {
  const hash = createHash('sha256');
  for (const f of files) {
    hash.update(f);
    hash.update(existsSync(join(root, f)) ? readFileSync(join(root, f)) : 'missing');
  }
  hash.update(logic);
  const build = hash.digest('hex').slice(0, 16);
  const text = `const BUILD = ${JSON.stringify(build)};\nconst FILES = ${JSON.stringify(files)};\n${logic}`;
  return { build, text };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? ROOT);
  const { build } = serviceWorker(root);
  console.log(`build ${build}: ${siteFiles(root).length} files`);
}
