// The endgame set's distribution (www/ai/endgame.js), with a download and a worker's read of
// the test's own: the learned search on a 4x4 board near the set's stage starts its download,
// once; until the first worker has read it, requests need nothing (the network alone plays);
// then each needs the set, keyed by its file, so that every worker searching holds it. Other
// strategies, other sizes and earlier boards never download it. A set that cannot be had is
// reported once and never asked for again; a read the AI's end cut off is asked for again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createEndgame, ENDGAME_FILE, ENDGAME_FROM, NEAR } from '../../www/ai/endgame.js';
import { ROLES } from '../../www/ai/roles.js';

const LEARNED = ROLES.learnedSearch;
const board = (largest) => [2, 4, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, largest];
const settle = () => new Promise((r) => setTimeout(r, 0));
const INFO = { set: '31c8f25b', table: '443-t9', positions: 315600, bytes: 560000, from: ENDGAME_FROM, memory: 1 << 26 };

function harness({ download, read } = {}) {
  const calls = { downloads: 0, reads: [], states: [] };
  const endgame = createEndgame({
    download: download ?? (async () => {
      calls.downloads++;
      return new Uint8Array([1, 2, 3]);
    }),
    read: read ?? (async (bytes) => {
      calls.reads.push(bytes);
      return INFO;
    }),
    onEndgame: (s) => calls.states.push(s),
  });
  return { endgame, calls };
}

test('a learned search near the set\'s stage downloads it once; once read, every request there needs it', async () => {
  assert.equal(NEAR, ENDGAME_FROM / 2);
  const { endgame, calls } = harness();
  assert.equal(endgame.needs(board(NEAR / 2), 4, LEARNED), null, 'an earlier board');
  assert.equal(endgame.needs(board(ENDGAME_FROM), 4, ROLES.heuristic), null, 'the heuristic');
  assert.equal(endgame.needs(new Array(25).fill(0).map((_, i) => (i === 0 ? ENDGAME_FROM : 0)), 5, LEARNED), null, 'a 5x5 board');
  await settle();
  assert.equal(calls.downloads, 0, 'none of them downloads it');

  assert.equal(endgame.needs(board(NEAR), 4, LEARNED), null, 'not read yet: the network alone plays');
  assert.equal(endgame.needs(board(NEAR), 4, LEARNED), null);
  await settle();
  assert.equal(calls.downloads, 1, 'one download');
  assert.deepEqual(calls.reads.map((b) => Array.from(b)), [[1, 2, 3]], 'read once, by the first worker');
  assert.deepEqual(calls.states, [{ loading: true }, { loaded: INFO }]);
  assert.equal(endgame.info, INFO);
  const needs = endgame.needs(board(ENDGAME_FROM), 4, LEARNED);
  assert.deepEqual(needs, { kind: 'endgame', key: ENDGAME_FILE, message: { endgame: new Uint8Array([1, 2, 3]), from: ENDGAME_FROM } });
  assert.equal(endgame.needs(board(NEAR / 2), 4, LEARNED), null, 'a board below the stage still needs nothing');
  assert.equal(calls.downloads, 1);
});

test('a set that cannot be downloaded or read is named once, and the learned search plays on without it', async () => {
  for (const [what, fault] of [
    ['download', { download: async () => { throw new Error('the endgame table could not be downloaded (HTTP 404)'); } }],
    ['read', { read: async () => { throw new Error('endgame table cut short or with bytes past its end'); } }],
  ]) {
    const { endgame, calls } = harness(fault);
    endgame.needs(board(NEAR), 4, LEARNED);
    await settle();
    assert.equal(calls.states.length, 2, what);
    assert.match(calls.states[1].error, /^the endgame table could not be loaded \((the endgame table could not be downloaded \(HTTP 404\)|endgame table cut short.*)\)$/, what);
    for (let i = 0; i < 3; i++) assert.equal(endgame.needs(board(ENDGAME_FROM), 4, LEARNED), null, `${what}: plays on without it`);
    await settle();
    assert.equal(calls.states.length, 2, `${what}: named once, not asked for again`);
    assert.equal(endgame.info, null);
  }
});

test('a read the AI\'s end cut off is asked for again once the AI is back', async () => {
  let reads = 0;
  const { endgame, calls } = harness({
    read: async () => {
      if (++reads === 1) throw Object.assign(new Error('AI unavailable: stopped'), { unavailable: true });
      return INFO;
    },
  });
  endgame.needs(board(NEAR), 4, LEARNED);
  await settle();
  assert.equal(endgame.info, null);
  assert.ok(!calls.states.some((s) => s.error), 'no error named for it');
  endgame.needs(board(NEAR), 4, LEARNED);
  await settle();
  assert.equal(calls.downloads, 2);
  assert.equal(endgame.info, INFO);
});
