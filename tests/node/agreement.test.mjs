// tools/runs/agreement.mjs, which docs/ai.md's "what a ply buys" reads: the share of positions on
// which two searches' decisions (arena --decide lines) play the same move, and each search's
// mean depth and nodes; files of different positions or bad lines exit 2 naming the file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const TOOL = fileURLToPath(new URL('../../tools/runs/agreement.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'g2048-agreement-'));
const file = (name, decisions) => {
  const path = join(dir, `${name}.jsonl`);
  writeFileSync(path, decisions.map((d) => JSON.stringify(d)).join('\n') + '\n');
  return path;
};
const run = (...files) => spawnSync(process.execPath, [TOOL, ...files], { encoding: 'utf8' });

test('two searches agreeing on 2 of 3 positions: 66.7%, with their mean depth and nodes', () => {
  const d3 = file('d3', [{ dir: 'left', depth: 3, nodes: 100 }, { dir: 'up', depth: 3, nodes: 200 }, { dir: 'up', depth: 3, nodes: 300 }]);
  const d4 = file('d4', [{ dir: 'left', depth: 4, nodes: 1000 }, { dir: 'right', depth: 5, nodes: 2000 }, { dir: 'up', depth: 4, nodes: 3000 }]);
  const out = run(d3, d4);
  assert.equal(out.status, 0, out.stderr);
  const lines = out.stdout.split('\n');
  assert.equal(lines[0], '3 positions');
  assert.equal(lines[1], 'd3: depth 3.00, nodes 200');
  assert.equal(lines[2], 'd4: depth 4.33, nodes 2000');
  const row = lines.find((l) => l.startsWith('d3 ')).trim().split(/\s+/);
  assert.deepEqual(row, ['d3', '100.0', '66.7']);
});

test('files of different positions, or a line that is not JSON, exit 2 naming the file', () => {
  const a = file('a', [{ dir: 'left', depth: 3, nodes: 1 }, { dir: 'up', depth: 3, nodes: 1 }]);
  const b = file('b', [{ dir: 'left', depth: 3, nodes: 1 }]);
  const short = run(a, b);
  assert.equal(short.status, 2);
  assert.match(short.stderr, /b\.jsonl has 1 decisions, .*a\.jsonl 2: not the same positions/);
  const bad = join(dir, 'bad.jsonl');
  writeFileSync(bad, '{"dir":"left"}\nnot json\n');
  const broken = run(a, bad);
  assert.equal(broken.status, 2);
  assert.match(broken.stderr, /bad\.jsonl line 2 is not JSON/);
  assert.equal(run(a).status, 2, 'one file is not a comparison');
});
