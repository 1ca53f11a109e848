// Persistence in localStorage under one key prefix, and the formats it writes:
// the saved game (saved-game.js), the settings (cleaned on reading; old saves migrated), the
// best scores, the statistics, and the games kept to review (kept-store.js).
// Every access goes through guarded-storage.js: storage that throws switches
// persistence off and reports it once through `onUnavailable`; callers never see
// an exception.
import { BUDGETS, DEFAULT_STRATEGY, checkWeights, cleanBudget } from '../ai/strategies.js';
import { MODES, THEMES, validSize, validSpeed } from '../shared/choices.js';
import { ROLES } from '../ai/roles.js';
import { createGuardedStorage } from '../shared/guarded-storage.js';
import { errorText } from '../shared/errors.js';
import { readSavedGame, savedGameText } from '../shared/saved-game.js';

export { memoryStorage } from '../shared/guarded-storage.js';

const STATS_VERSION = 1;
// The think time every page saved before strategies had budgets of their own.
const OLD_DEFAULT_MS = 50;

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const validMs = (n) => Number.isInteger(n) && n >= BUDGETS.ms[0] && n <= BUDGETS.ms[1];

/**
 * Saved settings, cleaned: anything unknown or out of range is dropped.
 * strategy: its name; budgets: {strategy: {ms} | {nodes} | {depth} | {k}};
 * weights: {strategy: {field: number}} (only for weights the user changed).
 * Saves from before strategies had a single `aiMs`: a think time other than that
 * era's default (50 ms, which says nothing about a choice) becomes expectimax's budget, and
 * expectimax the strategy. A saved strategy stays (`expectimax` too: it plays exactly that); a
 * save without one gets the default player (DEFAULT_STRATEGY).
 */
export function cleanSettings(raw, catalog) {
  const info = (name) => catalog.find((s) => s.name === name);
  const fallback = info(DEFAULT_STRATEGY) ? DEFAULT_STRATEGY : catalog[0].name;
  const budgets = {};
  const weights = {};
  let strategy = info(raw.strategy) ? raw.strategy : null;
  if (isObject(raw.budgets)) {
    for (const [name, budget] of Object.entries(raw.budgets)) {
      const clean = cleanBudget(info(name), budget);
      if (clean) budgets[name] = clean;
    }
  } else if (validMs(raw.aiMs) && raw.aiMs !== OLD_DEFAULT_MS) {
    // The old saves' one time budget was the heuristic's.
    const clean = cleanBudget(info(ROLES.heuristic), { ms: raw.aiMs });
    if (clean) {
      budgets[ROLES.heuristic] = clean;
      strategy ??= ROLES.heuristic;
    }
  }
  if (isObject(raw.weights)) {
    for (const [name, values] of Object.entries(raw.weights)) {
      const checked = isObject(values) && info(name)?.weights ? checkWeights(info(name), values) : {};
      if (checked.weights) weights[name] = checked.weights;
    }
  }
  return {
    size: validSize(raw.size) ? raw.size : 4,
    mode: MODES.includes(raw.mode) ? raw.mode : 'classic',
    theme: THEMES.includes(raw.theme) ? raw.theme : 'system',
    // Saved as aiSpeed (saveSettings).
    speed: validSpeed(raw.aiSpeed) ? raw.aiSpeed : 'fast',
    strategy: strategy ?? fallback,
    // The AI panel's player and strength, unfolded on a narrow screen.
    aiPanelOpen: raw.aiPanelOpen === true,
    budgets,
    weights,
  };
}

export const emptyStats = () => ({ boards: {} });

/** One side's figures (a person's or the AI's games on one size and mode), zeroed. */
export const emptyRecord = () => ({ played: 0, won: 0, best: 0, largest: 0, tiles: {} });

const count = (n) => Number.isSafeInteger(n) && n >= 0;
const isTile = (t) => Number.isSafeInteger(Number(t)) && Number(t) >= 2 && (Number(t) & (Number(t) - 1)) === 0;

// Stored statistics: every figure checked; a bad one is a problem (the whole value is backed up).
function readStats(raw) {
  let data;
  try {
    data = JSON.parse(raw);
  } catch {
    throw new Error('the statistics are not valid JSON');
  }
  if (!isObject(data) || data.version !== STATS_VERSION || !isObject(data.boards)) {
    throw new Error('the statistics have an unknown format');
  }
  const boards = {};
  for (const [key, board] of Object.entries(data.boards)) {
    const [size, mode] = key.split(':');
    if (!validSize(Number(size)) || !MODES.includes(mode) || !isObject(board)) throw new Error(`the statistics of "${key}" are not valid`);
    boards[key] = {};
    for (const who of ['human', 'ai']) {
      const r = board[who] ?? emptyRecord();
      const tilesOk = isObject(r.tiles) && Object.entries(r.tiles).every(([t, n]) => isTile(t) && count(n));
      if (!isObject(r) || ![r.played, r.won, r.best, r.largest].every(count) || !tilesOk || r.won > r.played) {
        throw new Error(`the statistics of "${key}" are not valid`);
      }
      boards[key][who] = { played: r.played, won: r.won, best: r.best, largest: r.largest, tiles: { ...r.tiles } };
    }
  }
  return { boards };
}

/**
 * { prefix, backend, onUnavailable() (storage cannot be used: said once), onLetGo(n) (n kept
 * games were let go to make room for the game in progress) }.
 */
export function createStorage({ prefix = 'game2048', backend, onUnavailable, onLetGo } = {}) {
  const store = createGuardedStorage({ prefix, backend, onUnavailable });
  let kept = null; // loadKept()'s promise
  let letOneGo = null; // kept-store.js's, once loaded: a board that keeps games loads it at its start
  const { read, write, readJSON, backup, off } = store;
  const on = () => store.on;
  // Runs attempt() (true: written) until it succeeds, letting the oldest kept game go between
  // tries: the game and its settings come before the games kept to review. onLetGo says how many went.
  function withRoom(attempt) {
    let letGo = 0;
    let ok = attempt();
    while (!ok && letOneGo?.(store)) {
      letGo++;
      ok = attempt();
    }
    if (letGo) onLetGo?.(letGo);
    return ok;
  }
  // Writes `value`; a write that fails even with the kept games let go switches storage off and says so once.
  const save = (name, value) => {
    if (on() && !withRoom(() => write(name, value))) off();
  };

  const api = {
    /** Call once the UI can show it: reports storage that was unusable from the start. */
    checkAvailable() {
      if (!on()) off();
      return on();
    },

    /** True when a saved game is there (readable or not): the page then loads the engine that reads it. */
    hasGame() {
      return read('game') != null;
    },

    /**
     * The saved game, read with `fromJSON(text)` (the engine's Game.fromJSON):
     * {game, mode (null: not saved), keepGoing}; null when there is none. An
     * unreadable record is kept under a backup key: {problem (words), backupKey | null}.
     */
    loadGame(fromJSON) {
      const raw = read('game');
      if (raw == null) return null;
      try {
        return readSavedGame(raw, fromJSON);
      } catch (e) {
        return { problem: errorText(e), backupKey: backup(raw) };
      }
    },

    /**
     * Saves a game. `serialize(maxHistory)` returns the engine's JSON; when the full history
     * exceeds the quota, kept games are let go (oldest first, onLetGo says how many; once
     * loadKept() has loaded them), then a shorter history is tried, before giving up.
     */
    saveGame({ mode, keepGoing, serialize }) {
      if (!on()) return false;
      const text = (history) => savedGameText({ mode, keepGoing, game: serialize(history) });
      if (withRoom(() => write('game', text(1000)))) return true;
      for (const history of [100, 0]) if (write('game', text(history))) return true;
      off();
      return false;
    },

    /** Resolves to the games kept to review (kept-store.js's list(), keep(game), clear()), loaded when first asked. */
    loadKept: () => (kept ??= import('../shared/kept-store.js').then((m) => {
      letOneGo = m.letOneGo;
      return m.createKeptStore(store);
    })),

    /** Keeps an unreadable value under `<prefix>:backup:<timestamp>`; returns the key or null. */
    backup,

    loadBest(size, mode) {
      const n = Number(read(`best:${size}:${mode}`));
      return Number.isSafeInteger(n) && n > 0 ? n : 0;
    },

    saveBest(size, mode, score) {
      save(`best:${size}:${mode}`, String(score));
    },

    /**
     * The statistics of finished games: {boards: {"size:mode": {human, ai}}} (cleanStats);
     * {problem, backupKey} when the stored value cannot be read (it is kept under a
     * backup key and the statistics start again).
     */
    loadStats() {
      const raw = read('stats');
      if (raw == null) return { stats: emptyStats() };
      try {
        return { stats: readStats(raw) };
      } catch (e) {
        const backupKey = backup(raw);
        api.saveStats(emptyStats());
        return { stats: emptyStats(), problem: errorText(e), backupKey };
      }
    },

    saveStats(stats) {
      save('stats', JSON.stringify({ version: STATS_VERSION, boards: stats.boards }));
    },

    /** The saved settings, cleaned against the strategies of `catalog` (see cleanSettings). */
    loadSettings(catalog) {
      const s = readJSON('settings');
      return cleanSettings(isObject(s) ? s : {}, catalog);
    },

    saveSettings({ speed, ...settings }) {
      save('settings', JSON.stringify({ ...settings, aiSpeed: speed }));
    },
  };
  return api;
}
