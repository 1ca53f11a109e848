// The docs name files and folders of the repository; a reader who follows one must find it.
// Every path README.md and docs/*.md name must exist: in backticks (a whole span, or a word of
// a command such as `sh tools/runs/ladder.sh`) when it starts with a top-level folder or file of
// the repository, and every relative link or image. A link to a heading of a page
// (`figures.md#sources`) must find the heading. Paths that a build writes and git ignores
// (`www/pkg/`, `dist/`, `target/release/arena`) count as present. Fenced code blocks are
// commands to type, whose output files need not exist, so they are not read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { dirname, join, normalize, posix } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

// Paths a page names that are gone, while that page is rewritten in another change:
// `page: [path, ...]`. Delete an entry once the page no longer names it (the last test says
// which).
const KNOWN_STALE = {};

/** The pages whose paths are checked: README.md and every docs/*.md. */
export const pages = () => ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

// The repository's top-level entries (folders and files), tracked or not: a word that starts
// with one of them is a repository path.
const TOP = new Set(readdirSync(ROOT).filter((f) => f !== '.git'));

/** Markdown without its fenced code blocks (each line kept, blank, so line numbers hold). */
const unfenced = (text) => {
  let fenced = false;
  return text.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line;
  });
};

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export const slug = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** The anchors of a Markdown page's headings. */
const anchors = (text) => new Set(unfenced(text).filter((l) => /^#{1,6}\s/.test(l)).map((l) => slug(l.replace(/^#+\s*/, ''))));

/** What a page names: [{line, path, kind: 'code' | 'link', anchor?}]. */
export function named(page, text) {
  const out = [];
  unfenced(text).forEach((line, i) => {
    // Links and images: [text](target) and <img src="target">.
    for (const m of line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)|<img[^>]*\ssrc="([^"]+)"/g)) {
      const target = m[1] ?? m[2];
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
      const [file, anchor] = target.split('#');
      const path = file ? posix.normalize(posix.join(posix.dirname(page), file)) : page;
      out.push({ line: i + 1, path, anchor, kind: 'link' });
    }
    // Code spans: each word that starts with a top-level entry and goes on with a slash.
    for (const m of line.matchAll(/`([^`]+)`/g)) {
      for (const raw of m[1].split(/\s+/)) {
        const word = raw.replace(/^['"(]+|['",;:)]+$/g, '').replace(/^@/, '');
        const top = word.split('/')[0];
        if (!word.includes('/') || !TOP.has(top)) continue;
        out.push({ line: i + 1, path: word, kind: 'code' });
      }
    }
  });
  return out;
}

/** A path with placeholders (`<name>`, `*`, `{a,b}`) as a RegExp over repository paths. */
const pattern = (path) =>
  new RegExp(
    `^${path
      .replace(/[.+^$()|[\]\\]/g, '\\$&')
      .replace(/\{([^}]*)\}/g, (_, alts) => `(${alts.split(',').join('|')})`)
      .replace(/<[^>]*>|\*/g, '[^/]+')}$`,
  );

let tracked;
const trackedFiles = () => (tracked ??= execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean));

/** Whether git ignores the path: a file a build writes (www/pkg/, dist/, target/). */
const ignored = (path) => {
  try {
    execFileSync('git', ['check-ignore', '-q', '--no-index', path], { cwd: ROOT, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** Whether a named path is in the repository (or a build's ignored output). */
export function present(path) {
  const clean = path.replace(/\/$/, '');
  if (/[<>*{}]/.test(clean)) {
    const re = pattern(clean);
    return trackedFiles().some((f) => re.test(f) || re.test(dirname(f))) || ignored(clean.split(/[<*{]/)[0]);
  }
  return existsSync(join(ROOT, normalize(clean))) || ignored(clean);
}

/** The problems of one page: "docs/ai.md:12: `src/nope.rs` does not exist". */
export function problems(page, text = readFileSync(join(ROOT, page), 'utf8')) {
  const stale = new Set(KNOWN_STALE[page] ?? []);
  const found = [];
  for (const { line, path, anchor, kind } of named(page, text)) {
    if (stale.has(path)) continue;
    if (!present(path)) {
      found.push(`${page}:${line}: ${kind === 'link' ? `link to ${path}` : `\`${path}\``} does not exist`);
      continue;
    }
    if (anchor && path.endsWith('.md')) {
      const target = path === page ? text : readFileSync(join(ROOT, path), 'utf8');
      if (!anchors(target).has(anchor)) found.push(`${page}:${line}: ${path} has no heading #${anchor}`);
    }
  }
  return found;
}

test('every repository path README.md and docs/*.md name exists, and every heading they link to', () => {
  const found = pages().flatMap((page) => problems(page));
  assert.deepEqual(found, [], `paths named in the docs that do not exist:\n${found.join('\n')}`);
});

test('the check sees paths in backticks, in commands and in links, and misses none it should', () => {
  // A page naming a missing file in each way the docs name files, and present ones alike.
  const text = [
    'The engine is `src/game.rs`; `src/nope.rs` is not.',
    'Run `sh tools/nope.sh` or `node tools/build/serve.mjs --root dist`.',
    '[gone](nope.md), [here](arena.md), [no such heading](ai.md#no-such-heading), [heading](ai.md#the-strategies)',
    '<img src="nope.png" alt="">',
    '```sh',
    'arena --out data/runs/written-later.jsonl',
    '```',
    'Generated: `www/pkg/game2048.js`, `tests/data/spawns-*.txt`, `data/runs/expectimax-split-<nodes>.jsonl`.',
  ].join('\n');
  assert.deepEqual(problems('docs/example.md', text), [
    'docs/example.md:1: `src/nope.rs` does not exist',
    'docs/example.md:2: `tools/nope.sh` does not exist',
    'docs/example.md:3: link to docs/nope.md does not exist',
    'docs/example.md:3: docs/ai.md has no heading #no-such-heading',
    'docs/example.md:4: link to docs/nope.png does not exist',
  ]);
});

test('a path allowed as known stale is still named; otherwise its entry should go', (t) => {
  for (const [page, paths] of Object.entries(KNOWN_STALE)) {
    const text = readFileSync(join(ROOT, page), 'utf8');
    for (const path of paths) {
      if (!text.includes(path)) t.diagnostic(`${page} no longer names ${path}: delete it from KNOWN_STALE`);
      else assert.ok(!present(path), `${path} exists again: delete it from KNOWN_STALE for ${page}`);
    }
  }
});
