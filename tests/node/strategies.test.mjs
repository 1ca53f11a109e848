// The page's strategy settings and the comparison's figures, without a browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  strategyCatalog, strengthChoices, defaultBudget, cleanBudget, checkWeights, splits, budgetKey,
} from '../../www/strategies.js';
import { summarize } from '../../www/compare.js';

const CATALOG = [
  { name: 'random', label: 'Random', explanation: 'r', options: [{ name: 'seed', kind: 'seed', min: 0, max: 2 ** 53, default: 0 }] },
  { name: 'montecarlo', label: 'Monte Carlo', explanation: 'm', options: [{ name: 'k', kind: 'integer', min: 1, max: 10000, default: 100 }] },
  { name: 'minimax', label: 'Minimax', explanation: 'x', options: [
    { name: 'depth', kind: 'integer', min: 1, max: 12, default: 4 },
    { name: 'weights', kind: 'weights', default: { empty: 2, corner_bonus: 5 }, fields: [
      { name: 'empty', kind: 'number', min: 0, max: 1e6, default: 2 },
      { name: 'corner_bonus', kind: 'number', min: 1, max: 100, default: 5 }] }] },
  { name: 'expectimax', label: 'Expectimax', explanation: 'e', options: [
    { name: 'ms', kind: 'number', min: 1, max: 60000, default: null },
    { name: 'nodes', kind: 'integer', min: 1, max: 1e9, default: 50000 }] },
];
const engine = { strategies: () => CATALOG };

test('the catalogue is read from the engine; without one, expectimax alone', () => {
  assert.deepEqual(strategyCatalog(engine).map((s) => s.name), ['random', 'montecarlo', 'minimax', 'expectimax']);
  assert.deepEqual(strategyCatalog({}).map((s) => s.name), ['expectimax']);
  assert.deepEqual(strategyCatalog({ strategies: () => ['expectimax', 'greedy'] }).map((s) => s.name), ['expectimax', 'greedy']);
  const minimax = strategyCatalog(engine)[2];
  assert.deepEqual(minimax.weightDefaults, { empty: 2, corner_bonus: 5 });
  assert.equal(minimax.weights[1].min, 1);
});

test('strength choices fit the strategy; expectimax defaults to 200k nodes', () => {
  const [random, mc, minimax, expectimax] = strategyCatalog(engine);
  assert.deepEqual(strengthChoices(random), []);
  assert.deepEqual(defaultBudget(random), {});
  assert.deepEqual(defaultBudget(mc), { k: 100 });
  assert.deepEqual(defaultBudget(minimax), { depth: 4 });
  assert.deepEqual(defaultBudget(expectimax), { nodes: 200000 });
  assert.equal(strengthChoices(expectimax)[0].label, 'Quick (200k positions)');
  assert.deepEqual(strengthChoices(expectimax).map((c) => c.key), ['nodes200000', 'ms10', 'ms50', 'ms200', 'ms1000']);
  assert.equal(budgetKey({ ms: 50 }), 'ms50');
  assert.deepEqual(cleanBudget(expectimax, { ms: 20 }), { ms: 20 });
  assert.equal(cleanBudget(expectimax, { depth: 3 }), null);
  assert.equal(cleanBudget(minimax, { depth: 13 }), null);
  assert.equal(cleanBudget(expectimax, { ms: 5, nodes: 5 }), null);
});

test('only time budgets are split across workers', () => {
  assert.equal(splits({ strategy: 'expectimax', ms: 50 }), true);
  assert.equal(splits({ strategy: 'expectimax', nodes: 200000 }), false);
  assert.equal(splits({ strategy: 'minimax', depth: 4 }), false);
  assert.equal(splits({ strategy: 'montecarlo', k: 100 }), false);
});

test('weights are checked field by field', () => {
  const minimax = strategyCatalog(engine)[2];
  assert.deepEqual(checkWeights(minimax, { empty: '3.5', corner_bonus: 2 }), { weights: { empty: 3.5, corner_bonus: 2 } });
  assert.deepEqual(checkWeights(minimax, { empty: '', corner_bonus: 'x' }).errors, { empty: 'Enter a number.', corner_bonus: 'Not a number.' });
  assert.deepEqual(checkWeights(minimax, { empty: '-1', corner_bonus: '0.5' }).errors, { empty: 'Must not be negative.', corner_bonus: 'At least 1.' });
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
