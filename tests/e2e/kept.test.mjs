// Your games, kept to review: a finished game is listed in Stats and, after a reload, on the
// replay page (which opens on that list and the game in progress, not on an error), one click
// from its replay and its review; Clear asks first; a full storage keeps the game in progress
// and says what it could not keep.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPage, ready, cellsParam, engineCells, saved } from './helpers.mjs';

const env = setup();
const NEAR_LOSS = cellsParam([[2, 0, 4, 8], [16, 32, 64, 128], [2, 4, 8, 16], [32, 64, 128, 256]]);
const replayReady = (page) => page.waitForSelector('body[data-ready]');
const replayCells = async (page) => (await page.getAttribute('.replay .board', 'data-cells')).split(',').map(Number);

test('a finished game is kept: Stats lists it; after a reload the replay page lists it, and it replays and reviews from there; Clear asks', async () => {
  const { page, done } = await openPage(env, `?cells=${NEAR_LOSS}&seed=2`);
  await page.keyboard.press('ArrowLeft');
  await page.waitForSelector('.g2048 .message-over');
  const final = await engineCells(page);
  const points = Number(await page.textContent('.g2048 .score-value'));

  await page.locator('.g2048 .stats-button').click();
  const row = page.locator('.g2048 .stats-kept .kept-game');
  await row.waitFor();
  assert.equal(await row.count(), 1);
  assert.equal(await row.locator('.kept-score').textContent(), points.toLocaleString('en'));
  assert.equal(await row.locator('.kept-largest').textContent(), '256');
  assert.match(await row.locator('.kept-board').textContent(), /^4×4 Classic best[A-Z][a-z]{2} \d+, \d\d:\d\d: 1 move by you$/);
  await page.keyboard.press('Escape');

  // After a reload, from the site's menu: the list, not an error.
  await page.reload();
  await ready(page);
  await page.locator('.site-nav a[href="replay.html"]').click();
  await replayReady(page);
  assert.equal(await page.locator('.record-problem').isVisible(), false, 'no error');
  const listed = page.locator('.your-games .kept-game');
  assert.equal(await listed.count(), 1);
  await listed.locator('.kept-replay').click();
  await page.waitForSelector('.replay .board[data-position="1"]');
  assert.deepEqual(await replayCells(page), final, 'the replay ends on the finished board');

  await page.goBack();
  await page.waitForSelector('.your-games:not([hidden]) .kept-review');
  await page.locator('.your-games .kept-review').click();
  await page.waitForSelector('.review');
  await page.selectOption('.review-budget', 'fast');
  await page.locator('.review-start').click();
  await page.waitForSelector('.review.review-done', { timeout: 60000 });
  assert.equal(await page.locator('.review-row').count(), 1, 'its one move reviewed');

  // Clear, beside Stats' reset: Cancel keeps the list, Clear empties it.
  await page.goto(env.url);
  await ready(page);
  await page.locator('.g2048 .stats-button').click();
  await page.locator('.g2048 .kept-clear').click();
  await page.locator('.g2048 .dialog-cancel').click();
  assert.equal(await page.locator('.g2048 .stats-kept .kept-game').count(), 1, 'Cancel keeps them');
  await page.locator('.g2048 .kept-clear').click();
  await page.locator('.g2048 .dialog-ok').click();
  await page.locator('.g2048 .stats-kept .kept-empty').waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('game2048:kept')), null);
  await done();
});

test('the replay page with no link opens on the game in progress; kept games it cannot read are named and left as they are', async () => {
  const { page, done } = await openPage(env, '?seed=5', { initScript: "if (!localStorage.getItem('game2048:kept')) localStorage.setItem('game2048:kept', '{broken')" });
  for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp']) await page.keyboard.press(key);
  await saved(page);
  const cells = await engineCells(page);
  const moves = await page.evaluate(() => JSON.parse(JSON.parse(localStorage.getItem('game2048:game')).game).moves);
  await page.goto(`${env.url}replay.html`);
  await replayReady(page);
  assert.match(await page.textContent('.your-games-current'), new RegExp(`Your game in progress: 4×4 Classic, score [\\d,]+ after ${moves} moves`));
  assert.match(await page.textContent('.your-games .kept-problem'), /Your kept games could not be read \(the kept games are not valid JSON\)/);
  assert.equal(await page.evaluate(() => localStorage.getItem('game2048:kept')), '{broken', 'left as it is');
  await page.locator('.current-replay').click();
  await page.waitForSelector(`.replay .board[data-position="${moves}"]`);
  assert.deepEqual(await replayCells(page), cells);
  await done();
});

test('a storage that refuses the kept games (QuotaExceededError): the game in progress is saved, and the page says what it could not keep', async () => {
  const { page, done } = await openPage(env, null, {
    initScript: () => {
      const set = Storage.prototype.setItem;
      Storage.prototype.setItem = function setItem(key, value) {
        if (key === 'game2048:kept') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return set.call(this, key, value);
      };
    },
  });
  await page.goto(`${env.url}?cells=${NEAR_LOSS}&seed=2`);
  await ready(page);
  await page.keyboard.press('ArrowLeft');
  await page.waitForSelector('.g2048 .message-over');
  const notice = page.locator('.g2048 .notice');
  await notice.waitFor();
  assert.match(await notice.textContent(), /this game \(4×4 Classic, score [\d,]+\) could not be kept to review: the browser's storage is full/);
  assert.doesNotMatch(await notice.textContent(), /will not be saved/, 'storage stays on for the game');
  // The next game is saved as it is played, and comes back after a reload.
  await page.locator('.g2048 .new-button').click();
  for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight']) await page.keyboard.press(key);
  await saved(page);
  const cells = await engineCells(page);
  await page.goto(env.url);
  await ready(page);
  assert.deepEqual(await engineCells(page), cells, 'the game in progress is back');
  await done();
});

test('a full storage (QuotaExceededError past a size): kept games are let go, oldest first, so the game in progress is saved', async () => {
  // Three kept games of 32,000 characters each, and a storage that holds 100,000 characters.
  const game = (i) => ({ record: `2048r1.${'A'.repeat(32000)}`, size: 4, mode: 'classic', score: 100 + i, largest: 64, moves: 10, by: 'human', date: 1000 + i });
  const kept = JSON.stringify({ version: 1, games: [game(3), game(2), game(1)] });
  const { page, done } = await openPage(env, null, {
    initScript: `
      const set = Storage.prototype.setItem;
      const total = (s, key, value) => Object.keys(s).reduce((n, k) => n + (k === key ? 0 : k.length + s.getItem(k).length), key.length + value.length);
      Storage.prototype.setItem = function setItem(key, value) {
        if (total(this, key, String(value)) > 100000) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return set.call(this, key, value);
      };
      if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1'); localStorage.setItem('game2048:kept', ${JSON.stringify(kept)}); }`,
  });
  await page.goto(`${env.url}?size=8&seed=9`);
  await ready(page);
  for (let i = 0; i < 40; i++) await page.keyboard.press(['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown'][i % 4]);
  await saved(page);
  const notice = page.locator('.g2048 .notice');
  await notice.waitFor();
  assert.match(await notice.textContent(), /storage is full: your (oldest kept game was|\d+ oldest kept games were) let go to save the game in progress/);
  const left = await page.evaluate(() => JSON.parse(localStorage.getItem('game2048:kept')).games.map((g) => g.score));
  assert.ok(left.length < 3 && left[0] === 103, `the newest stay: ${left}`);
  const cells = await engineCells(page);
  await page.goto(env.url);
  await ready(page);
  assert.deepEqual(await engineCells(page), cells, 'the game in progress is back');
  await done();
});
