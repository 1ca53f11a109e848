// Public entry for pages and embedders: mount(element, options) renders a game
// into `element` (inside an open shadow root, with the game's own stylesheet)
// and returns its controller at once; the engine loads in the background and
// `controller.ready` settles when the first board is drawn. Nothing here uses
// ids, globals, or assumes it is the only game on the page.
import { loadEngine, loadRecords } from '../shared/wasm.js';
import { createStorage, memoryStorage } from './storage.js';
import { adoptItems } from '../shared/guarded-storage.js';
import { createView } from './view.js';
import { createController } from './controller.js';
import { aiClicks } from '../ai/board-ai.js';
import { createInput } from './input.js';
import { readOptions } from './options.js';
import { createGameApi } from './game-api.js';
import { YOURS } from '../shared/choices.js';
import { linkSheet } from '../shared/dom.js';
import { gameCatalog, learnedPlays, loadExplanation, DEFAULT_STRATEGY } from '../ai/strategies.js';
import { errorText as message } from '../shared/errors.js';
import { setAssetBase } from '../shared/assets.js';

export { setAssetBase };

const ourShadows = new WeakSet(); // shadow roots attached here: a later mount re-uses them
const live = new Map(); // host element -> controller, for boards not yet destroyed


// Without an id or storage key, boards are told apart by their page's path and their order on
// the page (`game2048:/blog/post.html:board-1`); `older` is the key before the path was in it
// (`game2048:board-1`), whose saves a board without its own adopts (adoptItems).
function defaultKey(element) {
  if (element.id) return { key: `game2048:${element.id}` };
  let n = 1;
  for (const other of live.keys()) {
    if (other !== element && other.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING) n++;
  }
  const path = element.ownerDocument.defaultView?.location?.pathname ?? '/';
  return { key: `game2048:${path}:board-${n}`, older: `game2048:board-${n}` };
}

// The board's key prefix: the embedder's, else defaultKey's (adopting the older key's saves).
function storageKey(element, opts) {
  const given = opts.storageKey ?? opts.prefix;
  if (given) return given;
  const { key, older } = defaultKey(element);
  if (older && opts.persist !== false) adoptItems({ from: older, to: key, backend: opts.storage });
  return key;
}

// The element the board renders into: by default a div in an open shadow root of `element`
// (re-used from an earlier mount), hidden until its stylesheets arrive (or fail); with
// shadow false, `element` itself. sheetLoaded resolves when they are in.
function attachRoot(element, controls, shadow) {
  if (!shadow) return { root: element, shadowRoot: null, sheetLoaded: Promise.resolve() };
  const shadowRoot = element.shadowRoot && ourShadows.has(element.shadowRoot) ? element.shadowRoot : element.attachShadow({ mode: 'open' });
  ourShadows.add(shadowRoot);
  const root = element.ownerDocument.createElement('div');
  // Unstyled content stays hidden until the stylesheets arrive (or fail).
  root.hidden = true;
  shadowRoot.replaceChildren(root);
  // style.css, and panel.css (the full panel's rules, the pages', and the solarized and contrast
  // themes') for controls "full" only; a board without the full panel links it when it shows
  // one of those themes (view.js).
  const sheets = controls === 'full' ? ['style.css', 'panel.css'] : ['style.css'];
  // Linked a microtask later, as the engine is loaded: see mount().
  const sheetLoaded = Promise.resolve().then(() => Promise.all(sheets.map((path) => linkSheet(root, path)))).then(() => {
    root.hidden = false;
  });
  return { root, shadowRoot, sheetLoaded };
}

// The view's clicks and choices, each for the controller once there is one (none before);
// share() opens the share dialog, replay(record) a record's replay in the board.
function clicks(controller, { share, replay }) {
  return {
    newGame: () => controller()?.newGame(),
    undo: () => controller()?.undo(),
    keepGoing: () => controller()?.keepGoing(),
    setting: (name, value) => controller()?.setSetting(name, value),
    // The AI's buttons go to the board's AI itself (its front door), not through the game.
    ...aiClicks(() => controller()?.ai),
    weights: (values, changed) => controller()?.setWeights(values, changed),
    resetWeights: () => controller()?.resetWeights(),
    stats: () => controller()?.showStats(),
    resetStats: () => controller()?.resetStats(),
    clearKept: () => controller()?.clearKept(),
    share: () => controller() && share(),
    replay: (record) => controller() && replay(record),
  };
}

// The AI's pool for the board (ai/pool.js's createAi options; the AI loads it when first
// asked): its engine's legal moves and learned strategies, its workers, and your network.
function aiOptions({ engine, opts }) {
  return {
    legalMoves: engine.legalMoves,
    count: opts.aiWorkers,
    learned: learnedPlays(engine),
    // Your network (learn.html saves it in this browser): read only when it first plays.
    networks: { [YOURS]: () => import('../learn/network-store.js').then((m) => m.yourNetwork()) },
  };
}

// The strategies' explanations for the full panel (controller.explainWith): the picked
// strategy's, then each one picked later's. A failure warns once; the panel plays on.
function explanations(destroyed) {
  let warned = false;
  return (name) => loadExplanation(name).then((words) => {
    if (destroyed()) throw new Error('destroyed');
    return words;
  }, (e) => {
    if (!warned) console.warn(`2048: the strategies' explanations could not be loaded (${message(e)})`);
    warned = true;
    throw e;
  });
}

/**
 * options (all optional; strings are accepted as from attributes):
 *   size 3..8, mode "classic" | "endless", theme "system" | "light" | "dark" |
 *   "solarized" | "contrast", strategy (see strategies.js), ms | nodes (AI budget
 *   per move), autoplay, speed "watch" | "fast" | "faster" | "max", seed,
 *   keyboard "focus" (default: keys only while focus is in this board) |
 *   "document" (the page's keys) | "none", persist (default true),
 *   storageKey (localStorage key prefix; default from the element's id), assets (the
 *   URL of the folder serving the package's files: setAssetBase, ../shared/assets.js).
 * Also: cells (a starting position), restore: false (ignore the saved game), history (keep
 *   the last finished games and each board's best to review: kept-games.js; the game page's),
 *   storage (a Storage-like object), aiWorkers, shadow: false (render into the
 *   element itself; the page must then load style.css, and panel.css for controls "full"), prefix (= storageKey).
 * Calls made before `ready` are queued and run, in order, once the game is
 * drawn; they return undefined. State getters read 0 / false / [] until then.
 */
export function mount(element, options = {}) {
  if (!element || typeof element.append !== 'function') {
    throw new TypeError(`mount: an element is required, got ${element === null ? 'null (a selector that found nothing?)' : typeof element}`);
  }
  live.get(element)?.destroy();
  const opts = readOptions(options);
  // Where the package's files are served (one base for the page's boards: they share the wasm).
  if (opts.assets) setAssetBase(opts.assets);
  const doc = element.ownerDocument;
  const win = doc.defaultView;
  const emit = (type, detail = {}) => element.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));

  const keyboard = opts.keyboard ?? 'focus';
  const controls = opts.controls ?? 'minimal';
  const { root, shadowRoot, sheetLoaded } = attachRoot(element, controls, options.shadow !== false);

  let controller = null;
  let input = null;
  let engine = null;
  let destroyed = false;
  const queue = [];
  const onHide = () => controller?.flush();

  async function share() {
    const s = controller.getState();
    const record = controller.getRecord();
    if (!s || !record) return;
    const { openShare } = await import('../records/share.js');
    if (!destroyed) openShare(view.frame, { record, size: s.size, score: s.score, moves: s.moves, over: s.over, replay: () => replay(record) });
  }
  const replay = (record) => game.loadRecord(record, { replay: true });
  const view = createView(root, clicks(() => controller, { share, replay }), { ownsPage: keyboard === 'document', controls });

  function bindKeys(mode) {
    input?.destroy();
    if (mode === 'focus' && !element.hasAttribute('tabindex')) view.board.tabIndex = 0;
    else view.board.removeAttribute('tabindex');
    input = createInput({
      keyTarget: mode === 'document' ? doc : mode === 'focus' ? element : null,
      swipeTarget: view.wrap,
      root,
      onMove: (dir) => controller.move(dir),
      onShortcut: (action) => view.shortcut(action),
      isEnabled: () => !view.isBusy(),
    });
  }

  // A strategy of the catalogue, else undefined with a warning that ends with `outcome`.
  function validStrategy(name, outcome = `using the default (${DEFAULT_STRATEGY})`) {
    if (name === undefined) return undefined;
    const known = gameCatalog(engine).map((s) => s.name);
    if (known.includes(name)) return name;
    console.warn(`2048: strategy="${name}" is not valid (known: ${known.join(', ')}); ${outcome}.`);
    return undefined;
  }

  const ready = (async () => {
    // No file is asked for before a microtask has passed: a bundle that defines the element
    // upgrades the boards already in its HTML before its own next line, setAssetBase(url),
    // runs; the URLs are made after it.
    await null;
    const storage = createStorage({
      prefix: storageKey(element, opts),
      backend: opts.persist === false ? memoryStorage() : opts.storage,
      onUnavailable: () => view.notice('Storage is not available: this game will not be saved.', 'storage'),
      onLetGo: (n) => view.notice(`The browser's storage is full: ${n === 1 ? 'your oldest kept game was' : `your ${n} oldest kept games were`} let go to save the game in progress.`, 'kept-room'),
    });
    // A saved game to resume needs the records module, which reads it (and checks its
    // record); a first visit has none and gets the play module.
    const fresh = opts.cells != null || opts.seed != null || opts.restore === false;
    const records = !fresh && storage.hasGame();
    try {
      [engine] = await Promise.all([loadEngine({ records }), view.loadControls()]);
    } catch (e) {
      await sheetLoaded;
      if (destroyed) throw e;
      const text = `The game could not be loaded (${message(e)}). Please reload the page.`;
      view.showError(text);
      console.error(`2048: ${text}`);
      emit('error', { message: text, source: 'engine' });
      throw e;
    }
    if (destroyed) throw new Error('2048: destroyed before it was ready');
    controller = createController({
      Game: engine.Game, loadRecords, view, storage, ai: aiOptions({ engine, opts }), catalog: gameCatalog(engine), options: { ...opts, strategy: validStrategy(opts.strategy) }, onEvent: emit,
    });
    bindKeys(keyboard);
    win?.addEventListener('pagehide', onHide);
    doc.addEventListener('visibilitychange', onHide);
    controller.start();
    if (opts.autoplay) controller.startAi();
    for (const run of queue.splice(0)) run();
    // Its stylesheets, the theme's too (a minimal board's solarized or contrast: panel.css).
    await sheetLoaded;
    await view.sheets();
    if (destroyed) throw new Error('2048: destroyed before it was ready');
    emit('ready', { size: game.size });
    if (controls === 'full') controller.explainWith(explanations(() => destroyed));
    controller.loadKept();
    view.drawn();
    // Offline play (the page, or an embed whose host asks), once the board is drawn: the
    // service worker then caches the whole build in the background (offline.js).
    if (opts.offline) import('../shared/offline.js').then((m) => m.registerOffline(win)).catch(() => {});
    return game;
  })();
  // Callers need not handle a failed load: the board shows it and fires `error`.
  ready.catch(() => {});

  // Runs now when ready, else later in order; nothing after destroy.
  const call = (fn) => (...args) => {
    if (destroyed) return undefined;
    if (!controller) {
      queue.push(() => fn(...args));
      return undefined;
    }
    return fn(...args);
  };

  function destroy() {
    if (destroyed) return;
    destroyed = true;
    queue.length = 0;
    live.delete(element);
    win?.removeEventListener('pagehide', onHide);
    doc.removeEventListener('visibilitychange', onHide);
    input?.destroy();
    controller?.destroy();
    view.destroy();
    shadowRoot?.replaceChildren();
  }

  const game = createGameApi({
    element, ready, call, controller: () => controller, destroyed: () => destroyed, bindKeys, validStrategy, view, emit, loadRecords, destroy,
  });
  live.set(element, game);
  return game;
}
