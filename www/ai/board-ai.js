// The AI of one board, behind its one front door: what the game asks of it (Start, Stop, Step,
// Hint, a setting of the AI chosen, the board changed) and what it gives back (the moves it
// plays, on the game's `board`; its events). In this module: the page's request, built from the
// settings (requestOf; pool.js's plan turns it into the engine's); the player, its pacing loop
// and its figures (createAiPlayer); the pool, loaded the first time the AI is asked
// (createLazyPool: a first board needs none of pool.js), and the guard that lets only the latest
// request's answer count (createLatestRequest). Beside it, brain.js keeps the panel's picture of
// the picked strategy. The game knows nothing of requests, speeds, pools or workers.
import { createPlayFigures } from './play-figures.js';
import { createBrain } from './brain.js';
import { GROUP_ORDER, budgetKey, cleanBudget, strategyGroup } from './strategies.js';
import { SPEEDS, endgameFailed, networkFailed, validSpeed } from '../shared/choices.js';
import { errorText } from '../shared/errors.js';

const now = () => performance.now();

/**
 * What the pool is asked for the settings: the strategy, its budget ("Fits the speed": `auto`,
 * the speed's intervalMs, which the pool turns into a node budget) and the user's weights, if
 * any. `budget`: the strategy's budget as the settings hold it ({auto: true}, {nodes}, {ms}, ...).
 */
export function requestOf({ strategy, budget, weights, speed }) {
  const b = budget.auto ? { auto: SPEEDS[speed].intervalMs } : budget;
  return { strategy, ...b, ...(weights ? { weights: { ...weights } } : {}) };
}

/**
 * The AI bar's buttons and keys (ai/bar.js; the view hands them its clicks), straight to the
 * board's AI: `ai()` is the board's (createBoardAi's), or null while there is no board.
 */
export const aiClicks = (ai) => ({
  aiToggle: () => ai()?.toggle(),
  aiStep: () => ai()?.step(),
  aiHint: () => ai()?.hint(),
});

/**
 * pool: the pool's options (pool.js's createAi: legalMoves, count, learned, networks), the pool
 * loaded the first time the AI is asked; or a pool already made (decide, calibrate, network,
 * ...: the tests'); null: no AI. settings: the game's ({values, info(name), budget(name),
 * save()}; values.speed a key of SPEEDS). catalog: gameCatalog(engine). board: the game shown,
 * for the player: {game() (the engine's Game, or null), position() -> {cells, size}, canPlay(),
 * play(dir) -> true if the board changed, ended() -> 'won' | 'over' | null, finished() ->
 * {tile, score} | null, score()}. view: the board's view. onEvent(type, detail): 'ai-start',
 * 'ai-stop', 'error'.
 */
export function createBoardAi({ pool, settings, catalog, board, view, onEvent = () => {} }) {
  const { values, info, budget } = settings;
  const speed = () => SPEEDS[values.speed];
  let player = null;
  let brain = null;
  const ai = typeof pool?.decide === 'function' ? pool : pool ? createLazyPool({
    ...pool,
    onUnavailable: (reason) => player.unavailable(reason),
    onStarting: (state) => view.aiStarting(state),
    // A network that cannot be had: the heuristic plays in its place; one notice and one
    // `error` event say so (a retry that fails alike says nothing again).
    onNetwork: (state) => {
      view.setNetwork(state);
      if (state.error && !state.again) onEvent('error', { message: networkFailed(state.network, state.error), source: 'network' });
      if (!state.progress) brain.show();
    },
    // An endgame set that cannot be had: the learned search plays on with the network alone;
    // one notice and one `error` event say so.
    onEndgame: (state) => {
      if (!state.error) return;
      const text = endgameFailed(state.error);
      view.notice(text, 'endgame');
      onEvent('error', { message: text, source: 'endgame' });
      // The strength line stops quoting figures measured with the set.
      brain.show();
    },
    // A calibration landed: the default player's pick may change.
    onSpeed: () => brain.show(),
  }) : null;

  let calibrating = false; // the panel waits for the pool's calibration (once; again if it failed)
  function request() {
    const b = budget();
    // The panel names the rung once the calibration (run for this request) is known.
    if (b.auto && ai?.nodesPerMs == null && !calibrating && ai?.calibrate) {
      calibrating = true;
      ai.calibrate().then(() => brain.show(), () => { calibrating = false; });
    }
    return requestOf({ strategy: values.strategy, budget: b, weights: values.weights[values.strategy], speed: values.speed });
  }

  brain = createBrain({ ai, view, settings, catalog, game: board.game, interval: () => speed().intervalMs });
  player = createAiPlayer({ ai, view, host: board, request, delay: () => speed().delayMs, onEvent });

  // Each AI button asks for a learned strategy's network first (on 4x4, the only board it plays).
  const withNetwork = (fn) => () => (brain.askNetwork(), fn());

  return {
    get playing() {
      return player.playing;
    },
    /** Stopped at the win screen: "Keep going" plays on (resume). */
    get resumes() {
      return player.resumes;
    },

    /** The panel: the engine's strategies by group (the default, searching, learned, simple) and the picked one. */
    show() {
      const listed = catalog.filter((s) => s.plays === s.name).map((s) => ({ name: s.name, label: s.label, group: strategyGroup(s) }));
      view.setStrategies(GROUP_ORDER.flatMap((g) => listed.filter((s) => s.group === g)));
      brain.show();
    },

    /** Starts playing from the current position; false if it cannot play. */
    start: withNetwork(() => player.start()),
    /** Plays on (after "Keep going", or on a record opened), asking for no network. */
    resume: () => player.start(),
    /** reason: 'stop', 'player', 'undo', 'new-game', ... (the ai-stop event's). */
    stop: (reason) => player.stop(reason),
    toggle: () => (player.playing ? player.toggle() : withNetwork(() => player.toggle())()),
    /** The AI plays one move. */
    step: withNetwork(() => player.step()),
    /** Shows the AI's move for this position without playing it. */
    hint: withNetwork(() => player.hint()),

    /**
     * A setting of the AI: speed (a key of SPEEDS), strategy, network ("shipped" | "yours"),
     * strength (a budget key, or `given`, a budget not among the choices), ms or nodes (the
     * strategy's budget). False when refused.
     */
    configure(name, value, given) {
      if (name === 'speed') {
        if (!validSpeed(value)) return false;
        values.speed = value;
        view.setSettings(values);
        brain.show();
        settings.save();
        return true;
      }
      if (name === 'strategy') return brain.setStrategy(value);
      if (name === 'network') return brain.setNetwork(value);
      if (name === 'strength') return brain.setStrength(value, given);
      if (name === 'ms' || name === 'nodes') {
        const clean = cleanBudget(info(), { [name]: value });
        return clean ? brain.setStrength(budgetKey(clean), clean) : false;
      }
      return false;
    },
    /** The user's evaluation weights for the current strategy (brain.js's setWeights); resolves to true when taken. */
    setWeights: (typed, changed) => brain.setWeights(typed, changed),
    /** Back to the engine's default weights for the current strategy. */
    resetWeights: () => brain.resetWeights(),
    /** The strategies' explanations: `load(name)` resolves to a strategy's words. */
    explainWith: (load) => brain.explainWith(load),

    /** The board changed (any move, undo, new game): an answer for the old one is not wanted. */
    moved: () => player.moved(),
    /** A new game: the AI stops and its figures start again. */
    reset: () => player.reset(),
    /** The pool's speeds, the learned network's state or the board's size changed: the panel's lines follow. */
    changed: () => brain.show(),
    /** The AI cannot run (the reason shows next to the controls). */
    unavailable: (reason) => player.unavailable(reason),
    destroy: () => player.destroy(),
  };
}

/**
 * The front of the AI's worker pool for one board: the pool loaded when the AI is first asked,
 * same calls as the pool; a pool module that cannot load makes the AI unavailable, as a wasm
 * that cannot. options: those of pool.js's createAi(options). Returns { decide, calibrate,
 * network, count, nodesPerMs, pick, destroy }.
 */
function createLazyPool(options) {
  let pool = null;
  let dead = '';
  const unavailable = () => Object.assign(new Error(`AI unavailable: ${dead}`), { unavailable: true });
  const get = () => {
    if (dead) return Promise.reject(unavailable());
    pool ??= import('./pool.js').then(({ createAi }) => createAi(options), (e) => {
      dead = `the AI engine could not be loaded (${errorText(e)})`;
      options.onUnavailable?.(dead);
      throw unavailable();
    });
    return pool;
  };
  let loaded = null; // the pool, once its module is in
  return {
    decide: (...args) => get().then((p) => (loaded = p).decide(...args)),
    calibrate: () => get().then((p) => (loaded = p).calibrate()),
    network: (...args) => get().then((p) => (loaded = p).network(...args)),
    // The calibration's figures, for the panel's "Fits the speed" line (none before the pool).
    get count() { return loaded?.count; },
    get nodesPerMs() { return loaded?.nodesPerMs; },
    pick: (...args) => loaded?.pick(...args) ?? null,
    destroy() {
      dead ||= 'stopped';
      // At once when the pool is in: the player aborts its request right after, and a live
      // pool would start a fresh worker in place of the one busy with it.
      if (loaded) loaded.destroy();
      else pool?.then((p) => p.destroy(), () => {});
    },
  };
}

/**
 * The AI's request in flight, for the AI player: only the latest one's answer counts. A newer
 * request, or cancel(), aborts it, which ends the worker busy with it (wasm cannot be
 * interrupted), so the next request is answered at once.
 */
function createLatestRequest(ai) {
  let request = null; // the AbortController of the request in flight

  function cancel() {
    request?.abort();
    request = null;
  }

  return {
    cancel,
    /**
     * Asks the pool to decide `position` ({cells, size}) with `options`; then(result), or
     * failed(error) for a failure other than a cancel, runs only if no newer request was made
     * and this one was not cancelled since.
     */
    ask({ cells, size }, options, then, failed) {
      cancel();
      const mine = new AbortController();
      request = mine;
      ai.decide(cells, size, options, { signal: mine.signal }).then(
        (result) => {
          if (request !== mine) return;
          request = null;
          then(result);
        },
        (e) => {
          if (request !== mine || e?.name === 'AbortError') return;
          request = null;
          failed(e);
        },
      );
    },
  };
}

/**
 * The AI player: Start / Stop, Step, Hint, the pacing of its moves by speed, and the figures of
 * its game. It asks the pool for a move with an AbortSignal: a request nobody wants any more
 * (Stop, a new game, undo, a player's move, a size or mode change, destroy) is aborted, which
 * ends the worker busy with it. It plays on the game's board and never touches the DOM; the
 * view draws what it is told.
 * ai: the pool (decide(cells, size, options, {signal})). view: setAi, setAiStats, showHint,
 * notice, flush. host: the game's `board` (position(), canPlay(), play(dir), ended(),
 * finished(), score()). request(): what the pool is asked (requestOf). delay(): the least ms
 * between two moves (the speed's delayMs). onEvent(type, detail): 'ai-start', 'ai-stop', 'error'.
 */
function createAiPlayer({ ai, view, host, request: options, delay, onEvent = () => {} }) {
  let playing = false;
  let timer = 0; // before the next move, at the chosen speed
  let resume = false; // stopped at the win screen: "Keep going" plays on
  let off = ''; // why the AI cannot run
  const figures = createPlayFigures(); // this game's AI moves, for the panel
  const request = createLatestRequest(ai);
  const cancel = () => request.cancel();

  const canAi = () => Boolean(ai) && !off && host.canPlay();

  function show() {
    const done = host.finished();
    view.setAi({
      playing,
      enabled: canAi(),
      off,
      summary: playing ? null : figures.summary(done),
    });
  }

  // Asks the pool for the current position; `then(result)` runs only if no newer request was
  // made and this one was not cancelled since.
  function think(then) {
    request.ask(host.position(), options(), (result) => {
      const { depth, values, dir, ms, nodes, played } = result;
      view.setAiStats({ mps: figures.mps(), depth, nps: ms > 0 ? (nodes * 1000) / ms : null, values, dir, played });
      then(result);
    }, (e) => {
      if (!e.unavailable) {
        view.notice(`The AI failed: ${errorText(e)}`, 'ai');
        onEvent('error', { message: `The AI failed: ${errorText(e)}`, source: 'ai' });
      }
      stop('error');
    });
  }

  // reason: 'stop' (asked), 'player' (a player's move), 'won', 'over', 'new-game', 'undo', 'error', 'destroy'.
  function stop(reason = 'stop', { resume: again = false } = {}) {
    clearTimeout(timer);
    timer = 0;
    cancel();
    resume = again;
    if (playing) {
      playing = false;
      figures.stopped();
      view.flush();
      onEvent('ai-stop', { reason, moves: figures.moves, score: host.score() });
    }
    show();
  }

  function playNext() {
    think((result) => {
      if (!result.dir) return stop('over');
      const go = () => {
        timer = 0;
        if (playing) move(result.dir);
      };
      const wait = figures.last + delay() - now();
      if (wait > 0) timer = setTimeout(go, wait);
      else go();
    });
  }

  function move(dir) {
    const wasPlaying = playing;
    if (!host.play(dir)) return stop('error');
    figures.moved();
    const ended = host.ended();
    if (ended) stop(ended, { resume: wasPlaying && ended === 'won' });
    else if (wasPlaying) playNext();
  }

  const player = {
    get playing() {
      return playing;
    },

    /** Starts playing from the current position; false if it cannot play. */
    start() {
      if (playing || !canAi()) return false;
      playing = true;
      resume = false;
      figures.started();
      view.showHint(null);
      show();
      const { weights, ...plain } = options();
      onEvent('ai-start', weights ? { ...plain, weights } : plain);
      playNext();
      return true;
    },

    stop,

    toggle() {
      return playing ? (stop(), false) : player.start();
    },

    /** The AI plays one move. */
    step() {
      if (playing) stop();
      if (!canAi()) return false;
      think((result) => result.dir && move(result.dir));
      return true;
    },

    /** Shows the AI's move for this position without playing it. */
    hint() {
      if (playing || !canAi()) return false;
      think((result) => view.showHint(result.dir, { fallback: Boolean(result.fallback), values: result.values, played: result.played }));
      return true;
    },

    /** The board changed (any move, undo, new game): an answer for the old one is not wanted. */
    moved() {
      if (!playing) cancel();
      view.showHint(null);
      show();
    },

    /** Stopped at the win screen, to play on after "Keep going". */
    get resumes() {
      return resume;
    },

    /** A new game: the figures start again. */
    reset() {
      stop('new-game');
      figures.reset();
      view.setAiStats(null);
    },

    /** The pool cannot run the AI (the reason shows next to the controls). */
    unavailable(reason) {
      off = reason;
      stop('error');
      onEvent('error', { message: `AI unavailable: ${reason}`, source: 'ai' });
    },

    destroy() {
      // The pool first: it ends every worker, so the aborted request starts no fresh one.
      ai?.destroy();
      stop('destroy');
    },
  };
  return player;
}
