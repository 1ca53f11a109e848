// One interface: <game-2048> offers every member of the controller mount() returns (its
// methods, state getters, `ready` and `element`), and without a board reads and returns what
// the controller does before its first board (docs/embed.md, "Methods").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createGameApi } from '../../www/game/game-api.js';
import { Game2048Element } from '../../www/game/element.js';
import { SETTABLE_OPTIONS } from '../../www/game/options.js';

// A controller before its first board: every call queued (returns undefined), no state yet.
function controllerBeforeReady() {
  const ready = new Promise(() => {});
  return createGameApi({
    element: {}, ready, call: () => () => undefined, controller: () => null, destroyed: () => false,
    bindKeys() {}, validStrategy: (s) => s, view: {}, emit() {}, loadRecords: async () => ({}), destroy() {},
  });
}

// Each member's kind: 'method', 'getter' or 'value' (a data property that is not a function).
function kind(descriptor) {
  if (descriptor.get) return 'getter';
  return typeof descriptor.value === 'function' ? 'method' : 'value';
}
function members(object, stop = Object.prototype) {
  const found = {};
  for (let o = object; o && o !== stop; o = Object.getPrototypeOf(o)) {
    for (const name of Object.getOwnPropertyNames(o)) {
      if (name !== 'constructor' && !(name in found)) found[name] = kind(Object.getOwnPropertyDescriptor(o, name));
    }
  }
  return found;
}

test('the element has every member of the controller, of the same kind', () => {
  const controller = members(controllerBeforeReady());
  const element = members(Game2048Element.prototype);
  assert.ok(Object.keys(controller).length >= 20, Object.keys(controller).join(', '));
  const missing = Object.keys(controller).filter((name) => !(name in element));
  assert.deepEqual(missing, [], 'members of the controller the element lacks');
  // The controller's `ready` and `element` are values; the element's are getters.
  const differ = Object.entries(controller)
    .filter(([name, k]) => element[name] !== k && !(k === 'value' && element[name] === 'getter'))
    .map(([name, k]) => `${name}: ${k} on the controller, ${element[name]} on the element`);
  assert.deepEqual(differ, []);
});

test('an element without a board reads and returns what the controller does before ready', async () => {
  const controller = controllerBeforeReady();
  const element = new Game2048Element();
  for (const [name, k] of Object.entries(members(controller))) {
    if (k === 'getter') assert.deepEqual(element[name], controller[name], name);
  }
  assert.equal(element.element, element, 'the element is its own board\'s host');
  assert.equal(element.getState(), controller.getState());
  assert.equal(element.getRecord(), controller.getRecord());
  assert.equal(element.move('left'), undefined);
  assert.equal(element.setOption('theme', 'dark'), false, 'nothing to set without a board');
  assert.equal(typeof element.subscribe(() => {}), typeof controller.subscribe(() => {}), 'subscribe returns an unsubscribe function');
  assert.equal(await element.loadRecord('2048r1.x'), false);
});

// A controller with a board: `configure` takes a budget only within `range`, and records what it applied.
function controllerWithBoard({ range = [1, 1000] } = {}) {
  const applied = [];
  const board = {
    configure: (name, value) => ((name === 'ms' || name === 'nodes') && (value < range[0] || value > range[1]) ? false : (applied.push([name, value]), Promise.resolve())),
    newGame: (o) => applied.push(['newGame', o]),
    startAi: () => applied.push(['startAi']),
    stopAi: () => applied.push(['stopAi']),
  };
  const api = createGameApi({
    element: {}, ready: Promise.resolve(), call: (fn) => fn, controller: () => board, destroyed: () => false,
    bindKeys: (mode) => applied.push(['keys', mode]), validStrategy: (s) => (s === 'expectimax' ? s : undefined), view: {}, emit() {}, loadRecords: async () => ({}), destroy() {},
  });
  return { api, applied };
}

// console.warn's lines while fn runs.
function warnings(fn) {
  const said = [];
  const warn = console.warn;
  console.warn = (text) => said.push(String(text));
  try {
    return { result: fn(), said };
  } finally {
    console.warn = warn;
  }
}

test('setOption applies each settable option and returns true', () => {
  const { api, applied } = controllerWithBoard();
  const values = { size: 5, mode: 'endless', theme: 'dark', strategy: 'expectimax', ms: 50, nodes: 200, autoplay: true, speed: 'max', seed: 7, keyboard: 'none' };
  assert.deepEqual(Object.keys(values).sort(), [...SETTABLE_OPTIONS].sort());
  for (const [name, value] of Object.entries(values)) {
    const { result, said } = warnings(() => api.setOption(name, value));
    assert.equal(result, true, name);
    assert.deepEqual(said, [], name);
  }
  assert.equal(applied.length, SETTABLE_OPTIONS.length);
});

test('setOption returns false, and warns with the reason, for every option it does not apply', () => {
  const { api, applied } = controllerWithBoard({ range: [1, 100] });
  const refused = {
    persist: ['off', /needs a new mount/], storageKey: ['x', /needs a new mount/], controls: ['full', /needs a new mount/],
    offline: [true, /needs a new mount/], assets: ['https://example.org/', /needs a new mount/],
    cells: [[2, 0, 0, 0], /only by mount/], restore: [false, /only by mount/], prefix: ['p', /only by mount/],
    shadow: [false, /only by mount/], storage: [{}, /only by mount/], aiWorkers: [2, /only by mount/],
    colour: ['red', /no such option/],
  };
  for (const [name, [value, reason]] of Object.entries(refused)) {
    const { result, said } = warnings(() => api.setOption(name, value));
    assert.equal(result, false, name);
    assert.equal(said.length, 1, name);
    assert.match(said[0], new RegExp(`setOption\\("${name}"\\)`));
    assert.match(said[0], reason, name);
  }
  // Out of the strategy's range, an invalid value, an unknown strategy: refused, and said.
  for (const [name, value, reason] of [['ms', 500, /no such budget, or not this one/], ['nodes', 0, /nodes="0" is not valid; nothing changes/],
    ['theme', 'pink', /theme="pink" is not valid; nothing changes/], ['strategy', 'nope', null]]) {
    const { result, said } = warnings(() => api.setOption(name, value));
    assert.equal(result, false, `${name} ${value}`);
    if (reason) assert.match(said.join('\n'), reason);
  }
  assert.deepEqual(applied, [], 'nothing applied');
});

test('an element\'s ready without a board is one promise, the same on every read, never an unhandled rejection', async () => {
  const unhandled = [];
  const onUnhandled = (e) => unhandled.push(e);
  process.on('unhandledRejection', onUnhandled);
  try {
    const element = new Game2048Element();
    const first = element.ready;
    assert.equal(element.ready, first);
    assert.ok(first instanceof Promise);
    element.destroy();
    assert.equal(element.ready, first, 'still the one promise, waiting for a board');
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.deepEqual(unhandled, []);
  } finally {
    process.off('unhandledRejection', onUnhandled);
  }
});
