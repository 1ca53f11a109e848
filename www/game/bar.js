// The bar above the board that every board with controls shows: the intro line, Undo
// (the full panel's) and New game. panel.js adds the full panel's buttons and dialogs;
// a minimal board loads only this. Classes, text and ARIA only; every click goes to `handlers`.
import { el, add, button } from '../shared/dom.js';

/** handlers: { newGame(), undo() }. undo: show the Undo button. */
export function createGameBar(handlers, { undo = false } = {}) {
  const bar = el('div', 'bar');
  const intro = add(bar, el('p', 'intro', 'Join the tiles, get to 2048!'));
  const buttons = add(bar, el('div', 'bar-buttons'));
  const undoButton = undo ? add(buttons, button('btn undo-button', 'Undo', () => handlers.undo())) : null;
  add(buttons, button('btn new-button', 'New game', () => handlers.newGame()));
  return {
    bar,
    buttons,
    /** {canUndo, mode} of the game shown. */
    setGame({ canUndo, mode }) {
      if (undoButton) undoButton.disabled = !canUndo;
      const text = mode === 'endless' ? 'Endless: join the tiles, as high as you can!' : 'Join the tiles, get to 2048!';
      if (intro.textContent !== text) intro.textContent = text;
    },
  };
}
