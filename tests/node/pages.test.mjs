// The six pages at the root (index, replay, editor, compare, learn, demo) each write out the
// same head and site header. They stay plain static files, served as they are by `make run`,
// by any host and from dist/, with no build step: so nothing generates them, and this test
// holds them together. The one source of truth is index.html: its head's shared lines (every
// line but a page's own) and its site header, which every other page copies byte for byte (but
// for which header link is the current page). A page that differs fails naming the page, the
// line and index.html's line. A page's own lines are its title, description, its page
// stylesheet (pages.css, records.css), its one module script, and the game page's theme colour
// and touch icon.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAGE_FILES } from '../../tools/build/sw.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PAGES = readdirSync(ROOT).filter((f) => f.endsWith('.html')).sort();
// An ordinary page with two embedded boards, as an embedder's would be: not part of the
// installed app (no manifest) and no colour-scheme of its own (the boards bring theirs).
const EMBED_DEMO = 'demo.html';
const APP_ONLY = ['<meta name="color-scheme" content="light dark">', '<link rel="manifest" href="manifest.webmanifest">'];
// The head lines and header every page copies from (the one place to change them first).
const SOURCE = 'index.html';
const OWN = [
  /^<title>[^<]+<\/title>$/,
  /^<meta name="description" content="[^"]+">$/,
  /^<meta name="theme-color" content="#[0-9a-f]{6}">$/,
  /^<link rel="apple-touch-icon" href="icons\/icon-192\.png">$/,
  /^<link rel="stylesheet" href="(pages|records)\.css">$/,
  /^<script type="module" src="[^"]+"><\/script>$/,
];

const read = (page) => readFileSync(join(ROOT, page), 'utf8');
/** The trimmed, non-empty lines of a page between `open` and `close`, each with its line number in the file. */
const linesBetween = (page, open, close) => {
  const lines = read(page).split('\n');
  const start = lines.findIndex((l) => l.includes(open));
  const end = lines.findIndex((l, i) => i > start && l.includes(close));
  assert.ok(start >= 0 && end > start, `${page}: no ${open} ... ${close}`);
  return lines.slice(start + 1, end).map((text, i) => ({ line: start + 2 + i, text: text.trim() })).filter((l) => l.text);
};
const headLines = (page) => linesBetween(page, '<head>', '</head>');
const isOwn = (text) => OWN.some((re) => re.test(text));
/** The head lines every page shares, as SOURCE has them. */
const sharedHead = () => headLines(SOURCE).filter((l) => !isOwn(l.text));

/**
 * The first place where a page's lines differ from SOURCE's: "page.html line 7: `...`, where
 * index.html line 5 has `...`", or null when they agree.
 */
function firstDifference(page, lines, expected) {
  for (let i = 0; i < Math.max(lines.length, expected.length); i++) {
    const [a, e] = [lines[i], expected[i]];
    if (a?.text === e?.text) continue;
    const here = a ? `${page} line ${a.line}: \`${a.text}\`` : `${page}: nothing after its last shared line`;
    const there = e ? `${SOURCE} line ${e.line} has \`${e.text}\`` : `${SOURCE} has no more shared lines`;
    return `${here}, where ${there} (${SOURCE} is the one source: copy its lines)`;
  }
  return null;
}

test('the pages are the six the site names, each cached for offline play', () => {
  assert.deepEqual(PAGES, ['compare.html', 'demo.html', 'editor.html', 'index.html', 'learn.html', 'replay.html']);
  for (const page of PAGES) assert.ok(PAGE_FILES.includes(page), `${page} is in the service worker's list`);
});

test(`every page has ${SOURCE}'s site header, with its own link marked as the current page`, () => {
  const unmark = (lines) => lines.map((l) => ({ ...l, text: l.text.replace(' aria-current="page"', '') }));
  const reference = unmark(linesBetween(SOURCE, '<header class="site-header follows-system">', '</header>'));
  assert.ok(reference.length >= 3, `${SOURCE}: its header`);
  for (const page of PAGES) {
    const lines = linesBetween(page, '<header class="site-header follows-system">', '</header>');
    const current = lines.flatMap((l) => [...l.text.matchAll(/<a href="([^"]+)" aria-current="page">/g)].map((m) => m[1]));
    assert.deepEqual(current, [page === SOURCE ? './' : page], `${page}: one link, its own, is the current page`);
    const differs = firstDifference(page, unmark(lines), reference);
    assert.equal(differs, null, differs);
  }
});

test(`every page has ${SOURCE}'s shared head lines, in order; its own are a title, a module script and known extras`, () => {
  const shared = sharedHead();
  assert.ok(shared.length >= 5, `${SOURCE}: its shared head lines (${shared.length})`);
  for (const page of PAGES) {
    const lines = headLines(page);
    const expected = page === EMBED_DEMO ? shared.filter((l) => !APP_ONLY.includes(l.text)) : shared;
    const differs = firstDifference(page, lines.filter((l) => !isOwn(l.text)), expected);
    assert.equal(differs, null, differs);
    const own = lines.filter((l) => isOwn(l.text)).map((l) => l.text);
    assert.equal(own.filter((l) => l.startsWith('<title>')).length, 1, `${page}: one title`);
    const scripts = own.map((l) => /^<script type="module" src="([^"]+)">/.exec(l)?.[1]).filter(Boolean);
    assert.equal(scripts.length, 1, `${page}: one module script`);
    assert.ok(existsSync(join(ROOT, scripts[0])), `${page}: its script ${scripts[0]} exists`);
    assert.ok(lines.at(-1).text.startsWith('<script'), `${page}: the script comes last, after the stylesheets`);
  }
});

test(`${SOURCE}'s shared head holds what every page needs: charset, viewport, icon and the site's stylesheets`, () => {
  const texts = sharedHead().map((l) => l.text);
  for (const needed of ['<meta charset="utf-8">', '<meta name="viewport" content="width=device-width, initial-scale=1">', '<link rel="icon" href="favicon.svg" type="image/svg+xml">', '<link rel="stylesheet" href="style.css">', ...APP_ONLY]) {
    assert.ok(texts.includes(needed), `${SOURCE}'s head lacks ${needed}`);
  }
  assert.ok(texts[0] === '<meta charset="utf-8">', `${SOURCE}: the charset comes first`);
});
