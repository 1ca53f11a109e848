// The six pages at the root (index, replay, editor, compare, learn, demo) each write out the
// same head and site header; nothing generates them from one template, so this holds them
// together: the header byte for byte (but for which link is the current page), and the
// head's shared lines in one order. A page's own lines are its title, description, its
// page stylesheet (pages.css, records.css), its one module script, and the game page's
// theme colour and touch icon.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAGE_FILES } from '../../tools/sw.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PAGES = readdirSync(ROOT).filter((f) => f.endsWith('.html')).sort();
// An ordinary page with two embedded boards, as an embedder's would be: not part of the
// installed app (no manifest) and no colour-scheme of its own (the boards bring theirs).
const EMBED_DEMO = 'demo.html';
const APP_ONLY = ['<meta name="color-scheme" content="light dark">', '<link rel="manifest" href="manifest.webmanifest">'];
// Every page's shared head lines, in this order (EMBED_DEMO's without APP_ONLY).
const HEAD = [
  '<meta charset="utf-8">',
  '<meta name="viewport" content="width=device-width, initial-scale=1">',
  '<meta name="color-scheme" content="light dark">',
  '<link rel="icon" href="favicon.svg" type="image/svg+xml">',
  '<link rel="manifest" href="manifest.webmanifest">',
  '<link rel="stylesheet" href="style.css">',
  '<link rel="stylesheet" href="panel.css">',
];
const OWN = [
  /^<title>[^<]+<\/title>$/,
  /^<meta name="description" content="[^"]+">$/,
  /^<meta name="theme-color" content="#[0-9a-f]{6}">$/,
  /^<link rel="apple-touch-icon" href="icons\/icon-192\.png">$/,
  /^<link rel="stylesheet" href="(pages|records)\.css">$/,
  /^<script type="module" src="[^"]+"><\/script>$/,
];

const read = (page) => readFileSync(join(ROOT, page), 'utf8');
const between = (text, open, close, page) => {
  const m = new RegExp(`${open}([\\s\\S]*?)${close}`).exec(text);
  assert.ok(m, `${page}: no ${open}`);
  return m[1];
};
const headLines = (page) => between(read(page), '<head>', '</head>', page).split('\n').map((l) => l.trim()).filter(Boolean);
const header = (page) => between(read(page), '<header class="site-header follows-system">', '</header>', page);

test('the pages are the six the site names, each cached for offline play', () => {
  assert.deepEqual(PAGES, ['compare.html', 'demo.html', 'editor.html', 'index.html', 'learn.html', 'replay.html']);
  for (const page of PAGES) assert.ok(PAGE_FILES.includes(page), `${page} is in the service worker's list`);
});

test('every page has the same site header, with its own link marked as the current page', () => {
  const reference = header('index.html').replace(' aria-current="page"', '');
  for (const page of PAGES) {
    const text = header(page);
    const current = [...text.matchAll(/<a href="([^"]+)" aria-current="page">/g)].map((m) => m[1]);
    assert.deepEqual(current, [page === 'index.html' ? './' : page], `${page}: one link, its own, is the current page`);
    assert.equal(text.replace(' aria-current="page"', ''), reference, `${page}: the header differs from index.html's`);
  }
});

test('every page has the shared head lines, in order; its own are a title, a module script and known extras', () => {
  for (const page of PAGES) {
    const lines = headLines(page);
    const own = lines.filter((l) => OWN.some((re) => re.test(l)));
    const shared = lines.filter((l) => !own.includes(l));
    const expected = page === EMBED_DEMO ? HEAD.filter((l) => !APP_ONLY.includes(l)) : HEAD;
    assert.deepEqual(shared, expected, `${page}: the shared head lines differ`);
    assert.equal(own.filter((l) => l.startsWith('<title>')).length, 1, `${page}: one title`);
    const scripts = own.map((l) => /^<script type="module" src="([^"]+)">/.exec(l)?.[1]).filter(Boolean);
    assert.equal(scripts.length, 1, `${page}: one module script`);
    assert.ok(existsSync(join(ROOT, scripts[0])), `${page}: its script ${scripts[0]} exists`);
    assert.ok(lines.indexOf(own.find((l) => l.startsWith('<script'))) === lines.length - 1, `${page}: the script comes last, after the stylesheets`);
  }
});
