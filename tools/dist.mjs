#!/usr/bin/env node
// Writes the static folder: node tools/dist.mjs [OUT]   (default dist/; run `make build` first).
// The one list of what a host needs: the pages, the embed entry, the modules,
// the stylesheet and the wasm package. Every URL inside them is relative.
// JS and CSS lose their comment lines and indentation (a quarter of their gzipped
// size; there is no bundler or minifier): code lines are kept whole and in order.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFlags, UsageError } from './cli.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const FILES = ['index.html', 'compare.html', 'demo.html', 'replay.html', 'editor.html', 'demo.css', 'embed.js', 'style.css', 'favicon.svg'];
// The page's core module (engine + catalogue) and the workers' full one (engine + AI).
const PKG = ['game2048_core.js', 'game2048_core_bg.wasm', 'game2048.js', 'game2048_bg.wasm'];

/**
 * Drops whole-line comments (// ..., and /* ... *\/ blocks that start a line and
 * end one) and leading whitespace. Safe for this code base: no template literal
 * or string spans lines (checked: a line with an odd number of backticks throws).
 */
export function stripSource(text, name = 'source') {
  const out = [];
  let inBlock = false;
  for (const [i, line] of text.split('\n').entries()) {
    const t = line.trim();
    if (inBlock) {
      if (t.includes('*/')) {
        if (!t.endsWith('*/') || t.indexOf('*/') !== t.length - 2) throw new Error(`${name}:${i + 1}: code after a comment`);
        inBlock = false;
      }
      continue;
    }
    if ((t.match(/`/g)?.length ?? 0) % 2) throw new Error(`${name}:${i + 1}: a template literal spans lines`);
    if (t.startsWith('/*')) {
      const end = t.indexOf('*/', 2);
      if (end === -1) inBlock = true;
      else if (end !== t.length - 2) out.push(t);
      continue;
    }
    if (t === '' || t.startsWith('//')) continue;
    out.push(t);
  }
  return `${out.join('\n')}\n`;
}

/** Copies the site into `out` (emptied first); returns the relative paths written. */
export function writeDist(out = join(ROOT, 'dist')) {
  const missing = PKG.filter((f) => !existsSync(join(ROOT, 'www/pkg', f)));
  if (missing.length) throw new Error(`no ${missing.join(', ')} under www/pkg: run \`make build\` first`);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(join(out, 'www/pkg'), { recursive: true });
  const files = [
    ...FILES,
    ...readdirSync(join(ROOT, 'www')).filter((f) => f.endsWith('.js')).map((f) => `www/${f}`),
    ...PKG.map((f) => `www/pkg/${f}`),
  ];
  for (const f of files) {
    if (/\.(js|css)$/.test(f)) writeFileSync(join(out, f), stripSource(readFileSync(join(ROOT, f), 'utf8'), f));
    else cpSync(join(ROOT, f), join(out, f));
  }
  return files;
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
  const files = writeDist(out);
  console.log(`${out}: ${files.length} files (index.html: the game; demo.html: two embedded boards; embed.js: the embed entry)`);
}
