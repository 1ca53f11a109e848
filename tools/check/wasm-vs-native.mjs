// Checks that the WebAssembly build decides exactly as the native build under a node budget
// (same move, values, nodes and depth on every position), and compares their speed.
//
//   make build   # www/pkg must exist
//   node tools/check/wasm-vs-native.mjs [--nodes 200000] [--moves 300] [--sizes 3,4,5,6,8] [--seed 1]
//                                 [--repeat 1] [--pkg www/pkg] [--profile release]
//                                 [--strategy expectimax-td [--network FILE] [--endgame FILE --start FILE]]
//
// It plays one seeded game per size in wasm with `bestMove`, writes every position it met to
// a temporary file, asks the native arena (`cargo run --release --bin arena -- --decide`) for
// its decisions on the same positions, and compares. Exit code 1 on any difference.
// `--profile NAME` builds that arena with another cargo profile: `make test-parity` names the
// one `make test-rust` builds (`test-native`), so that the check builds nothing of its own.
// Decisions do not depend on the profile; speeds do, so compare speeds under `release`.
//
// With --repeat R, both sides decide every position R times and each position keeps its
// fastest time: on a busy machine that measures the code rather than the neighbours (every
// repetition must decide the same, too).
//
// With --check (what `make test-parity` runs) it prints no timing at all: one line of counts,
// and on stderr every position the two builds decided differently; exit code 1 if any. It
// also checks the page's parallel split: every legal root move searched alone in wasm (as
// the worker pool's workers do), merged by www/ai/split.js, must equal the one-call decision.
//
// --strategy expectimax-td (4x4 only) searches with the learned network as the evaluation:
// --network FILE (a weights file, gzip-compressed or not; the page's network by default) is
// read by both builds, in wasm chunk by chunk as a worker does (NetworkLoader).
// --endgame FILE (a packed wall set, `*.ews`, gzip-compressed or not; www/ai/endgame.js's
// ENDGAME_FILE for the page's) has both consult it as the page does: wasm's loadEndgame with
// the page's tile (ENDGAME_FROM), the arena's `--tables DIR --table-from` it (--page-endgame:
// the page's set); the split's merged values go through endgameMove, as the pool's do. With
// --start FILE (positions as `arena --positions` writes them, e.g.
// data/endgame/starts-16384-80.jsonl) the games play from each distinct position there,
// `--moves` moves each, rather than from seeded new games.

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gunzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseFlags, UsageError, whole } from '../lib/cli.mjs';
import { merge } from '../../www/ai/split.js';
import { NETWORK_FILE } from '../../www/ai/network.js';
import { ENDGAME_FILE, ENDGAME_FROM } from '../../www/ai/endgame.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

const USAGE = `Usage: node tools/check/wasm-vs-native.mjs [--check] [--nodes N] [--moves M] [--sizes 3,4,5,6,8] [--seed S]
                                   [--repeat R] [--pkg DIR] [--profile release] [--strategy expectimax|expectimax-td [--network FILE]]
                                   [--endgame FILE | --page-endgame] [--start FILE] [--games G]
  --check: decisions only (no timing); exit 1 listing the positions decided differently (the first 20)
  --profile: the cargo profile the native arena is built with (release)`;

function parseCommandLine() {
  return parseFlags({
    name: 'wasm-vs-native',
    usage: USAGE,
    options: {
      check: { type: 'boolean' },
      nodes: { type: 'string' },
      moves: { type: 'string' },
      sizes: { type: 'string' },
      seed: { type: 'string' },
      repeat: { type: 'string' },
      pkg: { type: 'string' },
      profile: { type: 'string' },
      strategy: { type: 'string' },
      network: { type: 'string' },
      endgame: { type: 'string' },
      'page-endgame': { type: 'boolean' },
      start: { type: 'string' },
      games: { type: 'string' },
    },
    check(values) {
      const number = (flag, fallback, min, max) =>
        (values[flag] === undefined ? fallback : whole(flag, values[flag], min, max));
      const args = {
        check: values.check ?? false,
        nodes: number('nodes', 200000, 1, 1e9),
        moves: number('moves', 300, 1, 1e6),
        seed: number('seed', 1, 0, 2 ** 52),
        repeat: number('repeat', 1, 1, 1000),
        pkg: values.pkg ?? join(root, 'www', 'pkg'),
        profile: values.profile ?? 'release',
        sizes: [3, 4, 5, 6, 8],
      };
      if (values.sizes !== undefined) {
        args.sizes = values.sizes.split(',').map((s) => whole('sizes', s, 3, 8));
      }
      if (args.check && args.repeat > 1) throw new UsageError('--repeat measures speed; --check does not');
      args.strategy = values.strategy ?? 'expectimax';
      if (!['expectimax', 'expectimax-td'].includes(args.strategy)) throw new UsageError(`--strategy: expectimax or expectimax-td, got ${args.strategy}`);
      args.network = values.network ?? null;
      if (args.strategy === 'expectimax-td') {
        args.network ??= join(root, NETWORK_FILE);
        if (args.sizes.some((n) => n !== 4)) {
          if (values.sizes !== undefined) throw new UsageError('--strategy expectimax-td plays 4x4 only: --sizes 4');
          args.sizes = [4];
        }
      } else if (args.network) throw new UsageError('--network is for --strategy expectimax-td');
      if (values.endgame && values['page-endgame']) throw new UsageError('--endgame FILE or --page-endgame, not both');
      args.endgame = values['page-endgame'] ? join(root, ENDGAME_FILE) : values.endgame ?? null;
      if (args.endgame && args.strategy !== 'expectimax-td') throw new UsageError('--endgame is for --strategy expectimax-td');
      args.start = values.start ?? null;
      args.games = number('games', Infinity, 1, 1e6);
      if (values.games !== undefined && !args.start) throw new UsageError('--games counts the positions of --start');
      return args;
    },
  });
}

async function loadWasm(pkg) {
  let mod;
  try {
    mod = await import(pathToFileURL(resolve(pkg, 'game2048_ai.js')).href);
  } catch (e) {
    throw new Error(`cannot load ${pkg}/game2048_ai.js (run \`make build\` first): ${e.message}`);
  }
  mod.initSync({ module: readFileSync(join(pkg, 'game2048_ai_bg.wasm')) });
  return mod;
}

/** Reads a weights file (gzip-compressed or not) into wasm a chunk at a time, as a worker does. */
function loadNetwork(wasm, file) {
  let bytes = readFileSync(file);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = gunzipSync(bytes);
  const loader = new wasm.NetworkLoader();
  try {
    for (let at = 0; at < bytes.length; at += 1 << 20) loader.push(bytes.subarray(at, at + (1 << 20)));
    return loader.finish();
  } finally {
    loader.free();
  }
}

/** A file's bytes, gunzipped when they are gzip's. */
function inflated(file) {
  const bytes = readFileSync(file);
  return bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes;
}

/** The games to play: [{size, game}], a seeded new game per size, or one per distinct --start position. */
function games(wasm, args) {
  if (!args.start) return args.sizes.map((size) => ({ size, game: new wasm.Game(size, BigInt(args.seed + size)) }));
  const seen = new Set();
  const starts = [];
  for (const line of readFileSync(args.start, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const { size, cells } = JSON.parse(line);
    const key = JSON.stringify([size, cells]);
    if (!args.sizes.includes(size) || seen.has(key) || starts.length >= args.games) continue;
    seen.add(key);
    starts.push({ size, game: wasm.Game.fromCells(size, cells, BigInt(args.seed + starts.length)) });
  }
  return starts;
}

/** Plays the games in wasm; returns the positions and wasm's decisions. */
function playInWasm(wasm, args) {
  const positions = [];
  for (const { size, game } of games(wasm, args)) {
    for (let k = 0; k < args.moves; k++) {
      const cells = Array.from(game.cells());
      let decision;
      let ms = Infinity;
      for (let r = 0; r < args.repeat; r++) {
        const start = performance.now();
        const again = wasm.bestMove(cells, size, { strategy: args.strategy, nodes: args.nodes });
        ms = Math.min(ms, performance.now() - start);
        if (decision !== undefined && !same(decision, again)) {
          throw new Error(`wasm decided ${JSON.stringify(cells)} differently when asked again`);
        }
        decision = again;
      }
      let split = null;
      if (args.check) {
        // The page's way: each legal move in its own request, the answers merged.
        const legal = Array.from(wasm.legalMoves(cells, size));
        if (legal.length > 0) {
          split = merge(legal.map((d) => wasm.bestMove(cells, size, { strategy: args.strategy, nodes: args.nodes, moves: [d] })));
          // The set's move on the merged values, as the pool asks a worker for it.
          const steered = split.endgame ? wasm.endgameMove(cells, size, split.values) : null;
          if (steered) split.dir = steered;
        }
      }
      positions.push({ size, cells, decision, ms, split });
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
      let tables = [];
      if (args.endgame) {
        mkdirSync(join(dir, 'tables'));
        writeFileSync(join(dir, 'tables', 'set.ews'), inflated(args.endgame));
        tables = ['--tables', join(dir, 'tables'), '--table-from', String(ENDGAME_FROM)];
      }
      const out = execFileSync(
        'cargo',
        ['run', '--quiet', '--profile', args.profile, '--bin', 'arena', '--', '--decide', file, '--nodes', String(args.nodes),
          '--strategy', args.strategy, ...(args.network ? ['--network', resolve(args.network)] : []), ...tables],
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

/** A decision without its time: what must agree. */
const brief = (d) => JSON.stringify({ dir: d.dir, values: d.values, nodes: d.nodes, depth: d.depth });

const same = (a, b) => a.dir === b.dir && a.nodes === b.nodes && a.depth === b.depth &&
  ['up', 'right', 'down', 'left'].every((d) => Object.is(a.values[d], b.values[d]));

const args = parseCommandLine();
const wasm = await loadWasm(args.pkg);
if (args.network) loadNetwork(wasm, args.network);
const endgame = args.endgame ? wasm.loadEndgame(inflated(args.endgame), ENDGAME_FROM) : null;
const positions = playInWasm(wasm, args);
const native = decideNatively(positions, args);
if (native.length !== positions.length) {
  console.error(`native decided ${native.length} positions, wasm ${positions.length}`);
  process.exit(1);
}
const sizeName = (size) => `${size}x${size}`;
if (args.check) {
  const differing = positions
    .map((p, i) => ({ p, n: native[i], i }))
    .filter(({ p, n }) => !same(p.decision, n) || (p.split && !same(p.split, n)));
  const counts = args.sizes.map((size) => `${positions.filter((p) => p.size === size).length} on ${sizeName(size)}`);
  // With a set, the positions whose search consulted it (whole and split alike, as the page's answers name it).
  const consulted = endgame ? positions.filter((p) => p.decision.endgame === endgame.set && (!p.split || p.split.endgame === endgame.set)).length : 0;
  // Of those, the positions where the set's move overruled the search's favourite.
  const favourite = (d) => ['up', 'right', 'down', 'left'].reduce((b, m) => (d.values[m] != null && (b === null || d.values[m] > d.values[b]) ? m : b), null);
  const overruled = positions.filter((p) => p.decision.endgame && p.decision.dir !== favourite(p.decision)).length;
  const withSet = endgame ? `, consulting the endgame set ${endgame.set} on ${consulted} (its move over the search's on ${overruled})` : '';
  console.log(`wasm vs native, ${args.strategy}, nodes budget ${args.nodes}: ${positions.length} positions (${counts.join(', ')})${withSet}, ${differing.length} decided differently (wasm whole, wasm split move by move and merged, native)`);
  if (endgame && consulted === 0) {
    console.error(`no position consulted the endgame set: none holds ${ENDGAME_FROM}`);
    process.exit(1);
  }
  if (endgame && overruled === 0) {
    console.error('the endgame set overruled the search on no position: play more --moves from each start');
    process.exit(1);
  }
  for (const { p, n, i } of differing.slice(0, 20)) {
    const split = p.split ? `\n  split  ${brief(p.split)}` : '';
    console.error(`position ${i + 1}, ${sizeName(p.size)} ${JSON.stringify(p.cells)}:\n  wasm   ${brief(p.decision)}${split}\n  native ${brief(n)}`);
  }
  if (differing.length > 20) console.error(`... and ${differing.length - 20} more`);
  process.exit(differing.length === 0 ? 0 : 1);
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
