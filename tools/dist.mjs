#!/usr/bin/env node
// Writes the static folder: node tools/dist.mjs [OUT]   (default dist/; run `make build` first).
// The one list of what a host needs: the pages, the embed entry, the modules,
// the stylesheet and the wasm package. Every URL inside them is relative.
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const FILES = ['index.html', 'demo.html', 'demo.css', 'embed.js', 'style.css', 'favicon.svg'];
const PKG = ['game2048.js', 'game2048_bg.wasm'];

/** Copies the site into `out` (emptied first); returns the relative paths written. */
export function writeDist(out = join(ROOT, 'dist')) {
  if (!existsSync(join(ROOT, 'www/pkg/game2048_bg.wasm'))) throw new Error('no wasm under www/pkg: run `make build` first');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(join(out, 'www/pkg'), { recursive: true });
  const files = [
    ...FILES,
    ...readdirSync(join(ROOT, 'www')).filter((f) => f.endsWith('.js')).map((f) => `www/${f}`),
    ...PKG.map((f) => `www/pkg/${f}`),
  ];
  for (const f of files) cpSync(join(ROOT, f), join(out, f));
  return files;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = resolve(process.argv[2] ?? join(ROOT, 'dist'));
  const files = writeDist(out);
  console.log(`${out}: ${files.length} files (index.html: the game; demo.html: two embedded boards; embed.js: the embed entry)`);
}
