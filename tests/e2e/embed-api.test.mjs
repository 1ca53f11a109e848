// The embed API's edges a host page relies on: a board without an id saves under its page's
// path (and adopts the older key's save), an element's `ready` read before it is connected,
// setOption's refusals (false and a warning naming why), and the engine's API loaded as the
// docs show it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPage, until } from './helpers.mjs';

const env = setup();
const EMPTY = 'tests/e2e/fixtures/empty.html';

test('a board without an id saves under its page\'s path, and takes a copy of the older game2048:board-N save', async () => {
  const { page, done } = await openPage(env, EMPTY, { wait: false });
  const result = await page.evaluate(async () => {
    const { mount } = await import('/embed.js');
    // A save under the older key, as a board of an earlier version left it.
    const host = document.body.appendChild(document.createElement('div'));
    const old = mount(host, { storageKey: 'game2048:board-1', size: 3, seed: 5 });
    await old.ready;
    for (const d of ['left', 'up', 'right', 'down', 'left', 'up']) old.move(d);
    const cells = old.cells.join();
    old.destroy();
    const board = mount(host, {});
    await board.ready;
    const keys = Object.keys(localStorage);
    return { cells, adopted: board.cells.join(), size: board.size, keys };
  });
  const path = '/tests/e2e/fixtures/empty.html';
  assert.ok(result.keys.some((k) => k.startsWith(`game2048:${path}:board-1:`)), result.keys.join(' '));
  assert.ok(result.keys.some((k) => k.startsWith('game2048:board-1:')), 'the older save stays');
  assert.equal(result.size, 3);
  assert.equal(result.adopted, result.cells, 'the older save\'s game goes on');
  await done();
});

test('an element\'s ready read before it is connected is one promise that resolves once its board is drawn', async () => {
  const { page, done, errors } = await openPage(env, EMPTY, { wait: false });
  const result = await page.evaluate(async () => {
    window.unhandled = 0;
    addEventListener('unhandledrejection', () => window.unhandled++);
    await import('/embed.js');
    const el = document.createElement('game-2048');
    const first = el.ready;
    const same = el.ready === first && el.ready === first;
    await new Promise((resolve) => setTimeout(resolve, 50));
    el.setAttribute('persist', 'off');
    document.body.append(el);
    const game = await first;
    return { same, resolvedToGame: game === el.game, drawn: el.cells.length, unhandled: window.unhandled };
  });
  assert.deepEqual(result, { same: true, resolvedToGame: true, drawn: 16, unhandled: 0 });
  assert.deepEqual(errors, []);
  await done();
});

test('setOption returns false with a warning naming why for an option it does not apply; a budget out of range before ready warns when it runs', async () => {
  const { page, done } = await openPage(env, EMPTY, { wait: false });
  const warnings = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  const result = await page.evaluate(async () => {
    const { mount } = await import('/embed.js');
    const game = mount(document.body.appendChild(document.createElement('div')), { persist: false, strategy: 'expectimax' });
    const early = game.setOption('nodes', 1e15);
    await game.ready;
    return {
      early,
      cells: game.setOption('cells', [2, 0, 0, 0]),
      persist: game.setOption('persist', 'off'),
      unknown: game.setOption('colour', 'red'),
      nodes: game.setOption('nodes', 1e15),
      theme: game.setOption('theme', 'dark'),
    };
  });
  assert.deepEqual(result, { early: true, cells: false, persist: false, unknown: false, nodes: false, theme: true });
  await until(() => warnings.length >= 5);
  const said = warnings.join('\n');
  assert.match(said, /setOption\("cells"\) changes nothing: it is read only by mount\(\)/);
  assert.match(said, /setOption\("persist"\) changes nothing: it needs a new mount/);
  assert.match(said, /setOption\("colour"\) changes nothing: there is no such option/);
  assert.equal(said.match(/setOption\("nodes", 1000000000000000\) changes nothing/g)?.length, 2, said);
  await done();
});

test('the engine\'s JavaScript API as docs/embed.md shows it: init() with no argument finds its wasm next to the glue, and a game plays', async () => {
  const { page, done } = await openPage(env, EMPTY, { wait: false });
  const result = await page.evaluate(async () => {
    const { default: init, Game } = await import('/www/pkg/game2048_ai.js');
    await init();
    const g = new Game(4, 123n);
    const moved = ['left', 'up', 'right', 'down'].some((d) => g.move(d) !== null);
    return { tiles: g.tiles().length, moved, size: g.size };
  });
  assert.equal(result.size, 4);
  assert.ok(result.moved, 'a move changed the board');
  assert.ok(result.tiles >= 2, `tiles: ${result.tiles}`);
  await done();
});
