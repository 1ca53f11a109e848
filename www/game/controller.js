// Game flow: owns the engine's Game, the mode and "keep going", the best scores
// and the settings. It asks the view to render, the storage to save, and hands
// the AI's turns to the AI player (ai/player.js); it never touches the DOM and
// never computes a move itself.
import { budgetKey, budgetLabel, checkWeights, cleanBudget, defaultBudget, explained, strengthChoices, strategyGroup, GROUP_ORDER, withExplanations } from '../ai/strategies.js';
import { MODES, MODE_LABELS, THEMES, SPEED_DELAY_MS, SHIPPED, validSize } from '../shared/choices.js';
import { createAiPlayer } from '../ai/player.js';
import { emptyRecord } from './storage.js';
import { SPEED_INTERVAL_MS, fitLabel, fitRung, reachWords, rungOf } from '../ai/strength-figures.js';
import { BEST } from '../ai/best.js';

const DIRECTIONS = new Set(['up', 'right', 'down', 'left']);
const SAVE_DELAY_MS = 150;
const errorText = (e) => (e && e.message ? e.message : String(e));

/**
 * Game: the wasm `Game` class; loadRecords(): resolves to the module whose Game reads
 * records (Game.fromRecord), when `Game` does not. ai: the pool from ai/pool.js (decide(cells, size, options, {signal})).
 * catalog: gameCatalog(engine) from strategies.js.
 * options: { size, mode, seed, cells, restore } (an initial position;
 * `restore: false` ignores the saved game), and { theme, speed, ms, nodes, strategy }
 * that win over the saved settings (ms and nodes: the strategy's budget, when it takes one).
 * onEvent(type, detail): 'move', 'won', 'over', 'ai-start', 'ai-stop', 'error'.
 */
export function createController({ Game, loadRecords, view, storage, ai, catalog, options = {}, onEvent = () => {} }) {
  const settings = storage.loadSettings(catalog);
  if (THEMES.includes(options.theme)) settings.theme = options.theme;
  if (Object.hasOwn(SPEED_DELAY_MS, options.speed)) settings.aiSpeed = options.speed;
  if (catalog.some((s) => s.name === options.strategy)) settings.strategy = options.strategy;
  // An embedder's budget (a node budget wins over a time budget) applies to the strategy in use.
  const given = [['nodes', options.nodes], ['ms', options.ms]]
    .map(([name, value]) => value != null && cleanBudget(info(), { [name]: value })).find(Boolean);
  if (given) settings.budgets[settings.strategy] = given;
  let game = null;
  let keepGoing = false;
  let best = 0;
  let saveTimer = 0;
  let lastEnd = null;
  let listeners = new Set();
  let stats = null; // storage.loadStats(): games finished, per size and mode, by a person and by the AI
  let lastBy = 'human'; // who made the game's last move: who finished it

  const mode = () => settings.mode;
  function info(name = settings.strategy) {
    return catalog.find((s) => s.name === name);
  }
  const budget = (name = settings.strategy) => settings.budgets[name] ?? defaultBudget(info(name));
  let calibrating = false; // the panel waits for the pool's calibration (once; again if it failed)
  // What bestMove is asked: the strategy, its budget and the user's weights, if any.
  function brainOptions() {
    const w = settings.weights[settings.strategy];
    // "Fits the speed": the pool turns the time between two moves into a node budget (ai/pool.js).
    const b = budget().auto ? { auto: SPEED_INTERVAL_MS[settings.aiSpeed] } : budget();
    // The panel names the rung once the calibration (run for this request) is known.
    if (b.auto && ai?.nodesPerMs == null && !calibrating && ai?.calibrate) {
      calibrating = true;
      ai.calibrate().then(brainView, () => { calibrating = false; });
    }
    return { strategy: settings.strategy, ...b, ...(w ? { weights: { ...w } } : {}) };
  }
  // The strategies' explanations: `explain(name)` resolves to one strategy's words (set by
  // explainWith, after the first board); each is asked once, when its strategy is shown.
  let explain = null;
  const asked = new Set();
  function wantWords(s) {
    if (!explain || explained(s) || asked.has(s.plays)) return;
    asked.add(s.plays);
    explain(s.plays).then((words) => {
      withExplanations(catalog, { [s.plays]: words });
      if (info().plays === s.plays) brainView();
    }, () => {});
  }
  // The default player's pick here (the pool's pick(): the family and rung, what the learned
  // network is doing for it, and both in words), once the pool has timed this machine; else null.
  const pick = () => ai?.pick?.(game?.size ?? settings.size, SPEED_INTERVAL_MS[settings.aiSpeed]) ?? null;
  // The strategy panel: picker, explanation, strength choices, weights.
  function brainView() {
    const s = info();
    wantWords(s);
    const w = s.weights ? settings.weights[s.name] ?? s.weightDefaults : null;
    const network = s.needs === 'network' ? s.network : null;
    view.setBrain({
      strategy: s.name,
      picked: s.plays,
      network,
      // The network line: a learned strategy's network, or the default player's on 4x4 (the
      // heuristic plays while it downloads).
      networkLine: s.name === BEST ? (game?.size === 4 ? SHIPPED : null) : network,
      explanation: s.explanation,
      choices: strengthChoices(s).map(({ key, label }) => ({ key, label })),
      chosen: budgetKey(budget()),
      chosenLabel: budgetLabel(budget()),
      weights: s.weights ? s.weights.map((f) => ({ ...f, value: w[f.name] })) : null,
      customWeights: Boolean(settings.weights[s.name]),
      // "Fits the speed": the rung it chose on this machine (and the default player, the family), and why.
      fit: fitWords(),
      strengthLine: strengthLine(),
      bothLadders: s.name === BEST,
    });
  }
  function fitWords() {
    if (!budget().auto || !ai?.nodesPerMs) return '';
    if (settings.strategy === BEST) return pick()?.label ?? '';
    return fitLabel(ai.nodesPerMs, ai.count, SPEED_INTERVAL_MS[settings.aiSpeed]);
  }
  // How strong the chosen budget plays, in a line: a rung's measured reach of 16384 (the one "Fits the
  // speed" picks here once the pool has timed this machine, and the default player's family); a time
  // budget's depends on it.
  function strengthLine() {
    const b = budget();
    if (b.auto) {
      if (!ai?.nodesPerMs) return 'The strongest that keeps up with the speed here';
      if (settings.strategy === BEST) return pick()?.line ?? 'The strongest that keeps up with the speed here';
      const rung = fitRung(ai.nodesPerMs, ai.count, SPEED_INTERVAL_MS[settings.aiSpeed]);
      return `${rung.name} here: ${reachWords(rung, [16384])}`;
    }
    if (b.nodes && rungOf(b.nodes)) return `${rungOf(b.nodes).name}: ${reachWords(rungOf(b.nodes), [16384])}`;
    if (b.ms) return 'How strong it plays depends on this machine';
    return '';
  }
  // A learned strategy's network, asked for when the strategy is picked and at each Start AI,
  // Step and Hint on 4x4 (the only board it plays): the pool downloads it once, and tries
  // again a network other than the shipped one that failed (yours, saved meanwhile on the
  // learn page, then plays). Until it is read the heuristic plays in its place (pool.js).
  function askNetwork(name = settings.strategy) {
    const s = info(name);
    if (s?.needs === 'network' && game?.size === 4) ai?.network?.(s.network ?? undefined).catch(() => {});
  }
  const showingWin = () => game.won && mode() === 'classic' && !keepGoing;
  const inProgress = () => game !== null && game.moves > 0 && !game.over;

  const player = createAiPlayer({
    ai,
    view,
    onEvent,
    host: {
      position: () => ({ cells: Array.from(game.cells()), size: game.size }),
      canPlay: () => game !== null && !showingWin() && !game.over,
      play: (dir) => play(dir, true),
      ended: () => (game.over ? 'over' : showingWin() ? 'won' : null),
      finished: () => (game?.over ? { tile: Math.max(...game.cells()), score: game.score } : null),
      score: () => (game ? game.score : 0),
      options: brainOptions,
      delay: () => SPEED_DELAY_MS[settings.aiSpeed],
    },
  });

  function saveSettings() {
    storage.saveSettings(settings);
  }

  function save() {
    clearTimeout(saveTimer);
    saveTimer = 0;
    if (!game) return;
    const g = game;
    storage.saveGame({ mode: mode(), keepGoing, serialize: (history) => g.toJSON(history) });
  }

  function scheduleSave() {
    if (!saveTimer) saveTimer = setTimeout(save, player.playing ? 1000 : SAVE_DELAY_MS);
  }

  function state() {
    return {
      size: game.size,
      mode: mode(),
      theme: settings.theme,
      score: game.score,
      best,
      moves: game.moves,
      won: game.won,
      over: game.over,
      keepGoing,
      canUndo: game.canUndo,
      cells: Array.from(game.cells()),
      aiPlaying: player.playing,
      status: showingWin() ? 'won' : game.over ? 'over' : 'playing',
    };
  }

  // Draws the game (`how`: the move just made and how to show it) and tells everyone.
  function refresh(how = {}) {
    const score = game.score;
    if (score > best) {
      best = score;
      storage.saveBest(game.size, mode(), best);
    }
    const end = showingWin() ? 'win' : game.over ? 'over' : null;
    view.render({
      size: game.size, tiles: game.tiles(), cells: Array.from(game.cells()), score, best, end, canUndo: game.canUndo, mode: mode(), ...how,
    });
    if (end && end !== lastEnd) {
      view.announce(end === 'win' ? `You made 2048! Score ${score}.` : `Game over. Final score ${score}.`);
    }
    lastEnd = end;
    player.moved();
    for (const fn of listeners) fn(state());
  }

  function play(direction, byAi) {
    if (!game || !DIRECTIONS.has(direction) || showingWin() || game.over) return false;
    const wasWon = game.won;
    const result = game.move(direction);
    if (!result) return false;
    // At max speed the view draws the latest board once per frame, without animation.
    refresh({ move: result, gained: result.gained, still: byAi && settings.aiSpeed === 'max' });
    if (result.gained > 0 && !byAi) view.announce(`Score ${game.score}.`);
    scheduleSave();
    onEvent('move', { direction, gained: result.gained, score: game.score, by: byAi ? 'ai' : 'player' });
    if (game.won && !wasWon) onEvent('won', { score: game.score, moves: game.moves, mode: mode() });
    lastBy = byAi ? 'ai' : 'human';
    if (game.over) {
      countGame();
      onEvent('over', { score: game.score, largest: Math.max(...game.cells()), moves: game.moves });
      onEvent('record', { record: game.record(), score: game.score, moves: game.moves, size: game.size, mode: mode() });
    }
    return true;
  }

  // A finished game counts once: at game over, or when a won game is left for a new one.
  function countGame() {
    if (!stats || !game || game.moves === 0) return;
    const key = `${game.size}:${mode()}`;
    const board = (stats.boards[key] ??= { human: emptyRecord(), ai: emptyRecord() });
    const r = board[lastBy];
    const largest = Math.max(...game.cells());
    r.played += 1;
    if (game.won) r.won += 1;
    r.best = Math.max(r.best, game.score);
    r.largest = Math.max(r.largest, largest);
    r.tiles[largest] = (r.tiles[largest] ?? 0) + 1;
    storage.saveStats(stats);
    if (shownStats) showStatsNow();
  }
  let shownStats = null; // the stats panel, while open

  function statsFor(size, m) {
    return stats?.boards[`${size}:${m}`] ?? { human: emptyRecord(), ai: emptyRecord() };
  }

  function showStatsNow() {
    shownStats?.show({ size: game.size, mode: mode(), modeLabel: MODE_LABELS[mode()], ...statsFor(game.size, mode()) });
  }

  function replaceGame(next, { appear = true } = {}) {
    if (game && game.won && !game.over) countGame();
    lastBy = 'human';
    player.reset();
    game?.free();
    game = next;
    lastEnd = null;
    settings.size = game.size;
    best = storage.loadBest(game.size, mode());
    view.setSettings(settings);
    // The default player's pick depends on the size (the learned network plays 4x4 only).
    brainView();
    refresh({ appear });
    view.announce(`New ${game.size} by ${game.size} game.`);
  }

  function startNew({ size = settings.size, seed, cells } = {}) {
    let next = null;
    if (cells) {
      try {
        next = Game.fromCells(size, cells, seed);
      } catch (e) {
        view.notice(`The starting position was not accepted (${errorText(e)}); a new game was started instead.`);
      }
    }
    if (!next) next = seed == null ? new Game(size) : new Game(size, seed);
    keepGoing = false;
    replaceGame(next);
    saveSettings();
    save();
  }

  // The saved game, if readable; an unreadable one is kept in a backup key (storage.js) and reported.
  function restore() {
    const saved = storage.loadGame((text) => Game.fromJSON(text));
    if (!saved?.problem) {
      if (saved?.mode) settings.mode = saved.mode;
      keepGoing = saved?.keepGoing ?? false;
      return saved?.game ?? null;
    }
    keepGoing = false;
    view.notice(
      `Your saved game could not be read (${saved.problem}), so a new game was started.` +
        (saved.backupKey ? ` The old data is kept under "${saved.backupKey}".` : ''),
      'corrupt',
    );
    console.warn(`2048: unreadable saved game: ${saved.problem}`);
    return null;
  }

  const api = {
    start() {
      storage.checkAvailable();
      const loaded = storage.loadStats();
      stats = loaded.stats;
      if (loaded.problem) {
        view.notice(
          `Your statistics could not be read (${loaded.problem}), so they start again.` +
            (loaded.backupKey ? ` The old data is kept under "${loaded.backupKey}".` : ''),
          'corrupt-stats',
        );
        console.warn(`2048: unreadable statistics: ${loaded.problem}`);
      }
      view.setTheme(settings.theme);
      // The engine's strategies; a learned one's network is a choice of its own (setBrain's network).
      // The panel lists them by group: the default, searching, learned, simple (strategyGroup).
      const listed = catalog.filter((s) => s.plays === s.name).map((s) => ({ name: s.name, label: s.label, group: strategyGroup(s) }));
      view.setStrategies(GROUP_ORDER.flatMap((g) => listed.filter((s) => s.group === g)));
      brainView();
      if (MODES.includes(options.mode)) settings.mode = options.mode;
      const size = validSize(options.size) ? options.size : undefined;
      const fresh = options.cells != null || options.seed != null || options.restore === false;
      let restored = fresh ? null : restore();
      if (restored && size && restored.size !== size) {
        restored.free();
        restored = null;
      }
      if (restored) {
        replaceGame(restored, { appear: false });
        saveSettings();
      } else {
        let cells = options.cells;
        let n = size ?? settings.size;
        if (cells && size == null) n = Math.round(Math.sqrt(cells.length));
        startNew({ size: n, seed: options.seed, cells });
      }
    },

    /** The player's move (it stops the AI); false when it changes nothing or the game is paused or over. */
    move(direction) {
      if (player.playing) player.stop('player');
      return play(direction, false);
    },

    undo() {
      player.stop('undo');
      if (!game || !game.undo()) return false;
      refresh();
      view.announce(`Move undone. Score ${game.score}.`);
      scheduleSave();
      return true;
    },

    keepGoing() {
      if (!game || keepGoing) return;
      keepGoing = true;
      refresh();
      save();
      if (player.resumes) player.start();
    },

    /** Starts the AI player from the current position; false if it cannot play. */
    startAi: () => (askNetwork(), player.start()),
    stopAi: () => player.stop(),
    toggleAi: () => (player.playing ? player.toggle() : (askNetwork(), player.toggle())),
    /** The AI plays one move. */
    stepAi: () => (askNetwork(), player.step()),
    /** Shows the AI's move for this position without playing it. */
    hintAi: () => (askNetwork(), player.hint()),
    /**
     * The strategies' explanations: `load(name)` resolves to a strategy's words (strategies.js's
     * loadExplanation); the panel asks for the picked strategy's now and for each one picked later.
     */
    explainWith(load) {
      explain = load;
      brainView();
    },
    /** The pool could not run the AI (reason shown next to the controls). */
    aiUnavailable: (reason) => player.unavailable(reason),
    /** The pool's speeds or the learned network's state changed: the default player's lines follow. */
    aiChanged: () => brainView(),

    /** Options an embedder may change on a running game: theme, speed, ms, nodes, strategy. */
    configure(name, value) {
      if (name === 'theme' || name === 'speed') return api.setSetting(name === 'speed' ? 'aiSpeed' : 'theme', value);
      if (name === 'strategy') return api.setSetting('strategy', value);
      if (name === 'ms' || name === 'nodes') {
        const clean = cleanBudget(info(), { [name]: value });
        return clean ? api.setSetting('strength', budgetKey(clean), clean) : false;
      }
      return false;
    },

    /**
     * The user's evaluation weights for the current strategy (field -> text or number).
     * Each field is checked against its range, then the whole set by the engine (a
     * one-node request in a worker); a rejected set shows its error next to the
     * field it names (else the field just edited, `changed`) and the last good
     * weights stay in use. Resolves to true when taken.
     */
    async setWeights(values, changed) {
      const s = info();
      if (!s.weights) return false;
      const checked = checkWeights(s, values);
      if (checked.errors) {
        view.setWeightErrors(checked.errors);
        return false;
      }
      if (game) {
        const probe = s.options.nodes ? { nodes: 1 } : s.options.depth ? { depth: 1 } : {};
        try {
          await ai.decide(Array.from(game.cells()), game.size, { strategy: s.name, ...probe, weights: checked.weights });
        } catch (e) {
          if (!e.unavailable) {
            const text = errorText(e);
            const field = s.weights.find((f) => new RegExp(`\\b${f.name}\\b`).test(text))?.name
              ?? (s.weights.some((f) => f.name === changed) ? changed : '');
            view.setWeightErrors({ [field]: text });
            return false;
          }
        }
      }
      if (settings.strategy !== s.name) return false;
      settings.weights[s.name] = checked.weights;
      saveSettings();
      view.setWeightErrors({});
      brainView();
      return true;
    },

    /** Back to the engine's default weights for the current strategy. */
    resetWeights() {
      delete settings.weights[settings.strategy];
      saveSettings();
      view.setWeightErrors({});
      brainView();
    },

    /** Starts a new game at once (no confirmation); options as in createController. */
    newGame({ size, mode: m, seed, cells } = {}) {
      if (validSize(size)) settings.size = size;
      if (MODES.includes(m)) settings.mode = m;
      startNew({ size: settings.size, seed, cells });
    },

    /**
     * A setting chosen by the player: size and mode start a new game, after a
     * confirmation if a game is in progress; theme applies at once.
     */
    async setSetting(name, value, given) {
      if (name === 'aiSpeed') {
        if (!Object.hasOwn(SPEED_DELAY_MS, value)) return false;
        settings[name] = value;
        view.setSettings(settings);
        brainView();
        saveSettings();
        return true;
      }
      if (name === 'aiPanelOpen') {
        settings.aiPanelOpen = value === true;
        view.setSettings(settings);
        saveSettings();
        return true;
      }
      if (name === 'network') {
        // The same strategy with network `value` ("shipped" or "yours"): a name of its own (td-yours).
        const s = catalog.find((c) => c.plays === info().plays && c.network === value);
        return s ? api.setSetting('strategy', s.name) : false;
      }
      if (name === 'strategy') {
        if (!info(value)) return false;
        if (settings.strategy !== value) view.setWeightErrors({});
        settings.strategy = value;
        brainView();
        saveSettings();
        // A learned strategy: its network starts downloading now, not at the first move.
        askNetwork(value);
        return true;
      }
      if (name === 'strength') {
        // value: a budget key ("nodes200000", "ms50", "depth4", "k100"); given: a budget not among the choices.
        const clean = given ?? strengthChoices(info()).find((c) => c.key === value)?.budget;
        if (!clean) return false;
        settings.budgets[settings.strategy] = clean;
        brainView();
        saveSettings();
        return true;
      }
      if (name === 'size' || name === 'mode') player.stop();
      if (name === 'theme') {
        if (!THEMES.includes(value)) return false;
        settings.theme = value;
        view.setTheme(value);
        view.setSettings(settings);
        saveSettings();
        for (const fn of listeners) fn(state());
        return true;
      }
      const valid = name === 'size' ? validSize(value) : name === 'mode' && MODES.includes(value);
      if (!valid || settings[name] === value) {
        view.setSettings(settings);
        return false;
      }
      if (inProgress()) {
        const what = name === 'size' ? `a ${value} × ${value} game` : `an ${MODE_LABELS[value]} game`;
        const ok = await view.confirm(`Start ${what}? The game in progress will be lost.`, 'New game');
        if (!ok) {
          view.setSettings(settings);
          return false;
        }
      }
      settings[name] = value;
      startNew({ size: settings.size });
      return true;
    },

    /** Opens the stats panel on the current size and mode. */
    async showStats() {
      if (!game) return;
      shownStats = await view.statsPanel();
      shownStats.onClose = () => { shownStats = null; };
      showStatsNow();
    },

    /** Resets the statistics of the current size and mode, after asking. */
    async resetStats() {
      if (!game) return false;
      const key = `${game.size}:${mode()}`;
      const ok = await view.confirm(`Reset the statistics of ${game.size} × ${game.size} ${MODE_LABELS[mode()]} games? This cannot be undone.`, 'Reset');
      if (ok) {
        delete stats.boards[key];
        storage.saveStats(stats);
      }
      if (shownStats || ok) api.showStats();
      return ok;
    },

    getState: () => (game ? state() : null),

    /** The game's record (`2048r1.` ...): the line played, undone moves left out; null before start. */
    getRecord: () => (game ? game.record() : null),

    /**
     * Plays on from move `at` of a record (default: its last), as a new game keeping its own
     * record; the record's text is not changed. A bad record changes nothing: a notice gives
     * the engine's reason and the promise resolves to false. With `confirm` (default) a game
     * in progress is replaced only if the player says so. `ai`: the AI plays on at once.
     */
    async loadRecord(text, { at, confirm = true, ai: aiPlays = false } = {}) {
      let next = null;
      try {
        // The page's first module may not read records: the records module does (loaded once, on demand).
        const Reader = Game.fromRecord ? Game : (await loadRecords()).Game;
        next = Reader.fromRecord(text, at ?? undefined);
      } catch (e) {
        const reason = errorText(e);
        view.notice(`That game record cannot be opened: ${reason}. Your game is unchanged; keep playing.`);
        onEvent('error', { message: reason, source: 'record' });
        return false;
      }
      if (confirm && inProgress()) {
        const ok = await view.confirm(
          `Play on from move ${next.moves} of that game? Your game in progress (score ${game.score}, ${game.moves} moves) will be replaced.`,
          'Play on',
        );
        if (!ok || !game) {
          next.free();
          return false;
        }
      }
      player.stop('new-game');
      settings.mode = next.mode;
      // A position past 2048 in Classic: the win was the shared game's; play on without the screen.
      keepGoing = next.won;
      replaceGame(next, { appear: true });
      saveSettings();
      save();
      if (aiPlays) player.start();
      return true;
    },

    /** fn(state) after every change; returns an unsubscribe function. */
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },

    /** Writes a pending save now (page hide, before destroy). */
    flush() {
      if (saveTimer) save();
    },

    destroy() {
      player.destroy();
      api.flush();
      listeners = new Set();
      game?.free();
      game = null;
    },
  };
  return api;
}
