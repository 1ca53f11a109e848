#!/usr/bin/env node
// How the player lays out its late boards (docs/ai.md, "The endgame screen"): for each stage of
// the build (the largest tile held once, the next one --built of it made), each game's first
// board at that stage, its layout (tools/lib/late-boards.mjs: 'snake' or 'parallel' from the
// corner of the largest tile, else 'other'), counted apart for the games that went on to
// --target and those that did not. The positions are an arena run's `--positions` lines (every
// move of the games, `--positions-every 1`), the games its `--out` lines, by seed.
//
//   node tools/runs/layouts.mjs [--largest 16384] [--built 0.85,0.9,0.95] [--target 32768] GAMES.jsonl POSITIONS.jsonl
import { UsageError, parseFlags, tile } from '../lib/cli.mjs';
import { readJsonLinesOf } from '../lib/jsonl.mjs';
import { layout, readPositions, stageStarts } from '../lib/late-boards.mjs';

const USAGE = 'usage: node tools/runs/layouts.mjs [--largest TILE] [--built F,F,...] [--target TILE] GAMES.jsonl POSITIONS.jsonl  (an arena run\'s --out and --positions)';
const LAYOUTS = ['snake', 'parallel', 'other'];

function main() {
  const { largest, built, target, files } = parseFlags({
    name: 'layouts',
    usage: USAGE,
    options: { largest: { type: 'string', default: '16384' }, built: { type: 'string', default: '0.85,0.9,0.95' }, target: { type: 'string', default: '32768' } },
    allowPositionals: true,
    check: (values, positionals) => {
      if (positionals.length !== 2) throw new UsageError('a games file and a positions file are needed');
      const fractions = values.built.split(',').map((f) => Number(f));
      if (!fractions.every((f) => f >= 0 && f < 1)) throw new UsageError(`--built must be fractions from 0 up to 1, got ${JSON.stringify(values.built)}`);
      return { largest: tile('largest', values.largest), built: fractions, target: tile('target', values.target), files: positionals };
    },
  });
  let games;
  let positions;
  try {
    games = readJsonLinesOf(files[0], (g) => g && Number.isInteger(g.seed) && Number(g.largest) > 0, 'is not an arena game line (no "seed" and "largest")');
    positions = readPositions(files[1]);
  } catch (e) {
    if (!(e instanceof UsageError) && e.code !== 'ENOENT') throw e;
    console.error(`layouts: ${e.message}`);
    return 2;
  }
  const reached = new Map(games.map((g) => [g.seed, Number(g.largest) >= target]));
  console.log(`${games.length} games; each one's first board with one ${largest} and the next built to a fraction, by what the game went on to reach:`);
  console.log(`built  games       ${LAYOUTS.map((l) => l.padStart(9)).join('')}`);
  for (const fraction of built) {
    const rows = { [`${target}`]: [], [`below ${target}`]: [] };
    for (const [seed, p] of stageStarts(positions, largest, fraction)) {
      if (!reached.has(seed)) continue;
      rows[reached.get(seed) ? `${target}` : `below ${target}`].push(layout(p.cells));
    }
    for (const [name, list] of Object.entries(rows)) {
      const share = (l) => `${list.length ? Math.round((100 * list.filter((x) => x === l).length) / list.length) : 0}%`.padStart(9);
      console.log(`${`${Math.round(fraction * 100)}%`.padEnd(6)} ${String(list.length).padStart(5)} ${name.padEnd(11)} ${LAYOUTS.map(share).join('')}`);
    }
  }
  return 0;
}

process.exitCode = main();
