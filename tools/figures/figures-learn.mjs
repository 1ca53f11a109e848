// How far the learn page's network gets from nothing (`make figures-learn`; not part of
// `make test`): opens learn.html in headless Chromium on the local server, in a fresh
// profile (no saved network), clicks Start and, at each checkpoint (5 and 10 minutes by
// default, from the click), reads what the page's worker reported: games played, games per
// second (overall, and over the last blocks), and over the last LAST games the mean score
// and the share reaching 256, 512, 1024 and 2048. The page's own figures are the same
// numbers per block of 100 games; the worker's block messages are read through a wrapper of
// Worker (an init script), so the page itself is not changed.
import { fileURLToPath } from 'node:url';
import { cpus, loadavg } from 'node:os';
import { serve } from '../build/serve.mjs';
import { launchChromium } from '../lib/chromium.mjs';
import { parseFlags, whole, UsageError } from '../lib/cli.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TILES = [256, 512, 1024, 2048];

const USAGE = 'usage: node tools/figures/figures-learn.mjs [--minutes 5,10] [--last 1000]';
const { MINUTES, LAST } = parseFlags({
  name: 'figures-learn',
  usage: USAGE,
  options: { minutes: { type: 'string', default: '5,10' }, last: { type: 'string', default: '1000' } },
  check: (v) => {
    const minutes = v.minutes.split(',').map((m) => Number(m));
    if (!minutes.length || minutes.some((m) => !(m > 0 && m <= 600))) throw new UsageError(`--minutes must be numbers of minutes from 0 to 600, comma-separated, got ${JSON.stringify(v.minutes)}`);
    return { MINUTES: minutes.sort((a, b) => a - b), LAST: whole('last', v.last, 100, 1e6) };
  },
});

// Every {block} the learn worker posts, with the page's clock.
const SPY = `
  window.blocks = [];
  const Base = Worker;
  window.Worker = class extends Base {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', ({ data }) => { if (data?.block) window.blocks.push({ at: performance.now(), ...data.block }); });
    }
  };`;

const server = await serve({ port: 0, root: ROOT });
const browser = await launchChromium();
try {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.addInitScript(SPY);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
  await page.goto(`${server.url}learn.html`);
  await page.waitForFunction(() => !document.querySelector('.learn-toggle').disabled, null, { timeout: 60000 });
  const start = await page.evaluate(() => {
    document.querySelector('.learn-toggle').click();
    return performance.now();
  });
  console.log(`learn.html: training from nothing (4x4-tuples), headless Chromium, ${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log(`${'minutes'.padEnd(8)}${'games'.padStart(9)}${'games/s'.padStart(9)}${'recent/s'.padStart(10)}${`mean (last ${LAST})`.padStart(19)}${TILES.map((t) => `${t}`.padStart(7)).join('')}`);
  for (const minutes of MINUTES) {
    await page.waitForFunction((t) => performance.now() >= t, start + minutes * 60000, { timeout: 0, polling: 1000 });
    const blocks = await page.evaluate(() => window.blocks);
    const last = blocks.at(-1);
    if (!last) {
      console.log(`${String(minutes).padEnd(8)} no block of games finished`);
      continue;
    }
    // The blocks that make up the last LAST games (blocks of 100: LAST / 100 of them).
    const recent = [];
    for (let i = blocks.length - 1; i >= 0 && recent.length * 100 < LAST; i--) recent.push(blocks[i]);
    const mean = recent.reduce((a, b) => a + b.mean, 0) / recent.length;
    const reach = (t) => recent.reduce((a, b) => a + b.reach[t], 0) / recent.length;
    const seconds = (last.at - start) / 1000;
    const before = blocks[blocks.length - 1 - recent.length];
    const recentRate = before ? (last.games - before.games) / ((last.at - before.at) / 1000) : last.games / seconds;
    console.log(`${String(minutes).padEnd(8)}${last.games.toLocaleString('en').padStart(9)}${(last.games / seconds).toFixed(0).padStart(9)}${recentRate.toFixed(0).padStart(10)}${Math.round(mean).toLocaleString('en').padStart(19)}${TILES.map((t) => `${(reach(t) * 100).toFixed(1)}%`.padStart(7)).join('')}`);
  }
  console.log(`load at the end ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
} finally {
  await browser.close();
  await server.close();
}
