// tools/runs/replay-stale.mjs: after the learned strategies began to downgrade boards from 32768,
// a run file's games that reached 32768 the old way are played again. Stripping drops exactly
// those (the games below 32768, the new lines and other strategies' stay), and restoring puts
// back, from the committed file, only the games the file lacks, so that a stopped replay
// leaves each file whole.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { restore, strip } from '../../tools/runs/replay-stale.mjs';

const line = (seed, largest, extra = {}) => JSON.stringify({ seed, strategy: 'expectimax-td', largest: String(largest), score: seed, ...extra });
const parses = (l) => { try { JSON.parse(l); return true; } catch { return false; } };
const seeds = (text) => text.split('\n').filter(parses).map((l) => JSON.parse(l).seed);

test('strip drops the learned games that reached 32768 before downgrading, and only those', () => {
  const file = [
    line(1, 16384),
    line(2, 32768),
    line(3, 65536),
    line(4, 32768, { downgrade_from: 32768 }),
    JSON.stringify({ seed: 5, strategy: 'expectimax', largest: '32768' }),
    '{"seed":6,"strat', // cut short by a kill
  ].join('\n');
  assert.deepEqual(seeds(strip(file)), [1, 4, 5]);
});

test('restore puts back the committed lines of the games not played again, and drops a cut line', () => {
  const committed = [line(1, 16384), line(2, 32768), line(3, 32768)].join('\n') + '\n';
  const midway = [line(1, 16384), line(3, 32768, { downgrade_from: 32768, score: 99 }), '{"seed":4,"str'].join('\n');
  const whole = restore(midway, committed);
  assert.deepEqual(seeds(whole).sort(), [1, 2, 3]);
  assert.equal(JSON.parse(whole.split('\n').find((l) => JSON.parse(l).seed === 3)).score, 99, 'the game played again is kept');
  assert.equal(restore(strip(committed), committed), strip(committed) + line(2, 32768) + '\n' + line(3, 32768) + '\n');
});
