// One interface: <game-2048> offers every member of the controller mount() returns (its
// methods, state getters, `ready` and `element`), and without a board reads and returns what
// the controller does before its first board (docs/embed.md, "Methods").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createGameApi } from '../../www/game/game-api.js';
import { Game2048Element } from '../../www/game/element.js';

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
  await assert.rejects(element.ready, /not mounted/);
});
