// The page's default player: not an engine strategy but a choice between two of them, made
// for each move by the request pipeline (request.js): the heuristic search (expectimax) or the same
// search with the learned network (expectimax-td), at the node budget of whichever rung the
// arena measured strongest among those that keep up with the speed on this device
// (fit-player.js's fitPlayer). Its one strength is "Fits the speed". The learned network
// plays 4x4 only, and only once a worker holds it and has been timed: until then, and on
// every other size, the heuristic plays.
// Its words are the AI panel's explanation of it: tools/build/strategy-texts.mjs writes them to
// www/pkg/strategy-texts/best.json beside the engine's strategies' (the page's modules leave
// every explanation out).
export const BEST = 'best';
export const BEST_LABEL = 'Strongest at this speed';
export const BEST_EXPLANATION = 'Plays the heuristic search or the learned network, whichever is stronger at this speed.'
  + ' Which is stronger comes from the games the arena measured at each budget; how many positions'
  + ' a move keeps up with the speed you pick depends on this device, which the page times when the'
  + ' AI first plays, so the pick is made here, for your speed. The learned network plays 4×4 boards'
  + ' only: the first time this player plays on one, the page downloads the network, once; until it'
  + ' is in and timed, and on other sizes, the heuristic (Expectimax) plays.';
