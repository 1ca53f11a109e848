// One game's view: lays out the parts (the board, the panel, the AI panel, the
// notices, the dialog) in the element it is given, owns the theme class, and
// hands each call of the controller and the AI player to the part that draws it.
// Nothing here decides anything about the rules.
import { el } from './dom.js';
import { createBoardView } from './board-view.js';
import { createPanel } from './panel.js';
import { createAiPanel } from './ai-panel.js';
import { createNotices } from './notices.js';
import { createDialog } from './dialog.js';
import { createRecordBar } from './record-bar.js';

const THEME_CLASSES = ['theme-light', 'theme-dark', 'theme-solarized', 'theme-contrast'];
let uid = 0;

/**
 * handlers: { newGame(), undo(), keepGoing(), setting(name, value), aiToggle(),
 * aiStep(), aiHint(), weights({field: text}, changedField), resetWeights(), share() }, called on the
 * user's clicks and choices (setting names: size, mode, theme, aiSpeed, strategy, strength).
 * ownsPage: the game is the page's (keyboard on the document): the win / game
 * over overlay may take the focus from the page's body, not only from this game.
 */
export function createView(root, handlers, { ownsPage = true } = {}) {
  const id = `g2048-${++uid}`;
  root.classList.add('g2048');
  const board = createBoardView(root, handlers, { ownsPage });
  const panel = createPanel(id, handlers);
  const aiPanel = createAiPanel(id, handlers);
  const notices = createNotices();
  const dialog = createDialog(id);
  const records = createRecordBar(handlers);
  const frame = el('div', 'game');
  frame.append(board.header, panel.bar, notices.element, board.wrap, records.element, aiPanel.element, panel.settings, panel.help, notices.live, dialog.element);
  root.prepend(frame);

  let themeQuery = null;
  let themeSetting = 'light';

  function setThemeClass(name) {
    root.classList.remove(...THEME_CLASSES);
    root.classList.add(`theme-${name}`);
  }

  function onSystemTheme() {
    if (themeSetting === 'system') setThemeClass(themeQuery.matches ? 'dark' : 'light');
  }

  return {
    board: board.board,
    wrap: board.wrap,

    /** The game's state: the board (board-view.js's render) and the panel's Undo and intro ({canUndo, mode}). */
    render(state) {
      board.render(state);
      panel.setGame(state);
    },

    /** Draws what waits for the next animation frame (tiles, AI figures) now. */
    flush() {
      board.flush();
      aiPanel.flush();
    },

    showError: board.showError,

    /** Points at the AI's suggested direction on the board and names it (null clears). */
    showHint(dir) {
      board.hint(dir);
      aiPanel.hint(dir);
    },

    setSettings(settings) {
      panel.setSettings(settings);
      if (settings.aiSpeed != null) aiPanel.setSpeed(settings.aiSpeed);
    },

    setStrategies: aiPanel.setStrategies,
    setBrain: aiPanel.setBrain,
    setWeightErrors: aiPanel.setWeightErrors,
    setAi: aiPanel.setAi,
    setAiStats: aiPanel.setAiStats,
    announce: notices.announce,
    notice: notices.notice,
    confirm: dialog.confirm,
    isBusy: () => dialog.isOpen() || Boolean(frame.querySelector('dialog[open]')),
    /** Where the view's own dialogs go (share.js adds its dialog here). */
    frame,

    /** theme: 'system' follows prefers-color-scheme, live. */
    setTheme(theme) {
      themeSetting = theme;
      if (theme === 'system') {
        if (!themeQuery && typeof matchMedia === 'function') {
          themeQuery = matchMedia('(prefers-color-scheme: dark)');
          themeQuery.addEventListener('change', onSystemTheme);
        }
        setThemeClass(themeQuery?.matches ? 'dark' : 'light');
      } else {
        setThemeClass(theme);
      }
    },

    destroy() {
      board.destroy();
      aiPanel.destroy();
      dialog.close();
      themeQuery?.removeEventListener('change', onSystemTheme);
      frame.remove();
      root.classList.remove('g2048', ...THEME_CLASSES);
    },
  };
}
