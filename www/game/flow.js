// The game itself: the engine's Game shown, the mode and "keep going", the best score, moves
// played (by a person or the AI) and what follows them (the view drawn, the win or the end
// announced, the save scheduled, the events, a finished game counted and kept), a game replaced by a new,
// saved or shared one. No DOM: the view draws; no AI: the AI plays through `board`.
import { errorText } from '../shared/errors.js';
const DIRECTIONS = new Set(['up', 'right', 'down', 'left']);
const SAVE_DELAY_MS = 150;

/**
 * The save, written a moment after the game changes (longer while the AI plays, whose moves
 * come fast), at once when asked. snapshot(): what storage.saveGame takes, or null (no game).
 */
function createSaver(storage, snapshot, aiPlaying) {
  let timer = 0;
  function save() {
    clearTimeout(timer);
    timer = 0;
    const s = snapshot();
    if (s) storage.saveGame(s);
  }
  return {
    save,
    scheduleSave() {
      if (!timer) timer = setTimeout(save, aiPlaying() ? 1000 : SAVE_DELAY_MS);
    },
    /** Writes a pending save now. */
    flush() {
      if (timer) save();
    },
  };
}

/**
 * Game: the wasm Game class; view: render, announce, notice, setSettings; storage: storage.js's;
 * settings: settings.js's; stats: stats.js's; kept: kept.js's; onEvent(type, detail); ai: {playing() (the AI
 * plays: saves wait longer), moved() (the board changed), reset() (a new game), changed() (the
 * size may change the default player's pick)}.
 */
export function createFlow({ Game, view, storage, settings, stats, kept, onEvent, ai }) {
  const { values } = settings;
  let game = null;
  let keepGoing = false;
  let best = 0;
  let lastEnd = null;
  let lastBy = 'human'; // who made the game's last move: who finished it
  let listeners = new Set();
  const mode = () => values.mode;
  const showingWin = () => game.won && mode() === 'classic' && !keepGoing;

  const saver = createSaver(storage, () => {
    const g = game;
    return g && { mode: mode(), keepGoing, serialize: (history) => g.toJSON(history) };
  }, ai.playing);
  const { save, scheduleSave } = saver;

  const state = () => ({
    size: game.size, mode: mode(), theme: values.theme, score: game.score, best, moves: game.moves, won: game.won, over: game.over, keepGoing,
    canUndo: game.canUndo, cells: Array.from(game.cells()), aiPlaying: ai.playing(), status: showingWin() ? 'won' : game.over ? 'over' : 'playing',
  });

  const notify = () => { for (const fn of listeners) fn(state()); };

  // Draws the game (`how`: the move just made and how to show it) and tells everyone.
  function refresh(how = {}) {
    const score = game.score;
    if (score > best) {
      best = score;
      storage.saveBest(game.size, mode(), best);
    }
    const end = showingWin() ? 'win' : game.over ? 'over' : null;
    view.render({
      size: game.size, tiles: game.tiles(), cells: Array.from(game.cells()), score, best, end, canUndo: game.canUndo, mode: mode(), ...how,
    });
    if (end && end !== lastEnd) {
      view.announce(end === 'win' ? `You made 2048! Score ${score}.` : `Game over. Final score ${score}.`);
    }
    lastEnd = end;
    ai.moved();
    notify();
  }

  // A game that ends: kept to review once the board's own save is written (the game on the
  // board comes first in a full storage), and counted.
  const finished = (g) => { save(); kept.keep(g, mode(), lastBy); stats.count(g, mode(), lastBy); };

  function replace(next, { appear = true } = {}) {
    // A won game left for a new one counts too.
    if (game && game.won && !game.over) finished(game);
    lastBy = 'human';
    ai.reset();
    game?.free();
    game = next;
    lastEnd = null;
    values.size = game.size;
    best = storage.loadBest(game.size, mode());
    view.setSettings(values);
    ai.changed();
    refresh({ appear });
    view.announce(`New ${game.size} by ${game.size} game.`);
  }

  const flow = {
    Game,
    get game() {
      return game;
    },
    mode,
    showingWin,
    inProgress: () => game !== null && game.moves > 0 && !game.over,
    state,
    notify,
    refresh,
    save,
    scheduleSave,

    /** A move by a person or the AI; false when it changes nothing or the game is paused or over. */
    play(direction, byAi) {
      if (!game || !DIRECTIONS.has(direction) || showingWin() || game.over) return false;
      const wasWon = game.won;
      const result = game.move(direction);
      if (!result) return false;
      // At max speed the view draws the latest board once per frame, without animation.
      refresh({ move: result, gained: result.gained, still: byAi && values.speed === 'max' });
      if (result.gained > 0 && !byAi) view.announce(`Score ${game.score}.`);
      scheduleSave();
      onEvent('move', { direction, gained: result.gained, score: game.score, by: byAi ? 'ai' : 'player' });
      if (game.won && !wasWon) onEvent('won', { score: game.score, moves: game.moves, mode: mode() });
      lastBy = byAi ? 'ai' : 'human';
      if (game.over) {
        finished(game);
        onEvent('over', { score: game.score, largest: Math.max(...game.cells()), moves: game.moves });
        onEvent('record', { record: game.record(), score: game.score, moves: game.moves, size: game.size, mode: mode() });
      }
      return true;
    },

    /** Plays on past the win screen; false if it was not showing. */
    keepGoing() {
      if (!game || keepGoing) return false;
      keepGoing = true;
      refresh();
      save();
      return true;
    },

    /**
     * Another game in place of this one (`keep`: keepGoing's value for it), drawn, the settings
     * saved, and the game too unless it is the saved one (`write: false`).
     */
    replace(next, { appear = true, keep = false, write = true } = {}) {
      keepGoing = keep;
      replace(next, { appear });
      settings.save();
      if (write) save();
    },

    /** A new game: a position given (`cells`, refused with a notice), a seed, or a random one. */
    startNew({ size = values.size, seed, cells } = {}) {
      let next = null;
      if (cells) {
        try {
          next = Game.fromCells(size, cells, seed);
        } catch (e) {
          view.notice(`The starting position was not accepted (${errorText(e)}); a new game was started instead.`);
        }
      }
      if (!next) next = seed == null ? new Game(size) : new Game(size, seed);
      flow.replace(next);
    },

    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },

    /** Writes a pending save now (page hide, before destroy). */
    flush: () => saver.flush(),

    destroy() {
      listeners = new Set();
      game?.free();
      game = null;
    },
  };
  flow.board = aiBoard(flow);
  return flow;
}

/** The game as the AI plays on it (ai/board-ai.js's `board`): its position, and its moves played by the AI. */
function aiBoard(flow) {
  const over = () => flow.game.over;
  return {
    game: () => flow.game,
    position: () => ({ cells: Array.from(flow.game.cells()), size: flow.game.size }),
    canPlay: () => flow.game !== null && !flow.showingWin() && !over(),
    play: (dir) => flow.play(dir, true),
    ended: () => (over() ? 'over' : flow.showingWin() ? 'won' : null),
    finished: () => (flow.game?.over ? { tile: Math.max(...flow.game.cells()), score: flow.game.score } : null),
    score: () => (flow.game ? flow.game.score : 0),
  };
}
