// data/index.json is the map of the run data: for every file under data/, what it holds, the
// command that wrote it, the last commit that changed it, and the files that quote it. A
// file added without an entry, an entry for a file that is gone, a commit that is not the
// file's last change, a "quoted by" that no longer names the file, games said to be the
// shipped network's that were played with another network, or a partial run (a batch stopped
// and committed before its last game, docs/arena.md) quoted as a finished one fails here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NETWORK_FILE } from '../../www/ai/network.js';
import { FIGURES_PAGE, README, STRENGTH_FIGURES, namesShippedNetwork, plannedGames, render, runStatus, shippedNetworkSha } from '../../tools/figures/figures.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const index = JSON.parse(readFileSync(join(root, 'data/index.json'), 'utf8'));
// The folder's own description and the index itself are not run data.
const NOT_DATA = new Set(['data/index.json', 'data/README.md']);

/** Every file under dir, as paths from the root. */
const walk = (dir) =>
  readdirSync(join(root, dir)).flatMap((f) => {
    const path = `${dir}/${f}`;
    return statSync(join(root, path)).isDirectory() ? walk(path) : [path];
  });

const git = (...args) => {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
};

test('data/index.json lists every file under data/, and only those', () => {
  const files = walk('data').filter((f) => !NOT_DATA.has(f)).sort();
  assert.deepEqual(Object.keys(index.files).sort(), files);
});

test('each entry says what the file holds, its command, its commit and what quotes it', () => {
  for (const [file, entry] of Object.entries(index.files)) {
    assert.ok(entry.what?.length > 10, `${file}: what it holds`);
    assert.ok(entry.command?.length > 10, `${file}: the command that wrote it`);
    assert.match(entry.commit ?? '', /^[0-9a-f]{7,40}$/, `${file}: the commit that recorded it`);
    assert.ok(Array.isArray(entry.quotedBy) && entry.quotedBy.length, `${file}: what quotes it (a file nothing quotes does not belong in data/)`);
    for (const by of entry.quotedBy) {
      assert.ok(existsSync(join(root, by)), `${file}: quoted by ${by}, which does not exist`);
      const text = readFileSync(join(root, by), 'utf8');
      assert.ok(text.includes(file) || text.includes(basename(file)), `${file}: ${by} does not name it`);
    }
  }
});

test("each entry's commit is the last one that changed its file (git log --follow)", (t) => {
  if (git('rev-parse', '--is-shallow-repository') !== 'false') {
    t.skip('no full git history here');
    return;
  }
  for (const [file, entry] of Object.entries(index.files)) {
    const last = git('log', '--follow', '--diff-filter=AM', '--format=%H', '-1', '--', file);
    if (!last) {
      t.diagnostic(`${file}: not committed yet`);
      continue;
    }
    assert.ok(last.startsWith(entry.commit), `${file}: the index says ${entry.commit}, git log says ${last.slice(0, 10)}`);
  }
});

// Shipping a new network under the same name must not leave the old network's games quoted as
// its figures: every run whose command names the shipped file records the sha256 of the file it
// played, and that is the file shipped now.
test('every run that names the shipped network was played with the file shipped now (its sha256)', () => {
  const sha = shippedNetworkSha();
  const runs = Object.entries(index.files).filter(([, entry]) => namesShippedNetwork(entry));
  assert.ok(runs.length >= 4, `the runs of ${NETWORK_FILE}: ${runs.length}`);
  for (const [file, entry] of runs) {
    assert.equal(entry.network, sha, `${file} was played with another network than ${NETWORK_FILE} (sha256 ${sha.slice(0, 12)}…): run its command again, or take it out`);
  }
});

// A long batch is committed at each stop and resumed later (`--resume`), so a file may hold
// fewer games than its command plays. It keeps its entry (the first test); the figures label
// it "partial: k of N games" wherever they show it, and no ladder rung of the page counts it.
test('a partial run is labelled partial wherever the figures show it, and no rung counts it', () => {
  const out = render();
  // The ladder blocks as `make figures` writes them: each rung's file and whether it has figures.
  const rungs = [...out.get(STRENGTH_FIGURES).matchAll(/^\s*\{ nodes: \d+, name: '([^']+)', reach: (null|\{[^}]*\}).*from: '([^']+)'(?:, endgame: true, alone: \{ reach: \{[^}]*\}, games: \d+, from: '[^']+' \})? \},$/gm)]
    .map((m) => ({ name: m[1], counted: m[2] !== 'null', from: m[3] }));
  assert.ok(rungs.length >= 10, `the ladders' rungs: ${rungs.length}`);
  let runs = 0;
  for (const [file, entry] of Object.entries(index.files)) {
    const planned = plannedGames(entry);
    if (planned === null || !file.startsWith('data/runs/')) continue;
    runs += 1;
    const { games, partial } = runStatus(file);
    assert.ok(games <= planned, `${file}: ${games} games, more than the ${planned} its command plays`);
    assert.equal(partial, games < planned, `${file}: ${games} of ${planned} games`);
    const label = `partial: ${games} of ${planned}`;
    // Every line of the generated files that names the file: the sources table, the README's links.
    const naming = [FIGURES_PAGE, README].flatMap((path) => out.get(path).split('\n').filter((l) => l.includes(`](${file})`) || l.includes(`](../${file})`)).map((l) => [path, l]));
    for (const [path, line] of naming) {
      if (partial) assert.ok(line.includes(label), `${path} quotes ${file} (${games} of ${planned} games) without "${label}": ${line.slice(0, 120)}`);
      else assert.ok(!line.includes('partial:'), `${path} calls ${file} partial, though all its ${planned} games are in`);
    }
    for (const rung of rungs.filter((r) => r.from === file)) {
      assert.ok(!(partial && rung.counted), `${STRENGTH_FIGURES}: the rung ${rung.name} counts ${file}, which has ${games} of its ${planned} games`);
    }
  }
  assert.ok(runs >= 20, `runs with a number of games: ${runs}`);
});

test('the number of games a command plays is read from its --games (times the specs of a compare)', () => {
  assert.equal(plannedGames({ command: 'arena --games 200 --seed 1 --nodes 50000 --resume --out x.jsonl' }), 200);
  assert.equal(plannedGames({ command: "arena compare 'expectimax:nodes=1' 'expectimax:nodes=1,weights=@w.json' --games 300 --seed 1 --out x.jsonl" }), 600);
  assert.equal(plannedGames({ command: 'train --export n.ntw --dir DIR && gzip n.ntw && arena --strategy td --network n.ntw.gz --games 1000 --out x.jsonl' }), 1000);
  assert.equal(plannedGames({ command: 'arena tune r.json --generations 6 --games 24 --out t.jsonl' }), null);
  assert.equal(plannedGames({ command: '(written by hand)' }), null);
});
