#!/usr/bin/env node
// The review's figures (docs/play.md, "Review"), with the page's own rating code
// (www/records/review.js) and the page's engine (www/pkg, wasm), on one thread:
//
// - tuning (the default): seeded 4x4 games played by the learned search at a small node budget
//   (the arena's games: the same seeds and budget give the same game, checked against
//   data/runs/expectimax-td-<small>.jsonl when it has the seed), every --every-th of their
//   moves reviewed at a large budget; and runs of --run random moves, started from the AI's
//   position every --random-every moves, each reviewed the same way. Prints, for each group,
//   the ratings' counts and the loss shares' quantiles.
// - --speed: moves reviewed a second at each of the review's budgets (review.js's
//   REVIEW_BUDGETS), by each reviewer, on the positions of one game: the review's speed on one
//   worker.
//
//   make build
//   node tools/runs/review-tune.mjs [--seeds 1..4] [--small 5000] [--large 80000] [--every 10] [--random-every 500] [--run 10]
//   node tools/runs/review-tune.mjs --speed [--seeds 1] [--every 25]
import { readFileSync, existsSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { parseFlags, UsageError, whole } from '../lib/cli.mjs';
import { readJsonLines } from '../lib/jsonl.mjs';
import { ROLES } from '../../www/ai/roles.js';
import { NETWORK_FILE } from '../../www/ai/network.js';
import { lossUnit } from '../../www/ai/move-loss.js';
import { RATINGS, REVIEW_BUDGETS, rateMove, pointsMade } from '../../www/records/review.js';

const USAGE = 'usage: node tools/runs/review-tune.mjs [--speed] [--seeds A..B] [--small N] [--large N] [--every N] [--random-every N] [--run N]';
const args = parseFlags({
  name: 'review-tune',
  usage: USAGE,
  options: {
    speed: { type: 'boolean', default: false },
    seeds: { type: 'string', default: '1..4' },
    small: { type: 'string', default: '5000' },
    large: { type: 'string', default: '80000' },
    every: { type: 'string', default: '10' },
    'random-every': { type: 'string', default: '500' },
    run: { type: 'string', default: '10' },
  },
  check: (v) => {
    const m = /^(\d+)\.\.(\d+)$/.exec(v.seeds) ?? /^(\d+)()$/.exec(v.seeds);
    if (!m) throw new UsageError(`--seeds must be A..B or one seed, got ${JSON.stringify(v.seeds)}`);
    const from = whole('seeds', m[1], 0, 2 ** 32);
    const to = m[2] ? whole('seeds', m[2], from, 2 ** 32) : from;
    return {
      speed: v.speed,
      seeds: Array.from({ length: to - from + 1 }, (_, i) => from + i),
      small: whole('small', v.small, 1, 1e9),
      large: whole('large', v.large, 1, 1e9),
      every: whole('every', v.every, 1, 1e6),
      randomEvery: whole('random-every', v['random-every'], 1, 1e6),
      run: whole('run', v.run, 1, 1000),
    };
  },
});

const root = new URL('../../', import.meta.url);
const pkg = new URL('www/pkg/', root);
const wasm = await import(new URL('game2048_ai.js', pkg).href).catch((e) => {
  console.error(`review-tune: cannot load www/pkg (run \`make build\` first): ${e.message}`);
  process.exit(1);
});
wasm.initSync({ module: readFileSync(new URL('game2048_ai_bg.wasm', pkg)) });
wasm.loadWeights(gunzipSync(readFileSync(new URL(NETWORK_FILE, root))));

const learned = (nodes) => ({ strategy: ROLES.learnedSearch, nodes });

/** Game `seed` played by the learned search at `nodes`: its positions (cells, score) and moves. */
function play(seed, nodes) {
  const game = new wasm.Game(4, BigInt(seed));
  const positions = [];
  for (;;) {
    const cells = Array.from(game.cells());
    const { dir } = wasm.bestMove(cells, 4, learned(nodes));
    if (dir === null) break;
    positions.push({ cells, score: game.score, dir });
    game.move(dir);
  }
  const score = game.score;
  game.free();
  return { positions, score };
}

/** The move `dir` from `cells` rated by `options`' search, as the review rates it. */
function rate(cells, dir, options) {
  const answer = wasm.bestMove(cells, 4, options);
  const unit = lossUnit(options.strategy);
  return rateMove(answer.values, dir, { unit, made: unit === 'points' ? pointsMade(cells) : 0 });
}

// A small seeded generator (mulberry32) for the random moves.
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** `run` random legal moves from `cells` (spawns from `seed`), each rated by `options`' search. */
function randomRun(cells, seed, run, options) {
  const game = wasm.Game.fromCells(4, cells, BigInt(seed));
  const draw = random(seed);
  const rated = [];
  for (let i = 0; i < run && !game.over; i++) {
    const now = Array.from(game.cells());
    const legal = wasm.legalMoves(now, 4);
    const dir = legal[Math.floor(draw() * legal.length)];
    rated.push(rate(now, dir, options));
    game.move(dir);
  }
  game.free();
  return rated;
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const pct = (x) => `${(x * 100).toFixed(2)}%`;

// Each rating's count and share; the loss shares' quantiles, of all the moves and of those that
// lost something (a random move is the AI's own about one time in three).
function report(name, rated) {
  const n = rated.length;
  const counts = RATINGS.map((r) => {
    const k = rated.filter((m) => m.rating === r.name).length;
    return `${r.name} ${k} (${pct(k / n)})`;
  });
  const quantiles = (list, qs) => {
    const sorted = list.map((m) => m.loss).sort((a, b) => a - b);
    return qs.map((q) => `p${Math.round(q * 100)} ${pct(quantile(sorted, q))}`).join(', ');
  };
  const lost = rated.filter((m) => m.lost > 0);
  console.log(`${name}: ${n} moves; ${counts.join(', ')}`);
  console.log(`  loss shares: ${quantiles(rated, [0.5, 0.75, 0.9, 0.95, 0.99])}; mean points lost ${Math.round(rated.reduce((a, m) => a + m.lost, 0) / n)}`);
  const rated2 = RATINGS.slice(1).map((r) => `${r.name} ${pct(lost.filter((m) => m.rating === r.name).length / lost.length)}`);
  console.log(`  the ${lost.length} that lost something (${pct(lost.length / n)}): ${quantiles(lost, [0.1, 0.25, 0.5, 0.75, 0.9])}; rated ${rated2.join(', ')}`);
}

function arenaScores(nodes) {
  const file = new URL(`data/runs/expectimax-td-${nodes}.jsonl`, root);
  return existsSync(file) ? new Map(readJsonLines(file).map((g) => [g.seed, g.score])) : new Map();
}

function tune() {
  const arena = arenaScores(args.small);
  const ai = [];
  const randomMoves = [];
  for (const seed of args.seeds) {
    const { positions, score } = play(seed, args.small);
    const known = arena.get(seed);
    console.log(`seed ${seed}: ${positions.length} moves, score ${score}${known == null ? '' : known === score ? ' (the arena\'s game)' : ` (the arena's scored ${known}: not the same game)`}`);
    positions.forEach((p, i) => {
      if (i % args.every === 0) ai.push(rate(p.cells, p.dir, learned(args.large)));
      if (i % args.randomEvery === 0) randomMoves.push(...randomRun(p.cells, seed * 100000 + i, args.run, learned(args.large)));
    });
  }
  console.log(`ratings' thresholds (points): ${RATINGS.map((r) => `${r.name} ${r.upTo.points}`).join(', ')}`);
  report(`the learned search at ${args.small} nodes, reviewed at ${args.large}`, ai);
  report(`runs of ${args.run} random moves, reviewed at ${args.large}`, randomMoves);
}

function speed() {
  const positions = args.seeds.flatMap((seed) => play(seed, args.small).positions.filter((_, i) => i % args.every === 0));
  console.log(`${positions.length} positions (seeds ${args.seeds.join(', ')}, every ${args.every}th move of the learned search at ${args.small} nodes), one thread`);
  for (const [strategy, budgets] of Object.entries(REVIEW_BUDGETS)) {
    for (const b of budgets) {
      rate(positions[0].cells, positions[0].dir, b.options); // warm
      const start = performance.now();
      for (const p of positions) rate(p.cells, p.dir, b.options);
      const s = (performance.now() - start) / 1000;
      console.log(`${strategy} ${b.key} (${b.label}): ${(positions.length / s).toFixed(1)} moves/s (${((s / positions.length) * 1000).toFixed(1)} ms a move)`);
    }
  }
}

if (args.speed) speed();
else tune();
