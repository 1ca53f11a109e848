// Prints what a visit downloads, as deployed: the files of `make dist` (minified by
// esbuild), each raw and gzipped, and the totals, for
//   - a first visit to the game page (index.html, controls="full"), until the first board;
//   - a first visit to an embed, <game-2048 controls="minimal"> and controls="none";
//   - what the service worker caches in the background after the page's first board;
//   - what loads when the AI first runs on the game page (the pool's module, ai/pool.js, and its
//     chunks not loaded yet, the worker, the ai glue and wasm).
// The modules counted are those a page imports at load: the static import graph of its
// entry in dist (bundled: entries and shared chunks), and the controls' modules that
// mount() loads for its `controls` (view.js).
// `make size` (after `make build`). `--budget` exits 1 when a first visit passes its budget.
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join, dirname, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFlags, UsageError } from '../lib/cli.mjs';
import { GAME_PAGE_FIRST, writeDist } from './dist.mjs';
import { TEXTS_DIR } from './sw.mjs';
import { DOWNLOADS_DOC, networkMB, networkQuotes, staleDownloads, writeDownloads, writeNetworkQuotes } from './size-quotes.mjs';
import { DEFAULT_STRATEGY } from '../../www/ai/strategies.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const { values } = parseFlags({
  name: 'size',
  usage: 'Usage: node tools/build/size.mjs [--budget] [--write | --check]   (`make size`; after `make build`)',
  options: { budget: { type: 'boolean' }, write: { type: 'boolean' }, check: { type: 'boolean' } },
  check: (values) => {
    if (values.write && values.check) throw new UsageError('--write or --check, not both');
    return { values };
  },
});
// The first visit's budgets, gzipped: the game page's first visit, an embed with controls="minimal".
const BUDGET_KB = { page: 60, minimal: 51 };

// A first visit (no saved game) loads the play module; the records one, which reads saved
// games and records, loads on a later visit with a saved game, or for a record (cached by then).
const PLAY = ['www/pkg/game2048_play.js', 'www/pkg/game2048_play_bg.wasm'];
const AI = ['www/ai/worker.js', 'www/pkg/game2048_ai.js', 'www/pkg/game2048_ai_bg.wasm'];
if (![...PLAY, ...AI].every((f) => existsSync(join(ROOT, f)))) {
  console.error('no wasm package under www/pkg: run `make build` first');
  process.exit(1);
}

const dir = mkdtempSync(join(tmpdir(), 'g2048-size-'));
const dist = join(dir, 'dist');
const files = await writeDist(dist);
// The static imports of a module as written in dist (esbuild's bundle; embed.js is
// minified only, its re-exports read from the text), as paths from the root.
function graph(entry, seen = new Set()) {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const deps = files.imports[entry] ?? [...readFileSync(join(dist, entry), 'utf8').matchAll(/(?:import|export)\s*[^'";]*?\s*from\s*['"](\.{1,2}\/[^'"]+)['"]/g)]
    .map((m) => posix.normalize(posix.join(posix.dirname(entry), m[1])));
  for (const d of deps) graph(d, seen);
  return seen;
}
const kb = (n) => `${(n / 1024).toFixed(1).padStart(7)} KB`;
const sizes = new Map(files.map((f) => {
  const data = readFileSync(join(dist, f));
  return [f, { raw: data.length, gz: gzipSync(data, { level: 9 }).length }];
}));

function table(title, list) {
  const kinds = {};
  console.log(title.padEnd(40) + 'raw'.padStart(10) + 'gzipped'.padStart(11));
  for (const f of list) {
    const s = sizes.get(f);
    const kind = f.endsWith('.wasm') ? 'wasm' : f.endsWith('.css') ? 'css' : f.endsWith('.html') ? 'html' : f.endsWith('.js') ? 'js' : 'other';
    kinds[kind] ??= { raw: 0, gz: 0 };
    kinds[kind].raw += s.raw;
    kinds[kind].gz += s.gz;
    console.log(f.padEnd(40) + kb(s.raw) + ' ' + kb(s.gz));
  }
  const total = list.reduce((a, f) => ({ raw: a.raw + sizes.get(f).raw, gz: a.gz + sizes.get(f).gz }), { raw: 0, gz: 0 });
  console.log('-'.repeat(61));
  for (const [k, v] of Object.entries(kinds)) console.log(`  all ${k}`.padEnd(40) + kb(v.raw) + ' ' + kb(v.gz));
  console.log(`${title}, total`.padEnd(40) + kb(total.raw) + ' ' + kb(total.gz));
  console.log('');
  return total;
}

// The full controls' modules (view.js loads them for controls "full"; the two bars of
// "minimal" are in the first board's file): what the game page's first board loads besides
// its entry, as dist's hints name it (GAME_PAGE_FIRST), the play module aside.
const CONTROLS = GAME_PAGE_FIRST.lazy.filter((f) => !PLAY.includes(f)).flatMap((f) => [...graph(f)]);
const unique = (list) => [...new Set(list)];
// The game page's full panel also fetches the picked strategy's explanation (a first visit's:
// the default; found through the folder's index.js), right after its first board.
const page = unique(['index.html', 'style.css', 'panel.css', 'favicon.svg', 'manifest.webmanifest', ...graph('www/game/main.js'), ...CONTROLS, ...PLAY, `www/pkg/${TEXTS_DIR}/index.js`, `www/pkg/${TEXTS_DIR}/${DEFAULT_STRATEGY}.json`]);
const minimal = unique(['embed.js', 'style.css', ...graph('embed.js'), ...PLAY]);
const none = unique(['embed.js', 'style.css', ...graph('embed.js'), ...PLAY]);
const totals = {
  page: table('first visit, game page', page),
  minimal: table('first visit, embed controls="minimal"', minimal),
  none: table('first visit, embed controls="none"', none),
};
const aiRun = table('when the AI first runs', unique([...[...graph('www/ai/pool.js')].filter((f) => !page.includes(f)), ...AI]));
const cached = files.filter((f) => !page.includes(f));
const sw = table('service worker, after the first board', cached);
void sw;
rmSync(dir, { recursive: true, force: true });

let over = false;
for (const [name, budget] of Object.entries(BUDGET_KB)) {
  const got = totals[name].gz / 1024;
  const verdict = got <= budget ? 'within' : 'OVER';
  if (got > budget) over = true;
  console.log(`${name === 'page' ? 'game page' : 'embed, controls="minimal"'}: ${got.toFixed(1)} KB gzipped, ${verdict} its budget of ${budget} KB`);
}
// The table the docs quote (tools/build/size-quotes.mjs): --write writes it and the network's
// quotes, --check exits 1 naming each quote the files no longer make.
const rows = [
  { what: 'a first visit to the game page, until its first board', kb: totals.page.gz / 1024 },
  { what: 'a first visit to an embed, `controls="minimal"`', kb: totals.minimal.gz / 1024 },
  { what: 'a first visit to an embed, `controls="none"`', kb: totals.none.gz / 1024 },
  { what: 'the AI\'s first run (its pool, worker and wasm)', kb: aiRun.gz / 1024 },
];
let stale = [];
if (values.write) {
  const changed = [...writeNetworkQuotes(ROOT), ...(writeDownloads(ROOT, rows) ? [DOWNLOADS_DOC] : [])];
  console.log(changed.length ? `wrote the sizes quoted in ${[...new Set(changed)].join(', ')}` : 'the sizes the docs quote are up to date');
} else if (values.check) {
  stale = [...staleDownloads(ROOT, rows), ...networkQuotes(ROOT).filter((q) => q.mb !== networkMB(ROOT)).map((q) => `${q.file}:${q.line} says ${q.mb} MB for the network, the file is ${networkMB(ROOT)} MB`)];
  for (const s of stale) console.error(s);
  if (stale.length) console.error('`make size` writes them from the files');
}
if ((values.budget && over) || stale.length) process.exit(1);
