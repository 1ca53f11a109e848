// Positions for `arena --decide` (the search's measurements in docs/ai.md):
// seeded 4x4 games played in wasm by expectimax at a node budget, every position from move
// --from on, every --every-th one, as JSON lines {"size":4,"cells":[...]} on stdout.
//
//   make build
//   node tools/runs/positions.mjs [--seeds 101,102,103] [--nodes 20000] [--every 25] [--from 0] [--count 1000000]
import { readFileSync } from 'node:fs';
import { parseFlags, UsageError, whole } from '../lib/cli.mjs';

const USAGE = 'usage: node tools/runs/positions.mjs [--seeds 101,102,103] [--nodes 20000] [--every 25] [--from 0] [--count N]';
const args = parseFlags({
  name: 'positions',
  usage: USAGE,
  options: {
    seeds: { type: 'string', default: '101,102,103' },
    nodes: { type: 'string', default: '20000' },
    every: { type: 'string', default: '25' },
    from: { type: 'string', default: '0' },
    count: { type: 'string', default: '1000000' },
  },
  check: (v) => {
    const seeds = v.seeds.split(',').map((s) => whole('seeds', s, 0, 2 ** 32));
    if (!seeds.length) throw new UsageError('--seeds needs at least one seed');
    return {
      seeds,
      nodes: whole('nodes', v.nodes, 1, 1e9),
      every: whole('every', v.every, 1, 1e6),
      from: whole('from', v.from, 0, 1e7),
      count: whole('count', v.count, 1, 1e7),
    };
  },
});

const pkg = new URL('../../www/pkg/', import.meta.url);
const wasm = await import(new URL('game2048_ai.js', pkg).href).catch((e) => {
  console.error(`positions: cannot load www/pkg (run \`make build\` first): ${e.message}`);
  process.exit(1);
});
wasm.initSync({ module: readFileSync(new URL('game2048_ai_bg.wasm', pkg)) });

const lines = [];
for (const seed of args.seeds) {
  const game = new wasm.Game(4, BigInt(seed));
  let taken = 0;
  for (let move = 0; taken < args.count; move++) {
    const cells = Array.from(game.cells());
    if (move >= args.from && (move - args.from) % args.every === 0) {
      lines.push(JSON.stringify({ size: 4, cells }));
      taken++;
    }
    const { dir } = wasm.bestMove(cells, 4, { strategy: 'expectimax', nodes: args.nodes });
    if (dir === null) break;
    game.move(dir);
  }
}
process.stdout.write(`${lines.join('\n')}\n`);
