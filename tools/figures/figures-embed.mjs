#!/usr/bin/env node
// Figures of the embed, measured in headless Chromium on a local server that gzips text and
// wasm as a static host does (serve.mjs --gzip):
//  - what a first visit to demo.html downloads (every response, each body gzipped
//    at level 9 as a static host would serve it; 304s count nothing), and of that what
//    the AI's first run adds (its pool, its worker and the ai wasm; the page itself loads
//    the play module);
//  - the time from navigation start to the first drawn board (the first `ready`
//    event, then one animation frame), median of 10 cold loads, on demo.html and on the
//    game page (index.html), and on the game page phone-class (PHONE below).
// `make figures-embed` (it runs `make dist` first); node tools/figures/figures-embed.mjs [--loads N]
import { gzipSync } from 'node:zlib';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFlags, whole } from '../lib/cli.mjs';
import { serve } from '../build/serve.mjs';
import { writeDist } from '../build/dist.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const { loads: LOADS } = parseFlags({
  name: 'figures-embed',
  usage: 'Usage: node tools/figures/figures-embed.mjs [--loads N]   (`make figures-embed`; N cold loads, default 10)',
  options: { loads: { type: 'string' } },
  check: (values) => ({ loads: values.loads === undefined ? 10 : whole('loads', values.loads, 1, 1000) }),
});
// After the flags, so that a bad one fails before the browser library loads.
const { launchChromium } = await import('../lib/chromium.mjs');

let dist = join(ROOT, 'dist');
let temp = null;
if (!existsSync(join(dist, 'embed.js'))) {
  temp = mkdtempSync(join(tmpdir(), 'g2048-figures-'));
  dist = join(temp, 'dist');
  await writeDist(dist);
}

// Gzipped, as a static host serves the files: the timings and the byte counts below see the same bytes.
const server = await serve({ port: 0, root: dist, gzip: true });
const browser = await launchChromium();

// Records the first board's ready time, in ms since navigation start.
const firstBoard = () => {
  document.addEventListener('ready', () => {
    if (performance.getEntriesByName('g2048-first-board').length) return;
    requestAnimationFrame(() => performance.mark('g2048-first-board'));
  });
};

// Phone-class: the CPU 4x slower, 1.6 Mbit/s down, 750 kbit/s up, 150 ms latency (Chrome's "Slow 4G"-like preset).
const PHONE = { cpu: 4, latency: 150, down: 1.6e6 / 8, up: 750e3 / 8 };

async function load(path, { record = false, phone = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  await context.addInitScript(firstBoard);
  const page = await context.newPage();
  if (phone) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: PHONE.latency, downloadThroughput: PHONE.down, uploadThroughput: PHONE.up });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpu });
  }
  const responses = [];
  if (record) page.on('response', (r) => responses.push(r));
  await page.goto(server.url + path);
  await page.waitForFunction(() => performance.getEntriesByName('g2048-first-board').length > 0, null, { timeout: 30000 });
  const ms = await page.evaluate(() => performance.getEntriesByName('g2048-first-board')[0].startTime);
  let files = [];
  if (record) {
    // Let the autoplaying board start its AI worker, which loads its own modules.
    await page.waitForTimeout(1500);
    await page.waitForLoadState('networkidle');
    // A file the visit already downloaded is revalidated when asked again (a worker
    // loads its own modules and the wasm): the server's ETag makes that a 304.
    const seen = new Set();
    files = await Promise.all(responses.map(async (r) => {
      const url = r.url().slice(server.url.length);
      const again = seen.has(url);
      seen.add(url);
      const body = r.status() === 200 && !again ? await r.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
      return { url, status: again ? '304' : r.status(), raw: body.length, gz: body.length ? gzipSync(body, { level: 9 }).length : 0 };
    }));
  }
  await context.close();
  return { ms, files };
}

// What the AI's first run loads beyond the page's own files (marked "AI" below): the pool's
// module (POOL) and the chunks it alone imports (bundled names: read from dist), the
// worker, the ai glue and wasm; as paths in dist.
const chunksOf = (file, seen = new Set()) => {
  for (const m of readFileSync(join(dist, file), 'utf8').matchAll(/(?:from\s*|import\s*)["'](\.{1,2}\/[^"']*chunk-[^"']+)["']/g)) {
    const chunk = posix.join(posix.dirname(file), m[1]);
    if (!seen.has(chunk)) chunksOf(chunk, seen.add(chunk));
  }
  return seen;
};
const pageChunks = new Set(['www/game/mount.js', 'www/game/element.js', 'www/game/main.js'].flatMap((f) => [...chunksOf(f)]));
const POOL = 'www/ai/pool.js';
const aiPaths = [POOL, 'www/ai/worker.js', 'www/pkg/game2048_ai.js', 'www/pkg/game2048_ai_bg.wasm', ...[...chunksOf(POOL)].filter((c) => !pageChunks.has(c))];
const AI_FILES = { test: (url) => aiPaths.includes(url.split('?')[0]) }; // url: a path in dist

const kb = (n) => `${(n / 1024).toFixed(1)} KB`.padStart(9);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

try {
  const first = await load('demo.html', { record: true });
  console.log('First visit to demo.html (two boards, one autoplaying), every request:');
  console.log(`${'file'.padEnd(30)}${'status'.padStart(7)}${'raw'.padStart(10)}${'gzipped'.padStart(10)}`);
  const kinds = {};
  for (const f of first.files) {
    const ai = AI_FILES.test(f.url) ? '  AI' : '';
    console.log(`${f.url.padEnd(30)}${String(f.status).padStart(7)}${kb(f.raw)} ${kb(f.gz)}${ai}`);
    const kind = /\.wasm$/.test(f.url) ? 'wasm' : /\.js$/.test(f.url) ? 'js' : /\.css$/.test(f.url) ? 'css' : /\.html$/.test(f.url) ? 'html' : 'other';
    kinds[kind] ??= { raw: 0, gz: 0, n: 0 };
    kinds[kind].raw += f.raw;
    kinds[kind].gz += f.gz;
    kinds[kind].n++;
  }
  console.log('-'.repeat(57));
  for (const [k, v] of Object.entries(kinds)) console.log(`${`all ${k} (${v.n})`.padEnd(37)}${kb(v.raw)} ${kb(v.gz)}`);
  const total = first.files.reduce((a, f) => ({ raw: a.raw + f.raw, gz: a.gz + f.gz }), { raw: 0, gz: 0 });
  console.log(`${`first visit, total (${first.files.length} requests)`.padEnd(37)}${kb(total.raw)} ${kb(total.gz)}`);
  const aiFiles = first.files.filter((f) => AI_FILES.test(f.url));
  const ai = aiFiles.reduce((a, f) => ({ raw: a.raw + f.raw, gz: a.gz + f.gz }), { raw: 0, gz: 0 });
  console.log(`${'  of which the AI\'s first run (AI)'.padEnd(37)}${kb(ai.raw)} ${kb(ai.gz)}`);
  console.log(`${'  before the AI runs'.padEnd(37)}${kb(total.raw - ai.raw)} ${kb(total.gz - ai.gz)}`);

  const times = [first.ms];
  for (let i = 1; i < LOADS; i++) times.push((await load('demo.html')).ms);
  console.log(`\nFirst drawn board on demo.html, cold cache, ${LOADS} loads: median ${median(times).toFixed(0)} ms `
    + `(min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)})`);
  // The game page (index.html, every control; its service worker registers after the first board).
  const pageTimes = [];
  for (let i = 0; i < LOADS; i++) pageTimes.push((await load('')).ms);
  console.log(`First drawn board on the game page (index.html), cold cache, ${LOADS} loads: median ${median(pageTimes).toFixed(0)} ms `
    + `(min ${Math.min(...pageTimes).toFixed(0)}, max ${Math.max(...pageTimes).toFixed(0)})`);
  const phoneTimes = [];
  for (let i = 0; i < LOADS; i++) phoneTimes.push((await load('', { phone: true })).ms);
  console.log(`The same, phone-class (CPU ${PHONE.cpu}x slower, ${PHONE.down * 8 / 1e6} Mbit/s, ${PHONE.latency} ms latency), ${LOADS} loads: median ${median(phoneTimes).toFixed(0)} ms `
    + `(min ${Math.min(...phoneTimes).toFixed(0)}, max ${Math.max(...phoneTimes).toFixed(0)})`);
} finally {
  await browser.close();
  await server.close();
  if (temp) rmSync(temp, { recursive: true, force: true });
}
