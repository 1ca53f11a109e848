// Public entry for pages and embedders: mount(element, options) renders a game
// into `element` and resolves to its controller. Nothing here depends on ids,
// globals or being the only game on the page.
import { loadEngine } from './wasm.js';
import { createStorage } from './storage.js';
import { createView } from './view.js';
import { createController } from './controller.js';
import { createInput } from './input.js';
import { createAi } from './ai.js';

/**
 * options:
 *   prefix   localStorage key prefix (default "game2048"); one per board on a page
 *   storage  a Storage-like object to use instead of localStorage
 *   keyboard "document" (default: arrow keys/WASD anywhere on the page),
 *            "element" (only while focus is inside this game) or false
 *   size, mode, seed, cells, restore   the starting position (see controller.js)
 *   aiWorkers  how many AI workers (default: one per spare core, 1 to 4)
 */
export async function mount(element, options = {}) {
  if (!element || typeof element.append !== 'function') throw new TypeError('mount: an element is required');
  const handlers = {};
  const view = createView(element, {
    newGame: () => handlers.newGame?.(),
    undo: () => handlers.undo?.(),
    keepGoing: () => handlers.keepGoing?.(),
    setting: (name, value) => handlers.setting?.(name, value),
    aiToggle: () => handlers.aiToggle?.(),
    aiStep: () => handlers.aiStep?.(),
    aiHint: () => handlers.aiHint?.(),
  });

  let engine;
  try {
    engine = await loadEngine();
  } catch (e) {
    view.showError('The game engine could not be loaded. Please reload the page.');
    throw e;
  }

  const storage = createStorage({
    prefix: options.prefix ?? 'game2048',
    backend: options.storage,
    onUnavailable: () => view.notice('Storage is not available: this game will not be saved.', 'storage'),
  });
  const ai = createAi({
    Game: engine.Game,
    count: options.aiWorkers,
    onUnavailable: (reason) => controller.aiUnavailable(reason),
  });
  const controller = createController({ Game: engine.Game, view, storage, ai, options });
  handlers.newGame = () => controller.newGame();
  handlers.undo = () => controller.undo();
  handlers.keepGoing = () => controller.keepGoing();
  handlers.setting = (name, value) => controller.setSetting(name, value);
  handlers.aiToggle = () => controller.toggleAi();
  handlers.aiStep = () => controller.stepAi();
  handlers.aiHint = () => controller.hintAi();

  const doc = element.ownerDocument;
  const keyboard = options.keyboard ?? 'document';
  if (keyboard === 'element' && !element.hasAttribute('tabindex')) view.board.tabIndex = 0;
  const input = createInput({
    keyTarget: keyboard === 'document' ? doc : keyboard === 'element' ? element : null,
    swipeTarget: view.wrap,
    root: element,
    onMove: (dir) => controller.move(dir),
    isEnabled: () => !view.isBusy(),
  });

  const onHide = () => controller.flush();
  const win = doc.defaultView;
  win?.addEventListener('pagehide', onHide);
  doc.addEventListener('visibilitychange', onHide);

  controller.start();

  return {
    element,
    move: controller.move,
    undo: controller.undo,
    newGame: controller.newGame,
    keepGoing: controller.keepGoing,
    setSetting: controller.setSetting,
    startAi: controller.startAi,
    stopAi: controller.stopAi,
    stepAi: controller.stepAi,
    hintAi: controller.hintAi,
    getState: controller.getState,
    cells: controller.cells,
    subscribe: controller.subscribe,
    destroy() {
      win?.removeEventListener('pagehide', onHide);
      doc.removeEventListener('visibilitychange', onHide);
      input.destroy();
      controller.destroy();
      view.destroy();
    },
  };
}
