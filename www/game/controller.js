// The game's controller: what the page and an embed call (move, undo, the AI's buttons, the
// settings, the statistics, records), composed of rooms with one job each: the game itself
// (flow.js, and first-game.js for the game a board opens with), the settings (settings.js),
// driving the AI (brain.js, and the AI player, ai/player.js), the statistics (stats.js) and
// records opened to play on (record-open.js). It never touches the DOM and never computes a
// move itself.
import { GROUP_ORDER, budgetKey, cleanBudget, strategyGroup } from '../ai/strategies.js';
import { MODES, MODE_LABELS, THEMES, SPEED_DELAY_MS, validSize } from '../shared/choices.js';
import { createAiPlayer } from '../ai/player.js';
import { createSettings } from './settings.js';
import { createBrain } from './brain.js';
import { createStats } from './stats.js';
import { createRecordOpener } from './record-open.js';
import { createFlow } from './flow.js';
import { openFirstGame } from './first-game.js';

/**
 * Game: the wasm `Game` class; loadRecords(): resolves to the module whose Game reads
 * records (Game.fromRecord), when `Game` does not. ai: the pool from ai/pool.js (decide(cells, size, options, {signal})).
 * catalog: gameCatalog(engine) from strategies.js.
 * options: { size, mode, seed, cells, restore } (an initial position;
 * `restore: false` ignores the saved game), and { theme, speed, ms, nodes, strategy }
 * that win over the saved settings (ms and nodes: the strategy's budget, when it takes one).
 * onEvent(type, detail): 'move', 'won', 'over', 'ai-start', 'ai-stop', 'error'.
 */
export function createController({ Game, loadRecords, view, storage, ai, catalog, options = {}, onEvent = () => {} }) {
  const settings = createSettings({ storage, catalog, options });
  const { values } = settings;
  const stats = createStats({ storage, view });
  const records = createRecordOpener({ Game, loadRecords, view, onEvent });
  let player = null;
  const flow = createFlow({
    Game, view, storage, settings, stats, onEvent,
    // The default player's pick depends on the size (the learned network plays 4x4 only).
    ai: { playing: () => player.playing, moved: () => player.moved(), reset: () => player.reset(), changed: () => brain.show() },
  });
  const brain = createBrain({ ai, view, settings, catalog, game: () => flow.game });
  player = createAiPlayer({ ai, view, onEvent, host: aiHost(flow, brain, values) });
  const { setBoard, setPage } = settingCalls({ values, view, flow, brain, settings, stopAi: () => player.stop() });

  // Each AI button asks for a learned strategy's network first (on 4x4, the only board it plays).
  const withNetwork = (fn) => () => (brain.askNetwork(), fn());

  const api = {
    start() {
      storage.checkAvailable();
      stats.load();
      view.setTheme(values.theme);
      // The engine's strategies; a learned one's network is a choice of its own (setBrain's network).
      // The panel lists them by group: the default, searching, learned, simple (strategyGroup).
      const listed = catalog.filter((s) => s.plays === s.name).map((s) => ({ name: s.name, label: s.label, group: strategyGroup(s) }));
      view.setStrategies(GROUP_ORDER.flatMap((g) => listed.filter((s) => s.group === g)));
      brain.show();
      openFirstGame({ flow, storage, view, values, options });
    },

    /** The player's move (it stops the AI); false when it changes nothing or the game is paused or over. */
    move(direction) {
      if (player.playing) player.stop('player');
      return flow.play(direction, false);
    },

    undo() {
      player.stop('undo');
      const game = flow.game;
      if (!game || !game.undo()) return false;
      flow.refresh();
      view.announce(`Move undone. Score ${game.score}.`);
      flow.scheduleSave();
      return true;
    },

    keepGoing() {
      if (flow.keepGoing() && player.resumes) player.start();
    },

    /** Starts the AI player from the current position; false if it cannot play. */
    startAi: withNetwork(() => player.start()),
    stopAi: () => player.stop(),
    toggleAi: () => (player.playing ? player.toggle() : withNetwork(() => player.toggle())()),
    /** The AI plays one move. */
    stepAi: withNetwork(() => player.step()),
    /** Shows the AI's move for this position without playing it. */
    hintAi: withNetwork(() => player.hint()),
    /** The strategies' explanations: `load(name)` resolves to a strategy's words (strategies.js's loadExplanation). */
    explainWith: (load) => brain.explainWith(load),
    /** The pool could not run the AI (reason shown next to the controls). */
    aiUnavailable: (reason) => player.unavailable(reason),
    /** The pool's speeds or the learned network's state changed: the default player's lines follow. */
    aiChanged: () => brain.show(),

    /** Options an embedder may change on a running game: theme, speed, ms, nodes, strategy. */
    configure(name, value) {
      if (name === 'theme' || name === 'speed') return api.setSetting(name === 'speed' ? 'aiSpeed' : 'theme', value);
      if (name === 'strategy') return api.setSetting('strategy', value);
      if (name === 'ms' || name === 'nodes') {
        const clean = cleanBudget(settings.info(), { [name]: value });
        return clean ? api.setSetting('strength', budgetKey(clean), clean) : false;
      }
      return false;
    },

    /** The user's evaluation weights for the current strategy (brain.js's setWeights); resolves to true when taken. */
    setWeights: (typed, changed) => brain.setWeights(typed, changed),
    /** Back to the engine's default weights for the current strategy. */
    resetWeights: () => brain.resetWeights(),

    /** Starts a new game at once (no confirmation); options as in createController. */
    newGame({ size, mode: m, seed, cells } = {}) {
      if (validSize(size)) values.size = size;
      if (MODES.includes(m)) values.mode = m;
      flow.startNew({ size: values.size, seed, cells });
    },

    /** A setting chosen by the player: size and mode start a new game (setBoard); the others apply at once. */
    async setSetting(name, value, given) {
      if (name === 'strategy') return brain.setStrategy(value);
      if (name === 'network') return brain.setNetwork(value);
      if (name === 'strength') return brain.setStrength(value, given);
      if (name === 'size' || name === 'mode') return setBoard(name, value);
      return setPage(name, value);
    },

    /** Opens the stats panel on the current size and mode. */
    showStats: async () => (flow.game ? stats.show(flow.game.size, flow.mode()) : undefined),
    /** Resets the statistics of the current size and mode, after asking. */
    resetStats: async () => (flow.game ? stats.reset(flow.game.size, flow.mode()) : false),

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
      const next = await records.open(text, { at, ask: confirm, current: () => (flow.inProgress() ? flow.game : null) });
      if (!next) return false;
      player.stop('new-game');
      values.mode = next.mode;
      // A position past 2048 in Classic: the win was the shared game's; play on without the screen.
      flow.replace(next, { appear: true, keep: next.won });
      if (aiPlays) player.start();
      return true;
    },

    /** fn(state) after every change; returns an unsubscribe function. */
    subscribe: (fn) => flow.subscribe(fn),
    /** Writes a pending save now (page hide, before destroy). */
    flush: () => flow.flush(),

    destroy() {
      player.destroy();
      flow.flush();
      flow.destroy();
    },
  };
  return api;
}

// What the AI player plays through: the game shown (flow.js), the request (brain.js), the pace.
function aiHost(flow, brain, values) {
  return {
    position: () => ({ cells: Array.from(flow.game.cells()), size: flow.game.size }),
    canPlay: () => flow.game !== null && !flow.showingWin() && !flow.game.over,
    play: (dir) => flow.play(dir, true),
    ended: () => (flow.game.over ? 'over' : flow.showingWin() ? 'won' : null),
    finished: () => (flow.game?.over ? { tile: Math.max(...flow.game.cells()), score: flow.game.score } : null),
    score: () => (flow.game ? flow.game.score : 0),
    options: brain.options,
    delay: () => SPEED_DELAY_MS[values.aiSpeed],
  };
}

// The settings the controller applies itself: the board's size and mode, and the page's own.
function settingCalls({ values, view, flow, brain, settings, stopAi }) {
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

  // A setting of the page itself: the AI's speed, the AI panel's fold, the theme.
  function setPage(name, value) {
    const ok = name === 'aiSpeed' ? Object.hasOwn(SPEED_DELAY_MS, value) : name === 'theme' ? THEMES.includes(value) : name === 'aiPanelOpen';
    if (!ok) return false;
    values[name] = name === 'aiPanelOpen' ? value === true : value;
    if (name === 'theme') view.setTheme(value);
    view.setSettings(values);
    if (name === 'aiSpeed') brain.show();
    settings.save();
    if (name === 'theme') flow.notify();
    return true;
  }

  return { setBoard, setPage };
}
