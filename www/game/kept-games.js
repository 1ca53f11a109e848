// Your games, kept to review (a board mounted with `history`: the game page): a finished game's
// record kept once, when it ends (storage.js's kept store decides what stays), and what could
// not be kept said in a notice; the list for the stats panel; clearing it, after asking. No DOM.
import { MODE_LABELS, sizeLabel } from '../shared/choices.js';
import { KEPT_RECENT } from '../shared/kept-store.js';

const n0 = (n) => n.toLocaleString('en');
const games = (n) => (n === 1 ? 'one older game was' : `${n} older games were`);

/** storage: storage.js's; view: notice, confirm; on: whether this board keeps its games. */
export function createKeptGames({ storage, view, on }) {
  return {
    on,

    /** A finished game (the engine's Game), by `by` ('human' | 'ai'): its record kept. */
    keep(game, mode, by) {
      if (!on || !game || game.moves === 0) return;
      const what = `this game (${sizeLabel(game.size)} ${MODE_LABELS[mode]}, score ${n0(game.score)})`;
      const done = storage.kept.keep({
        record: game.record(), size: game.size, mode, score: game.score, largest: Math.max(...game.cells()), moves: game.moves, by, date: Date.now(),
      });
      if (done.problem && done.backupKey) {
        view.notice(`Your kept games could not be read (${done.problem}). They are kept under "${done.backupKey}", and the list starts again.`, 'kept-corrupt');
        console.warn(`2048: unreadable kept games: ${done.problem}`);
      }
      if (!done.kept && done.why) {
        view.notice(`Your games: ${what} could not be kept to review: ${done.why}. The game on the board is saved as before.`, 'kept-full');
      } else if (done.letGo) {
        view.notice(`Your games: ${games(done.letGo)} let go to keep ${what} (the browser's storage or the kept games' budget is full).`, 'kept-full');
      }
    },

    /** { games, problem } (kept-store.js's list()), or null when this board keeps none. */
    list: () => (on ? storage.kept.list() : null),

    /** Removes every kept game, after asking; resolves to true when cleared. */
    async clear() {
      if (!on) return false;
      const ok = await view.confirm(`Clear your kept games (the last ${KEPT_RECENT} finished games and the best of each board)? Their replays cannot be opened again. Your statistics stay.`, 'Clear');
      if (ok && !storage.kept.clear()) view.notice('Your kept games could not be cleared: the browser refused.', 'kept-clear');
      return ok;
    },
  };
}
