// The `controls` attribute (mount option): none (the board only), minimal (score, New
// game, Start AI, Hint), full (every control); a bad value falls back with one warning.
// A board with controls="none" loads no control module, worker or AI wasm until the AI runs;
// one with controls="minimal" loads only its two bars, not the full panel, its dialogs or rules.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPage, drawn, hostCells, idle } from './helpers.mjs';

const env = setup();

// Which parts board `sel` shows (present in its shadow root and rendered).
function parts(page, sel) {
  const names = ['board', 'score', 'new-button', 'undo-button', 'ai-toggle', 'ai-step', 'ai-hint', 'setting-speed', 'ai-fold-button', 'setting-strategy', 'settings-button', 'ai-stats'];
  return page.evaluate(([s, list]) => {
    const root = document.querySelector(s).shadowRoot;
    return list.filter((n) => {
      const node = root.querySelector(`.${n}`);
      return node && node.getClientRects().length > 0;
    });
  }, [sel, names]);
}

test('controls none | minimal | full, a bad value and the default', async () => {
  const warnings = [];
  const { page, done } = await openPage(env, null, { contextOptions: { viewport: { width: 1280, height: 900 } } });
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  await page.goto(`${env.url}tests/e2e/fixtures/controls.html`);
  for (const id of ['none', 'watch', 'minimal', 'full', 'bad', 'default']) await drawn(page, `#${id}`);
  assert.deepEqual(await parts(page, '#none'), ['board']);
  assert.deepEqual(await parts(page, '#minimal'), ['board', 'score', 'new-button', 'ai-toggle', 'ai-hint']);
  // full, 500 px wide: the game page's panel in one column, the player and strength folded until a tap.
  assert.deepEqual(await parts(page, '#full'), ['board', 'score', 'new-button', 'undo-button', 'ai-toggle', 'ai-step', 'ai-hint', 'setting-speed', 'ai-fold-button', 'settings-button', 'ai-stats']);
  await page.locator('#full .ai-fold-button').click();
  assert.ok((await parts(page, '#full')).includes('setting-strategy'), 'the fold opens the player and strength');
  assert.deepEqual(await parts(page, '#default'), await parts(page, '#minimal'), 'the default is minimal');
  assert.deepEqual(await parts(page, '#bad'), await parts(page, '#minimal'), 'a bad value falls back to minimal');
  const about = warnings.filter((w) => /controls/.test(w));
  assert.equal(about.length, 1, `one warning: ${warnings.join(' | ')}`);
  assert.match(about[0], /controls="tiny" is not valid.*minimal/);

  // none: keys (while focused) and autoplay work.
  const before = await hostCells(page, '#none');
  await page.locator('#none .board').focus();
  let moved = false;
  for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown']) {
    await page.keyboard.press(key);
    if ((await hostCells(page, '#none')).join() !== before.join()) moved = true;
  }
  assert.ok(moved, 'keys move the bare board');
  await page.waitForFunction(() => document.querySelector('#watch').moves >= 3, null, { timeout: 20000 });
  // minimal: Start AI plays.
  await page.locator('#minimal .ai-toggle').click();
  await page.waitForFunction(() => document.querySelector('#minimal').moves >= 2, null, { timeout: 20000 });
  await page.locator('#minimal .ai-toggle').click();
  await done();
});

test('controls="none" downloads none of the full controls (controls.js), no AI pool, worker, AI wasm, explanations or record reader until the AI first runs', async () => {
  const { page, done } = await openPage(env, null, { clock: true });
  const requested = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await page.goto(`${env.url}tests/e2e/fixtures/controls-none.html`);
  await drawn(page, '#bare');
  await idle(page); // the page has done what it does on its own, and every request it made is in `requested`
  const loaded = (name) => requested.some((p) => p.endsWith(name));
  assert.ok(loaded('/game2048_play_bg.wasm'), 'the play wasm draws the board');
  for (const name of ['/game/controls.js', '/game/panel.js', '/ai/panel.js', '/records/record-bar.js', '/game/stats-view.js', '/ai/pool.js', '/ai/worker.js', '/game2048_ai_bg.wasm', '/game2048_ai.js', '/game2048_records_bg.wasm']) {
    assert.equal(loaded(name), false, `${name} is not loaded before the AI runs: ${requested.join(' ')}`);
  }
  assert.equal(requested.some((p) => p.includes('/strategy-texts/')), false, 'no explanation is fetched');
  await page.evaluate(() => document.querySelector('#bare').step());
  await page.waitForFunction(() => document.querySelector('#bare').moves === 1, null, { timeout: 20000 });
  assert.ok(loaded('/ai/pool.js') && loaded('/ai/worker.js') && loaded('/game2048_ai_bg.wasm'), 'the AI loads when it runs');
  assert.equal(loaded('/game/panel.js'), false);
  await done();
});

test('controls="minimal" downloads its two bars, not the full controls (controls.js: the full panel, its settings and help dialogs, record links) or their rules; they play', async () => {
  const { page, done } = await openPage(env, null, { clock: true });
  const requested = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await page.goto(`${env.url}tests/e2e/fixtures/controls-minimal.html`);
  await drawn(page, '#small');
  await idle(page); // the page has done what it does on its own, and every request it made is in `requested`
  const loaded = (name) => requested.some((p) => p.endsWith(name));
  assert.ok(loaded('/game/bar.js') && loaded('/ai/bar.js'), `the minimal bars load: ${requested.join(' ')}`);
  for (const name of ['/game/controls.js', '/game/panel.js', '/ai/panel.js', '/records/record-bar.js', '/game/stats-view.js', '/panel.css', '/ai/pool.js', '/ai/worker.js']) {
    assert.equal(loaded(name), false, `${name} is not loaded by a minimal board: ${requested.join(' ')}`);
  }
  // Its controls are styled by style.css alone (the bar in a row, buttons as buttons) and work.
  const looks = await page.evaluate(() => {
    const root = document.querySelector('#small').shadowRoot;
    const style = (sel) => getComputedStyle(root.querySelector(sel));
    return { bar: style('.bar').display, aiBar: style('.ai-bar').display, border: style('.ai-toggle').borderTopWidth, cursor: style('.ai-toggle').cursor };
  });
  assert.deepEqual(looks, { bar: 'flex', aiBar: 'flex', border: '0px', cursor: 'pointer' });
  const button = (name) => page.locator(`#small .${name}`);
  await button('ai-hint').click();
  await page.locator('#small .ai-status').filter({ hasText: /^Hint: (up|right|down|left)\b/ }).waitFor({ timeout: 20000 });
  await button('ai-toggle').click();
  await page.waitForFunction(() => document.querySelector('#small').moves >= 3, null, { timeout: 20000 });
  await button('ai-toggle').click();
  await page.waitForFunction(() => !document.querySelector('#small').aiPlaying);
  // Its confirmation (an embedder's loadRecord over a game in progress); Escape keeps the game.
  const moves = await page.evaluate(() => document.querySelector('#small').moves);
  const record = await page.evaluate(() => document.querySelector('#small').getRecord());
  const answer = page.evaluate((r) => document.querySelector('#small').loadRecord(r, { at: 1 }), record);
  await page.locator('#small .confirm-dialog[open]').waitFor();
  await page.keyboard.press('Escape');
  assert.equal(await answer, false);
  assert.equal(await page.evaluate(() => document.querySelector('#small').moves), moves);
  // "?" and "O" take nothing on a minimal board (no help or settings): still nothing of the full panel.
  await page.locator('#small .board').focus();
  await page.keyboard.press('?');
  await page.keyboard.press('o');
  await idle(page); // what the keys started (a module to load, a dialog) has started
  assert.equal(await page.locator('#small dialog[open]').count(), 0);
  assert.equal(loaded('/game/panel.js') || loaded('/panel.css'), false);
  await done();
});

test('controls="full" in a shadow root links the full panel\'s rules (panel.css) before the board shows', async () => {
  const { page, done } = await openPage(env, null, { contextOptions: { viewport: { width: 1280, height: 900 } } });
  await page.goto(`${env.url}tests/e2e/fixtures/controls.html`);
  await drawn(page, '#full');
  const looks = await page.evaluate(() => {
    const root = document.querySelector('#full').shadowRoot;
    const style = (sel) => getComputedStyle(root.querySelector(sel));
    return { stats: style('.ai-stats').display, values: style('.ai-values').display, choices: style('.setting-speed .choices').display };
  });
  assert.deepEqual(looks, { stats: 'grid', values: 'grid', choices: 'flex' });
  await done();
});

test('a minimal board shows the solarized and contrast themes (their colours in panel.css): from the attribute by its ready event, and when changed later', async () => {
  // The colour each board shows when it fires `ready`.
  const { page, done } = await openPage(env, null, {
    initScript: () => {
      window.__atReady = {};
      document.addEventListener('ready', (e) => {
        window.__atReady[e.target.id] = getComputedStyle(e.target.shadowRoot.querySelector('.g2048')).backgroundColor;
      });
    },
  });
  await page.goto(`${env.url}tests/e2e/fixtures/controls-themes.html`);
  await drawn(page, '#sol');
  await drawn(page, '#plain');
  await page.waitForFunction(() => Object.keys(window.__atReady).length === 2);
  assert.deepEqual(await page.evaluate(() => window.__atReady), { sol: 'rgb(0, 43, 54)', plain: 'rgb(250, 248, 239)' }, 'solarized by its ready event');
  const look = (sel) => page.evaluate((s) => {
    const root = document.querySelector(s).shadowRoot;
    return { bg: getComputedStyle(root.querySelector('.g2048')).backgroundColor, panel: Boolean(root.querySelector('link[href$="/panel.css"]')) };
  }, sel);
  assert.deepEqual(await look('#sol'), { bg: 'rgb(0, 43, 54)', panel: true });
  assert.deepEqual(await look('#plain'), { bg: 'rgb(250, 248, 239)', panel: false }, 'a light board does without panel.css');
  await page.evaluate(() => document.querySelector('#plain').setAttribute('theme', 'contrast'));
  await page.waitForFunction(() => getComputedStyle(document.querySelector('#plain').shadowRoot.querySelector('.g2048')).backgroundColor === 'rgb(0, 0, 0)');
  assert.deepEqual(await look('#plain'), { bg: 'rgb(0, 0, 0)', panel: true });
  await done();
});

test('controls="full": the speed attribute shows on the panel\'s speed, follows a change of it, and the panel\'s speed sets the board\'s', async () => {
  const { page, done } = await openPage(env, null, { contextOptions: { viewport: { width: 1280, height: 900 } } });
  await page.goto(`${env.url}tests/e2e/fixtures/controls.html`);
  await page.evaluate(() => {
    const el = document.createElement('game-2048');
    el.id = 'fast';
    el.setAttribute('controls', 'full');
    el.setAttribute('persist', 'off');
    el.setAttribute('speed', 'max');
    document.body.append(el);
  });
  await drawn(page, '#fast');
  const pressed = () => page.evaluate(() => document.querySelector('#fast').shadowRoot.querySelector('.ai .setting-speed [aria-pressed="true"]').textContent);
  assert.equal(await pressed(), 'Max');
  await page.evaluate(() => document.querySelector('#fast').setAttribute('speed', 'watch'));
  await page.waitForFunction(() => document.querySelector('#fast').shadowRoot.querySelector('.ai .setting-speed [aria-pressed="true"]').textContent === 'Watch');
  await page.locator('#fast .ai .setting-speed .choice-faster').click();
  assert.equal(await pressed(), 'Faster');
  await done();
});
