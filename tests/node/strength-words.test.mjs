// The strength line of a rung measured with the endgame table: it quotes 32768 and says "with
// the endgame table" while the table can be had, and once it cannot (endgameFailed), the
// rung's games without it, for the default player and a chosen budget alike.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { strengthWords } from '../../www/ai/strength-words.js';
import { withoutTable, TD_LADDER } from '../../www/ai/strength-figures.js';
import { pickLine, pickLineAlone } from '../../www/ai/fit-player.js';
import { BEST } from '../../www/ai/best.js';
import { ROLES } from '../../www/ai/roles.js';

// A rung as figures.mjs writes one measured with the table: its games with it, and alone.
const plain = TD_LADDER.find((r) => r.reach && !r.endgame);
const sharp = { ...plain, name: 'Sharp' };
const WITH = { ...sharp, reach: { 8192: 1, 16384: 0.9, 32768: 0.6 }, endgame: true, alone: { reach: { 8192: 1, 16384: 0.9, 32768: 0.4 }, games: 1000, from: 'alone.jsonl' } };
const pick = { rung: WITH, family: { words: 'the learned network' }, strategy: ROLES.learnedSearch, nodes: WITH.nodes, workers: 2, fits: true };

test('a rung measured with the endgame table is quoted with it, and from its games without it once the table cannot be had', () => {
  assert.equal(pickLine(pick), 'The learned network, Sharp here: reaches 16384 in 9 games of 10, 32768 in 6 games of 10 with the endgame table');
  // As default-player.js's pick() words it.
  const best = { info: { name: BEST }, budget: { auto: true }, nodesPerMs: 10, count: 2, intervalMs: 100, pick: { ...pick, line: pickLine(pick), lineAlone: pickLineAlone(pick), label: '' } };
  assert.equal(strengthWords(best).line, pickLine(pick), 'the table at hand: its figures');
  assert.equal(strengthWords({ ...best, endgameFailed: true }).line, 'The learned network, Sharp here: reaches 16384 in 9 games of 10');
  assert.deepEqual(withoutTable(WITH).reach, WITH.alone.reach);
  assert.equal(withoutTable(WITH).from, 'alone.jsonl');
  assert.equal(withoutTable(plain), plain, 'a rung measured without the table stays as it is');
});
