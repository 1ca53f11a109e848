// The long runs' scripts (tools/runs/*.sh) with a stand-in for the binary they drive, which
// writes down where it ran and with what and, for the trainer's runs (STAND_IN_TRAINS), makes
// the files a run leaves, in the test's own folder (its --dir with a checkpoint and an
// evaluation, an --export's file); for the others it writes nothing. Each script passes it the
// commands its header describes, from the repository root wherever it is started when it
// writes the repository's files, and, run again, goes on where it stopped: a finished step
// runs nothing, a stopped one resumes from its checkpoint.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const script = (name) => join(ROOT, 'tools/runs', name);

const STAND_IN = `#!/bin/sh
echo "$(pwd) $*" >> "$STAND_IN_LOG"
[ -n "$STAND_IN_TRAINS" ] || exit 0
while [ $# -gt 0 ]; do
  case "$1" in
    --dir) mkdir -p "$2"; echo '{"learned":1}' >> "$2/eval.jsonl"; touch "$2/checkpoint.bin" ;;
    --export) echo network > "$2" ;;
  esac
  shift
done
`;

/** A scratch folder with the stand-in; `run(script, ...args)` runs it there, and `calls()` reads and clears what the stand-in was asked. */
function scratch(env = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'g2048-runs-'));
  const bin = join(dir, 'stand-in');
  const log = join(dir, 'calls.log');
  writeFileSync(bin, STAND_IN);
  chmodSync(bin, 0o755);
  const run = (name, ...args) => {
    const out = spawnSync('sh', [script(name), ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, STAND_IN_LOG: log, ...env } });
    assert.equal(out.status, 0, out.stderr);
    return out.stdout;
  };
  const calls = () => {
    if (!existsSync(log)) return [];
    const lines = readFileSync(log, 'utf8').split('\n').filter(Boolean);
    rmSync(log);
    return lines;
  };
  return { dir, bin, run, calls };
}

test('ladder.sh plays each rung it is given into data/runs, from the repository root, resumable', () => {
  const { bin, run, calls } = scratch();
  run('ladder.sh', bin, '111', '222');
  assert.deepEqual(calls(), [111, 222].map((n) => `${ROOT} --games 200 --seed 1 --nodes ${n} --threads 2 --resume --out data/runs/expectimax-split-${n}.jsonl`));
});

test('td-ladder.sh strips each file\'s stale games, then plays its queue in order into data/runs with the shipped network, resumable', () => {
  const env = {};
  const { bin, run, calls } = scratch(env);
  // The stand-in takes replay-stale.mjs's place too, which would rewrite the repository's files.
  env.STRIP = `${bin} strip`;
  run('td-ladder.sh', bin);
  const made = calls();
  const files = ['td-l16', 'expectimax-td-depth2', 'expectimax-td-depth3', 'expectimax-td-5000', 'expectimax-td-20000', 'expectimax-td-1200000', 'expectimax-td-depth4', 'expectimax-td-80000', 'expectimax-td-300000'];
  assert.equal(made.length, 2 * files.length);
  files.forEach((f, i) => {
    assert.equal(made[2 * i], `${ROOT} strip data/runs/${f}.jsonl`);
    assert.match(made[2 * i + 1], new RegExp(`^${ROOT} --strategy .* --network networks/4x6-l16\\.ntw\\.gz --seed 1 --threads 2 --resume --out data/runs/${f}\\.jsonl$`));
  });
  assert.match(made[9], /--strategy expectimax-td --nodes 20000 --games 1000 /);
  assert.match(made[11], /--strategy expectimax-td --nodes 1200000 --games 100 /);
});

test('train-speed.sh: each round the trainer backward, online and on 2 threads, then TDL2048+ forward and backward, its blocks summed to moves a second', () => {
  const { dir, bin, run, calls } = scratch();
  // TDL2048+'s stand-in prints two blocks as it does ("index/count ms moves-a-second"), and a summary line.
  const tdl = join(dir, 'tdl');
  writeFileSync(tdl, '#!/bin/sh\necho "$(pwd) $*" >> "$STAND_IN_LOG"\necho "1/2 100 5000"\necho "2/2 300 1000"\necho "summary 9 9"\n');
  chmodSync(tdl, 0o755);
  const printed = run('train-speed.sh', bin, tdl, '2');
  const made = calls();
  assert.equal(made.length, 10);
  assert.match(made[0], / --bench --shape 4x6 --levels 16 --alpha 0.1 --seed 1 --games 20000 *$/);
  assert.match(made[1], / --games 20000 --online$/);
  assert.match(made[2], / --games 20000 --threads 2$/);
  assert.match(made[3], / -n 4x6patt -t 20 -a 0.1 fixed -s 1 *$/);
  assert.match(made[4], / -s 1 -tt backward$/);
  // (100 ms at 5,000 a second and 300 ms at 1,000) over 400 ms: 2,000 moves a second.
  assert.match(printed, /round 1 TDL2048\+ forward: 2000 moves a second/);
  assert.match(printed, /round 2 TDL2048\+ backward: 2000 moves a second/);
  // Without TDL2048+, the trainer's rounds alone.
  run('train-speed.sh', bin, '', '1');
  assert.equal(calls().length, 3);
});

test('ablation.sh runs its five methods in turn; run again, it skips the finished and resumes the stopped', () => {
  const { dir, bin, run, calls } = scratch({ STAND_IN_TRAINS: '1' });
  const out = join(dir, 'ablation');
  run('ablation.sh', bin, out);
  const first = calls();
  const names = ['td0', 'restart', 'restart-tc', 'restart-tc-lambda', 'restart-tc-lambda-init'];
  assert.deepEqual(first.map((c) => /--dir \S+\/([^/\s]+)/.exec(c)[1]), names);
  for (const c of first) assert.match(c, /^\S+ --shape 4x6 --levels 16 --seed 1 --threads 1 --block 1000 --eval-games 1000 --dir /);
  for (const n of names) assert.ok(existsSync(join(out, n, 'done')) && !existsSync(join(out, n, 'checkpoint.bin')), n);
  run('ablation.sh', bin, out);
  assert.deepEqual(calls(), [], 'every method done: nothing runs');
  rmSync(join(out, 'restart/done'));
  writeFileSync(join(out, 'restart/checkpoint.bin'), '');
  run('ablation.sh', bin, out);
  const again = calls();
  assert.equal(again.length, 1);
  assert.match(again[0], new RegExp(`--resume --shape 4x6 .* --dir ${out}/restart --alpha 0.1 --restart --games 50000 `));
});

test('resume-cost.sh: a first leg, its export, then the uninterrupted run and the two from the file; run again, only a stopped leg', () => {
  const { dir, bin, run, calls } = scratch({ STAND_IN_TRAINS: '1', HALF: '10', EVERY: '5' });
  const out = join(dir, 'cost');
  const printed = run('resume-cost.sh', out, bin);
  const legs = calls();
  for (const c of legs) assert.ok(c.startsWith(`${ROOT} `), `from the repository root: ${c}`);
  assert.equal(legs.length, 5);
  assert.match(legs[0], new RegExp(`--checkpoint-every 5 .*--shape 4x6 --levels 16 --seed 1 --games 10 --dir ${out}/first$`));
  assert.match(legs[1], new RegExp(`--export ${out}/first.ntw --quantise i16 .* --dir ${out}/first$`));
  assert.match(legs[2], new RegExp(`--resume --games 20 --dir ${out}/uninterrupted$`));
  assert.match(legs[3], new RegExp(`--from ${out}/first.ntw.gz --seed 2 --games 10 --dir ${out}/from-file$`));
  assert.match(legs[4], new RegExp(`--from ${out}/first.ntw.gz --rebuild 10000 --seed 2 --games 10 --dir ${out}/from-file-rebuilt$`));
  assert.ok(existsSync(join(out, 'first.ntw.gz')));
  assert.deepEqual(printed.trim().split('\n'), ['first', 'uninterrupted', 'from-file', 'from-file-rebuilt'].map((leg) => `${out}/${leg}: {"learned":1}`), 'each leg\'s last evaluation');
  run('resume-cost.sh', out, bin);
  assert.deepEqual(calls(), [], 'every leg done: nothing runs');
  rmSync(join(out, 'from-file/done'));
  run('resume-cost.sh', out, bin);
  assert.deepEqual(calls(), [`${ROOT} --tc --alpha 1.0 --lambda 0.5 --restart --threads 2 --block 1000 --checkpoint-every 5 --eval-games 1000 --resume --games 10 --dir ${out}/from-file`]);
});
