// The download sizes the docs quote, from one source: the built files. `make size`
// (tools/build/size.mjs --write) writes them; `make test` (tools/build/size.mjs --check, and
// tests/node/sizes.test.mjs for the network) fails while a quote differs from the files.
//   - The learned network's download ("15.2 MB gzipped", "15.2 MB to download", "1.4 of
//     15.2 MB"): the size of NETWORK_FILE in MB of 10^6 bytes, to one decimal, wherever the
//     README, docs/ or the page's modules quote it.
//   - What each kind of visit downloads (gzipped KB, from `make dist`'s files): the table
//     between the `sizes:downloads` markers of docs/embed.md, with the endgame set's row (its
//     file, gzipped as shipped: ENDGAME_FILE) after the network's.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NETWORK_FILE } from '../../www/ai/network.js';
import { ENDGAME_FILE, NEAR } from '../../www/ai/endgame.js';

/** The words that make an "N MB" the network's download (the number: group 1, 2 or 3). */
export const NETWORK_QUOTE = /(\d+(?:\.\d+)?) MB(?= gzipped| to download|, compressed| download\b)|\bof (\d+(?:\.\d+)?) MB\b|network(?:'s download)?[^.]{0,60}?\b(\d+(?:\.\d+)?) MB gzipped/g;

/** The files that may quote it: README, docs and the page's modules (their comments and words). */
export function quoteFiles(root) {
  const js = (d) => readdirSync(join(root, d)).filter((f) => f.endsWith('.js')).map((f) => `${d}/${f}`);
  return [
    'README.md',
    ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`),
    ...['www/ai', 'www/shared', 'www/game'].flatMap(js),
  ];
}

/** The network's download in MB, as quoted: "15.2". */
export const networkMB = (root) => (statSync(join(root, NETWORK_FILE)).size / 1e6).toFixed(1);

/** Every quote of the network's download: [{file, line (1-based), mb, text}]. */
export function networkQuotes(root) {
  const quotes = [];
  for (const file of quoteFiles(root)) {
    readFileSync(join(root, file), 'utf8').split('\n').forEach((text, i) => {
      for (const m of text.matchAll(NETWORK_QUOTE)) quotes.push({ file, line: i + 1, mb: m[1] ?? m[2] ?? m[3], text: text.trim() });
    });
  }
  return quotes;
}

/** Writes the network's size over every quote of it; returns the files changed. */
export function writeNetworkQuotes(root) {
  const mb = networkMB(root);
  const changed = [];
  for (const file of quoteFiles(root)) {
    const text = readFileSync(join(root, file), 'utf8');
    const next = text.replace(NETWORK_QUOTE, (quote, ...groups) => {
      const old = groups.slice(0, 3).find((g) => g !== undefined);
      const at = quote.lastIndexOf(old); // the number is the quote's last one
      return quote.slice(0, at) + mb + quote.slice(at + old.length);
    });
    if (next !== text) {
      writeFileSync(join(root, file), next);
      changed.push(file);
    }
  }
  return changed;
}

export const DOWNLOADS_DOC = 'docs/embed.md';
const BEGIN = '<!-- sizes:downloads (written by tools/build/size.mjs: `make size`) -->';
const END = '<!-- /sizes:downloads -->';
// A quote may differ from the files by less than this (KB): another rustc release may shift the
// wasm by a few hundred bytes, and a quote of whole KB is not stale for that.
export const SLACK_KB = 1;

/** The endgame set's row: its download (the file as shipped, gzipped), in KB. */
export const endgameRow = (root) => ({
  what: `the endgame table, when the learned search first plays a board that holds ${NEAR}`,
  kb: statSync(join(root, ENDGAME_FILE)).size / 1024,
});

/**
 * The downloads table: rows [{what, kb}] (kb: gzipped, in KB of 1,024 bytes), the network's
 * MB and the endgame set's row. One line a row, "| what | N KB |", so that a check reads each
 * number back.
 */
export function downloadsTable(rows, mb, endgame) {
  const row = ({ what, kb }) => `| ${what} | ${Math.round(kb)} KB |`;
  return [
    BEGIN,
    '| what loads | gzipped |',
    '| --- | --- |',
    ...rows.map(row),
    `| the learned network, when a learned player first plays on 4x4 | ${mb} MB |`,
    row(endgame),
    END,
  ].join('\n');
}

function block(text) {
  const b = text.indexOf(BEGIN);
  const e = text.indexOf(END);
  if (b < 0 || e < b) throw new Error(`${DOWNLOADS_DOC}: no "${BEGIN}" ... "${END}" markers`);
  return { b, e: e + END.length };
}

/** Writes the table into DOWNLOADS_DOC; true if it changed. */
export function writeDownloads(root, rows) {
  const path = join(root, DOWNLOADS_DOC);
  const text = readFileSync(path, 'utf8');
  const { b, e } = block(text);
  const next = text.slice(0, b) + downloadsTable(rows, networkMB(root), endgameRow(root)) + text.slice(e);
  if (next !== text) writeFileSync(path, next);
  return next !== text;
}

/** What DOWNLOADS_DOC quotes that the files do not (beyond SLACK_KB): one line each; [] when it is up to date. */
export function staleDownloads(root, rows) {
  const text = readFileSync(join(root, DOWNLOADS_DOC), 'utf8');
  const { b, e } = block(text);
  const quoted = new Map([...text.slice(b, e).matchAll(/^\| (.+) \| (\d+) KB \|$/gm)].map((m) => [m[1], Number(m[2])]));
  const stale = [];
  for (const { what, kb } of [...rows, endgameRow(root)]) {
    if (!quoted.has(what)) stale.push(`${DOWNLOADS_DOC} has no row "${what}" (${kb.toFixed(1)} KB)`);
    else if (Math.abs(quoted.get(what) - kb) >= SLACK_KB) stale.push(`${DOWNLOADS_DOC} says ${quoted.get(what)} KB for "${what}", the files make ${kb.toFixed(1)} KB`);
    quoted.delete(what);
  }
  for (const what of quoted.keys()) stale.push(`${DOWNLOADS_DOC} has a row "${what}" that tools/build/size.mjs does not measure`);
  const network = text.slice(b, e).match(/^\| the learned network.* \| ([\d.]+) MB \|$/m);
  if (network?.[1] !== networkMB(root)) stale.push(`${DOWNLOADS_DOC} says ${network?.[1] ?? 'nothing'} MB for the learned network, ${NETWORK_FILE} is ${networkMB(root)} MB`);
  return stale;
}
