// The AI player: Start / Stop, Step, Hint, the pacing of its moves by speed, and
// the figures of its game. It asks the worker pool (pool.js, or lazy-pool.js) for a
// move, with an AbortSignal: a request nobody wants any more (Stop, a new game, undo,
// a player's move, a size or mode change, destroy) is aborted, which ends the worker
// busy with it. It plays on the game's `board` (board-ai.js hands it over) and never
// touches the DOM; the view draws what it is told.
import { createPlayFigures } from './play-figures.js';
import { createLatestRequest } from './lazy-pool.js';
import { errorText } from '../shared/errors.js';

const now = () => performance.now();

/**
 * ai: the pool (decide(cells, size, options, {signal})). view: setAi, setAiStats,
 * showHint, notice, flush. host: the game's board (board-ai.js's `board`: position(),
 * canPlay(), play(dir), ended(), finished(), score()). request(): what the pool is asked
 * (board-ai.js's requestOf). delay(): the least ms between two moves (the speed's delayMs).
 * onEvent(type, detail): 'ai-start', 'ai-stop', 'error'.
 */
export function createAiPlayer({ ai, view, host, request: options, delay, onEvent = () => {} }) {
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
      const { depth, values, dir, ms, nodes } = result;
      view.setAiStats({ mps: figures.mps(), depth, nps: ms > 0 ? (nodes * 1000) / ms : null, values, dir });
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
      think((result) => view.showHint(result.dir, { fallback: Boolean(result.fallback) }));
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
