// Winning, Endless mode, and losing (with Undo from the game-over screen).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPage, ready, domBoard, engineCells, score, settle, saved, screenshot, cellsParam, choose, chosen } from './helpers.mjs';

const env = setup();
const NEAR_WIN = cellsParam([[1024, 1024, 0, 0], [0, 0, 0, 0], [0, 0, 2, 0], [0, 0, 0, 0]]);
// One move left fills the last gap; whatever spawns (2 or 4), nothing can merge.
const NEAR_LOSS = cellsParam([[2, 0, 4, 8], [16, 32, 64, 128], [2, 4, 8, 16], [32, 64, 128, 256]]);

test('win screen after one move from a near-win position; "Keep going" continues', async () => {
  const { page, done } = await openPage(env, `?cells=${NEAR_WIN}&seed=1`);
  const message = page.locator('.g2048 .message');
  assert.equal(await message.isVisible(), false);
  await page.keyboard.press('ArrowLeft');
  assert.equal(await message.isVisible(), true, 'win message shown');
  assert.match(await message.textContent(), /You win/);
  assert.equal(await page.locator('.g2048 .keep-going-button').isVisible(), true);
  assert.equal(await page.locator('.g2048 .win-new-button').isVisible(), true);
  assert.equal(await page.locator('.g2048 .retry-button').isVisible(), false);
  assert.match(await page.textContent('.g2048 [aria-live]'), /2048/);
  await screenshot(page, 'win');

  // While the message is up, moves wait for a choice.
  const cells = await engineCells(page);
  await page.keyboard.press('ArrowRight');
  assert.deepEqual(await engineCells(page), cells, 'no move behind the win message');

  await page.locator('.g2048 .keep-going-button').click();
  assert.equal(await message.isVisible(), false, 'message hidden after Keep going');
  await page.keyboard.press('ArrowRight');
  assert.notDeepEqual(await engineCells(page), cells, 'play continues');
  assert.ok((await engineCells(page)).includes(2048));
  await settle(page); // the move drawn to the end (a message shown after the slide would be up now)
  assert.equal(await message.isVisible(), false, 'no second win message');

  await done();
});

test('a won game kept going (started from cells) survives a reload', async () => {
  // Needs Game.fromJSON to accept what toJSON wrote for a Game.fromCells game.
  const { page, done } = await openPage(env, `?cells=${NEAR_WIN}&seed=1`);
  await page.keyboard.press('ArrowLeft');
  await page.locator('.g2048 .keep-going-button').click();
  await page.keyboard.press('ArrowRight');
  const cells = await engineCells(page);
  await saved(page);
  await page.goto(env.url);
  await ready(page);
  assert.equal(await page.locator('.g2048 .notice').count(), 0, 'no "could not be read" notice');
  assert.deepEqual(await engineCells(page), cells);
  assert.equal(await page.locator('.g2048 .message').isVisible(), false, 'still keeping going after reload');
  await done();
});

test('"New game" from the win screen starts over', async () => {
  const { page, done } = await openPage(env, `?cells=${NEAR_WIN}&seed=1`);
  await page.keyboard.press('ArrowLeft');
  await page.locator('.g2048 .win-new-button').click();
  assert.equal(await page.locator('.g2048 .message').isVisible(), false);
  assert.equal(await score(page), 0);
  assert.equal((await domBoard(page)).tiles, 2);
  await done();
});

test('Endless mode shows no win screen', async () => {
  const { page, done } = await openPage(env);
  await choose(page, 'mode', 'endless');
  assert.match(await page.textContent('.g2048 .intro'), /Endless/);
  // The mode is a stored setting, so a position loaded next plays in Endless.
  await page.goto(`${env.url}?cells=${NEAR_WIN}&seed=1`);
  await ready(page);
  await page.keyboard.press('ArrowLeft');
  assert.ok((await engineCells(page)).includes(2048), 'the 2048 tile is there');
  await settle(page); // the move drawn to the end (a message shown after the slide would be up now)
  assert.equal(await page.locator('.g2048 .message').isVisible(), false, 'no win message in Endless');
  const before = await engineCells(page);
  await page.keyboard.press('ArrowDown');
  assert.notDeepEqual(await engineCells(page), before, 'play goes on');

  // The URL parameter works too.
  await page.goto(`${env.url}?cells=${NEAR_WIN}&seed=1&mode=endless`);
  await ready(page);
  await page.keyboard.press('ArrowLeft');
  await settle(page); // as above
  assert.equal(await page.locator('.g2048 .message').isVisible(), false);
  await done();
});

test('game over after one move; Undo from the game-over screen works', async () => {
  const { page, done } = await openPage(env, `?cells=${NEAR_LOSS}&seed=2`);
  const start = await engineCells(page);
  const message = page.locator('.g2048 .message');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await message.isVisible(), true, 'game-over message shown');
  assert.match(await message.textContent(), /Game over/);
  assert.equal(await page.locator('.g2048 .retry-button').isVisible(), true);
  assert.equal(await page.locator('.g2048 .keep-going-button').isVisible(), false);
  assert.match(await page.textContent('.g2048 [aria-live]'), /Game over/);
  await screenshot(page, 'game-over');

  await page.locator('.g2048 .message-undo-button').click();
  assert.equal(await message.isVisible(), false, 'message gone after Undo');
  assert.deepEqual(await engineCells(page), start, 'board back to before the last move');
  assert.deepEqual((await domBoard(page)).cells, start, 'DOM back too');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await message.isVisible(), true, 'and the game can be lost again');

  await page.locator('.g2048 .retry-button').click();
  assert.equal(await message.isVisible(), false);
  assert.equal((await domBoard(page)).tiles, 2, '"Try again" starts a new game');
  await done();
});
