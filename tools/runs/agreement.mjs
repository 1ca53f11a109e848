#!/usr/bin/env node
// How often searches choose alike: `arena --decide` outputs for the same positions file, one
// per search, compared position by position. Prints each file's mean depth and nodes a
// decision, then the share of positions where each pair plays the same move. Used for the
// search's measurements in docs/ai.md (what a ply buys).
//
//   node tools/runs/agreement.mjs d3.jsonl d4.jsonl d5.jsonl
import { basename } from 'node:path';
import { UsageError } from '../lib/cli.mjs';
import { readJsonLines } from '../lib/jsonl.mjs';

const USAGE = 'usage: node tools/runs/agreement.mjs DECISIONS.jsonl DECISIONS.jsonl [...]  (arena --decide outputs for one positions file)';

function main(files) {
  if (files.includes('--help')) {
    console.log(USAGE);
    return 0;
  }
  if (files.length < 2) throw new UsageError(`two or more decision files are needed\n${USAGE}`);
  const runs = files.map(readJsonLines);
  const n = runs[0].length;
  runs.forEach((r, i) => {
    if (r.length !== n) throw new UsageError(`${files[i]} has ${r.length} decisions, ${files[0]} ${n}: not the same positions`);
  });
  const name = (f) => basename(f, '.jsonl');
  const mean = (r, k) => r.reduce((s, d) => s + d[k], 0) / n;
  console.log(`${n} positions`);
  for (const [i, r] of runs.entries()) console.log(`${name(files[i])}: depth ${mean(r, 'depth').toFixed(2)}, nodes ${Math.round(mean(r, 'nodes'))}`);
  const width = Math.max(...files.map((f) => name(f).length), '100.0'.length) + 2; // a name or a share, and a gap
  console.log(''.padEnd(width) + files.map((f) => name(f).padStart(width)).join(''));
  for (const [i, a] of runs.entries()) {
    const cells = runs.map((b) => (a.filter((d, k) => d.dir === b[k].dir).length / n * 100).toFixed(1).padStart(width));
    console.log(name(files[i]).padEnd(width) + cells.join(''));
  }
  return 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (e) {
  if (!(e instanceof UsageError)) throw e;
  console.error(`agreement: ${e.message}`);
  process.exitCode = 2;
}
