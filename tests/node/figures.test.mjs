// What the strength control says about each rung of expectimax's ladder ("Strong (2.5M
// positions): reaches 16384 in 9 games of 10, ...") and what "Fits the speed" charges a rung
// must be what the arena saw: the game lines each rung names in `from` (data/runs/), read
// back here. A figure typed by hand that drifts from its games, a rung quoted from fewer than
// 200 games, from games stopped early (--until), from another budget or from seeds other than
// 1..N fails here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { STRENGTH_FIGURES, gameLines, largest } from '../../tools/figures/figures.mjs';

const TILES = [8192, 16384, 32768];

test("each measured rung's reach and cost are its 200+ whole games in data/runs, seeds 1..N, at its budget", async () => {
  const { LADDER } = await import(new URL(`../../${STRENGTH_FIGURES}`, import.meta.url));
  let measured = 0;
  for (const rung of LADDER) {
    if (!rung.reach) {
      assert.equal(rung.nodesPerMove, null, `${rung.name}: a cost without a reach`);
      continue;
    }
    measured += 1;
    assert.ok(rung.from, `${rung.name}: a reach with no game lines named`);
    const games = gameLines(rung.from);
    const seeds = games.map((g) => g.seed).sort((a, b) => a - b);
    assert.ok(games.length >= 200, `${rung.name}: ${games.length} games in ${rung.from}, fewer than 200`);
    assert.deepEqual(seeds, seeds.map((_, i) => i + 1), `${rung.name}: the seeds are not 1..${games.length}, each once`);
    for (const g of games) {
      const where = `${rung.name}, ${rung.from}, seed ${g.seed}`;
      assert.equal(g.strategy, 'expectimax', where);
      assert.equal(g.size, 4, where);
      assert.deepEqual(g.options, { nodes: rung.nodes }, `${where}: another budget or options`);
      assert.equal(g.until, undefined, `${where}: stopped at ${g.until}, not a whole game`);
    }
    for (const t of TILES) {
      const share = games.filter((g) => largest(g) >= t).length / games.length;
      assert.equal(rung.reach[t], share, `${rung.name}: reaches ${t} in ${share} of its games, the page says ${rung.reach[t]}`);
    }
    const sum = (k) => games.reduce((s, g) => s + g[k], 0);
    assert.equal(rung.nodesPerMove, Math.round(sum('nodes') / sum('moves')), `${rung.name}: nodes per move`);
  }
  assert.ok(measured >= 5, `only ${measured} rungs measured: every rung from Light to Deep has its games`);
});

test("a learned rung's mean score is marked with the games it still holds from before downgrading, and only then", async () => {
  // figures.md's ladder rows are each rung's games without the endgame set (its `file`).
  const { TD_LADDER } = await import('../../tools/figures/figures.mjs');
  const { isStale } = await import('../../tools/runs/replay-stale.mjs');
  const page = readFileSync(new URL('../../docs/figures.md', import.meta.url), 'utf8');
  for (const rung of TD_LADDER) {
    const row = page.split('\n').find((l) => l.startsWith(`| *${rung.name}*`));
    assert.ok(row, `figures.md has a row for ${rung.name}`);
    const stale = gameLines(rung.file).filter(isStale).length;
    const mark = row.match(/\((\d+) played past 32768 before downgrading\)/);
    assert.equal(mark ? Number(mark[1]) : 0, stale, `${rung.name}: ${row}`);
  }
});

test('every game of the learned searches that reaches 65536 is named on the figures page, with its seed and score', async () => {
  const { PLIES } = await import('../../tools/figures/figures.mjs');
  const page = readFileSync(new URL('../../docs/figures.md', import.meta.url), 'utf8');
  const line = page.split('\n').find((l) => l.includes('reach 65536') || l.includes('reaches 65536'));
  assert.ok(line, 'figures.md says which games reach 65536');
  const named = [...line.matchAll(/seed (\d+) \(([\d,]+) points\)/g)].map((m) => `${m[1]} ${m[2].replaceAll(',', '')}`);
  const games = PLIES.flatMap((p) => gameLines(p.file).filter((g) => largest(g) >= 65536).map((g) => `${g.seed} ${g.score}`));
  assert.deepEqual(named.sort(), games.sort(), line);
  assert.equal(line.startsWith('No game'), games.length === 0, line);
});

test('a learned rung quoted with the endgame table is quoted from games that played the shipped set as the page does; the others from games with none', async () => {
  const { TD_LADDER } = await import(new URL(`../../${STRENGTH_FIGURES}`, import.meta.url));
  const { shippedSetPlay } = await import('../../tools/figures/figures.mjs');
  const played = shippedSetPlay();
  for (const rung of TD_LADDER.filter((r) => r.reach)) {
    for (const g of gameLines(rung.from)) {
      const where = `${rung.name}, ${rung.from}, seed ${g.seed}`;
      assert.equal(g.strategy, 'expectimax-td', where);
      assert.equal(g.options.nodes, rung.nodes, where);
      if (rung.endgame) assert.equal(g.tables, played, `${where}: ${g.tables ?? 'no tables'}, not the shipped set`);
      else assert.equal(g.tables, undefined, `${where}: tables ${g.tables} on a rung quoted without them`);
    }
  }
});

test("the odds from a stage are the games of the page's default player at Max, and are checked on games of that player on other seeds", async () => {
  const { TD_LADDER } = await import(new URL(`../../${STRENGTH_FIGURES}`, import.meta.url));
  const { STAGE_ODDS } = await import('../../www/ai/stage-odds.js');
  const { ODDS_HELD_OUT } = await import('../../tools/figures/figures.mjs');
  const rung = TD_LADDER.find((r) => r.name === STAGE_ODDS.player);
  assert.ok(rung, `${STAGE_ODDS.player} is a rung of the learned ladder`);
  // The rung's own games, as its strength line quotes them (with the endgame table where it
  // plays), or its games without the table where the held-out games play without it.
  const heldAlone = rung.endgame && !gameLines(ODDS_HELD_OUT[0])[0].tables;
  const own = heldAlone ? [rung.alone.from, rung.nodes, false] : [rung.from, rung.nodes, rung.endgame ?? false];
  assert.deepEqual([STAGE_ODDS.from, STAGE_ODDS.nodes, STAGE_ODDS.endgame], own);
  const games = gameLines(STAGE_ODDS.from);
  assert.equal(STAGE_ODDS.games, games.length);
  // A row's first cell: of the games whose largest got to its tile, the share that reached the
  // odds' tile. Along a row and down the rows the games that reach it stay (each got to every
  // stage before) while the others drop out, so no cell is below the one before.
  const reached = games.filter((g) => largest(g) >= STAGE_ODDS.tile).length;
  let before = 0;
  for (const [l, cells] of Object.entries(STAGE_ODDS.rows)) {
    assert.equal(cells[0], Math.round((100 * reached) / games.filter((g) => largest(g) >= Number(l)).length), `largest ${l}`);
    for (const c of cells.filter((x) => x !== null)) {
      assert.ok(c >= before, `largest ${l}: ${cells}`);
      before = c;
    }
  }
  const seeds = new Set(games.map((g) => g.seed));
  const playsAs = (g) => JSON.stringify([g.strategy, g.options, g.tables ?? null]);
  assert.ok(ODDS_HELD_OUT.length > 0);
  for (const file of ODDS_HELD_OUT) {
    const held = gameLines(file);
    assert.ok(held.length > 0, `${file}: no games`);
    for (const g of held) {
      assert.ok(!seeds.has(g.seed), `${file}: seed ${g.seed} is one of the table's`);
      assert.equal(playsAs(g), playsAs(games[0]), `${file}, seed ${g.seed}: plays otherwise than the table's games`);
    }
  }
});
