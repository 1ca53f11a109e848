// The games a board keeps to review, and their format (loaded when first needed): the records
// of the last KEPT_RECENT finished games and the best game of each size and mode, each with its
// date, score, largest tile, moves and who finished it, in one versioned value, `<prefix>:kept`,
// of at most KEPT_BUDGET characters. Newest first. A value that cannot be read is never overwritten
// unread: it is set aside under a backup key first (or, where that fails, left as it is).
// The records themselves are checked by the engine when one is replayed.
import { MODES, validSize } from './choices.js';

/** How many of the latest finished games are kept (besides each board's best). */
export const KEPT_RECENT = 20;
/** The most characters the kept games take in storage (a 4x4 game to 16384 is about 7,000). */
export const KEPT_BUDGET = 1_000_000;

const KEPT_VERSION = 1;
const NAME = 'kept';

const boardOf = (g) => `${g.size}:${g.mode}`;

export const keptText = (games) => JSON.stringify({ version: KEPT_VERSION, games });

/** The best game of each size and mode (the highest score; of equal ones, the first kept). */
export function bestGames(games) {
  const best = new Map();
  for (const g of [...games].reverse()) if (!best.has(boardOf(g)) || g.score > best.get(boardOf(g)).score) best.set(boardOf(g), g);
  return new Set(best.values());
}

// The oldest game of `games` but `spare` that is not its board's best (else the oldest best);
// -1 when only `spare` is left.
function oldestToLetGo(games, spare) {
  const best = bestGames(games);
  const order = games.map((g, i) => i).filter((i) => games[i] !== spare).reverse();
  return order.find((i) => !best.has(games[i])) ?? order[0] ?? -1;
}

/**
 * Lets the oldest kept game go from a guarded storage (guarded-storage.js's), to make room for
 * the game in progress (storage.js's saveGame): true when one went. A value it cannot read is
 * left as it is (false).
 */
export function letOneGo(store) {
  let data;
  try {
    data = JSON.parse(store.read(NAME));
  } catch {
    return false;
  }
  const games = data?.version === KEPT_VERSION && Array.isArray(data.games) ? data.games : [];
  if (!games.length) return false;
  const rest = games.filter((g, k) => k !== oldestToLetGo(games, null));
  return rest.length ? store.write(NAME, keptText(rest)) : store.remove(NAME);
}

const count = (n) => Number.isSafeInteger(n) && n >= 0;
const isTile = (n) => Number.isSafeInteger(n) && n >= 2 && (n & (n - 1)) === 0;
const FIELDS = ['record', 'size', 'mode', 'score', 'largest', 'moves', 'by', 'date'];

function validGame(g) {
  return g !== null && typeof g === 'object' && typeof g.record === 'string' && g.record.startsWith('2048r')
    && validSize(g.size) && MODES.includes(g.mode) && [g.score, g.moves, g.date].every(count)
    && isTile(g.largest) && (g.by === 'human' || g.by === 'ai');
}

/** The kept games in a stored value (newest first); throws an Error in words for anything else. */
export function readKept(raw) {
  let data;
  try {
    data = JSON.parse(raw);
  } catch {
    throw new Error('the kept games are not valid JSON');
  }
  if (data === null || typeof data !== 'object' || !Array.isArray(data.games)) throw new Error('the kept games have an unknown format');
  if (data.version !== KEPT_VERSION) throw new Error(`kept games version ${data.version} is not supported`);
  const bad = data.games.findIndex((g) => !validGame(g));
  if (bad >= 0) throw new Error(`kept game ${bad + 1} of ${data.games.length} is not valid`);
  return data.games.map((g) => Object.fromEntries(FIELDS.map((f) => [f, g[f]])));
}

/**
 * The list with `game` added: the KEPT_RECENT latest and each board's best, then the oldest
 * let go until the list fits `budget` characters. { games, kept (false: the game alone does
 * not fit; `games` as it was), letGo (games let go for the budget) }.
 */
export function addKept(games, game, budget = KEPT_BUDGET) {
  let next = [game, ...games];
  const best = bestGames(next);
  next = next.filter((g, i) => i < KEPT_RECENT || best.has(g));
  let letGo = 0;
  while (keptText(next).length > budget) {
    const i = oldestToLetGo(next, game);
    if (i < 0) return { games, kept: false, letGo: 0 };
    next.splice(i, 1);
    letGo++;
  }
  return { games: next, kept: true, letGo };
}

/**
 * The kept games in a guarded storage (guarded-storage.js's): list(), keep(game), clear(),
 * letOneGo() (room for the game in progress). A write that fails leaves storage on.
 */
export function createKeptStore(store) {
  function list() {
    const raw = store.read(NAME);
    if (raw == null) return { games: [] };
    try {
      return { games: readKept(raw) };
    } catch (e) {
      return { games: [], problem: e.message, raw };
    }
  }

  // Writes `games`, letting the oldest go (but `spare`) while the storage refuses: { written, letGo }.
  function write(games, spare) {
    let letGo = 0;
    for (;;) {
      if (store.write(NAME, keptText(games))) return { written: true, letGo, games };
      const i = oldestToLetGo(games, spare);
      if (i < 0) return { written: false, letGo: 0, games };
      games = games.filter((g, k) => k !== i);
      letGo++;
    }
  }

  return {
    /** { games (newest first), problem (words; the value is left as it is) }. */
    list,

    /**
     * Keeps a finished game ({record, size, mode, score, largest, moves, by, date}): { kept,
     * letGo (older games let go for the budget or a full storage), why (words: not kept; null
     * where storage is unavailable),
     * problem and backupKey (an unreadable list, set aside) }.
     */
    keep(game) {
      // Unavailable storage was said once already (guarded-storage.js).
      if (!store.on) return { kept: false, letGo: 0, why: null };
      const { games, problem, raw } = list();
      let backupKey = null;
      if (problem) {
        backupKey = store.backup(raw);
        if (!backupKey) return { kept: false, letGo: 0, problem, why: `the games kept before could not be read (${problem}) nor set aside, so they are left as they are` };
      }
      const plan = addKept(games, game);
      if (!plan.kept) return { kept: false, letGo: 0, problem, backupKey, why: `its record is larger than the ${KEPT_BUDGET.toLocaleString('en')} characters kept games may take` };
      const done = write(plan.games, game);
      if (!done.written) return { kept: false, letGo: 0, problem, backupKey, why: 'the browser\'s storage is full' };
      return { kept: true, letGo: plan.letGo + done.letGo, problem, backupKey };
    },

    /** Removes every kept game (an unreadable list too); false when storage refuses. */
    clear: () => store.remove(NAME),

  };
}
