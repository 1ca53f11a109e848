// The statistics of finished games, per size and mode, by a person and by the AI: read once
// (an unreadable set is kept in a backup key and reported), a game counted once when it ends,
// the panel shown (with the games kept to review, kept.js's) and reset. No DOM: the view
// draws the panel and asks the questions.
import { emptyRecord } from './storage.js';
import { MODE_LABELS } from '../shared/choices.js';

/** storage: storage.js's; view: notice, statsPanel, confirm; kept: kept.js's. */
export function createStats({ storage, view, kept }) {
  let stats = null; // storage.loadStats()'s
  let shown = null; // the stats panel, while open
  let where = null; // {size, mode} the panel shows
  const key = (size, mode) => `${size}:${mode}`;
  const of = (size, mode) => stats?.boards[key(size, mode)] ?? { human: emptyRecord(), ai: emptyRecord() };
  const draw = async () => {
    const games = await kept?.list();
    shown?.show({ ...where, modeLabel: MODE_LABELS[where.mode], ...of(where.size, where.mode), kept: games ?? null });
  };

  const api = {
    /** Reads the saved statistics; reports an unreadable set. */
    load() {
      const loaded = storage.loadStats();
      stats = loaded.stats;
      if (!loaded.problem) return;
      view.notice(
        `Your statistics could not be read (${loaded.problem}), so they start again.` +
          (loaded.backupKey ? ` The old data is kept under "${loaded.backupKey}".` : ''),
        'corrupt-stats',
      );
      console.warn(`2048: unreadable statistics: ${loaded.problem}`);
    },

    /** A finished game (the engine's Game) counts once, for `by` ('human' | 'ai'), who made its last move. */
    count(game, mode, by) {
      if (!stats || !game || game.moves === 0) return;
      const board = (stats.boards[key(game.size, mode)] ??= { human: emptyRecord(), ai: emptyRecord() });
      const r = board[by];
      const largest = Math.max(...game.cells());
      r.played += 1;
      if (game.won) r.won += 1;
      r.best = Math.max(r.best, game.score);
      r.largest = Math.max(r.largest, largest);
      r.tiles[largest] = (r.tiles[largest] ?? 0) + 1;
      storage.saveStats(stats);
      if (shown) draw();
    },

    /** Opens the panel on a size and mode (the game's) and keeps it drawn while it is open. */
    async show(size, mode) {
      shown = await view.statsPanel();
      shown.onClose = () => { shown = null; };
      where = { size, mode };
      await draw();
    },

    /** Resets the statistics of a size and mode, after asking. */
    async reset(size, mode) {
      const ok = await view.confirm(`Reset the statistics of ${size} × ${size} ${MODE_LABELS[mode]} games? This cannot be undone.`, 'Reset');
      if (ok) {
        delete stats.boards[key(size, mode)];
        storage.saveStats(stats);
      }
      if (shown || ok) api.show(size, mode);
      return ok;
    },

    /** Clears the games kept to review, after asking; the panel (on `size` and `mode`) shows the list. */
    async clearKept(size, mode) {
      const ok = await kept.clear();
      if (shown || ok) api.show(size, mode);
      return ok;
    },
  };
  return api;
}
