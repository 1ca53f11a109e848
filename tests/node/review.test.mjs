// The review's ratings (www/records/review.js) as a player reads them: on 4x4 the learned search
// reviews, so a move's cost is the points it throws away, rated as a share of the points still to
// come; elsewhere a share of the heuristic's value. With the shipped network and the page's
// engine: a game of the learned search at a small budget, with a run of random moves in it,
// reviewed at a larger one: the AI's moves rate best or good, the random ones mistakes or
// blunders, the expected final score falls across the run, and the costliest moves are random
// ones, each named with its points.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { load } from './wasm.mjs';
import { NETWORK_FILE } from '../../www/ai/network.js';
import { ROLES } from '../../www/ai/roles.js';
import { RATINGS, REVIEW_BUDGETS, rateMove, pointsMade, reviewGame, summarize, costText, reviewer, pointsText } from '../../www/records/review.js';

const upTo = (name, unit) => RATINGS.find((r) => r.name === name).upTo[unit];

test('a move\'s cost in points, rated as a share of the points still to come', () => {
  const made = pointsMade([2, 4, 8, 16]); // 0 + 4 + 16 + 48
  assert.equal(made, 68);
  const toCome = 100000;
  const best = made + toCome;
  // Right loses just under good's limit, down just over it, left more than a mistake's.
  const good = upTo('good', 'points') * toCome;
  const mistake = upTo('mistake', 'points') * toCome;
  const values = { up: best, right: best - good + 1, down: best - good - 1, left: best - mistake - 1000 };
  const rate = (dir) => rateMove(values, dir, { unit: 'points', made });
  assert.deepEqual({ ...rate('up'), values: null }, { best: 'up', played: 'up', values: null, unit: 'points', lost: 0, loss: 0, rating: 'best', toCome, value: best });
  assert.equal(rate('right').rating, 'good');
  assert.equal(rate('right').lost, good - 1, 'the points lost');
  assert.equal(rate('down').rating, 'inaccuracy');
  assert.equal(rate('left').rating, 'blunder');
  assert.equal(costText(rate('left')), `−${pointsText(mistake + 1000)} points (${+((mistake + 1000) / toCome * 100).toFixed(2)}% of the points still to come)`);
  // The heuristic's values: a share of the best move's value, no points.
  const h = rateMove({ up: 1000, right: 1000 * (1 - upTo('good', 'share') / 2), down: null, left: 500 }, 'right');
  assert.deepEqual([h.rating, h.unit, h.toCome], ['good', 'share', null]);
  assert.equal(rateMove({ up: 1000, right: 990, down: null, left: 500 }, 'left').rating, 'blunder');
});

test('the summary: the costliest moves by points lost, and the points lost together', () => {
  const r = (lost, toCome) => ({ ...rateMove({ up: 1000 + toCome, left: 1000 + toCome - lost }, lost ? 'left' : 'up', { unit: 'points', made: 1000 }), depth: 3 });
  // Move 2 loses the largest share (half of 200 points to come), move 3 the most points.
  const results = [undefined, r(0, 500000), r(100, 200), r(20000, 400000), r(5000, 300000), r(1, 300000)];
  const s = summarize(results);
  assert.deepEqual(s.worst.map((w) => w.n), [3, 4, 2]);
  assert.equal(s.lostPoints, 25101);
  assert.equal(s.counts.best, 1);
});

test('the reviewer: the learned search on 4x4 once its network is read, else the heuristic', () => {
  assert.equal(reviewer(4, true), ROLES.learnedSearch);
  assert.equal(reviewer(4, false), ROLES.heuristic);
  assert.equal(reviewer(5, true), ROLES.heuristic);
  for (const [strategy, budgets] of Object.entries(REVIEW_BUDGETS)) {
    assert.deepEqual(budgets.map((b) => b.key), ['fast', 'quick', 'deep']);
    for (const b of budgets) assert.deepEqual(Object.keys(b.options).sort(), ['nodes', 'strategy'], `${strategy} reviews at node budgets (the same values in every browser)`);
  }
});

test('a game reviewed with the shipped network: the AI\'s moves rate best or good, a run of random moves mistakes and blunders, and the expected final score falls', async () => {
  const ai = await load('game2048_ai');
  ai.loadWeights(gunzipSync(readFileSync(new URL(`../../${NETWORK_FILE}`, import.meta.url))));
  const [small, large] = [REVIEW_BUDGETS[ROLES.learnedSearch][0], REVIEW_BUDGETS[ROLES.learnedSearch][1]];
  // The learned search at the fast budget for 600 moves, 12 random moves, 40 more by the AI.
  const game = new ai.Game(4, 7n);
  let draw = 12345;
  const random = () => ((draw = (draw * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const RANDOM = [601, 612];
  for (let n = 1; n <= 652 && !game.over; n++) {
    const cells = Array.from(game.cells());
    const legal = ai.legalMoves(cells, 4);
    game.move(n >= RANDOM[0] && n <= RANDOM[1] ? legal[Math.floor(random() * legal.length)] : ai.bestMove(cells, 4, small.options).dir);
  }
  const replay = new ai.Replay(game.record());
  game.free();
  assert.equal(replay.length, 652);
  const pool = { decide: async (cells, size, options) => ({ ...ai.bestMove(cells, size, options), played: options.strategy }) };
  const results = await reviewGame({ replay, pools: [pool], options: large.options });
  const random12 = results.slice(RANDOM[0], RANDOM[1] + 1);
  const aiMoves = results.filter((r, n) => r && (n < RANDOM[0] || n > RANDOM[1]));
  const share = (list, names) => list.filter((r) => names.includes(r.rating)).length / list.length;
  assert.ok(share(aiMoves, ['best', 'good']) >= 0.9, `the AI's moves: ${share(aiMoves, ['best', 'good'])} best or good`);
  // A random move is the AI's own about one time in three; the others lose points.
  const strayed = random12.filter((r) => r.lost > 0);
  assert.ok(strayed.length >= 6 && share(strayed, ['mistake', 'blunder']) >= 0.7, `the random moves: ${random12.map((r) => r.rating)}`);
  assert.ok(results.slice(1).every((r) => r.unit === 'points' && r.final > replay.score(0)), 'each in points, with the final score expected');
  // The expected final score falls across the random run, and the costliest moves are random ones.
  const before = results[RANDOM[0]].final;
  const after = results[RANDOM[1] + 1].final;
  console.log(`expected final score ${Math.round(before)} before the random moves, ${Math.round(after)} after; ratings ${random12.map((r) => r.rating)}`);
  assert.ok(after < before * 0.9, `expected final score ${Math.round(before)} before the random moves, ${Math.round(after)} after`);
  const s = summarize(results);
  assert.ok(s.worst.every((w) => w.n >= RANDOM[0] && w.n <= RANDOM[1]), `the costliest: moves ${s.worst.map((w) => w.n)}`);
  assert.match(costText(s.worst[0]), /^−[\d.]+k? points \([\d.]+% of the points still to come\)$/);
  replay.free();
});
