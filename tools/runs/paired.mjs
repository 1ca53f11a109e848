#!/usr/bin/env node
// Two arena runs on the same seeds, paired by seed: for each tile, how many games reach it in
// each, how many only in one of them, and the two-sided exact sign test on those (McNemar's
// exact test): the chance that a difference that large shows between two players that are
// alike. docs/ai.md quotes it for the endgame tables ("The endgame screen", "Dense tables: measured, no gain").
//
//   node tools/runs/paired.mjs [--tiles 16384,32768] FIRST.jsonl SECOND.jsonl
import { UsageError, parseFlags, tile } from '../lib/cli.mjs';
import { readJsonLines } from '../lib/jsonl.mjs';

const USAGE = 'usage: node tools/runs/paired.mjs [--tiles 16384,32768] FIRST.jsonl SECOND.jsonl  (arena game lines on the same seeds)';

/** The games of `path` by seed; each line an arena game line with `seed` and `largest`. */
function games(path) {
  const bySeed = new Map();
  readJsonLines(path).forEach((g, i) => {
    if (!g || !Number.isInteger(g.seed) || !(Number(g.largest) > 0)) throw new UsageError(`${path} line ${i + 1} has no "seed" and "largest": not an arena game line`);
    if (bySeed.has(g.seed)) throw new UsageError(`${path} line ${i + 1}: seed ${g.seed} a second time`);
    bySeed.set(g.seed, g);
  });
  return bySeed;
}

/** The two-sided exact sign test: the chance of a split of `a` to `b` or a less even one, each side 1/2. */
export function signTest(a, b) {
  const n = a + b;
  if (n === 0) return 1;
  const log = [0];
  for (let i = 1; i <= n; i++) log[i] = log[i - 1] + Math.log(i);
  const p = (k) => Math.exp(log[n] - log[k] - log[n - k] - n * Math.LN2);
  const seen = p(Math.min(a, b));
  let total = 0;
  for (let k = 0; k <= n; k++) if (p(k) <= seen * (1 + 1e-9)) total += p(k);
  return Math.min(1, total);
}

/** For each tile: {tile, games, first, second, onlyFirst, onlySecond, p} over the seeds both played. */
export function paired(first, second, tiles) {
  const seeds = [...first.keys()].filter((s) => second.has(s));
  return tiles.map((tile) => {
    const row = { tile, games: seeds.length, first: 0, second: 0, onlyFirst: 0, onlySecond: 0 };
    for (const s of seeds) {
      const x = Number(first.get(s).largest) >= tile;
      const y = Number(second.get(s).largest) >= tile;
      row.first += x;
      row.second += y;
      row.onlyFirst += x && !y;
      row.onlySecond += y && !x;
    }
    return { ...row, p: signTest(row.onlyFirst, row.onlySecond) };
  });
}

function main() {
  const { tiles, files } = parseFlags({
    name: 'paired',
    usage: USAGE,
    options: { tiles: { type: 'string', default: '16384,32768' } },
    allowPositionals: true,
    check: (values, positionals) => {
      if (positionals.length !== 2) throw new UsageError('two game files are needed');
      return { tiles: values.tiles.split(',').map((t) => tile('tiles', t)), files: positionals };
    },
  });
  let runs;
  try {
    runs = files.map(games);
  } catch (e) {
    if (!(e instanceof UsageError) && e.code !== 'ENOENT') throw e;
    console.error(`paired: ${e.message}`);
    return 2;
  }
  const rows = paired(runs[0], runs[1], tiles);
  const pct = (n, of) => `${n} (${of ? ((100 * n) / of).toFixed(1) : '0.0'}%)`;
  console.log(`${rows[0].games} seeds in both: ${files[0]} (first) and ${files[1]} (second)`);
  console.log('tile     first             second            only first  only second  sign test p');
  for (const r of rows) {
    console.log(`${String(r.tile).padEnd(8)} ${pct(r.first, r.games).padEnd(17)} ${pct(r.second, r.games).padEnd(17)} ${String(r.onlyFirst).padStart(10)}  ${String(r.onlySecond).padStart(11)}  ${r.p.toFixed(3).padStart(11)}`);
  }
  return 0;
}

process.exitCode = main();
