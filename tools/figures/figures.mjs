// The strength figures, from one source: the arena's game lines under data/ (index:
// data/index.json). Writes
//   - docs/figures.md, every figure with its 95% Wilson interval, games, seeds, nodes a move
//     and the command that produced each file;
//   - the LADDER block of the page's strength figures (STRENGTH_FIGURES below): each rung's
//     measured reach and mean nodes a move, which the strength control and "Fits the speed" use;
//   - the STAGE ODDS block of www/ai/stage-odds.js: the odds from a stage, from the games of
//     the page's default player at Max (tools/figures/stage-odds.mjs), with their calibration
//     on other seeds in docs/figures.md;
//   - the players table in README.md (between its `figures:players` markers).
// `make figures` (after new game lines); `--check` writes nothing and exits 1 naming each
// file that differs from what it would write. tests/node/figures-generated.test.mjs runs
// the same comparison in `make test`.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Where the page's strength figures live: the one path to change if the module moves.
import { NETWORK_FILE } from '../../www/ai/network.js';
import { ENDGAME_FILE, ENDGAME_FROM } from '../../www/ai/endgame.js';
import { packedSets } from '../lib/ews.mjs';
import { FAMILIES, FASTEST_GAMES, fitPlayer } from '../../www/ai/fit-player.js';
import { SPEEDS } from '../../www/shared/choices.js';
import { isStale } from '../runs/replay-stale.mjs';
import { BINS, ECE_AIM, FIRST_ROW, MIN_GAMES, calibration, oddsBlock, oddsRows, shownShare } from './stage-odds.mjs';
import { TENTHS } from '../../www/ai/stage-odds.js';

export const STRENGTH_FIGURES = 'www/ai/strength-figures.js';
export const FIGURES_PAGE = 'docs/figures.md';
export const README = 'README.md';
export const INDEX = 'data/index.json';
export const STAGE_ODDS_MODULE = 'www/ai/stage-odds.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

// The page's ladder of node budgets for expectimax: the rung names the strength control shows,
// each with the file of its 200 whole games (seeds 1..200, the split search).
// Each ladder names its own rungs, lightest first, so that no name means two budgets.
const RUNG_NAMES = ['Light', 'Quick', 'Solid', 'Strong', 'Deep'];
const TD_RUNG_NAMES = ['Keen', 'Sharp', 'Shrewd', 'Wise', 'Sage'];
const ladder = (budgets, names, file) => budgets.map((nodes, i) => ({ nodes, name: names[i], file: file(nodes) }));
const LADDER = ladder([50000, 200000, 800000, 2500000, 10000000], RUNG_NAMES, (n) => `data/runs/expectimax-split-${n}.jsonl`);
// The learned player's ladder: expectimax-td at node budgets with the shipped network
// (NETWORK_FILE), 200 whole games each. A rung counts only when its file's entry in
// data/index.json names the shipped network in its command and records that file's sha256 as
// its `network`: a new network leaves every rung "not yet measured" until it is measured again.
// A rung plays with the page's endgame set (www/ai/endgame.js) once the board holds its tile:
// its page figures come from its games with that set (`endgameFile`, whole games on seeds
// 1..N with the set at the root from ENDGAME_FROM) when those count as a rung's do and every
// game line names the shipped set, else from its games without (`file`), and the page says
// which.
export const TD_LADDER = ladder([5000, 20000, 80000, 300000, 1200000], TD_RUNG_NAMES, (n) => `data/runs/expectimax-td-${n}.jsonl`)
  .map((r) => ({ ...r, endgameFile: `data/runs/expectimax-td-${r.nodes}-endgame-from${ENDGAME_FROM}.jsonl` }));
// Each family's search speed in the page's wasm, nodes a millisecond a worker, on a quiet
// machine of the CI's kind (2 cores): `node tools/check/wasm-vs-native.mjs --moves 200 --repeat 3`
// with `--nodes 200000 --sizes 4` (expectimax) and `--nodes 20000 --strategy expectimax-td`.
// The README names what the default player picks at Max with them, on MAX_WORKERS workers.
const WASM_SPEEDS = { expectimax: 113000, 'expectimax-td': 7500 };
const MAX_WORKERS = 2;
// The tiles whose reach the page quotes for a rung, and the games a rung needs before the
// page quotes it (until then its label says "not yet measured").
const PAGE_TILES = [8192, 16384, 32768];
const PAGE_GAMES = 200;
// The learned ladder's deepest rung, hours a game, counts from fewer.
const DEEPEST_GAMES = 100;
/** The games a rung needs before the page quotes it. */
const neededGames = (rungs, r) => (rungs === TD_LADDER && r === rungs[rungs.length - 1] ? DEEPEST_GAMES : PAGE_GAMES);
// The odds from a stage (www/ai/stage-odds.js): the tile they are of, and the games of the page's
// default player at Max on seeds its table's games did not use, which check them. Those games
// must play as the table's do (the same options and endgame set).
const ODDS_TILE = 32768;
export const ODDS_HELD_OUT = ['data/runs/expectimax-td-20000-s1001.jsonl'];

// The strongest browser AI we know, as its own README reports it: each rung is compared with it.
const REFERENCE = {
  name: '[ziap/2048-ai](https://github.com/ziap/2048-ai)',
  setting: 'its web budget of 2^19 positions a move, 1,000 games',
  reach: { 16384: 0.846, 32768: 0.176 },
};

// Every strategy at its default options (4x4, whole games, seeds 1..N), weakest first; `how`
// is the README's one line about it.
const PLAYERS = [
  { name: '`random`', how: 'a random legal move', file: 'data/runs/random.jsonl' },
  { name: '`corner`', how: 'the first legal move of up, left, right, down', file: 'data/runs/corner.jsonl' },
  { name: '`cycle`', how: 'up, right, down, left in turn', file: 'data/runs/cycle.jsonl' },
  { name: '`greedy`', how: 'the move that leaves the most empty cells', file: 'data/runs/greedy.jsonl' },
  { name: '`montecarlo` (k = 100)', how: 'k random games after each move; the best mean score', file: 'data/runs/montecarlo.jsonl' },
  { name: '`montecarlo-dynamic` (k = 100)', how: 'the same, with more random games on crowded boards', file: 'data/runs/montecarlo-dynamic.jsonl' },
  { name: '`minimax` (depth 4)', how: 'alpha-beta against the worst spawn', file: 'data/runs/minimax.jsonl' },
  { name: '`minimax-id` (50k nodes)', how: 'minimax deepening within a budget, against the worst spawns only', file: 'data/runs/minimax-id.jsonl' },
  { name: `\`expectimax\` (50k nodes: *${LADDER[0].name}*)`, how: 'the expectation over every spawn, on a 64-bit board', file: LADDER[0].file },
  { name: `\`expectimax\` (10M nodes: *${LADDER[4].name}*)`, how: 'the same, with 200 times the nodes', file: LADDER[4].file },
  { name: '`td` (the shipped network)', how: 'one move ahead, judged by a learned n-tuple network', file: 'data/runs/td-l16.jsonl' },
  { name: '`expectimax-td` (depth 2)', how: "expectimax's search with the network as its evaluation, two moves ahead", file: 'data/runs/expectimax-td-depth2.jsonl' },
  { name: '`expectimax-td` (depth 3)', how: 'the same, three moves ahead', file: 'data/runs/expectimax-td-depth3.jsonl' },
  { name: `\`expectimax-td\` (20k nodes: *${TD_LADDER[1].name}*)`, how: 'the same, deepening within 20k positions a move', file: 'data/runs/expectimax-td-20000.jsonl' },
];

// The shipped network searched to a fixed depth: 1 ply is `td`.
const DEPTHS = [
  { name: '1 ply (`td`)', file: 'data/runs/td-l16.jsonl' },
  { name: '2 ply (`expectimax-td`, depth 2)', file: 'data/runs/expectimax-td-depth2.jsonl' },
  { name: '3 ply (`expectimax-td`, depth 3)', file: 'data/runs/expectimax-td-depth3.jsonl' },
];

// What a ply buys: the shipped network searched deeper, whole games, each row paired by seed
// with the search it is `against` (on the seeds both played).
export const PLIES = [
  { name: 'depth 2', file: DEPTHS[1].file },
  { name: 'depth 3', file: DEPTHS[2].file, against: 'depth 2' },
  { name: 'depth 4 (no node cap)', file: 'data/runs/expectimax-td-depth4.jsonl', against: 'depth 3' },
  { name: `*${TD_LADDER[0].name}* (5k nodes)`, file: 'data/runs/expectimax-td-5000.jsonl', against: 'depth 3' },
  { name: `*${TD_LADDER[1].name}* (20k nodes)`, file: 'data/runs/expectimax-td-20000.jsonl', against: `*${TD_LADDER[0].name}* (5k nodes)` },
  { name: `*${TD_LADDER[2].name}* (80k nodes)`, file: TD_LADDER[2].file, against: `*${TD_LADDER[1].name}* (20k nodes)` },
  { name: `*${TD_LADDER[3].name}* (300k nodes)`, file: TD_LADDER[3].file, against: `*${TD_LADDER[1].name}* (20k nodes)` },
  { name: `*${TD_LADDER[4].name}* (1.2M nodes)`, file: TD_LADDER[4].file, against: `*${TD_LADDER[3].name}* (300k nodes)` },
].filter((p) => existsSync(join(ROOT, p.file)));

// One `arena compare` run of two networks on the same seeds (a spec's `network=`), each spec's
// games told apart by their label.
const TWO_NETWORKS = {
  file: 'data/runs/td-l16-vs-c8.jsonl',
  rows: [
    { name: 'the shipped network (`i16`)', label: `td:network=${NETWORK_FILE}` },
    { name: 'its `c8` copy', label: 'td:network=target/c8.ntw' },
  ],
};

// A board whose tiles sum to this much with 16384 its largest is building 32768 (16384 + 8192 +
// 4096: the chain's first three links).
const BUILDING_32768 = 16384 + 8192 + 4096;

// The tiles the strong players' tables follow, 2048 up.
const LATE_TILES = [2048, 4096, 8192, 16384, 32768];

// Another project's search playing the shipped network (`arena --external`, the adapter in
// tools/external/ziap-2048-tdl/), beside ours at the same depth on the same seeds.
const SIDE_BY_SIDE = [
  { name: "ziap/2048-tdl's expectimax, its 3 ply (`-d 2`)", file: 'data/runs/ziap-2048-tdl-depth2.jsonl' },
  { name: '`expectimax-td`, depth 3', file: DEPTHS[2].file },
];

// The run's 240,000-chain checkpoint written four ways (each run file's suffix), played at the
// depths of DEPTHS over the same games: each way at each depth whose games were played.
const STORED = [
  { name: '`f32`, every weight', suffix: '-f32' },
  { name: '`c8`, the weights 20,000 games of play read', suffix: '-c8' },
  { name: '`i16`, the weights 20,000 games of play read (5.3 M)', suffix: '-i16-read' },
  { name: '`i16`, those and the ones training moved most, 9 M (as shipped)', suffix: '-i16-keep' },
];
const STORAGE = DEPTHS.flatMap((depth, i) =>
  STORED.map((s) => ({ name: s.name, search: `${i + 1} ply`, file: depth.file.replace(/\.jsonl$/, `${s.suffix}.jsonl`) })))
  .filter((p) => existsSync(join(ROOT, p.file)));

// Evaluation weights tuned by `arena tune`, judged on fresh seeds against the defaults: the
// same seeds for both, so the difference is paired by seed. `tuned(game)` tells the two apart.
const TUNED = [
  {
    title: "Expectimax's weights tuned at 50k nodes (`data/tune/expectimax-tuned.json`), judged at 50k",
    file: 'data/tune/verify-50k.jsonl',
    tiles: [8192, 16384, 32768],
    objective: 16384,
  },
  {
    title: 'The same weights judged at 200k nodes',
    file: 'data/tune/verify-200k.jsonl',
    tiles: [8192, 16384, 32768],
    objective: 16384,
  },
  {
    title: "Minimax's weights tuned at depth 4 (`data/tune/minimax-tuned.json`), games stopped at 2048",
    file: 'data/tune/verify-minimax.jsonl',
    tiles: [2048],
    objective: 2048,
  },
];
const tuned = (g) => g.options.weights !== undefined;

// ---------------------------------------------------------------------------------------

const read = (path) => readFileSync(join(ROOT, path), 'utf8');

/**
 * The game lines of a JSON-lines file (a path from the repository's root). A last line with no
 * newline that is not JSON is a game cut short when its batch was stopped: the arena drops it
 * on `--resume`, and so does this. Any other line that is not JSON is an error.
 */
export function gameLines(path) {
  const lines = read(path).split('\n');
  const unfinished = lines.pop();
  const games = [];
  lines.forEach((l, i) => {
    if (!l.trim()) return;
    try {
      games.push(JSON.parse(l));
    } catch (e) {
      throw new Error(`${path} line ${i + 1} is not JSON: ${e.message}`);
    }
  });
  if (unfinished.trim()) {
    try {
      games.push(JSON.parse(unfinished));
    } catch {
      // cut short: not a game yet
    }
  }
  return games;
}

/** A command's words, quotes taken off ('a b' is one word). */
const shellWords = (command) => [...command.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]);

/**
 * The games an index entry's command plays: its last `arena` command's `--games N`, times the
 * specs of an `arena compare` (each plays the N seeds). Null for what plays no fixed number of
 * games (`tune`, `sweep`, files written by hand).
 */
export function plannedGames(entry) {
  const arena = (entry?.command ?? '').split('&&').map((c) => shellWords(c.trim())).filter((w) => w[0] === 'arena').pop();
  if (!arena || ['tune', 'sweep', 'merge'].includes(arena[1])) return null;
  const at = arena.indexOf('--games');
  if (at < 0) return null;
  const games = Number(arena[at + 1]);
  if (arena[1] !== 'compare') return games;
  const specs = arena.slice(2, arena.findIndex((w, i) => i > 1 && w.startsWith('--')));
  return games * specs.length;
}

/** A game's largest tile as a number ("16384" or "2^16"). */
export const largest = (g) => (g.largest.startsWith('2^') ? 2 ** Number(g.largest.slice(2)) : Number(g.largest));

/**
 * What a run's games show: games, seeds, how many reached each tile, mean score, nodes a move,
 * and the tile stop (`until`) if the games were stopped there.
 */
function summarise(games, path, planned = null) {
  if (!games.length) throw new Error(`${path}: no games`);
  const seeds = games.map((g) => g.seed).sort((a, b) => a - b);
  const sum = (k) => games.reduce((s, g) => s + g[k], 0);
  const untils = new Set(games.map((g) => g.until ?? null));
  if (untils.size > 1) throw new Error(`${path}: games stopped at different tiles`);
  return {
    games: games.length,
    planned,
    partial: planned !== null && games.length < planned,
    seeds,
    reached: (t) => games.filter((g) => largest(g) >= t).length,
    medianLargest: median(games.map(largest)),
    scoreMean: sum('score') / games.length,
    stale: games.filter(isStale).length,
    nodesPerMove: Math.round(sum('nodes') / sum('moves')),
    depthMean: games.every((g) => g.depth_sum !== undefined) ? sum('depth_sum') / sum('moves') : null,
    bySeed: new Map(games.map((g) => [g.seed, largest(g)])),
    until: [...untils][0],
  };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
};

/**
 * The table `arena` prints, for a run whose game lines were not kept: games, seeds, the share
 * reaching each tile (to 0.1%, so the count is exact up to 1,000 games), mean score, nodes a move.
 */
function arenaTable(path) {
  const text = read(path);
  const head = text.match(/^games (\d+)\s+size (\d+)\s+options (\{.*?\})\s+seeds (\d+)\.\.(\d+)/m);
  if (!head) throw new Error(`${path}: not an arena table`);
  const games = Number(head[1]);
  const shares = new Map([...text.matchAll(/^\s+(\d+)\s+([\d.]+)%/gm)].map((m) => [Number(m[1]), Number(m[2])]));
  const reachedAt = (t) => {
    if (shares.has(t)) return Math.round((shares.get(t) * games) / 100);
    const below = [...shares.keys()].filter((k) => k < t);
    return below.length ? 0 : games;
  };
  const [first, last] = [Number(head[4]), Number(head[5])];
  if (games > 1000 || last - first + 1 !== games) throw new Error(`${path}: cannot read exact counts`);
  return {
    games,
    planned: null,
    partial: false,
    seeds: Array.from({ length: games }, (_, i) => first + i),
    reached: reachedAt,
    medianLargest: null,
    scoreMean: Number(text.match(/^score mean (\d+)/m)[1]),
    stale: 0,
    nodesPerMove: Number(text.match(/nodes per move (\d+)/m)[1]),
    until: null,
  };
}

const runs = new Map();
let indexData = null;
const indexOnce = () => (indexData ??= JSON.parse(read(INDEX)));
/**
 * A data file's summary (game lines, or an arena table for a .txt), read once; `seeds` (a Set)
 * keeps only the games on those seeds. A file with fewer games than its index entry's command
 * plays is `partial` (a batch stopped and committed, to be resumed).
 */
function run(path, seeds = null) {
  if (seeds) {
    const all = run(path);
    if (all.seeds.every((s) => seeds.has(s))) return all;
    if (path.endsWith('.txt')) throw new Error(`${path}: an arena table cannot be cut to other seeds`);
    return { ...summarise(gameLines(path).filter((g) => seeds.has(g.seed)), path), planned: all.planned, partial: all.partial, played: all.games };
  }
  if (!runs.has(path)) {
    runs.set(path, path.endsWith('.txt') ? arenaTable(path) : summarise(gameLines(path), path, plannedGames(indexOnce().files[path])));
  }
  return runs.get(path);
}

/** The seeds every one of `files` played: where rows are said to be on the same seeds, each counts only these. */
function commonSeeds(files) {
  const [first, ...rest] = files.map((f) => new Set(run(f).seeds));
  return new Set([...first].filter((s) => rest.every((r) => r.has(s))));
}

/** A run's games and seeds as a table shows them, whether it is done or "partial: k of N games". */
export function runStatus(path) {
  const s = run(path);
  return { games: s.games, planned: s.planned, partial: s.partial };
}

/**
 * The games cell of a run's row: its count, or "partial: k of N games" while its batch is not
 * done (k: the whole file's games, `played`, where the row counts only some seeds).
 */
const gamesCell = (s) => (s.partial ? `partial: ${s.played ?? s.games} of ${s.planned} games` : String(s.games));

/** The 95% Wilson score interval of k successes out of n (the arena's). */
export function wilson(k, n) {
  const z = 1.96;
  const p = k / n;
  const denom = 1 + (z * z) / n;
  const center = (p + (z * z) / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denom;
  return [Math.max(0, center - half), Math.min(1, center + half)];
}

const pct = (x) => (100 * x).toFixed(1);
/** "89.0% (83.9-92.6)": a share with its interval. */
const share = (k, n) => {
  const [lo, hi] = wilson(k, n);
  return `${pct(k / n)}% (${pct(lo)}-${pct(hi)})`;
};
const whole = (x) => Math.round(x).toLocaleString('en-US');
/**
 * A run's mean score; marked while some of its games that reached 32768 are the learned
 * player's older play past it (before it downgraded boards: tools/runs/replay-stale.mjs). Their
 * reach figures are the page's play all the same.
 */
const scoreCell = (s) => (s.stale ? `${whole(s.scoreMean)} (${s.stale} played past 32768 before downgrading)` : whole(s.scoreMean));
const tileName = (t) => String(t);

/** "1..200", or the count and range when the seeds are not one unbroken run. */
function seedText(seeds) {
  const unbroken = seeds.every((s, i) => i === 0 || s === seeds[i - 1] + 1);
  if (unbroken) return `${seeds[0]}..${seeds[seeds.length - 1]}`;
  return `${seeds.length} seeds from ${seeds[0]} to ${seeds[seeds.length - 1]}`;
}

const row = (cells) => `| ${cells.join(' | ')} |`;
const table = (header, rows) => [row(header), row(header.map(() => '---')), ...rows.map(row)].join('\n');

// ---------------------------------------------------------------------------------------

/** A rung's row in a ladder's table: its games' figures and the share of its budget spent, or empty cells without them. */
function rungRow(r, tiles, has) {
  const name = `*${r.name}*, ${short(r.nodes)}`;
  if (!has) return [name, '0', '', ...tiles.map(() => ''), '', '', ''];
  const s = run(r.file);
  return [name, gamesCell(s), seedText(s.seeds), ...tiles.map((t) => share(s.reached(t), s.games)), scoreCell(s), whole(s.nodesPerMove), (s.nodesPerMove / r.nodes).toFixed(2)];
}

function ladderSection(index) {
  const tiles = LATE_TILES;
  const rows = LADDER.map((r) => rungRow(r, tiles, existsSync(join(ROOT, r.file))));
  return [
    "## Expectimax's ladder",
    '',
    'The node budgets the strength control offers and *Fits the speed* picks from (4x4, whole',
    'games of the split search, each move\'s budget shared equally by its legal moves). The page',
    'quotes the shares reaching 16384 and 32768 in the rung\'s label, and charges a rung its',
    'mean nodes a move when it fits a budget to a speed ([ai.md](ai.md#the-ladder-and-fits-the-speed)). *Spent* is the share of',
    'its budget a move spends on average: a search stops deepening when the next depth would not',
    'fit, and many moves reach their depth limit first.',
    '',
    table(['rung', 'games', 'seeds', ...tiles.map(tileName), 'mean score', 'nodes a move', 'spent'], rows),
    '',
    `Against ${REFERENCE.name} (${REFERENCE.setting}): *level* where its share lies inside the`,
    "rung's interval, *higher* or *lower* where the rung's interval lies above or below it.",
    '',
    table(
      ['rung', ...Object.entries(REFERENCE.reach).map(([t, x]) => `${t} (${pct(x)}%)`)],
      measured(LADDER, index).map((r) => {
        const s = run(r.file);
        return [`*${r.name}*`, ...Object.entries(REFERENCE.reach).map(([t, x]) => {
          const [lo, hi] = wilson(s.reached(Number(t)), s.games);
          return x < lo ? 'higher' : x > hi ? 'lower' : 'level';
        })];
      }),
    ),
  ].join('\n');
}

/** A partial rung of the shipped network: its batch is going; the page does not count it. */
const goingRungs = (index) => (r) => existsSync(join(ROOT, r.file)) && withShippedNetwork(index, r.file) && run(r.file).partial;

function tdLadderSection(index) {
  const tiles = LATE_TILES;
  const ok = measured(TD_LADDER, index);
  const going = goingRungs(index);
  // A partial rung of the shipped network shows how far its batch is; the page does not count it.
  const rows = TD_LADDER.map((r) => rungRow(r, tiles, ok.includes(r) || going(r)));
  return [
    "## The learned player's ladder",
    '',
    `\`expectimax-td\` (expectimax's search with the network \`${NETWORK_FILE}\` as its evaluation) at`,
    "the node budgets *Fits the speed* weighs against expectimax's ladder (4x4, whole games, each",
    "move's budget shared equally by its legal moves, as in the page). A rung counts only with 200",
    `games played with the network the page ships (the deepest with ${DEEPEST_GAMES}); until then its row is`,
    `empty and the page does not pick it, and *Max* picks a rung only with ${whole(FASTEST_GAMES)} games.`,
    '',
    table(['rung', 'games', 'seeds', ...tiles.map(tileName), 'mean score', 'nodes a move', 'spent'], rows),
  ].join('\n');
}

/** A run's row: its name, games, seeds, its share reaching each of `tiles`, mean score, nodes a move. */
function runRow(p, tiles) {
  const s = run(p.file);
  return [p.name, gamesCell(s), seedText(s.seeds), ...tiles.map((t) => share(s.reached(t), s.games)), scoreCell(s), whole(s.nodesPerMove)];
}

function playersSection() {
  const tiles = [512, 1024, 2048, 4096, 8192, 16384];
  const rows = PLAYERS.map((p) => runRow(p, tiles));
  return [
    '## Every strategy',
    '',
    'Each strategy at its default options unless named (4x4, whole games). The learned players',
    `play the network the page downloads, \`${NETWORK_FILE}\`.`,
    '',
    table(['player', 'games', 'seeds', ...tiles.map(tileName), 'mean score', 'nodes a move'], rows),
  ].join('\n');
}

function depthsSection() {
  const tiles = LATE_TILES;
  const rows = DEPTHS.map((p) => runRow(p, tiles));
  return [
    '## The learned network by depth',
    '',
    `The shipped network, \`${NETWORK_FILE}\`, one move ahead (\`td\`) and searched by expectimax to a`,
    'fixed depth (moves ahead, each followed by every spawn), whole games.',
    '',
    table(['player', 'games', 'seeds', ...tiles.map(tileName), 'mean score', 'nodes a move'], rows),
  ].join('\n');
}

/** A run's games, seeds, share reaching each of `tiles` and mean score (on `seeds` only, when given). */
function reachCells(file, tiles, seeds = null) {
  const s = run(file, seeds);
  return [gamesCell(s), seedText(s.seeds), ...tiles.map((t) => share(s.reached(t), s.games)), scoreCell(s)];
}

function sideBySideSection() {
  const tiles = LATE_TILES;
  const seeds = commonSeeds(SIDE_BY_SIDE.map((p) => p.file));
  const rows = SIDE_BY_SIDE.map((p) => [p.name, ...reachCells(p.file, tiles, seeds)]);
  return [
    '## Another search with the same network',
    '',
    "[ziap/2048-tdl](https://github.com/ziap/2048-tdl)'s expectimax (its transposition table and",
    'move table, built by `tools/external/ziap-2048-tdl/`) judging with the shipped network (as',
    '`f32`: the same values) through `arena --external`, beside `expectimax-td` searching as many',
    'moves ahead, on the same seeds ([arena.md](arena.md)): each row counts only the seeds both',
    'runs played.',
    '',
    table(['search', 'games', 'seeds', ...tiles.map(tileName), 'mean score'], rows),
  ].join('\n');
}

function storageSection() {
  const tiles = LATE_TILES;
  // Each search's rows on the seeds all of that search's runs played: the same games.
  const seeds = new Map([...new Set(STORAGE.map((p) => p.search))].map((search) => [search, commonSeeds(STORAGE.filter((p) => p.search === search).map((p) => p.file))]));
  const rows = STORAGE.map((p) => [p.name, p.search, ...reachCells(p.file, tiles, seeds.get(p.search))]);
  return [
    "## The network's storage",
    '',
    "The 240,000-chain checkpoint of the shipped network's run (four 6-tuples, 16 levels) written",
    'four ways, the last as the shipped network is exported, played by',
    '`td` (1 ply) and `expectimax-td` at depths 2 and 3 over the same games ([training.md](training.md)',
    "has the formats, the export and the training). These games value a lost position at 0, with",
    "no floor under a move (the shipped network's search values it at its tiles' points and never",
    "a move below that: [ai.md](ai.md#the-learned-player)).",
    '',
    table(['weights', 'search', 'games', 'seeds', ...tiles.map(tileName), 'mean score'], rows),
  ].join('\n');
}

/** Games (on `seeds`) that reach `tile` with run `a` and not with run `b`. */
function onlyWith(a, b, tile, seeds) {
  return [...seeds].filter((seed) => a.bySeed.get(seed) >= tile && b.bySeed.get(seed) < tile).length;
}

function pliesSection() {
  const tiles = [16384, 32768];
  // A batch just begun has no game line yet: no row until it has one.
  const rows = PLIES.filter((p) => gameLines(p.file).length).map((p) => {
    const s = run(p.file);
    const other = PLIES.find((q) => q.name === p.against);
    const seeds = other && commonSeeds([p.file, other.file]);
    const pairs = other
      ? [`${other.name}, ${whole(seeds.size)} seeds`, ...tiles.map((t) => `${onlyWith(s, run(other.file), t, seeds)} / ${onlyWith(run(other.file), s, t, seeds)}`)]
      : ['', ...tiles.map(() => '')];
    return [p.name, gamesCell(s), seedText(s.seeds), s.depthMean.toFixed(2), ...tiles.map((t) => share(s.reached(t), s.games)), scoreCell(s), ...pairs];
  });
  // Where the games that stop at 16384 end: building 32768, the board holding 16384, 8192, 4096...
  const last = PLIES.find((p) => p.file === TD_LADDER[1].file);
  const stopped = gameLines(last.file).filter((g) => largest(g) === 16384);
  const tileSum = (g) => Object.entries(g.tiles).reduce((sum, [t, k]) => sum + Number(t) * k, 0);
  const building = stopped.filter((g) => tileSum(g) >= BUILDING_32768).length;
  // Every game of these searches that made 65536, the tile past the network's range.
  const beyond = PLIES.flatMap((p) => gameLines(p.file).filter((g) => largest(g) >= 65536).map((g) => `${p.name}, seed ${g.seed} (${whole(g.score)} points)`));
  return [
    '## What a ply buys',
    '',
    `The shipped network, \`${NETWORK_FILE}\`, searched to a fixed depth (depths 2 and 3 under the`,
    "search's default cap of 50k nodes, which depth 3 seldom meets; depth 4 with none) and",
    'deepening within a node budget. *Mean depth* is the depth a move reached, in moves ahead.',
    'Each row is paired by seed with the search named beside it, on the seeds both played: *only',
    'this / only that* counts the games that reach the tile with this search and not with that',
    'one, and the other way round ([ai.md](ai.md#what-a-ply-buys)).',
    '',
    table(['search', 'games', 'seeds', 'mean depth', ...tiles.map(tileName), 'mean score', 'paired with', ...tiles.map((t) => `${t}: only this / only that`)], rows),
    '',
    `Of the ${whole(run(last.file).games)} games of ${last.name}, ${stopped.length} end with 16384 as their largest tile, and`,
    `${building} of those (${pct(building / stopped.length)}%) with tiles summing to ${whole(BUILDING_32768)} or more: lost while building 32768.`,
    beyond.length
      ? `Games of these searches that reach 65536, past the network's range (played downgraded from 32768 on): ${beyond.join('; ')}.`
      : "No game of these searches reaches 65536, past the network's range.",
  ].join('\n');
}

function twoNetworksSection() {
  const tiles = LATE_TILES;
  const all = gameLines(TWO_NETWORKS.file);
  const rows = TWO_NETWORKS.rows.map((r) => {
    const s = summarise(all.filter((g) => g.label === r.label), TWO_NETWORKS.file);
    return [r.name, String(s.games), seedText(s.seeds), ...tiles.map((t) => share(s.reached(t), s.games)), scoreCell(s)];
  });
  return [
    '## Two networks side by side',
    '',
    '`td` at one ply with the shipped network and with its `c8` copy (`train --export --from` the',
    "shipped file, each tuple's 256 values fitted to its play), in one `arena compare` run whose",
    'specs each name their network, on the same seeds ([arena.md](arena.md#two-networks-side-by-side)).',
    '',
    table(['network', 'games', 'seeds', ...tiles.map(tileName), 'mean score'], rows),
  ].join('\n');
}

/** Paired by seed: the tuned weights' reach minus the default's, in points, with its 95% half-width. */
function paired(games, tile) {
  const bySeed = new Map();
  for (const g of games) {
    const pair = bySeed.get(g.seed) ?? {};
    pair[tuned(g) ? 'tuned' : 'base'] = largest(g) >= tile ? 1 : 0;
    bySeed.set(g.seed, pair);
  }
  const d = [...bySeed.values()].map((p) => {
    if (p.tuned === undefined || p.base === undefined) throw new Error('a seed played by one side only');
    return p.tuned - p.base;
  });
  const mean = d.reduce((a, b) => a + b, 0) / d.length;
  const sd = Math.sqrt(d.reduce((a, b) => a + (b - mean) ** 2, 0) / (d.length - 1));
  const half = (1.96 * sd) / Math.sqrt(d.length);
  const sign = mean >= 0 ? '+' : '-';
  return `${sign}${Math.abs(100 * mean).toFixed(1)} points (± ${(100 * half).toFixed(1)})`;
}

function tunedSection() {
  const parts = [
    '## Tuned evaluation weights',
    '',
    'Weights found by `arena tune` ([arena.md](arena.md)), then judged on fresh seeds against the',
    'defaults the page plays; both play the same seeds, so the difference is paired by seed. The',
    'page keeps its defaults unless the tuned weights gain at the tuning objective by more than',
    'the interval.',
  ];
  for (const t of TUNED) {
    const all = gameLines(t.file);
    const bothPlayed = (seed) => all.some((g) => g.seed === seed && tuned(g)) && all.some((g) => g.seed === seed && !tuned(g));
    const games = all.filter((g) => bothPlayed(g.seed));
    const sides = [
      ['the defaults', games.filter((g) => !tuned(g))],
      ['tuned', games.filter(tuned)],
    ];
    const rows = sides.map(([name, gs]) => {
      const s = summarise(gs, t.file);
      return [name, gamesCell({ ...run(t.file), played: run(t.file).games, games: s.games }), seedText(s.seeds), ...t.tiles.map((x) => share(s.reached(x), s.games)), s.until ? '' : scoreCell(s), whole(s.nodesPerMove)];
    });
    rows.push([`tuned minus the defaults, paired`, '', '', ...t.tiles.map((x) => paired(games, x)), '', '']);
    const budget = sides[0][1][0].options.nodes ? `${short(sides[0][1][0].options.nodes)} nodes` : `depth ${sides[0][1][0].options.depth ?? 4}`;
    parts.push('', `### ${t.title}`, '', `\`${sides[0][1][0].strategy}\` at ${budget}; the objective was reaching ${t.objective}.`, '');
    parts.push(table(['weights', 'games', 'seeds', ...t.tiles.map(tileName), 'mean score', 'nodes a move'], rows));
  }
  return parts.join('\n');
}

function sourcesSection(index, odds) {
  const used = new Set([odds.file, ...ODDS_HELD_OUT, ...LADDER.map((r) => r.file), ...measured(TD_LADDER, index).map((r) => r.file), ...TD_LADDER.filter(goingRungs(index)).map((r) => r.file), ...PLAYERS.map((p) => p.file), ...DEPTHS.map((p) => p.file), ...PLIES.map((p) => p.file), ...SIDE_BY_SIDE.map((p) => p.file), TWO_NETWORKS.file, ...STORAGE.map((p) => p.file), ...TUNED.map((t) => t.file)]);
  const rows = [...used].sort().map((file) => {
    const entry = index.files[file];
    if (!entry) throw new Error(`${file} is quoted but not in ${INDEX}`);
    const s = file.startsWith('data/runs/') ? run(file) : null;
    const name = `[\`${file}\`](../${file})${s?.partial ? ` (${gamesCell(s)})` : ''}`;
    return [name, `\`${entry.command.replace(/\|/g, '\\|')}\``, `\`${entry.commit}\``];
  });
  return [
    '## Sources',
    '',
    `Every file above, the command that wrote it and the commit that recorded it ([\`${INDEX}\`](../${INDEX}) lists`,
    'every file under `data/`). A run of `arena` repeats exactly under a node budget: the same',
    'command on the same engine writes the same game lines (only the timings differ).',
    '',
    table(['file', 'command', 'commit'], rows),
  ].join('\n');
}

const short = (n) => (n >= 1e6 ? `${n / 1e6}M` : `${Math.round(n / 1000)}k`);

/** docs/figures.md. */
function figuresPage(index, odds) {
  return [
    '# Figures',
    '',
    'How strong each AI is, measured by the native arena ([arena.md](arena.md)) in whole seeded',
    'games. Every figure here is written by `make figures` (`tools/figures/figures.mjs`) from the game',
    'lines under `data/`; a test fails when this page, the page\'s strength figures',
    `(\`${STRENGTH_FIGURES}\`) or the README's table differ from what the script writes.`,
    '',
    'A share is the share of games whose largest tile reached that tile, with its 95% Wilson',
    'interval in brackets. Seeds 1..200: game *i* starts from seed *i*. *Nodes a move* is the',
    'mean over every move of every game. A run whose batch is still going (committed at a stop,',
    'to be resumed: [arena.md](arena.md#long-batches)) reads *partial: k of N games*; the page\'s',
    'ladders count a rung only once all its games are in.',
    '',
    'From 32768 up the learned strategies read a board downgraded ([ai.md](ai.md#past-32768)),',
    'which changes no game before its first 32768. A mean score marked *(N played past 32768',
    'before downgrading)* still holds N such games of the older play; `tools/runs/td-ladder.sh` plays',
    'them again. Every share up to 32768 is the page\'s play either way.',
    '',
    ladderSection(index),
    '',
    tdLadderSection(index),
    '',
    playersSection(),
    '',
    depthsSection(),
    '',
    pliesSection(),
    '',
    sideBySideSection(),
    '',
    twoNetworksSection(),
    '',
    storageSection(),
    '',
    tunedSection(),
    '',
    stageOddsSection(odds),
    '',
    sourcesSection(index, odds),
    '',
    'Speeds and download sizes depend on the machine and the build, so no file here holds them:',
    '`make bench`, `make size`, `make figures-page` and `make figures-embed` measure them where',
    'they run ([architecture.md](architecture.md)).',
    '',
  ].join('\n');
}

/** The sha256 of the network the page ships, in hex (read once per process): what an index entry's `network` records. */
let networkSha = null;
export const shippedNetworkSha = () => (networkSha ??= createHash('sha256').update(readFileSync(join(ROOT, NETWORK_FILE))).digest('hex'));

/** Whether an index entry's command plays or reads the shipped network (names NETWORK_FILE). */
export const namesShippedNetwork = (entry) => (entry?.command ?? '').split(/\s+/).includes(NETWORK_FILE);

/** Whether a TD rung's games were played with the network shipped now: its command names it and its entry records its sha256. */
const withShippedNetwork = (index, file) => namesShippedNetwork(index.files[file]) && index.files[file].network === shippedNetworkSha();

/** A ladder's rungs that have their figures: present, every game of its command in (not partial), PAGE_GAMES or more, and (TD) the shipped network's. */
const measured = (rungs, index) =>
  rungs.filter((r) => existsSync(join(ROOT, r.file)) && (rungs !== TD_LADDER || withShippedNetwork(index, r.file)) && !run(r.file).partial && run(r.file).games >= neededGames(rungs, r));

/** Seeds 1..n, the first n games of every ladder run. */
const firstSeeds = (n) => new Set(Array.from({ length: n }, (_, i) => i + 1));

/**
 * A measured rung's strength as fit-player.js ranks it (the share reaching 16384 plus the share
 * reaching 32768), on its first n games for each n among `counts` (the games of every measured
 * rung of the ladders) up to its own: [[n, strength], ...]. Two rungs then compare on the seeds
 * both played. Every ladder run plays seeds 1..N, which this checks.
 */
function strengths(file, counts) {
  const s = run(file);
  if (s.seeds.some((seed, i) => seed !== i + 1)) throw new Error(`${file}: a ladder run plays seeds 1..N`);
  return counts.filter((n) => n <= s.games).map((n) => {
    const c = run(file, firstSeeds(n));
    return [n, (c.reached(16384) + c.reached(32768)) / n];
  });
}

/** The games of every measured rung of both ladders, ascending, each once. */
const measuredCounts = (index) => [...new Set([LADDER, TD_LADDER].flatMap((rungs) => measured(rungs, index).map((r) => run(r.file).games)))].sort((a, b) => a - b);

/**
 * The shipped endgame file's sets as the game lines name them, largest target first, as the
 * arena orders them (a stable sort: sets of one target keep the file's order): `443-t10 packed
 * 1a2b3c4d` for each. Read once per process.
 */
let setNames = null;
export const shippedSetNames = () => {
  if (setNames) return setNames;
  const sets = packedSets(readFileSync(join(ROOT, ENDGAME_FILE)));
  return (setNames = sets.sort((a, b) => b.target - a.target).map((s) => `${s.table} packed ${s.name}`));
};

/** How a game line names the shipped sets played as the page plays them: alone, at the root, from ENDGAME_FROM. */
export const shippedSetPlay = () => `walls ${shippedSetNames().join(', ')} (margin 0.01, tie 0.001); from ${ENDGAME_FROM}`;

/** Whether every game of `file` played the shipped set as the page does. */
const withShippedSet = (file) => gameLines(file).every((g) => g.tables === shippedSetPlay());

/**
 * A TD rung as the page plays it: with its endgame games' file where those count (the
 * shipped network and set, every game in, the games a rung needs), else as measured without.
 */
const asPlayed = (r, index) => {
  const f = r.endgameFile;
  const counts = existsSync(join(ROOT, f)) && withShippedNetwork(index, f) && !run(f).partial && run(f).games >= neededGames(TD_LADDER, r) && withShippedSet(f);
  return counts ? { ...r, file: f, endgame: true } : r;
};

/** The page's rungs of a ladder, as strength-figures.js holds them: a rung without its games has no figures. */
function pageRungs(rungs, index) {
  const ok = measured(rungs, index);
  const counts = measuredCounts(index);
  return rungs.map((rung) => {
    if (!ok.includes(rung)) return { nodes: rung.nodes, name: rung.name, reach: null, nodesPerMove: null, from: rung.file };
    const r = rungs === TD_LADDER ? asPlayed(rung, index) : rung;
    const s = run(r.file);
    const reach = (games) => Object.fromEntries(PAGE_TILES.map((t) => [t, games.reached(t) / games.games]));
    // A rung quoted with the endgame table also carries its games without it, which the page
    // quotes once the table cannot be had (strength-figures.js's withoutTable).
    const alone = r.endgame ? { alone: { reach: reach(run(rung.file)), games: run(rung.file).games, from: rung.file } } : {};
    return {
      nodes: r.nodes, name: r.name, reach: reach(s), nodesPerMove: s.nodesPerMove,
      games: s.games, strength: strengths(r.file, counts), from: r.file, ...(r.endgame ? { endgame: true } : {}), ...alone,
    };
  });
}

/** A ladder block of the page's strength figures (`name`: LADDER or TD_LADDER). */
function ladderBlock(name, rungs, index) {
  const lines = pageRungs(rungs, index).map((r) => {
    const head = `  { nodes: ${r.nodes}, name: '${r.name}'`;
    if (!r.reach) return `${head}, reach: null, nodesPerMove: null, from: '${r.from}' },`;
    const reach = PAGE_TILES.map((t) => `${t}: ${r.reach[t]}`).join(', ');
    const strength = r.strength.map(([n, v]) => `[${n}, ${v}]`).join(', ');
    const alone = r.alone ? `, alone: { reach: { ${PAGE_TILES.map((t) => `${t}: ${r.alone.reach[t]}`).join(', ')} }, games: ${r.alone.games}, from: '${r.alone.from}' }` : '';
    return `${head}, reach: { ${reach} }, nodesPerMove: ${r.nodesPerMove}, games: ${r.games}, strength: [${strength}], from: '${r.from}'${r.endgame ? ', endgame: true' : ''}${alone} },`;
  });
  return [`export const ${name} = [`, ...lines, '];'].join('\n');
}

/**
 * What the page's default player plays at Max on a machine of the CI's kind: fit-player.js's
 * own pick, from the ladders as this script writes them and WASM_SPEEDS, on 2 workers.
 * Returns {strategy, rung, file}.
 */
function maxPick(index) {
  const rungs = { expectimax: pageRungs(LADDER, index), 'expectimax-td': pageRungs(TD_LADDER, index) };
  const families = FAMILIES.map((f) => ({ ...f, ladder: rungs[f.strategy] }));
  const pick = fitPlayer(WASM_SPEEDS, MAX_WORKERS, SPEEDS.max.intervalMs, families);
  return { strategy: pick.strategy, rung: pick.rung, file: pick.rung.from };
}

/** How a game plays, as its line writes it: its strategy's options and the endgame set it read. */
const playsAs = (g) => JSON.stringify([g.strategy, g.options, g.tables ?? null]);

/**
 * The odds from a stage, from the games of the page's default player at Max (maxPick): its
 * rung, file, games and table (stage-odds.mjs's rows), and their calibration on ODDS_HELD_OUT,
 * whose games must play as the table's and on none of its seeds.
 */
function stageOdds(index) {
  const pick = maxPick(index);
  // The held-out games play without the endgame table: a rung measured with it gives its
  // odds from its games without it (its `alone`), and says so (endgame: false).
  const alone = pick.rung.endgame && !gameLines(ODDS_HELD_OUT[0])[0].tables;
  const rung = alone ? { ...pick.rung, endgame: false } : pick.rung;
  const file = alone ? pick.rung.alone.from : pick.file;
  const games = gameLines(file);
  const rows = oddsRows(games, ODDS_TILE);
  const seeds = new Set(games.map((g) => g.seed));
  const held = ODDS_HELD_OUT.flatMap((f) => gameLines(f).map((g) => {
    if (playsAs(g) !== playsAs(games[0])) throw new Error(`${f}: seed ${g.seed} does not play as ${file}'s games do, so it cannot check their odds`);
    if (seeds.has(g.seed)) throw new Error(`${f}: seed ${g.seed} is one of ${file}'s, so it cannot check their odds`);
    return g;
  }));
  return { rung, file, games, rows, held, check: calibration(rows, held, ODDS_TILE) };
}

/** How far built, a tenth's column head: "0–10%", ..., "90%+". */
const tenthHead = (t) => (t === TENTHS - 1 ? `${t * 10}%+` : `${t * 10}–${t * 10 + 10}%`);

/** docs/figures.md's section on the odds from a stage: the table, its calibration on other seeds, and how both are made. */
function stageOddsSection({ rung, file, games, rows, held, check }) {
  const reached = (list) => list.filter((g) => largest(g) >= ODDS_TILE).length;
  const player = `*${rung.name}* (\`expectimax-td\` at ${rung.nodes / 1000}k nodes${rung.endgame ? `, with the endgame table from ${ENDGAME_FROM} on` : ''})`;
  const cells = Object.entries(rows).map(([l, cs]) => [l, ...cs.map((c) => (c ? `${Math.round(shownShare(c) * 100)}% (${c[0].toLocaleString('en-US')})` : ''))]);
  const bins = check.bins.map((b) => [`${b.from * 100}–${b.to * 100}%`, b.count.toLocaleString('en-US'), `${pct(b.predicted)}%`, `${pct(b.observed)}%`, pct(Math.abs(b.predicted - b.observed))]);
  const heldRuns = ODDS_HELD_OUT.map((f) => `[\`${f}\`](../${f}) (seeds ${seedText(run(f).seeds)}${run(f).partial ? `, ${gamesCell(run(f))}` : ''})`).join(', ');
  const [lo, hi] = wilson(reached(held), held.length);
  return [
    '## The odds from a stage',
    '',
    `On a 4x4 board the AI panel and a review's summary say "From boards at this stage (largest tile 16384, the next 16384 80–90% built), the AI (${rung.name}) reaches ${ODDS_TILE} in about N% of games" (\`${STAGE_ODDS_MODULE}\`).`,
    'A stage is the largest tile and how far the next tile of its value is built: the other tiles\' sum over the largest, in tenths.',
    `N is the share of the games of the page's default player at *Max* on a machine of two cores, ${player}, that got to that stage and went on to ${ODDS_TILE}:`,
    `[${games.length.toLocaleString('en-US')} games](../${file}), seeds ${seedText(run(file).seeds)}. It is the AI's odds from the stage, not the odds of the move just played, nor of whoever plays on.`,
    `A game line holds only its last board, and that is enough: while the largest tile stays the same the tiles' sum grows by 2 or 4 a move, so how far the next one is built only grows, by steps under a tenth from 64 up, and a game whose largest went past a tile held two of it first (100% built).`,
    `So a game got to "largest L, at least t tenths built" exactly when its last largest is above L, or is L with at least t tenths built.`,
    `The rows start at ${FIRST_ROW}; a cell of fewer than ${MIN_GAMES} games shows no line. Each cell: the share, rounded as the page shows it, and the games that got that far.`,
    '',
    table(['largest', ...Array.from({ length: TENTHS }, (_, t) => tenthHead(t))], cells),
    '',
    '### Its calibration on other seeds',
    '',
    `Checked on games of the same player on seeds the table's games did not use: ${heldRuns}. Each of those games and each stage it got to is one prediction (the cell's share as the page shows it) of whether the game reached ${ODDS_TILE};`,
    `the predictions fall in ${BINS} bins by their share. The expected calibration error (each bin's gap between the mean prediction and the share observed, weighted by its predictions) is **${pct(check.ece)} points**, over ${check.count.toLocaleString('en-US')} predictions from ${check.games.toLocaleString('en-US')} games: ${check.ece <= ECE_AIM ? 'within' : 'above'} the ${pct(ECE_AIM)} points the odds aim at.`,
    `Below ${ODDS_TILE / 2} every cell says about the same as the whole table (${pct(reached(games) / games.length)}% of its games reached ${ODDS_TILE}), so most of that error is how far these games' own share, ${share(reached(held), held.length)}, lies from it: with ${held.length.toLocaleString('en-US')} games its 95% interval alone spans ${pct(hi - lo)} points.`,
    '',
    table(['predicted', 'predictions', 'mean predicted', 'observed', 'gap (points)'], bins),
    '',
    `\`make figures\` writes the table into \`${STAGE_ODDS_MODULE}\` and both tables here from the game lines (\`tools/figures/stage-odds.mjs\`); the commands that played them are under [Sources](#sources).`,
  ].join('\n');
}

/**
 * README's players table: a strength figure for each, the games linked to their file; then
 * what the default player plays at Max (maxPick), with its figures.
 */
function playersTable(index) {
  const share = (s, t) => `${pct(s.reached(t) / s.games)}%`;
  const rows = PLAYERS.map((p) => {
    const s = run(p.file);
    return [p.name, p.how, `[${gamesCell(s)}](${p.file})`, String(s.medianLargest), share(s, 2048), share(s, 16384), share(s, 32768)];
  });
  const max = maxPick(index);
  const s = run(max.file);
  const player = max.strategy === 'expectimax-td' ? 'the learned network' : 'the heuristic search';
  const atMax = [
    '',
    `At *Max* (61 moves a second) on a machine of two cores, Start AI plays ${player}, \`${max.strategy}\``,
    `*${max.rung.name}* (${max.rung.nodes / 1000}k nodes${max.rung.endgame ? `, with the endgame table from ${ENDGAME_FROM} on` : ''}): 16384 in ${share(s, 16384)} and 32768 in ${share(s, 32768)} of [${s.games}](${max.file}) games`,
    '([ai.md](docs/ai.md#the-default-player-strongest-at-this-speed) says how it picks).',
  ];
  return [table(['player', 'how it plays', 'games', 'tile half the games reach', 'reaches 2048', 'reaches 16384', 'reaches 32768'], rows), ...atMax].join('\n');
}

/** `text` with the lines between the two marker lines replaced by `block`. */
function replaceBlock(path, text, begin, end, block) {
  const lines = text.split('\n');
  const b = lines.findIndex((l) => l.includes(begin));
  const e = lines.findIndex((l, i) => i > b && l.includes(end));
  if (b < 0 || e < 0) throw new Error(`${path}: no "${begin}" ... "${end}" markers`);
  return [...lines.slice(0, b + 1), block, ...lines.slice(e)].join('\n');
}

/** Every file the script writes, as the text it would write now: Map(path -> text). */
export function render() {
  runs.clear();
  indexData = null;
  const index = JSON.parse(read(INDEX));
  const odds = stageOdds(index);
  const oddsTable = { player: odds.rung.name, nodes: odds.rung.nodes, endgame: odds.rung.endgame, tile: ODDS_TILE, games: odds.games.length, from: odds.file, rows: odds.rows };
  return new Map([
    [FIGURES_PAGE, figuresPage(index, odds)],
    [STAGE_ODDS_MODULE, replaceBlock(STAGE_ODDS_MODULE, read(STAGE_ODDS_MODULE), 'BEGIN STAGE ODDS', 'END STAGE ODDS', oddsBlock(oddsTable))],
    [STRENGTH_FIGURES, replaceBlock(STRENGTH_FIGURES, replaceBlock(STRENGTH_FIGURES, read(STRENGTH_FIGURES), 'BEGIN LADDER', 'END LADDER', ladderBlock('LADDER', LADDER, index)), 'BEGIN TD LADDER', 'END TD LADDER', ladderBlock('TD_LADDER', TD_LADDER, index))],
    [README, replaceBlock(README, read(README), 'figures:players', '/figures:players', playersTable(index))],
  ]);
}

/** The files whose text differs from what render() gives. */
export function stale(out = render()) {
  return [...out].filter(([path, text]) => {
    try {
      return read(path) !== text;
    } catch {
      return true;
    }
  }).map(([path]) => path);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { parseFlags } = await import('../lib/cli.mjs');
  const { values } = parseFlags({
    name: 'figures',
    usage: 'Usage: node tools/figures/figures.mjs [--check]   (`make figures`: writes docs/figures.md, the page\'s ladder, the odds from a stage, the README\'s players table)',
    options: { check: { type: 'boolean' } },
  });
  const out = render();
  const differ = stale(out);
  if (values.check) {
    for (const path of differ) console.error(`figures: ${path} differs from what \`make figures\` writes`);
    process.exit(differ.length ? 1 : 0);
  }
  for (const path of differ) {
    writeFileSync(join(ROOT, path), out.get(path));
    console.log(`wrote ${path}`);
  }
  if (!differ.length) console.log('figures: every file is up to date');
}
