// How responsive the page is, as figures (`make figures-page`; the browser suite asserts the
// outcomes, never these speeds): in headless Chromium, on the local server,
//  - frames per second and 16 ms timer ticks per second on the main thread while the AI
//    plays at Max (expectimax at its default, Fits the speed), and the AI's moves per second;
//  - the page's defaults: the rung Fits the speed picks at each speed here (the panel's
//    words after the pool's calibration), and each picked rung's moves per second in wasm
//    (the page at Max with that rung chosen by hand, from the calibration's mid-game position);
//  - 16 ms timer ticks per second on the main thread while compare.html runs games;
//  - key-press latency: from a real key press (the event's timeStamp) to the first frame
//    after the board changed, and to the board change itself.
// Each figure is the median over RUNS fresh pages (each a median or a rate of its own).
import { fileURLToPath } from 'node:url';
import { cpus, loadavg } from 'node:os';
import { serve } from '../build/serve.mjs';
import { launchChromium } from '../lib/chromium.mjs';
import { parseFlags, whole } from '../lib/cli.mjs';
import { CALIBRATION } from '../../www/ai/strength-figures.js';
import { workerCount } from '../../www/ai/worker-lifecycle.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

// --cores N: the pages see N cores (navigator.hardwareConcurrency), so the pools start the
// workers N cores get (workerCount, www/ai/worker-lifecycle.js): to compare pool sizes on one machine.
const USAGE = 'usage: node tools/figures/figures-page.mjs [--runs N] [--seconds S] [--cores N]';
const { RUNS, SECONDS, CORES } = parseFlags({
  name: 'figures-page',
  usage: USAGE,
  options: { runs: { type: 'string', default: '5' }, seconds: { type: 'string', default: '3' }, cores: { type: 'string', default: '0' } },
  check: (v) => ({ RUNS: whole('runs', v.runs, 1, 1000), SECONDS: whole('seconds', v.seconds, 1, 600), CORES: whole('cores', v.cores, 0, 64) }),
});
const KEY_PRESSES = 20;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Counts frames, 16 ms ticks and (optionally) AI moves for `ms` on the page's main thread. */
const sample = (page, ms) => page.evaluate((ms) => new Promise((resolve) => {
  let ticks = 0;
  let frames = 0;
  let moves = 0;
  const onMove = (e) => e.detail?.by === 'ai' && moves++;
  document.addEventListener('move', onMove);
  const timer = setInterval(() => ticks++, 16);
  let raf = requestAnimationFrame(function frame() {
    frames++;
    raf = requestAnimationFrame(frame);
  });
  const t0 = performance.now();
  setTimeout(() => {
    const s = (performance.now() - t0) / 1000;
    clearInterval(timer);
    cancelAnimationFrame(raf);
    document.removeEventListener('move', onMove);
    resolve({ fps: frames / s, ticks: ticks / s, moves: moves / s });
  }, ms);
}), ms);

// A choice of the AI panel, made in the page: a speed's button, or a picker's option.
const pick = (page, name, value) => page.locator(`.g2048 .setting-${name}`).evaluate((wrap, v) => {
  const select = wrap.querySelector('select');
  if (!select) return wrap.querySelector(`.choice-${v}`).click();
  select.value = v;
  return select.dispatchEvent(new Event('change'));
}, value);

async function aiAtMax(context, url) {
  const page = await context.newPage();
  await page.goto(`${url}?seed=16`);
  await page.waitForSelector('.g2048 .board[data-cells]');
  await pick(page, 'strategy', 'expectimax'); // the heuristic's ladder (the page's default player picks between two)
  await pick(page, 'speed', 'max');
  await page.locator('.g2048 .ai-toggle').click();
  // Let the workers load and the first moves land before measuring.
  await page.waitForFunction(() => document.querySelector('.g2048 .ai-mps dd')?.textContent.match(/\d/), null, { timeout: 30000 });
  const r = await sample(page, SECONDS * 1000);
  await page.close();
  return r;
}

const SPEEDS = ['watch', 'fast', 'faster', 'max'];

async function defaults(context, url) {
  const page = await context.newPage();
  await page.goto(`${url}?seed=17`);
  await page.waitForSelector('.g2048 .board[data-cells]');
  await pick(page, 'strategy', 'expectimax');
  await page.locator('.g2048 .ai-step').click(); // the first AI move calibrates the pool
  await page.waitForFunction(() => document.querySelector('.g2048 .ai-fit')?.textContent, null, { timeout: 60000 });
  const fits = {};
  for (const speed of SPEEDS) {
    await pick(page, 'speed', speed);
    fits[speed] = await page.textContent('.g2048 .ai-fit');
  }
  const mps = {};
  for (const name of new Set(Object.values(fits).map((t) => /^Fits the speed: (\w+)/.exec(t)[1]))) {
    // Each rung from the calibration's mid-game position, in endless mode (2048 does not stop it).
    await page.goto(`${url}?seed=18&mode=endless&cells=${CALIBRATION.cells}`);
    await page.waitForSelector('.g2048 .board[data-cells]');
    await pick(page, 'strategy', 'expectimax');
    await pick(page, 'speed', 'max');
    const key = await page.$$eval('.g2048 .setting-strength .choice', (bs, n) => bs.find((b) => b.textContent.startsWith(`${n} (`)).className.match(/choice-(nodes\d+)/)[1], name);
    await pick(page, 'strength', key);
    await page.locator('.g2048 .ai-toggle').click();
    await page.waitForFunction(() => document.querySelector('.g2048 .ai-mps dd')?.textContent.match(/\d/), null, { timeout: 60000 });
    mps[name] = (await sample(page, SECONDS * 1000)).moves;
    const toggle = page.locator('.g2048 .ai-toggle');
    if ((await toggle.textContent()) !== 'Stop') {
      const cells = await page.getAttribute('.g2048 .board', 'data-cells');
      throw new Error(`the AI stopped by itself at ${name} (${cells}): ${await page.textContent('.g2048 .ai-status')}`);
    }
    await toggle.click();
  }
  await page.close();
  return { fits, mps };
}

async function compareRun(context, url) {
  const page = await context.newPage();
  await page.goto(`${url}compare.html`);
  await page.waitForSelector('[data-compare][data-ready="true"]');
  await page.evaluate(() => {
    const rows = document.querySelectorAll('.compare-row');
    for (const [row, strategy] of [[rows[0], 'montecarlo'], [rows[1], 'greedy']]) {
      const s = row.querySelector('.compare-strategy');
      s.value = strategy;
      s.dispatchEvent(new Event('change'));
    }
    rows[0].querySelector('.compare-strength').value = 'k10';
    document.querySelector('.compare-games').value = '1000';
  });
  await page.locator('.compare-run').click();
  await page.waitForFunction(() => document.querySelector('.compare-bar').value >= 1, null, { timeout: 60000 });
  const r = await sample(page, SECONDS * 1000);
  await page.locator('.compare-stop').click();
  await page.close();
  return r;
}

async function keyLatency(context, url) {
  const page = await context.newPage();
  await page.goto(`${url}?size=4&seed=123`);
  await page.waitForSelector('.g2048 .board[data-cells]');
  await page.evaluate(() => {
    window.latency = [];
    const board = document.querySelector('.g2048 .board');
    let pressed = null;
    window.addEventListener('keydown', (e) => { pressed = e.timeStamp; }, true);
    new MutationObserver(() => {
      if (pressed === null) return;
      const t = pressed;
      pressed = null;
      const changed = performance.now();
      requestAnimationFrame(() => window.latency.push({ board: changed - t, frame: performance.now() - t }));
    }).observe(board, { attributes: true, attributeFilter: ['data-cells'] });
  });
  const keys = ['ArrowLeft', 'ArrowDown', 'ArrowRight', 'ArrowDown'];
  for (let i = 0, n = 0; n < KEY_PRESSES && i < KEY_PRESSES * 4; i++) {
    const before = await page.getAttribute('.g2048 .board', 'data-cells');
    await page.keyboard.press(keys[i % keys.length]);
    await page.waitForTimeout(120);
    if ((await page.getAttribute('.g2048 .board', 'data-cells')) !== before) n++;
  }
  const samples = await page.evaluate(() => window.latency);
  await page.close();
  return { frame: median(samples.map((s) => s.frame)), board: median(samples.map((s) => s.board)), n: samples.length };
}

const server = await serve({ port: 0, root: ROOT });
const browser = await launchChromium();
const runs = { ai: [], defaults: [], compare: [], keys: [] };
try {
  for (let i = 0; i < RUNS; i++) {
    for (const [name, measure] of [['ai', aiAtMax], ['defaults', defaults], ['compare', compareRun], ['keys', keyLatency]]) {
      const context = await browser.newContext({ viewport: { width: 520, height: 900 } });
      if (CORES) await context.addInitScript(`Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => ${CORES} });`);
      try {
        runs[name].push(await measure(context, server.url));
      } finally {
        await context.close();
      }
    }
    process.stderr.write(`run ${i + 1} of ${RUNS} done\n`);
  }
} finally {
  await browser.close();
  await server.close();
}

const fig = (xs, digits = 0) => {
  const f = (v) => v.toFixed(digits);
  return `${f(median(xs))} (min ${f(Math.min(...xs))}, max ${f(Math.max(...xs))})`;
};
console.log(`Page responsiveness in headless Chromium: median of ${RUNS} runs of ${SECONDS} s each `
  + `(${cpus().length} cores${CORES ? `, the page told ${CORES}` : ''}: the game's AI on ${workerCount({ cores: CORES || cpus().length })} workers; `
  + `load average ${loadavg()[0].toFixed(1)} at the end)`);
console.log(`AI at Max (expectimax at its default, Fits the speed; seed 16):`);
console.log(`  frames per second            ${fig(runs.ai.map((r) => r.fps))}`);
console.log(`  16 ms ticks per second       ${fig(runs.ai.map((r) => r.ticks))}   (at most 62.5)`);
console.log(`  AI moves per second          ${fig(runs.ai.map((r) => r.moves), 1)}`);
console.log('the page\'s defaults here (Fits the speed after the calibration; each run\'s words, then moves/s at Max with that rung):');
const tally = (xs) => [...new Set(xs)].map((x) => `${x} (${xs.filter((y) => y === x).length} of ${xs.length})`).join('; ');
for (const speed of SPEEDS) console.log(`  ${speed.padEnd(7)} ${tally(runs.defaults.map((r) => r.fits[speed]))}`);
for (const name of new Set(runs.defaults.flatMap((r) => Object.keys(r.mps)))) {
  console.log(`  ${name.padEnd(7)} AI moves per second ${fig(runs.defaults.map((r) => r.mps[name]).filter((x) => x != null), 1)}`);
}
console.log(`compare.html running (Monte Carlo k = 10 against greedy, 4x4):`);
console.log(`  16 ms ticks per second       ${fig(runs.compare.map((r) => r.ticks))}   (at most 62.5)`);
console.log(`  frames per second            ${fig(runs.compare.map((r) => r.fps))}`);
console.log(`key press (real key events, ${KEY_PRESSES} moves a run; each run's median):`);
console.log(`  to the board change, ms      ${fig(runs.keys.map((r) => r.board), 2)}`);
console.log(`  to the next frame, ms        ${fig(runs.keys.map((r) => r.frame), 1)}`);
