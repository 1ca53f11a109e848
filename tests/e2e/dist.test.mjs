// The static folder from `make dist` (written here by tools/build/dist.mjs into a temp
// dir): served under a sub-path, under a strict Content-Security-Policy, and
// embedded into a page of another origin.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setup, openPage, drawn, recordEvents, events, idle, choose } from './helpers.mjs';
import { serve, STRICT_CSP, cdnCsp } from '../../tools/build/serve.mjs';
import { writeDist } from '../../tools/build/dist.mjs';
import { NETWORK_FILE } from '../../www/ai/network.js';

const env = setup();
let dir;
let dist;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'g2048-dist-'));
  dist = join(dir, 'dist');
  await writeDist(dist);
});
after(() => rmSync(dir, { recursive: true, force: true }));

// Opens `url` (absolute) in a fresh page that records CSP violations from the start.
async function openUrl(url) {
  const opened = await openPage(env, null, {
    contextOptions: { viewport: { width: 1000, height: 700 } },
    initScript: () => {
      window.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
    },
  });
  await opened.page.goto(url);
  return opened;
}

// One AI move on board `sel` (a worker loads and answers) and one player move.
async function playBoth(page, sel) {
  await recordEvents(page);
  await page.evaluate((s) => document.querySelector(s).step(), sel);
  await page.waitForFunction((s) => window.__events.some((e) => e.type === 'move' && `#${e.id}` === s), sel, { timeout: 15000 });
  const moved = await page.evaluate((s) => ['left', 'up', 'right', 'down'].some((d) => document.querySelector(s).move(d)), sel);
  assert.ok(moved, 'a player move');
  const [first] = await events(page, { type: 'move' });
  assert.equal(first.detail.by, 'ai');
}

test('dist served from a sub-path (/static/games/2048/): the demo and the full page work', async () => {
  const server = await serve({ port: 0, root: dist, prefix: '/static/games/2048/' });
  try {
    const { page, done } = await openUrl(`${server.url}demo.html`);
    await drawn(page, '#play');
    await drawn(page, '#watch');
    await playBoth(page, '#play');
    await page.goto(server.url);
    await drawn(page, 'body');
    assert.match(await page.textContent('.g2048 .title'), /2048/);
    await done();
  } finally {
    await server.close();
  }
});

test('dist under a strict CSP: no violations, the boards, the AI and the comparison work', async () => {
  const server = await serve({ port: 0, root: dist, headers: { 'Content-Security-Policy': STRICT_CSP } });
  try {
    const { page, done } = await openUrl(`${server.url}demo.html`);
    await drawn(page, '#play');
    await drawn(page, '#watch');
    await playBoth(page, '#play');
    await page.waitForFunction(() => window.__events.some((e) => e.type === 'move' && e.id === 'watch'), null, { timeout: 15000 });
    assert.deepEqual(await page.evaluate(() => window.__csp), [], 'no CSP violations on the demo');
    await page.goto(server.url);
    await drawn(page, 'body');
    const start = await page.getAttribute('.g2048 .board', 'data-cells');
    // All four directions: a random start can sit where Left and Up change nothing (a move
    // that lands spawns a tile, so the board cannot come back to the start).
    for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown']) await page.keyboard.press(key);
    const played = await page.getAttribute('.g2048 .board', 'data-cells');
    assert.notEqual(played, start, 'the keys moved the board');
    await choose(page, 'strategy', 'random');
    await page.locator('.g2048 .ai-step').click();
    // The AI's worker loads under the policy and answers: its move lands on the board.
    await page.waitForFunction((b) => document.querySelector('.g2048 .board').dataset.cells !== b, played, { timeout: 15000 });
    assert.deepEqual(await page.evaluate(() => window.__csp), [], 'no CSP violations on the full page');
    // The records' pages (bundled entries of their own): this game's replay and its review
    // by the AI in workers, then the editor's hint.
    await page.locator('.share-button').click();
    const link = await page.inputValue('.share-dialog[open] .share-link');
    await page.goto(link);
    await page.waitForSelector('body[data-ready] .replay .board[data-cells]');
    const moves = Number(await page.getAttribute('.replay .board', 'data-position'));
    assert.ok(moves >= 2, `the replay opens at the game's end (${moves} moves)`);
    await page.locator('.replay-review').click();
    await page.selectOption('.review-budget', 'fast');
    await page.locator('.review-start').click();
    await page.waitForSelector('.review.review-done', { timeout: 60000 });
    assert.equal(await page.locator('.review-row').count(), moves, 'every move reviewed');
    await page.goto(`${server.url}editor.html`);
    await page.waitForSelector('body[data-ready]');
    await page.locator('.editor-cell').nth(0).click();
    await page.locator('.editor-cell').nth(5).click();
    await page.locator('.editor-hint').click();
    await page.waitForSelector('.editor-hint-values');
    assert.deepEqual(await page.evaluate(() => window.__csp), [], 'no CSP violations on the replay and editor pages');
    // The comparison page: a short run draws its charts.
    await page.goto(`${server.url}compare.html`);
    await page.waitForSelector('[data-compare][data-ready="true"]');
    await page.fill('.compare-games', '2');
    await page.locator('.compare-run').click();
    await page.waitForFunction(() => /^Done/.test(document.querySelector('.compare-status').textContent), null, { timeout: 60000 });
    assert.equal(await page.locator('.chart-tiles .series').count(), 2);
    assert.deepEqual(await page.evaluate(() => window.__csp), [], 'no CSP violations on the comparison page');
    await done();
  } finally {
    await server.close();
  }
});

test('the learned network from dist: under a sub-path with the strict CSP, and from another origin (CORS) for strategy="td"', async () => {
  const game = await serve({ port: 0, root: dist, prefix: '/static/2048/', cors: true, headers: { 'Content-Security-Policy': STRICT_CSP } });
  const hostDir = join(dir, 'learned-host');
  mkdirSync(hostDir, { recursive: true });
  writeFileSync(join(hostDir, 'index.html'), `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Host</title><link rel="icon" href="data:,">
<script type="module" src="${game.url}embed.js"></script></head>
<body><game-2048 id="guest" size="4" persist="off" strategy="td"></game-2048></body></html>`);
  const host = await serve({ port: 0, root: hostDir });
  try {
    // The full page under the policy (default-src 'self' lets the page fetch the network).
    const { page, done } = await openUrl(game.url);
    await drawn(page, 'body');
    const fetched = [];
    page.on('response', (r) => { if (r.url().includes('/networks/')) fetched.push(`${r.status()} ${new URL(r.url()).pathname}`); });
    const before = await page.getAttribute('.g2048 .board', 'data-cells');
    await choose(page, 'strategy', 'td');
    await page.locator('.g2048 .ai-step').click();
    await page.waitForFunction((b) => document.querySelector('.g2048 .board').dataset.cells !== b, before, { timeout: 20000 });
    // The heuristic may have played that move; the line goes once a worker has read the network.
    await page.waitForSelector('.g2048 .ai-network', { state: 'hidden', timeout: 20000 });
    assert.deepEqual(fetched, [`200 /static/2048/${NETWORK_FILE}`]);
    assert.deepEqual(await page.evaluate(() => window.__csp), [], 'no CSP violations');
    // Another origin embeds the game with strategy="td": the network comes with CORS, and a
    // worker reads it (the line goes).
    const network = page.waitForResponse((r) => r.url().includes('/networks/'), { timeout: 20000 });
    await page.goto(host.url);
    await drawn(page, '#guest');
    await playBoth(page, '#guest');
    assert.equal((await network).status(), 200);
    await page.waitForFunction(() => document.querySelector('#guest').shadowRoot.querySelector('.ai-network')?.hidden, null, { timeout: 20000 });
    await done();
  } finally {
    await host.close();
    await game.close();
  }
});

test('cross-origin embed: a page on one origin, under the docs\' CDN policy (cdnCsp), runs the game served (with CORS) from another', async () => {
  const game = await serve({ port: 0, root: dist, cors: true });
  const hostDir = join(dir, 'host');
  mkdirSync(hostDir, { recursive: true });
  // The host's own icon from its own origin, as its policy allows.
  writeFileSync(join(hostDir, 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(hostDir, 'index.html'), `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Host</title><link rel="icon" href="icon.svg">
<script type="module" src="${game.url}embed.js"></script></head>
<body><p>A page on another origin.</p><game-2048 id="guest" size="4" persist="off"></game-2048></body></html>`);
  const host = await serve({ port: 0, root: hostDir, headers: { 'Content-Security-Policy': cdnCsp(new URL(game.url).origin) } });
  try {
    assert.notEqual(new URL(host.url).origin, new URL(game.url).origin);
    const { page, done } = await openUrl(host.url);
    await drawn(page, '#guest');
    await playBoth(page, '#guest');
    assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector('#guest').shadowRoot.querySelector('.board')).position), 'absolute', 'its stylesheet applies');
    assert.deepEqual(await page.evaluate(() => window.__csp), [], 'no CSP violation');
    await done();
  } finally {
    await host.close();
    await game.close();
  }
});

test('a minimal embed from dist fetches its first board\'s modules as one file (www/game/mount.js, its two bars included), no chunk; it plays', async () => {
  const hostDir = join(dir, 'one');
  mkdirSync(hostDir, { recursive: true });
  const game = await serve({ port: 0, root: dist, cors: true });
  writeFileSync(join(hostDir, 'index.html'), `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Host</title><link rel="icon" href="data:,">
<script type="module" src="${game.url}embed.js"></script></head>
<body><game-2048 id="one" size="4" persist="off"></game-2048></body></html>`);
  const host = await serve({ port: 0, root: hostDir });
  try {
    const { page, done } = await openPage(env, null, { clock: true });
    const scripts = [];
    page.on('request', (r) => r.url().endsWith('.js') && r.url().startsWith(game.url) && scripts.push(r.url().slice(game.url.length)));
    await page.goto(host.url);
    await drawn(page, '#one');
    await idle(page); // every request the page made on its own is in `scripts`
    // The wasm glue aside: embed.js, the first board's file with the bars, and the element, one level below
    // it (no chunk between: a request waiting for another adds to the first board's time).
    const modules = scripts.filter((s) => !s.startsWith('www/pkg/'));
    assert.deepEqual(modules.sort(), ['embed.js', 'www/game/element.js', 'www/game/mount.js']);
    await playBoth(page, '#one');
    await done();
  } finally {
    await host.close();
    await game.close();
  }
});

test('the game page from dist names every module and the wasm its first board needs in preload hints, each fetched once, and none it asks for later', async () => {
  const server = await serve({ port: 0, root: dist });
  try {
    // The board's `ready` event marks the first board; what is asked for after it (offline.js, the
    // explanations' index) is not in the first board's time and has no hint.
    const initScript = () => document.addEventListener('ready', () => (window.__readyAt ??= performance.now()));
    const { page, done } = await openPage(env, null, { initScript });
    const asked = [];
    page.on('request', (r) => /\.(js|wasm)$/.test(r.url()) && r.url().startsWith(server.url) && asked.push(r.url().slice(server.url.length)));
    await page.goto(server.url);
    await drawn(page, 'body');
    await idle(page);
    // Each file's fetch start (resource timing), before the first board or after it. A request
    // with no entry yet is still under way, so it began after the board was idle: after it.
    const starts = await page.evaluate(() => performance.getEntriesByType('resource')
      .map((e) => [e.name.slice(location.origin.length + 1), e.startTime > window.__readyAt]));
    const after = starts.filter(([, late]) => late).map(([name]) => name);
    const early = new Set(starts.filter(([, late]) => !late).map(([name]) => name));
    const hinted = await page.evaluate(() => [...document.querySelectorAll('link[rel=modulepreload], link[rel=preload]')].map((l) => l.getAttribute('href')));
    assert.ok(hinted.includes('www/game/mount.js') && hinted.includes('www/pkg/game2048_play_bg.wasm'), hinted.join(', '));
    const before = asked.filter((f) => early.has(f));
    // Every module and wasm asked for before the first board was hinted (the entry is the page's own script tag).
    const unhinted = before.filter((f) => f !== 'www/game/main.js' && !hinted.includes(f));
    assert.deepEqual(unhinted, [], `asked before the first board without a hint (GAME_PAGE_FIRST in tools/build/dist.mjs)`);
    for (const f of hinted) assert.equal(asked.filter((a) => a === f).length, 1, `${f}: fetched once (a hint the page's own request does not reuse is fetched twice)`);
    // What the board asks for once drawn has no hint, which would fetch it in the first board's time.
    for (const f of ['www/shared/offline.js', 'www/pkg/strategy-texts/index.js']) assert.ok(after.includes(f), `${f} fetched only after the first board: ${after.join(', ')}`);
    await done();
  } finally {
    await server.close();
  }
});
