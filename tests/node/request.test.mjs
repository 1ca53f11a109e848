// The request pipeline (www/ai/request.js), in plain Node: no workers, no wasm. What the page
// asks (the settings' strategy and budget) with what is known (the speeds measured, the
// networks read, the legal root moves) becomes the engine's request, or its parts split by root
// move, and the answer's words on who played. Ladders of the test's own, so that no real figure
// decides.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { plan, resolveAuto, resolveDefault, resolveLearned, split, standIn, networkOf, needsSpeed, STAND_IN } from '../../www/ai/request.js';
import { ROLES } from '../../www/ai/roles.js';
import { BEST } from '../../www/ai/best.js';
import { LADDER, fitBudget } from '../../www/ai/strength-figures.js';
import { TD_WORKERS } from '../../www/ai/split.js';
import { SHIPPED } from '../../www/shared/choices.js';

const H = ROLES.heuristic;
const TD = ROLES.learnedSearch;
const CELLS = [2, 4, 0, 0, 0, 2, 0, 0, 0, 0, 8, 0, 0, 0, 0, 2];
// The learned search's one rung is stronger than any heuristic rung, and fits 100 ms at 6,000
// nodes per ms on two workers.
const FAMILIES = [
  {
    strategy: H,
    words: 'the heuristic search',
    ladder: [
      { nodes: 50000, name: 'Light', reach: { 8192: 0.8, 16384: 0.3, 32768: 0 }, nodesPerMove: 20000 },
      { nodes: 800000, name: 'Solid', reach: { 8192: 0.96, 16384: 0.7, 32768: 0.1 }, nodesPerMove: 300000 },
    ],
  },
  { strategy: TD, words: 'the learned network', ladder: [{ nodes: 20000, name: 'Sharp', reach: { 8192: 0.98, 16384: 0.8, 32768: 0.2 }, nodesPerMove: 8000 }] },
];
const PLAYS = { [ROLES.learnedMove]: { strategy: ROLES.learnedMove, network: SHIPPED }, [TD]: { strategy: TD, network: SHIPPED }, [`${TD}-yours`]: { strategy: TD, network: 'yours' } };
const strategies = (r) => r.parts.map((p) => p.body.options.strategy);

test('the default player becomes the heuristic until the learned search has a speed, then the stronger family\'s rung, with its network', () => {
  const heuristicOnly = resolveDefault({ strategy: BEST, auto: 100 }, { workers: 4, speeds: { [H]: 60000, [TD]: null }, families: FAMILIES });
  assert.deepEqual(heuristicOnly, { options: { strategy: H, nodes: 800000 }, learned: null });
  const learned = resolveDefault({ strategy: BEST, auto: 100 }, { workers: 4, speeds: { [H]: 60000, [TD]: 6000 }, families: FAMILIES });
  assert.deepEqual(learned, { options: { strategy: TD, nodes: 20000 }, learned: { strategy: TD, network: SHIPPED } });
  // Without "Fits the speed" it is the heuristic at the engine's default budget.
  assert.deepEqual(resolveDefault({ strategy: BEST }, { workers: 4, speeds: {}, families: FAMILIES }).options, { strategy: STAND_IN });
  // Any other strategy passes through.
  const minimax = { strategy: 'minimax', depth: 3 };
  assert.equal(resolveDefault(minimax, { workers: 4, speeds: {}, families: FAMILIES }).options, minimax);
});

test('a learned strategy plays with its network once read; until then the heuristic stands in at the same budget, and off 4x4 the engine is asked as is', () => {
  const none = () => false;
  const all = () => true;
  assert.deepEqual(resolveLearned({ strategy: TD, nodes: 20000 }, { size: 4, plays: PLAYS, held: none }),
    { options: { strategy: STAND_IN, nodes: 20000 }, needs: null, played: STAND_IN, fallback: true });
  assert.deepEqual(resolveLearned({ strategy: TD, nodes: 20000 }, { size: 4, plays: PLAYS, held: all }),
    { options: { strategy: TD, nodes: 20000 }, needs: SHIPPED, played: TD, fallback: false });
  // Your network: the engine's strategy, with the network of its own.
  assert.deepEqual(resolveLearned({ strategy: `${TD}-yours`, ms: 50 }, { size: 4, plays: PLAYS, held: (k) => k === 'yours' }),
    { options: { strategy: TD, ms: 50 }, needs: 'yours', played: `${TD}-yours`, fallback: false });
  // td takes no budget: its stand-in gets the heuristic ladder's lightest rung; weights are the learned strategy's, not the heuristic's.
  assert.deepEqual(standIn({ strategy: ROLES.learnedMove, weights: { a: 1 } }), { strategy: STAND_IN, nodes: LADDER[0].nodes });
  assert.deepEqual(resolveLearned({ strategy: TD, nodes: 20000 }, { size: 5, plays: PLAYS, held: none }),
    { options: { strategy: TD, nodes: 20000 }, needs: null, played: TD, fallback: false });
  assert.equal(networkOf({ strategy: `${TD}-yours` }, 4, PLAYS), 'yours', 'its download starts before the plan');
  assert.equal(networkOf({ strategy: `${TD}-yours` }, 3, PLAYS), null, 'not off 4x4');
  assert.equal(networkOf({ strategy: H }, 4, PLAYS), null);
});

test('"Fits the speed" becomes the node budget that fits at the measured speed; other budgets stay', () => {
  assert.ok(needsSpeed({ strategy: H, auto: 25 }) && needsSpeed({ strategy: BEST, auto: 25 }) && !needsSpeed({ strategy: H, nodes: 5 }));
  for (const [rate, workers, auto] of [[60000, 4, 100], [60000, 1, 1000 / 61], [2000, 2, 250]]) {
    assert.deepEqual(resolveAuto({ strategy: H, auto, weights: { x: 1 } }, { rate, workers }), { strategy: H, nodes: fitBudget(rate, workers, auto), weights: { x: 1 } });
  }
  assert.notEqual(fitBudget(60000, 4, 250), fitBudget(2000, 1, 1000 / 61), 'the speeds above pick different rungs');
  const ms = { strategy: H, ms: 50 };
  assert.equal(resolveAuto(ms, { rate: 1, workers: 1 }), ms);
});

test('a request that splits becomes one part per worker by root move, asking the legal moves only then', () => {
  let asked = 0;
  const legal = (moves) => () => (asked++, moves);
  const parts = split(CELLS, 4, { strategy: H, nodes: 200000 }, { workers: 4, legal: legal(['up', 'right', 'left']) });
  assert.deepEqual(parts.map((p) => [p.worker, p.body.options.moves]), [[0, ['up']], [1, ['right']], [2, ['left']]]);
  assert.ok(parts.every((p) => p.body.cells === CELLS && p.body.size === 4 && p.body.options.nodes === 200000));
  // The learned search over at most TD_WORKERS workers.
  const td = split(CELLS, 4, { strategy: TD, nodes: 20000 }, { workers: 4, legal: legal(['up', 'right', 'down', 'left']) });
  assert.equal(td.length, TD_WORKERS);
  assert.deepEqual(td.flatMap((p) => p.body.options.moves).sort(), ['down', 'left', 'right', 'up']);
  assert.equal(asked, 2);
  // Whole, without asking: a fixed depth, one worker, one legal move.
  assert.deepEqual(split(CELLS, 4, { strategy: 'minimax', depth: 3 }, { workers: 4, legal: legal([]) }), [{ worker: 0, body: { cells: CELLS, size: 4, options: { strategy: 'minimax', depth: 3 } } }]);
  assert.equal(split(CELLS, 4, { strategy: H, nodes: 1 }, { workers: 1, legal: legal([]) }).length, 1);
  assert.equal(asked, 2, 'no legal moves asked for a request that does not split');
  assert.equal(split(CELLS, 4, { strategy: H, nodes: 1 }, { workers: 4, legal: legal(['up']) }).length, 1);
});

test('the whole pipeline: what each request becomes and what its answer says', () => {
  const legal = () => ['up', 'right', 'down', 'left'];
  const base = { cells: CELLS, size: 4, workers: 4, families: FAMILIES, plays: PLAYS, legal };
  // The default player while the network is not timed: the heuristic's rung over every worker.
  const first = plan({ ...base, options: { strategy: BEST, auto: 100 }, speeds: { [H]: 60000, [TD]: null }, held: () => false });
  assert.deepEqual(first.said, { budget: 800000, played: H, fallback: false });
  assert.deepEqual(strategies(first), [H, H, H, H]);
  assert.equal(first.needs, null);
  // Once timed: the learned search, over two workers, each holding the network.
  const later = plan({ ...base, options: { strategy: BEST, auto: 100 }, speeds: { [H]: 60000, [TD]: 6000 }, held: () => true });
  assert.deepEqual(later.said, { budget: 20000, played: TD, fallback: false });
  assert.deepEqual(strategies(later), [TD, TD]);
  assert.equal(later.needs, SHIPPED);
  // td named, its network downloading: the heuristic at the ladder's lightest rung, split.
  const td = plan({ ...base, options: { strategy: ROLES.learnedMove }, speeds: {}, held: () => false });
  assert.deepEqual(td.said, { budget: LADDER[0].nodes, played: STAND_IN, fallback: true });
  assert.equal(td.parts.length, 4);
  // A time budget splits too, and says no node budget.
  const ms = plan({ ...base, options: { strategy: H, ms: 50 }, speeds: {}, held: () => false });
  assert.deepEqual(ms.said, { budget: null, played: H, fallback: false });
  assert.ok(ms.parts.every((p) => p.body.options.ms === 50));
});

test("the page's request (board-ai.js's requestOf): a budget as given, Fits the speed as the speed's interval, weights copied; each speed paces and fits from one table", async () => {
  const { requestOf } = await import('../../www/ai/board-ai.js');
  const { SPEEDS } = await import('../../www/shared/choices.js');
  assert.deepEqual(requestOf({ strategy: H, budget: { nodes: 200000 }, speed: 'max' }), { strategy: H, nodes: 200000 });
  const weights = { empty: 3 };
  const asked = requestOf({ strategy: H, budget: { auto: true }, weights, speed: 'fast' });
  assert.deepEqual(asked, { strategy: H, auto: 100, weights: { empty: 3 } });
  assert.notEqual(asked.weights, weights, 'the settings\' weights are not handed out');
  assert.deepEqual(requestOf({ strategy: BEST, budget: { auto: true }, speed: 'max' }), { strategy: BEST, auto: 1000 / 61 });
  // Max: no pause between moves, and a budget fitted to 61 moves a second.
  assert.deepEqual(Object.fromEntries(Object.entries(SPEEDS).map(([k, s]) => [k, [s.label, s.delayMs, s.intervalMs]])), {
    watch: ['Watch', 250, 250], fast: ['Fast', 100, 100], faster: ['Faster', 25, 25], max: ['Max', 0, 1000 / 61],
  });
});
