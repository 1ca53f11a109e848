// tools/runs/deaths.mjs: where the arena's games below a tile ended (docs/ai.md, "Where the
// games end"), counted from the games' final tiles.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const TOOL = fileURLToPath(new URL('../../tools/runs/deaths.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'g2048-deaths-'));
const file = (name, lines) => {
  const path = join(dir, name);
  writeFileSync(path, lines.join('\n') + '\n');
  return path;
};
const run = (...args) => spawnSync(process.execPath, [TOOL, ...args], { encoding: 'utf8' });
const game = (tiles) => JSON.stringify({ seed: 1, largest: String(Math.max(...Object.keys(tiles).map(Number))), tiles });

test('games below the target, by largest tile, in tenths of the next such tile built', () => {
  const games = file('games.jsonl', [
    game({ 32768: 1, 2: 1 }), // reached the target: not counted
    game({ 16384: 1, 8192: 1, 4096: 1, 2048: 1, 1024: 1, 256: 1, 64: 2, 4: 2 }), // 15,752 of 16,384: 90%
    game({ 16384: 1, 8192: 1, 2: 1 }), // 50%
    game({ 16384: 1, 4096: 1, 2048: 1, 1024: 1, 512: 1, 256: 1, 128: 1 }), // 8,064: 40%
    game({ 8192: 1, 512: 1, 256: 1, 128: 1, 2: 2 }), // 900 of 8,192: 10%
  ]);
  const r = run(games);
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.trim().split('\n');
  assert.equal(lines[0], '5 games, 4 below 32768; the next tile of the largest\'s value built, in tenths:');
  const row = (largest) => lines.find((l) => l.trim().startsWith(`${largest} `)).trim().split(/\s+/).map(Number);
  assert.deepEqual(row(16384), [16384, 3, 0, 0, 0, 0, 1, 1, 0, 0, 0, 1]);
  assert.deepEqual(row(8192), [8192, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
  // A lower target counts the 32768 game out as well as the 16384 ones.
  const low = run('--target', '16384', games);
  assert.match(low.stdout, /^5 games, 1 below 16384/);
});

test('a line that is not JSON, a line with no tiles, a bad target or no file: exit 2 with the reason', () => {
  const bad = run(file('bad.jsonl', [game({ 2: 1 }), '{"seed": 2']));
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /bad\.jsonl line 2 is not JSON/);
  const other = run(file('other.jsonl', ['{"seed": 1}']));
  assert.equal(other.status, 2);
  assert.match(other.stderr, /other\.jsonl line 1 has no "tiles"/);
  assert.equal(run('--target', '1000', file('ok.jsonl', [game({ 2: 1 })])).status, 2);
  assert.equal(run().status, 2);
});
