// The compare page's runs and the endgame set: a run with the learned search on 4x4 downloads
// the set once, at its start, and hands it to the game pool, so that its games play as the game
// page's learned search does; a run without that strategy, or on another size, fetches nothing.
// A set that cannot be had stops nothing: the run goes to its end and its Done line says the
// learned search played without the table, and why. The pool's side (every worker reads the set
// before its first game) is tests/e2e/compare.test.mjs's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from './wasm.mjs';
import { createCompare } from '../../www/compare/compare.js';
import { ROLES } from '../../www/ai/roles.js';

const engine = await load('game2048_ai');

/** A compare flow whose downloads and pool are recorded; the view keeps its last status. */
function flow() {
  const seen = { endgames: 0, networks: 0, runs: [], status: '' };
  const view = {
    setStrategies() {},
    setRunning() {},
    setProgress() {},
    draw() {},
    setStatus(text) { seen.status = text; },
  };
  const compare = createCompare({
    engine,
    view,
    run(options) {
      seen.runs.push(options);
      return { stop() {} };
    },
    network: () => { seen.networks++; return Promise.resolve(new Uint8Array(8)); },
    endgame: () => { seen.endgames++; return Promise.resolve(new Uint8Array(8)); },
  });
  return { compare, seen };
}

const LEARNED = { strategy: ROLES.learnedSearch, strength: '' };
const GREEDY = { strategy: 'greedy', strength: '' };
const RANDOM = { strategy: 'random', strength: '' };

test('a run with the learned search on 4x4 downloads the endgame set once and hands it to the pool; others fetch none', () => {
  const { compare, seen } = flow();
  assert.ok(compare.start({ entries: [LEARNED, GREEDY], games: 2, size: 4 }));
  assert.equal(seen.endgames, 1, 'one download for the run');
  assert.ok(seen.runs[0].endgame instanceof Promise, 'the pool is given the download');
  compare.destroy();

  for (const [entries, size] of [[[LEARNED, GREEDY], 5], [[GREEDY, RANDOM], 4]]) {
    const other = flow();
    assert.ok(other.compare.start({ entries, games: 1, size }));
    assert.equal(other.seen.endgames, 0, `${entries.map((e) => e.strategy)} on ${size}x${size}: no set`);
    assert.equal(other.seen.runs[0].endgame, null);
    other.compare.destroy();
  }
});

test('a set that cannot be had: the run goes to its end, and its Done line says the learned search played without it, and why', () => {
  for (const news of [null, { loaded: { set: '31c8f25b' } }, { error: 'the endgame table could not be loaded (HTTP 404)' }]) {
    const { compare, seen } = flow();
    assert.ok(compare.start({ entries: [LEARNED, GREEDY], games: 1, size: 4 }));
    const pool = seen.runs[0];
    if (news) pool.onEndgame(news);
    for (const job of pool.jobs) pool.onResult(job, { largest: 256, score: 2000, moves: 200, ms: 10 });
    pool.onDone();
    if (news?.error) {
      assert.equal(seen.status, 'Done: 1 game per strategy. The learned search played without the endgame table: the endgame table could not be loaded (HTTP 404).');
    } else {
      assert.equal(seen.status, 'Done: 1 game per strategy.', JSON.stringify(news));
    }
    assert.equal(compare.running, false);
  }
});
