// Public entry for pages and embedders: mount(element, options) renders a game
// into `element` (inside an open shadow root, with the game's own stylesheet)
// and returns its controller at once; the engine loads in the background and
// `controller.ready` settles when the first board is drawn. Nothing here uses
// ids, globals, or assumes it is the only game on the page.
import { loadEngine, loadRecords } from '../shared/wasm.js';
import { createStorage, memoryStorage } from './storage.js';
import { createView } from './view.js';
import { createController } from './controller.js';
import { createInput } from './input.js';
import { readOption, readOptions } from './options.js';
import { YOURS, networkFailed } from '../shared/choices.js';
import { linkSheet } from '../shared/dom.js';
import { gameCatalog, learnedPlays, loadExplanation, DEFAULT_STRATEGY } from '../ai/strategies.js';

const ourShadows = new WeakSet(); // shadow roots attached here: a later mount re-uses them
const live = new Map(); // host element -> controller, for boards not yet destroyed

const message = (e) => (e && e.message ? e.message : String(e));

/**
 * The AI's worker pool (ai/pool.js: createAi(options)), loaded when the AI is first asked (a
 * first board needs none of it). Same calls as the pool: decide, calibrate, network, pick,
 * destroy, count, nodesPerMs. A pool module that cannot load makes the AI unavailable, as a wasm that cannot.
 */
function lazyAi(options) {
  let pool = null;
  let dead = '';
  const unavailable = () => Object.assign(new Error(`AI unavailable: ${dead}`), { unavailable: true });
  const get = () => {
    if (dead) return Promise.reject(unavailable());
    pool ??= import('../ai/pool.js').then(({ createAi }) => createAi(options), (e) => {
      dead = `the AI engine could not be loaded (${message(e)})`;
      options.onUnavailable?.(dead);
      throw unavailable();
    });
    return pool;
  };
  let loaded = null; // the pool, once its module is in
  return {
    decide: (...args) => get().then((p) => (loaded = p).decide(...args)),
    calibrate: () => get().then((p) => (loaded = p).calibrate()),
    network: (...args) => get().then((p) => (loaded = p).network(...args)),
    // The calibration's figures, for the panel's "Fits the speed" line (none before the pool).
    get count() { return loaded?.count; },
    get nodesPerMs() { return loaded?.nodesPerMs; },
    pick: (...args) => loaded?.pick(...args) ?? null,
    destroy() {
      dead ||= 'stopped';
      // At once when the pool is in: the player aborts its request right after, and a live
      // pool would start a fresh worker in place of the one busy with it.
      if (loaded) loaded.destroy();
      else pool?.then((p) => p.destroy(), () => {});
    },
  };
}

// Without an id or storage key, boards are told apart by their order on the page.
function defaultKey(element) {
  if (element.id) return `game2048:${element.id}`;
  let n = 1;
  for (const other of live.keys()) {
    if (other !== element && other.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING) n++;
  }
  return `game2048:board-${n}`;
}

/**
 * options (all optional; strings are accepted as from attributes):
 *   size 3..8, mode "classic" | "endless", theme "system" | "light" | "dark" |
 *   "solarized" | "contrast", strategy (see strategies.js), ms | nodes (AI budget
 *   per move), autoplay, speed "watch" | "fast" | "faster" | "max", seed,
 *   keyboard "focus" (default: keys only while focus is in this board) |
 *   "document" (the page's keys) | "none", persist (default true),
 *   storageKey (localStorage key prefix; default from the element's id).
 * Also: cells (a starting position), restore: false (ignore the saved game),
 *   storage (a Storage-like object), aiWorkers, shadow: false (render into the
 *   element itself; the page must then load style.css, and panel.css for controls "full"), prefix (= storageKey).
 * Calls made before `ready` are queued and run, in order, once the game is
 * drawn; they return undefined. State getters read 0 / false / [] until then.
 */
export function mount(element, options = {}) {
  if (!element || typeof element.append !== 'function') throw new TypeError('mount: an element is required');
  live.get(element)?.destroy();
  const opts = readOptions(options);
  const doc = element.ownerDocument;
  const win = doc.defaultView;
  const emit = (type, detail = {}) => element.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));

  const keyboard = opts.keyboard ?? 'focus';
  const controls = opts.controls ?? 'minimal';
  let root = element;
  let shadowRoot = null;
  let sheetLoaded = Promise.resolve();
  if (options.shadow !== false) {
    shadowRoot = element.shadowRoot && ourShadows.has(element.shadowRoot) ? element.shadowRoot : element.attachShadow({ mode: 'open' });
    ourShadows.add(shadowRoot);
    root = doc.createElement('div');
    // Unstyled content stays hidden until the stylesheets arrive (or fail).
    root.hidden = true;
    shadowRoot.replaceChildren(root);
    // style.css, and panel.css (the full panel's rules, the pages', and the solarized and contrast
    // themes') for controls "full" only; a board without the full panel links it when it shows
    // one of those themes (view.js).
    const sheets = controls === 'full' ? ['style.css', 'panel.css'] : ['style.css'];
    sheetLoaded = Promise.all(sheets.map((path) => linkSheet(root, path))).then(() => {
      root.hidden = false;
    });
  }

  const handlers = {};
  const view = createView(root, {
    newGame: () => handlers.newGame?.(),
    undo: () => handlers.undo?.(),
    keepGoing: () => handlers.keepGoing?.(),
    setting: (name, value) => handlers.setting?.(name, value),
    aiToggle: () => handlers.aiToggle?.(),
    aiStep: () => handlers.aiStep?.(),
    aiHint: () => handlers.aiHint?.(),
    weights: (values, changed) => handlers.weights?.(values, changed),
    resetWeights: () => handlers.resetWeights?.(),
    stats: () => handlers.stats?.(),
    resetStats: () => handlers.resetStats?.(),
    share: () => handlers.share?.(),
  }, { ownsPage: keyboard === 'document', controls });

  let controller = null;
  let input = null;
  let engine = null;
  let destroyed = false;
  const queue = [];
  const onHide = () => controller?.flush();

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

  function validStrategy(name) {
    if (name === undefined) return undefined;
    const known = gameCatalog(engine).map((s) => s.name);
    if (known.includes(name)) return name;
    console.warn(`2048: strategy="${name}" is not valid (known: ${known.join(', ')}); using the default (${DEFAULT_STRATEGY}).`);
    return undefined;
  }

  const ready = (async () => {
    const storage = createStorage({
      prefix: opts.storageKey ?? opts.prefix ?? defaultKey(element),
      backend: opts.persist === false ? memoryStorage() : opts.storage,
      onUnavailable: () => view.notice('Storage is not available: this game will not be saved.', 'storage'),
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
    const ai = lazyAi({
      legalMoves: engine.legalMoves,
      count: opts.aiWorkers,
      onUnavailable: (reason) => controller.aiUnavailable(reason),
      onStarting: (state) => view.aiStarting(state),
      learned: learnedPlays(engine),
      // Your network (learn.html saves it in this browser): read only when it first plays.
      networks: { [YOURS]: () => import('../learn/network-store.js').then((m) => m.yourNetwork()) },
      // A network that cannot be had: the heuristic plays in its place; one notice and one
      // `error` event say so (a retry that fails alike says nothing again).
      onNetwork: (state) => {
        view.setNetwork(state);
        if (state.error && !state.again) emit('error', { message: networkFailed(state.network, state.error), source: 'network' });
        if (!state.progress) controller?.aiChanged();
      },
      // A calibration landed: the default player's pick may change.
      onSpeed: () => controller?.aiChanged(),
    });
    controller = createController({
      Game: engine.Game, loadRecords, view, storage, ai, catalog: gameCatalog(engine), options: { ...opts, strategy: validStrategy(opts.strategy) }, onEvent: emit,
    });
    handlers.newGame = () => controller.newGame();
    handlers.undo = () => controller.undo();
    handlers.keepGoing = () => controller.keepGoing();
    handlers.setting = (name, value) => controller.setSetting(name, value);
    handlers.aiToggle = () => controller.toggleAi();
    handlers.aiStep = () => controller.stepAi();
    handlers.aiHint = () => controller.hintAi();
    handlers.weights = (values, changed) => controller.setWeights(values, changed);
    handlers.resetWeights = () => controller.resetWeights();
    handlers.stats = () => controller.showStats();
    handlers.resetStats = () => controller.resetStats();
    handlers.share = async () => {
      const s = controller.getState();
      const record = controller.getRecord();
      if (!s || !record) return;
      const { openShare } = await import('../records/share.js');
      if (!destroyed) openShare(view.frame, { record, size: s.size, score: s.score, moves: s.moves, over: s.over });
    };
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
    // The strategies' explanations, which only the full panel shows, after the first board:
    // the picked strategy's, then each one picked later's. A failure warns once; the panel plays on.
    if (controls === 'full') {
      let warned = false;
      controller.explainWith((name) => loadExplanation(name).then((words) => {
        if (destroyed) throw new Error('destroyed');
        return words;
      }, (e) => {
        if (!warned) console.warn(`2048: the strategies' explanations could not be loaded (${message(e)})`);
        warned = true;
        throw e;
      }));
    }
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
  const state = () => controller?.getState() ?? null;

  const game = {
    element,
    ready,
    /** options: { size, mode, seed, cells }; starts at once, without asking. */
    newGame: call((o = {}) => controller.newGame({
      size: readOption('size', o.size), mode: readOption('mode', o.mode), seed: readOption('seed', o.seed), cells: o.cells,
    })),
    move: call((dir) => controller.move(dir)),
    undo: call(() => controller.undo()),
    keepGoing: call(() => controller.keepGoing()),
    startAI: call(() => controller.startAi()),
    stopAI: call(() => controller.stopAi()),
    step: call(() => controller.stepAi()),
    hint: call(() => controller.hintAi()),
    /**
     * Changes one option on the running game: theme, speed, ms, nodes and strategy
     * apply at once; size, mode and seed start a new game; autoplay starts or stops
     * the AI; keyboard rebinds the keys. Returns false for persist and storageKey
     * (they need a new mount) and for invalid values (with a warning).
     */
    setOption(name, value) {
      if (destroyed || name === 'persist' || name === 'storageKey' || name === 'controls' || name === 'offline') return false;
      const clean = readOption(name, value);
      if (clean === undefined && !(name === 'autoplay' && value == null)) return false;
      if (name === 'keyboard') {
        if (controller) bindKeys(clean);
        else queue.push(() => bindKeys(clean));
        return true;
      }
      call(() => {
        if (name === 'size' || name === 'mode' || name === 'seed') controller.newGame({ [name]: clean });
        else if (name === 'autoplay') (clean ? controller.startAi() : controller.stopAi());
        else if (name === 'strategy') controller.configure(name, validStrategy(clean) ?? DEFAULT_STRATEGY);
        else controller.configure(name, clean);
      })();
      return true;
    },
    getState: state,
    /** The game's record (`2048r1.` ...; the line played): for a link, a file or loadRecord. null before ready. */
    getRecord: () => (destroyed ? null : controller?.getRecord() ?? null),
    /**
     * Plays on from a record: options { at (a move number; default its last), confirm (ask
     * before replacing a game in progress; default true), ai (the AI plays on) }, or
     * { replay: true } to show the record's replay in the board (Close returns to the game).
     * Resolves to true when done; a bad record changes nothing, shows the engine's reason
     * in a notice, fires `error` (source "record") and resolves to false.
     */
    loadRecord(text, o = {}) {
      if (destroyed) return Promise.resolve(false);
      return new Promise((resolve) => {
        call(async () => {
          if (!o.replay) return resolve(await controller.loadRecord(text, o));
          const [{ showReplay }, withRecords] = await Promise.all([import('../records/replay-embed.js'), loadRecords()]);
          resolve(showReplay({ engine: withRecords, view, controller, text, at: o.at, emit }));
        })();
      });
    },
    /** fn(state) after every change; returns an unsubscribe function. */
    subscribe(fn) {
      let off = null;
      let cancelled = false;
      call(() => {
        if (!cancelled) off = controller.subscribe(fn);
      })();
      return () => {
        cancelled = true;
        off?.();
      };
    },
    get score() { return state()?.score ?? 0; },
    get best() { return state()?.best ?? 0; },
    get won() { return state()?.won ?? false; },
    get over() { return state()?.over ?? false; },
    get moves() { return state()?.moves ?? 0; },
    get size() { return state()?.size ?? 0; },
    get cells() { return state()?.cells ?? []; },
    get aiPlaying() { return state()?.aiPlaying ?? false; },
    /** Removes the game's DOM and listeners and ends its AI workers. */
    destroy() {
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
    },
  };
  live.set(element, game);
  return game;
}
