// The layout at a desktop size (1280x800) and a phone's (390x844), the settings and
// help dialogs, the keyboard shortcuts, and screenshots of every page at both sizes in
// light and dark (tests/screenshots/page-*.png).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPage, ready, engineCells, screenshot, docShot, quiet, WORKER_SPY, SHOTS_WANTED } from './helpers.mjs';

const env = setup();
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
// The pictures of the game in README.md and docs/play.md (`make screenshots` writes them there).

// Each selector's box, and whether it lies inside the viewport (visible, not clipped by it).
function boxes(page, selectors) {
  return page.evaluate((sels) => Object.fromEntries(sels.map((s) => {
    const node = document.querySelector(s);
    if (!node) return [s, { found: false }];
    const r = node.getBoundingClientRect();
    const inside = r.width > 0 && r.height > 0 && r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight;
    return [s, { found: true, inside, left: r.left, right: r.right, top: r.top, bottom: r.bottom }];
  })), selectors);
}

const DESKTOP_PARTS = [
  '.g2048 .board-wrap', '.g2048 .score', '.g2048 .best', '.g2048 .undo-button', '.g2048 .new-button',
  '.g2048 .ai-toggle', '.g2048 .ai-step', '.g2048 .ai-hint', '.g2048 .ai .setting-speed', '.g2048 .setting-strategy',
  '.g2048 .setting-strength', '.g2048 .ai-strength-line', '.g2048 .ai-stats', '.g2048 .ai-values', '.g2048 .settings-button',
];
// The site's font (style.css): every page's text is set in it.
const SITE_FONT = /^"Clear Sans", "Helvetica Neue", Arial/;

// Text cut off inside `root` (a selector): elements whose content overflows their box, and
// text that runs past the window's right edge.
function clipped(page, root) {
  return page.evaluate((sel) => [...document.querySelectorAll(`${sel} :is(button, label, dt, dd, p, summary, span, h1, h2, a, select)`)]
    .filter((n) => n.getClientRects().length && n.closest('[hidden], .sr-only, details:not([open]) > :not(summary)') === null)
    .filter((n) => {
      const r = n.getBoundingClientRect();
      const overflows = n.tagName !== 'SELECT' && getComputedStyle(n).overflow !== 'visible'
        && (n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 1);
      return overflows || r.right > innerWidth + 0.5 || (n.tagName === 'BUTTON' && (n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 1));
    })
    .map((n) => `${n.tagName.toLowerCase()}.${n.className}: "${n.textContent.slice(0, 40)}"`), root);
}

test('1280x800: while the AI plays, the whole AI panel, its speed and live figures included, sits beside the board without scrolling', async () => {
  // A game well under way (the picture in README.md shows it), in Endless mode: reaching 2048
  // does not pause the AI, however long the test runs.
  const { page, done } = await openPage(env, '?seed=3&mode=endless&cells=1024,512,256,128,8,16,32,64,4,2,0,0,2,0,0,0', { contextOptions: { viewport: DESKTOP }, initScript: WORKER_SPY });
  await page.locator('.g2048 .more-button').waitFor(); // the explanation is in
  await page.locator('.g2048 .ai-toggle').click();
  // Playing, with its figures drawn and the words on the rung the speed chose.
  await page.waitForFunction(() => /\d/.test(document.querySelector('.g2048 .ai-mps dd').textContent)
    && document.querySelector('.g2048 .ai-fit').textContent, null, { timeout: 20000 });
  const found = await boxes(page, DESKTOP_PARTS);
  for (const [sel, b] of Object.entries(found)) assert.ok(b.found && b.inside, `${sel} inside the viewport: ${JSON.stringify(b)}`);
  const board = found['.g2048 .board-wrap'];
  const ai = (await boxes(page, ['.g2048 .ai']))['.g2048 .ai'];
  assert.ok(ai.inside, `the whole AI panel inside the viewport: ${JSON.stringify(ai)}`);
  assert.ok(ai.left >= board.right, 'the AI panel is beside the board');
  assert.ok(board.right - board.left >= 400, 'the board keeps its size');
  assert.ok(await page.evaluate(() => document.documentElement.scrollHeight <= innerHeight), 'no scrolling');
  // The first row: Start AI (now Stop), Step, Hint and the speed, on one line.
  const row = await boxes(page, ['.g2048 .ai-toggle', '.g2048 .ai-hint', '.g2048 .ai .setting-speed']);
  assert.ok(Math.abs(row['.g2048 .ai-toggle'].top - row['.g2048 .ai .setting-speed'].top) < 4, `one row: ${JSON.stringify(row)}`);
  // The player and the strength are one picker each, with one line under each.
  assert.equal(await page.locator('.g2048 .setting-strategy select').count(), 1);
  assert.equal(await page.locator('.g2048 .setting-strength select').count(), 1);
  assert.deepEqual(await clipped(page, '.g2048 .game'), [], 'text cut off');
  await docShot(page, 'screenshot.png', { animations: 'disabled' });
  // The explanation (loaded after the first board: "more" shows once it is there) is one
  // short sentence; "more" shows the rest.
  const short = await page.textContent('.g2048 .ai-explanation-short');
  assert.ok(short.length <= 100 && short.split(/[.!?](\s|$)/).filter((x) => x && x.trim()).length <= 1, short);
  assert.equal(await page.locator('.g2048 .ai-explanation-rest').isVisible(), false);
  await page.locator('.g2048 .more-button').click();
  assert.equal(await page.locator('.g2048 .ai-explanation-rest').isVisible(), true);
  assert.equal(await page.getAttribute('.g2048 .more-button', 'aria-expanded'), 'true');
  await page.locator('.g2048 .ai-toggle').click();
  await done();
});

test('390x844: the score, the board, Start AI and the speed on the first screen; the player and strength fold, and the page remembers the fold', async () => {
  const { page, done } = await openPage(env, '', { contextOptions: { viewport: PHONE, isMobile: true, hasTouch: true, colorScheme: 'dark' } });
  await docShot(page, 'screenshot-phone.png', { animations: 'disabled' });
  const first = ['.g2048 .board-wrap', '.g2048 .score', '.g2048 .ai-toggle', '.g2048 .ai .setting-speed'];
  let found = await boxes(page, first);
  for (const [sel, b] of Object.entries(found)) assert.ok(b.found && b.inside, `${sel} inside the viewport: ${JSON.stringify(b)}`);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'no horizontal scrolling');
  // Folded at first: one tap opens the player and strength, another folds them.
  const fold = page.locator('.g2048 .ai-fold-button');
  assert.equal(await fold.getAttribute('aria-expanded'), 'false');
  assert.equal(await page.locator('.g2048 .setting-strategy').isVisible(), false);
  const folded = await page.evaluate(() => document.documentElement.scrollHeight);
  await fold.tap();
  assert.equal(await fold.getAttribute('aria-expanded'), 'true');
  assert.equal(await page.locator('.g2048 .setting-strategy').isVisible(), true);
  assert.equal(await page.locator('.g2048 .setting-strength').isVisible(), true);
  assert.ok(await page.evaluate(() => document.documentElement.scrollHeight) > folded);
  // No words cut off, unfolded too.
  assert.deepEqual(await clipped(page, '.g2048 .game'), [], 'text cut off');
  // The page remembers the fold (its saved settings).
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('game2048:settings'))?.aiPanelOpen === true);
  await page.reload();
  await ready(page);
  assert.equal(await page.locator('.g2048 .setting-strategy').isVisible(), true, 'still open after a reload');
  found = await boxes(page, first);
  for (const [sel, b] of Object.entries(found)) assert.ok(b.found && b.inside, `${sel} inside the viewport, unfolded: ${JSON.stringify(b)}`);
  await fold.tap();
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('game2048:settings'))?.aiPanelOpen === false);
  await page.reload();
  await ready(page);
  assert.equal(await page.locator('.g2048 .setting-strategy').isVisible(), false, 'folded again after a reload');
  await done();
});

test('the AI panel by keyboard: Tab reaches every control of it, each with a name; a picker keeps the arrow keys for the tiles', async () => {
  const { page, done } = await openPage(env, '?seed=9', { contextOptions: { viewport: DESKTOP } });
  await page.locator('.g2048 .more-button').waitFor();
  const reached = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const at = await page.evaluate(() => {
      const a = document.activeElement;
      if (!a?.closest('.ai')) return null;
      const name = a.labels?.[0]?.textContent ?? a.getAttribute('aria-label') ?? a.textContent;
      return `${a.tagName.toLowerCase()}:${name.trim()}`;
    });
    if (at && !reached.includes(at)) reached.push(at);
  }
  assert.deepEqual(reached, [
    'button:Start AI', 'button:Step', 'button:Hint', 'button:Watch', 'button:Fast', 'button:Faster', 'button:Max',
    'select:Player', 'button:more', 'select:Strength', 'summary:Every strength, measured',
  ]);
  // The speed's buttons are named as a group.
  assert.equal(await page.evaluate(() => {
    const group = document.querySelector('.g2048 .ai .setting-speed');
    return `${group.getAttribute('role')}:${document.getElementById(group.getAttribute('aria-labelledby')).textContent}`;
  }), 'group:Speed');
  // A picker with the focus: the arrow keys move the tiles, the pick stays.
  await page.locator('.g2048 .setting-strength select').focus();
  const before = await engineCells(page);
  for (const key of ['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight']) await page.keyboard.press(key);
  assert.notDeepEqual(await engineCells(page), before, 'the tiles moved');
  assert.equal(await page.inputValue('.g2048 .setting-strength select'), 'auto');
  await done();
});

test('every page is set in the site\'s font and colours, light and dark: the learn page as the game page', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const { page, done } = await openPage(env, null, { contextOptions: { viewport: DESKTOP, colorScheme } });
    const looks = async () => page.evaluate(() => {
      const style = (sel) => getComputedStyle(document.querySelector(sel));
      return {
        body: style('body').fontFamily, h1: style('h1').fontFamily, button: style('button.btn').fontFamily,
        background: style('body').backgroundColor, text: style('h1').color, header: style('.site-header').backgroundColor,
        buttonBackground: style('button.btn').backgroundColor,
      };
    });
    await page.goto(env.url);
    await ready(page);
    const game = await looks();
    assert.match(game.body, SITE_FONT);
    for (const path of ['learn.html', 'compare.html', 'replay.html', 'editor.html']) {
      await page.goto(env.url + path);
      await page.waitForSelector('h1');
      await page.waitForSelector('button.btn');
      const other = await looks();
      for (const key of ['body', 'h1', 'button']) assert.match(other[key], SITE_FONT, `${path} ${key} in ${colorScheme}`);
      for (const key of ['background', 'text', 'header', 'buttonBackground']) assert.equal(other[key], game[key], `${path}: ${key} as the game page's, in ${colorScheme}`);
    }
    // The learn page's board is the game's board view; its curves have titled axes.
    assert.equal(await page.evaluate(() => location.pathname.endsWith('editor.html')), true);
    await page.goto(`${env.url}learn.html`);
    await page.waitForSelector('.learn-watch .board-wrap .board[role="img"]');
    const titles = await page.$$eval('.learn-curve .axis-title', (ts) => ts.map((t) => t.textContent));
    assert.deepEqual(titles, ['mean score (points)', 'games played', 'games reaching the tile (%)', 'games played']);
    await done();
  }
});

test('settings and help: dialogs reached by keyboard, closed with Escape', async () => {
  const { page, done } = await openPage(env, '', { contextOptions: { viewport: DESKTOP } });
  const settings = page.locator('.g2048 .settings-dialog');
  const help = page.locator('.g2048 .help-dialog');
  // Tab to the Settings button, Enter opens it; Escape closes.
  let reached = false;
  for (let i = 0; i < 12 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await page.evaluate(() => document.activeElement?.classList.contains('settings-button'));
  }
  assert.ok(reached, 'Settings is reachable with Tab');
  await page.keyboard.press('Enter');
  assert.equal(await settings.isVisible(), true);
  for (const name of ['size', 'mode', 'theme']) {
    assert.equal(await settings.locator(`.setting-${name}`).isVisible(), true, `${name} is in the settings`);
  }
  assert.equal(await settings.locator('.setting-speed').count(), 0, 'the speed is on the AI panel');
  const before = await engineCells(page);
  await page.keyboard.press('ArrowLeft'); // keys belong to the dialog while it is open
  assert.deepEqual(await engineCells(page), before);
  await page.keyboard.press('Escape');
  assert.equal(await settings.isVisible(), false, 'Escape closes the settings');
  await page.keyboard.press('o');
  assert.equal(await settings.isVisible(), true, '"o" opens the settings');
  await page.keyboard.press('Escape');
  await page.keyboard.press('?');
  assert.equal(await help.isVisible(), true, '"?" opens the list of keys');
  const listed = await help.locator('.shortcut').allTextContents();
  for (const what of ['Undo', 'New game', 'Start or stop the AI', 'Step', 'Hint', 'Settings']) {
    assert.ok(listed.some((t) => t.includes(what)), `${what} is listed: ${listed.join(' | ')}`);
  }
  await page.keyboard.press('Escape');
  assert.equal(await help.isVisible(), false);
  await done();
});

// Plays until a key changes the board; returns the key.
async function someMove(page) {
  for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown']) {
    const before = (await engineCells(page)).join();
    await page.keyboard.press(key);
    if ((await engineCells(page)).join() !== before) return key;
  }
  throw new Error('no move');
}

test('shortcuts: undo, new game, start/stop AI, step, hint; arrows from any control; none in a text field or with a modifier', async () => {
  const { page, done } = await openPage(env, '?seed=7', { contextOptions: { viewport: DESKTOP }, initScript: WORKER_SPY, clock: true });
  // Arrow keys move the tiles while a control (the player's picker) has the focus; the pick stays.
  await page.locator('.g2048 .setting-strategy select').focus();
  await someMove(page);
  assert.equal(await page.inputValue('.g2048 .setting-strategy select'), 'best');
  const afterMove = await engineCells(page);
  assert.equal(await page.locator('.g2048 .undo-button').isDisabled(), false);
  // u: undo.
  await page.keyboard.press('u');
  assert.notDeepEqual(await engineCells(page), afterMove, 'u undid the move');
  assert.equal(await page.locator('.g2048 .undo-button').isDisabled(), true);
  // h: hint (a direction in the status line, no move).
  const start = await engineCells(page);
  await page.keyboard.press('h');
  await page.waitForFunction(() => /Hint: \w+/.test(document.querySelector('.g2048 .ai-status').textContent), null, { timeout: 15000 });
  assert.deepEqual(await engineCells(page), start);
  // t: one AI move.
  await page.keyboard.press('t');
  await page.waitForFunction((s) => document.querySelector('.g2048 .board').dataset.cells !== s, start.join(), { timeout: 15000 });
  // p: start, then stop, the AI.
  await page.keyboard.press('p');
  await page.waitForFunction(() => document.querySelector('.g2048 .ai-toggle').textContent === 'Stop');
  await page.keyboard.press('p');
  await page.waitForFunction(() => document.querySelector('.g2048 .ai-toggle').textContent === 'Start AI');
  // n: a new game (two tiles), once no move of the stopped AI can come (quiet) to add a third.
  await quiet(page);
  await page.keyboard.press('n');
  await page.waitForFunction(() => document.querySelectorAll('.g2048 .tile:not(.tile-leaving)').length === 2);
  await someMove(page);
  // In a text field, neither shortcuts nor arrows act; nor do shortcuts with Ctrl/Alt/Meta.
  await page.evaluate(() => {
    const input = document.createElement('input');
    input.className = 'typing';
    document.body.append(input);
  });
  const typed = await engineCells(page);
  await page.locator('input.typing').focus();
  for (const key of ['u', 'n', 'p', 't', 'h', 'o', '?', 'ArrowLeft', 'ArrowUp']) await page.keyboard.press(key);
  assert.equal(await page.inputValue('input.typing'), 'unptho?', 'the keys went into the field');
  assert.deepEqual(await engineCells(page), typed, 'no shortcut or move fired in the text field');
  assert.equal(await page.locator('.g2048 .settings-dialog').isVisible(), false);
  assert.equal(await page.locator('.g2048 .ai-toggle').textContent(), 'Start AI');
  await page.locator('.g2048 .title').click();
  for (const key of ['Alt+n', 'Alt+u', 'Control+o', 'Alt+p']) await page.keyboard.press(key);
  assert.deepEqual(await engineCells(page), typed, 'no shortcut with a modifier');
  assert.equal(await page.locator('.g2048 .ai-toggle').textContent(), 'Start AI');
  await done();
});

// Each page's colours, light and dark, are checked above ("every page is set in the site's font
// and colours"); the dark pass here is for the pictures alone.
test('every page at both sizes (and in pictures, light and dark); the compare table is not cut off', async () => {
  for (const colorScheme of SHOTS_WANTED ? ['light', 'dark'] : ['light']) {
    for (const [label, viewport] of [['1280', DESKTOP], ['390', PHONE]]) {
      const { page, done } = await openPage(env, null, { contextOptions: { viewport, colorScheme } });
      await page.goto(env.url);
      await ready(page);
      await screenshot(page, `page-game-${label}-${colorScheme}`);
      // The records' pages: the replay of this game (a few moves) and the editor.
      for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp']) await page.keyboard.press(key);
      await page.locator('.share-button').click();
      const link = await page.inputValue('.share-dialog[open] .share-link');
      await page.goto(link);
      await page.waitForSelector('body[data-ready] .replay .board[data-cells]');
      await screenshot(page, `page-replay-${label}-${colorScheme}`);
      await page.goto(`${env.url}editor.html`);
      await page.waitForSelector('.editor-page .board');
      await screenshot(page, `page-editor-${label}-${colorScheme}`);
      await page.goto(`${env.url}demo.html`);
      await page.waitForFunction(() => [...document.querySelectorAll('game-2048')].every((g) => g.shadowRoot?.querySelector('.board[data-cells]')));
      // The AI's board holds still for the picture (screenshot() waits for still boards).
      await page.evaluate(() => document.querySelector('#watch').stopAI());
      await screenshot(page, `page-demo-${label}-${colorScheme}`);
      await page.goto(`${env.url}compare.html`);
      await page.waitForSelector('[data-ready="true"]');
      await page.evaluate(() => {
        document.querySelector('.compare-games').value = '2';
      });
      await page.locator('.compare-run').click();
      await page.waitForSelector('.compare-table tbody tr', { timeout: 30000 });
      await page.waitForFunction(() => document.querySelector('.compare-count')?.textContent.startsWith('4 of 4'), null, { timeout: 30000 });
      if (label === '1280') {
        const cut = await page.evaluate(() => {
          const wrap = document.querySelector('.compare-table-wrap');
          const r = document.querySelector('.compare-table').getBoundingClientRect();
          return { scroll: wrap.scrollWidth > wrap.clientWidth, right: r.right, width: innerWidth };
        });
        assert.equal(cut.scroll, false, 'the table fits its box');
        assert.ok(cut.right <= cut.width, `the table ends inside the window: ${JSON.stringify(cut)}`);
      }
      await screenshot(page, `page-compare-${label}-${colorScheme}`);
      await page.goto(`${env.url}learn.html`);
      await page.waitForFunction(() => !document.querySelector('.learn-toggle').disabled, null, { timeout: 20000 });
      await screenshot(page, `page-learn-${label}-${colorScheme}`);
      await done();
    }
  }
});
