// Prints what a first visit to the page downloads: each file raw and gzipped, and the totals.
// `make size` (after `make build`). Counts index.html, style.css, every module under www/
// and the wasm package, which is everything the page loads.
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, relative, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const files = ['index.html', 'style.css']
  .map((f) => join(root, f))
  // element.js is the embed's (<game-2048>); index.html does not load it. See also `make figures-embed`.
  // compare*.js and chart.js are compare.html's.
  .concat(walk(join(root, 'www')).filter((f) => /\.(js|wasm|css)$/.test(f) && !/(element|compare[\w-]*|chart)\.js$/.test(f)))
  .filter((f) => existsSync(f));

if (!files.some((f) => f.endsWith('.wasm'))) {
  console.error('no wasm under www/pkg: run `make build` first');
  process.exit(1);
}

const kinds = {};
const rows = files.map((f) => {
  const data = readFileSync(f);
  const gz = gzipSync(data, { level: 9 }).length;
  const kind = f.endsWith('.wasm') ? 'wasm' : f.endsWith('.css') ? 'css' : f.endsWith('.html') ? 'html' : 'js';
  kinds[kind] ??= { raw: 0, gz: 0 };
  kinds[kind].raw += data.length;
  kinds[kind].gz += gz;
  return { file: relative(root, f), raw: data.length, gz };
});

const kb = (n) => (n / 1024).toFixed(1).padStart(7) + ' KB';
console.log('file'.padEnd(34) + 'raw'.padStart(10) + 'gzipped'.padStart(11));
for (const r of rows) console.log(r.file.padEnd(34) + kb(r.raw) + ' ' + kb(r.gz));
console.log('-'.repeat(55));
for (const [k, v] of Object.entries(kinds)) console.log(`all ${k}`.padEnd(34) + kb(v.raw) + ' ' + kb(v.gz));
const total = rows.reduce((a, r) => ({ raw: a.raw + r.raw, gz: a.gz + r.gz }), { raw: 0, gz: 0 });
console.log('first visit, total'.padEnd(34) + kb(total.raw) + ' ' + kb(total.gz));
