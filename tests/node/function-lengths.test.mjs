// tools/check/function-lengths.mjs (make lint) keeps every function of the page under its limit:
// these are the cases its scan must get right (a brace inside a string, a comment, a
// template or a regular expression is no brace; every kind of function is measured from
// its first line to its last), and which files it reads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { functions, check, measure, pageFiles, LIMIT } from '../../tools/check/function-lengths.mjs';

const lengths = (text) => Object.fromEntries(functions(text).map((f) => [f.name, f.length]));
const body = (n) => Array.from({ length: n }, (_, i) => `  x${i}();`).join('\n');

test('every kind of function is found and measured from its first line to its last', () => {
  const text = [
    'export function decl(a) {', body(3), '}', // 5 lines
    'const arrow = (a, b) => {', body(2), '};', // 4
    'const one = a => a', '  + 1;', // 2: an expression body
    'const api = {', '  method() {', body(1), '  },', // 3
    '  get value() { return 1; },', // 1
    '  prop: async function () {', '  },', // 2
    '};',
    'class K {', '  static *gen() {', '  }', '}', // 2
    'const ready = (async () => {', body(4), '})();', // 6
  ].join('\n');
  assert.deepEqual(lengths(text), { decl: 5, arrow: 4, one: 2, method: 3, value: 1, prop: 2, gen: 2, ready: 6 });
});

test('braces in strings, comments, templates and regular expressions are not counted', () => {
  const text = [
    'function outer() {',
    "  const a = '}}}'; const b = \"{\";",
    '  // } a comment',
    '  /* } */',
    '  const c = `${a.map((x) => `}${x}{`).join(\'}\')} }`;',
    '  const r = /[}]\\/}/g; const d = 4 / 2 / 1;',
    '  if (a) { return r.test(`{`); }',
    '  for (const x of [1]) { c(x); }',
    '}',
    'function after() {',
    '}',
  ].join('\n');
  const found = lengths(text);
  assert.equal(found.outer, 9);
  assert.equal(found.after, 2);
  assert.ok(!('if' in found) && !('for' in found), JSON.stringify(found));
});

test('a function over the limit fails the check unless allowed; an allowed one that is short fails too', () => {
  const long = { file: 'www/x/y.js', name: 'big', line: 1, length: LIMIT + 1 };
  const short = { file: 'www/x/y.js', name: 'small', line: 1, length: LIMIT };
  assert.deepEqual(check([long, short], { allowed: [] }), { long: [long], stale: [] });
  assert.deepEqual(check([long, short], { allowed: ['www/x/y.js: big'] }), { long: [], stale: [] });
  assert.deepEqual(check([long, short], { allowed: ['www/x/y.js: big', 'www/x/y.js: small'] }), { long: [], stale: ['www/x/y.js: small'] });
});

test('brackets that do not match stop the scan rather than measure wrongly', () => {
  assert.throws(() => functions('function f() {\n  const r = x / 2 / 3 { ;\n}'), /brackets do not match/);
});

test('the files checked: www/**/*.js but the generated www/pkg/, and embed.js; each scans', () => {
  const files = pageFiles();
  assert.ok(files.includes('embed.js') && files.includes('www/game/mount.js'), files.join(' '));
  assert.ok(!files.some((f) => f.startsWith('www/pkg/')), files.join(' '));
  assert.ok(measure(files).length > 500);
});
