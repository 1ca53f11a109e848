// tools/runs/positions.mjs, which writes the positions docs/ai.md's measurements decide on
// (`arena --decide`): each seed's game from its first board, every --every-th position from
// move --from on, --count of them, as {"size":4,"cells":[...]} lines: the boards of the game
// that expectimax plays at --nodes, played again here move by move. Needs `make build`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { load } from './wasm.mjs';

const TOOL = fileURLToPath(new URL('../../tools/runs/positions.mjs', import.meta.url));
const wasm = await load('game2048_ai');
const run = (...args) => spawnSync(process.execPath, [TOOL, ...args], { encoding: 'utf8' });

/** The boards of seed's game as expectimax plays it at `nodes`, from its first, `moves` of them at most. */
function boards(seed, nodes, moves) {
  const game = new wasm.Game(4, BigInt(seed));
  const out = [];
  while (out.length < moves) {
    const cells = Array.from(game.cells());
    out.push(cells);
    const { dir } = wasm.bestMove(cells, 4, { strategy: 'expectimax', nodes });
    if (dir === null) break;
    game.move(dir);
  }
  return out;
}

test('each seed\'s game from its first board, every --every-th position, --count of them', () => {
  const out = run('--seeds', '1,2', '--nodes', '200', '--every', '10', '--count', '3');
  assert.equal(out.status, 0, out.stderr);
  const lines = out.stdout.trim().split('\n').map((l) => JSON.parse(l));
  assert.equal(lines.length, 6);
  for (const p of lines) {
    assert.deepEqual(Object.keys(p), ['size', 'cells']);
    assert.equal(p.size, 4);
    assert.equal(p.cells.length, 16);
  }
  for (const [k, seed] of [1, 2].entries()) {
    const played = boards(seed, 200, 21);
    assert.deepEqual(lines.slice(3 * k, 3 * k + 3).map((p) => p.cells), [played[0], played[10], played[20]], `seed ${seed}: its boards 0, 10 and 20`);
  }
});

test('--from skips the first moves; a bad flag exits 2 with the usage', () => {
  const out = run('--seeds', '3', '--nodes', '200', '--from', '5', '--count', '1');
  assert.equal(out.status, 0, out.stderr);
  assert.deepEqual(out.stdout.trim().split('\n').map((l) => JSON.parse(l).cells), [boards(3, 200, 6)[5]]);
  const bad = run('--every', '0');
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /^positions: --every must be a whole number from 1 to/);
  assert.match(bad.stderr, /usage: node tools\/runs\/positions\.mjs/);
});
