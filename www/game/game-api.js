// The object mount() returns: the board's public API for pages and embedders (docs/embed.md).
// Each call goes to the board's controller, through mount's `call` (queued until the first
// board is drawn, nothing after destroy); the state getters read the controller's state.
import { REMOUNT_OPTIONS, SETTABLE_OPTIONS, readOption } from './options.js';

/**
 * The board's interface, one list for the controller (createGameApi) and the element
 * (element.js forwards every name; tests/node/interface.test.mjs holds them to it): each
 * method with what it returns where there is no board (an element not connected yet, or
 * destroyed), and each state getter with what it reads until the first board is drawn.
 * Beside them: `ready` and `element`.
 */
export const API_METHODS = Object.freeze({
  newGame: () => undefined,
  move: () => undefined,
  undo: () => undefined,
  keepGoing: () => undefined,
  startAI: () => undefined,
  stopAI: () => undefined,
  step: () => undefined,
  hint: () => undefined,
  setOption: () => false,
  getState: () => null,
  getRecord: () => null,
  loadRecord: () => Promise.resolve(false),
  subscribe: () => () => {},
  destroy: () => undefined,
});
/** mount()'s options that a running board never takes (setOption returns false for them). */
export const MOUNT_ONLY = ['cells', 'restore', 'history', 'storage', 'aiWorkers', 'shadow', 'prefix'];
export const STATE_GETTERS = Object.freeze({
  score: 0, best: 0, won: false, over: false, moves: 0, size: 0, cells: [], aiPlaying: false,
});
/** A state getter's value without a board (a fresh array for `cells`). */
export const noState = (name) => (Array.isArray(STATE_GETTERS[name]) ? [] : STATE_GETTERS[name]);

// Why setOption() does not take an option: it needs a new mount, it is mount()'s only, or there is none of that name.
function refusal(name) {
  if (REMOUNT_OPTIONS.includes(name)) return 'it needs a new mount (set the attribute, or mount() again)';
  if (MOUNT_ONLY.includes(name)) return 'it is read only by mount()';
  return `there is no such option (setOption takes ${SETTABLE_OPTIONS.join(', ')})`;
}

/**
 * board: { element, ready, call(fn) (fn, queued until ready), controller() (null before
 * ready), destroyed(), bindKeys(mode), validStrategy(name), view, emit, loadRecords,
 * destroy() }.
 */
export function createGameApi({ element, ready, call, controller, destroyed, bindKeys, validStrategy, view, emit, loadRecords, destroy }) {
  const state = () => controller()?.getState() ?? null;
  const api = {
    element,
    ready,
    /** options: { size, mode, seed, cells }; starts at once, without asking. */
    newGame: call((o = {}) => controller().newGame({
      size: readOption('size', o.size), mode: readOption('mode', o.mode), seed: readOption('seed', o.seed), cells: o.cells,
    })),
    move: call((dir) => controller().move(dir)),
    undo: call(() => controller().undo()),
    keepGoing: call(() => controller().keepGoing()),
    startAI: call(() => controller().startAi()),
    stopAI: call(() => controller().stopAi()),
    step: call(() => controller().stepAi()),
    hint: call(() => controller().hintAi()),
    /**
     * Changes one option on the running game: theme, speed, ms, nodes and strategy
     * apply at once; size, mode and seed start a new game; autoplay starts or stops
     * the AI; keyboard rebinds the keys. Returns false, with a warning naming the reason,
     * for every other name (persist, storageKey, controls, offline and assets need a new
     * mount; cells, restore, storage, aiWorkers, shadow and prefix are mount()'s only), for
     * an invalid value, and for a budget (ms, nodes) or strategy the board's catalogue
     * refuses. Before ready, a budget or strategy is checked when the call runs (a refusal
     * warns then).
     */
    setOption(name, value) {
      if (destroyed()) return false;
      if (!SETTABLE_OPTIONS.includes(name)) {
        console.warn(`2048: setOption("${String(name)}") changes nothing: ${refusal(name)}.`);
        return false;
      }
      const clean = readOption(name, value, console.warn, 'nothing changes (the board keeps its current value)');
      if (clean === undefined && !(name === 'autoplay' && value == null)) return false;
      if (name === 'keyboard') {
        call(() => bindKeys(clean))();
        return true;
      }
      const apply = () => {
        const c = controller();
        if (name === 'size' || name === 'mode' || name === 'seed') return c.newGame({ [name]: clean });
        if (name === 'autoplay') return clean ? c.startAi() : c.stopAi();
        if (name === 'strategy') {
          if (validStrategy(clean, 'nothing changes (the board keeps its current value)') === undefined) return false;
          return c.configure(name, clean);
        }
        if (c.configure(name, clean) !== false) return undefined;
        console.warn(`2048: setOption("${name}", ${clean}) changes nothing: the strategy in use takes no such budget, or not this one.`);
        return false;
      };
      if (!controller()) {
        call(apply)();
        return true;
      }
      return apply() !== false || name === 'autoplay';
    },
    getState: state,
    /** The game's record (`2048r1.` ...; the line played): for a link, a file or loadRecord. null before ready. */
    getRecord: () => (destroyed() ? null : controller()?.getRecord() ?? null),
    /**
     * Plays on from a record: options { at (a move number; default its last), confirm (ask
     * before replacing a game in progress; default true), ai (the AI plays on) }, or
     * { replay: true } to show the record's replay in the board (Close returns to the game).
     * Resolves to true when done; a bad record changes nothing, shows the engine's reason
     * in a notice, fires `error` (source "record") and resolves to false.
     */
    loadRecord(text, o = {}) {
      if (destroyed()) return Promise.resolve(false);
      return new Promise((resolve) => {
        call(async () => {
          if (!o.replay) return resolve(await controller().loadRecord(text, o));
          const [{ showReplay }, withRecords] = await Promise.all([import('../records/replay-embed.js'), loadRecords()]);
          resolve(showReplay({ engine: withRecords, view, controller: controller(), text, at: o.at, emit }));
        })();
      });
    },
    /** fn(state) after every change; returns an unsubscribe function. */
    subscribe(fn) {
      let off = null;
      let cancelled = false;
      call(() => {
        if (!cancelled) off = controller().subscribe(fn);
      })();
      return () => {
        cancelled = true;
        off?.();
      };
    },
    /** Removes the game's DOM and listeners and ends its AI workers. */
    destroy,
  };
  // score, best, won, over, moves, size, cells, aiPlaying: the state's, else STATE_GETTERS's.
  for (const name of Object.keys(STATE_GETTERS)) {
    Object.defineProperty(api, name, { get: () => state()?.[name] ?? noState(name), enumerable: true });
  }
  return api;
}
