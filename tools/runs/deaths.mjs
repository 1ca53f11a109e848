#!/usr/bin/env node
// Where the arena's games that missed a tile ended: for each game whose largest tile is below
// --target (default 32768), its largest tile and how far the next one of that value was built
// when it ended (the other tiles' sum over the largest, in tenths). Used in docs/ai.md ("Where
// the games end") to tell which stage of the build the endgame tables must serve.
//
//   node tools/runs/deaths.mjs [--target 32768] data/runs/expectimax-td-20000.jsonl [...]
import { UsageError, parseFlags, tile } from '../lib/cli.mjs';
import { readJsonLinesOf } from '../lib/jsonl.mjs';

const USAGE = 'usage: node tools/runs/deaths.mjs [--target TILE] GAMES.jsonl [...]  (arena game lines)';

/** The games of the arena's file `path`: each line a JSON object with `tiles`. */
const games = (path) => readJsonLinesOf(path, (g) => g && typeof g.tiles === 'object', 'has no "tiles": not an arena game line');

/**
 * The games below `target`, by largest tile (largest first): {largest, games, tenths[10]}, where
 * tenths[k] counts the games whose other tiles summed to k/10 up to (k+1)/10 of the largest.
 */
function deaths(list, target) {
  const rows = new Map();
  for (const g of list) {
    const tiles = Object.entries(g.tiles).map(([v, n]) => [Number(v), n]);
    const largest = Math.max(...tiles.map(([v]) => v));
    if (largest >= target) continue;
    const rest = tiles.reduce((s, [v, n]) => s + v * n, 0) - largest;
    const row = rows.get(largest) ?? { largest, games: 0, tenths: new Array(10).fill(0) };
    row.games += 1;
    row.tenths[Math.min(9, Math.floor((rest / largest) * 10))] += 1;
    rows.set(largest, row);
  }
  return [...rows.values()].sort((a, b) => b.largest - a.largest);
}

function main() {
  const { target, files } = parseFlags({
    name: 'deaths',
    usage: USAGE,
    options: { target: { type: 'string', default: '32768' } },
    allowPositionals: true,
    check: (values, positionals) => {
      if (positionals.length === 0) throw new UsageError('one or more game files are needed');
      return { target: tile('target', values.target), files: positionals };
    },
  });
  let all;
  try {
    all = files.flatMap(games);
  } catch (e) {
    if (!(e instanceof UsageError) && e.code !== 'ENOENT') throw e;
    console.error(`deaths: ${e.message}`);
    return 2;
  }
  const rows = deaths(all, target);
  const missed = rows.reduce((s, r) => s + r.games, 0);
  console.log(`${all.length} games, ${missed} below ${target}; the next tile of the largest's value built, in tenths:`);
  console.log(`largest  games  ${Array.from({ length: 10 }, (_, k) => `${k * 10}%`.padStart(5)).join('')}`);
  for (const r of rows) console.log(`${String(r.largest).padStart(7)}  ${String(r.games).padStart(5)}  ${r.tenths.map((n) => String(n).padStart(5)).join('')}`);
  return 0;
}

process.exitCode = main();
