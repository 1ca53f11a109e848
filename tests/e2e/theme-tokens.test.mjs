// The board's CSS custom properties (docs/embed.md, custom-elements.json's cssProperties): a
// host's tokens on <game-2048> (or on mount()'s element) reach the shadow root; without them
// each theme's colours are its own; a host's dark-mode switch sets `theme` at runtime.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { setup, openPage } from './helpers.mjs';

const env = setup();
const manifest = JSON.parse(readFileSync(new URL('../../custom-elements.json', import.meta.url), 'utf8'));
const tokens = manifest.modules.flatMap((m) => m.declarations).find((d) => d.tagName === 'game-2048').cssProperties;
// A token's default in a theme ("light #eee4da; dark #6b6157; ..."): its value there.
const themeDefault = (token, theme) => new RegExp(`(?:^|; )${theme} ([^;]+)`).exec(tokens.find((t) => t.name === token).default)[1];
// One tile of each value from 2 to 4096 (4096: a super tile).
const CELLS = [2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 0, 0, 0, 0];
const PAGE = 'tests/e2e/fixtures/theme-tokens.html';

// The computed look inside a board's shadow root, once its tiles are CELLS.
async function look(page, sel) {
  await page.waitForSelector(`${sel} .board[data-cells]`);
  return page.evaluate(async ({ sel, cells }) => {
    const host = document.querySelector(sel);
    const game = host.game ?? host.__game;
    await game.ready;
    game.newGame({ cells });
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const root = host.shadowRoot;
    const css = (q) => getComputedStyle(root.querySelector(q));
    const tile = (v) => root.querySelector(`.tile-${v}:not(.tile-leaving)`);
    const left = (el) => el.getBoundingClientRect().left;
    return {
      tile2: css('.tile-2 .tile-inner').backgroundColor,
      tile2Text: css('.tile-2 .tile-inner').color,
      tile2048: css('.tile-2048 .tile-inner').backgroundColor,
      super: css('.tile-super .tile-inner').backgroundColor,
      board: css('.board').backgroundColor,
      boardRadius: css('.board').borderTopLeftRadius,
      cell: css('.cell').backgroundColor,
      frame: css('.g2048').backgroundColor,
      text: css('.g2048').color,
      font: css('.g2048').fontFamily,
      gap: css('.grid').rowGap,
      width: root.querySelector('.board').getBoundingClientRect().width,
      // The tile in column 1 sits on the grid's cell in column 1.
      step: left(tile(4)) - left(tile(2)),
      cellStep: left(root.querySelectorAll('.cell')[1]) - left(root.querySelectorAll('.cell')[0]),
    };
  }, { sel, cells: CELLS });
}

// A CSS colour as the browser computes it (rgb(...)).
const computed = (page, colour) => page.evaluate((c) => {
  const probe = document.createElement('i');
  probe.style.color = c;
  document.body.append(probe);
  const value = getComputedStyle(probe).color;
  probe.remove();
  return value;
}, colour);

async function themeColours(page, theme) {
  const colours = {};
  for (const [key, token] of [['tile2', 'tile-2'], ['tile2Text', 'tile-text-light'], ['tile2048', 'tile-2048'], ['board', 'board'], ['cell', 'cell'], ['frame', 'frame'], ['text', 'text']]) {
    colours[key] = await computed(page, themeDefault(`--game2048-${token}`, theme));
  }
  return colours;
}
const pick = (look, keys) => Object.fromEntries(keys.map((k) => [k, look[k]]));

test('without tokens, each theme\'s colours are its own (light and dark)', async () => {
  const { page, done } = await openPage(env, PAGE, { wait: false });
  for (const theme of ['light', 'dark']) {
    const got = await look(page, `#${theme}`);
    const want = await themeColours(page, theme);
    assert.deepEqual(pick(got, Object.keys(want)), want, theme);
    assert.match(got.font, /^"Clear Sans"/);
    assert.equal(got.boardRadius, '4px', 'a board narrower than 480 px: 4px');
    assert.ok(Math.abs(got.step - got.cellStep) < 0.5, `a tile sits on its cell: ${got.step} against ${got.cellStep}`);
  }
  await done();
});

test('a host\'s tokens on the element reach the shadow root, over its theme', async () => {
  const { page, done } = await openPage(env, PAGE, { wait: false });
  const got = await look(page, '#styled');
  assert.deepEqual(pick(got, ['tile2', 'tile2Text', 'super', 'board', 'cell', 'frame', 'text', 'font', 'gap', 'boardRadius']), {
    tile2: 'rgb(1, 2, 3)', tile2Text: 'rgb(4, 5, 6)', super: 'rgb(7, 8, 9)', board: 'rgb(10, 11, 12)', cell: 'rgb(13, 14, 15)',
    frame: 'rgb(16, 17, 18)', text: 'rgb(19, 20, 21)', font: 'Georgia, serif', gap: '10px', boardRadius: '12px',
  });
  // A token it does not set keeps the theme's (dark) value.
  assert.equal(got.tile2048, await computed(page, themeDefault('--game2048-tile-2048', 'dark')));
  assert.ok(Math.abs(got.step - got.cellStep) < 0.5, `a tile sits on its cell: ${got.step} against ${got.cellStep}`);
  assert.ok(Math.abs(got.cellStep - ((got.width - 5 * 10) / 4 + 10)) < 0.5, `cells of (width - 5 gaps) / 4, a 10px gap: ${got.cellStep}`);

  // The same tokens on the element given to mount().
  await page.evaluate(async () => {
    const { mount } = await import('/embed.js');
    const target = document.querySelector('#target');
    target.__game = mount(target, { theme: 'light', persist: false });
  });
  assert.equal((await look(page, '#target')).tile2, 'rgb(22, 23, 24)');
  await done();
});

test('a host\'s dark-mode switch: theme set at runtime (property, setOption) changes the colours; system follows the OS', async () => {
  const { page, done } = await openPage(env, PAGE, { wait: false });
  const [light, dark] = [await themeColours(page, 'light'), await themeColours(page, 'dark')];
  assert.deepEqual(pick(await look(page, '#light'), ['board', 'frame']), pick(light, ['board', 'frame']));
  await page.evaluate(() => { document.querySelector('#light').theme = 'dark'; });
  assert.deepEqual(pick(await look(page, '#light'), ['board', 'frame', 'tile2']), pick(dark, ['board', 'frame', 'tile2']));
  await page.evaluate(() => document.querySelector('#light').game.setOption('theme', 'light'));
  assert.deepEqual(pick(await look(page, '#light'), ['board', 'frame', 'tile2']), pick(light, ['board', 'frame', 'tile2']));

  // system: the OS's scheme, not the page's.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => { document.querySelector('#light').theme = 'system'; });
  assert.equal((await look(page, '#light')).board, dark.board);
  await page.emulateMedia({ colorScheme: 'light' });
  assert.equal((await look(page, '#light')).board, light.board);
  await done();
});
