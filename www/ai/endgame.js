// The endgame sets (ENDGAME_FILE: packed wall sets, `tablebase walls-sample`'s `*.ews`, one
// after another): the best moves of the wall tables 443-t10 and 443-t9 for the positions where
// they rule out a move that play with them reaches most often once the board holds
// ENDGAME_FROM; from then on, where one holds the board (443-t10 first), its move is played
// when the search scores it within a margin of its best (docs/ai.md, "The page's set"). Not part of the first
// visit: it is downloaded once per page, when the learned search first plays on a board that
// holds NEAR (half that tile), relative to this module or under the asset base as the network
// is (the compare page, whose games play out in its workers, downloads it at a run's start:
// compare/compare.js), and the HTTP cache (or the service worker, once downloaded) keeps it. The first worker
// reads it (its answer checks the file); any other worker that searches with it is sent the
// bytes just before its first such request (workers.js's needs). Until it is read, and for the
// page's life if it cannot be downloaded or read (one onEndgame error names why), the learned
// search plays with the network alone.
// Its one name and tile: dist, the service worker's lazy files, the parity check and the tests
// read them from here.
import { ASSETS } from '../shared/assets.js';
import { downloadBytes } from '../shared/download.js';
import { errorText as message } from '../shared/errors.js';
import { ROLES } from './roles.js';

export const ENDGAME_FILE = 'networks/endgame.ews';
/** The tile from which the learned search consults the set (`arena --table-from`). */
export const ENDGAME_FROM = 16384;
/** The tile from which a board asks for the set's download: the stage before. */
export const NEAR = ENDGAME_FROM / 2;

/** The message that has a worker read the set (worker.js). */
export const readMessage = (bytes) => ({ endgame: bytes, from: ENDGAME_FROM });

/** The set's bytes, downloaded (assets.js: next to the modules, or under the asset base). */
export const fetchEndgame = () => downloadBytes(ASSETS.endgame(), 'the endgame table');

/**
 * download(): Promise of the set's bytes; read(bytes): resolves to the first worker's reading
 * ({set, table, positions, bytes, from, memory}) of readMessage(bytes), its knowledge keyed
 * ENDGAME_FILE, or rejects (with .unavailable when the AI is off);
 * onEndgame({loading} | {loaded: info} | {error}).
 */
export function createEndgame({ download = fetchEndgame, read, onEndgame }) {
  let state = null; // {bytes, info, error} once asked for
  const report = (s) => onEndgame?.(s);

  function load() {
    if (state) return;
    state = { bytes: null, info: null, error: null };
    const mine = state;
    report({ loading: true });
    (async () => {
      try {
        const bytes = await download();
        mine.info = await read(bytes);
        mine.bytes = bytes;
        report({ loaded: mine.info });
      } catch (e) {
        // The AI went off meanwhile: the set may be asked for again once it is back.
        if (e?.unavailable) {
          state = null;
          return;
        }
        mine.error = `the endgame table could not be loaded (${message(e)})`;
        report({ error: mine.error });
      }
    })();
  }

  return {
    /**
     * What the workers must hold for a request the engine plays as `strategy` on `cells` (tile
     * values) of a `size` board: the set once read, for the learned search on a 4x4 board that
     * holds NEAR or more (workers.js's needs entry), else null. Such a board starts its download.
     */
    needs(cells, size, strategy) {
      if (size !== 4 || strategy !== ROLES.learnedSearch || !Array.from(cells).some((v) => v >= NEAR)) return null;
      load();
      if (!state.info) return null;
      return { kind: 'endgame', key: ENDGAME_FILE, message: readMessage(state.bytes) };
    },
    /** The set as the first worker read it, or null. */
    get info() {
      return state?.info ?? null;
    },
    /** Why the set cannot be had (it is not asked for again), or null. */
    get error() {
      return state?.error ?? null;
    },
  };
}
