// The saved game's format, `<prefix>:game`: {version, game (the engine's JSON), mode,
// keepGoing}, or a bare engine state from before the wrapper. storage.js writes and reads it;
// the replay page reads it too (the game in progress). The engine judges the game itself.
import { MODES } from './choices.js';

const GAME_VERSION = 1;

/** The text stored for a game: mode, keepGoing, and the engine's JSON (`game`). */
export const savedGameText = ({ mode, keepGoing, game }) => JSON.stringify({ version: GAME_VERSION, mode, keepGoing, game });

/**
 * A saved game's text read with `fromJSON(text)` (the engine's Game.fromJSON): {game, mode
 * (null: not saved), keepGoing}. Throws an Error in words for a value that is not one.
 */
export function readSavedGame(raw, fromJSON) {
  let record;
  try {
    record = JSON.parse(raw);
  } catch {
    throw new Error('the saved game is not valid JSON');
  }
  if (!record || typeof record !== 'object') throw new Error('the saved game has an unknown format');
  if (typeof record.game !== 'string') return { game: fromJSON(raw), mode: null, keepGoing: false };
  if (record.version !== GAME_VERSION) throw new Error(`saved game version ${record.version} is not supported`);
  return {
    game: fromJSON(record.game),
    mode: MODES.includes(record.mode) ? record.mode : null,
    keepGoing: record.keepGoing === true,
  };
}
