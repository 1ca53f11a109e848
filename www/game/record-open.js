// A game record opened to play on: read by the engine (the records module, loaded once, on
// demand, when the page's first module cannot read records), a bad record reported with the
// engine's reason, and the game in progress replaced only if the player says so. No DOM: the
// view shows the notice and asks.
import { errorText } from '../shared/errors.js';

/**
 * Game: the page's wasm Game class; loadRecords(): resolves to the module whose Game reads
 * records; view: notice, confirm; onEvent(type, detail): 'error'.
 * open(text, {at, ask, current}) resolves to the engine's Game at move `at` of the record (default:
 * its last), or null: a bad record (a notice and an 'error' event), or `ask` and the player
 * keeps `current()`, the game in progress (null when none is).
 */
export function createRecordOpener({ Game, loadRecords, view, onEvent }) {
  return {
    async open(text, { at, ask = true, current = () => null } = {}) {
      let next;
      try {
        const Reader = Game.fromRecord ? Game : (await loadRecords()).Game;
        next = Reader.fromRecord(text, at ?? undefined);
      } catch (e) {
        const reason = errorText(e);
        view.notice(`That game record cannot be opened: ${reason}. Your game is unchanged; keep playing.`);
        onEvent('error', { message: reason, source: 'record' });
        return null;
      }
      const playing = ask ? current() : null;
      if (playing) {
        const ok = await view.confirm(
          `Play on from move ${next.moves} of that game? Your game in progress (score ${playing.score}, ${playing.moves} moves) will be replaced.`,
          'Play on',
        );
        if (!ok || !current()) {
          next.free();
          return null;
        }
      }
      return next;
    },
  };
}
