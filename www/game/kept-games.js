// Your games, kept to review (loaded by kept.js when first needed): a finished game kept
// (storage.js's kept store decides what stays) and what could not be kept said in a notice;
// the list; clearing it, after asking. No DOM: the view shows the notices and asks.
import { MODE_LABELS, sizeLabel } from '../shared/choices.js';
import { KEPT_RECENT } from '../shared/kept-store.js';

const n0 = (n) => n.toLocaleString('en');
const games = (n) => (n === 1 ? 'one older game was' : `${n} older games were`);

/** storage: storage.js's; view: notice, confirm. Resolves when its kept store is loaded. */
export async function createKeptGames({ storage, view }) {
  const kept = await storage.loadKept();
  return {
    /** A finished game's entry ({record, size, mode, score, largest, moves, by, date}) kept. */
    keep(entry) {
      const what = `this game (${sizeLabel(entry.size)} ${MODE_LABELS[entry.mode]}, score ${n0(entry.score)})`;
      const done = kept.keep(entry);
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

    list: () => kept.list(),

    async clear() {
      const ok = await view.confirm(`Clear your kept games (the last ${KEPT_RECENT} finished games and the best of each board)? Their replays cannot be opened again. Your statistics stay.`, 'Clear');
      if (ok && !kept.clear()) view.notice('Your kept games could not be cleared: the browser refused.', 'kept-clear');
      return ok;
    },
  };
}
