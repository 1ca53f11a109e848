// The game's controller: what the page and an embed call (move, undo, the AI's buttons, the
// settings, the statistics, records), composed of rooms with one job each: the game itself
// (flow.js, and first-game.js for the game a board opens with), the settings (settings.js),
// the AI (its one front door, ai/board-ai.js), the statistics (stats.js), the games kept to
// review (kept.js) and records opened to play on (record-open.js, loaded when one is first
// opened). It never touches the DOM and never computes a move itself.
import { MODES, MODE_LABELS, THEMES, validSize } from '../shared/choices.js';
import { createBoardAi } from '../ai/board-ai.js';
import { createSettings } from './settings.js';
import { createStats } from './stats.js';
import { createKept } from './kept.js';
import { createFlow } from './flow.js';
import { openFirstGame } from './first-game.js';

/**
 * Game: the wasm `Game` class; loadRecords(): resolves to the module whose Game reads
 * records (Game.fromRecord), when `Game` does not. ai: the AI's pool options (ai/pool.js's
 * createAi: legalMoves, count, learned, networks; the pool loads when the AI is first asked),
 * or a pool already made (the tests'). catalog: gameCatalog(engine) from ai/strategies.js.
 * options: { size, mode, seed, cells, restore } (an initial position;
 * `restore: false` ignores the saved game), history (keep finished games to review), and
 * { theme, speed, ms, nodes, strategy } that win over the saved settings (ms and nodes: the strategy's budget, when it takes one).
 * onEvent(type, detail): 'move', 'won', 'over', 'ai-start', 'ai-stop', 'error'.
 */
export function createController({ Game, loadRecords, view, storage, ai: pool, catalog, options = {}, onEvent = () => {} }) {
  const settings = createSettings({ storage, catalog, options });
  const { values } = settings;
  const kept = createKept({ storage, view, on: options.history === true });
  const stats = createStats({ storage, view, kept });
  // Records opened to play on (record-open.js), loaded when one is first opened; a failed load is tried again next time.
  let records = null;
  const opener = () => (records ??= import('./record-open.js').then((m) => m.createRecordOpener({ Game, loadRecords, view, onEvent }), (e) => {
    records = null;
    throw e;
  }));
  let ai = null;
  const flow = createFlow({
    Game, view, storage, settings, stats, kept, onEvent,
    // The default player's pick depends on the size (the learned network plays 4x4 only).
    ai: { playing: () => ai.playing, moved: () => ai.moved(), reset: () => ai.reset(), changed: () => ai.changed() },
  });
  ai = createBoardAi({ pool, settings, catalog, board: flow.board, view, onEvent });
  const { setBoard, setPage } = settingCalls({ values, view, flow, settings, stopAi: () => ai.stop() });

  const api = {
    start() {
      storage.checkAvailable();
      stats.load();
      view.setTheme(values.theme);
      ai.show();
      openFirstGame({ flow, storage, view, values, options });
    },

    /** The player's move (it stops the AI); false when it changes nothing or the game is paused or over. */
    move(direction) {
      if (ai.playing) ai.stop('player');
      return flow.play(direction, false);
    },

    undo() {
      ai.stop('undo');
      const game = flow.game;
      if (!game || !game.undo()) return false;
      flow.refresh();
      view.announce(`Move undone. Score ${game.score}.`);
      flow.scheduleSave();
      return true;
    },

    keepGoing() {
      if (flow.keepGoing() && ai.resumes) ai.resume();
    },

    /** The board's AI, its one front door (ai/board-ai.js): the AI bar's buttons go to it. */
    ai,
    /** Starts the AI player from the current position; false if it cannot play. */
    startAi: () => ai.start(),
    stopAi: () => ai.stop(),
    /** The AI plays one move. */
    stepAi: () => ai.step(),
    /** Shows the AI's move for this position without playing it. */
    hintAi: () => ai.hint(),
    /** The strategies' explanations: `load(name)` resolves to a strategy's words (strategies.js's loadExplanation). */
    explainWith: (load) => ai.explainWith(load),
    /** The AI could not run (reason shown next to the controls): for a pool given ready-made. */
    aiUnavailable: (reason) => ai.unavailable(reason),
    /** A ready-made pool's speeds or network changed: the default player's lines follow. */
    aiChanged: () => ai.changed(),

    /** Options an embedder may change on a running game: theme, speed, ms, nodes, strategy. */
    configure(name, value) {
      if (name === 'theme') return api.setSetting('theme', value);
      return ai.configure(name, value);
    },

    /** The user's evaluation weights for the current strategy (ai/brain.js's setWeights); resolves to true when taken. */
    setWeights: (typed, changed) => ai.setWeights(typed, changed),
    /** Back to the engine's default weights for the current strategy. */
    resetWeights: () => ai.resetWeights(),

    /** Starts a new game at once (no confirmation); options as in createController. */
    newGame({ size, mode: m, seed, cells } = {}) {
      if (validSize(size)) values.size = size;
      if (MODES.includes(m)) values.mode = m;
      flow.startNew({ size: values.size, seed, cells });
    },

    /** A setting chosen by the player: size and mode start a new game (setBoard); the others apply at once. */
    async setSetting(name, value, given) {
      if (['speed', 'strategy', 'network', 'strength'].includes(name)) return ai.configure(name, value, given);
      if (name === 'size' || name === 'mode') return setBoard(name, value);
      return setPage(name, value);
    },

    /** Opens the stats panel on the current size and mode. */
    showStats: async () => (flow.game ? stats.show(flow.game.size, flow.mode()) : undefined),
    /** Resets the statistics of the current size and mode, after asking. */
    resetStats: async () => (flow.game ? stats.reset(flow.game.size, flow.mode()) : false),
    /** Loads the kept games' code (once the first board is drawn): a full storage then lets them go for the game in progress. */
    loadKept: () => kept.load(),
    /** Clears the games kept to review, after asking. */
    clearKept: async () => (flow.game ? stats.clearKept(flow.game.size, flow.mode()) : false),

    getState: () => (flow.game ? flow.state() : null),
    /** The game's record (`2048r1.` ...): the line played, undone moves left out; null before start. */
    getRecord: () => (flow.game ? flow.game.record() : null),

    /**
     * Plays on from move `at` of a record (default: its last), as a new game keeping its own
     * record; the record's text is not changed. A bad record changes nothing: a notice gives
     * the engine's reason and the promise resolves to false. With `confirm` (default) a game
     * in progress is replaced only if the player says so. `ai`: the AI plays on at once.
     */
    async loadRecord(text, { at, confirm = true, ai: aiPlays = false } = {}) {
      const next = await (await opener()).open(text, { at, ask: confirm, current: () => (flow.inProgress() ? flow.game : null) });
      if (!next) return false;
      ai.stop('new-game');
      values.mode = next.mode;
      // A position past 2048 in Classic: the win was the shared game's; play on without the screen.
      flow.replace(next, { appear: true, keep: next.won });
      if (aiPlays) ai.resume();
      return true;
    },

    /** fn(state) after every change; returns an unsubscribe function. */
    subscribe: (fn) => flow.subscribe(fn),
    /** Writes a pending save now (page hide, before destroy). */
    flush: () => flow.flush(),

    destroy() {
      ai.destroy();
      flow.flush();
      flow.destroy();
    },
  };
  return api;
}

// The settings the controller applies itself: the board's size and mode, and the page's own.
function settingCalls({ values, view, flow, settings, stopAi }) {
  // Size or mode chosen by the player: a new game, after a confirmation if one is in progress.
  async function setBoard(name, value) {
    stopAi();
    const valid = name === 'size' ? validSize(value) : name === 'mode' && MODES.includes(value);
    if (!valid || values[name] === value) {
      view.setSettings(values);
      return false;
    }
    if (flow.inProgress()) {
      const what = name === 'size' ? `a ${value} × ${value} game` : `an ${MODE_LABELS[value]} game`;
      if (!(await view.confirm(`Start ${what}? The game in progress will be lost.`, 'New game'))) {
        view.setSettings(values);
        return false;
      }
    }
    values[name] = value;
    flow.startNew({ size: values.size });
    return true;
  }

  // A setting of the page itself: the AI panel's fold, the theme.
  function setPage(name, value) {
    const ok = name === 'theme' ? THEMES.includes(value) : name === 'aiPanelOpen';
    if (!ok) return false;
    values[name] = name === 'aiPanelOpen' ? value === true : value;
    if (name === 'theme') view.setTheme(value);
    view.setSettings(values);
    settings.save();
    if (name === 'theme') flow.notify();
    return true;
  }

  return { setBoard, setPage };
}
