// Playing: first render, keys, merges, the score pop, undo, modifiers, swipes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPage, ready, domBoard, engineCells, score, settle, screenshot, cellsParam } from './helpers.mjs';

const env = setup();

test('first render shows exactly two tiles on a 4x4 board', async () => {
  const { page, done } = await openPage(env);
  const board = await domBoard(page);
  assert.equal(board.size, 4);
  assert.equal(board.tiles, 2);
  assert.equal(board.cells.filter(Boolean).length, 2);
  assert.ok(board.cells.every((v) => v === 0 || v === 2 || v === 4));
  assert.deepEqual(board.cells, await engineCells(page));
  assert.equal(await score(page), 0);
  await screenshot(page, 'start');
  await done();
});

test('arrow keys and WASD move tiles (position classes change) and update the score', async () => {
  const { page, done } = await openPage(env, null);
  const horizontal = cellsParam([[0, 0, 0, 0], [0, 2, 2, 0], [0, 0, 0, 0], [0, 0, 0, 0]]);
  const vertical = cellsParam([[0, 0, 0, 0], [0, 2, 0, 0], [0, 2, 0, 0], [0, 0, 0, 0]]);
  const cases = [
    ['ArrowLeft', horizontal, '1-0'], ['ArrowRight', horizontal, '1-3'], ['ArrowUp', vertical, '0-1'], ['ArrowDown', vertical, '3-1'],
    ['a', horizontal, '1-0'], ['d', horizontal, '1-3'], ['w', vertical, '0-1'], ['s', vertical, '3-1'],
  ];
  for (const [key, cells, expected] of cases) {
    await page.goto(`${env.url}?size=4&seed=9&cells=${cells}`);
    await ready(page);
    const sources = page.locator('.g2048 .tile-2');
    assert.equal(await sources.count(), 2);
    const first = await sources.first().elementHandle();
    await page.keyboard.press(key);
    assert.match(await first.getAttribute('class'), new RegExp(`tile-pos-${expected}\\b`), `${key}: the sliding tile's position class changed`);
    const merged = await page.locator('.g2048 .tile-4.tile-merged').getAttribute('class');
    assert.match(merged, new RegExp(`tile-pos-${expected}\\b`), `${key}: merged tile at ${expected}`);
    assert.equal(await score(page), 4, `${key}: score updated`);
    await settle(page); // the merge's clean-up done: the merged-away tile removed
    assert.deepEqual((await domBoard(page)).cells, await engineCells(page), `${key}: DOM equals engine`);
  }
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowLeft');
  await screenshot(page, 'mid-game'); // settles first
  await done();
});

test('a merge pops the merged tile and shows +N with the points gained', async () => {
  const start = cellsParam([[4, 4, 8, 8], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]);
  const { page, done } = await openPage(env, `?cells=${start}&seed=3`);
  await page.keyboard.press('ArrowLeft');
  const merged = await page.$$eval('.g2048 .tile-merged', (els) => els.map((e) => e.className));
  assert.equal(merged.length, 2, 'two merged tiles');
  assert.ok(merged.some((c) => /\btile-8\b/.test(c) && /\btile-pos-0-0\b/.test(c)), merged.join(' | '));
  assert.ok(merged.some((c) => /\btile-16\b/.test(c) && /\btile-pos-0-1\b/.test(c)), merged.join(' | '));
  assert.equal(await page.textContent('.g2048 .score .score-addition'), '+24');
  assert.equal(await score(page), 24);
  assert.equal(await page.locator('.g2048 .tile-new').count(), 1, 'one spawned tile');
  await settle(page); // the merge's clean-up done: what is asserted next
  const board = await domBoard(page);
  assert.equal(board.tiles, 3, 'merged-away source tiles are removed');
  assert.deepEqual(board.cells, await engineCells(page));
  // Announced for screen readers.
  assert.match(await page.textContent('.g2048 [aria-live]'), /Score 24/);
  await done();
});

test('undo restores the previous board and score, as far back as moves were played', async () => {
  const start = cellsParam([[2, 2, 0, 0], [0, 0, 0, 0], [0, 0, 0, 4], [0, 0, 0, 0]]);
  const { page, done } = await openPage(env, `?cells=${start}&seed=11`);
  const undo = page.locator('.g2048 .undo-button');
  assert.equal(await undo.isDisabled(), true, 'nothing to undo at first');
  const history = [{ cells: await engineCells(page), score: 0 }];
  for (const key of ['ArrowLeft', 'ArrowDown', 'ArrowRight']) {
    await page.keyboard.press(key);
    history.push({ cells: await engineCells(page), score: await score(page) });
  }
  assert.equal(history[1].score, 4);
  await settle(page); // the undos start from a still board, as a player's do
  for (let i = history.length - 2; i >= 0; i--) {
    await undo.click();
    assert.deepEqual(await engineCells(page), history[i].cells, `undo back to move ${i}`);
    assert.deepEqual((await domBoard(page)).cells, history[i].cells, `DOM after undo to move ${i}`);
    assert.equal(await score(page), history[i].score);
  }
  assert.equal(await undo.isDisabled(), true, 'all the way back');
  await done();
});

test('Ctrl/Alt/Meta + arrow keys are left to the browser', async () => {
  const { page, done } = await openPage(env, `?cells=${cellsParam([[0, 0, 0, 0], [0, 2, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])}`);
  const before = await engineCells(page);
  for (const key of ['Control+ArrowLeft', 'Control+ArrowUp', 'Alt+ArrowRight', 'Meta+ArrowDown', 'Control+a']) {
    await page.keyboard.press(key);
  }
  assert.deepEqual(await engineCells(page), before);
  assert.equal(await page.locator('.g2048 .tile').count(), 1);
  await page.keyboard.press('ArrowLeft');
  assert.notDeepEqual(await engineCells(page), before, 'a plain arrow still moves');
  await done();
});

test('a swipe (pointer drag) on the board moves the tiles', async () => {
  const { page, done } = await openPage(env, `?cells=${cellsParam([[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 2]])}&seed=5`);
  const box = await page.locator('.g2048 .board').boundingBox();
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.8, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, y, { steps: 4 });
  await page.mouse.move(box.x + box.width * 0.2, y, { steps: 4 });
  await page.mouse.up();
  const cells = await engineCells(page);
  assert.equal(cells[12], 2, 'the tile slid to the left edge');
  await done();
});

test('accessibility: live region, board description, real buttons reachable by Tab', async () => {
  const { page, done } = await openPage(env, `?cells=${cellsParam([[2, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 4], [0, 0, 0, 0]])}`);
  assert.equal(await page.locator('.g2048 [aria-live]').count() >= 1, true);
  const label = await page.getAttribute('.g2048 .board', 'aria-label');
  assert.match(label, /4 by 4/);
  assert.match(label, /Row 1: 2, empty, empty, empty\./);
  assert.match(label, /Row 3: empty, empty, empty, 4\./);
  // A move first, so that Undo is enabled (a disabled button is rightly not reachable).
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.locator('.g2048 .undo-button').isDisabled(), false);
  // Tab from the top of the page: the shared header's links, then the game's buttons.
  const reached = new Set();
  for (let i = 0; i < 30 && ![...reached].some((r) => /\bchoice\b/.test(r)); i++) {
    await page.keyboard.press('Tab');
    reached.add(await page.evaluate(() => `${document.activeElement.tagName}:${document.activeElement.textContent}`));
    reached.add(await page.evaluate(() => document.activeElement.className));
  }
  assert.ok(reached.has('BUTTON:New game'), [...reached].join(', '));
  assert.ok(reached.has('BUTTON:Undo'), `header buttons: ${[...reached].join(', ')}`);
  assert.ok([...reached].some((r) => /\bchoice\b/.test(r)), 'the speed\'s buttons are reachable too');
  // Buttons are real <button>s; settings say which choice is on.
  assert.equal(await page.locator('.g2048 .settings .choice[aria-pressed="true"]').count(), 3, 'size, mode, theme');
  assert.equal(await page.locator('.g2048 .ai .setting-speed .choice[aria-pressed="true"]').count(), 1, 'the AI\'s speed');
  await done();
});

// The other browser tests run with reduced motion (helpers.mjs); here both preferences.
for (const [reducedMotion, slides] of [['no-preference', true], ['reduce', false]]) {
  test(`prefers-reduced-motion: ${reducedMotion}: the tiles ${slides ? 'slide and pop' : 'jump, with no slide or pop'}`, async () => {
    const { page, done } = await openPage(env, `?cells=${cellsParam([[2, 2, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])}`, {
      contextOptions: { reducedMotion },
    });
    await page.keyboard.press('ArrowLeft');
    const styles = await page.evaluate(() => {
      const tile = document.querySelector('.g2048 .tile-merged');
      return {
        transition: getComputedStyle(tile).transitionDuration,
        animation: getComputedStyle(tile.querySelector('.tile-inner')).animationName,
      };
    });
    if (slides) {
      assert.notEqual(styles.transition, '0s', 'the tiles slide');
      assert.equal(styles.animation, 'g2048-pop', 'a merged tile pops');
    } else {
      assert.deepEqual(styles, { transition: '0s', animation: 'none' });
    }
    await done();
  });
}

test('fits a 360px-wide phone without horizontal scrolling', async () => {
  const { page, done } = await openPage(env, '?size=8', { contextOptions: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } });
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    board: document.querySelector('.g2048 .board').getBoundingClientRect().width,
  }));
  assert.ok(widths.scroll <= 360, `page is ${widths.scroll}px wide`);
  assert.ok(widths.board > 300, `board is ${widths.board}px wide`);
  await screenshot(page, 'phone-8x8');
  await done();
});

test('a bad cells parameter falls back to a new game with a notice', async () => {
  const { page, done } = await openPage(env, '?cells=2,2,banana&size=4');
  assert.equal((await domBoard(page)).tiles, 2);
  assert.match(await page.textContent('.g2048 .notice'), /not accepted/);
  await done();
});
