// Game flow: owns the engine's Game, the mode and "keep going", the best
// scores and the settings. It asks the view to render and the storage to save;
// it never touches the DOM and never computes a move itself.
const DIRECTIONS = new Set(['up', 'right', 'down', 'left']);
const MODES = new Set(['classic', 'endless']);
const THEMES = new Set(['system', 'light', 'dark', 'solarized', 'contrast']);
const SAVE_DELAY_MS = 150;

const validSize = (n) => Number.isInteger(n) && n >= 3 && n <= 8;

function cleanSettings(raw) {
  return {
    size: validSize(raw.size) ? raw.size : 4,
    mode: MODES.has(raw.mode) ? raw.mode : 'classic',
    theme: THEMES.has(raw.theme) ? raw.theme : 'system',
  };
}

const errorText = (e) => (e && e.message ? e.message : String(e));

/**
 * Game: the wasm `Game` class. options: { size, mode, seed, cells, restore }
 * (an initial position; `restore: false` ignores the saved game).
 */
export function createController({ Game, view, storage, options = {} }) {
  let settings = cleanSettings(storage.loadSettings());
  let game = null;
  let keepGoing = false;
  let best = 0;
  let saveTimer = 0;
  let lastEnd = null;
  let listeners = new Set();

  const mode = () => settings.mode;
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
    if (!saveTimer) saveTimer = setTimeout(save, SAVE_DELAY_MS);
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
      status: showingWin() ? 'won' : game.over ? 'over' : 'playing',
    };
  }

  // Pushes everything but the tiles to the view: score, overlay, ARIA text.
  function refresh() {
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
    for (const fn of listeners) fn(state());
  }

  function replaceGame(next, { appear = true } = {}) {
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

    /** Plays one move; false when it changes nothing or the game is paused or over. */
    move(direction) {
      if (!game || !DIRECTIONS.has(direction) || showingWin() || game.over) return false;
      const result = game.move(direction);
      if (!result) return false;
      view.applyMove(result, game.tiles());
      if (result.gained > 0) {
        view.showGain(result.gained);
        view.announce(`Score ${game.score}.`);
      } else {
        view.clearGain();
      }
      refresh();
      scheduleSave();
      return true;
    },

    undo() {
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
    },

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
    async setSetting(name, value) {
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
      api.flush();
      listeners = new Set();
      game?.free();
      game = null;
    },
  };
  return api;
}
