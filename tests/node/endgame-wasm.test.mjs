// The endgame set in the ai module, as a worker uses it: loadEndgame reads the shipped set
// (ENDGAME_FILE, a packed wall set) and names it; from then on expectimax-td consults it at the
// root on boards that hold ENDGAME_FROM, its answers name the set, and on some boards the set's
// move overrules the search's favourite. For a search split by root move, endgameMove on the
// merged values gives the whole search's move. Below that tile, for
// other strategies and after unloadEndgame it plays as without. A bad file or tile is refused
// with the problem named, and the set loaded before stays.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { load } from './wasm.mjs';
import { ENDGAME_FILE, ENDGAME_FROM } from '../../www/ai/endgame.js';
import { packedSets, setsName } from '../../tools/lib/ews.mjs';
import { merge, groups, DIRS, TD_WORKERS } from '../../www/ai/split.js';

const ai = await load('game2048_ai');
const SET = readFileSync(new URL(`../../${ENDGAME_FILE}`, import.meta.url));
// The file's sets, one after another, each named by its checksum: loadEndgame names them in
// the file's order, joined by "+".
const SETS = packedSets(SET);
const NAME = setsName(SET);
const network = gunzipSync(readFileSync(new URL('../../networks/4x6-l16.ntw.gz', import.meta.url)));
const START = JSON.parse(readFileSync(new URL('../../data/endgame/starts-16384-80.jsonl', import.meta.url), 'utf8').split('\n')[0]).cells;
const EARLY = [2, 8, 256, 512, 2, 16, 16, 4096, 0, 4, 8, 4096, 0, 0, 2, 8192];
const OPTIONS = { strategy: 'expectimax-td', nodes: 20000 };
const favourite = (d) => DIRS.reduce((b, m) => (d.values[m] != null && (b === null || d.values[m] > d.values[b]) ? m : b), null);

/** The boards of a seeded endgame from the screen's first start, played with the set loaded. */
function boards(moves) {
  const game = ai.Game.fromCells(4, START, 7n);
  const out = [];
  try {
    while (out.length < moves && !game.over) {
      const cells = Array.from(game.cells());
      out.push(cells);
      game.move(ai.bestMove(cells, 4, OPTIONS).dir);
    }
    return out;
  } finally {
    game.free();
  }
}

test('loadEndgame reads the shipped set; expectimax-td plays its move from its tile on, split or whole alike', () => {
  ai.loadWeights(network);
  const info = ai.loadEndgame(SET, ENDGAME_FROM);
  assert.equal(info.set, NAME);
  assert.equal(info.table, '443-t10+443-t9');
  assert.equal(info.table, SETS.map((s) => s.table).join('+'));
  assert.equal(info.from, ENDGAME_FROM);
  assert.ok(info.positions > 1000 && SET.length < 2 * info.positions, `${SET.length} bytes: ${JSON.stringify(info)}`);
  const late = boards(600);
  const answers = late.map((cells) => ai.bestMove(cells, 4, OPTIONS));
  assert.ok(answers.every((d) => d.endgame === NAME), 'every late answer names the set');
  const overruled = late.filter((_, i) => answers[i].dir !== favourite(answers[i]));
  assert.ok(overruled.length > 0, 'the set overrules the search somewhere');
  for (const cells of overruled) {
    const whole = ai.bestMove(cells, 4, OPTIONS);
    const legal = Array.from(ai.legalMoves(cells, 4));
    // The root moves in the groups the page's workers search.
    const parts = groups(legal, TD_WORKERS).map((moves) => ai.bestMove(cells, 4, { ...OPTIONS, moves }));
    const merged = merge(parts);
    assert.equal(ai.endgameMove(cells, 4, merged.values), whole.dir, 'the merged values get the whole search\'s move');
  }
  const early = ai.bestMove(EARLY, 4, OPTIONS);
  assert.ok(!('endgame' in early), 'a board below the tile: not consulted');
  assert.equal(ai.endgameMove(EARLY, 4, early.values), null);
  assert.ok(!('endgame' in ai.bestMove(late[0], 4, { strategy: 'expectimax', nodes: 5000 })), 'the heuristic: not consulted');

  ai.unloadEndgame();
  for (const cells of overruled) {
    const d = ai.bestMove(cells, 4, OPTIONS);
    assert.ok(!('endgame' in d) && d.dir === favourite(d), 'unloaded: the search alone');
    assert.equal(ai.endgameMove(cells, 4, d.values), null);
  }
  ai.unloadWeights();
});

test('a bad set, tile or values is refused with the problem named; the set loaded before stays', () => {
  ai.loadWeights(network);
  ai.loadEndgame(SET, ENDGAME_FROM);
  const cut = SET.subarray(0, SET.length - 1000);
  const changed = Uint8Array.from(SET);
  changed[SET.length >> 1] ^= 1;
  const later = Uint8Array.from(SET);
  later[8] = 9;
  for (const [bytes, from, problem] of [
    [new TextEncoder().encode('<!doctype html>'), ENDGAME_FROM, /not a wall table/],
    [cut, ENDGAME_FROM, /cut short/],
    [changed, ENDGAME_FROM, /checksum does not match/],
    [later, ENDGAME_FROM, /version 9/],
    [SET, 3, /power of two from 2 to 2\^65, got 3/],
  ]) {
    assert.throws(() => ai.loadEndgame(bytes, from), problem);
    assert.equal(ai.bestMove(START, 4, OPTIONS).endgame, NAME, `after ${problem}: the set before plays on`);
  }
  assert.throws(() => ai.endgameMove(START, 4, { up: 'a lot' }), /values.up must be a finite number or null/);
  ai.unloadEndgame();
  ai.unloadWeights();
});
