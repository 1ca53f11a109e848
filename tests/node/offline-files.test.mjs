// The service worker caches one build's files when it installs (the list tools/build/sw.mjs makes,
// put in sw.js) and answers from that cache offline: a module a page can load that is not in
// the list breaks that page offline, at the first visit after the network went away. This
// walks each page's module graph from its entry script (static imports and re-exports,
// import() of a literal path, and the workers and files named by new URL('...',
// import.meta.url)) and checks that every file it reaches is in the list and exists.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { siteFiles } from '../../tools/build/sw.mjs';
import { LAZY_FILES } from '../../tools/build/dist.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (f) => readFileSync(ROOT + f, 'utf8');
const built = existsSync(`${ROOT}www/pkg`);

// Comments name files too (`import { mount } from ".../embed.js"`); only code counts.
const code = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
const REFERENCES = [
  /\b(?:import|export)\s[^'"`;]*?\bfrom\s*(['"])([^'"]+)\1/g, // import x from '…', export { x } from '…'
  /\bimport\s*(['"])([^'"]+)\1/g, // import '…'
  /\bimport\(\s*(['"])([^'"]+)\1\s*\)/g, // import('…')
  /\bnew URL\(\s*(['"`])([^'"`$]+)\1\s*,\s*import\.meta\.url\s*\)/g, // a worker, a glue, a page, sw.js
];

/** The pages' entry scripts: the module script of each page at the root, and embed.js. */
function entries() {
  const pages = readdirSync(ROOT).filter((f) => f.endsWith('.html'));
  const scripts = pages.map((p) => /<script type="module" src="([^"]+)">/.exec(read(p))?.[1]).filter(Boolean);
  return [...new Set([...scripts, 'embed.js'])];
}

/** Every file reached from `starts` (paths from the root): modules followed, other files listed. */
function reached(starts) {
  const seen = new Set();
  const from = new Map(); // file -> the module that names it first
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (!file.endsWith('.js') || !existsSync(ROOT + file)) return;
    const text = code(read(file));
    for (const re of REFERENCES) {
      for (const m of text.matchAll(re)) {
        if (!m[2].startsWith('.') || m[2].endsWith('/')) continue; // a bare name, or a folder (the site's root)
        const target = posix.normalize(posix.join(posix.dirname(file), m[2].split(/[?#]/)[0]));
        if (!from.has(target)) from.set(target, file);
        visit(target);
      }
    }
  };
  starts.forEach(visit);
  return { files: [...seen].sort(), from };
}

test('every module (and worker, glue, page) a page can load is in the service worker\'s list', () => {
  const list = new Set(siteFiles());
  const { files, from } = reached(entries());
  assert.ok(files.some((f) => f.startsWith('www/') && f.split('/').length > 2), 'the walk reaches modules in www/\'s folders');
  assert.ok(files.includes('www/ai/worker.js'), 'the walk follows the workers');
  // The learned network and the endgame set are fetched when first needed, not cached at install (LAZY_FILES, tools/build/dist.mjs).
  const missing = files.filter((f) => f !== 'sw.js' && !LAZY_FILES.includes(f) && !list.has(f));
  assert.deepEqual(missing, [], `not cached for offline play: ${missing.map((f) => `${f} (named in ${from.get(f) ?? 'a page'})`).join(', ')}`);
  const absent = files.filter((f) => f !== 'sw.js' && (built || !f.startsWith('www/pkg/')) && !existsSync(ROOT + f));
  assert.deepEqual(absent, [], 'every file named exists');
});

test('every file in the service worker\'s list exists (one that does not fails the whole install)', () => {
  const absent = siteFiles().filter((f) => (built || !f.startsWith('www/pkg/')) && !existsSync(ROOT + f));
  assert.deepEqual(absent, []);
});
