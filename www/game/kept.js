// Your games, kept to review, as the game sees them (a board mounted with `history`: the game
// page): a finished game's entry taken when it ends, then kept, listed and cleared by
// kept-games.js, which loads when first needed; a board that keeps none never loads it. No DOM.

/** storage: storage.js's; view: notice, confirm; on: whether this board keeps its games. */
export function createKept({ storage, view, on }) {
  let loaded = null;
  // A failed load (offline, a new build) is tried again next time.
  const load = () => (loaded ??= import('./kept-games.js').then((m) => m.createKeptGames({ storage, view })).catch((e) => {
    loaded = null;
    throw e;
  }));
  return {
    /** Loads the kept games' code (once the board is drawn): a full storage then lets them go for the game in progress. */
    load: () => on && load().catch(() => {}),

    /** A finished game (the engine's Game, read now: it may be freed next), by 'human' | 'ai'. */
    keep(game, mode, by) {
      if (!on || !game || game.moves === 0) return;
      const entry = {
        record: game.record(), size: game.size, mode, score: game.score, largest: Math.max(...game.cells()), moves: game.moves, by, date: Date.now(),
      };
      load().then((k) => k.keep(entry)).catch((e) => console.warn(`2048: a finished game could not be kept (${e?.message ?? e})`));
    },
    /** Resolves to { games, problem } (kept-store.js's list()), or null when this board keeps none. */
    list: async () => (on ? (await load()).list() : null),
    /** Removes every kept game, after asking; resolves to true when cleared. */
    clear: async () => on && (await load()).clear(),
  };
}
