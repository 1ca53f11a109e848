// The package's TypeScript declarations (types/index.d.ts, and www/pkg/game2048_ai.d.ts from
// `make build`): a consumer's file type-checks under tsc --strict, and each misuse in
// tests/types/misuse.ts is refused with the error its `@ts-expect-error` line names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { choicesTypes, OUT, unions, unionText } from '../../tools/build/types.mjs';
import { siteFiles } from '../../tools/build/sw.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
const CONFIG = join(ROOT, 'tests/types/tsconfig.json');

function tsc(...args) {
  assert.ok(existsSync(TSC), 'typescript is not installed: npm ci');
  assert.ok(existsSync(join(ROOT, 'www/pkg/game2048_ai.d.ts')), 'no www/pkg/game2048_ai.d.ts: make build');
  const run = spawnSync(process.execPath, [TSC, ...args], { encoding: 'utf8' });
  return { status: run.status, out: run.stdout + run.stderr };
}

test('types/choices.d.ts is the code\'s lists (node tools/build/types.mjs writes it)', () => {
  assert.equal(readFileSync(join(ROOT, OUT), 'utf8'), choicesTypes());
});

test('the engine\'s declarations name the code\'s strategies and modes, and the directions of types/index.d.ts', () => {
  // Written by hand in src/wasm/typescript.rs (wasm-bindgen copies them), so checked here.
  const engine = readFileSync(join(ROOT, 'www/pkg/game2048_ai.d.ts'), 'utf8');
  const union = (text, name) => new RegExp(`export type ${name} = ([^;]*);`).exec(text)?.[1].replaceAll('"', "'");
  const { EngineStrategyName, Mode } = unions();
  assert.equal(union(engine, 'EngineStrategyName'), unionText(EngineStrategyName));
  assert.equal(union(engine, 'Mode'), unionText(Mode));
  assert.equal(union(engine, 'Direction'), union(readFileSync(join(ROOT, 'types/index.d.ts'), 'utf8'), 'Direction'));
});

// One tsc program: the consumer's file as written, and the misuses without their directives
// (each `@ts-expect-error` made a comment), checked with the consumer's options and paths.
test('the consumer type-checks under tsc --strict; each misuse is refused with the error its @ts-expect-error line names, and nothing else errs', () => {
  const lines = readFileSync(join(ROOT, 'tests/types/misuse.ts'), 'utf8').split('\n');
  // line number (1-based) of each misuse -> the code it must raise
  const expected = new Map();
  lines.forEach((line, i) => {
    const m = /^\s*\/\/ @ts-expect-error (TS\d+)/.exec(line);
    if (m) expected.set(i + 2, m[1]);
  });
  assert.ok(expected.size >= 10, `${expected.size} misuses`);
  const dir = mkdtempSync(join(tmpdir(), 'types-misuse-'));
  try {
    writeFileSync(join(dir, 'misuse.ts'), lines.map((l) => l.replace('@ts-expect-error', 'refused:')).join('\n'));
    const config = JSON.parse(readFileSync(CONFIG, 'utf8'));
    const paths = Object.fromEntries(Object.entries(config.compilerOptions.paths).map(([k, [v]]) => [k, [join(ROOT, 'tests/types', v)]]));
    const files = config.files.map((f) => (f === 'misuse.ts' ? f : join(ROOT, 'tests/types', f)));
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...config.compilerOptions, paths }, files }));
    const { status, out } = tsc('--strict', '--noEmit', '-p', join(dir, 'tsconfig.json'));
    assert.notEqual(status, 0);
    const errors = [...out.matchAll(/^(\S+)\((\d+),\d+\): error (TS\d+)/gm)];
    // The consumer's file (and any other but the misuses) errs nowhere.
    assert.deepEqual(errors.filter((m) => !m[1].endsWith('misuse.ts')).map((m) => m[0]), [], out);
    const found = new Map();
    for (const [, , at, code] of errors.filter((m) => m[1].endsWith('misuse.ts'))) {
      const line = Number(at);
      found.set(line, [...(found.get(line) ?? []), code]);
    }
    const wrong = [...expected].filter(([line, code]) => !found.get(line)?.includes(code)).map(([line, code]) => `line ${line}: ${code} expected, got ${found.get(line) ?? 'none'}`);
    assert.deepEqual(wrong, [], out);
    const stray = [...found.keys()].filter((line) => !expected.has(line));
    assert.deepEqual(stray, [], out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('every export of embed.js is declared in types/index.d.ts', async () => {
  const exported = Object.keys(await import('../../embed.js'));
  assert.ok(exported.length >= 3, exported.join(', '));
  const types = readFileSync(join(ROOT, 'types/index.d.ts'), 'utf8');
  const declared = (name) => new RegExp(`^export (?:declare )?(?:function|class|const) ${name}\\b`, 'm').test(types);
  assert.deepEqual(exported.filter((name) => !declared(name)), []);
});

test('no declaration file is part of the site (siteFiles: what dist copies and sw.js caches)', () => {
  const files = siteFiles(ROOT);
  assert.ok(files.includes('www/pkg/game2048_ai.js'), files.join(' '));
  assert.deepEqual(files.filter((f) => f.endsWith('.ts')), []);
});
