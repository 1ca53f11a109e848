// The page's default player, "Strongest at this speed" (www/ai/best.js), in the worker pool
// (www/ai/pool.js, {strategy: 'best', auto: intervalMs}) and the controller, over stand-in
// workers and injected ladders (the real ones have no learned figures yet): each request
// becomes the heuristic or the learned network at the rung fitPlayer picks from the speeds
// known then. The heuristic plays while the network downloads, off 4x4 and when it cannot be
// had; the network is timed in the background once the first worker has read it, and counts
// from the next move; expectimax-td splits over at most two workers, the only ones sent the
// network. The panel's lines say what plays and why; a fresh visitor gets the default player,
// a saved expectimax stays. Plain Node: the workers are a stand-in engine (FakeWorker) whose
// searches take their nodes divided by a speed per strategy. Needs `make build` (the game).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from './wasm.mjs';
import { createAi } from '../../www/ai/pool.js';
import { createController } from '../../www/game/controller.js';
import { cleanSettings, createStorage, memoryStorage } from '../../www/game/storage.js';
import { gameCatalog } from '../../www/ai/strategies.js';
import { CALIBRATION, LADDER } from '../../www/ai/strength-figures.js';
import { strengthWords } from '../../www/ai/strength-words.js';
import { TD_WORKERS } from '../../www/ai/split.js';

const records = await load('game2048_records');
const DIRS = ['up', 'right', 'down', 'left'];
// Nodes a worker searches per ms, by strategy (the real ones: about 65,000 and 5,000-7,600 in wasm here).
const SPEED = { expectimax: 60000, 'expectimax-td': 6000 };

// Every stand-in worker made, in order; each answers its messages one after another, as worker.js does.
let made = [];
class FakeWorker {
  constructor() {
    this.tag = made.length + 1;
    this.requests = [];
    this.network = false;
    made.push(this);
  }

  answer(data) {
    setTimeout(() => this.onmessage?.({ data }));
  }

  postMessage(m) {
    if (m.module) return this.answer({ ready: true });
    if (m.weights) {
      this.network = true;
      return this.answer({ id: m.id, shape: '4x6', levels: 14, quantisation: 'c8', weights: 1, bytes: m.weights.length, memory: 1 });
    }
    const { strategy = 'expectimax', nodes = 50000, moves = Array.from(records.legalMoves(m.cells, m.size)) } = m.options;
    this.requests.push({ strategy, nodes, moves, calibration: String(m.cells) === String(CALIBRATION.cells) });
    if (strategy === 'expectimax-td' && !this.network) return this.answer({ id: m.id, error: 'no network is loaded' });
    const values = Object.fromEntries(DIRS.map((d, i) => [d, moves.includes(d) ? 10 + i : null]));
    const dir = DIRS.filter((d) => values[d] != null).at(-1) ?? null;
    this.answer({ id: m.id, dir, values, nodes, depth: 3, ms: nodes / SPEED[strategy], memory: 1 });
  }

  terminate() {}
}
globalThis.Worker = FakeWorker;

// Ladders whose figures say the learned network's Quick is stronger than any heuristic rung.
const FAMILIES = [
  {
    strategy: 'expectimax',
    words: 'the heuristic search',
    ladder: [
      { nodes: 50000, name: 'Light', reach: { 8192: 0.8, 16384: 0.3, 32768: 0 }, nodesPerMove: 20000 },
      { nodes: 800000, name: 'Solid', reach: { 8192: 0.96, 16384: 0.7, 32768: 0.1 }, nodesPerMove: 300000 },
    ],
  },
  {
    strategy: 'expectimax-td',
    words: 'the learned network',
    ladder: [{ nodes: 20000, name: 'Quick', reach: { 8192: 0.98, 16384: 0.8, 32768: 0.2 }, nodesPerMove: 8000 }],
  },
];
const CELLS = [2, 4, 0, 0, 0, 2, 0, 0, 0, 0, 8, 0, 0, 0, 0, 2];

/**
 * A pool of `count` stand-in workers playing with FAMILIES; the network's download answers when
 * the test calls release() (or fail()). speeds: a promise per onSpeed call (nextSpeed()).
 */
function pool({ count = 4, families = FAMILIES, onSpeed = () => {}, onNetwork = () => {} } = {}) {
  made = [];
  let release;
  let fail;
  const downloads = [];
  const states = [];
  let speedWaiters = [];
  const ai = createAi({
    legalMoves: records.legalMoves,
    count,
    compile: () => Promise.resolve({}),
    families,
    network: () => {
      downloads.push(1);
      return new Promise((resolve, reject) => {
        release = () => resolve(new Uint8Array(64));
        fail = () => reject(new Error('the learned network could not be downloaded (HTTP 404)'));
      });
    },
    onNetwork: (state) => {
      states.push(state);
      onNetwork(state);
    },
    onSpeed: () => {
      onSpeed();
      for (const w of speedWaiters) w();
      speedWaiters = [];
    },
  });
  return {
    ai,
    downloads,
    states,
    release: () => release(),
    fail: () => fail(),
    nextSpeed: () => new Promise((resolve) => speedWaiters.push(resolve)),
    /** The moves' requests (not the calibrations') each worker was asked since `from` (per worker: its requests' count before). */
    asked: (from = made.map(() => 0)) => made.flatMap((w, i) => w.requests.slice(from[i] ?? 0).filter((r) => !r.calibration).map((r) => ({ worker: w.tag, ...r }))),
    mark: () => made.map((w) => w.requests.length),
    holders: () => made.filter((w) => w.network).map((w) => w.tag),
  };
}

const best = (auto = 100) => ({ strategy: 'best', auto });
const summary = (r) => `${r.played} ${r.budget}`;

test('the default player: the heuristic while the network downloads (nothing waits for it); once read and timed, the learned network from the next move, over two workers only', async () => {
  const p = pool();
  // The first move on 4x4: the heuristic's calibration, then its strongest rung that fits; the
  // network's download has started, and nobody waits for it.
  const first = await p.ai.decide(CELLS, 4, best());
  assert.equal(summary(first), 'expectimax 800000');
  assert.equal(first.fallback, false);
  assert.equal(p.downloads.length, 1, 'the download started with the first move on 4x4');
  assert.deepEqual(p.states.map((s) => Object.keys(s).filter((k) => k !== 'network')[0]), ['loading']);
  assert.equal(p.ai.pick(4, 100).learned, 'downloading');
  assert.equal(p.ai.pick(4, 100).strategy, 'expectimax');
  assert.equal(summary(await p.ai.decide(CELLS, 4, best())), 'expectimax 800000', 'still downloading: the heuristic');
  assert.equal(p.downloads.length, 1, 'one download');
  assert.deepEqual(p.holders(), [], 'no worker holds the network yet');
  const heuristicParts = p.asked();
  assert.deepEqual([...new Set(heuristicParts.map((r) => r.strategy))], ['expectimax']);
  assert.equal(new Set(heuristicParts.map((r) => r.worker)).size, 4, 'the heuristic splits over every worker');

  // The network arrives: the first worker reads it, then times expectimax-td on the calibration
  // position in the background; the pick then changes.
  const timed = p.nextSpeed();
  p.release();
  await timed;
  const [first_] = made;
  const learnedRuns = first_.requests.filter((r) => r.calibration && r.strategy === 'expectimax-td');
  assert.equal(learnedRuns.length, CALIBRATION.runs, 'timed on the calibration position, best of the runs');
  assert.ok(learnedRuns.every((r) => r.nodes === CALIBRATION.nodes));
  assert.deepEqual(p.holders(), [first_.tag], 'the first worker read it');
  assert.equal(p.ai.pick(4, 100).learned, 'ready');
  assert.equal(p.ai.pick(4, 100).strategy, 'expectimax-td');

  const from = p.mark();
  const learned = await p.ai.decide(CELLS, 4, best());
  assert.equal(summary(learned), 'expectimax-td 20000', 'the learned network, at its rung that fits');
  const parts = p.asked(from);
  assert.deepEqual([...new Set(parts.map((r) => r.strategy))], ['expectimax-td']);
  assert.deepEqual([...new Set(parts.map((r) => r.worker))], [1, 2], `split over ${TD_WORKERS} workers`);
  assert.deepEqual(parts.map((r) => r.moves), [['up', 'down'], ['right', 'left']]);
  assert.deepEqual(p.holders(), [1, 2], 'only the workers of its split hold the network');
  assert.equal(learned.dir, 'left', 'the merged answer');
  // On 3x3 the heuristic, network timed or not: the network plays 4x4 only.
  const small = p.mark();
  assert.equal(summary(await p.ai.decide([2, 2, 0, 0, 4, 0, 0, 0, 0], 3, best())), 'expectimax 800000');
  assert.deepEqual([...new Set(p.asked(small).map((r) => r.strategy))], ['expectimax']);
  assert.equal(p.ai.pick(3, 100).learned, 'size');
  // A speed where nothing of the learned family fits: the heuristic again (max, 16 ms on 4 workers: Solid).
  const slow = pool({ families: [FAMILIES[0], { ...FAMILIES[1], ladder: [{ ...FAMILIES[1].ladder[0], nodesPerMove: 1e6 }] }] });
  assert.equal(summary(await slow.ai.decide(CELLS, 4, best())), 'expectimax 800000');
  const slowTimed = slow.nextSpeed();
  slow.release();
  await slowTimed;
  assert.equal(summary(await slow.ai.decide(CELLS, 4, best())), 'expectimax 800000', 'timed, but too slow for its rungs');
  assert.equal(slow.ai.pick(4, 100).learned, 'ready');
  slow.ai.destroy();
  p.ai.destroy();
});

test('the default player off 4x4 plays the heuristic and downloads nothing; with no learned figures it plays the heuristic', async () => {
  const p = pool();
  const r = await p.ai.decide([2, 2, 0, 0, 4, 0, 0, 0, 0], 3, best());
  assert.equal(summary(r), 'expectimax 800000');
  assert.equal(p.downloads.length, 0, 'no download on 3x3');
  assert.equal(p.ai.pick(3, 100).learned, 'size');
  // Unmeasured learned rungs (today's figures): timed, and still the heuristic, said so.
  const bare = pool({ families: [FAMILIES[0], { ...FAMILIES[1], ladder: [{ ...FAMILIES[1].ladder[0], reach: null, nodesPerMove: null }] }] });
  await bare.ai.decide(CELLS, 4, best());
  const timed = bare.nextSpeed();
  bare.release();
  await timed;
  assert.equal(summary(await bare.ai.decide(CELLS, 4, best())), 'expectimax 800000');
  assert.equal(bare.ai.pick(4, 100).learned, 'unmeasured');
  bare.ai.destroy();
  p.ai.destroy();
});

test('the default player with a network that cannot be downloaded: the heuristic, reported once; an expectimax request never asks for the network', async () => {
  const p = pool();
  assert.equal(summary(await p.ai.decide(CELLS, 4, best())), 'expectimax 800000');
  p.fail();
  await p.ai.network().catch(() => {});
  assert.equal(p.states.filter((s) => s.error).length, 1, 'one failure reported');
  assert.equal(p.ai.pick(4, 100).learned, 'unavailable');
  assert.equal(summary(await p.ai.decide(CELLS, 4, best())), 'expectimax 800000', 'the heuristic plays on');
  assert.equal(p.downloads.length, 1, 'not downloaded again');
  p.ai.destroy();

  const plain = pool();
  const r = await plain.ai.decide(CELLS, 4, { strategy: 'expectimax', auto: 100 });
  assert.equal(r.played, 'expectimax');
  assert.ok(LADDER.some((rung) => rung.nodes === r.budget), 'a rung of expectimax\'s own ladder');
  assert.equal(plain.downloads.length, 0, 'expectimax asked by name: no network');
  assert.equal(plain.ai.pick(4, 100).learned, null);
  plain.ai.destroy();
});


test('saved settings: a fresh visitor gets the default player, a saved expectimax stays (and an old think time is expectimax\'s)', () => {
  const catalog = gameCatalog(records);
  assert.equal(cleanSettings({}, catalog).strategy, 'best');
  assert.equal(cleanSettings({ strategy: 'expectimax' }, catalog).strategy, 'expectimax');
  assert.equal(cleanSettings({ strategy: 'nope' }, catalog).strategy, 'best');
  assert.deepEqual([200, 50].map((aiMs) => cleanSettings({ aiMs }, catalog).strategy), ['expectimax', 'best'], 'a think time chosen before strategies: expectimax');
});

// A view that keeps what the controller last told it.
function recordingView() {
  const shown = {};
  return new Proxy(shown, {
    get: (target, name) => (name === 'shown' ? shown : name === 'confirm' ? async () => true : (arg) => { shown[name] = arg; }),
  });
}

test('the controller: the default player first, its lines say which family plays and why, the network line on 4x4 only', async () => {
  let controller = null;
  const p = pool({ onSpeed: () => controller?.aiChanged(), onNetwork: (s) => !s.progress && controller?.aiChanged() });
  const view = recordingView();
  const storage = createStorage({ prefix: 't', backend: memoryStorage() });
  let failed;
  const failure = new Promise((_, reject) => { failed = reject; });
  failure.catch(() => {});
  const onEvent = (type, detail) => type === 'error' && failed(new Error(detail.message));
  controller = createController({ Game: records.Game, view, storage, ai: p.ai, catalog: gameCatalog(records), options: { seed: 3, speed: 'fast' }, onEvent });
  controller.start();
  const brain = () => view.shown.setBrain;
  // What the panel's strength lines say (it puts the brain's figures in words).
  const words = () => strengthWords(brain().strength);
  assert.deepEqual(view.shown.setStrategies[0], { name: 'best', label: 'Strongest at this speed', group: 'default' });
  assert.equal(view.shown.setStrategies.find((s) => s.name === 'expectimax').group, 'search', 'the heuristic among the searching players');
  assert.equal(brain().strategy, 'best');
  assert.deepEqual(brain().choices.map((c) => c.key), ['auto']);
  assert.equal(brain().network, null, 'no network to pick');
  assert.equal(brain().networkLine, 'shipped', 'on 4x4 the learned network\'s line shows (while it downloads)');
  assert.equal(words().line, 'The strongest that keeps up with the speed here');
  // The next move (or the AI's error, which ends the test).
  const moved = () => Promise.race([failure, new Promise((resolve) => { const off = controller.subscribe(() => { off(); resolve(); }); })]);

  let step = moved();
  controller.stepAi();
  await step;
  assert.equal(words().line, 'The heuristic search, Solid here: reaches 16384 in 7 games of 10 (the learned network is downloading)');
  assert.match(words().fit, /^Fits the speed: the heuristic search, Solid \(800k positions a move\), fits 100 ms on 4 workers: .*\. The heuristic plays: the learned network is downloading\.$/);
  const timed = p.nextSpeed();
  p.release();
  await timed;
  assert.equal(words().line, 'The learned network, Quick here: reaches 16384 in 8 games of 10', 'the line follows once timed');
  assert.match(words().fit, /^Fits the speed: the learned network, Quick \(20k positions a move\), fits 100 ms on 2 workers: reaches 16384 in 8 games of 10, 32768 in 2 games of 10$/);
  const from = p.mark();
  step = moved();
  controller.stepAi();
  await step;
  assert.deepEqual([...new Set(p.asked(from).map((r) => r.strategy))], ['expectimax-td'], 'and the learned network played the move');

  // 3x3: the heuristic, said so; no network line.
  controller.newGame({ size: 3 });
  assert.equal(brain().networkLine, null);
  assert.equal(words().line, 'The heuristic search, Solid here: reaches 16384 in 7 games of 10 (the learned network plays 4×4 only)');
  const small = p.mark();
  step = moved();
  controller.stepAi();
  await step;
  assert.deepEqual([...new Set(p.asked(small).map((r) => r.strategy))], ['expectimax']);
  // Expectimax picked: its own ladder's line, no network line.
  controller.newGame({ size: 4 });
  await controller.setSetting('strategy', 'expectimax');
  assert.equal(brain().networkLine, null);
  assert.match(words().fit, /^Fits the speed: (Light|Quick|Solid|Strong|Deep), /);
  controller.destroy();
});
