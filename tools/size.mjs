// Prints what a visit to the page downloads: each file raw and gzipped, and the totals.
// `make size` (after `make build`). A first visit loads index.html, style.css, the page's
// modules under www/ and the core wasm package (the rules and the strategy catalogue);
// the AI's worker and the full wasm package (every search) load when the AI first runs,
// and are counted apart.
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, relative, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFlags } from './cli.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
parseFlags({ name: 'size', usage: 'Usage: node tools/size.mjs   (`make size`; takes no flags)', options: {} });

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const CORE = ['www/pkg/game2048_core.js', 'www/pkg/game2048_core_bg.wasm'];
const AI = ['www/worker.js', 'www/pkg/game2048.js', 'www/pkg/game2048_bg.wasm'];
const missing = [...CORE, ...AI].filter((f) => !existsSync(join(root, f)));
if (missing.length) {
  console.error(`no ${missing.join(', ')}: run \`make build\` first`);
  process.exit(1);
}

// Modules a first visit to the game does not load (dynamic imports and the other pages' entries).
const LAZY = /\/(share|record-io|replay[\w-]*|review[\w-]*|editor|page-theme)\.js$/;

const page = ['index.html', 'style.css']
  .map((f) => join(root, f))
  // element.js is the embed's (<game-2048>); index.html does not load it. See also `make figures-embed`.
  // compare*.js and chart.js are compare.html's. The records' modules load when used: the
  // share dialog (share.js, record-io.js), the replay, review and editor pages and an embed's
  // replay (LAZY); record-bar.js, the game's link to them, is in the first visit.
  .concat(walk(join(root, 'www')).filter((f) => /\.(js|css)$/.test(f) && !f.includes('/pkg/') && !/(element|compare[\w-]*|chart)\.js$/.test(f) && !LAZY.test(f)))
  .filter((f) => existsSync(f) && !AI.includes(relative(root, f)))
  .concat(CORE.map((f) => join(root, f)));

const kb = (n) => (n / 1024).toFixed(1).padStart(7) + ' KB';

// One table; returns its total.
function table(title, files, { byKind = false } = {}) {
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
  console.log(title.padEnd(34) + 'raw'.padStart(10) + 'gzipped'.padStart(11));
  for (const r of rows) console.log(r.file.padEnd(34) + kb(r.raw) + ' ' + kb(r.gz));
  console.log('-'.repeat(55));
  if (byKind) for (const [k, v] of Object.entries(kinds)) console.log(`all ${k}`.padEnd(34) + kb(v.raw) + ' ' + kb(v.gz));
  return rows.reduce((a, r) => ({ raw: a.raw + r.raw, gz: a.gz + r.gz }), { raw: 0, gz: 0 });
}

const first = table('first visit', page, { byKind: true });
console.log('first visit, total'.padEnd(34) + kb(first.raw) + ' ' + kb(first.gz));
console.log('');
const ai = table('when the AI first runs', AI.map((f) => join(root, f)));
console.log('when the AI first runs, total'.padEnd(34) + kb(ai.raw) + ' ' + kb(ai.gz));
console.log('both, total'.padEnd(34) + kb(first.raw + ai.raw) + ' ' + kb(first.gz + ai.gz));
