// Game flow: owns the engine's Game, the mode and "keep going", the best
// scores, the settings and the AI player's turns. It asks the view to render,
// the storage to save and the AI pool (ai.js) for moves; it never touches the
// DOM and never computes a move itself.
import {
  BUDGETS, DEFAULT_STRATEGY, budgetKey, budgetLabel, checkWeights, cleanBudget, defaultBudget, strengthChoices,
} from './strategies.js';
import { MODES as MODE_NAMES, THEMES as THEME_NAMES, SPEED_DELAY_MS, validSize } from './choices.js';

const DIRECTIONS = new Set(['up', 'right', 'down', 'left']);
const MODES = new Set(MODE_NAMES);
const THEMES = new Set(THEME_NAMES);
const SAVE_DELAY_MS = 150;
const SPEEDS = SPEED_DELAY_MS;
const now = () => performance.now();

const validMs = (n) => Number.isInteger(n) && n >= BUDGETS.ms[0] && n <= BUDGETS.ms[1];
const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
// The think time every page saved before strategies had budgets of their own.
const OLD_DEFAULT_MS = 50;

/**
 * Saved settings, cleaned: anything unknown or out of range is dropped.
 * strategy: its name; budgets: {strategy: {ms} | {nodes} | {depth} | {k}};
 * weights: {strategy: {field: number}} (only for weights the user changed).
 * Saves from before strategies had a single `aiMs`: a think time other than that
 * era's default (50 ms, which says nothing about a choice) becomes expectimax's budget.
 */
function cleanSettings(raw, catalog) {
  const info = (name) => catalog.find((s) => s.name === name);
  const fallback = info(DEFAULT_STRATEGY) ? DEFAULT_STRATEGY : catalog[0].name;
  const budgets = {};
  const weights = {};
  if (isObject(raw.budgets)) {
    for (const [name, budget] of Object.entries(raw.budgets)) {
      const clean = cleanBudget(info(name), budget);
      if (clean) budgets[name] = clean;
    }
  } else if (validMs(raw.aiMs) && raw.aiMs !== OLD_DEFAULT_MS) {
    const clean = cleanBudget(info('expectimax'), { ms: raw.aiMs });
    if (clean) budgets.expectimax = clean;
  }
  if (isObject(raw.weights)) {
    for (const [name, values] of Object.entries(raw.weights)) {
      const checked = isObject(values) && info(name)?.weights ? checkWeights(info(name), values) : {};
      if (checked.weights) weights[name] = checked.weights;
    }
  }
  return {
    size: validSize(raw.size) ? raw.size : 4,
    mode: MODES.has(raw.mode) ? raw.mode : 'classic',
    theme: THEMES.has(raw.theme) ? raw.theme : 'system',
    aiSpeed: Object.hasOwn(SPEEDS, raw.aiSpeed) ? raw.aiSpeed : 'fast',
    strategy: info(raw.strategy) ? raw.strategy : fallback,
    budgets,
    weights,
  };
}

const errorText = (e) => (e && e.message ? e.message : String(e));

/**
 * Game: the wasm `Game` class. ai: the pool from ai.js (decide(cells, size, options)).
 * catalog: strategyCatalog(engine) from strategies.js.
 * options: { size, mode, seed, cells, restore } (an initial position;
 * `restore: false` ignores the saved game), and { theme, speed, ms, nodes, strategy }
 * that win over the saved settings (ms and nodes: the strategy's budget, when it takes one).
 * onEvent(type, detail): 'move', 'won', 'over', 'ai-start', 'ai-stop', 'error'.
 */
export function createController({ Game, view, storage, ai, catalog, options = {}, onEvent = () => {} }) {
  let settings = cleanSettings(storage.loadSettings(), catalog);
  if (THEMES.has(options.theme)) settings.theme = options.theme;
  if (Object.hasOwn(SPEEDS, options.speed)) settings.aiSpeed = options.speed;
  if (catalog.some((s) => s.name === options.strategy)) settings.strategy = options.strategy;
  // An embedder's budget (a node budget wins over a time budget) applies to the strategy in use.
  const given = [['nodes', options.nodes], ['ms', options.ms]]
    .map(([name, value]) => value != null && cleanBudget(info(), { [name]: value })).find(Boolean);
  if (given) settings.budgets[settings.strategy] = given;
  let game = null;
  let keepGoing = false;
  let best = 0;
  let saveTimer = 0;
  let lastEnd = null;
  let listeners = new Set();
  // Bumped on every change of the board: an AI reply for an older position is dropped.
  let position = 0;
  // The AI player: its pending request, the timer before its next move, and figures for the panel.
  const bot = { playing: false, request: null, timer: 0, last: 0, resume: false, off: '', moves: 0, time: 0, since: 0, times: [] };

  const mode = () => settings.mode;
  function info(name = settings.strategy) {
    return catalog.find((s) => s.name === name);
  }
  const budget = (name = settings.strategy) => settings.budgets[name] ?? defaultBudget(info(name));
  // What bestMove is asked: the strategy, its budget and the user's weights, if any.
  function brainOptions() {
    const w = settings.weights[settings.strategy];
    return { strategy: settings.strategy, ...budget(), ...(w ? { weights: { ...w } } : {}) };
  }
  // The strategy panel: picker, explanation, strength choices, weights.
  function brainView() {
    const s = info();
    const w = s.weights ? settings.weights[s.name] ?? s.weightDefaults : null;
    view.setBrain({
      strategy: s.name,
      explanation: s.explanation,
      choices: strengthChoices(s).map(({ key, label }) => ({ key, label })),
      chosen: budgetKey(budget()),
      chosenLabel: budgetLabel(budget()),
      weights: s.weights ? s.weights.map((f) => ({ ...f, value: w[f.name] })) : null,
      customWeights: Boolean(settings.weights[s.name]),
    });
  }
  const showingWin = () => game.won && mode() === 'classic' && !keepGoing;
  const inProgress = () => game !== null && game.moves > 0 && !game.over;

  function saveSettings() {
    storage.saveSettings(settings);
  }

  function save() {
    clearTimeout(saveTimer);
    saveTimer = 0;
    if (!game) return;
    const g = game;
    storage.saveGame({ mode: mode(), keepGoing, serialize: (history) => g.toJSON(history) });
  }

  function scheduleSave() {
    if (!saveTimer) saveTimer = setTimeout(save, bot.playing ? 1000 : SAVE_DELAY_MS);
  }

  function state() {
    return {
      size: game.size,
      mode: mode(),
      theme: settings.theme,
      score: game.score,
      best,
      moves: game.moves,
      won: game.won,
      over: game.over,
      keepGoing,
      canUndo: game.canUndo,
      cells: Array.from(game.cells()),
      aiPlaying: bot.playing,
      status: showingWin() ? 'won' : game.over ? 'over' : 'playing',
    };
  }

  // Pushes everything but the tiles to the view: score, overlay, ARIA text.
  function refresh() {
    position++;
    const score = game.score;
    if (score > best) {
      best = score;
      storage.saveBest(game.size, mode(), best);
    }
    view.setScore(score, best);
    view.setUndo(game.canUndo);
    view.setBoard(Array.from(game.cells()), game.size);
    const end = showingWin() ? 'win' : game.over ? 'over' : null;
    view.showMessage(end);
    if (end && end !== lastEnd) {
      view.announce(end === 'win' ? `You made 2048! Score ${score}.` : `Game over. Final score ${score}.`);
    }
    lastEnd = end;
    view.showHint(null);
    aiView();
    for (const fn of listeners) fn(state());
  }

  // ---- the AI player ----
  const canAi = () => Boolean(ai) && !bot.off && game !== null && !showingWin() && !game.over;

  function aiView() {
    view.setAi({
      playing: bot.playing,
      enabled: canAi(),
      off: bot.off,
      summary: game.over && bot.moves > 0 && !bot.playing
        ? { tile: Math.max(...game.cells()), score: game.score, moves: bot.moves, ms: bot.time }
        : null,
    });
  }

  // Asks the pool for the current position; `then(result)` runs only if the
  // board is still the same and no newer request was made.
  function think(then) {
    const token = position;
    const request = {};
    bot.request = request;
    ai.decide(Array.from(game.cells()), game.size, brainOptions()).then(
      (result) => {
        if (bot.request !== request) return;
        bot.request = null;
        if (token !== position || !game) return;
        const times = bot.times;
        view.setAiStats({
          mps: times.length > 1 ? ((times.length - 1) * 1000) / (times.at(-1) - times[0]) : null,
          depth: result.depth,
          nps: result.ms > 0 ? (result.nodes * 1000) / result.ms : null,
          values: result.values,
          dir: result.dir,
        });
        then(result);
      },
      (e) => {
        if (bot.request !== request) return;
        bot.request = null;
        if (!e.unavailable) {
          view.notice(`The AI failed: ${errorText(e)}`, 'ai');
          onEvent('error', { message: `The AI failed: ${errorText(e)}`, source: 'ai' });
        }
        stopAi(false, 'error');
      },
    );
  }

  // reason: 'stop' (asked), 'player' (a player's move), 'won', 'over', 'new-game', 'undo', 'error', 'destroy'.
  function stopAi(resume = false, reason = 'stop') {
    clearTimeout(bot.timer);
    bot.timer = 0;
    bot.request = null;
    bot.resume = resume;
    if (bot.playing) {
      bot.playing = false;
      bot.time += now() - bot.since;
      view.flush();
      onEvent('ai-stop', { reason, moves: bot.moves, score: game ? game.score : 0 });
    }
    if (game) aiView();
  }

  function playNext() {
    think((result) => {
      if (!result.dir) return stopAi(false, 'over');
      const go = () => {
        bot.timer = 0;
        if (bot.playing) aiMove(result.dir);
      };
      const wait = bot.last + SPEEDS[settings.aiSpeed] - now();
      if (wait > 0) bot.timer = setTimeout(go, wait);
      else go();
    });
  }

  function aiMove(dir) {
    const playing = bot.playing;
    if (!play(dir, true)) return stopAi(false, 'error');
    bot.moves++;
    bot.last = now();
    bot.times.push(bot.last);
    if (bot.times.length > 20) bot.times.shift();
    if (showingWin() || game.over) stopAi(playing && showingWin(), game.over ? 'over' : 'won');
    else if (playing) playNext();
  }

  function play(direction, byAi) {
    if (!game || !DIRECTIONS.has(direction) || showingWin() || game.over) return false;
    const wasWon = game.won;
    const result = game.move(direction);
    if (!result) return false;
    // At max speed the view draws the latest board once per frame, without animation.
    const still = byAi && settings.aiSpeed === 'max';
    if (still) view.renderSoon(game.tiles());
    else view.applyMove(result, game.tiles());
    if (result.gained > 0 && !still) view.showGain(result.gained);
    else view.clearGain();
    if (result.gained > 0 && !byAi) view.announce(`Score ${game.score}.`);
    refresh();
    scheduleSave();
    onEvent('move', { direction, gained: result.gained, score: game.score, by: byAi ? 'ai' : 'player' });
    if (game.won && !wasWon) onEvent('won', { score: game.score, moves: game.moves, mode: mode() });
    if (game.over) onEvent('over', { score: game.score, largest: Math.max(...game.cells()), moves: game.moves });
    return true;
  }

  function replaceGame(next, { appear = true } = {}) {
    stopAi(false, 'new-game');
    Object.assign(bot, { moves: 0, time: 0, times: [] });
    view.setAiStats(null);
    game?.free();
    game = next;
    lastEnd = null;
    settings.size = game.size;
    best = storage.loadBest(game.size, mode());
    view.setSize(game.size);
    view.setMode(mode());
    view.setSettings(settings);
    view.clearGain();
    view.renderTiles(game.tiles(), { appear });
    refresh();
    view.announce(`New ${game.size} by ${game.size} game.`);
  }

  function startNew({ size = settings.size, seed, cells } = {}) {
    let next = null;
    if (cells) {
      try {
        next = Game.fromCells(size, cells, seed);
      } catch (e) {
        view.notice(`The starting position was not accepted (${errorText(e)}); a new game was started instead.`);
      }
    }
    if (!next) next = seed == null ? new Game(size) : new Game(size, seed);
    keepGoing = false;
    replaceGame(next);
    saveSettings();
    save();
  }

  // Reads the saved game; anything unreadable is kept in a backup key and reported.
  function restore() {
    const raw = storage.loadGameRaw();
    if (raw == null) return null;
    try {
      let record;
      try {
        record = JSON.parse(raw);
      } catch {
        throw new Error('the saved game is not valid JSON');
      }
      if (!record || typeof record !== 'object') throw new Error('the saved game has an unknown format');
      let restored;
      if (typeof record.game === 'string') {
        if (record.version !== 1) throw new Error(`saved game version ${record.version} is not supported`);
        restored = Game.fromJSON(record.game);
        if (MODES.has(record.mode)) settings.mode = record.mode;
        keepGoing = record.keepGoing === true;
      } else {
        // A bare engine state (no page wrapper): let the engine judge it.
        restored = Game.fromJSON(raw);
        keepGoing = false;
      }
      return restored;
    } catch (e) {
      keepGoing = false;
      const backupKey = storage.backup(raw);
      view.notice(
        `Your saved game could not be read (${errorText(e)}), so a new game was started.` +
          (backupKey ? ` The old data is kept under "${backupKey}".` : ''),
        'corrupt',
      );
      console.warn(`2048: unreadable saved game: ${errorText(e)}`);
      return null;
    }
  }

  const api = {
    start() {
      storage.checkAvailable();
      view.setTheme(settings.theme);
      view.setStrategies(catalog.map((s) => ({ name: s.name, label: s.label })));
      brainView();
      if (MODES.has(options.mode)) settings.mode = options.mode;
      const size = validSize(options.size) ? options.size : undefined;
      const fresh = options.cells != null || options.seed != null || options.restore === false;
      let restored = fresh ? null : restore();
      if (restored && size && restored.size !== size) {
        restored.free();
        restored = null;
      }
      if (restored) {
        replaceGame(restored, { appear: false });
        saveSettings();
      } else {
        let cells = options.cells;
        let n = size ?? settings.size;
        if (cells && size == null) n = Math.round(Math.sqrt(cells.length));
        startNew({ size: n, seed: options.seed, cells });
      }
    },

    /** The player's move (it stops the AI); false when it changes nothing or the game is paused or over. */
    move(direction) {
      if (bot.playing) stopAi(false, 'player');
      return play(direction, false);
    },

    undo() {
      stopAi(false, 'undo');
      if (!game || !game.undo()) return false;
      view.clearGain();
      view.renderTiles(game.tiles());
      refresh();
      view.announce(`Move undone. Score ${game.score}.`);
      scheduleSave();
      return true;
    },

    keepGoing() {
      if (!game || keepGoing) return;
      keepGoing = true;
      refresh();
      save();
      if (bot.resume) api.startAi();
    },

    /** Starts the AI player from the current position; false if it cannot play. */
    startAi() {
      if (bot.playing || !canAi()) return false;
      bot.playing = true;
      bot.resume = false;
      bot.since = now();
      bot.last = 0;
      bot.times = [];
      view.showHint(null);
      aiView();
      const { weights, ...plain } = brainOptions();
      onEvent('ai-start', weights ? { ...plain, weights } : plain);
      playNext();
      return true;
    },

    stopAi: () => stopAi(),

    toggleAi() {
      return bot.playing ? (stopAi(), false) : api.startAi();
    },

    /** The AI plays one move. */
    stepAi() {
      if (bot.playing) stopAi();
      if (!canAi()) return false;
      think((result) => result.dir && aiMove(result.dir));
      return true;
    },

    /** Shows the AI's move for this position without playing it. */
    hintAi() {
      if (bot.playing || !canAi()) return false;
      think((result) => view.showHint(result.dir));
      return true;
    },

    /** The pool could not run the AI (reason shown next to the controls). */
    aiUnavailable(reason) {
      bot.off = reason;
      stopAi(false, 'error');
      onEvent('error', { message: `AI unavailable: ${reason}`, source: 'ai' });
    },

    /** Options an embedder may change on a running game: theme, speed, ms, nodes, strategy. */
    configure(name, value) {
      if (name === 'theme' || name === 'speed') return api.setSetting(name === 'speed' ? 'aiSpeed' : 'theme', value);
      if (name === 'strategy') return api.setSetting('strategy', value);
      if (name === 'ms' || name === 'nodes') {
        const clean = cleanBudget(info(), { [name]: value });
        return clean ? api.setSetting('strength', budgetKey(clean), clean) : false;
      }
      return false;
    },

    /**
     * The user's evaluation weights for the current strategy (field -> text or number).
     * Each field is checked against its range, then the whole set by the engine (a
     * one-node request in a worker); a rejected set shows its error next to the
     * field it names (else the field just edited, `changed`) and the last good
     * weights stay in use. Resolves to true when taken.
     */
    async setWeights(values, changed) {
      const s = info();
      if (!s.weights) return false;
      const checked = checkWeights(s, values);
      if (checked.errors) {
        view.setWeightErrors(checked.errors);
        return false;
      }
      if (game) {
        const probe = s.options.nodes ? { nodes: 1 } : s.options.depth ? { depth: 1 } : {};
        try {
          await ai.decide(Array.from(game.cells()), game.size, { strategy: s.name, ...probe, weights: checked.weights });
        } catch (e) {
          if (!e.unavailable) {
            const text = errorText(e);
            const field = s.weights.find((f) => new RegExp(`\\b${f.name}\\b`).test(text))?.name
              ?? (s.weights.some((f) => f.name === changed) ? changed : '');
            view.setWeightErrors({ [field]: text });
            return false;
          }
        }
      }
      if (settings.strategy !== s.name) return false;
      settings.weights[s.name] = checked.weights;
      saveSettings();
      view.setWeightErrors({});
      brainView();
      return true;
    },

    /** Back to the engine's default weights for the current strategy. */
    resetWeights() {
      delete settings.weights[settings.strategy];
      saveSettings();
      view.setWeightErrors({});
      brainView();
    },

    /** The options the AI is asked with now (strategy, budget, weights). */
    aiOptions: () => brainOptions(),

    /** Starts a new game at once (no confirmation); options as in createController. */
    newGame({ size, mode: m, seed, cells } = {}) {
      if (validSize(size)) settings.size = size;
      if (MODES.has(m)) settings.mode = m;
      startNew({ size: settings.size, seed, cells });
    },

    /**
     * A setting chosen by the player: size and mode start a new game, after a
     * confirmation if a game is in progress; theme applies at once.
     */
    async setSetting(name, value, given) {
      if (name === 'aiSpeed') {
        if (!Object.hasOwn(SPEEDS, value)) return false;
        settings[name] = value;
        view.setSettings(settings);
        saveSettings();
        return true;
      }
      if (name === 'strategy') {
        if (!info(value)) return false;
        if (settings.strategy !== value) view.setWeightErrors({});
        settings.strategy = value;
        brainView();
        saveSettings();
        return true;
      }
      if (name === 'strength') {
        // value: a budget key ("nodes200000", "ms50", "depth4", "k100"); given: a budget not among the choices.
        const clean = given ?? strengthChoices(info()).find((c) => c.key === value)?.budget;
        if (!clean) return false;
        settings.budgets[settings.strategy] = clean;
        brainView();
        saveSettings();
        return true;
      }
      if (name === 'size' || name === 'mode') stopAi();
      if (name === 'theme') {
        if (!THEMES.has(value)) return false;
        settings.theme = value;
        view.setTheme(value);
        view.setSettings(settings);
        saveSettings();
        for (const fn of listeners) fn(state());
        return true;
      }
      const valid = name === 'size' ? validSize(value) : name === 'mode' && MODES.has(value);
      if (!valid || settings[name] === value) {
        view.setSettings(settings);
        return false;
      }
      if (inProgress()) {
        const what = name === 'size' ? `a ${value} × ${value} game` : `an ${value === 'endless' ? 'Endless' : 'Classic'} game`;
        const ok = await view.confirm(`Start ${what}? The game in progress will be lost.`, 'New game');
        if (!ok) {
          view.setSettings(settings);
          return false;
        }
      }
      settings[name] = value;
      startNew({ size: settings.size });
      return true;
    },

    getState: () => (game ? state() : null),
    cells: () => (game ? Array.from(game.cells()) : []),

    /** fn(state) after every change; returns an unsubscribe function. */
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },

    /** Writes a pending save now (page hide, before destroy). */
    flush() {
      if (saveTimer) save();
    },

    destroy() {
      stopAi(false, 'destroy');
      ai?.destroy();
      api.flush();
      listeners = new Set();
      game?.free();
      game = null;
    },
  };
  return api;
}
