// The game's controls around the board: the intro line with Undo and New game,
// the settings (board size, mode, theme) and the help line. Classes, text and
// ARIA only; every click goes to `handlers`.
import { el, add, button, choices } from './dom.js';
import { SIZES, MODE_LABELS, THEME_LABELS, sizeLabel } from './choices.js';

/** handlers: { newGame(), undo(), setting(name, value) (size, mode, theme) }. */
export function createPanel(id, handlers) {
  const bar = el('div', 'bar');
  const intro = add(bar, el('p', 'intro', 'Join the tiles, get to 2048!'));
  const buttons = add(bar, el('div', 'bar-buttons'));
  const undoButton = add(buttons, button('btn undo-button', 'Undo', () => handlers.undo()));
  add(buttons, button('btn new-button', 'New game', () => handlers.newGame()));

  const settings = el('div', 'settings');
  const sizeChoice = choices(id, 'size', 'Board', SIZES.map((n) => [n, sizeLabel(n)]), (v) => handlers.setting('size', v));
  const modeChoice = choices(id, 'mode', 'Mode', Object.entries(MODE_LABELS), (v) => handlers.setting('mode', v));
  const themeChoice = choices(id, 'theme', 'Theme', Object.entries(THEME_LABELS), (v) => handlers.setting('theme', v));
  settings.append(sizeChoice.wrap, modeChoice.wrap, themeChoice.wrap);

  const help = el('p', 'help', 'Use the arrow keys or W A S D, or swipe on the board. Tiles with the same number merge into one when they touch.');

  return {
    bar,
    settings,
    help,

    /** {canUndo, mode} of the game shown. */
    setGame({ canUndo, mode }) {
      undoButton.disabled = !canUndo;
      const text = mode === 'endless' ? 'Endless: join the tiles, as high as you can!' : 'Join the tiles, get to 2048!';
      if (intro.textContent !== text) intro.textContent = text;
    },

    setSettings({ size, mode, theme }) {
      if (size != null) sizeChoice.set(size);
      if (mode != null) modeChoice.set(mode);
      if (theme != null) themeChoice.set(theme);
    },
  };
}
