// The strategy picker: the default player first, then every strategy of the engine; each plays
// through Step, its explanation and strength control follow the pick and persist, expectimax's
// node budget splits over the workers, the weights panel checks input, and embedders name any
// strategy.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { setup, openPage, ready, domBoard, engineCells, choose, chosen, screenshot, recordEvents, events, drawn, cores } from './helpers.mjs';

const env = setup();
// Records every request the page posts to a worker: {worker, cells, options}; counts the
// networks the workers have read (window.networksRead).
const SPY = `
  window.sent = [];
  window.networksRead = 0;
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (m) {
    if (!this.tag) {
      this.tag = (window.workerTags = (window.workerTags || 0) + 1);
      this.addEventListener('message', ({ data }) => { if (data?.quantisation) window.networksRead++; });
    }
    // Requests only: the compiled module a worker gets first is not one.
    if (m?.id != null) window.sent.push({ worker: this.tag, cells: String(m.cells), options: m.options ?? null });
    return post.call(this, m);
  };`;
// A cheap strength for each kind of control, so the suite stays quick.
const CHEAP = { depth: 'depth2', k: 'k10', ms: 'ms10' };

const pressedStrategy = (page) => chosen(page, 'strategy');
const offered = (page) => page.$$eval('.g2048 .setting-strategy .choice', (bs) => bs.map((b) => /choice-(\S+)/.exec(b.className.replace('choice ', ''))[1]));
/** The names of the engine's own catalogue (the core module's strategies(), then its learnedStrategies(), as the page loads them). */
const engineNames = (page) => page.evaluate(async () => {
  const wasm = await import('/www/pkg/game2048_records.js');
  await wasm.default({ module_or_path: '/www/pkg/game2048_records_bg.wasm' });
  return [...wasm.strategies(), ...wasm.learnedStrategies()].map((s) => s.name);
});
const strengthKeys = (page) => page.$$eval('.g2048 .setting-strength .choice', (bs) => bs.map((b) => /choice-(\S+)/.exec(b.className.replace('choice ', ''))[1]));
const strengthShown = (page) => page.locator('.g2048 .setting-strength').isVisible();
const explanation = (page) => page.textContent('.g2048 .ai-explanation');
/** A strategy's words as `make build` wrote them (the start: the panel may cut its first sentence). */
const words = (name) => JSON.parse(readFileSync(new URL(`../../www/pkg/strategy-texts/${name}.json`, import.meta.url), 'utf8')).slice(0, 30);
/** Waits until the panel shows `name`'s explanation (fetched when the strategy is shown). */
const explained = (page, name) => page.waitForFunction((w) => document.querySelector('.g2048 .ai-explanation').textContent.includes(w), words(name), { timeout: 10000 });
const savedSettings = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('game2048:settings')));

async function stepOnce(page) {
  const before = await engineCells(page);
  await page.locator('.g2048 .ai-step').click();
  await page.waitForFunction((b) => document.querySelector('.g2048 .board').dataset.cells !== b, before.join(','), { timeout: 20000 });
  return before;
}

test('every strategy: its explanation, a strength control that fits, and Step plays legal moves with it', async () => {
  const { CALIBRATION } = await import('../../www/ai/strength-figures.js');
  const { page, done } = await openPage(env, '?seed=31', { initScript: SPY });
  const names = await offered(page);
  assert.deepEqual([...names].sort(), ['best', ...(await engineNames(page))].sort(), 'the picker offers the default player and every strategy of the engine');
  assert.equal(names.length, 12);
  // The default first, named for what it is; then the searching players, the learned, the simple.
  assert.deepEqual(names, ['best', 'montecarlo', 'montecarlo-dynamic', 'minimax', 'minimax-id', 'expectimax', 'td', 'expectimax-td', 'random', 'corner', 'cycle', 'greedy']);
  assert.equal(await page.textContent('.g2048 .setting-strategy .choice-best'), 'Strongest at this speed');
  assert.deepEqual(await page.$$eval('.g2048 .setting-strategy optgroup', (gs) => gs.map((g) => `${g.label}: ${g.children.length}`)),
    ['Searching players: 5', 'Learned players: 2', 'Simple players: 4']);
  assert.equal(await pressedStrategy(page), 'best', 'the default player by default');
  const seen = new Set();
  for (const name of names) {
    await choose(page, 'strategy', name);
    assert.equal(await pressedStrategy(page), name);
    await explained(page, name);
    const text = await explanation(page);
    assert.ok(text.length > 40, `${name} is explained`);
    assert.ok(!seen.has(text), `${name} has its own explanation`);
    seen.add(text);
    const keys = await strengthKeys(page);
    if (['random', 'corner', 'cycle', 'greedy'].includes(name)) assert.equal(await strengthShown(page), false, `${name}: no strength`);
    if (name === 'best') assert.deepEqual(keys, ['auto'], 'the default player: Fits the speed only');
    if (name === 'minimax') assert.ok(keys.length && keys.every((k) => /^depth\d+$/.test(k)), `${name}: depths ${keys}`);
    if (name.startsWith('montecarlo')) assert.ok(keys.length && keys.every((k) => /^k\d+$/.test(k)), `${name}: k ${keys}`);
    if (name === 'expectimax' || name === 'minimax-id') {
      assert.ok(keys.includes('nodes200000') && keys.includes('ms10') && keys.includes('ms1000'), `${name}: ${keys}`);
    }
    if (keys.length) {
      const kind = /^\D+/.exec(keys[0])[0];
      await choose(page, 'strength', CHEAP[kind] && keys.includes(CHEAP[kind]) ? CHEAP[kind] : keys[0]);
    }
    // A learned strategy plays once a worker has read its network (the heuristic plays in its place until then).
    if (['td', 'expectimax-td'].includes(name)) await page.waitForFunction(() => window.networksRead > 0, null, { timeout: 20000 });
    const sentBefore = await page.evaluate(() => window.sent.length);
    for (let i = 0; i < 3; i++) {
      const before = await stepOnce(page);
      // The board changed by a move the engine allows: the engine says which moves change `before`.
      const legal = await page.evaluate(async ({ cells, after }) => {
        const wasm = await import('/www/pkg/game2048_ai.js');
        await wasm.default({ module_or_path: '/www/pkg/game2048_ai_bg.wasm' });
        const ok = ['up', 'right', 'down', 'left'].filter((d) => {
          const g = wasm.Game.fromCells(4, cells, 1n);
          const moved = g.move(d);
          const slid = Array.from(g.cells());
          g.free();
          // The scratch game and the page each spawned one tile after the slide: every other cell matches.
          return moved && slid.filter((v, i) => v !== after[i]).length <= 2;
        });
        return ok;
      }, { cells: before, after: await engineCells(page) });
      assert.ok(legal.length >= 1, `${name}: step ${i + 1} was a legal move: ${before} -> ${await engineCells(page)}`);
    }
    const sent = (await page.evaluate(() => window.sent)).slice(sentBefore).filter((m) => m.options && m.cells !== String(CALIBRATION.cells));
    // The default player asks the workers for the heuristic or the learned network.
    const asked = name === 'best' ? ['expectimax', 'expectimax-td'] : [name];
    assert.ok(sent.length >= 3 && sent.every((m) => asked.includes(m.options.strategy)), `${name}: the workers were asked for ${asked}`);
    await page.waitForFunction(() => document.querySelectorAll('.g2048 .ai-best').length === 1);
    assert.deepEqual((await domBoard(page)).cells, await engineCells(page));
  }
  await screenshot(page, 'strategies');
  await done();
});

// Counts, in the page, the explanations' fetches that have settled, a task after each (the
// page's own handlers of it have run by then), and the warnings the page wrote.
const TEXTS_SPY = `
  window.textsSettled = 0;
  window.warned = [];
  const realFetch = window.fetch;
  window.fetch = function (...args) {
    const p = realFetch.apply(this, args);
    if (/strategy-texts/.test(String(args[0]))) {
      const mark = () => setTimeout(() => window.textsSettled++);
      p.then(mark, mark);
    }
    return p;
  };
  const realWarn = console.warn;
  console.warn = (...args) => { window.warned.push(args.join(' ')); realWarn.apply(console, args); };`;

test('explanations: a first visit fetches only the picked strategy\'s, after the first board; a strategy picked later fetches its own, once; a failed fetch warns once and the panel plays on; the rest behind "more" stays open while the words are the same', async () => {
  const { page, done, errors } = await openPage(env, null, { initScript: TEXTS_SPY });
  const fetched = [];
  page.on('request', (r) => {
    const m = /\/strategy-texts\/([^/]+)\.json$/.exec(new URL(r.url()).pathname);
    if (m) fetched.push(m[1]);
  });
  const warnings = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  await page.goto(`${env.url}?seed=31`);
  await ready(page);
  await explained(page, 'best');
  assert.deepEqual(fetched, ['best'], 'the picked strategy\'s words only (the default player\'s)');
  await choose(page, 'strategy', 'minimax');
  await explained(page, 'minimax');
  await page.locator('.g2048 .more-button').click();
  assert.equal(await page.locator('.g2048 .ai-explanation-rest').isVisible(), true, '"more" shows the rest');
  // The panel is drawn again (another speed, a calibration that ends) with the same words: they stay open.
  await choose(page, 'speed', 'max');
  assert.equal(await page.locator('.g2048 .ai-explanation-rest').isVisible(), true, 'the rest stays open while the words are the same');
  await choose(page, 'strategy', 'best');
  await explained(page, 'best');
  assert.equal(await page.locator('.g2048 .ai-explanation-rest').isVisible(), false, "another player's words start folded");
  await choose(page, 'strategy', 'minimax');
  await explained(page, 'minimax');
  assert.deepEqual(fetched, ['best', 'minimax'], 'each fetched once');
  // Two strategies whose words do not come: one warning; the panel shows no words and plays.
  await page.route(/\/strategy-texts\/(greedy|corner)\.json$/, (r) => r.fulfill({ status: 404, body: 'missing' }));
  await choose(page, 'strategy', 'greedy');
  await page.waitForFunction(() => document.querySelector('.g2048 .ai-explanation-short').textContent === '');
  await page.waitForFunction(() => window.warned.some((w) => /explanations could not be loaded/.test(w))); // greedy's failure warned
  await choose(page, 'strategy', 'corner');
  await page.waitForFunction(() => window.textsSettled === 4); // corner's failure is handled too
  assert.deepEqual(fetched, ['best', 'minimax', 'greedy', 'corner']);
  const said = await page.evaluate(() => window.warned);
  assert.equal(said.filter((w) => /explanations could not be loaded/.test(w)).length, 1, said.join('\n'));
  assert.equal(warnings.filter((w) => /explanations could not be loaded/.test(w)).length, 1, warnings.join('\n'));
  assert.equal(await pressedStrategy(page), 'corner');
  await stepOnce(page);
  errors.splice(0, errors.length, ...errors.filter((e) => !/404/.test(e)));
  await done();
});

test('the picked strategy and each strategy\'s strength persist across reload', async () => {
  const { LADDER, positions } = await import('../../www/ai/strength-figures.js');
  const { page, done } = await openPage(env, '?seed=32');
  assert.deepEqual(await strengthKeys(page), ['auto'], 'the default player: Fits the speed, its one strength');
  await choose(page, 'strategy', 'expectimax');
  assert.equal(await chosen(page, 'strength'), 'auto', 'expectimax: the node budget that fits the speed by default');
  assert.match(await page.textContent('.g2048 .setting-strength .choice-auto'), /Fits the speed/);
  assert.equal(await page.textContent('.g2048 .setting-strength .choice-nodes200000'), 'Quick (200k positions)');
  // One line under the picker says how strong the chosen rung plays; the ladder's figures are one click away.
  await choose(page, 'strength', 'nodes200000');
  assert.match(await page.textContent('.g2048 .ai-strength-line'), /^Quick: reaches 16384 in 6 games of 10$/);
  assert.equal(await page.locator('.g2048 .ai-ladder-table').isVisible(), false);
  await page.locator('.g2048 .ai-ladder summary').click();
  assert.deepEqual(await page.$$eval('.g2048 .ai-ladder-heuristic tr:not(.ai-ladder-family)', (rows) => rows.map((r) => r.textContent)),
    LADDER.map((r) => `${r.name}${positions(r.nodes)}${Math.round(r.reach[16384] * 100)}%${Math.round(r.reach[32768] * 100)}%`));
  assert.equal(await page.locator('.g2048 .ai-ladder-learned').isVisible(), false, 'expectimax: its own ladder alone');
  assert.equal(await page.locator('.g2048 .ai-ladder-family').first().isVisible(), false);
  await choose(page, 'strength', 'ms200');
  assert.equal(await page.textContent('.g2048 .ai-strength-line'), 'How strong it plays depends on this machine');
  await choose(page, 'strategy', 'minimax');
  assert.equal(await chosen(page, 'strength'), 'depth4', 'minimax: depth 4 by default');
  await choose(page, 'strength', 'depth3');
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('game2048:settings'))?.strategy === 'minimax');
  await page.reload();
  await ready(page);
  assert.equal(await pressedStrategy(page), 'minimax');
  assert.equal(await chosen(page, 'strength'), 'depth3');
  await choose(page, 'strategy', 'expectimax');
  assert.equal(await chosen(page, 'strength'), 'ms200', 'each strategy keeps its own strength');
  const saved = await savedSettings(page);
  assert.deepEqual(saved.budgets.expectimax, { ms: 200 });
  await done();
});

test('saves from before strategies (a bare aiMs) load: 200 ms is kept as expectimax\'s, the old default becomes the default player; a saved expectimax stays', async () => {
  for (const [aiMs, strategy, expected] of [[200, 'expectimax', 'ms200'], [50, 'best', 'auto'], ['junk', 'best', 'auto']]) {
    const init = `localStorage.setItem('game2048:settings', JSON.stringify({ size: 4, mode: 'classic', theme: 'system', aiSpeed: 'max', aiMs: ${JSON.stringify(aiMs)} }));`;
    const { page, done } = await openPage(env, '?seed=33', { initScript: `if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1'); ${init} }` });
    assert.equal(await pressedStrategy(page), strategy, `aiMs ${aiMs}`);
    assert.equal(await chosen(page, 'strength'), expected, `aiMs ${aiMs}`);
    assert.equal(await chosen(page, 'speed'), 'max', 'the rest of the save is kept');
    await stepOnce(page);
    await done();
  }
  // Nonsense in the new fields is dropped field by field.
  const bad = "localStorage.setItem('game2048:settings', JSON.stringify({ strategy: 'nope', budgets: { expectimax: { ms: -4 }, nope: { k: 3 } }, weights: [1] }));";
  const { page, done } = await openPage(env, '?seed=34', { initScript: `if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1'); ${bad} }` });
  assert.equal(await pressedStrategy(page), 'best');
  assert.equal(await chosen(page, 'strength'), 'auto');
  await done();
  // expectimax saved (the default before the default player, or picked): it stays, with its strength.
  const before = "localStorage.setItem('game2048:settings', JSON.stringify({ size: 4, mode: 'classic', theme: 'system', aiSpeed: 'fast', strategy: 'expectimax', budgets: { expectimax: { auto: true } } }));";
  const kept = await openPage(env, '?seed=34', { initScript: `if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1'); ${before} }` });
  assert.equal(await pressedStrategy(kept.page), 'expectimax');
  assert.equal(await chosen(kept.page, 'strength'), 'auto');
  await kept.done();
});

test('expectimax\'s default (Fits the speed) calibrates the pool once, then splits one ladder budget over the workers; a time budget splits too', async () => {
  const { CALIBRATION, LADDER } = await import('../../www/ai/strength-figures.js');
  const { page, done } = await openPage(env, '?seed=35', { initScript: cores(8) + SPY });
  await choose(page, 'strategy', 'expectimax');
  for (let i = 0; i < 3; i++) await stepOnce(page);
  let sent = await page.evaluate(() => window.sent.filter((m) => m.options));
  const calibration = sent.filter((m) => m.cells === String(CALIBRATION.cells));
  assert.equal(calibration.length, CALIBRATION.runs, 'the calibration ran once (its runs), before the first move');
  assert.ok(calibration.every((m) => m.options.nodes === CALIBRATION.nodes));
  const moves = sent.filter((m) => m.cells !== String(CALIBRATION.cells));
  assert.ok(moves.length > 3, `the root moves were split: ${moves.length} requests for 3 positions`);
  assert.equal(new Set(moves.map((m) => m.options.nodes)).size, 1, 'one budget for every move');
  assert.ok(LADDER.some((r) => r.nodes === moves[0].options.nodes), `a rung of the ladder (${moves[0].options.nodes})`);
  assert.ok(moves.every((m) => Array.isArray(m.options.moves) && m.options.ms === undefined && m.options.auto === undefined));
  await choose(page, 'strength', 'ms10');
  await page.evaluate(() => { window.sent.length = 0; });
  for (let i = 0; i < 3; i++) await stepOnce(page);
  sent = await page.evaluate(() => window.sent.filter((m) => m.options));
  assert.ok(sent.length > 3, `a time budget is split: ${sent.length} requests for 3 positions`);
  assert.ok(sent.every((m) => m.options.ms === 10 && Array.isArray(m.options.moves)));
  await done();
});

test('the panel says which rung Fits the speed chose on this machine and why, once calibrated, and again at each speed', async () => {
  const { CALIBRATION, LADDER } = await import('../../www/ai/strength-figures.js');
  const { SPEEDS } = await import('../../www/shared/choices.js');
  const { page, done } = await openPage(env, '?seed=36', { initScript: cores(2) + SPY });
  await choose(page, 'strategy', 'expectimax');
  const fit = page.locator('.g2048 .ai-fit');
  const line = page.locator('.g2048 .ai-strength-line');
  assert.equal(await fit.getAttribute('hidden'), '', 'nothing to say before the pool has measured this machine');
  assert.equal(await line.textContent(), 'The strongest that keeps up with the speed here');
  // The words name the rung whose budget the workers are then asked for, and the interval.
  const says = async (speed) => {
    await choose(page, 'speed', speed);
    await page.evaluate(() => { window.sent.length = 0; });
    await stepOnce(page);
    await page.waitForFunction(() => document.querySelector('.g2048 .ai-fit')?.textContent);
    const text = await fit.textContent();
    const nodes = (await page.evaluate(() => window.sent)).filter((m) => m.cells !== String(CALIBRATION.cells))[0].options.nodes;
    const rung = LADDER.find((r) => r.nodes === nodes);
    const ms = Math.round(SPEEDS[speed].intervalMs);
    assert.match(text, new RegExp(`^Fits the speed: ${rung.name}, \\S+ positions a move, (fits ${ms} ms on 2 workers|the smallest \\(${ms} ms is short for 2 workers here\\)): (reaches 16384 in .+, 32768 in .+|reach not yet measured)$`));
    // The line under the picker names the rung and how strong it plays.
    assert.match(await line.textContent(), new RegExp(`^${rung.name} here: (reaches 16384 in [^,]+|reach not yet measured)$`));
    return text;
  };
  const max = await says('max');
  const watch = await says('watch');
  assert.notEqual(watch, max, 'the words follow the speed');
  // A speed picked without a move since: the words change at once.
  await choose(page, 'speed', 'max');
  assert.equal(await fit.textContent(), max);
  await choose(page, 'strength', 'nodes50000');
  assert.equal(await fit.getAttribute('hidden'), '', 'a fixed budget: nothing to fit');
  assert.match(await line.textContent(), /^Light: reaches 16384 in 3 games of 10/);
  await done();
});

// The engine's own check of a weights set, stood in for by a worker that refuses
// any set with empty = 7 (every field the page lets through is one the engine
// accepts, so a real refusal cannot be typed in).
const REFUSING_WORKER = "import './worker.js?real';\nconst real = self.onmessage;\n"
  + "self.onmessage = (e) => { const w = e.data?.options?.weights;"
  + " if (w && Object.values(w).includes(7)) postMessage({ id: e.data.id, error: 'bad weights: the engine refuses 7' }); else real(e); };";

test('weights: bad input shows an error next to the control and keeps the last good set; reset restores the defaults', async () => {
  const { page, context, done } = await openPage(env, '?seed=36', { initScript: SPY, wait: false });
  await context.route((url) => url.pathname.endsWith('/www/ai/worker.js') && !url.search, (route) => route.fulfill({
    status: 200, contentType: 'text/javascript', body: REFUSING_WORKER,
  }));
  await page.reload();
  await ready(page);
  const name = 'minimax';
  await choose(page, 'strategy', name);
  await choose(page, 'strength', 'depth2');
  // The weights are in the settings dialog.
  await page.locator('.g2048 .settings-button').click();
  const advanced = page.locator('.g2048 .ai-advanced');
  assert.equal(await advanced.isVisible(), true, 'minimax has weights to edit');
  await advanced.locator('summary').click();
  const fields = await page.$$eval('.g2048 .weight input', (xs) => xs.map((x) => ({ name: x.name, value: x.value })));
  assert.deepEqual(fields.map((f) => f.name), ['monotonicity', 'smoothness', 'empty', 'max_tile', 'corner_bonus', 'merges'], 'the engine\'s minimax weights');
  const defaults = Object.fromEntries(fields.map((f) => [f.name, Number(f.value)]));
  const field = fields.find((f) => f.name === 'empty');
  const input = page.locator(`.g2048 .weight-${field.name} input`);
  const error = page.locator(`.g2048 .weight-${field.name} .weight-error`);
  assert.equal(await page.locator('.g2048 .weights-reset').isDisabled(), true, 'nothing to reset yet');

  // A good value is taken, saved and used.
  await input.fill('3.5');
  await input.press('Tab');
  await page.waitForFunction((s) => JSON.parse(localStorage.getItem('game2048:settings'))?.weights?.[s], name);
  assert.equal((await savedSettings(page)).weights[name][field.name], 3.5);
  assert.equal(await error.textContent(), '');
  assert.equal(await page.locator('.g2048 .weights-reset').isDisabled(), false);

  // Empty, not a number, negative: an error next to the field, the good set stays.
  for (const [typed, message] of [['', /number/i], ['-2', /negative|at least/i]]) {
    await input.fill(typed);
    await input.press('Tab');
    await page.waitForFunction((sel) => document.querySelector(sel).textContent !== '', `.g2048 .weight-${field.name} .weight-error`);
    assert.match(await error.textContent(), message, `"${typed}"`);
    assert.equal(await input.getAttribute('aria-invalid'), 'true');
    assert.equal((await savedSettings(page)).weights[name][field.name], 3.5, 'the last good value is kept');
  }
  // A set the engine refuses (see REFUSING_WORKER): its error shows, the last good set stays.
  await input.fill('7');
  await input.press('Tab');
  await page.waitForFunction(() => /refuses 7/.test(document.querySelector('.g2048 .ai-advanced').textContent));
  assert.match(await error.textContent(), /the engine refuses 7/, 'next to the field just edited');
  assert.equal(await input.getAttribute('aria-invalid'), 'true');
  assert.equal((await savedSettings(page)).weights[name][field.name], 3.5);
  // The AI plays with the last good weights.
  await page.keyboard.press('Escape');
  await page.evaluate(() => { window.sent.length = 0; });
  await stepOnce(page);
  const used = await page.evaluate(() => window.sent.filter((m) => m.options).at(-1).options);
  assert.equal(used.weights[field.name], 3.5);
  await screenshot(page, 'weights-error');

  // Reload: the good value; reset: the defaults, and the errors are gone.
  await page.reload();
  await ready(page);
  await page.locator('.g2048 .settings-button').click();
  await page.locator('.g2048 .ai-advanced summary').click();
  assert.equal(await input.inputValue(), '3.5');
  await page.locator('.g2048 .weights-reset').click();
  const after = await page.$$eval('.g2048 .weight input', (xs) => Object.fromEntries(xs.map((x) => [x.name, Number(x.value)])));
  assert.deepEqual(after, defaults);
  assert.equal((await savedSettings(page)).weights[name], undefined, 'no custom weights saved');
  assert.equal(await page.locator('.g2048 .weight-error:not(:empty)').count(), 0);
  await done();
});

test('embedders name any strategy: the strategy attribute and mount({strategy}), checked by strategies.js', async () => {
  const { page, done } = await openPage(env, 'demo.html', { wait: false });
  await drawn(page, '#play');
  await recordEvents(page);
  const names = await page.evaluate(async () => {
    const wasm = await import('/www/pkg/game2048_ai.js');
    await wasm.default({ module_or_path: '/www/pkg/game2048_ai_bg.wasm' });
    const { strategyNames } = await import('/www/ai/strategies.js');
    return strategyNames(wasm);
  });
  assert.deepEqual(names, await engineNames(page));
  const other = 'minimax-id';
  await page.evaluate(async ({ other }) => {
    const el = document.createElement('game-2048');
    el.id = 'attr';
    el.setAttribute('strategy', other);
    el.setAttribute('persist', 'off');
    el.setAttribute('controls', 'full');
    document.querySelector('main').append(el);
    await el.ready;
    el.step();
    const { mount } = await import('/embed.js');
    const host = document.createElement('div');
    host.id = 'mounted';
    document.querySelector('main').append(host);
    const game = mount(host, { strategy: other, persist: false });
    await game.ready;
    game.startAI();
    game.stopAI();
  }, { other });
  const pressed = await page.evaluate(() => document.querySelector('#attr').shadowRoot.querySelector('.setting-strategy select').value);
  assert.equal(pressed, other);
  const [start] = await events(page, { type: 'ai-start', id: 'mounted' });
  assert.equal(start.detail.strategy, other);
  await page.waitForFunction(() => window.__events.some((e) => e.type === 'move' && e.id === 'attr'), null, { timeout: 20000 });
  await page.evaluate(() => document.querySelector('#attr').setAttribute('strategy', 'expectimax'));
  const now = await page.evaluate(() => document.querySelector('#attr').shadowRoot.querySelector('.setting-strategy select').value);
  assert.equal(now, 'expectimax');
  await done();
});
