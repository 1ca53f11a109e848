// The strategy catalogue as the engine exports it (`strategies()`, in the page's records module
// and in the workers' ai module), what the ai module's bestMove accepts of it, and the
// page's strategy settings (www/ai/strategies.js) built from that real catalogue.
// Needs `make build`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { load, unworded } from './wasm.mjs';
import {
  strategyCatalog, strategyNames, strengthChoices, defaultBudget, cleanBudget, checkWeights, splits, budgetKey,
  gameCatalog, learnedPlays, withExplanations, explained, strategyGroup, GROUP_ORDER, DEFAULT_STRATEGY,
} from '../../www/ai/strategies.js';
import { summarize } from '../../www/compare/compare.js';

const records = await load('game2048_records');
const ai = await load('game2048_ai');

// The names docs/embed.md promises embedders, weakest first.
const NAMES = ['random', 'corner', 'cycle', 'greedy', 'montecarlo', 'montecarlo-dynamic', 'minimax', 'minimax-id', 'expectimax'];
const DIRS = ['up', 'right', 'down', 'left'];
// Only left and up move; after either, the board is full and nothing can merge, whatever
// spawns: every search ends one move deep, so even the largest budgets answer at once.
const NEAR_LOSS = [0, 8, 16, 32, 64, 128, 256, 512, 8, 16, 32, 64, 128, 256, 512, 1024];

test('strategies(): the same catalogue in the records module (without its words) and the ai module, every documented name', () => {
  for (const mod of [records, ai]) {
    const list = mod.strategies();
    assert.deepEqual(list.map((s) => s.name), NAMES);
    for (const s of list) {
      assert.equal(typeof s.label, 'string');
      assert.ok(s.label.length > 2, `${s.name} has a label`);
      if (mod === ai) assert.ok(s.explanation.length > 80, `${s.name} is explained in words`);
      assert.ok(s.options.some((o) => o.name === 'moves'), `${s.name}: every strategy takes moves`);
      for (const o of s.options) {
        assert.ok(['integer', 'number', 'seed', 'directions', 'weights'].includes(o.kind), `${s.name}.${o.name}: kind ${o.kind}`);
        assert.equal(typeof o.description, 'string');
        if ('min' in o) assert.ok(o.min < o.max, `${s.name}.${o.name}: ${o.min}..${o.max}`);
      }
    }
  }
  assert.deepEqual(records.strategies(), unworded(ai.strategies()));
  const options = Object.fromEntries(ai.strategies().map((s) => [s.name, s.options.map((o) => o.name)]));
  assert.deepEqual(options.expectimax, ['ms', 'nodes', 'depth', 'weights', 'moves']);
  assert.deepEqual(options.minimax, ['depth', 'nodes', 'weights', 'moves']);
  assert.deepEqual(options.montecarlo, ['k', 'nodes', 'seed', 'moves']);
  assert.deepEqual(options.greedy, ['moves']);
});

/** Every (option, value) pair the catalogue says is in range: each option alone at its min and max. */
function extremes(strategy) {
  const out = [];
  for (const o of strategy.options) {
    if (o.kind === 'weights') {
      for (const f of o.fields) for (const v of [f.min, f.max]) out.push([`weights.${f.name}`, { weights: { [f.name]: v } }]);
    } else if ('min' in o) {
      for (const v of [o.min, o.max]) out.push([o.name, { [o.name]: v }]);
    }
  }
  return out;
}

/** The catalogue's defaults as options: every option whose default is not null. */
const defaults = (strategy) => Object.fromEntries(strategy.options.filter((o) => o.default !== null).map((o) => [o.name, o.default]));

test('bestMove accepts every strategy of the catalogue with its defaults and with each option at its min and max', () => {
  let calls = 0;
  for (const s of ai.strategies()) {
    const open = [2, 2, 0, 0, 0, 4, 0, 0, 0, 0, 8, 0, 0, 0, 0, 2];
    for (const options of [{ strategy: s.name }, { strategy: s.name, ...defaults(s) }]) {
      const r = ai.bestMove(open, 4, options);
      assert.ok(DIRS.includes(r.dir), `${s.name} ${JSON.stringify(options)}: a move (${r.dir})`);
      assert.deepEqual(Object.keys(r.values).sort(), [...DIRS].sort());
      calls++;
    }
    for (const [name, option] of extremes(s)) {
      const options = { strategy: s.name, ...option };
      const r = ai.bestMove(NEAR_LOSS, 4, options);
      assert.ok(['left', 'up'].includes(r.dir), `${s.name} with ${name} = ${JSON.stringify(Object.values(option)[0])}: a legal move, got ${r.dir}`);
      assert.equal(r.values.right, null, 'right does not move');
      assert.equal(r.values.down, null, 'down does not move');
      calls++;
    }
  }
  assert.ok(calls > 40, `${calls} requests`);
});

test('bestMove rejects an option outside its range with a message naming the option', () => {
  const open = [2, 2, 0, 0, 0, 4, 0, 0, 0, 0, 8, 0, 0, 0, 0, 2];
  let checked = 0;
  for (const s of ai.strategies()) {
    for (const o of s.options) {
      if (o.kind === 'weights') {
        for (const f of o.fields) {
          for (const v of [f.min - 1, f.max * 2 + 1]) {
            assert.throws(() => ai.bestMove(open, 4, { strategy: s.name, weights: { [f.name]: v } }),
              (e) => e instanceof Error && e.message.includes(`weights.${f.name}`),
              `${s.name}: weights.${f.name} = ${v} is refused, naming the field`);
            checked++;
          }
        }
      } else if ('min' in o) {
        const step = o.kind === 'number' ? 0.5 : 1;
        for (const v of [o.min - step, o.max + (o.kind === 'seed' ? 2 : step)]) {
          assert.throws(() => ai.bestMove(open, 4, { strategy: s.name, [o.name]: v }),
            (e) => e instanceof Error && new RegExp(`^(bad AI options: )?${o.name}\\b`).test(e.message),
            `${s.name}: ${o.name} = ${v} is refused with a message naming ${o.name}`);
          checked++;
        }
      }
    }
    // And an option the strategy does not have.
    const foreign = s.options.some((o) => o.name === 'k') ? { depth: 3 } : { k: 10 };
    const [name] = Object.keys(foreign);
    assert.throws(() => ai.bestMove(open, 4, { strategy: s.name, ...foreign }),
      (e) => e.message === `${name} is not an option of ${s.name} (its options: ${s.options.map((o) => o.name).join(', ')})`);
  }
  assert.ok(checked > 40, `${checked} values refused`);
});

test('the page\'s catalogue is the engine\'s', () => {
  // The learned strategies last, flagged: the page downloads the network for them.
  assert.deepEqual(strategyNames(records), [...NAMES, 'td', 'expectimax-td']);
  assert.deepEqual(strategyCatalog(records).map((s) => s.label), [...records.strategies(), ...records.learnedStrategies()].map((s) => s.label));
  assert.deepEqual(strategyCatalog(records).filter((s) => s.needs === 'network').map((s) => s.name), ['td', 'expectimax-td']);
  const minimax = strategyCatalog(records).find((s) => s.name === 'minimax');
  const engineWeights = records.strategies().find((s) => s.name === 'minimax').options.find((o) => o.name === 'weights');
  assert.deepEqual(minimax.weightDefaults, engineWeights.default);
  assert.deepEqual(minimax.weights.map((w) => [w.name, w.min, w.max]), engineWeights.fields.map((f) => [f.name, f.min, f.max]));
});

test('the game page adds its default player first and each learned strategy with your network: the engine\'s texts and options, the engine\'s name to play', () => {
  const game = gameCatalog(records);
  assert.deepEqual(game.map((s) => s.name), ['best', ...NAMES, 'td', 'expectimax-td', 'td-yours', 'expectimax-td-yours']);
  // The default player: no engine strategy, no network of its own to pick, one strength.
  const best = game[0];
  assert.equal(DEFAULT_STRATEGY, 'best');
  assert.deepEqual({ label: best.label, plays: best.plays, needs: best.needs, network: best.network, weights: best.weights },
    { label: 'Strongest at this speed', plays: 'best', needs: null, network: null, weights: null });
  assert.ok(!strategyNames(records).includes('best'), 'not in the engine\'s catalogue (the compare page\'s)');
  assert.deepEqual(strengthChoices(best).map((c) => [c.key, c.label, c.default]), [['auto', 'Fits the speed', true]]);
  assert.deepEqual(defaultBudget(best), { auto: true });
  assert.deepEqual(cleanBudget(best, { auto: true }), { auto: true });
  assert.equal(cleanBudget(best, { nodes: 200000 }), null, 'an embedder\'s node budget does not apply to it');
  assert.equal(cleanBudget(best, { ms: 50 }), null);
  assert.ok(!Object.hasOwn(learnedPlays(records), 'best'), 'not a learned strategy: the pool resolves it');
  assert.deepEqual(learnedPlays(records), {
    td: { strategy: 'td', network: 'shipped' },
    'expectimax-td': { strategy: 'expectimax-td', network: 'shipped' },
    'td-yours': { strategy: 'td', network: 'yours' },
    'expectimax-td-yours': { strategy: 'expectimax-td', network: 'yours' },
  });
  for (const name of ['td', 'expectimax-td']) {
    const engine = records.learnedStrategies().find((s) => s.name === name);
    const yours = game.find((s) => s.name === `${name}-yours`);
    assert.equal(yours.label, `${engine.label}: your network`);
    assert.ok(yours.explanation.startsWith(engine.explanation), 'the engine\'s explanation');
    assert.match(yours.explanation, /your network: the one you trained on the Learn page/);
    assert.doesNotMatch(yours.explanation, /downloads its network/);
    assert.deepEqual(strengthChoices(yours), strengthChoices(game.find((s) => s.name === name)), 'the same strengths');
  }
  // The engine's words, when they come, go before each entry's own note, once.
  const td = game.find((s) => s.name === 'td');
  const tdYours = game.find((s) => s.name === 'td-yours');
  assert.ok(!explained(td) && !explained(tdYours), 'the page module has no words yet');
  withExplanations(game, { td: 'Plays by its network.' });
  withExplanations(game, { td: 'Other words.' });
  assert.match(td.explanation, /^Plays by its network\. The first time it plays, the page downloads its network/);
  assert.match(tdYours.explanation, /^Plays by its network\. This one plays with your network/);
  assert.doesNotMatch(tdYours.explanation, /downloads its network/);
  assert.ok(explained(td) && explained(tdYours));
  // The compare page's catalogue (strategyCatalog) has only the shipped network's.
  assert.ok(!strategyNames(records).some((n) => n.endsWith('-yours')));
});

test('the AI panel\'s groups: the default first, then the searching players, the learned ones, the simple ones', () => {
  const groups = Object.fromEntries(gameCatalog(records).map((s) => [s.name, strategyGroup(s)]));
  assert.deepEqual(groups, {
    random: 'simple', corner: 'simple', cycle: 'simple', greedy: 'simple',
    montecarlo: 'search', 'montecarlo-dynamic': 'search', minimax: 'search', 'minimax-id': 'search',
    best: 'default', expectimax: 'search', td: 'learned', 'expectimax-td': 'learned', 'td-yours': 'learned', 'expectimax-td-yours': 'learned',
  });
  assert.deepEqual(GROUP_ORDER, ['default', 'search', 'learned', 'simple']);
});

test('strength choices fit the strategy; each default budget is one bestMove accepts', () => {
  const info = Object.fromEntries(strategyCatalog(records).map((s) => [s.name, s]));
  for (const name of ['random', 'corner', 'cycle', 'greedy']) {
    assert.deepEqual(strengthChoices(info[name]), [], name);
    assert.deepEqual(defaultBudget(info[name]), {}, name);
  }
  assert.deepEqual(defaultBudget(info.montecarlo), { k: 100 });
  assert.deepEqual(defaultBudget(info['montecarlo-dynamic']), { k: 100 });
  assert.deepEqual(defaultBudget(info.minimax), { depth: 4 });
  assert.deepEqual(defaultBudget(info.expectimax), { auto: true }, 'expectimax: the node budget that fits the speed');
  assert.deepEqual(defaultBudget(info['minimax-id']), { nodes: 200000 });
  assert.deepEqual(strengthChoices(info.expectimax).map((c) => c.key), [
    'auto', 'nodes50000', 'nodes200000', 'nodes800000', 'nodes2500000', 'nodes10000000', 'ms10', 'ms50', 'ms200', 'ms1000',
  ]);
  assert.equal(strengthChoices(info.expectimax)[0].label, 'Fits the speed');
  assert.equal(strengthChoices(info.expectimax)[2].label, 'Quick (200k positions)');
  assert.equal(strengthChoices(info.expectimax)[3].label, 'Solid (800k positions)');
  assert.equal(strengthChoices(info.expectimax)[4].label, 'Strong (2.5M positions)');
  assert.equal(strengthChoices(info.expectimax)[5].label, 'Deep (10M positions)');
  assert.deepEqual(strengthChoices(info['minimax-id']).map((c) => c.key), ['nodes200000', 'ms10', 'ms50', 'ms200', 'ms1000']);
  assert.deepEqual(strengthChoices(info.minimax).map((c) => c.key), ['depth1', 'depth2', 'depth3', 'depth4', 'depth5', 'depth6']);
  assert.deepEqual(strengthChoices(info.montecarlo).map((c) => c.key), ['k10', 'k50', 'k100', 'k500', 'k1000']);
  // Every choice the page offers is a request the engine takes (the learned ones with a network).
  ai.loadWeights(new Uint8Array(readFileSync(new URL('../data/tiny-4x4-l8-i8.ntw', import.meta.url))));
  for (const s of strategyCatalog(records)) {
    for (const c of strengthChoices(s)) {
      if (c.key === 'auto') continue; // the pool turns it into a node budget of the ladder
      const r = ai.bestMove(NEAR_LOSS, 4, { strategy: s.name, ...c.budget });
      assert.ok(['left', 'up'].includes(r.dir), `${s.name} ${c.key}`);
    }
  }
  ai.unloadWeights();
  assert.equal(budgetKey({ ms: 50 }), 'ms50');
  assert.equal(budgetKey({}), '');
});

test('cleanBudget keeps a budget only when the engine would take it', () => {
  const info = Object.fromEntries(strategyCatalog(records).map((s) => [s.name, s]));
  assert.deepEqual(cleanBudget(info.expectimax, { ms: 20 }), { ms: 20 });
  assert.deepEqual(cleanBudget(info.minimax, { depth: 12 }), { depth: 12 });
  assert.equal(cleanBudget(info.minimax, { depth: 13 }), null, 'above the engine\'s max depth');
  assert.equal(cleanBudget(info.minimax, { depth: 0 }), null);
  assert.equal(cleanBudget(info.expectimax, { k: 3 }), null, 'expectimax has no k');
  assert.equal(cleanBudget(info.montecarlo, { k: 10001 }), null, 'above the engine\'s max k');
  assert.equal(cleanBudget(info.expectimax, { ms: 5, nodes: 5 }), null, 'one budget');
  // The engine's limits, as its catalogue gives them, are the page's.
  const msMax = info.expectimax.options.ms.max;
  assert.deepEqual(cleanBudget(info.expectimax, { ms: msMax }), { ms: msMax }, 'the engine\'s longest time a move');
  assert.equal(cleanBudget(info.expectimax, { ms: msMax + 1 }), null, 'above the engine\'s max time');
  assert.equal(cleanBudget(info.expectimax, { ms: 2.5 }), null);
  assert.equal(cleanBudget(info.greedy, { k: 10 }), null);
  assert.deepEqual(cleanBudget(info.expectimax, { auto: true }), { auto: true }, '"Fits the speed" is kept');
  assert.equal(cleanBudget(info['minimax-id'], { auto: true }), null, 'only expectimax has the ladder');
  assert.equal(cleanBudget(info.expectimax, { auto: 'yes' }), null);
  // What cleanBudget lets through, the engine accepts; what the engine refuses, it drops.
  for (const [name, budget] of [['minimax', { depth: 12 }], ['montecarlo', { k: 10000 }], ['expectimax', { nodes: 1e9 }]]) {
    assert.deepEqual(cleanBudget(info[name], budget), budget);
    assert.ok(ai.bestMove(NEAR_LOSS, 4, { strategy: name, ...budget }).dir);
  }
  for (const [name, budget] of [['minimax', { depth: 13 }], ['montecarlo', { k: 10001 }], ['expectimax', { k: 3 }]]) {
    assert.equal(cleanBudget(info[name], budget), null);
    assert.throws(() => ai.bestMove(NEAR_LOSS, 4, { strategy: name, ...budget }));
  }
});

test('time budgets and expectimax\'s and expectimax-td\'s node budgets are split across workers', () => {
  assert.equal(splits({ strategy: 'expectimax', ms: 50 }), true);
  assert.equal(splits({ strategy: 'minimax-id', ms: 10 }), true);
  assert.equal(splits({ strategy: 'expectimax', nodes: 200000 }), true);
  assert.equal(splits({ nodes: 200000 }), true, 'expectimax is the default strategy');
  assert.equal(splits({ strategy: 'expectimax-td', nodes: 20000 }), true, 'the same root split, over at most TD_WORKERS workers');
  assert.equal(splits({ strategy: 'td' }), false);
  assert.equal(splits({ strategy: 'minimax-id', nodes: 50000 }), false);
  assert.equal(splits({ strategy: 'montecarlo', nodes: 50000 }), false);
  assert.equal(splits({ strategy: 'minimax', depth: 4 }), false);
  assert.equal(splits({ strategy: 'montecarlo', k: 100 }), false);
});

test('weights are checked field by field against the engine\'s ranges, as the engine checks them', () => {
  const minimax = strategyCatalog(records).find((s) => s.name === 'minimax');
  const values = Object.fromEntries(minimax.weights.map((w) => [w.name, String(w.default)]));
  const ok = checkWeights(minimax, { ...values, empty: '3.5' });
  assert.deepEqual(ok, { weights: { ...minimax.weightDefaults, empty: 3.5 } });
  assert.ok(ai.bestMove(NEAR_LOSS, 4, { strategy: 'minimax', weights: ok.weights }).dir, 'the engine takes the checked set');
  assert.deepEqual(checkWeights(minimax, { ...values, empty: '', smoothness: 'x' }).errors, { empty: 'Enter a number.', smoothness: 'Not a number.' });
  const corner = minimax.weights.find((w) => w.name === 'corner_bonus');
  assert.ok(corner.min > 0, 'corner_bonus has a lower bound above 0');
  assert.deepEqual(checkWeights(minimax, { ...values, empty: '-1', corner_bonus: String(corner.min / 2) }).errors,
    { empty: 'Must not be negative.', corner_bonus: `At least ${corner.min}.` });
  // The engine refuses the values the page refuses.
  assert.throws(() => ai.bestMove(NEAR_LOSS, 4, { strategy: 'minimax', weights: { corner_bonus: corner.min / 2 } }), /weights\.corner_bonus/);
});

test('summarize: share of games reaching each tile and the score quartiles', () => {
  const s = summarize([{ label: 'a' }, { label: 'b' }], [
    [{ largest: 128, score: 1000, moves: 100, ms: 10 }, { largest: 256, score: 3000, moves: 200, ms: 30 }],
    [{ largest: 64, score: 500, moves: 50, ms: 5 }],
  ]);
  assert.deepEqual(s.tiles, [64, 128, 256]);
  assert.deepEqual(s.series[0].reach, [1, 1, 0.5]);
  assert.deepEqual(s.series[1].reach, [1, 0, 0]);
  assert.equal(s.series[0].median, 2000);
  assert.equal(s.series[0].mean, 2000);
  assert.deepEqual(s.series[0].scores, [1000, 3000]);
  assert.equal(s.series[1].games, 1);
  const empty = summarize([{ label: 'a' }], [[]]);
  assert.deepEqual(empty.tiles, []);
  assert.equal(empty.series[0].median, null);
});
