// Every page passes axe-core's WCAG 2 A and AA rules (tags wcag2a, wcag2aa) at 1280x800, in
// the light and the dark theme: the game page (every tile from 2 to 4096 on its board, the
// ladder's table open), a game's replay and its review, the editor, the comparison after a
// run, the two-board demo and the learn page; and the game page in its solarized and
// high-contrast themes. axe-core (npm devDependency) is put into each page as a script; the
// context bypasses a page's Content-Security-Policy, which could refuse an inline script.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setup, openPage, ready, settle, drawn } from './helpers.mjs';

const env = setup();
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const DESKTOP = { width: 1280, height: 800 };

/**
 * axe's WCAG 2 A and AA violations on the page as it is now, one line per element. A text of
 * one character whose colours axe read and whose contrast falls short (a tile's 2, 4 or 8) it
 * reports as "incomplete" (too short to be sure it is text): here that counts as a violation.
 */
async function violations(page) {
  await settle(page);
  await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const result = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } });
    const short = result.incomplete.filter((v) => v.id === 'color-contrast')
      .map((v) => ({ ...v, nodes: v.nodes.filter((n) => n.any.some((c) => c.data?.messageKey === 'shortTextContent' && c.data.fgColor && c.data.bgColor)) }));
    return [...result.violations, ...short].flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' > ')}: ${n.failureSummary.replace(/\s+/g, ' ')}`));
  });
}

// A short game's record, made by a board mounted for it: for the replay page.
const someRecord = (page) => page.evaluate(async () => {
  const { mount } = await import('/embed.js');
  const host = document.createElement('div');
  document.body.append(host);
  const game = mount(host, { persist: false, seed: 5, controls: 'none', keyboard: 'none' });
  await game.ready;
  for (const d of ['left', 'up', 'right', 'down', 'left', 'up']) game.move(d);
  const record = game.getRecord();
  game.destroy();
  host.remove();
  return record;
});

// Each page, opened and brought to what a person sees once it is ready.
const PAGES = {
  async game(page) {
    // Every tile's colour from 2 to 4096, on a board that can still move.
    await page.goto(`${env.url}?mode=endless&cells=2,4,8,16,32,64,128,256,512,1024,2048,4096,0,0,0,0`);
    await ready(page);
    await page.locator('.g2048 .ai-ladder summary').click();
    await page.locator('.g2048 .more-button').waitFor();
  },
  async replay(page) {
    await page.goto(env.url);
    await ready(page);
    const record = await someRecord(page);
    await page.goto(`${env.url}replay.html#${record}`);
    await page.waitForSelector('body[data-ready] .replay .board[data-cells]');
    // Its review too: ratings, links to the worst moves, the chart.
    await page.locator('.replay-review').click();
    await page.selectOption('.review-budget', 'fast');
    await page.locator('.review-start').click();
    await page.waitForSelector('.review.review-done', { timeout: 60000 });
  },
  async editor(page) {
    await page.goto(`${env.url}editor.html`);
    await page.waitForSelector('body[data-ready] .editor-page .board');
  },
  async compare(page) {
    await page.goto(`${env.url}compare.html`);
    await page.waitForSelector('[data-ready="true"]');
    await page.fill('.compare-games', '2');
    await page.locator('.compare-run').click();
    await page.waitForFunction(() => document.querySelector('.compare-count')?.textContent.startsWith('4 of 4'), null, { timeout: 30000 });
  },
  async demo(page) {
    await page.goto(`${env.url}demo.html`);
    for (const id of ['#play', '#watch']) await drawn(page, id);
    // The AI's board holds still (a tile fading in is not a colour to judge).
    await page.evaluate(() => document.querySelector('#watch').stopAI());
  },
  async learn(page) {
    await page.goto(`${env.url}learn.html`);
    await page.waitForFunction(() => !document.querySelector('.learn-toggle').disabled, null, { timeout: 20000 });
  },
};

for (const colorScheme of ['light', 'dark']) {
  for (const [name, open] of Object.entries(PAGES)) {
    test(`axe-core, WCAG 2 A and AA: the ${name} page in ${colorScheme}`, async () => {
      const { page, done } = await openPage(env, null, { contextOptions: { viewport: DESKTOP, colorScheme, bypassCSP: true } });
      await open(page);
      assert.deepEqual(await violations(page), [], `the ${name} page in ${colorScheme}`);
      await done();
    });
  }
}

// The game's other two themes, chosen in its settings (saved as the page's settings).
for (const theme of ['solarized', 'contrast']) {
  test(`axe-core, WCAG 2 A and AA: the game page in the ${theme} theme`, async () => {
    const initScript = `localStorage.setItem('game2048:settings', JSON.stringify({ theme: '${theme}' }));`;
    const { page, done } = await openPage(env, null, { contextOptions: { viewport: DESKTOP, bypassCSP: true }, initScript });
    await PAGES.game(page);
    assert.equal(await page.evaluate((t) => document.body.classList.contains(`theme-${t}`), theme), true);
    assert.deepEqual(await violations(page), [], `the game page in ${theme}`);
    await done();
  });
}
