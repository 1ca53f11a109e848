// docs/embed.md's reference, types/index.d.ts and custom-elements.json say what the code does:
// the options setOption() takes, the ai-start event's budgets, what each method returns, the
// keyboard's and the boolean attributes' values, the storage object's members, the exports,
// and the CSS part of every button the board makes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, relative } from 'node:path';
import { CHOICES, KEYBOARD_ALIASES, REMOUNT_OPTIONS, SETTABLE_OPTIONS, FLAG_ATTRIBUTES, readOption } from '../../www/game/options.js';
import { API_METHODS, MOUNT_ONLY } from '../../www/game/game-api.js';
import { Game2048Element } from '../../www/game/element.js';
import { memoryStorage } from '../../www/shared/guarded-storage.js';
import { gameCatalog, strengthChoices } from '../../www/ai/strategies.js';
import { load } from './wasm.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const docs = readFileSync(`${ROOT}docs/embed.md`, 'utf8');
const types = readFileSync(`${ROOT}types/index.d.ts`, 'utf8');
const manifest = JSON.parse(readFileSync(`${ROOT}custom-elements.json`, 'utf8'));
const sorted = (list) => [...new Set(list)].sort();

// A markdown table row of docs/embed.md whose first cell starts with `start`: its cells.
function row(start) {
  const line = docs.split('\n').find((l) => l.startsWith(`| ${start}`));
  assert.ok(line, `docs/embed.md has no row "${start}"`);
  return line.split(/(?<!\\)\|/).slice(1, -1).map((c) => c.trim());
}
// The body of an interface or type in the .d.ts (comments removed).
function body(head) {
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
const members = (text) => sorted([...text.matchAll(/^ {2}(?:readonly )?([A-Za-z]+)[?(:]/gm)].map((m) => m[1]));
const quoted = (text) => sorted([...text.matchAll(/'([^']+)'/g)].map((m) => m[1]));
const code = (cell) => sorted([...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]));
const element = manifest.modules.flatMap((m) => m.declarations).find((d) => d.tagName === 'game-2048');

test('setOption: the settable options are SettableOption, the docs\' list, and every other option is refused by name', () => {
  const settable = /export type SettableOption = ([^;]*);/.exec(types)?.[1];
  assert.deepEqual(quoted(settable), sorted(SETTABLE_OPTIONS), 'SettableOption');
  assert.match(body('export interface Game2048Api'), /setOption<K extends SettableOption>/);
  const [, returns, does] = row('`setOption(name, value)`');
  assert.match(returns, /`false`/);
  const listed = /the settable ones are ([^(]*)\(/.exec(does)?.[1];
  assert.deepEqual(code(listed ?? ''), sorted(SETTABLE_OPTIONS), 'the docs\' settable options');
  // Every mount() option is settable, needs a new mount, or is mount()'s only; the docs name each.
  const options = members(body('export interface MountOptions'));
  assert.deepEqual(sorted([...SETTABLE_OPTIONS, ...REMOUNT_OPTIONS, ...MOUNT_ONLY]), options);
  for (const name of [...REMOUNT_OPTIONS, ...MOUNT_ONLY]) assert.ok(code(does).includes(name), `${name} in the setOption row`);
  const setOption = element.members.find((m) => m.name === 'setOption');
  assert.equal(setOption.parameters[0].type.text, 'SettableOption');
});

test('ai-start: the docs, AiStartDetail and the manifest name every budget a strategy plays at, and none', async () => {
  const engine = await load('game2048_ai');
  const budgets = sorted(gameCatalog(engine).flatMap((s) => strengthChoices(s).flatMap((c) => Object.keys(c.budget))));
  assert.ok(budgets.includes('nodes') && budgets.includes('auto'), budgets.join(' '));
  const bare = gameCatalog(engine).filter((s) => strengthChoices(s).length === 0).map((s) => s.name);
  assert.ok(bare.includes('td'), `strategies with no budget: ${bare}`);
  const [, detail] = row('`ai-start`');
  const words = manifest.modules.flatMap((m) => m.declarations).find((d) => d.tagName).events.find((e) => e.name === 'ai-start').description;
  const typed = members(body('export interface AiStartDetail'));
  for (const name of [...budgets, 'weights']) {
    assert.ok(code(detail).includes(name) || detail.includes(`${name}}`), `docs: ${name}`);
    assert.ok(typed.includes(name), `AiStartDetail: ${name}`);
    assert.match(words, new RegExp(`\\b${name}\\b`), `manifest: ${name}`);
  }
  assert.match(detail, /`\{strategy\}` alone/, 'the docs say a strategy without a budget sends {strategy}');
  assert.match(detail, new RegExp(`\`${bare[0]}\``));
});

test('every method that returns something has its returns cell in the docs', () => {
  const api = body('export interface Game2048Api');
  for (const name of Object.keys(API_METHODS)) {
    const returns = new RegExp(`^ {2}${name}(?:<[^>]*>)?\\(.*\\): ([^;]+);$`, 'm').exec(api)?.[1];
    assert.ok(returns, `${name} in Game2048Api`);
    if (returns === 'void') continue;
    const cells = docs.split('\n').filter((l) => l.startsWith(`| \`${name}(`)).map((l) => l.split('|')[2].trim());
    assert.ok(cells.length && cells.every(Boolean), `${name} returns ${returns}: its "returns" cell is blank`);
  }
});

/** What the element's setter of `name` takes: its type, read through Game2048Attributes where the setter names it (AttributeProp). */
function setterType(name) {
  const text = new RegExp(`set ${name}\\(value: ([^;]+)\\);`).exec(types)[1];
  const prop = /^AttributeProp<'(\w+)'>$/.exec(text);
  return prop ? new RegExp(`^ {2}${prop[1]}\\?: ([^;]+);`, 'm').exec(body('export interface Game2048Attributes'))[1] : text;
}

test('keyboard: the docs, the types and the manifest take every value the code reads', () => {
  const values = [...CHOICES.keyboard, ...Object.keys(KEYBOARD_ALIASES)];
  for (const v of values) assert.notEqual(readOption('keyboard', v, () => assert.fail(v)), undefined, v);
  assert.equal(readOption('keyboard', false), 'none');
  const [, cell] = row('`keyboard`');
  for (const v of values) assert.ok(code(cell).includes(v), `docs: keyboard ${v}`);
  const option = /^ {2}keyboard\?: ([^;]+);/m.exec(body('export interface MountOptions'))[1];
  const setter = setterType('keyboard');
  for (const text of [option, setter]) {
    assert.match(text, /\bfalse\b/, text);
    for (const alias of Object.keys(KEYBOARD_ALIASES).filter((a) => a !== 'false')) assert.match(text, new RegExp(`'${alias}'`), text);
  }
  assert.match(element.attributes.find((a) => a.name === 'keyboard').type.text, /'element'.*false/);
});

test('persist: the element\'s setter takes what mount() does, booleans too', () => {
  assert.equal(readOption('persist', false), false);
  assert.equal(readOption('persist', 'on'), true);
  assert.match(setterType('persist'), /boolean/);
  const flagOption = /^export type FlagOption = ([^;]*);/m.exec(types)[1];
  assert.match(/^ {2}persist\?: ([^;]+);/m.exec(body('export interface MountOptions'))[1].replace('FlagOption', flagOption), /boolean/);
});

test('the boolean attributes: the element reads them as mount() does (HTML\'s rule, but for off and false), and warns for other text', () => {
  for (const attribute of FLAG_ATTRIBUTES) {
    for (const text of ['', 'on', 'true', 'no', attribute, '0', 'off', 'false']) {
      const el = new Game2048Element();
      el.getAttribute = (name) => (name === attribute ? text : null);
      const said = [];
      assert.equal(readOption(attribute, text, (w) => said.push(w)), el[attribute], `${attribute}="${text}"`);
      assert.equal(said.length, ['', 'on', 'true', 'off', 'false'].includes(text) ? 0 : 1, `${attribute}="${text}" warns`);
    }
  }
  assert.match(row('`autoplay`')[1], /off when absent or `off` or `false`/);
});

test('storage: StorageLike\'s members are the docs\' five and those the board uses', () => {
  assert.match(/^ {2}storage\?: ([^;]+);/m.exec(body('export interface MountOptions'))[1], /^StorageLike$/);
  const declared = members(body('export interface StorageLike'));
  assert.deepEqual(declared, sorted(Object.keys(Object.getOwnPropertyDescriptors(memoryStorage()))));
  const [, cell] = row('`storage`');
  assert.deepEqual(code(cell.split(';')[0]).filter((c) => !/^Storage/.test(c)), declared);
});

test('every attribute\'s type in the manifest is its mount() option\'s (seed, keyboard, persist, assets...)', () => {
  const options = body('export interface MountOptions');
  const parts = (text) => sorted(text.split('|').map((p) => p.trim()));
  const choices = readFileSync(`${ROOT}types/choices.d.ts`, 'utf8');
  const expand = (text) => text.replace(/\b[A-Z]\w*\b/g, (n) => new RegExp(`export type ${n} = ([^;]*);`).exec(choices)?.[1] ?? n);
  for (const a of element.attributes) {
    const typed = new RegExp(`^ {2}${a.fieldName}\\?: ([^;]+);`, 'm').exec(options)?.[1];
    assert.ok(typed, `${a.fieldName} in MountOptions`);
    assert.deepEqual(parts(a.type.text), parts(expand(typed)), a.name);
  }
});

test('every export of embed.js has its module and declaration in the manifest, and its entry in the docs\' reference', async () => {
  const exported = Object.keys(await import('../../embed.js'));
  const embed = manifest.modules.find((m) => m.path === 'embed.js');
  const reference = docs.slice(docs.indexOf('## Reference'));
  for (const name of exported) {
    const declaration = embed.exports.find((e) => e.name === name)?.declaration;
    assert.ok(declaration?.module, `${name}: no module in the manifest`);
    const module = manifest.modules.find((m) => m.path === declaration.module);
    assert.ok(module?.declarations.some((d) => d.name === name), `${name}: not declared in ${declaration.module}`);
    assert.ok(name in await import(`../../${declaration.module}`), `${declaration.module} exports ${name}`);
    assert.match(reference, new RegExp(`\`${name}\\b`), `${name}: not in the reference`);
  }
});

// The modules a board may load: mount.js and what it imports, statically or lazily.
function boardModules() {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file) || file.includes('/pkg/') || file.includes('/ai/')) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:from|import\()\s*'(\.[^']+\.js)'/g)) visit(join(dirname(file), m[1]));
  };
  visit(`${ROOT}www/game/mount.js`);
  return [...seen];
}

test('every button the board makes has part="button" (the replay\'s Go too)', () => {
  const files = boardModules();
  assert.ok(files.some((f) => f.endsWith('records/replay-view.js')), files.map((f) => relative(ROOT, f)).join(' '));
  const bare = files.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/(.{0,6})el\('button'/g)]
    .filter((m) => !m[1].endsWith('part(')).map((m) => `${relative(ROOT, f)}: ${m[0]}`));
  assert.deepEqual(bare, []);
  assert.match(row('`button`')[1], /every button/);
});

test('install: the docs show what works while the package is not on the registry, and the registry and CDNs only as what to do once it is', () => {
  const readme = readFileSync(`${ROOT}README.md`, 'utf8');
  for (const [file, text] of [['README.md', readme], ['docs/embed.md', docs]]) {
    const lines = text.split('\n');
    lines.forEach((line, i) => {
      if (!/npm install game2048-board|cdn\.jsdelivr|unpkg\.com/.test(line)) return;
      const before = lines.slice(Math.max(0, i - 4), i + 1).join('\n');
      assert.match(before, /once (?:it|the package) is (?:published|on the npm registry)|once published/i, `${file}:${i + 1}: ${line}`);
    });
    assert.match(text, /npm install \.\/game2048-board-\d+\.\d+\.\d+\.tgz/, `${file}: the tarball's install`);
    assert.match(text, /not on the npm registry/, file);
  }
  // The README's first example loads the board from a folder of the reader's own site.
  const src = /<script type="module" src="([^"]+)"/.exec(readme)?.[1];
  assert.match(src, /^\.{0,2}\/[^/]/, `README's first example loads ${src}`);
  assert.match(readme, /make dist/);
  // (The tarball's version is the crate's: version.test.mjs.)
  // The board alone's network download, and the size cap and how to pass it.
  for (const [file, text] of [['README.md', readme], ['docs/embed.md', docs]]) {
    assert.match(text, /15\.2 MB gzipped\) when it starts|15\.2 MB gzipped, as it\s+starts/, `${file}: autoplay's network download`);
    assert.match(text, /500 px/, `${file}: the size cap`);
    assert.match(text, /zoom/, `${file}: how to make the board larger`);
  }
});

test('docs/embed.md\'s CSS custom properties are the manifest\'s, with its light and dark defaults', () => {
  const section = docs.slice(docs.indexOf('### CSS custom properties'), docs.indexOf('### Types and the Custom Elements Manifest'));
  const documented = sorted([...section.matchAll(/^\| `(--[a-z0-9-]+)`/gm)].map((m) => m[1]));
  assert.deepEqual(documented, sorted(element.cssProperties.map((p) => p.name)));
  for (const p of element.cssProperties) {
    const [, defaults] = row(`\`${p.name}\``);
    const theme = (name) => new RegExp(`(?:^|; )${name} ([^;]+)`).exec(p.default)?.[1];
    if (theme('light')) assert.deepEqual(code(defaults), sorted([theme('light'), theme('dark')]), p.name);
    else assert.ok(defaults.includes(p.default), `${p.name}: ${defaults} against ${p.default}`);
  }
});

test('the Content-Security-Policy section quotes the policies the browser suite serves: the strict one and the CDN one', async () => {
  const { STRICT_CSP, cdnCsp } = await import('../../tools/build/serve.mjs');
  for (const policy of [STRICT_CSP, cdnCsp('https://cdn.jsdelivr.net')]) {
    assert.ok(docs.includes(`Content-Security-Policy: ${policy}\n`), `docs/embed.md quotes ${policy}`);
  }
});
