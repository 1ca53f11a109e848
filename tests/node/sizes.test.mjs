// The learned network's download as the docs and the page's notes quote it ("15.2 MB gzipped",
// "15.2 MB to download", "1.4 of 15.2 MB") is the size of the file the page ships, in MB of
// 10^6 bytes to one decimal (tools/build/size-quotes.mjs; `make size` writes them): shipping another
// network makes each stale quote fail here, naming its file and line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { NETWORK_FILE } from '../../www/ai/network.js';
import { networkMB, networkQuotes } from '../../tools/build/size-quotes.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

test(`every quote of the network's download is the size of ${NETWORK_FILE}`, () => {
  const quotes = networkQuotes(ROOT);
  assert.ok(quotes.length >= 5, `the quotes found: ${quotes.map((q) => `${q.file}:${q.line}`).join(', ')}`);
  const size = networkMB(ROOT);
  const stale = quotes.filter((q) => q.mb !== size).map((q) => `${q.file}:${q.line} says ${q.mb} MB, the file is ${size} MB: ${q.text}`);
  assert.deepEqual(stale, []);
});
