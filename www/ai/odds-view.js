// The AI panel's line of the AI's odds from the board's stage (stage-odds.js's oddsLine): its
// element, and set(board) with each board shown. stage-odds.js, which holds the table, is
// imported once the first board is drawn rather than with the panel, so that a first visit's
// modules do not wait for it (`make size`). Classes and text only.
import { el } from '../shared/dom.js';

/** Returns {element, set({cells, size, end})}: the line for the board, none once the game is over. */
export function createOddsLine(className) {
  const element = el('p', className);
  element.hidden = true;
  let oddsLine = null;
  let loading = null;
  let board = null;
  const draw = () => {
    const line = (oddsLine && board && board.end !== 'over' && oddsLine(board.cells, board.size)) || '';
    if (line !== element.textContent) element.textContent = line;
    element.hidden = !line;
  };
  return {
    element,
    set(state) {
      board = state;
      loading ??= import('./stage-odds.js').then((m) => {
        oddsLine = m.oddsLine;
        draw();
      }, () => {}); // without the module, no line: the panel works on
      draw();
    },
  };
}
