// The endgame set in the ai module, as a worker uses it: loadEndgame reads the shipped set
// (ENDGAME_FILE, gunzipped) and names it; from then on expectimax-td consults it at its leaves
// on boards that hold ENDGAME_FROM, and its answers name the set; below that tile, for other
// strategies and after unloadEndgame it plays as without. A bad file or tile is refused with
// the problem named, and the set loaded before stays.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { load } from './wasm.mjs';
import { ENDGAME_FILE, ENDGAME_FROM } from '../../www/ai/endgame.js';

const ai = await load('game2048_ai');
const SET = gunzipSync(readFileSync(new URL(`../../${ENDGAME_FILE}`, import.meta.url)));
// The set's name: its checksum, the file's last four bytes (little-endian), as the arena's lines write it.
const NAME = SET.readUInt32LE(SET.length - 4).toString(16).padStart(8, '0');
const network = new Uint8Array(readFileSync(new URL('../data/tiny-4x4-l8-i8.ntw', import.meta.url)));
// Boards of the set's stage, from the endgame screen's starts: the first few distinct ones.
const LATE = [...new Set(readFileSync(new URL('../../data/endgame/starts-16384-80.jsonl', import.meta.url), 'utf8')
  .trim().split('\n').map((l) => JSON.stringify(JSON.parse(l).cells)))].slice(0, 8).map((c) => JSON.parse(c));
const EARLY = [2, 8, 256, 512, 2, 16, 16, 4096, 0, 4, 8, 4096, 0, 0, 2, 8192];
const OPTIONS = { strategy: 'expectimax-td', nodes: 20000 };

test('loadEndgame reads the shipped set; expectimax-td consults it from its tile on and names it', () => {
  ai.loadWeights(network);
  const without = LATE.map((cells) => ai.bestMove(cells, 4, OPTIONS));
  assert.ok(without.every((d) => !('endgame' in d)), 'no set: the answers name none');

  const info = ai.loadEndgame(SET, ENDGAME_FROM);
  assert.equal(info.set, NAME);
  assert.equal(info.from, ENDGAME_FROM);
  assert.ok(info.tables > 0 && info.values > 0, JSON.stringify(info));
  assert.equal(info.bytes, info.values * 6, 'six bytes a value in memory');
  const withSet = LATE.map((cells) => ai.bestMove(cells, 4, OPTIONS));
  assert.ok(withSet.every((d) => d.endgame === NAME), 'every late answer names the set');
  const changed = withSet.filter((d, i) => JSON.stringify(d.values) !== JSON.stringify(without[i].values)).length;
  assert.ok(changed > 0, 'the set changes the values of some late boards');
  assert.deepEqual(LATE.map((cells) => ai.bestMove(cells, 4, OPTIONS).values), withSet.map((d) => d.values), 'repeatable');

  const early = ai.bestMove(EARLY, 4, OPTIONS);
  assert.ok(!('endgame' in early), 'a board below the tile: not consulted');
  assert.ok(!('endgame' in ai.bestMove(LATE[0], 4, { strategy: 'expectimax', nodes: 5000 })), 'the heuristic: not consulted');

  ai.unloadEndgame();
  const after = LATE.map((cells) => ai.bestMove(cells, 4, OPTIONS));
  assert.deepEqual(after.map((d) => d.values), without.map((d) => d.values), 'unloaded: as without it');
  ai.unloadWeights();
});

test('a bad set or tile is refused with the problem named; the set loaded before stays', () => {
  ai.loadWeights(network);
  ai.loadEndgame(SET, ENDGAME_FROM);
  const cut = SET.subarray(0, SET.length - 1000);
  const changed = Uint8Array.from(SET);
  changed[SET.length >> 1] ^= 1;
  const later = Uint8Array.from(SET);
  later[8] = 9;
  for (const [bytes, from, problem] of [
    [new TextEncoder().encode('<!doctype html>'), ENDGAME_FROM, /not an endgame table/],
    [cut, ENDGAME_FROM, /cut short/],
    [changed, ENDGAME_FROM, /checksum does not match/],
    [later, ENDGAME_FROM, /version 9/],
    [SET, 3, /power of two from 2 to 32768, got 3/],
    [SET, 65536, /power of two from 2 to 32768, got 65536/],
  ]) {
    assert.throws(() => ai.loadEndgame(bytes, from), problem);
    assert.equal(ai.bestMove(LATE[0], 4, OPTIONS).endgame, NAME, `after ${problem}: the set before plays on`);
  }
  ai.unloadEndgame();
  ai.unloadWeights();
});
