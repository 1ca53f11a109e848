// The comparison page: two strategies over the same seeded games in workers,
// a progress bar, one chart series per strategy with a text fallback, a main
// thread whose timers keep firing, and a Stop that ends the workers at once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ENDGAME_FILE, ENDGAME_FROM } from '../../www/ai/endgame.js';
import { setsName } from '../../tools/lib/ews.mjs';
import { setup, openPage, screenshot, workerByTurn, DIES, diesAtGame, cores, WORKER_SPY, until, runTimers, frames } from './helpers.mjs';

const env = setup();
// The shipped endgame sets' name: each set's checksum, joined by "+" (loadEndgame's `set`).
const SET_NAME = setsName(readFileSync(new URL(`../../${ENDGAME_FILE}`, import.meta.url)));

async function openCompare(initScript, { clock = false } = {}) {
  const opened = await openPage(env, 'compare.html', { wait: false, initScript, clock });
  await opened.page.waitForSelector('[data-compare][data-ready="true"]');
  return opened;
}

/** Fills the form: rows [[strategy, strength]], games, size; then Run. */
async function run(page, rows, games, size = 4) {
  await page.evaluate(({ rows, games, size }) => {
    const pick = (i, [strategy, strength]) => {
      while (document.querySelectorAll('.compare-row').length <= i) document.querySelector('.compare-add').click();
      const row = document.querySelectorAll('.compare-row')[i];
      const s = row.querySelector('.compare-strategy');
      s.value = strategy;
      s.dispatchEvent(new Event('change'));
      if (strength) row.querySelector('.compare-strength').value = strength;
    };
    rows.forEach((r, i) => pick(i, r));
    document.querySelector('.compare-games').value = String(games);
    document.querySelector('.compare-size').value = String(size);
  }, { rows, games, size });
  await page.locator('.compare-run').click();
}

// Playwright hears of a worker's end a little after the page ended it.
const noWorkers = (page) => until(() => page.workers().length === 0, 10000);

const progress = (page) => page.$eval('.compare-bar', (p) => ({ value: p.value, max: p.max }));

test('greedy against random: games in workers to the end, progress, one series per strategy, a table', async () => {
  const { page, done } = await openCompare();
  const games = 6;
  await run(page, [['greedy'], ['random']], games);
  assert.equal(await page.locator('.compare-stop').isDisabled(), false, 'Stop is available while running');
  await page.waitForFunction(() => /^Done/.test(document.querySelector('.compare-status').textContent), null, { timeout: 60000 });
  assert.deepEqual(await progress(page), { value: 2 * games, max: 2 * games });
  assert.equal(await page.textContent('.compare-count'), `${2 * games} of ${2 * games}`);
  assert.equal(await page.locator('.compare-run').isDisabled(), false);
  assert.equal(await page.locator('.compare-stop').isDisabled(), true);

  for (const chart of ['.chart-tiles', '.chart-scores']) {
    assert.equal(await page.locator(`${chart} .series`).count(), 2, `${chart}: one series per strategy`);
    const a11y = await page.$eval(chart, (svg) => ({
      role: svg.getAttribute('role'),
      title: document.getElementById(svg.getAttribute('aria-labelledby'))?.textContent,
      desc: document.getElementById(svg.getAttribute('aria-describedby'))?.textContent,
    }));
    assert.equal(a11y.role, 'img');
    assert.ok(a11y.title.length > 5, `${chart} has a title`);
    assert.match(a11y.desc, /Greedy/, `${chart} says in words what it shows`);
    assert.match(a11y.desc, /Random/);
  }
  assert.ok(await page.locator('.chart-tiles .bar').count() >= 2);
  assert.ok(await page.locator('.chart-scores .line').count() === 2);
  const rows = await page.$$eval('.compare-table tbody tr', (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
  assert.equal(rows.length, 2);
  assert.match(rows[0][0], /^Greedy/);
  assert.match(rows[1][0], /^Random/);
  assert.deepEqual(rows.map((r) => r[1]), [String(games), String(games)], 'every game counted');
  assert.ok(rows.every((r) => Number(r[2]) > 0), 'median scores');
  assert.ok(await noWorkers(page), 'the workers end with the run');
  await screenshot(page, 'compare');
  await done();
});

test('the same seeds for every strategy: one strategy twice gives the same games', async () => {
  const { page, done } = await openCompare();
  await run(page, [['greedy'], ['greedy']], 4, 3);
  await page.waitForFunction(() => /^Done/.test(document.querySelector('.compare-status').textContent), null, { timeout: 60000 });
  const rows = await page.$$eval('.compare-table tbody tr', (trs) => trs.map((tr) => [...tr.children].slice(1).map((c) => c.textContent)));
  assert.equal(rows.length, 2);
  // Same games, same figures (the time per game aside).
  assert.deepEqual(rows[0].slice(0, -1), rows[1].slice(0, -1));
  await done();
});

test('the main thread keeps its timers while games come in; Stop ends the run at once: workers terminated, no result after it', async () => {
  const { page, done } = await openCompare(WORKER_SPY);
  // A 16 ms timer on the main thread noting the games finished so far each time it runs.
  // (How often it runs is a figure: make figures-page.)
  await page.evaluate(() => {
    window.barSeen = [];
    window.tickTimer = setInterval(() => window.barSeen.push(document.querySelector('.compare-bar').value), 16);
  });
  await run(page, [['montecarlo', 'k10'], ['greedy']], 1000);
  await page.waitForFunction(() => document.querySelector('.compare-bar').value >= 2, null, { timeout: 60000 });
  assert.ok(page.workers().length >= 1, 'games run in workers');
  // The run goes on (2,000 games): after the next result comes in, the timer fires again.
  const seen = await page.$eval('.compare-bar', (p) => p.value);
  await page.waitForFunction((v) => window.barSeen.some((b) => b > v), seen, { timeout: 30000 });
  await page.evaluate(() => clearInterval(window.tickTimer));
  await page.locator('.compare-stop').click();
  const stopped = await progress(page);
  assert.match(await page.textContent('.compare-status'), /^Stopped after \d+ of 2000 games/);
  // Results come only from workers: every one the page started was ended by the click.
  assert.deepEqual(await page.evaluate(() => [window.workers, (window.terminated ?? []).length]).then(([n, t]) => t === n && n > 0), true, 'every worker terminated at once');
  assert.ok(await noWorkers(page), 'and gone');
  await frames(page, 2); // a message already queued from a worker is dispatched (or dropped) by now
  assert.deepEqual(await progress(page), stopped, 'no result after Stop');
  assert.equal(await page.locator('.compare-run').isDisabled(), false, 'a new run can start');
  await done();
});

test('a bad number of games: nothing starts, the reason shows; two rows at least', async () => {
  const { page, done } = await openCompare();
  await run(page, [['greedy'], ['random']], 0);
  assert.match(await page.textContent('.compare-status'), /1 to 1000 games/);
  assert.equal(page.workers().length, 0);
  assert.equal(await page.locator('.compare-remove').first().isDisabled(), true, 'two rows at least');
  await done();
});

// The page sees 2 cores: one worker plays every game.
const dropCrash = (errors) => errors.splice(0, errors.length, ...errors.filter((e) => !/test crash/.test(e)));

test('a worker that dies while starting is replaced: the run goes on to the end', async () => {
  const { page, context, errors, done } = await openCompare(cores(2));
  const served = await workerByTurn(context, (n) => (n <= 2 ? DIES : undefined));
  await run(page, [['greedy'], ['random']], 2);
  await page.waitForFunction(() => /^(Done|Stopped)/.test(document.querySelector('.compare-status').textContent), null, { timeout: 60000 });
  assert.equal(await page.textContent('.compare-status'), 'Done: 2 games per strategy.');
  assert.equal(served.count, 3, 'two replacements');
  assert.deepEqual(await progress(page), { value: 4, max: 4 });
  dropCrash(errors);
  await done();
});

test('a worker that never starts: a few tries, then the run stops with the reason; a new run can start', async () => {
  const { page, context, errors, done } = await openCompare(cores(2) + WORKER_SPY, { clock: true });
  const served = await workerByTurn(context, () => DIES);
  await run(page, [['greedy'], ['random']], 2);
  await page.waitForFunction(() => /^(Done|Stopped)/.test(document.querySelector('.compare-status').textContent), null, { timeout: 30000 });
  assert.equal(await page.textContent('.compare-status'), 'Stopped: the AI worker could not be loaded (Uncaught Error: test crash while starting; 4 tries).');
  assert.equal(served.count, 4, 'the first worker and three replacements');
  await runTimers(page); // a fifth try would be started by a restart timer
  assert.equal(await page.evaluate(() => window.workers), 4, 'and no more after');
  assert.equal(await page.locator('.compare-run').isDisabled(), false, 'a new run can start');
  dropCrash(errors);
  await done();
});

test('the pool: a worker whose script never arrives is replaced at the start deadline; a network download longer than the deadline is not cut off', async () => {
  const { page, context, done } = await openCompare(WORKER_SPY, { clock: true });
  let release;
  const held = new Promise((r) => { release = r; });
  const served = await workerByTurn(context, (n) => (n === 1 ? held.then(() => DIES) : undefined));
  await page.evaluate(async () => {
    const { runGames } = await import('/www/compare/pool.js');
    const { networkUrl } = await import('/www/ai/network.js');
    const bytes = new Uint8Array(await (await fetch(networkUrl())).arrayBuffer());
    // The network's download, held until the test lets it finish.
    const weights = new Promise((r) => { window.release = () => r(bytes); });
    const play = (seed) => ({ play: { size: 4, seed, options: { strategy: 'greedy' }, maxMoves: 20 } });
    window.outcome = new Promise((resolve) => {
      const results = [];
      runGames({
        jobs: [play(1), play(2), play(3)],
        count: 2,
        weights,
        startTimeout: 2000,
        onResult: (job, r) => results.push(r.moves),
        onError: (job, text) => resolve(`error: ${text}`),
        onFail: (text) => resolve(`failed: ${text}`),
        onDone: () => resolve(results),
      });
    });
  });
  // Once the other worker is ready, the one that hangs is replaced at its deadline (run at
  // once on the page's clock).
  await page.waitForFunction(() => window.readied.length === 1, null, { timeout: 20000 });
  await runTimers(page, 2000);
  await page.waitForFunction(() => window.terminated?.length === 1 && window.workers === 3, null, { timeout: 20000 });
  // Once both live workers are ready (their starts are over; the download goes on), five
  // times the deadline on the page's clock: a deadline that counted the download would fail
  // four starts in a row (the run stopped).
  await page.waitForFunction(() => window.readied.length === 2, null, { timeout: 20000 });
  await runTimers(page, 5 * 2000);
  await page.evaluate(() => window.release());
  const outcome = await page.evaluate(() => Promise.race([window.outcome, new Promise((r) => { setTimeout(() => r('still waiting'), 30000); })]));
  assert.deepEqual(outcome, [20, 20, 20], 'every game played');
  assert.ok(served.count >= 3, 'the one that hung was replaced');
  release();
  await done();
});

const finished = (page) => page.waitForFunction(() => /^(Done|Stopped)/.test(document.querySelector('.compare-status').textContent), null, { timeout: 60000 });
// The table's figures per strategy, the time per game aside.
const figures = (page) => page.$$eval('.compare-table tbody tr', (trs) => trs.map((tr) => [...tr.children].slice(0, -1).map((c) => c.textContent)));
// Every game's answer as the workers sent it (WORKER_SPY), by game, the time aside; then forgotten.
const answers = (page) => page.evaluate(() => window.answers.splice(0).filter((a) => a.result)
  .map(({ id, result: { largest, score, moves } }) => ({ id, largest, score, moves })).sort((a, b) => a.id - b.id));

test('a worker that dies in the middle of a run is replaced and its game played again: Done, every game once, the results of a run without the crash', async () => {
  const { page, context, errors, done } = await openCompare(cores(2) + WORKER_SPY);
  // The first worker dies when its third game arrives; the others are the real worker.
  const served = await workerByTurn(context, (n) => (n === 1 ? diesAtGame(3) : undefined));
  await run(page, [['greedy'], ['random']], 3);
  await finished(page);
  assert.equal(await page.textContent('.compare-status'), 'Done: 3 games per strategy.');
  assert.equal(served.count, 2, 'one replacement');
  assert.deepEqual(await progress(page), { value: 6, max: 6 });
  const crashed = { figures: await figures(page), answers: await answers(page) };
  assert.deepEqual(crashed.figures.map((r) => r[1]), ['3', '3'], 'every game counted once');
  assert.deepEqual(crashed.answers.map((a) => a.id), [0, 1, 2, 3, 4, 5], 'the third game answered once, by the replacement');

  // The same run without a crash: the same games, the same figures.
  await run(page, [['greedy'], ['random']], 3);
  await finished(page);
  assert.equal(await page.textContent('.compare-status'), 'Done: 3 games per strategy.');
  assert.equal(served.count, 3);
  assert.deepEqual(await answers(page), crashed.answers);
  assert.deepEqual(await figures(page), crashed.figures);
  dropCrash(errors);
  await done();
});

test('a worker that dies in every game: a few tries, then the run stops with the reason; no endless restarts', async () => {
  const { page, context, errors, done } = await openCompare(cores(2) + WORKER_SPY, { clock: true });
  const served = await workerByTurn(context, () => diesAtGame(1));
  await run(page, [['greedy'], ['random']], 2);
  await finished(page);
  assert.equal(await page.textContent('.compare-status'), 'Stopped: the AI worker failed (Uncaught Error: test crash mid-game; 4 tries).');
  assert.equal(served.count, 4, 'the first worker and three replacements');
  await runTimers(page); // a fifth try would be started by a restart timer
  assert.equal(await page.evaluate(() => window.workers), 4, 'and no more after');
  assert.ok(await noWorkers(page), 'no worker left');
  assert.equal(await page.locator('.compare-run').isDisabled(), false, 'a new run can start');
  dropCrash(errors);
  await done();
});

test('the pool: every worker reads the endgame set before its first game; a set that cannot be had, or read, is named once and the games are played without it', async () => {
  const { page, done } = await openCompare(WORKER_SPY);
  const runs = await page.evaluate(async () => {
    const { runGames } = await import('/www/compare/pool.js');
    const { fetchEndgame } = await import('/www/ai/endgame.js');
    const play = (seed) => ({ play: { size: 4, seed, options: { strategy: 'greedy' }, maxMoves: 20 } });
    const go = (endgame) => new Promise((resolve) => {
      const results = [];
      const news = [];
      runGames({
        jobs: [1, 2, 3, 4].map(play),
        count: 2,
        endgame,
        onEndgame: (n) => news.push(n),
        onResult: (job, r) => results.push(r.moves),
        onError: (job, text) => resolve({ error: text }),
        onFail: (text) => resolve({ failed: text }),
        onDone: () => resolve({ results, news, answers: window.answers.splice(0), sent: window.endgameSent.splice(0) }),
      });
    });
    return [await go(fetchEndgame()), await go(Promise.reject(new Error('HTTP 404'))), await go(Promise.resolve(new Uint8Array([1, 2, 3])))];
  });
  const [withSet, missing, corrupt] = runs;
  assert.deepEqual(withSet.results, [20, 20, 20, 20], 'every game played');
  assert.equal(withSet.news.length, 1, JSON.stringify(withSet.news));
  assert.equal(withSet.news[0].loaded?.set, SET_NAME, 'the first reading names the shipped set');
  // Each worker that played (a quick one may play all four games before the other is ready).
  const workers = [...new Set(withSet.answers.filter((a) => a.result).map((a) => a.worker))];
  assert.ok(workers.length >= 1);
  for (const w of workers) {
    const mine = withSet.answers.filter((a) => a.worker === w);
    const read = mine.findIndex((a) => a.set === SET_NAME);
    const first = mine.findIndex((a) => a.result);
    assert.ok(read >= 0 && read < first, `worker ${w} reads the set (${read}) before its first game (${first})`);
  }
  const sentTo = withSet.sent.map((s) => s.worker);
  assert.equal(new Set(sentTo).size, sentTo.length, 'each worker sent it once');
  assert.ok(workers.every((w) => sentTo.includes(w)) && withSet.sent.every((s) => s.from === ENDGAME_FROM), JSON.stringify(withSet.sent));

  assert.deepEqual(missing.results, [20, 20, 20, 20], 'a missing set stops nothing');
  assert.deepEqual(missing.news, [{ error: 'the endgame table could not be loaded (HTTP 404)' }]);
  assert.equal(missing.sent.length, 0);
  assert.deepEqual(corrupt.results, [20, 20, 20, 20], 'nor does a corrupt one');
  assert.equal(corrupt.news.length, 1, 'named once, though every worker failed to read it');
  assert.match(corrupt.news[0].error ?? '', /^the endgame table could not be read \(.+\)$/);
  await done();
});
