// The AI panel's line of the AI's odds from the board's stage (stage-odds.js's oddsLine): its
// element, set(board) with each board shown, and load() once the first board is drawn:
// stage-odds.js, which holds the table, is imported then rather than with the panel, so that
// the first board waits for none of it (`make size`; dist.test). Classes and text only.
import { el } from '../shared/dom.js';

/** Returns {element, set({cells, size, end}), load()}: the line for the board, none once the game is over. */
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
      draw();
    },
    load() {
      loading ??= import('./stage-odds.js').then((m) => {
        oddsLine = m.oddsLine;
        draw();
      }, () => {}); // without the module, no line: the panel works on
    },
  };
}
