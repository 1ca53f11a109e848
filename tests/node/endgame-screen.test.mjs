// The endgame screen's tools (docs/ai.md, "The endgame screen"): tools/runs/endgame-starts.mjs
// picks each game's first position at the stage where games die; tools/runs/paired.mjs compares
// two runs on the same seeds, with the exact sign test on the games only one of them won.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const tool = (name) => fileURLToPath(new URL(`../../tools/runs/${name}`, import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'g2048-endgame-'));
const file = (name, lines) => {
  const path = join(dir, name);
  writeFileSync(path, lines.join('\n') + '\n');
  return path;
};
const run = (name, ...args) => spawnSync(process.execPath, [tool(name), ...args], { encoding: 'utf8' });
const position = (seed, move, tiles) => JSON.stringify({ size: 4, cells: [...tiles, ...new Array(16 - tiles.length).fill(0)], seed, move });
const game = (seed, largest) => JSON.stringify({ seed, largest: String(largest), tiles: { [largest]: 1 } });

test('endgame-starts: each game\'s first position with its largest tile held once and the next one far enough built, repeated', () => {
  const late = file('late.jsonl', [
    position(1, 100, [16384, 8192, 2048, 2]), // 10,242 of 16,384: 63%, too early
    position(1, 120, [16384, 8192, 4096, 512, 256, 64]), // 13,120: 80%, game 1's start
    position(1, 140, [16384, 8192, 4096, 1024]), // later in game 1: not taken
    position(2, 300, [16384, 16384, 8192, 4096, 512]), // two of the largest: not the stage
    position(2, 320, [32768, 8192, 4096, 2048]), // past it
    position(3, 50, [16384, 8192, 4096, 1024, 2]), // 13,314: 81%, game 3's start
  ]);
  const r = run('endgame-starts.mjs', '--repeat', '2', late);
  assert.equal(r.status, 0, r.stderr);
  const starts = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(starts.map((s) => [s.seed, s.move]), [[1, 120], [1, 120], [3, 50], [3, 50]]);
  assert.deepEqual(starts[0].cells.slice(0, 6), [16384, 8192, 4096, 512, 256, 64]);
  assert.match(r.stderr, /2 of the 3 games in .* reach the stage \(16384, the next 80% built\); 4 starts/);
  // Nine tenths built: none of these positions is (game 1's at move 140 and game 3's hold 81%).
  const later = run('endgame-starts.mjs', '--built', '0.9', late);
  assert.equal(later.stdout, '');
});

test('endgame-starts: a line that is not a position, a bad flag or no file: exit 2 with the reason', () => {
  const bad = run('endgame-starts.mjs', file('bad.jsonl', [position(1, 1, [2]), '{"size":4,"cells":[2]}']));
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /bad\.jsonl line 2 is not a 4x4 position with its seed/);
  assert.equal(run('endgame-starts.mjs', '--built', '1.5', file('ok.jsonl', [position(1, 1, [2])])).status, 2);
  assert.equal(run('endgame-starts.mjs', '--largest', '1000', file('ok2.jsonl', [position(1, 1, [2])])).status, 2);
  assert.equal(run('endgame-starts.mjs').status, 2);
});

test('paired: each tile reached in either run on the seeds both played, the games only one reached, the exact sign test', () => {
  // Seeds 1-9 in both (seed 10 only in the first): 32768 in the first on 1-7, in the second on 1-2 and 8.
  const first = file('first.jsonl', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((s) => game(s, s <= 7 || s === 10 ? 32768 : 16384)));
  const second = file('second.jsonl', [9, 8, 7, 6, 5, 4, 3, 2, 1].map((s) => game(s, s <= 2 || s === 8 ? 32768 : 16384)));
  const r = run('paired.mjs', first, second);
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.trim().split('\n');
  assert.match(lines[0], /^9 seeds in both/);
  const row = (tile) => lines.find((l) => l.startsWith(`${tile} `)).trim().split(/\s{2,}/);
  assert.deepEqual(row(16384), ['16384', '9 (100.0%)', '9 (100.0%)', '0', '0', '1.000']);
  // 5 games only in the first, 1 only in the second: 2 * (1 + 6) / 64 = 0.219.
  assert.deepEqual(row(32768), ['32768', '7 (77.8%)', '3 (33.3%)', '5', '1', '0.219']);
  const only = run('paired.mjs', '--tiles', '32768', first, second);
  assert.equal(only.stdout.trim().split('\n').length, 3);
});

test('paired: a seed twice, a line that is not a game, a bad tile or one file: exit 2 with the reason', () => {
  const ok = file('ok.jsonl', [game(1, 2048)]);
  const twice = run('paired.mjs', file('twice.jsonl', [game(1, 2048), game(1, 4096)]), ok);
  assert.equal(twice.status, 2);
  assert.match(twice.stderr, /twice\.jsonl line 2: seed 1 a second time/);
  const other = run('paired.mjs', ok, file('other.jsonl', ['{"seed":1}']));
  assert.equal(other.status, 2);
  assert.match(other.stderr, /other\.jsonl line 1 has no "seed" and "largest"/);
  assert.equal(run('paired.mjs', '--tiles', '3000', ok, ok).status, 2);
  assert.equal(run('paired.mjs', ok).status, 2);
});

test('late-boards layout: the next line\'s largest tile beside the first line\'s far end (snake) or beside the corner (parallel), in every corner and direction', async () => {
  const { layout } = await import('../../tools/lib/late-boards.mjs');
  const rows = (...r) => r.flat();
  // Top row from the top-left corner: 16384 8192 4096 2048; the second row's 1024 under the 2048 (snake) or under the 16384 (parallel).
  const snake = rows([16384, 8192, 4096, 2048], [8, 16, 64, 1024], [2, 4, 2, 4], [0, 0, 2, 0]);
  const parallel = rows([16384, 8192, 4096, 2048], [1024, 64, 16, 8], [2, 4, 2, 4], [0, 0, 2, 0]);
  assert.equal(layout(snake), 'snake');
  assert.equal(layout(parallel), 'parallel');
  // The same boards turned: mirrored left-right, then transposed (the first line a column).
  const mirror = (c) => [0, 1, 2, 3].flatMap((r) => c.slice(r * 4, r * 4 + 4).reverse());
  const transpose = (c) => [0, 1, 2, 3].flatMap((r) => [0, 1, 2, 3].map((k) => c[k * 4 + r]));
  for (const turn of [mirror, transpose, (c) => mirror(transpose(c)), (c) => [...c].reverse()]) {
    assert.equal(layout(turn(snake)), 'snake');
    assert.equal(layout(turn(parallel)), 'parallel');
  }
  // No first line of four decreasing tiles (a gap, the largest off the corner, two equal): other.
  assert.equal(layout(rows([16384, 8192, 0, 2048], [1024, 64, 16, 8], [2, 4, 2, 4], [0, 0, 2, 0])), 'other');
  assert.equal(layout(rows([8192, 16384, 4096, 2048], [1024, 64, 16, 8], [2, 4, 2, 4], [0, 0, 2, 0])), 'other');
  assert.equal(layout(rows([16384, 8192, 8192, 2048], [1024, 64, 16, 8], [2, 4, 2, 4], [0, 0, 2, 0])), 'other');
  // The next line's largest in its middle: other.
  assert.equal(layout(rows([16384, 8192, 4096, 2048], [8, 1024, 16, 4], [2, 4, 2, 4], [0, 0, 2, 0])), 'other');
});

test('layouts: each game\'s first board at each stage, its layout, apart for the games that reached the target and those that did not', () => {
  const board = (next) => [16384, 8192, 4096, 512, ...next, 2, 0, 0, 0, 0, 0, 0, 0];
  const pos = (seed, cells) => JSON.stringify({ size: 4, cells, seed, move: 1 });
  // 13,120 + next: game 1 snake (256 beside 512), game 2 parallel (256 beside 16384), game 3 snake but lost.
  const positions = file('positions.jsonl', [
    pos(1, board([8, 16, 32, 256])), pos(2, board([256, 32, 16, 8])), pos(3, board([16, 8, 32, 256])),
  ]);
  const games = file('played.jsonl', [game(1, 32768), game(2, 32768), game(3, 16384)]);
  const r = run('layouts.mjs', '--built', '0.8', games, positions);
  assert.equal(r.status, 0, r.stderr);
  const line = (re) => r.stdout.split('\n').find((l) => re.test(l)).trim().split(/\s+/);
  assert.deepEqual(line(/^80%\s+\d+ 32768/), ['80%', '2', '32768', '50%', '50%', '0%']);
  assert.deepEqual(line(/below/), ['80%', '1', 'below', '32768', '100%', '0%', '0%']);
  // A stage none reaches counts no game.
  assert.match(run('layouts.mjs', '--built', '0.99', games, positions).stdout, /99%\s+0 32768/);
  assert.equal(run('layouts.mjs', games).status, 2);
  assert.equal(run('layouts.mjs', '--built', '2', games, positions).status, 2);
  assert.match(run('layouts.mjs', positions, positions).stderr, /positions\.jsonl line 1 is not an arena game line/);
});
