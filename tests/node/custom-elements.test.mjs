// custom-elements.json (the Custom Elements Manifest, written by tools/build/custom-elements.mjs)
// keeps in step with the element: its observed attributes, the events the board fires, its
// public members, and types/index.d.ts's options and element properties.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Game2048Element } from '../../www/game/element.js';
import { manifestText, OUT } from '../../tools/build/custom-elements.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const manifest = JSON.parse(readFileSync(ROOT + OUT, 'utf8'));
const element = manifest.modules.flatMap((m) => m.declarations).find((d) => d.tagName === 'game-2048');
const sorted = (list) => [...new Set(list)].sort();
const types = readFileSync(`${ROOT}types/index.d.ts`, 'utf8');

// The body of `export interface NAME ... {` or `export declare class NAME ... {` in the .d.ts, up to its closing brace.
function block(head) {
  const start = types.indexOf(head);
  assert.ok(start >= 0, `types/index.d.ts has no "${head}"`);
  const open = types.indexOf('{', start);
  let depth = 0;
  for (let i = open; i < types.length; i++) {
    depth += types[i] === '{' ? 1 : types[i] === '}' ? -1 : 0;
    if (depth === 0) return types.slice(open + 1, i).replace(/\/\*\*[\s\S]*?\*\//g, '');
  }
  throw new Error(`unclosed ${head}`);
}
// Member names declared at the block's top level (lines of two-space indent).
const declared = (body) => sorted([...body.matchAll(/^ {2}(?:readonly |static readonly |get |set )?([A-Za-z]+)[?(<:]/gm)].map((m) => m[1]));

test('custom-elements.json is what tools/build/custom-elements.mjs writes from the code', async () => {
  assert.equal(readFileSync(ROOT + OUT, 'utf8'), await manifestText());
});

test('its attributes are the element\'s observed ones', () => {
  const observed = Game2048Element.observedAttributes;
  assert.deepEqual(sorted(element.attributes.map((a) => a.name)), sorted(observed));
  for (const a of element.attributes) assert.ok(a.type?.text && a.description && a.default, a.name);
});

test('its events are those the board fires', () => {
  const files = readdirSync(`${ROOT}www`, { recursive: true }).filter((f) => f.endsWith('.js') && !f.startsWith('pkg/'));
  const fired = files.flatMap((f) => [...readFileSync(`${ROOT}www/${f}`, 'utf8').matchAll(/\b(?:onEvent|emit)\(\s*'([a-z-]+)'/g)].map((m) => m[1]));
  assert.ok(fired.length >= 8, fired.join(' '));
  assert.deepEqual(sorted(element.events.map((e) => e.name)), sorted(fired));
});

test('its CSS parts are those the board names (dom.js\'s part())', () => {
  const files = readdirSync(`${ROOT}www`, { recursive: true }).filter((f) => f.endsWith('.js') && !f.startsWith('pkg/'));
  const named = files.flatMap((f) => [...readFileSync(`${ROOT}www/${f}`, 'utf8').matchAll(/\bpart\([^,()]+(?:\([^()]*\))?,\s*(['`])([^'`]+)\1\)/g)]
    .flatMap((m) => m[2].split(/\s+/).map((n) => n.replace(/\$\{\w+\}/, '<value>'))));
  assert.ok(named.length >= 6, named.join(' '));
  assert.deepEqual(sorted(element.cssParts.map((p) => p.name)), sorted(named));
});

test('its members are the element\'s public ones, of the same kind', () => {
  const proto = Game2048Element.prototype;
  const own = Object.getOwnPropertyNames(proto).filter((n) => n !== 'constructor' && !n.endsWith('Callback'));
  const kind = (n) => (typeof Object.getOwnPropertyDescriptor(proto, n).value === 'function' ? 'method' : 'field');
  assert.deepEqual(Object.fromEntries(element.members.map((m) => [m.name, m.kind]).sort()), Object.fromEntries(own.map((n) => [n, kind(n)]).sort()));
});

test('its attributes and members are in types/index.d.ts: the options, the element\'s properties', () => {
  const options = declared(block('export interface MountOptions'));
  const api = declared(block('export interface Game2048Api'));
  const cls = declared(block('export declare class Game2048Element'));
  const option = (a) => a.fieldName ?? a.name.replace(/-(\w)/g, (_, c) => c.toUpperCase());
  assert.deepEqual(element.attributes.map(option).filter((o) => !options.includes(o)), [], 'attributes not in MountOptions');
  // The element's attribute properties: the manifest's fieldNames, the class's accessors.
  const accessors = sorted([...block('export declare class Game2048Element').matchAll(/^ {2}set ([A-Za-z]+)\(/gm)].map((m) => m[1]));
  assert.deepEqual(accessors, sorted(element.attributes.filter((a) => a.fieldName).map((a) => a.fieldName)));
  assert.deepEqual(element.members.map((m) => m.name).filter((n) => !api.includes(n) && !cls.includes(n)), [], 'members not in the types');
  assert.deepEqual([...api, ...cls].filter((n) => !element.members.some((m) => m.name === n) && n !== 'observedAttributes' && !/EventListener$/.test(n)), [], 'typed members not in the manifest');
});

test('its CSS custom properties are the tokens the stylesheets read, each with its default', () => {
  const sheets = ['style.css', 'panel.css', 'records.css', 'pages.css'].map((f) => readFileSync(ROOT + f, 'utf8')).join('\n');
  const read = sorted([...sheets.matchAll(/var\((--game2048-[a-z0-9-]+)/g)].map((m) => m[1]));
  assert.ok(read.length >= 20, read.join(' '));
  assert.deepEqual(sorted(element.cssProperties.map((p) => p.name)), read);
  for (const p of element.cssProperties) {
    assert.ok(p.description && p.default, p.name);
    assert.doesNotMatch(p.default, /undefined/, `${p.name}: a theme without its value`);
  }
});
