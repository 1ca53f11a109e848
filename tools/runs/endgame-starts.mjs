#!/usr/bin/env node
// The endgame screen's start positions (docs/ai.md, "The endgame screen"): from the positions an
// arena run wrote (`arena --positions FILE --positions-from 16384`), for each game (its seed) the
// first position whose largest tile is --largest, held once, with the other tiles summing to at
// least --built of it (0.8: the next such tile four fifths built, where most games that miss the
// next tile die), each written --repeat times: `arena --start` plays game i from the i-th line,
// spawning from seed S + i, so each position is played out with --repeat spawn sequences.
//
//   node tools/runs/endgame-starts.mjs [--largest 16384] [--built 0.8] [--repeat 6] late.jsonl > starts.jsonl
import { UsageError, parseFlags, tile, whole } from '../lib/cli.mjs';
import { readPositions, stageStarts } from '../lib/late-boards.mjs';

const USAGE = 'usage: node tools/runs/endgame-starts.mjs [--largest TILE] [--built FRACTION] [--repeat N] POSITIONS.jsonl  (arena --positions lines)';

function main() {
  const { largest, built, repeat, file } = parseFlags({
    name: 'endgame-starts',
    usage: USAGE,
    options: { largest: { type: 'string', default: '16384' }, built: { type: 'string', default: '0.8' }, repeat: { type: 'string', default: '6' } },
    allowPositionals: true,
    check: (values, positionals) => {
      if (positionals.length !== 1) throw new UsageError('one positions file is needed');
      const b = Number(values.built);
      if (!(b >= 0 && b < 1)) throw new UsageError(`--built must be a fraction from 0 up to 1, got ${JSON.stringify(values.built)}`);
      return { largest: tile('largest', values.largest), built: b, repeat: whole('repeat', values.repeat, 1, 1000), file: positionals[0] };
    },
  });
  let list;
  try {
    list = readPositions(file);
  } catch (e) {
    if (!(e instanceof UsageError) && e.code !== 'ENOENT') throw e;
    console.error(`endgame-starts: ${e.message}`);
    return 2;
  }
  const chosen = [...stageStarts(list, largest, built).values()];
  const games = new Set(list.map((p) => p.seed)).size;
  for (const p of chosen) for (let k = 0; k < repeat; k++) console.log(JSON.stringify({ size: 4, cells: p.cells, seed: p.seed, move: p.move }));
  console.error(`endgame-starts: ${chosen.length} of the ${games} games in ${file} reach the stage (${largest}, the next ${Math.round(built * 100)}% built); ${chosen.length * repeat} starts`);
  return 0;
}

process.exitCode = main();
