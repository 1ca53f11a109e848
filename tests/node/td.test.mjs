// The learned strategies in the ai module, as a worker would use them: bestMove refuses
// 'td' and 'expectimax-td' until loadWeights gets a weights file, and a bad file is refused
// with the problem named (the strategies stay unavailable, the others play on).
// tests/data/tiny-4x4-l8-i8.ntw: `train --shape 4x4 --levels 8 --games 2000 --seed 1
// --out ... --quantise i8` (16 KB); tiny-4x4-l8-c8.ntw the same with `--quantise c8` (a
// version 2 file: a byte per weight into 256 values per tuple); tiny-4x4-l8-i16.ntw the i8
// file written again as i16 in the planes encoding (version 3, as the page's network is):
// `train --export tests/data/tiny-4x4-l8-i16.ntw --from tests/data/tiny-4x4-l8-i8.ntw
// --quantise i16`. A file lists each tuple's
// cells highest digit first and `shape` names them as `train --shape` takes them, lowest
// digit first: these files, written by a trainer that listed them the other way, read
// as 3,2,1,0;... (the same network).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { load } from './wasm.mjs';

const ai = await load('game2048_ai');
const records = await load('game2048_records');
const file = new Uint8Array(readFileSync(new URL('../data/tiny-4x4-l8-i8.ntw', import.meta.url)));
const cells = [2, 4, 8, 16, 0, 2, 0, 4, 0, 0, 2, 0, 0, 0, 0, 0];

test('learned strategies: refused until a network is loaded, then they play; bad files are named', () => {
  for (const strategy of ['td', 'expectimax-td']) {
    assert.throws(() => ai.bestMove(cells, 4, { strategy }), /none is loaded: load a weights file first/);
  }
  assert.throws(() => ai.loadWeights(new TextEncoder().encode('<!doctype html>')), /not a weights file/);
  assert.throws(() => ai.loadWeights(file.slice(0, file.length - 100)), /cut short/);
  const changed = file.slice();
  changed[file.length - 50] ^= 1;
  assert.throws(() => ai.loadWeights(changed), /checksum/);
  const other = file.slice();
  other[8] = 9;
  assert.throws(() => ai.loadWeights(other), /version 9/);
  assert.throws(() => ai.bestMove(cells, 4, { strategy: 'td' }), /none is loaded/);
  assert.ok(ai.bestMove(cells, 4, { strategy: 'expectimax', nodes: 2000 }).dir, 'the others play on');

  const info = ai.loadWeights(file);
  assert.deepEqual(info, { shape: '3,2,1,0;7,6,5,4;5,4,1,0;6,5,2,1', levels: 8, quantisation: 'i8', stages: [], weights: 4 * 4096, bytes: 4 * 4096 });
  const legal = ai.legalMoves(cells, 4);
  const td = ai.bestMove(cells, 4, { strategy: 'td' });
  assert.ok(legal.includes(td.dir), `td plays a legal move: ${td.dir}`);
  assert.equal(td.depth, 1);
  const search = ai.bestMove(cells, 4, { strategy: 'expectimax-td', nodes: 5000 });
  assert.ok(legal.includes(search.dir));
  assert.deepEqual(ai.bestMove(cells, 4, { strategy: 'expectimax-td', nodes: 5000 }).values, search.values, 'repeatable');
  assert.throws(() => ai.bestMove(new Array(25).fill(2), 5, { strategy: 'td' }), /4x4/);

  ai.unloadWeights();
  assert.throws(() => ai.bestMove(cells, 4, { strategy: 'td' }), /none is loaded/);
});

test('a c8 file (version 2) loads and plays in wasm; its bad copies are named', () => {
  const c8 = new Uint8Array(readFileSync(new URL('../data/tiny-4x4-l8-c8.ntw', import.meta.url)));
  assert.throws(() => ai.loadWeights(c8.slice(0, 40 + 1024)), /cut short/);
  const changed = c8.slice();
  changed[40 + 2 * 1024 + 3] ^= 1; // inside tuple 3's codebook
  assert.throws(() => ai.loadWeights(changed), /checksum/);
  const later = c8.slice();
  later[8] = 5;
  assert.throws(() => ai.loadWeights(later), /version 5 is not one this game reads/);
  assert.throws(() => ai.bestMove(cells, 4, { strategy: 'td' }), /none is loaded/);

  const info = ai.loadWeights(c8);
  assert.deepEqual(info, { shape: '3,2,1,0;7,6,5,4;5,4,1,0;6,5,2,1', levels: 8, quantisation: 'c8', stages: [], weights: 4 * 4096, bytes: 4 * 4096 + 4 * 1024 });
  const td = ai.bestMove(cells, 4, { strategy: 'td' });
  assert.ok(ai.legalMoves(cells, 4).includes(td.dir), `td plays a legal move: ${td.dir}`);
  assert.ok(Object.values(td.values).some((v) => v > 0), 'the codebooks give values');
  ai.unloadWeights();
});

test('an i16 file in planes (version 3) loads whole or in chunks and judges as the network it was written from', () => {
  const i16 = new Uint8Array(readFileSync(new URL('../data/tiny-4x4-l8-i16.ntw', import.meta.url)));
  assert.equal(i16[8], 3, 'version 3');
  assert.equal(i16[13], 2, 'encoding 2, planes');
  ai.loadWeights(file);
  const before = ai.bestMove(cells, 4, { strategy: 'td' }).values;
  const info = ai.loadWeights(i16);
  assert.equal(info.quantisation, 'i16');
  const values = ai.bestMove(cells, 4, { strategy: 'td' }).values;
  assert.deepEqual(Object.keys(values), Object.keys(before));
  for (const dir of Object.keys(before)) {
    assert.ok(Math.abs(values[dir] - before[dir]) <= 1e-3 * Math.abs(before[dir]) + 1, `${dir}: ${values[dir]} against the i8 file's ${before[dir]}`);
  }
  for (const size of [1, 7, 1000]) {
    ai.unloadWeights();
    const loader = new ai.NetworkLoader();
    for (let at = 0; at < i16.length; at += size) loader.push(i16.subarray(at, at + size));
    assert.deepEqual(loader.finish(), info, `chunks of ${size}`);
    assert.deepEqual(ai.bestMove(cells, 4, { strategy: 'td' }).values, values, `chunks of ${size} judge as whole`);
    loader.free();
  }
  const cut = new ai.NetworkLoader();
  cut.push(i16.subarray(0, i16.length - 30));
  assert.throws(() => cut.finish(), /cut short/);
  cut.free();
  ai.unloadWeights();
});

test('learnedStrategies(): in both modules, explained in words in the ai one; not in strategies()', () => {
  for (const mod of [records, ai]) {
    const learned = mod.learnedStrategies();
    assert.deepEqual(learned.map((s) => s.name), ['td', 'expectimax-td']);
    if (mod === ai) for (const s of learned) assert.ok(s.explanation.length > 80, `${s.name} is explained`);
    assert.ok(!mod.strategies().some((s) => s.name === 'td'));
  }
  assert.equal(typeof records.loadWeights, 'undefined', 'the page thread loads no network');
});

test('Trainer: learns from nothing, the same seed the same network; its file loads and plays; bad input is named', () => {
  const train = () => {
    const t = new ai.Trainer('4x4', 8, 0.1, 1);
    const games = t.train(30);
    assert.equal(games.length, 30);
    for (const g of games) assert.ok(g.score > 0 && g.largest >= 4 && g.moves > 0);
    assert.equal(t.games, 30);
    const bytes = t.save('f32');
    t.free();
    return bytes;
  };
  const bytes = train();
  assert.deepEqual(train(), bytes, 'repeatable');
  const info = ai.loadWeights(bytes);
  assert.equal(info.quantisation, 'f32');
  const legal = ai.legalMoves(cells, 4);
  assert.ok(legal.includes(ai.bestMove(cells, 4, { strategy: 'td' }).dir));
  ai.unloadWeights();
  // Going on from its own file; an i8 file cannot be trained further.
  const again = ai.Trainer.fromFile(bytes, 0.1, 1, 30);
  assert.equal(again.games, 30);
  again.train(5);
  assert.equal(again.games, 35);
  again.useForPlay();
  assert.ok(legal.includes(ai.bestMove(cells, 4, { strategy: 'td' }).dir), 'useForPlay: td plays with the trainer\'s network');
  ai.unloadWeights();
  assert.throws(() => ai.Trainer.fromFile(file, 0.1, 1, 0), /only an f32 weights file/);
  assert.throws(() => ai.Trainer.fromFile(new Uint8Array(10), 0.1, 1, 0), /not a weights file/);
  assert.throws(() => new ai.Trainer('4x4', 8, 0, 1), /alpha/);
  assert.throws(() => new ai.Trainer('nope', 8, 0.1, 1), /./);
  assert.throws(() => again.save('f16'), /f32, i16, i8 or c8/);
  again.free();
});

// What a worker does with the page's download (www/ai/worker.js): the file's bytes pushed to a
// NetworkLoader as they arrive, then finish().
test('NetworkLoader: a file pushed in chunks of any size loads as loadWeights does; a bad one is named and the network before stays', () => {
  const whole = ai.loadWeights(file);
  const play = () => {
    const { ms, ...move } = ai.bestMove(cells, 4, { strategy: 'expectimax-td', nodes: 3000 });
    return move;
  };
  const played = play();
  ai.unloadWeights();
  for (const size of [1, 7, 1000, file.length]) {
    const loader = new ai.NetworkLoader();
    assert.equal(loader.expected, undefined, 'the length is not known before the header');
    for (let at = 0; at < file.length; at += size) loader.push(file.subarray(at, at + size));
    assert.equal(loader.received, file.length);
    assert.equal(loader.expected, file.length, 'the header gives the length');
    assert.deepEqual(loader.finish(), whole, `chunks of ${size}`);
    assert.deepEqual(play(), played, 'it plays as loaded whole');
    assert.throws(() => loader.finish(), /has finished or failed/);
    loader.free();
    ai.unloadWeights();
  }
  ai.loadWeights(file);
  // A foreign file fails at its first bytes; nothing more is taken.
  const foreign = new ai.NetworkLoader();
  assert.throws(() => foreign.push(new TextEncoder().encode('<!doctype html><html>')), /not a weights file/);
  assert.throws(() => foreign.push(file), /has finished or failed/);
  foreign.free();
  // A file cut short, or changed, fails at finish.
  const cut = new ai.NetworkLoader();
  cut.push(file.subarray(0, file.length - 100));
  assert.throws(() => cut.finish(), /cut short/);
  cut.free();
  const changed = file.slice();
  changed[file.length - 50] ^= 1;
  const bad = new ai.NetworkLoader();
  for (let at = 0; at < changed.length; at += 4096) bad.push(changed.subarray(at, at + 4096));
  assert.throws(() => bad.finish(), /checksum/);
  bad.free();
  assert.ok(ai.bestMove(cells, 4, { strategy: 'td' }).dir, 'the network loaded before still plays');
  ai.unloadWeights();
});

test('a network in stages (version 4) loads, and a board reads the tables of its largest tile\'s stage', () => {
  // train --shape 4x4 --levels 8 --stages 64 --start-at 64 --games 300 --quantise i16: stage 0
  // learned nothing (every weight 0), stage 1 learned from where each game reached 64.
  const file = new Uint8Array(readFileSync(new URL('../data/tiny-4x4-l8-stages.ntw', import.meta.url)));
  assert.equal(file[8], 4, 'version 4');
  const info = ai.loadWeights(file);
  assert.deepEqual(info.stages, [64]);
  assert.equal(info.weights, 2 * 4 * 4096);
  // Below 64 every afterstate reads stage 0: a move is worth its reward alone.
  const small = [2, 4, 8, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  const low = ai.bestMove(small, 4, { strategy: 'td' }).values;
  assert.deepEqual(low, { up: null, right: 0, down: 0, left: 0 }, 'up moves nothing; the others merge nothing');
  // With a 64 on the board, stage 1's learned values.
  const big = [64, 4, 8, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  const high = ai.bestMove(big, 4, { strategy: 'td' }).values;
  assert.ok(Object.values(high).some((v) => v > 0), JSON.stringify(high));
  ai.unloadWeights();
});
