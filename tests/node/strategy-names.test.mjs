// The page's one source of strategy names: the engine's catalogue, and for the parts the page
// gives some of them, one table (www/ai/roles.js). No other module of www/ types a strategy's
// name as a string, so that a strategy renamed or added in Rust changes one line of the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { moduleFiles } from '../../tools/build/sw.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const catalogue = (file) => JSON.parse(readFileSync(`${ROOT}src/wasm/catalog-unworded/${file}`, 'utf8')).map((s) => s.name);
const NAMES = [...catalogue('strategies.json'), ...catalogue('learned.json')];
const TABLE = 'www/ai/roles.js';
// Strings that spell a strategy's name but mean something else: a table cell, the editor's
// brush, a seed's default in words.
const NOT_NAMES = [/\bel\(\s*'td'/g, /new Option\('cycles the tile', 'cycle'\)/g, /brush\.value !== 'cycle'/g, /seed: 'random'/g];

// The module's code without its comments, and without the strings of NOT_NAMES.
function code(file) {
  let text = readFileSync(ROOT + file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  for (const re of NOT_NAMES) text = text.replace(re, '');
  return text;
}
const typed = (file) => NAMES.filter((name) => new RegExp(`(['"\`])${name}\\1`).test(code(file)));

test('the catalogue the names come from is the engine\'s', () => {
  assert.ok(NAMES.includes('expectimax') && NAMES.includes('expectimax-td') && NAMES.length >= 10, NAMES.join(', '));
});

test('no module of www/ types a strategy\'s name outside the one table', () => {
  const found = moduleFiles().filter((f) => f !== TABLE).map((f) => [f, typed(f)]).filter(([, names]) => names.length);
  assert.deepEqual(found, []);
  assert.ok(typed(TABLE).length >= 3, 'the table names the heuristic, the learned search and its one-ply player');
});
