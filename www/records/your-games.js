// The replay page's list when no link names a game: the game in progress (the game page's
// save, read by the engine) and the games kept to review (kept-list.js), each one link from
// its replay and its review. Reads storage; never writes it.
import { el, add } from '../shared/dom.js';
import { MODE_LABELS, sizeLabel } from '../shared/choices.js';
import { PAGE_STORAGE_KEY } from '../shared/pages.js';
import { createGuardedStorage } from '../shared/guarded-storage.js';
import { readSavedGame } from '../shared/saved-game.js';
import { createKeptStore } from '../shared/kept-store.js';
import { replayUrl } from './record-io.js';
import { keptList } from './kept-list.js';
import { errorText } from '../shared/errors.js';

const n0 = (n) => n.toLocaleString('en');

// The game in progress, as a line with its two links; null when there is none (or it is over:
// a finished game is in the kept list).
function inProgress(store, Game) {
  const raw = store.read('game');
  if (raw == null) return null;
  let saved;
  try {
    saved = readSavedGame(raw, (text) => Game.fromJSON(text));
  } catch (e) {
    return el('p', 'your-games-problem', `Your game in progress could not be read (${errorText(e)}); the game page says what it does with it.`);
  }
  const { game } = saved;
  try {
    if (game.moves === 0 || game.over) return null;
    const record = game.record();
    const line = el('p', 'your-games-current');
    line.append(`Your game in progress: ${sizeLabel(game.size)} ${MODE_LABELS[saved.mode ?? game.mode] ?? ''}, score ${n0(game.score)} after ${n0(game.moves)} moves. `);
    for (const [name, review] of [['Replay', false], ['Review', true]]) {
      const a = add(line, el('a', `current-${name.toLowerCase()}`, name));
      a.href = replayUrl(record, undefined, { review });
      line.append(' ');
    }
    const back = add(line, el('a', 'current-play', 'Play on'));
    back.href = 'index.html';
    return line;
  } finally {
    game.free();
  }
}

/** The list's nodes: a heading, the game in progress, the kept games. engine: the records module. */
export function yourGames(engine) {
  const store = createGuardedStorage({ prefix: PAGE_STORAGE_KEY });
  const nodes = [el('h2', 'your-games-title', 'Your games')];
  if (!store.on) {
    nodes.push(el('p', 'kept-problem', 'This browser does not let the page read its storage, so no game is kept here. Open a record file below.'));
    return nodes;
  }
  const current = inProgress(store, engine.Game);
  if (current) nodes.push(current);
  nodes.push(keptList(createKeptStore(store).list()));
  return nodes;
}
