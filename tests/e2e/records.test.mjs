// Game records on the page: Share gives a link to the replay, which ends on the
// game's board and score; undo inside the game (the replay follows the line played); a
// 20,000-move game (link, file); the replay's controls and keys; play on from a replay
// (the game in progress is replaced only when the player says so); the review; the board
// editor's hint and its impossible positions; every kind of bad link, file and record;
// the embed API (getRecord, loadRecord, the `record` event).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { crc32 } from 'node:zlib';
import { join } from 'node:path';
import { setup, openPage, ready, engineCells, score, settle, saved, screenshot, docShot, domBoard } from './helpers.mjs';
import { load } from '../node/wasm.mjs';
import { oddsLine } from '../../www/ai/stage-odds.js';

const env = setup();
const core = await load('game2048_records');
const DIRS = ['up', 'left', 'right', 'down'];
const KEYS = { up: 'ArrowUp', left: 'ArrowLeft', right: 'ArrowRight', down: 'ArrowDown' };

/** A record played in Node: first legal of up, left, right, down (cycled by move number). */
function played(size, seed, moves, mode = 'endless') {
  const g = new core.Game(size, seed, mode);
  for (let i = 0; i < moves && !g.over; i++) {
    for (let k = 0; k < 4; k++) if (g.move(DIRS[(i + k) % 4])) break;
  }
  const text = g.record();
  const result = { text, cells: Array.from(g.cells()), score: g.score, moves: g.moves };
  g.free();
  return result;
}

/** Plays `n` moves with the keys on the game page (a move that changes nothing is skipped). */
async function playKeys(page, n) {
  let made = 0;
  for (let i = 0; made < n && i < n * 8; i++) {
    const before = (await engineCells(page)).join();
    await page.keyboard.press(KEYS[DIRS[i % 4]]);
    if ((await engineCells(page)).join() !== before) made++;
  }
  assert.equal(made, n, `${n} moves played`);
}

const replayCells = async (page) => (await page.getAttribute('.replay .board', 'data-cells')).split(',').map(Number);
const replayPos = async (page) => Number(await page.getAttribute('.replay .board', 'data-position'));
const replayReady = (page) => page.waitForSelector('body[data-ready]');

async function shareLink(page) {
  await page.locator('.share-button').click();
  await page.waitForSelector('.share-dialog[open]');
  return page.inputValue('.share-dialog .share-link');
}

test('play 30 moves, share: the link opens the replay, which ends on the same board and score', async () => {
  const { page, context, done } = await openPage(env, '?seed=12');
  await playKeys(page, 30);
  const cells = await engineCells(page);
  const points = await score(page);
  const link = await shareLink(page);
  assert.match(link, /replay\.html#2048r1\.[A-Za-z0-9_-]+$/);
  assert.equal(await page.locator('.share-long').count(), 0, 'a short game has no long-link note');
  // Copy: the clipboard (granted here) gets the link.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.locator('.share-copy').click();
  await page.waitForSelector('.share-status:has-text("copied")');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
  await page.locator('.share-close').click();

  const other = await context.newPage();
  await other.goto(link);
  await replayReady(other);
  assert.equal(await replayPos(other), 30, 'the replay opens at its end');
  assert.deepEqual(await replayCells(other), cells, 'the same board');
  assert.equal(Number(await other.textContent('.replay .score .score-value')), points, 'the same score');
  assert.equal(await other.getAttribute('.replay-about', 'data-length'), '30');
  // Keys and controls: Home, →, End, ←, the jump field, the scrubber.
  await other.keyboard.press('Home');
  assert.equal(await replayPos(other), 0);
  assert.match(await other.textContent('.replay-info'), /Start of the game/);
  await other.keyboard.press('ArrowRight');
  assert.equal(await replayPos(other), 1);
  assert.match(await other.textContent('.replay-info'), /Move 1 of 30: (up|left|right|down) ., then a [24] appeared in row \d, column \d\. Score \d+\./);
  // A step forward animates the move: the spawned tile appears, the tiles end on the replay's board.
  assert.equal(await other.locator('.replay .tile.tile-new').count(), 1, 'the spawn is animated');
  for (let i = 0; i < 8; i++) await other.keyboard.press('ArrowRight');
  await settle(other); // the animated steps' clean-up done
  const drawn = await domBoard(other, 'body');
  assert.equal(drawn.clash, false);
  assert.deepEqual(drawn.cells, await replayCells(other), 'the animated tiles end on the position');
  await other.keyboard.press('End');
  assert.equal(await replayPos(other), 30);
  assert.equal(await other.locator('.replay .tile.tile-new').count(), 0, 'a jump draws the position afresh');
  assert.deepEqual((await domBoard(other, 'body')).cells, cells);
  await other.keyboard.press('ArrowLeft');
  assert.equal(await replayPos(other), 29);
  await other.fill('.replay-jump-field', '12');
  await other.locator('.replay-jump-go').click();
  assert.equal(await replayPos(other), 12);
  await other.locator('.replay-scrubber').fill('20');
  assert.equal(await replayPos(other), 20);
  // Play runs to the end at the chosen speed, then stops.
  await other.selectOption('.replay-speed', 'max');
  await other.keyboard.press('Space');
  await other.waitForFunction(() => document.querySelector('.replay .board').dataset.position === '30');
  await other.waitForSelector('.replay-play[aria-pressed="false"]');
  await other.close();
  await done();
});

test('records.css: a first board does not download it; the share dialog and an embed\'s replay link it and are styled by it', async () => {
  const { page, context, done } = await openPage(env, null);
  const asked = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await page.goto(`${env.url}?seed=12`);
  await ready(page);
  assert.equal(asked.some((p) => p.endsWith('/records.css')), false, 'not with the first board');
  await playKeys(page, 2);
  await shareLink(page);
  assert.ok(asked.some((p) => p.endsWith('/records.css')), 'the share dialog links it');
  assert.equal(await page.locator('.share-dialog .share-title').evaluate((e) => getComputedStyle(e).fontSize), '22px', 'its rules apply');
  await page.locator('.share-close').click();

  // An embed's replay, in the board's shadow root.
  const embed = await context.newPage();
  await embed.goto(`${env.url}tests/e2e/fixtures/empty.html`);
  const text = played(4, 5n, 6).text;
  const padding = await embed.evaluate(async (t) => {
    await import('/embed.js');
    const el = document.createElement('game-2048');
    el.setAttribute('persist', 'off');
    document.body.append(el);
    await el.ready;
    if (!(await el.loadRecord(t, { replay: true }))) return 'not shown';
    return getComputedStyle(el.shadowRoot.querySelector('.replay-embed')).paddingTop;
  }, text);
  assert.equal(padding, '12px', 'the replay\'s rules apply in the shadow root');
  await embed.close();
  await done();
});

test('undo inside the game: the replay follows the line played', async () => {
  const { page, context, done } = await openPage(env, '?seed=5');
  const line = [await engineCells(page)];
  await playKeys(page, 8);
  for (let i = 0; i < 8; i++) line.push(null);
  for (let i = 0; i < 3; i++) await page.locator('.undo-button').click();
  line.length = 6;
  line[5] = await engineCells(page);
  // Shared right after the undos: the record ends where the game now is.
  const afterUndo = new core.Replay((await shareLink(page)).split('#')[1]);
  assert.equal(afterUndo.length, 5, 'the undone moves left the record');
  assert.deepEqual(Array.from(afterUndo.cells(5)), line[5]);
  afterUndo.free();
  await page.locator('.share-close').click();
  // A different move from here: the line played forks.
  for (const key of ['ArrowDown', 'ArrowRight', 'ArrowUp', 'ArrowLeft']) {
    const before = (await engineCells(page)).join();
    await page.keyboard.press(key);
    if ((await engineCells(page)).join() !== before) line.push(await engineCells(page));
    if (line.length === 9) break;
  }
  const moves = line.length - 1;
  const link = await shareLink(page);
  const other = await context.newPage();
  await other.goto(link);
  await replayReady(other);
  assert.equal(await other.getAttribute('.replay-about', 'data-length'), String(moves), 'undone moves are not in the record');
  assert.deepEqual(await replayCells(other), line.at(-1));
  for (const n of [0, 5, moves - 1]) {
    await other.fill('.replay-jump-field', String(n));
    await other.locator('.replay-jump-go').click();
    assert.deepEqual(await replayCells(other), line[n], `position ${n} is the one played`);
  }
  await other.close();
  await done();
});

test('a 20,000-move game: the share link (with the long-link note), the file, and its replay', async () => {
  const long = played(8, 3n, 20000);
  assert.equal(long.moves, 20000);
  const { page, context, done } = await openPage(env, `#continue=${long.text}`);
  await page.waitForFunction((cells) => document.querySelector('.g2048 .board').dataset.cells === cells, long.cells.join(','));
  assert.equal(await score(page), long.score);
  const link = await shareLink(page);
  assert.ok(link.endsWith(long.text), 'the link holds the whole record');
  assert.match(await page.textContent('.share-long'), /characters long.*send the file instead/);
  console.log(`# 20,000 moves on 8x8: record ${long.text.length} characters, link ${link.length}`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('.share-download').click()]);
  const path = await download.path();
  assert.equal(readFileSync(path, 'utf8').trim(), long.text, 'the file is the record');
  assert.match(download.suggestedFilename(), /^2048-8x8-score-\d+\.2048\.txt$/);

  const other = await context.newPage();
  await other.goto(link);
  await replayReady(other);
  assert.equal(await replayPos(other), 20000);
  assert.deepEqual(await replayCells(other), long.cells);
  await other.keyboard.press('Home');
  await other.fill('.replay-jump-field', '12345');
  await other.locator('.replay-jump-go').click();
  assert.equal(await replayPos(other), 12345);

  // The file, picked on the replay page with no link (it lists your games), opens the same replay.
  await other.goto(`${env.url}replay.html`);
  await replayReady(other);
  assert.equal(await other.locator('.record-problem').isVisible(), false, 'no link is not an error');
  assert.match(await other.textContent('.your-games-current'), /Your game in progress: 8×8 Endless, score [\d,]+ after 20,000 moves/);
  await other.setInputFiles('.record-file', path);
  await other.waitForSelector('.replay .board[data-position="20000"]');
  assert.deepEqual(await replayCells(other), long.cells);
  await other.close();
  await done();
});

test('play on from a replay: a new game with its own record; the game in progress is replaced only when the player says so', async () => {
  const shared = played(4, 77n, 40, 'classic');
  const { page, context, done } = await openPage(env, '?seed=3');
  await playKeys(page, 5);
  await saved(page); // the other page reads the game in progress from storage
  const mine = await engineCells(page);
  const other = await context.newPage();
  await other.goto(`${env.url}replay.html#${shared.text}`);
  await replayReady(other);
  await other.fill('.replay-jump-field', '10');
  await other.locator('.replay-jump-go').click();
  const at10 = await replayCells(other);

  // Cancel: the game in progress stays, and the link is gone from the address bar.
  await Promise.all([other.waitForURL(/index\.html/), other.locator('.replay-continue').click()]);
  await other.waitForSelector('.dialog[open]');
  assert.match(await other.textContent('.dialog-text'), /Play on from move 10 .*will be replaced/);
  await other.locator('.dialog-cancel').click();
  assert.deepEqual(await engineCells(other), mine, 'the game in progress is kept');
  assert.equal(new URL(other.url()).hash, '');
  await other.reload();
  await ready(other);
  assert.deepEqual(await engineCells(other), mine, 'and still saved');

  // OK: the new game starts at move 10 of the shared game and keeps its own record.
  await other.goBack();
  await replayReady(other);
  await other.fill('.replay-jump-field', '10');
  await other.locator('.replay-jump-go').click();
  await Promise.all([other.waitForURL(/index\.html/), other.locator('.replay-continue').click()]);
  await other.locator('.dialog-ok').click();
  assert.deepEqual(await engineCells(other), at10);
  await other.keyboard.press('ArrowLeft');
  await other.keyboard.press('ArrowUp');
  const record = await other.evaluate(() => document.body.getRecord?.() ?? null);
  assert.equal(record, null, 'the page body is not an element API');
  const link = await shareLink(other);
  const text = link.split('#')[1];
  assert.notEqual(text, shared.text);
  const replay = new core.Replay(text);
  assert.deepEqual(Array.from(replay.cells(10)), at10, 'its record starts with the shared moves');
  replay.free();
  await other.close();
  await done();
});

test('the AI plays on from a replay: no game in progress, so no question; the AI starts from that position', async () => {
  const shared = played(4, 31n, 25, 'classic');
  const { page, done } = await openPage(env, `replay.html#${shared.text}&at=7`, { wait: false });
  await replayReady(page);
  assert.equal(await replayPos(page), 7, 'the link\'s &at= opens that position');
  const at7 = await replayCells(page);
  await Promise.all([page.waitForURL(/index\.html/), page.locator('.replay-continue-ai').click()]);
  await ready(page);
  await page.waitForSelector('.g2048 .ai.ai-playing');
  assert.equal(await page.locator('.dialog[open]').count(), 0);
  // Stop once the AI has moved (its first move waits for the pool's calibration).
  await page.waitForFunction((start) => document.querySelector('.g2048 .board').dataset.cells !== start, at7.join(), { timeout: 30000 });
  await page.locator('.g2048 .ai-toggle').click();
  const link = await shareLink(page);
  const replay = new core.Replay(link.split('#')[1]);
  assert.deepEqual(Array.from(replay.cells(7)), at7, 'the new game starts at move 7 of the shared one');
  assert.ok(replay.length > 7, 'and the AI played on');
  replay.free();
  await done();
});

test('review of a short 4x4 game by the learned search: each move\'s cost in points, the costliest linked, the expected final score charted', async () => {
  const game = played(4, 21n, 30, 'classic');
  const { page, done } = await openPage(env, `replay.html#${game.text}`, { wait: false, contextOptions: { viewport: { width: 800, height: 1000 } } });
  await replayReady(page);
  await page.locator('.replay-review').click();
  await page.waitForSelector('.review');
  // The network downloads as for Start AI; until it is read the heuristic would review, and the page says so.
  assert.match(await page.textContent('.review-network'), /^(The learned network downloads.*|The AI is reading the learned network): until then a review uses the heuristic search, whose values are not points\.$/);
  assert.match(await page.textContent('.review-about'), /The AI \(expectimax\) values .* its heuristic's, not points/);
  await page.waitForSelector('.review-network', { state: 'hidden', timeout: 60000 });
  assert.match(await page.textContent('.review-about'), /expectimax with the learned network\) values .* in points/);
  assert.match(await page.textContent('.review-scale'), /^Best: the AI's move, or one it values as highlyGood: loses up to [\d.]+% of the points still to comeInaccuracy: loses up to [\d.]+% of the points still to comeMistake: loses up to [\d.]+% of the points still to comeBlunder: more than [\d.]+% of the points still to come$/);
  assert.match(await page.textContent('.review-budget option:checked'), /^Sharp \(20k positions a move\)$/, 'the learned ladder\'s budgets');
  await page.selectOption('.review-budget', 'fast');
  await page.locator('.review-start').click();
  await page.waitForSelector('.review.review-done', { timeout: 60000 });
  assert.match(await page.textContent('.review-status'), /^Review done: every move of 30 rated\.$/, 'by the learned search, not a stand-in');
  const rows = page.locator('.review-row');
  assert.equal(await rows.count(), 30, 'one row per move');
  const table = await page.$$eval('.review-row', (trs) => trs.map((tr) => ({
    n: Number(tr.dataset.move),
    rating: tr.querySelector('.review-rating').textContent,
    values: [...tr.querySelectorAll('.review-value')].map((td) => td.textContent),
    cost: tr.querySelector('.review-loss').textContent,
    lost: Number(tr.querySelector('.review-loss').dataset.lost),
  })));
  for (const r of table) {
    assert.ok(['Best', 'Good', 'Inaccuracy', 'Mistake', 'Blunder'].includes(r.rating), r.rating);
    assert.equal(r.values.filter((v) => v === 'best').length, 1, 'the AI\'s move');
    for (const v of r.values) assert.match(v, /^(best|−[\d.]+[kM]?|0|–)$/, 'each other move\'s loss in points, never a raw evaluation');
    assert.match(r.cost, /^(0|−[\d.]+[kM]? points|0 points)$/);
  }
  assert.equal(Number(await page.getAttribute('.review-progress', 'value')), 30);
  assert.match(await page.textContent('.review-matched'), /30 of 30 moves\. \d+% matched the AI's move.* Together the moves lost about [\d.]+[kM]? points against the AI's choices\.$/);
  assert.equal(await page.textContent('.review-summary svg.chart-evaluation title'), 'The expected final score over the game');
  // The costliest move: the most points lost of the table, linked, with its points; the link shows its position.
  // Its boards are all below the odds' first stage: no line of odds.
  assert.equal(await page.locator('.review-odds').isVisible(), false);
  const worst = page.locator('.review-worst-link').first();
  if (await worst.count()) {
    const n = Number(await worst.getAttribute('data-move'));
    assert.equal(table.find((r) => r.n === n).lost, Math.max(...table.map((r) => r.lost)), 'the first linked move lost the most points');
    for (const text of await page.locator('.review-worst-link').allTextContents()) {
      assert.match(text, /^move \d+ \((good|inaccuracy|mistake|blunder), −[\d.]+[kM]? points \([\d.<]+% of the points still to come\): (up|right|down|left), the AI plays (up|right|down|left)\)$/);
    }
    await worst.click();
    assert.equal(await replayPos(page), n - 1, 'the link shows the position the move was played from');
    assert.equal(await page.locator(`.review-row[data-move="${n}"].review-current`).count(), 1);
  } else {
    assert.ok(table.every((r) => r.lost === 0));
  }
  await screenshot(page, 'review');
  await page.evaluate(() => { document.querySelector('.review-table-wrap').scrollTop = 0; window.scrollTo(0, 0); });
  await docShot(page.locator('.replay-page'), 'review.png');
  await done();
});

test("the AI's odds from the stage: the game's AI panel and the review's summary give the line of the board shown", async () => {
  // A 4x4 game from 16384 with the next one 14,744 of 16,384 built (89.99%), 4 moves on (90%+).
  const g = core.Game.fromCells(4, [16384, 8192, 4096, 2048, 256, 128, 16, 8, 0, 0, 0, 0, 0, 0, 0, 0]);
  for (let i = 0; i < 8 && g.moves < 4; i++) g.move(DIRS[i % 4]);
  const record = g.record();
  const continued = [...g.cells()].join(',');
  g.free();
  const { page, context, done } = await openPage(env, `index.html#continue=${record}`, { wait: false });
  await ready(page);
  // The record opens after the first board (its module loads then): wait for its board.
  await page.waitForFunction((want) => document.querySelector('.g2048 .board')?.dataset.cells === want, continued);
  const cells = await engineCells(page);
  const line = oddsLine(cells, 4);
  assert.match(line, /^From boards at this stage \(largest tile 16384, the next 16384 90% or more built\), the AI \(\w+\) reaches 32768 in about \d+% of games\.$/);
  await page.waitForFunction((text) => document.querySelector('.ai-odds')?.textContent === text, line);
  assert.equal(await page.locator('.ai-odds').isVisible(), true);

  const replay = await context.newPage();
  await replay.goto(`${env.url}replay.html#${record}`);
  await replayReady(replay);
  await replay.locator('.replay-review').click();
  await replay.selectOption('.review-budget', 'fast');
  await replay.locator('.review-start').click();
  await replay.waitForSelector('.review.review-done', { timeout: 60000 });
  assert.equal(await replay.textContent('.review-summary .review-odds'), oddsLine(await replayCells(replay), 4));
  // It follows the position shown: the last move's (90% or more) and the first's (80–90%).
  const shown = [];
  for (const n of [4, 1]) {
    await replay.locator(`.review-goto >> text="${n}"`).click();
    shown.push(await replay.textContent('.review-summary .review-odds'));
    assert.equal(shown.at(-1), oddsLine(await replayCells(replay), 4), `move ${n}`);
  }
  assert.match(shown[0], /90% or more built/);
  assert.match(shown[1], /80–90% built/);
  await done();
});

test('review: Stop ends it part way, and it can run again', async () => {
  const game = played(6, 4n, 300);
  const { page, done } = await openPage(env, `replay.html#${game.text}`, { wait: false });
  await replayReady(page);
  await page.locator('.replay-review').click();
  await page.selectOption('.review-budget', 'deep');
  await page.locator('.review-start').click();
  await page.waitForFunction(() => Number(document.querySelector('.review-progress').value) >= 2);
  await page.locator('.review-stop').click();
  await page.waitForSelector('.review-status:has-text("Stopped after")');
  assert.ok(await page.locator('.review-row').count() < 300);
  assert.match(await page.textContent('.review-limits'), /6×6 .*exact grid.*plays 4×4 only: here a move's cost is a share of the heuristic's value/);
  assert.match(await page.textContent('.review-scale'), /Good: loses up to [\d.]+% of the best move's value/, 'the heuristic\'s ratings');
  assert.equal(await page.locator('.review-network').isVisible(), false, 'no network off 4x4');
  assert.equal(await page.locator('.review-start').isEnabled(), true);
  await done();
});

test('the board editor: Hint gives the AI\'s move and what each other move loses against it (never a raw evaluation); Play from here starts that game; impossible positions are named', async () => {
  const { page, done } = await openPage(env, 'editor.html', { wait: false });
  await page.waitForSelector('body[data-ready]');
  const cell = (i) => page.locator('.editor-cell').nth(i);
  // 2, 4 in the top row, 8 under the 2.
  await cell(0).click();
  await cell(1).click();
  await cell(1).click();
  await page.selectOption('.editor-brush', '8');
  await cell(4).click();
  assert.deepEqual((await page.getAttribute('.board', 'data-cells')).split(',').map(Number).slice(0, 5), [2, 4, 0, 0, 8]);
  await page.locator('.editor-hint').click();
  await page.waitForSelector('.editor-hint-values');
  const items = await page.$$eval('.hint-value', (lis) => lis.map((li) => li.textContent));
  assert.equal(items.length, 4);
  assert.equal(await page.locator('.hint-value-best').count(), 1);
  assert.match(await page.textContent('.hint-value-best'), /^. (up|right|down|left): best$/);
  for (const item of items) assert.match(item, /^. (up|right|down|left): (best|−[\d.]+%|<0\.01%|0|cannot move)$/, 'a share of the heuristic\'s value');
  assert.match(await page.textContent('.editor-hint-best'), /The AI plays (up|right|down|left) .*as a share of its value \(this player's values are not points\)/);

  // Impossible: a 2^20 tile on 3x3; a full board with no move; an empty board.
  await page.selectOption('.editor-size', '3');
  await page.selectOption('.editor-brush', String(2 ** 20));
  await cell(4).click();
  await page.locator('.editor-hint').click();
  assert.match(await page.textContent('.editor-problem'), /cannot be played: the tile 2\^20 in row 2, column 2 is larger than any 3x3 game can make \(2\^10\)/);
  await page.locator('.editor-clear').click();
  assert.equal(await page.textContent('.editor-problem'), '');
  for (let i = 0; i < 9; i++) {
    await page.selectOption('.editor-brush', i % 2 ? '4' : '2');
    await cell(i).click();
  }
  await page.locator('.editor-play').click();
  assert.match(await page.textContent('.editor-problem'), /no move can be played/);
  assert.ok(page.url().includes('editor.html'), 'still on the editor');
  await page.locator('.editor-clear').click();
  await page.locator('.editor-hint').click();
  assert.match(await page.textContent('.editor-problem'), /the board is empty/);

  // Play from here: the game page starts from the position (no game in progress: no question).
  await page.selectOption('.editor-brush', '2');
  await cell(0).click();
  await cell(8).click();
  await Promise.all([page.waitForURL(/index\.html/), page.locator('.editor-play').click()]);
  await ready(page);
  await page.waitForFunction(() => document.querySelector('.g2048 .board').dataset.cells === '2,0,0,0,0,0,0,0,2');
  await done();
});

// ---- bad input ----

const good = played(4, 9n, 60, 'classic').text;

/**
 * A forged record with a valid checksum: a finished 3x3 board whose move count (the body's
 * second varint, bits 12-19) says 1 instead of 0, the checksum computed again (CRC-32 of
 * "2048r1." and the length and body, big-endian at the end; src/record/codec.rs).
 */
function forged() {
  const g = core.Game.fromCells(3, [2, 4, 2, 4, 2, 4, 2, 4, 2]);
  const bytes = Buffer.from(g.record().slice(7), 'base64url');
  g.free();
  const payload = Buffer.from(bytes.subarray(0, bytes.length - 4));
  payload[3] |= 0x10; // byte 0 is the length; body bit 19 is the low bit of the move count
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from('2048r1.'), payload])));
  return `2048r1.${Buffer.concat([payload, crc]).toString('base64url')}`;
}
const BAD = {
  truncated: [good.slice(0, -6), /record is (cut short|corrupt)/],
  tampered: [`${good.slice(0, 20)}${good[20] === 'A' ? 'B' : 'A'}${good.slice(21)}`, /checksum does not match/],
  'another version': [`2048r9.${good.slice(7)}`, /version "9" is not one this game reads/],
  'not a record': ['hello-world', /not a game record/],
  'bad characters': [`${good.slice(0, 12)}*${good.slice(13)}`, /record is corrupt: character "\*" at position 12 is not base64url/],
  'a forged move': [forged(), /move 1 cannot be played: the game is over \(no move changes the board\)/],
};

test('the replay, editor, compare and learn pages wear the game\'s saved theme; "system" follows the browser\'s, live', async () => {
  const { page, done } = await openPage(env, null, { contextOptions: { colorScheme: 'light' } });
  const themes = () => page.evaluate(() => [...document.querySelector('.g2048').classList].filter((c) => c.startsWith('theme-')));
  const wears = (theme) => page.waitForFunction((t) => document.querySelector('.g2048').classList.contains(`theme-${t}`), theme);
  for (const path of ['replay.html', 'editor.html', 'compare.html', 'learn.html']) {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`${env.url}${path}`);
    assert.deepEqual(await themes(), ['theme-light'], path);
    await page.emulateMedia({ colorScheme: 'dark' }); // the browser turns dark while the page is open
    await wears('dark');
    assert.deepEqual(await themes(), ['theme-dark'], path);
  }
  // A theme the player chose in the game stays, whatever the browser's.
  await page.evaluate(() => localStorage.setItem('game2048:settings', JSON.stringify({ theme: 'solarized' })));
  await page.goto(`${env.url}replay.html`);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.evaluate(() => new Promise(requestAnimationFrame));
  assert.deepEqual(await themes(), ['theme-solarized']);
  await done();
});

test('a bad link on the replay page shows the engine\'s reason and a way back to the game', async () => {
  const { page, done } = await openPage(env, null);
  for (const [name, [text, reason]] of Object.entries(BAD)) {
    await page.goto('about:blank'); // a fresh load (a new fragment alone is the next check)
    await page.goto(`${env.url}replay.html#${text}`);
    await replayReady(page);
    const problem = await page.textContent('.record-problem');
    assert.match(problem, /^The game in this link cannot be replayed: /, name);
    assert.match(problem, reason, name);
    assert.equal(await page.locator('.record-problem .keep-playing').getAttribute('href'), 'index.html');
    assert.equal(await page.locator('.replay').count(), 0, `${name}: no replay drawn`);
  }
  // A good link, then a bad one pasted into the address bar (only the fragment changes).
  await page.goto(`${env.url}replay.html#${good}`);
  await page.waitForSelector('.replay .board[data-position="60"]');
  const cells = await replayCells(page);
  await page.goto(`${env.url}replay.html#${BAD.tampered[0]}`);
  await page.waitForSelector('.record-problem:not([hidden])');
  assert.match(await page.textContent('.record-problem'), /checksum does not match.*The replay shown is unchanged/);
  assert.deepEqual(await replayCells(page), cells);
  await done();
});

test('a bad file, dropped or picked, leaves the replay shown as it was', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'records-'));
  const { page, done } = await openPage(env, `replay.html#${good}`, { wait: false });
  await replayReady(page);
  const cells = await replayCells(page);
  for (const [name, [text, reason]] of Object.entries({ ...BAD, empty: ['', /is empty/] })) {
    const path = join(dir, `${name.replace(/ /g, '-')}.2048.txt`);
    writeFileSync(path, text);
    await page.setInputFiles('.record-file', path);
    await page.waitForSelector('.record-problem:not([hidden])');
    assert.match(await page.textContent('.record-problem'), reason, name);
    assert.match(await page.textContent('.record-problem'), /The replay shown is unchanged/);
    assert.deepEqual(await replayCells(page), cells, `${name}: the replay is unchanged`);
    await page.evaluate(() => { document.querySelector('.record-problem').hidden = true; });
  }
  // Dropped on the page.
  await page.evaluate((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], 'dropped.2048.txt', { type: 'text/plain' }));
    document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, BAD.tampered[0]);
  await page.waitForSelector('.record-problem:not([hidden])');
  assert.match(await page.textContent('.record-problem'), /The file "dropped\.2048\.txt" cannot be replayed: .*checksum/);
  assert.deepEqual(await replayCells(page), cells);
  // A good file dropped opens.
  const other = played(5, 2n, 20).text;
  await page.evaluate((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], 'good.2048.txt', { type: 'text/plain' }));
    document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, other);
  await page.waitForSelector('.replay .board[data-position="20"]');
  assert.equal((await replayCells(page)).length, 25);
  await done();
});

test('a bad play-on link never replaces the game in progress: the notice names the problem', async () => {
  const { page, done } = await openPage(env, '?seed=8');
  await playKeys(page, 4);
  await saved(page); // the pages opened next read the game in progress from storage
  const mine = await engineCells(page);
  const points = await score(page);
  for (const [name, [text, reason]] of Object.entries({ ...BAD, 'move past the end': [`${good}&at=99`, /move 99 is past the record's last move \(60\)/] })) {
    await page.goto('about:blank');
    await page.goto(`${env.url}#continue=${text}`);
    await ready(page);
    const notice = page.locator('.g2048 .notice-text').last();
    await notice.waitFor();
    assert.match(await notice.textContent(), /^That game record cannot be opened: .*Your game is unchanged; keep playing\.$/, name);
    assert.match(await notice.textContent(), reason, name);
    assert.deepEqual(await engineCells(page), mine, `${name}: the game is unchanged`);
    assert.equal(await score(page), points);
  }
  // Only the fragment changes (a link pasted into the address bar of the game page).
  await page.goto(`${env.url}#continue=${BAD['not a record'][0]}`);
  await page.waitForSelector('.g2048 .notice-text:has-text("not a game record")');
  assert.deepEqual(await engineCells(page), mine);
  await page.goto('about:blank');
  await page.goto(env.url);
  await ready(page);
  assert.deepEqual(await engineCells(page), mine, 'and its save too');
  await done();
});

test('embedders: getRecord, loadRecord (play on, replay, bad record) and the record event', async () => {
  const { page, done } = await openPage(env, 'tests/e2e/fixtures/empty.html', { wait: false });
  await page.evaluate(async () => {
    await import('/embed.js');
    const el = document.createElement('game-2048');
    el.id = 'g';
    el.setAttribute('persist', 'off');
    el.setAttribute('seed', '4');
    document.body.append(el);
    window.__records = [];
    window.__errors = [];
    el.addEventListener('record', (e) => window.__records.push(e.detail));
    el.addEventListener('error', (e) => window.__errors.push(e.detail));
    await el.ready;
  });
  const first = await page.evaluate(() => document.getElementById('g').getRecord());
  assert.match(first, /^2048r1\./);
  const near = core.Game.fromCells(4, [2, 0, 4, 8, 16, 32, 64, 128, 2, 4, 8, 16, 32, 64, 128, 256], 2n);
  const nearText = near.record();
  near.free();
  // Continue from a record, without asking (confirm: false); one move ends the game: the record event.
  assert.equal(await page.evaluate((t) => document.getElementById('g').loadRecord(t, { confirm: false }), nearText), true);
  await page.evaluate(() => document.getElementById('g').move('left'));
  const records = await page.evaluate(() => window.__records);
  assert.equal(records.length, 1);
  assert.equal(records[0].moves, 1);
  assert.equal(records[0].record, await page.evaluate(() => document.getElementById('g').getRecord()));
  const r = new core.Replay(records[0].record);
  assert.equal(r.over, true);
  r.free();
  // A bad record: false, a notice, an error event, the game unchanged.
  const cells = await page.evaluate(() => document.getElementById('g').cells);
  assert.equal(await page.evaluate((t) => document.getElementById('g').loadRecord(t), BAD.tampered[0]), false);
  assert.deepEqual(await page.evaluate(() => document.getElementById('g').cells), cells);
  assert.match((await page.evaluate(() => window.__errors))[0].message, /checksum/);
  assert.equal((await page.evaluate(() => window.__errors))[0].source, 'record');
  // Replay inside the board, then back.
  assert.equal(await page.evaluate((t) => document.getElementById('g').loadRecord(t, { replay: true, at: 3 }), good), true);
  const pos = await page.evaluate(() => document.getElementById('g').shadowRoot.querySelector('.replay .board').dataset.position);
  assert.equal(pos, '3');
  await page.evaluate(() => document.getElementById('g').shadowRoot.querySelector('.replay-close').click());
  assert.equal(await page.evaluate(() => document.getElementById('g').shadowRoot.querySelector('.replay')), null);
  assert.deepEqual(await page.evaluate(() => document.getElementById('g').cells), cells);
  await done();
});
