// Two games on one page (mount options): keys go to the focused board; the mount() API.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPage, domBoard, engineCells } from './helpers.mjs';

const env = setup();

test('two boards on one page play independently, keys go to the focused one', async () => {
  const { page, done } = await openPage(env, 'tests/e2e/fixtures/two-boards.html', { wait: false, contextOptions: { viewport: { width: 900, height: 800 } } });
  await page.waitForSelector('.left .board[data-cells]');
  await page.waitForSelector('.right .board[data-cells]');
  assert.equal((await domBoard(page, '.left')).size, 3);
  assert.equal((await domBoard(page, '.right')).size, 5);
  const ids = await page.$$eval('[id]', (els) => els.map((e) => e.id));
  assert.equal(new Set(ids).size, ids.length, `generated ids are unique: ${ids.join(' ')}`);

  const right = await engineCells(page, '.right');
  await page.locator('.left .board').focus();
  let moved = false;
  for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown']) {
    const before = await engineCells(page, '.left');
    await page.keyboard.press(key);
    if ((await engineCells(page, '.left')).join() !== before.join()) moved = true;
  }
  assert.ok(moved, 'the focused board moved');
  assert.deepEqual(await engineCells(page, '.right'), right, 'the other board did not');

  // Keys outside both boards move neither.
  await page.locator('body > p').click();
  const left = await engineCells(page, '.left');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowRight');
  assert.deepEqual(await engineCells(page, '.left'), left);
  assert.deepEqual(await engineCells(page, '.right'), right);
  await done();
});

test('mount() returns its controller at once; calls before ready are queued; destroy() removes everything it added', async () => {
  const { page, done } = await openPage(env, 'tests/e2e/fixtures/two-boards.html', { wait: false });
  await page.waitForSelector('.right .board[data-cells]');
  const result = await page.evaluate(async () => {
    const { mount } = await import('/www/game/mount.js');
    const host = document.createElement('div');
    host.className = 'third';
    document.body.append(host);
    const game = mount(host, { prefix: 'third', keyboard: false, size: 4, seed: 5n, restore: false });
    const early = { state: game.getState(), score: game.score, cells: game.cells, queued: game.move('left') };
    await game.ready;
    const before = game.getState();
    const moved = ['left', 'up', 'right', 'down'].map((d) => game.move(d));
    const after = game.getState();
    const undone = game.undo();
    const undoneState = game.getState();
    const bad = game.move('sideways');
    game.destroy();
    const direct = game.move('up');
    // The same seed and moves on a Game of its own: what the board must show.
    const wasm = await import('/www/pkg/game2048_ai.js');
    await wasm.default({ module_or_path: '/www/pkg/game2048_ai_bg.wasm' });
    const g = new wasm.Game(4, 5n);
    const expected = { start: Array.from(g.cells()), queuedMoves: g.move('left') !== null };
    expected.before = Array.from(g.cells());
    expected.moved = ['left', 'up', 'right', 'down'].map((d) => g.move(d) !== null);
    expected.after = Array.from(g.cells());
    expected.moves = g.moves;
    g.undo();
    expected.undone = Array.from(g.cells());
    g.free();
    return { early, before, moved, after, undone, undoneCells: undoneState.cells, bad, direct, expected, leftover: host.innerHTML + host.shadowRoot.innerHTML, classes: host.className };
  });
  assert.deepEqual(result.early, { state: null, score: 0, cells: [], queued: undefined });
  assert.equal(result.before.size, 4);
  assert.equal(result.expected.queuedMoves, true, 'seed 5: "left" moves the first board (else pick another)');
  assert.equal(result.before.moves, 1, 'the queued move ran once the game was ready');
  assert.deepEqual(result.before.cells, result.expected.before, 'the queued move was "left" on the seeded board');
  assert.deepEqual(result.moved, result.expected.moved);
  assert.ok(result.moved.includes(true));
  assert.deepEqual(result.after.cells, result.expected.after);
  assert.equal(result.after.moves, result.expected.moves);
  assert.equal(result.undone, true);
  assert.deepEqual(result.undoneCells, result.expected.undone);
  assert.equal(result.bad, false);
  assert.equal(result.direct, undefined, 'calls after destroy do nothing');
  assert.equal(result.leftover, '');
  assert.equal(result.classes, 'third');
  await done();
});

test('a host page styles the board through its CSS parts (::part), and nothing else of it', async () => {
  const { page, done } = await openPage(env, 'tests/e2e/fixtures/empty.html', { wait: false });
  const got = await page.evaluate(async () => {
    const style = document.createElement('style');
    style.textContent = `game-2048::part(board) { background: rgb(1, 2, 3); }
      game-2048::part(tile-2), game-2048::part(tile-4) { background: rgb(4, 5, 6); }
      game-2048::part(button) { color: rgb(7, 8, 9); }
      game-2048 .board, .tile-inner { background: rgb(200, 0, 0); }`;
    document.head.append(style);
    const el = document.createElement('game-2048');
    el.setAttribute('persist', 'off');
    document.body.append(el);
    await import('/embed.js');
    await el.ready;
    const root = el.shadowRoot;
    const bg = (node) => getComputedStyle(node).backgroundColor;
    return {
      board: bg(root.querySelector('.board')),
      tiles: [...root.querySelectorAll('.tile-inner')].map(bg),
      button: getComputedStyle(root.querySelector('button')).color,
      cell: bg(root.querySelector('.cell')),
    };
  });
  assert.equal(got.board, 'rgb(1, 2, 3)');
  assert.ok(got.tiles.length >= 2, 'the first tiles');
  assert.deepEqual(new Set(got.tiles), new Set(['rgb(4, 5, 6)']), 'the 2 and 4 tiles take the host\'s colour');
  assert.equal(got.button, 'rgb(7, 8, 9)');
  assert.notEqual(got.cell, 'rgb(200, 0, 0)', 'the host\'s other rules do not reach in');
  await done();
});
