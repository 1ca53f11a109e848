// The root split under a node budget: what the page's workers search in parallel,
// merged by www/ai/split.js, is exactly what one bestMove call answers (the arena's and
// Node's sequential search): move, every value, nodes and depth.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { load } from './wasm.mjs';
import { DIRS, TD_WORKERS, groups, merge, splits, splitWorkers } from '../../www/ai/split.js';
import { NETWORK_FILE } from '../../www/ai/network.js';

const ai = await load('game2048_ai');

/** Positions from one seeded game played by expectimax at a small budget. */
function positions(size, seed, count) {
  const game = new ai.Game(size, BigInt(seed));
  const out = [];
  try {
    while (out.length < count && !game.over) {
      const cells = Array.from(game.cells());
      out.push(cells);
      const { dir } = ai.bestMove(cells, size, { nodes: 2000 });
      game.move(dir);
    }
  } finally {
    game.free();
  }
  return out;
}

const brief = (d) => ({ dir: d.dir, values: d.values, nodes: d.nodes, depth: d.depth });

test('a node budget searched move by move (any grouping over 1 to 4 workers) merges to the whole search', () => {
  let compared = 0;
  for (const [size, seed] of [[4, 3], [4, 9], [3, 5], [5, 2]]) {
    for (const cells of positions(size, seed, 25)) {
      const options = { strategy: 'expectimax', nodes: 20000 };
      assert.ok(splits(options));
      const whole = ai.bestMove(cells, size, options);
      const legal = Array.from(ai.legalMoves(cells, size));
      for (const count of [1, 2, 3, 4]) {
        const parts = groups(legal, count).map((moves) => ai.bestMove(cells, size, { ...options, moves }));
        assert.deepEqual(brief(merge(parts)), brief(whole), `${size}x${size} ${cells} over ${count} workers`);
      }
      compared++;
    }
  }
  assert.ok(compared >= 80, `${compared} positions`);
});

test('expectimax-td\'s node budget (the shipped network judging) splits alike: its parts over 1 or 2 workers merge to the whole search', () => {
  ai.loadWeights(gunzipSync(readFileSync(new URL(`../../${NETWORK_FILE}`, import.meta.url))));
  try {
    let compared = 0;
    for (const seed of [4, 11]) {
      for (const cells of positions(4, seed, 12)) {
        const options = { strategy: 'expectimax-td', nodes: 3000 };
        assert.ok(splits(options));
        const whole = ai.bestMove(cells, 4, options);
        const legal = Array.from(ai.legalMoves(cells, 4));
        for (const count of [1, 2, 4]) {
          const parts = groups(legal, splitWorkers('expectimax-td', count)).map((moves) => ai.bestMove(cells, 4, { ...options, moves }));
          assert.ok(parts.length <= TD_WORKERS, `${parts.length} parts on ${count} workers`);
          assert.deepEqual(brief(merge(parts)), brief(whole), `${cells} over ${count} workers`);
        }
        compared++;
      }
    }
    assert.ok(compared >= 20, `${compared} positions`);
  } finally {
    ai.unloadWeights();
  }
  // Two workers at most hold the network; the heuristic splits over all of them.
  assert.equal(TD_WORKERS, 2);
  assert.deepEqual([1, 2, 3, 4].map((n) => splitWorkers('expectimax-td', n)), [1, 2, 2, 2]);
  assert.deepEqual([1, 2, 3, 4].map((n) => splitWorkers('expectimax', n)), [1, 2, 3, 4]);
});

test('each part is the same whoever else is searched: a move alone has its own value', () => {
  const cells = [2, 2, 0, 0, 0, 4, 0, 0, 0, 0, 8, 0, 0, 0, 0, 2]; // four legal moves
  const whole = ai.bestMove(cells, 4, { nodes: 40000 });
  for (const d of DIRS) {
    const alone = ai.bestMove(cells, 4, { nodes: 40000, moves: [d] });
    assert.equal(alone.dir, d);
    assert.equal(alone.values[d], whole.values[d], d);
  }
});

test('merge: the best value wins, the first in up, right, down, left order among equals; no move, depth 0', () => {
  const part = (values, nodes, depth) => ({ values: { up: null, right: null, down: null, left: null, ...values }, nodes, depth, ms: 1 });
  const m = merge([part({ left: 5 }, 10, 4), part({ up: 5, right: 3 }, 20, 3)]);
  assert.deepEqual({ dir: m.dir, nodes: m.nodes, depth: m.depth }, { dir: 'up', nodes: 30, depth: 3 });
  assert.deepEqual(merge([part({}, 0, 0)]).dir, null);
  assert.equal(merge([part({}, 0, 0)]).depth, 0);
  assert.deepEqual(groups(['up', 'right', 'down', 'left'], 3), [['up', 'left'], ['right'], ['down']]);
  assert.deepEqual(groups(['up', 'left'], 4), [['up'], ['left']]);
});

test('"Fits the speed": the largest rung of the ladder whose budget fits the share of the interval, over the workers a split uses', async () => {
  const { LADDER: REAL, FILL, fitBudget: fit, rungLabel, fitLabel, splitShare, spentShare } = await import('../../www/ai/strength-figures.js');
  const { SPEEDS } = await import('../../www/shared/choices.js');
  const nodes = REAL.map((r) => r.nodes);
  assert.deepEqual([...nodes].sort((a, b) => a - b), nodes, 'the ladder climbs');
  // The rule on the ladder's budgets with no measured cost (a rung costs its whole budget),
  // whatever the arena has measured so far.
  const LADDER = REAL.map((r) => ({ ...r, reach: null, nodesPerMove: null }));
  const fitBudget = (rate, workers, interval) => fit(rate, workers, interval, LADDER);
  // A measured mean cost replaces the budget: 200k spending 40k a move fits where 50k's budget would.
  const measured = LADDER.map((r) => (r.nodes === 200000 ? { ...r, nodesPerMove: 40000 } : r));
  assert.equal(fit(10000, 1, SPEEDS.max.intervalMs, measured), 200000);
  assert.equal(fitBudget(10000, 1, SPEEDS.max.intervalMs), 50000);
  // A rung the arena has not measured yet costs its budget times the largest share of its
  // budget that a measured rung spends (200k spending 40k: a fifth), not its whole budget:
  // 800k then costs 160k a move, which fits 100 ms on one worker at 160,000 / 70 nodes per ms
  // (its whole budget would need 5x that speed); just below, 200k.
  assert.equal(spentShare(LADDER), 1, 'nothing measured: the whole budget');
  assert.equal(spentShare(measured), 0.2);
  assert.equal(spentShare([...measured.slice(0, 2), { ...measured[2], nodesPerMove: 240000 }]), 0.3, 'the largest share measured');
  assert.equal(fit(160000 / (FILL * 100), 1, 100, measured), 800000);
  assert.equal(fit((160000 / (FILL * 100)) * 0.999, 1, 100, measured), 200000);
  assert.equal(fitLabel(160000 / (FILL * 100), 1, 100, measured), 'Fits the speed: Solid, 800k positions a move, fits 100 ms on 1 worker: reach not yet measured');
  // 10,000 nodes per ms per worker: at Max (1/61 s), 0.7 of it fits 115,000 nodes on one
  // worker (50k), 345,000 over three or more (200k).
  assert.equal(fitBudget(10000, 1, SPEEDS.max.intervalMs), 50000);
  assert.equal(fitBudget(10000, 4, SPEEDS.max.intervalMs), 200000);
  // 200k on three workers: four legal moves take two shares on the busiest worker (1/2 of
  // the whole, 10 ms of the 11.5 ms), still in.
  assert.equal(fitBudget(10000, 3, SPEEDS.max.intervalMs), 200000);
  assert.equal(fitBudget(10000, 1, SPEEDS.fast.intervalMs), 200000);
  assert.equal(fitBudget(10000, 4, SPEEDS.watch.intervalMs), 2500000);
  // The exact edge: a rung that needs exactly FILL of the interval fits.
  assert.equal(fitBudget(LADDER[2].nodes / (FILL * 100), 1, 100), LADDER[2].nodes);
  assert.equal(fitBudget(LADDER[2].nodes / (FILL * 100) - 1, 1, 100), LADDER[1].nodes);
  // Over W workers a split move lasts as long as its busiest worker: ceil(L / W) of the L
  // legal moves' equal shares; the worst of the usual 3 and 4 legal moves counts.
  assert.equal(splitShare(1), 1);
  assert.equal(splitShare(2), 2 / 3, 'three moves on two workers: two shares of three');
  assert.equal(splitShare(3), 1 / 2, 'four moves on three workers: two shares of four');
  assert.equal(splitShare(4), 1 / 3, 'three moves on four workers: one share of three');
  assert.equal(splitShare(8), 1 / 3, 'never less than one share of three');
  // On the ladder: Solid (800k) on W workers fits 100 ms when 800k * share / rate <= 70 ms.
  // Just above the rate that edge needs it fits; just below, Quick.
  const edge = (w, share) => (LADDER[2].nodes * share) / (FILL * 100);
  for (const [w, share] of [[1, 1], [2, 2 / 3], [3, 1 / 2], [4, 1 / 3]]) {
    assert.equal(fitBudget(edge(w, share) * 1.001, w, 100), LADDER[2].nodes, `${w} workers, just fast enough`);
    assert.equal(fitBudget(edge(w, share) * 0.999, w, 100), LADDER[1].nodes, `${w} workers, just too slow`);
  }
  // Two workers do not halve a move (three legal moves: 2/3), three do not cut it to a third (1/2).
  assert.equal(fitBudget(edge(2, 1 / 2), 2, 100), LADDER[1].nodes);
  assert.equal(fitBudget(edge(3, 1 / 3), 3, 100), LADDER[1].nodes);
  // Nothing fits, or a broken calibration: the smallest rung.
  assert.equal(fitBudget(1, 4, 16), LADDER[0].nodes);
  assert.equal(fitBudget(NaN, 4, 16), LADDER[0].nodes);
  assert.equal(fitBudget(0, 4, 16), LADDER[0].nodes);
  // Faster speeds never get a larger budget.
  for (const w of [1, 2, 4]) {
    const picks = ['watch', 'fast', 'faster', 'max'].map((s) => fitBudget(30000, w, SPEEDS[s].intervalMs));
    assert.deepEqual([...picks].sort((a, b) => b - a), picks, `${w} workers: ${picks}`);
  }
  // The panel's words for the pick: the rung, the interval, the workers, the reach.
  const light = { ...LADDER[0], reach: { 16384: 0.345, 32768: 0.005 } };
  const unmeasured = { ...LADDER[2], reach: null, nodesPerMove: null };
  const words = [light, LADDER[1], unmeasured, ...LADDER.slice(3)];
  assert.equal(fitLabel(10000, 4, 100, words), 'Fits the speed: Solid, 800k positions a move, fits 100 ms on 4 workers: reach not yet measured');
  assert.equal(fitLabel(1, 1, SPEEDS.max.intervalMs, words), 'Fits the speed: Light, 50k positions a move, the smallest (16 ms is short for 1 worker here): reaches 16384 in 3 games of 10, 32768 in 1 game in 200');
  // Labels quote a measured reach only where the data has one.
  assert.equal(rungLabel({ nodes: 2500000, name: 'Strong', reach: null }), 'Strong (2.5M positions): reach not yet measured');
  assert.equal(rungLabel({ nodes: 2500000, name: 'Strong', reach: { 16384: 0.9, 32768: 0.31 } }), 'Strong (2.5M positions): reaches 16384 in 9 games of 10, 32768 in 3 games of 10');
  assert.equal(rungLabel({ nodes: 50000, name: 'Light', reach: { 16384: 0.345, 32768: 0.005 } }), 'Light (50k positions): reaches 16384 in 3 games of 10, 32768 in 1 game in 200');
  // A share near one in ten in its own words, never "1 games of 10".
  assert.equal(rungLabel({ nodes: 800000, name: 'Solid', reach: { 16384: 0.775, 32768: 0.115 } }), 'Solid (800k positions): reaches 16384 in 8 games of 10, 32768 in 1 game in 9');
  assert.equal(rungLabel({ nodes: 50000, name: 'Light', reach: { 16384: 0.05, 32768: 0 } }), 'Light (50k positions): reaches 16384 in 1 game in 20, 32768 in no game measured');
});

test('the default player fits the speed across both families: the strongest measured rung that fits, the heuristic while the network is not ready', async () => {
  const { FILL } = await import('../../www/ai/strength-figures.js');
  const { fitPlayer, fitPlayerLabel, pickLabel, pickLine, FAMILIES } = await import('../../www/ai/fit-player.js');
  assert.deepEqual(FAMILIES.map((f) => f.strategy), ['expectimax', 'expectimax-td']);
  const heuristic = [
    { nodes: 50000, name: 'Light', reach: { 8192: 0.8, 16384: 0.3, 32768: 0 }, nodesPerMove: 20000 },
    { nodes: 800000, name: 'Solid', reach: { 8192: 0.96, 16384: 0.7, 32768: 0.1 }, nodesPerMove: 300000 },
  ];
  const learned = [
    { nodes: 20000, name: 'Quick', reach: { 8192: 0.98, 16384: 0.8, 32768: 0.2 }, nodesPerMove: 8000 },
    { nodes: 300000, name: 'Strong', reach: null, nodesPerMove: null },
  ];
  const families = [
    { strategy: 'expectimax', ladder: heuristic, words: 'the heuristic search' },
    { strategy: 'expectimax-td', ladder: learned, words: 'the learned network' },
  ];
  const pick = (speeds, workers, ms) => {
    const p = fitPlayer(speeds, workers, ms, families);
    return `${p.strategy} ${p.nodes}${p.fits ? '' : ' (none fits)'}`;
  };
  // 100 ms on one worker: FILL x 100 ms of nodes. Solid fits the heuristic at 300000 / 70 nodes a ms.
  const solid = 300000 / (FILL * 100);
  const quick = 8000 / (FILL * 100);
  // The network not loaded (no speed for it): the heuristic, its strongest rung that fits.
  assert.equal(pick({ expectimax: solid }, 1, 100), 'expectimax 800000');
  assert.equal(pick({ expectimax: solid, 'expectimax-td': null }, 1, 100), 'expectimax 800000');
  // Loaded and fast enough for its measured rung: the learned rung is stronger, so it plays.
  assert.equal(pick({ expectimax: solid, 'expectimax-td': quick }, 1, 100), 'expectimax-td 20000');
  // Too slow for it: the heuristic's rung that fits.
  assert.equal(pick({ expectimax: solid, 'expectimax-td': quick * 0.99 }, 1, 100), 'expectimax 800000');
  // An unmeasured rung is never picked, however fast (Strong has no figures).
  assert.equal(pick({ expectimax: solid, 'expectimax-td': 1e9 }, 1, 100), 'expectimax-td 20000');
  const unmeasured = [families[0], { ...families[1], ladder: [learned[1]] }];
  assert.equal(`${fitPlayer({ expectimax: 1, 'expectimax-td': 1e9 }, 1, 16, unmeasured).strategy}`, 'expectimax');
  // A weaker learned rung loses to a stronger heuristic rung that fits.
  const weak = [{ ...learned[0], reach: { 8192: 0.9, 16384: 0.5, 32768: 0.05 } }];
  assert.equal(fitPlayer({ expectimax: solid, 'expectimax-td': quick }, 1, 100, [families[0], { ...families[1], ladder: weak }]).strategy, 'expectimax');
  // Two workers: a move waits for the busier, 2 of 3 root moves, so 2/3 of one worker's speed fits the same rungs.
  assert.equal(pick({ expectimax: solid * (2 / 3), 'expectimax-td': quick * (2 / 3) }, 2, 100), 'expectimax-td 20000');
  assert.equal(pick({ expectimax: solid * (2 / 3) * 0.99, 'expectimax-td': quick * (2 / 3) * 0.99 }, 2, 100), 'expectimax 50000');
  // Four workers: the heuristic splits over all four (a third of a move each, the busiest), the
  // learned network over TD_WORKERS, two (two thirds): it needs the speed that fits on two.
  assert.equal(pick({ expectimax: 1, 'expectimax-td': quick * (2 / 3) }, 4, 100), 'expectimax-td 20000');
  assert.equal(pick({ expectimax: 1, 'expectimax-td': quick * (2 / 3) * 0.99 }, 4, 100), 'expectimax 50000 (none fits)', 'a third would fit, two thirds do not');
  assert.equal(fitPlayer({ expectimax: solid / 3, 'expectimax-td': quick * (2 / 3) }, 4, 100, families).workers, 2);
  assert.equal(pick({ expectimax: solid / 3 }, 4, 100), 'expectimax 800000', 'the heuristic on four workers');
  assert.equal(fitPlayerLabel({ expectimax: 1, 'expectimax-td': quick }, 4, 100, families),
    'Fits the speed: the learned network, Quick (20k positions a move), fits 100 ms on 2 workers: reaches 16384 in 8 games of 10, 32768 in 2 games of 10');
  // Nothing fits: the heuristic's smallest rung, said so.
  assert.equal(pick({ expectimax: 1, 'expectimax-td': 1 }, 1, 16), 'expectimax 50000 (none fits)');
  assert.equal(pick({}, 1, 16), 'expectimax 50000 (none fits)');
  assert.equal(fitPlayerLabel({ expectimax: solid, 'expectimax-td': quick }, 2, 150, families),
    'Fits the speed: the learned network, Quick (20k positions a move), fits 150 ms on 2 workers: reaches 16384 in 8 games of 10, 32768 in 2 games of 10');
  assert.equal(fitPlayerLabel({ expectimax: 1 }, 1, 16, families),
    'Fits the speed: the heuristic search, Light (50k positions a move), the smallest (16 ms is short for 1 worker here): reaches 16384 in 3 games of 10, 32768 in no game measured');
  // The pool's pick says why the heuristic plays while the learned network cannot be weighed.
  const heuristicPick = { ...fitPlayer({ expectimax: solid }, 1, 100, families) };
  const said = (learned) => [pickLabel({ ...heuristicPick, learned }, 100).replace(/^.*32768 in 1 game in 10/, ''), pickLine({ ...heuristicPick, learned })];
  assert.deepEqual(said('downloading'), ['. The heuristic plays: the learned network is downloading.', 'The heuristic search, Solid here: reaches 16384 in 7 games of 10 (the learned network is downloading)']);
  assert.deepEqual(said('size'), ['. The heuristic plays: the learned network plays 4×4 only.', 'The heuristic search, Solid here: reaches 16384 in 7 games of 10 (the learned network plays 4×4 only)']);
  assert.deepEqual(said('timing'), ['. The heuristic plays: the page is timing the learned network.', 'The heuristic search, Solid here: reaches 16384 in 7 games of 10 (the page is timing the learned network)']);
  assert.deepEqual(said('unavailable'), ['. The heuristic plays: the learned network is unavailable.', 'The heuristic search, Solid here: reaches 16384 in 7 games of 10 (the learned network is unavailable)']);
  assert.deepEqual(said('unmeasured')[0], '. The heuristic plays: the arena has not measured the learned network yet.');
  // Weighed (ready, or not asked yet): the figures decided, nothing more to say.
  assert.deepEqual(said('ready'), ['', 'The heuristic search, Solid here: reaches 16384 in 7 games of 10']);
  assert.deepEqual(said(null), ['', 'The heuristic search, Solid here: reaches 16384 in 7 games of 10']);
  const learnedPick = { ...fitPlayer({ expectimax: solid, 'expectimax-td': quick }, 1, 100, families), learned: 'ready' };
  assert.equal(pickLine(learnedPick), 'The learned network, Quick here: reaches 16384 in 8 games of 10');
  assert.equal(pickLabel(learnedPick, 100), fitPlayerLabel({ expectimax: solid, 'expectimax-td': quick }, 1, 100, families));
});

test('at Max a learned rung plays only with FASTEST_GAMES games behind its figures; at the other speeds with the figures it has', async () => {
  const { fitPlayer, FASTEST_GAMES, FAMILIES } = await import('../../www/ai/fit-player.js');
  const { SPEEDS } = await import('../../www/shared/choices.js');
  assert.equal(FAMILIES.find((f) => f.strategy === 'expectimax-td').fastestGames, FASTEST_GAMES);
  const heuristic = { strategy: 'expectimax', words: 'the heuristic search', ladder: [{ nodes: 50000, name: 'Light', reach: { 8192: 0.8, 16384: 0.3, 32768: 0 }, nodesPerMove: 100, games: 200 }] };
  const learned = {
    strategy: 'expectimax-td',
    words: 'the learned network',
    fastestGames: FASTEST_GAMES,
    ladder: [
      { nodes: 20000, name: 'Sharp', reach: { 8192: 0.98, 16384: 0.9, 32768: 0.45 }, nodesPerMove: 100, games: FASTEST_GAMES },
      { nodes: 80000, name: 'Shrewd', reach: { 8192: 0.99, 16384: 0.95, 32768: 0.55 }, nodesPerMove: 100, games: 200 },
    ],
  };
  const speeds = { expectimax: 1e6, 'expectimax-td': 1e6 };
  // Both rungs fit both speeds; the stronger has 200 games.
  assert.equal(fitPlayer(speeds, 2, SPEEDS.watch.intervalMs, [heuristic, learned]).rung.name, 'Shrewd');
  assert.equal(fitPlayer(speeds, 2, SPEEDS.max.intervalMs, [heuristic, learned]).rung.name, 'Sharp');
  // With its 1,000 games in, Max plays it too.
  learned.ladder[1].games = FASTEST_GAMES;
  assert.equal(fitPlayer(speeds, 2, SPEEDS.max.intervalMs, [heuristic, learned]).rung.name, 'Shrewd');
});

test('rungs rank on the seeds both played: a short run\'s lucky first seeds do not outrank a long run that did as well on them', async () => {
  const { fitPlayer } = await import('../../www/ai/fit-player.js');
  const { SPEEDS } = await import('../../www/shared/choices.js');
  const heuristic = { strategy: 'expectimax', words: 'the heuristic search', ladder: [{ nodes: 50000, name: 'Light', reach: { 8192: 0.8, 16384: 0.3, 32768: 0 }, nodesPerMove: 100, games: 200, strength: [[200, 0.3]] }] };
  // Sharp over 1,000 games: 0.928 + 0.462; on its first 200, 0.935 + 0.503. Wise over those 200
  // seeds alone: 0.925 + 0.53, above Sharp's whole figure, below its figure on the same seeds.
  const sharp = { nodes: 20000, name: 'Sharp', reach: { 8192: 0.98, 16384: 0.928, 32768: 0.462 }, nodesPerMove: 100, games: 1000, strength: [[200, 0.935 + 0.503], [1000, 0.928 + 0.462]] };
  const wise = { nodes: 300000, name: 'Wise', reach: { 8192: 0.97, 16384: 0.925, 32768: 0.48 }, nodesPerMove: 100, games: 200, strength: [[200, 0.925 + 0.48]] };
  const learned = { strategy: 'expectimax-td', words: 'the learned network', ladder: [sharp, wise] };
  const speeds = { expectimax: 1e6, 'expectimax-td': 1e6 };
  const at = (ladder) => fitPlayer(speeds, 2, SPEEDS.watch.intervalMs, [heuristic, { ...learned, ladder }]).rung.name;
  assert.ok(wise.reach[16384] + wise.reach[32768] > sharp.reach[16384] + sharp.reach[32768], 'Wise ranks above on whole figures');
  assert.equal(at([sharp, wise]), 'Sharp');
  // Stronger than Sharp on their common seeds: Wise.
  assert.equal(at([sharp, { ...wise, strength: [[200, 0.935 + 0.51]] }]), 'Wise');
});
