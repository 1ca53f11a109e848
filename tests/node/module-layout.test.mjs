// How www/ is laid out, so that `make dist` can bundle it: every module sits in one folder of
// www/ (www/<feature>/<name>.js), and a URL a module makes from import.meta.url (a worker,
// the wasm package, a page, a stylesheet) is written from www/, starting '../'. esbuild moves
// a module's code into another file (the first board's www/game/mount.js, a shared chunk in
// www/chunks/) and leaves import.meta.url to be that file's URL: a URL written from www/ then
// resolves the same; one written './worker.js' would point into the wrong folder.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { moduleFiles, SW_SOURCE } from '../../tools/build/sw.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const modules = moduleFiles();

test('every module of www/ sits in one folder of it (www/<feature>/<name>.js)', () => {
  assert.ok(modules.length > 40, `the modules: ${modules.length}`);
  const elsewhere = [...modules, SW_SOURCE].filter((f) => !/^www\/[\w-]+\/[\w.-]+\.js$/.test(f));
  assert.deepEqual(elsewhere, []);
});

test('every URL a module makes from import.meta.url is written from www/ (starts with ../)', () => {
  const bad = [];
  for (const f of modules) {
    const text = readFileSync(ROOT + f, 'utf8');
    for (const m of text.matchAll(/\bnew URL\(\s*([^,()]+?)\s*,\s*import\.meta\.url\s*\)/g)) {
      if (!/^(['"`])\.\.\//.test(m[1])) bad.push(`${f}: new URL(${m[1]}, import.meta.url)`);
    }
  }
  assert.deepEqual(bad, []);
});
