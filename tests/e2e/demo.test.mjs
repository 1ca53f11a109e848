// The embed demo (demo.html): two <game-2048> boards inside ordinary page text.
// Keys, scrolling, independence, events, attributes, host styles, globals.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPage, drawn, hostCells, recordEvents, events, screenshot, domBoard, cellsParam, quiet, WORKER_SPY } from './helpers.mjs';

const env = setup();
// The worker spy and Playwright's clock: stopWatch() waits for quiet() after Stop.
const WIDE = { contextOptions: { viewport: { width: 1000, height: 700 } }, wait: false, initScript: WORKER_SPY, clock: true };
const KEYS = ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown'];

async function openDemo(options = WIDE) {
  const opened = await openPage(env, 'demo.html', options);
  await drawn(opened.page, '#play');
  await drawn(opened.page, '#watch');
  return opened;
}

// Stops the autoplaying board; then no move of it can come (quiet: every request answered or
// its worker ended, the page's timers run).
async function stopWatch(page) {
  await page.evaluate(() => document.querySelector('#watch').stopAI());
  await quiet(page);
}

test('demo: keys go only to the focused board; with no board focused the arrow keys scroll the page', async () => {
  const { page, done } = await openDemo();
  await stopWatch(page);
  const play = await hostCells(page, '#play');
  const watch = await hostCells(page, '#watch');
  assert.equal(play.length, 16);

  // Nothing focused: the page scrolls, no board moves.
  assert.equal(await page.evaluate(() => scrollY), 0);
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
  await page.waitForFunction(() => scrollY > 0);
  assert.deepEqual(await hostCells(page, '#play'), play);
  assert.deepEqual(await hostCells(page, '#watch'), watch);
  await page.evaluate(() => scrollTo(0, 0));

  // Click the first board: its keys move it, the page does not scroll, the other board stays.
  await page.locator('#play .board').click();
  const scrolled = await page.evaluate(() => scrollY); // the click scrolled the board into view
  let moved = false;
  for (const key of KEYS) {
    const before = await hostCells(page, '#play');
    await page.keyboard.press(key);
    if ((await hostCells(page, '#play')).join() !== before.join()) moved = true;
  }
  assert.ok(moved, 'the focused board moved');
  assert.equal(await page.evaluate(() => scrollY), scrolled, 'arrow keys on a focused board do not scroll');
  assert.deepEqual(await hostCells(page, '#watch'), watch, 'the other board did not move');

  // Tab moves the focus on; clicking page text takes it away from both boards.
  await page.locator('#watch .board').focus();
  const now = await hostCells(page, '#play');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowRight');
  assert.deepEqual(await hostCells(page, '#play'), now, 'keys on the second board leave the first alone');
  await page.locator('main > h1').click();
  const both = [await hostCells(page, '#play'), await hostCells(page, '#watch')];
  await page.keyboard.press('ArrowUp');
  assert.deepEqual([await hostCells(page, '#play'), await hostCells(page, '#watch')], both);
  await done();
});

test('demo: the AI on one board does not move the other; events carry the documented details', async () => {
  const { page, done } = await openDemo();
  await recordEvents(page);
  const play = await hostCells(page, '#play');
  await page.waitForFunction(() => window.__events.filter((e) => e.type === 'move' && e.id === 'watch').length >= 3, null, { timeout: 15000 });
  assert.deepEqual(await hostCells(page, '#play'), play, 'the autoplaying board leaves the other alone');
  const move = (await events(page, { type: 'move', id: 'watch' }))[0];
  assert.ok(['up', 'right', 'down', 'left'].includes(move.detail.direction));
  assert.equal(move.detail.by, 'ai');
  assert.equal(typeof move.detail.gained, 'number');
  assert.equal(typeof move.detail.score, 'number');
  assert.ok(move.bubbles && move.composed, 'events bubble and are composed');

  await stopWatch(page);
  const stop = await events(page, { type: 'ai-stop', id: 'watch' });
  assert.equal(stop.length, 1);
  assert.equal(stop[0].detail.reason, 'stop');
  assert.ok(stop[0].detail.moves >= 3);

  await page.evaluate(() => document.querySelector('#play').step());
  await page.waitForFunction(() => window.__events.some((e) => e.type === 'move' && e.id === 'play'));
  const [stepped] = await events(page, { type: 'move', id: 'play' });
  assert.equal(stepped.detail.by, 'ai');
  await page.evaluate(() => document.querySelector('#play').startAI());
  await page.evaluate(() => document.querySelector('#play').stopAI());
  const [start] = await events(page, { type: 'ai-start', id: 'play' });
  assert.deepEqual(start.detail, { strategy: 'best', auto: 100 }, 'the strategy left out: the default player, fitted to 100 ms (speed fast)');

  // won and over, on boards mounted from module code into positions one move from the end.
  const ends = await page.evaluate(async ([win, loss]) => {
    const { mount } = await import('/embed.js');
    const out = {};
    for (const [name, cells] of [['win', win], ['loss', loss]]) {
      const host = document.createElement('div');
      host.id = `end-${name}`;
      document.querySelector('main').append(host);
      const game = mount(host, { cells, seed: 2, persist: false });
      await game.ready;
      game.move('left');
      out[name] = { won: game.won, over: game.over };
      game.destroy();
      host.remove();
    }
    return out;
  }, [cellsParam([[1024, 1024, 0, 0], [0, 0, 0, 0], [0, 0, 2, 0], [0, 0, 0, 0]]).split(',').map(Number),
    cellsParam([[2, 0, 4, 8], [16, 32, 64, 128], [2, 4, 8, 16], [32, 64, 128, 256]]).split(',').map(Number)]);
  assert.deepEqual(ends, { win: { won: true, over: false }, loss: { won: false, over: true } });
  const [won] = await events(page, { type: 'won', id: 'end-win' });
  assert.equal(won.detail.score, 2048);
  assert.equal(won.detail.moves, 1);
  const [over] = await events(page, { type: 'over', id: 'end-loss' });
  assert.equal(over.detail.largest, 256);
  assert.equal(over.detail.moves, 1);
  assert.equal(typeof over.detail.score, 'number');
  assert.equal((await events(page, { type: 'ready', id: 'end-win' })).length, 1);
  await done();
});

test('invalid attributes fall back to the defaults with one warning each; the board still plays', async () => {
  const { page, done } = await openDemo();
  const warnings = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  await recordEvents(page);
  await page.evaluate(() => {
    const el = document.createElement('game-2048');
    el.id = 'odd';
    for (const [k, v] of Object.entries({ size: 'banana', strategy: 'nope', theme: 'neon', ms: '-3', speed: 'warp', keyboard: 'everywhere', persist: 'off' })) el.setAttribute(k, v);
    document.querySelector('main').append(el);
  });
  await drawn(page, '#odd');
  for (const name of ['size', 'strategy', 'theme', 'ms', 'speed', 'keyboard']) {
    assert.equal(warnings.filter((w) => w.includes(`${name}="`)).length, 1, `one warning for ${name}: ${warnings.join(' | ')}`);
  }
  assert.equal(warnings.length, 6, warnings.join(' | '));
  const keys = await page.evaluate(() => Object.keys(localStorage));
  assert.ok(keys.includes('game2048:play:game') && keys.includes('game2048:watch:game'), `saves are namespaced by id: ${keys}`);
  assert.ok(!keys.some((k) => k.startsWith('game2048:odd')), 'persist="off" saves nothing');
  assert.ok(!keys.includes('game2048:game'), 'the full page\'s key is left alone');
  assert.equal((await domBoard(page, '#odd')).size, 4);
  await page.evaluate(() => document.querySelector('#odd').step());
  await page.waitForFunction(() => window.__events.some((e) => e.type === 'move' && e.id === 'odd'));
  const [start] = await events(page, { type: 'ai-start', id: 'odd' });
  assert.equal(start, undefined, 'a step is not a start');
  await done();
});

test('attribute changes after mount: theme at once, size as a new game, autoplay starts and stops the AI', async () => {
  const { page, done } = await openDemo();
  await stopWatch(page);
  await recordEvents(page);
  const themeOf = () => page.evaluate(() => [...document.querySelector('#play').shadowRoot.querySelector('.g2048').classList].find((c) => c.startsWith('theme-')));
  assert.equal(await themeOf(), 'theme-light');
  await page.evaluate(() => document.querySelector('#play').setAttribute('theme', 'solarized'));
  assert.equal(await themeOf(), 'theme-solarized');
  await page.evaluate(() => document.querySelector('#play').setAttribute('size', '6'));
  assert.equal((await hostCells(page, '#play')).length, 36);
  assert.equal((await domBoard(page, '#play')).size, 6);
  await page.evaluate(() => document.querySelector('#play').setAttribute('autoplay', ''));
  await page.waitForFunction(() => window.__events.some((e) => e.type === 'move' && e.id === 'play'), null, { timeout: 15000 });
  await page.evaluate(() => document.querySelector('#play').removeAttribute('autoplay'));
  assert.equal((await events(page, { type: 'ai-start', id: 'play' })).length, 1);
  assert.equal((await events(page, { type: 'ai-stop', id: 'play' })).length, 1);
  assert.equal(await page.evaluate(() => document.querySelector('#play').aiPlaying), false);
  await done();
});

test('host page styles do not reach the board; embedding adds no globals; swipes do not scroll', async () => {
  const { page, done } = await openPage(env, 'tests/e2e/fixtures/hostile.html', { wait: false });
  const added = await page.evaluate(async () => {
    const before = new Set(Object.getOwnPropertyNames(window));
    const { mount } = await import('/embed.js');
    const host = document.createElement('div');
    host.id = 'plain';
    document.body.append(host);
    await mount(host, { seed: 4, persist: false }).ready;
    const el = document.createElement('game-2048');
    el.setAttribute('persist', 'off');
    document.body.append(el);
    await el.ready;
    return Object.getOwnPropertyNames(window).filter((k) => !before.has(k));
  });
  assert.deepEqual(added, [], 'no new globals');
  const look = await page.evaluate(() => {
    const root = document.querySelector('#plain').shadowRoot.querySelector('.g2048');
    const board = root.querySelector('.board').getBoundingClientRect();
    const tiles = [...root.querySelectorAll('.tile')].map((t) => t.getBoundingClientRect());
    const style = getComputedStyle(root);
    return {
      font: style.fontSize, align: style.textAlign, sizing: getComputedStyle(root.querySelector('.tile')).boxSizing,
      square: Math.abs(board.width - board.height) < 1,
      inside: tiles.every((t) => t.left >= board.left - 1 && t.right <= board.right + 1 && t.top >= board.top - 1 && t.bottom <= board.bottom + 1),
      touch: getComputedStyle(root.querySelector('.board-wrap')).touchAction,
      hostFont: getComputedStyle(document.body).fontSize,
    };
  });
  assert.deepEqual(look, { font: '18px', align: 'start', sizing: 'border-box', square: true, inside: true, touch: 'none', hostFont: '40px' });
  await done();
});

test('screenshot of the demo page', async () => {
  const { page, done } = await openDemo();
  await stopWatch(page);
  await screenshot(page, 'embed-demo');
  await done();
});
