// Settings: board size (with the in-page confirmation), theme.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPage, ready, domBoard, saved, screenshot, choose, chosen } from './helpers.mjs';

const env = setup();

async function playUntilMoved(page) {
  for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown']) {
    const before = await page.getAttribute('.g2048 .board', 'data-cells');
    await page.keyboard.press(key);
    if ((await page.getAttribute('.g2048 .board', 'data-cells')) !== before) return;
  }
  throw new Error('no move possible');
}

test('switching size renders an n x n board after the confirmation dialog', async () => {
  const { page, done } = await openPage(env);
  await playUntilMoved(page);
  const dialog = page.locator('.g2048 .confirm-dialog');

  // Cancel keeps the game and the select goes back.
  const before = await page.getAttribute('.g2048 .board', 'data-cells');
  await choose(page, 'size', '5');
  assert.equal(await dialog.isVisible(), true, 'confirmation asked while a game is in progress');
  assert.match(await dialog.textContent(), /5 × 5/);
  await page.keyboard.press('ArrowLeft'); // no move while the dialog is open
  await page.locator('.g2048 .dialog-cancel').click();
  assert.equal(await dialog.isVisible(), false);
  assert.equal(await page.getAttribute('.g2048 .board', 'data-cells'), before, 'board unchanged');
  assert.equal(await chosen(page, 'size'), '4');

  // OK switches.
  await choose(page, 'size', '5');
  await page.locator('.g2048 .dialog-ok').click();
  let board = await domBoard(page);
  assert.equal(board.size, 5);
  assert.equal(await page.locator('.g2048 .grid .cell').count(), 25);
  assert.equal(board.tiles, 2);
  assert.ok(await page.evaluate(() => document.querySelector('.g2048').classList.contains('size-5')));

  // A fresh game (no move yet) switches without asking.
  await choose(page, 'size', '8');
  assert.equal(await dialog.isVisible(), false, 'no confirmation for an untouched game');
  board = await domBoard(page);
  assert.equal(board.size, 8);
  assert.equal(await page.locator('.g2048 .grid .cell').count(), 64);
  assert.equal(board.tiles, 2);
  assert.equal((await page.getAttribute('.g2048 .board', 'data-cells')).split(',').length, 64);
  // Tiles sit inside the board at every size.
  const inside = await page.evaluate(() => {
    const b = document.querySelector('.g2048 .board').getBoundingClientRect();
    return [...document.querySelectorAll('.g2048 .tile')].every((t) => {
      const r = t.getBoundingClientRect();
      return r.left >= b.left && r.right <= b.right + 0.5 && r.top >= b.top && r.bottom <= b.bottom + 0.5;
    });
  });
  assert.ok(inside);
  await playUntilMoved(page);
  await screenshot(page, '8x8');

  // The size is remembered.
  await saved(page);
  await page.reload();
  await ready(page);
  assert.equal((await domBoard(page)).size, 8);
  assert.equal(await chosen(page, 'size'), '8');
  await done();
});

test('theme switch changes the root theme class and is remembered', async () => {
  const { page, done } = await openPage(env, '', { contextOptions: { colorScheme: 'light' } });
  const classes = () => page.evaluate(() => [...document.querySelector('.g2048').classList].filter((c) => c.startsWith('theme-')));
  assert.deepEqual(await classes(), ['theme-light']);
  const lightBg = await page.evaluate(() => getComputedStyle(document.querySelector('.g2048 .board')).backgroundColor);
  await choose(page, 'theme', 'dark');
  assert.deepEqual(await classes(), ['theme-dark']);
  const darkBg = await page.evaluate(() => getComputedStyle(document.querySelector('.g2048 .board')).backgroundColor);
  assert.notEqual(darkBg, lightBg, 'the colours change');
  await playUntilMoved(page);
  await screenshot(page, 'dark-theme');
  await choose(page, 'theme', 'solarized');
  assert.deepEqual(await classes(), ['theme-solarized']);
  await screenshot(page, 'solarized-theme');
  await choose(page, 'theme', 'contrast');
  assert.deepEqual(await classes(), ['theme-contrast']);
  await screenshot(page, 'contrast-theme');
  await page.reload();
  await ready(page);
  assert.deepEqual(await classes(), ['theme-contrast'], 'remembered after reload');
  await done();
});

test('the first visit follows prefers-color-scheme', async () => {
  const { page, done } = await openPage(env, '', { contextOptions: { colorScheme: 'dark' } });
  assert.ok(await page.evaluate(() => document.querySelector('.g2048').classList.contains('theme-dark')));
  await done();
});
