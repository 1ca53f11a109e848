// Saving and restoring, and what happens when storage is corrupt or unusable.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPage, ready, domBoard, engineCells, score, best, settle, saved, runTimers, screenshot, choose, chosen } from './helpers.mjs';

const env = setup();

// Moves until `count` changed the board. Up is among the keys: a random game can reach a
// board that left, down and right leave unchanged (a full bottom row and nothing above).
async function playSomeMoves(page, count) {
  const keys = ['ArrowLeft', 'ArrowDown', 'ArrowRight', 'ArrowDown', 'ArrowUp'];
  let played = 0;
  for (let i = 0; played < count && i < count * 10; i++) {
    const before = await engineCells(page);
    await page.keyboard.press(keys[i % keys.length]);
    if ((await engineCells(page)).join() !== before.join()) played++;
  }
  return played;
}

test('reload restores the game (board, score, best, undo history)', async () => {
  const { page, done } = await openPage(env, '');
  assert.equal(await playSomeMoves(page, 12), 12);
  await saved(page); // the page saves a little after a move
  const shown = { cells: await engineCells(page), score: await score(page), best: await best(page) };
  assert.ok(shown.score > 0, 'some points were scored');
  assert.equal(shown.best, shown.score);
  await page.reload();
  await ready(page);
  assert.deepEqual(await engineCells(page), shown.cells);
  assert.deepEqual((await domBoard(page)).cells, shown.cells, 'the DOM shows the restored board');
  assert.equal(await score(page), shown.score);
  assert.equal(await best(page), shown.best);
  assert.equal(await page.locator('.g2048 .undo-button').isDisabled(), false, 'undo history came back');
  assert.equal(await page.locator('.g2048 .notice').count(), 0);

  // A new game keeps the best score, also across another reload.
  await page.locator('.g2048 .new-button').click();
  assert.equal(await score(page), 0);
  assert.equal(await best(page), shown.best);
  await page.reload();
  await ready(page);
  assert.equal(await score(page), 0);
  assert.equal(await best(page), shown.best);
  assert.equal((await domBoard(page)).tiles, 2);
  await done();
});

test('a first visit fetches the small (lite) wasm alone; with a saved game the next visit fetches the core, which reads it', async () => {
  const { page, context, done } = await openPage(env, null);
  const asked = [];
  await context.route((url) => url.pathname.endsWith('.wasm'), (route) => {
    asked.push(new URL(route.request().url()).pathname.split('/').pop());
    return route.continue();
  });
  await page.goto(env.url);
  await ready(page);
  assert.deepEqual(asked, ['game2048_play_bg.wasm'], 'no saved game: the play module only');
  assert.equal(await playSomeMoves(page, 3), 3);
  await saved(page);
  const cells = await engineCells(page);
  asked.length = 0;
  await page.reload();
  await ready(page);
  assert.deepEqual(asked, ['game2048_records_bg.wasm'], 'a saved game: the records module, which reads saved games');
  assert.deepEqual(await engineCells(page), cells, 'the saved game is back');
  await done();
});

test('best score is kept per board size and mode', async () => {
  const { page, done } = await openPage(env, '');
  assert.equal(await playSomeMoves(page, 8), 8);
  const best4 = await best(page);
  assert.ok(best4 > 0);
  await choose(page, 'size', '5');
  await page.locator('.g2048 .dialog-ok').click();
  assert.equal(await best(page), 0, 'a 5x5 best of its own');
  await choose(page, 'size', '4');
  assert.equal(await best(page), best4, 'the 4x4 best is back');
  await choose(page, 'mode', 'endless');
  assert.equal(await best(page), 0, 'Endless has its own best');
  await done();
});

const CORRUPT = [
  ['truncated', '{"version":1,"mode":"classic","keepGoing":false,"game":"{\\"format\\":\\"game2048\\",\\"size\\":4,\\"cel'],
  ['garbage', 'this is not json {{{'],
  ['bad engine state', JSON.stringify({ version: 1, mode: 'classic', keepGoing: false, game: '{"format":"game2048","version":1,"size":4,"cells":[1,2,3]}' })],
  ['older format', JSON.stringify({ version: 0, board: [[2, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]], score: 12 })],
];

for (const [kind, raw] of CORRUPT) {
  test(`a corrupt saved game (${kind}) gives a notice, a playable board and a backup`, async () => {
    const { page, done } = await openPage(env, null, {
      initScript: `if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1'); localStorage.setItem('game2048:game', ${JSON.stringify(raw)}); }`,
    });
    await page.goto(env.url);
    await ready(page);
    const notice = page.locator('.g2048 .notice');
    assert.equal(await notice.count(), 1, 'one notice');
    assert.match(await notice.textContent(), /could not be read/);
    const board = await domBoard(page);
    assert.equal(board.tiles, 2, 'a fresh board');
    assert.equal(await score(page), 0);
    const backups = await page.evaluate(() => Object.keys(localStorage)
      .filter((k) => k.startsWith('game2048:backup:')).map((k) => localStorage.getItem(k)));
    assert.deepEqual(backups, [raw], 'the raw value is kept in a backup key');
    const before = await engineCells(page);
    for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown']) await page.keyboard.press(key);
    assert.notDeepEqual(await engineCells(page), before, 'playable');
    if (kind === 'truncated') await screenshot(page, 'corrupt-storage-notice');
    // Dismissable.
    await notice.locator('button').click();
    assert.equal(await notice.count(), 0);
    // The fresh game replaced the bad value: no notice next time.
    await saved(page);
    await page.reload();
    await ready(page);
    assert.equal(await page.locator('.g2048 .notice').count(), 0);
    await done();
  });
}

test('storage that throws: the game plays and says "not saved" once', async () => {
  const { page, done } = await openPage(env, null, {
    clock: true,
    initScript: () => {
      const fail = () => { throw new DOMException('The operation is insecure.', 'SecurityError'); };
      Storage.prototype.getItem = fail;
      Storage.prototype.setItem = fail;
    },
  });
  await page.goto(env.url);
  await ready(page);
  const notice = page.locator('.g2048 .notice');
  assert.equal(await notice.count(), 1);
  assert.match(await notice.textContent(), /not be saved/);
  assert.equal((await domBoard(page)).tiles, 2);
  assert.equal(await playSomeMoves(page, 5), 5);
  await page.locator('.g2048 .new-button').click();
  assert.equal(await playSomeMoves(page, 3), 3);
  await choose(page, 'theme', 'dark');
  await runTimers(page); // every save the moves scheduled has been tried
  await settle(page); // for the DOM check below: the moves' clean-up done
  assert.equal(await notice.count(), 1, 'said once');
  assert.deepEqual((await domBoard(page)).cells, await engineCells(page));
  await done();
});

test('localStorage that throws on access (blocked) also plays', async () => {
  const { page, done } = await openPage(env, null, {
    initScript: () => {
      Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('blocked', 'SecurityError'); } });
    },
  });
  await page.goto(env.url);
  await ready(page);
  assert.equal(await page.locator('.g2048 .notice').count(), 1);
  assert.equal(await playSomeMoves(page, 3), 3);
  await done();
});

test('storage full (quota) on save: plays and says "not saved" once', async () => {
  const { page, done } = await openPage(env, null, {
    clock: true,
    initScript: () => {
      const real = Storage.prototype.setItem;
      Storage.prototype.setItem = function (k, v) {
        if (k.endsWith(':game')) throw new DOMException('quota', 'QuotaExceededError');
        return real.call(this, k, v);
      };
    },
  });
  await page.goto(env.url);
  await ready(page);
  assert.equal(await playSomeMoves(page, 4), 4);
  await runTimers(page); // every save the moves scheduled has been tried: the first one fails
  assert.equal(await page.locator('.g2048 .notice').count(), 1);
  assert.match(await page.textContent('.g2048 .notice'), /not be saved/);
  await done();
});

test('a custom prefix keeps its own keys (mount option)', async () => {
  const { page, done } = await openPage(env, 'tests/e2e/fixtures/two-boards.html', { wait: false });
  await page.waitForSelector('.left .board[data-cells]');
  await page.waitForSelector('.right .board[data-cells]');
  const keys = await page.evaluate(() => Object.keys(localStorage).sort());
  assert.ok(keys.includes('left:game') && keys.includes('right:game'), keys.join(', '));
  assert.ok(!keys.some((k) => k.startsWith('game2048:')), 'nothing under the default prefix');
  await done();
});
