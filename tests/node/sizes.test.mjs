// The learned network's download as the docs and the page's notes quote it ("15.2 MB gzipped",
// "15.2 MB to download", "1.4 of 15.2 MB") is the size of the file the page ships, in MB of
// 10^6 bytes to one decimal: shipping another network makes each stale quote fail here,
// naming its file and line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { NETWORK_FILE } from '../../www/ai/network.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
// The words that make an "N MB" the network's download.
const DOWNLOAD = /(\d+(?:\.\d+)?) MB(?= gzipped| to download|, compressed| download\b)|\bof (\d+(?:\.\d+)?) MB\b|network(?:'s download)?[^.]{0,60}?\b(\d+(?:\.\d+)?) MB gzipped/g;

const files = () => [
  'README.md',
  ...readdirSync(ROOT + 'docs').filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`),
  ...['www/ai', 'www/shared', 'www/game'].flatMap((d) => readdirSync(ROOT + d).filter((f) => f.endsWith('.js')).map((f) => `${d}/${f}`)),
];

test(`every quote of the network's download is the size of ${NETWORK_FILE}`, () => {
  const size = `${(statSync(ROOT + NETWORK_FILE).size / 1e6).toFixed(1)}`;
  const quotes = [];
  for (const file of files()) {
    readFileSync(ROOT + file, 'utf8').split('\n').forEach((line, i) => {
      for (const m of line.matchAll(DOWNLOAD)) quotes.push({ where: `${file}:${i + 1}`, mb: m[1] ?? m[2] ?? m[3], line: line.trim() });
    });
  }
  assert.ok(quotes.length >= 5, `the quotes found: ${quotes.map((q) => q.where).join(', ')}`);
  const stale = quotes.filter((q) => q.mb !== size).map((q) => `${q.where} says ${q.mb} MB, the file is ${size} MB: ${q.line}`);
  assert.deepEqual(stale, []);
});
