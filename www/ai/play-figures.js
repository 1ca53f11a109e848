// The figures of a game's AI moves, for the panel: how many, the time spent playing, and the
// moves a second over the last twenty. The AI player (board-ai.js) tells it what happens.
const now = () => performance.now();
const RECENT = 20;

export function createPlayFigures() {
  let moves = 0;
  let time = 0; // ms of play before the current run
  let since = 0; // when the current run started
  let last = 0; // when the last AI move was made
  let times = [];
  return {
    /** When the last move was made (0 before the first of a run). */
    get last() {
      return last;
    },
    get moves() {
      return moves;
    },
    /** A run starts (Start AI). */
    started() {
      since = now();
      last = 0;
      times = [];
    },
    /** A run ends. */
    stopped() {
      time += now() - since;
    },
    /** The AI made a move. */
    moved() {
      moves++;
      last = now();
      times.push(last);
      if (times.length > RECENT) times.shift();
    },
    /** Moves a second over the last moves of this run, or null. */
    mps: () => (times.length > 1 ? ((times.length - 1) * 1000) / (times.at(-1) - times[0]) : null),
    /** The game's summary ({...done, moves, ms}) once it is done and the AI played in it, else null. */
    summary: (done) => (done && moves > 0 ? { ...done, moves, ms: time } : null),
    /** A new game. */
    reset() {
      moves = 0;
      time = 0;
      times = [];
    },
  };
}
