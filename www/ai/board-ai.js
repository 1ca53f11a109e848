// The AI of one board, behind its one front door: what the game asks of it (Start, Stop, Step,
// Hint, a setting of the AI chosen, the board changed) and what it gives back (the moves it
// plays, on the game's `board`; its events). Inside: the pool, loaded the first time the AI is
// asked (lazy-pool.js, and pool.js behind it); the page's request, built here from the
// settings (requestOf; pool.js's plan turns it into the engine's); the player and its pacing
// (player.js); the panel's picture of the picked strategy (brain.js). The game knows nothing of
// requests, speeds, pools or workers.
import { createLazyPool } from './lazy-pool.js';
import { createAiPlayer } from './player.js';
import { createBrain } from './brain.js';
import { GROUP_ORDER, budgetKey, cleanBudget, strategyGroup } from './strategies.js';
import { SPEEDS, networkFailed, validSpeed } from '../shared/choices.js';

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
