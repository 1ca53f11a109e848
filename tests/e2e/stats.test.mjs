// Statistics: a finished game counts for whoever finished it (a person or the AI), per
// size and mode; the panel shows the figures and a histogram; reset asks first; corrupt
// stored statistics are backed up and reset with a notice.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPage, cellsParam, screenshot, choose } from './helpers.mjs';

const env = setup();
const NEAR_LOSS = cellsParam([[2, 0, 4, 8], [16, 32, 64, 128], [2, 4, 8, 16], [32, 64, 128, 256]]);
const stored = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('game2048:stats')));
const cell = (page, row, who) => page.textContent(`.g2048 .stats-${row} .stats-${who}`);

test('a game finished by a person and one finished by the AI count apart; the panel shows them; reset asks', async () => {
  const { page, done } = await openPage(env, `?cells=${NEAR_LOSS}&seed=2`, { contextOptions: { viewport: { width: 1280, height: 800 } } });
  await page.keyboard.press('ArrowLeft');
  await page.waitForSelector('.g2048 .message-over');
  let stats = await stored(page);
  assert.deepEqual(stats.boards['4:classic'].human, { played: 1, won: 0, best: stats.boards['4:classic'].human.best, largest: 256, tiles: { 256: 1 } });
  assert.equal(stats.boards['4:classic'].ai.played, 0);

  // The AI finishes the next one (Undo, then Start AI: it plays to the end).
  await page.locator('.g2048 .message-undo-button').click();
  await choose(page, 'strategy', 'random');
  await choose(page, 'speed', 'max');
  await page.locator('.g2048 .ai-toggle').click();
  await page.waitForSelector('.g2048 .message-over', { timeout: 60000 });
  stats = await stored(page);
  assert.equal(stats.boards['4:classic'].ai.played, 1);
  assert.equal(stats.boards['4:classic'].human.played, 1);

  // The panel: figures and a histogram.
  await page.locator('.g2048 .stats-button').click();
  const panel = page.locator('.g2048 .stats-dialog');
  await panel.waitFor(); // its module loads when first opened
  assert.match(await panel.textContent(), /4 × 4, Classic/);
  assert.equal(await cell(page, 'played', 'human'), '1');
  assert.equal(await cell(page, 'played', 'ai'), '1');
  assert.equal(await cell(page, 'largest', 'human'), '256');
  assert.equal(await panel.locator('svg .stats-bar-human').count(), 1);
  assert.equal(await panel.locator('svg .stats-bar-ai').count(), 1);
  await screenshot(page, 'stats');

  // Reset asks; Cancel keeps the figures, OK clears them.
  await page.locator('.g2048 .stats-reset').click();
  await page.locator('.g2048 .confirm-dialog').waitFor(); // the question's module loads when first asked
  await page.locator('.g2048 .dialog-cancel').click();
  await page.locator('.g2048 .confirm-dialog').waitFor({ state: 'hidden' });
  assert.equal((await stored(page)).boards['4:classic'].human.played, 1, 'Cancel keeps the figures');
  await page.locator('.g2048 .stats-reset').click();
  await page.locator('.g2048 .dialog-ok').click();
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('game2048:stats')).boards['4:classic'] === undefined);
  await page.waitForFunction(() => document.querySelector('.g2048 .stats-played .stats-human')?.textContent === '0');
  await page.keyboard.press('Escape');
  assert.equal(await panel.isVisible(), false);
  await done();
});

for (const [what, value] of [['garbage', '{not json'], ['a bad figure', JSON.stringify({ version: 1, boards: { '4:classic': { human: { played: -1, won: 0, best: 0, largest: 0, tiles: {} } } } })]]) {
  test(`corrupt statistics (${what}): a notice, a backup, and counting starts again`, async () => {
    const init = `localStorage.setItem('game2048:stats', ${JSON.stringify(value)})`;
    const { page, done } = await openPage(env, `?cells=${NEAR_LOSS}&seed=2`, { initScript: init });
    const notice = page.locator('.g2048 .notice');
    await notice.waitFor();
    assert.match(await notice.textContent(), /statistics could not be read/);
    const backups = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('game2048:backup:')));
    assert.equal(backups.length, 1);
    assert.equal(await page.evaluate((k) => localStorage.getItem(k), backups[0]), value, 'the old data is kept');
    // Only the first load sees it (the init script sets it again on reload: take it away).
    await page.keyboard.press('ArrowLeft');
    await page.waitForSelector('.g2048 .message-over');
    assert.equal((await stored(page)).boards['4:classic'].human.played, 1, 'counting starts again');
    await done();
  });
}
