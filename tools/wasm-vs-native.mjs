// Checks that the WebAssembly build decides exactly as the native build under a node budget
// (same move, values, nodes and depth on every position), and compares their speed.
//
//   make build   # www/pkg must exist
//   node tools/wasm-vs-native.mjs [--nodes 200000] [--moves 300] [--sizes 3,4,5,6,8] [--seed 1]
//                                 [--repeat 1] [--pkg www/pkg]
//
// It plays one seeded game per size in wasm with `bestMove`, writes every position it met to
// a temporary file, asks the native arena (`cargo run --release --bin arena -- --decide`) for
// its decisions on the same positions, and compares. Exit code 1 on any difference.
//
// With --repeat R, both sides decide every position R times and each position keeps its
// fastest time: on a busy machine that measures the code rather than the neighbours (every
// repetition must decide the same, too).

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function parseArgs(argv) {
  const args = { nodes: 200000, moves: 300, sizes: [3, 4, 5, 6, 8], seed: 1, repeat: 1, pkg: join(root, 'www', 'pkg') };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    const whole = (min, max) => {
      const n = Number(value);
      if (!Number.isInteger(n) || n < min || n > max) {
        throw new Error(`${flag} must be a whole number from ${min} to ${max}, got ${value}`);
      }
      return n;
    };
    if (flag === '--nodes') args.nodes = whole(1, 1e9);
    else if (flag === '--moves') args.moves = whole(1, 1e6);
    else if (flag === '--seed') args.seed = whole(0, 2 ** 52);
    else if (flag === '--repeat') args.repeat = whole(1, 1000);
    else if (flag === '--pkg') args.pkg = value;
    else if (flag === '--sizes') args.sizes = value.split(',').map((s) => {
      const n = Number(s);
      if (!Number.isInteger(n) || n < 3 || n > 8) throw new Error(`--sizes: ${s} is not a size from 3 to 8`);
      return n;
    });
    else throw new Error(`unknown option ${flag}; use --nodes, --moves, --sizes, --seed, --repeat, --pkg`);
  }
  return args;
}

async function loadWasm(pkg) {
  let mod;
  try {
    mod = await import(pathToFileURL(resolve(pkg, 'game2048.js')).href);
  } catch (e) {
    throw new Error(`cannot load ${pkg}/game2048.js (run \`make build\` first): ${e.message}`);
  }
  mod.initSync({ module: readFileSync(join(pkg, 'game2048_bg.wasm')) });
  return mod;
}

/** Plays a seeded game per size in wasm; returns the positions and wasm's decisions. */
function playInWasm(wasm, args) {
  const positions = [];
  for (const size of args.sizes) {
    const game = new wasm.Game(size, BigInt(args.seed + size));
    for (let k = 0; k < args.moves; k++) {
      const cells = Array.from(game.cells());
      let decision;
      let ms = Infinity;
      for (let r = 0; r < args.repeat; r++) {
        const start = performance.now();
        const again = wasm.bestMove(cells, size, { strategy: 'expectimax', nodes: args.nodes });
        ms = Math.min(ms, performance.now() - start);
        if (decision !== undefined && !same(decision, again)) {
          throw new Error(`wasm decided ${JSON.stringify(cells)} differently when asked again`);
        }
        decision = again;
      }
      positions.push({ size, cells, decision, ms });
      if (decision.dir === null) break;
      game.move(decision.dir);
    }
  }
  return positions;
}

function decideNatively(positions, args) {
  const dir = mkdtempSync(join(tmpdir(), 'wasm-vs-native-'));
  try {
    const file = join(dir, 'positions.jsonl');
    writeFileSync(file, positions.map((p) => JSON.stringify({ size: p.size, cells: p.cells })).join('\n') + '\n');
    let best;
    for (let r = 0; r < args.repeat; r++) {
      const out = execFileSync(
        'cargo',
        ['run', '--quiet', '--release', '--bin', 'arena', '--', '--decide', file, '--nodes', String(args.nodes)],
        { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'inherit'] },
      );
      const decisions = out.trim().split('\n').map((line) => JSON.parse(line));
      best = best === undefined ? decisions : best.map((d, i) => {
        if (!same(d, decisions[i])) throw new Error(`native decided position ${i + 1} differently when asked again`);
        return d.ms <= decisions[i].ms ? d : decisions[i];
      });
    }
    return best;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const same = (a, b) => a.dir === b.dir && a.nodes === b.nodes && a.depth === b.depth &&
  ['up', 'right', 'down', 'left'].every((d) => Object.is(a.values[d], b.values[d]));

let args;
try {
  args = parseArgs(process.argv.slice(2));
} catch (e) {
  console.error(`wasm-vs-native: ${e.message}`);
  process.exit(2);
}
const wasm = await loadWasm(args.pkg);
const positions = playInWasm(wasm, args);
const native = decideNatively(positions, args);
if (native.length !== positions.length) {
  console.error(`native decided ${native.length} positions, wasm ${positions.length}`);
  process.exit(1);
}
let differ = 0;
const bySize = new Map();
positions.forEach((p, i) => {
  const n = native[i];
  if (!same(p.decision, n)) {
    differ++;
    if (differ <= 5) {
      console.error(`differ on ${p.size}x${p.size} ${JSON.stringify(p.cells)}:\n  wasm   ${JSON.stringify(p.decision)}\n  native ${JSON.stringify(n)}`);
    }
  }
  const s = bySize.get(p.size) ?? { count: 0, wasmMs: 0, nativeMs: 0, nodes: 0 };
  s.count++;
  s.wasmMs += p.ms;
  s.nativeMs += n.ms;
  s.nodes += n.nodes;
  bySize.set(p.size, s);
});
console.log(`nodes budget ${args.nodes}: ${positions.length} positions, ${differ} differ`);
console.log('size  positions  nodes/move  wasm ms/move  native ms/move  wasm/native  wasm nodes/s vs native');
for (const [size, s] of [...bySize].sort((a, b) => a[0] - b[0])) {
  console.log(
    `${`${size}x${size}`.padEnd(6)}${String(s.count).padStart(9)}${(s.nodes / s.count).toFixed(0).padStart(12)}` +
    `${(s.wasmMs / s.count).toFixed(3).padStart(14)}${(s.nativeMs / s.count).toFixed(3).padStart(16)}` +
    `${(s.wasmMs / Math.max(s.nativeMs, 1e-9)).toFixed(2).padStart(13)}` +
    `${`${(100 * s.nativeMs / Math.max(s.wasmMs, 1e-9)).toFixed(0)}%`.padStart(24)}`,
  );
}
process.exit(differ === 0 ? 0 : 1);
