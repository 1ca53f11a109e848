// Which game a board opens with: the position or seed an embedder asked for, else the saved
// game (when readable, and of the size asked for, if any), else a new one. An unreadable save
// is kept in a backup key (storage.js) and reported. No DOM: the view shows the notice.
import { MODES, validSize } from '../shared/choices.js';

/** flow: flow.js's; storage, view (notice); values: the settings; options: createController's. */
export function openFirstGame({ flow, storage, view, values, options }) {
  if (MODES.includes(options.mode)) values.mode = options.mode;
  const size = validSize(options.size) ? options.size : undefined;
  const fresh = options.cells != null || options.seed != null || options.restore === false;
  let restored = fresh ? null : savedGame({ Game: flow.Game, storage, view, values });
  if (restored && size && restored.game.size !== size) {
    restored.game.free();
    restored = null;
  }
  if (restored) return flow.replace(restored.game, { appear: false, keep: restored.keepGoing, write: false });
  const cells = options.cells;
  const n = cells && size == null ? Math.round(Math.sqrt(cells.length)) : size ?? values.size;
  flow.startNew({ size: n, seed: options.seed, cells });
}

// The saved game and its keepGoing, if readable (its mode taken); else null.
function savedGame({ Game, storage, view, values }) {
  const saved = storage.loadGame((text) => Game.fromJSON(text));
  if (!saved?.problem) {
    if (saved?.mode) values.mode = saved.mode;
    return saved?.game ? { game: saved.game, keepGoing: saved.keepGoing ?? false } : null;
  }
  view.notice(
    `Your saved game could not be read (${saved.problem}), so a new game was started.` +
      (saved.backupKey ? ` The old data is kept under "${saved.backupKey}".` : ''),
    'corrupt',
  );
  console.warn(`2048: unreadable saved game: ${saved.problem}`);
  return null;
}
