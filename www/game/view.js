// One game's view: lays out the parts (the board, the panel, the AI panel, the
// notices, the dialog) in the element it is given, owns the theme class, and
// hands each call of the controller and the AI player to the part that draws it.
// Nothing here decides anything about the rules.
import { el, add, linkSheet } from '../shared/dom.js';
import { createBoardView } from '../shared/board-view.js';
import { createNotices } from '../shared/notices.js';
import { networkFailed } from '../shared/choices.js';
import { createDialog } from '../shared/dialog.js';
import { createGameBar } from './bar.js';
import { createAiBar } from '../ai/bar.js';

const THEME_CLASSES = ['theme-light', 'theme-dark', 'theme-solarized', 'theme-contrast'];
/** The themes whose colours are in panel.css, which a board without the full panel links when it shows one. */
export const PANEL_THEMES = ['solarized', 'contrast'];
let uid = 0;

// What a board without controls draws for the calls of the parts it does not load.
const NO_PANEL = { setGame() {}, setSettings() {}, openSettings() {}, openHelp() {}, closeAll() {}, isOpen: () => false, dialogs: [] };
const NO_AI_PANEL = {
  flush() {}, hint() {}, starting() {}, setSpeed() {}, setFold() {}, setStrategies() {}, setBrain() {}, setWeightErrors() {}, setAi() {}, setAiStats() {}, setBoard() {}, setNetwork() {}, destroy() {},
};

// The controls' parts: the two bars, and for 'full' the panel with its dialogs, the AI panel and
// the record bar (controls.js, loaded here: a board with fewer controls never downloads them).
async function loadControlParts(id, handlers, controls) {
  const full = controls === 'full' ? await import('./controls.js') : null;
  const gameBar = createGameBar(handlers, { undo: Boolean(full) });
  const aiBar = createAiBar(id, handlers, { controls });
  if (!full) return { panel: { ...NO_PANEL, ...gameBar }, aiPanel: aiBar };
  const panel = full.createPanel(id, handlers, gameBar);
  const aiPanel = full.createAiPanel(id, handlers, { bar: aiBar, settingsBody: panel.settingsBody });
  return { panel, aiPanel, recordBar: full.createRecordBar(handlers).element };
}

// The theme's class on root; 'system' follows prefers-color-scheme, live. A board without
// the full panel links panel.css for a theme whose colours are there (sheets() resolves when
// it is loaded or failed).
function createTheme(root, frame, controls) {
  let query = null;
  let setting = 'light';
  let sheet = Promise.resolve();

  function setClass(name) {
    if (controls !== 'full' && PANEL_THEMES.includes(name)) sheet = linkSheet(frame, 'panel.css');
    root.classList.remove(...THEME_CLASSES);
    root.classList.add(`theme-${name}`);
  }

  function onSystem() {
    if (setting === 'system') setClass(query.matches ? 'dark' : 'light');
  }

  return {
    set(theme) {
      setting = theme;
      if (theme === 'system') {
        if (!query && typeof matchMedia === 'function') {
          query = matchMedia('(prefers-color-scheme: dark)');
          query.addEventListener('change', onSystem);
        }
        setClass(query?.matches ? 'dark' : 'light');
      } else {
        setClass(theme);
      }
    },
    sheets: () => sheet,
    destroy: () => query?.removeEventListener('change', onSystem),
  };
}

/**
 * handlers: { newGame(), undo(), keepGoing(), setting(name, value), aiToggle(),
 * aiStep(), aiHint(), weights({field: text}, changedField), resetWeights(), stats(), share() }, called on the
 * user's clicks and choices (setting names: size, mode, theme, speed, strategy, strength,
 * aiPanelOpen).
 * ownsPage: the game is the page's (keyboard on the document): the win / game
 * over overlay may take the focus from the page's body, not only from this game.
 * controls: 'full' (every control), 'minimal' (score, New game, Start AI, Hint) or
 * 'none' (the board only). The board draws at once; the controls' modules load in
 * loadControls(), and not at all for 'none'.
 */
export function createView(root, handlers, { ownsPage = true, controls = 'full' } = {}) {
  const id = `g2048-${++uid}`;
  root.classList.add('g2048');
  const board = createBoardView(root, handlers, { ownsPage });
  const notices = createNotices();
  const frame = el('div', `game controls-${controls}`);
  const layout = add(frame, el('div', 'game-layout'));
  const main = add(layout, el('div', 'game-main'));
  const side = add(layout, el('div', 'game-side'));
  if (controls !== 'none') main.append(board.header);
  main.append(notices.element, board.wrap);
  frame.append(notices.live);
  // After the page's shared header, when the board is the page's.
  const siteHeader = root.querySelector(':scope > .site-header');
  if (siteHeader) siteHeader.after(frame);
  else root.prepend(frame);
  let panel = NO_PANEL;
  let aiPanel = NO_AI_PANEL;
  let dialog = null;
  let extra = null; // the stats panel, once opened

  // The confirmation dialog, made when first needed.
  function getDialog() {
    if (!dialog) {
      dialog = createDialog(id);
      frame.append(dialog.element);
    }
    return dialog;
  }

  const theme = createTheme(root, frame, controls);

  return {
    board: board.board,
    wrap: board.wrap,
    frame,
    id,

    /**
     * Loads and lays out the controls: 'full' the panel, its dialogs and the AI panel;
     * 'minimal' only the two bars they are built on (bar.js, ai/bar.js); nothing for 'none'.
     */
    async loadControls() {
      if (controls === 'none') return;
      let recordBar;
      ({ panel, aiPanel, recordBar } = await loadControlParts(id, handlers, controls));
      if (recordBar) {
        board.wrap.after(recordBar);
        frame.append(...panel.dialogs);
      }
      board.header.after(panel.bar);
      side.append(aiPanel.element);
    },

    /** A keyboard shortcut (panel.js's SHORTCUTS) that this view shows; true when taken. */
    shortcut(name) {
      if (controls === 'none') return false;
      if (name === 'settings') return controls === 'full' && panel.openSettings();
      if (name === 'help') return controls === 'full' && panel.openHelp();
      if (name === 'stats') return controls === 'full' && (handlers.stats?.(), true);
      if (controls === 'minimal' && (name === 'undo' || name === 'aiStep')) return false;
      handlers[name]?.();
      return true;
    },

    /** The stats panel's module (stats-view.js), loaded on first use, kept in the frame. */
    async statsPanel() {
      if (!extra) {
        const { createStatsView } = await import('./stats-view.js');
        extra ??= createStatsView(id, handlers);
        frame.append(extra.element);
      }
      return extra;
    },

    /** The game's state: the board (board-view.js's render) and the panel's Undo and intro ({canUndo, mode}). */
    render(state) {
      board.render(state);
      panel.setGame(state);
      aiPanel.setBoard(state);
    },

    /** The first board is drawn (the board's `ready`): the panel loads what it shows later. */
    drawn() {
      aiPanel.drawn?.();
    },

    /** Draws what waits for the next animation frame (tiles, AI figures) now. */
    flush() {
      board.flush();
      aiPanel.flush();
    },

    showError: board.showError,

    /**
     * Points at the AI's suggested direction on the board and names it, with what each other move
     * loses (values, played: the decision's); null clears. fallback: the heuristic chose it in a
     * learned strategy's place.
     */
    showHint(dir, hint = {}) {
      board.hint(dir);
      aiPanel.hint(dir, hint);
    },

    setSettings(settings) {
      panel.setSettings(settings);
      if (settings.speed != null) aiPanel.setSpeed(settings.speed);
      aiPanel.setFold(settings.aiPanelOpen === true);
    },

    setStrategies: (list) => aiPanel.setStrategies(list),
    setBrain: (brain) => aiPanel.setBrain(brain),
    setWeightErrors: (errors) => aiPanel.setWeightErrors(errors),
    setAi: (ai) => aiPanel.setAi(ai),
    setAiStats: (s) => aiPanel.setAiStats(s),
    /** The AI's worker is starting while a request waits ({attempt, of}), or no longer (null). */
    aiStarting: (state) => aiPanel.starting(state),
    /** A network's state (pool.js's onNetwork); a failure makes one notice (one for each different reason). */
    setNetwork: (state) => {
      aiPanel.setNetwork(state);
      if (state.error) notices.notice(networkFailed(state.network, state.error), `network:${state.network}:${state.error}`);
    },
    announce: notices.announce,
    notice: notices.notice,
    /** Asks in the in-page dialog (the settings and help dialogs close first). */
    async confirm(question, okLabel) {
      panel.closeAll();
      return getDialog().confirm(question, okLabel);
    },
    isBusy: () => Boolean(dialog?.isOpen()) || panel.isOpen() || Boolean(extra?.isOpen()) || Boolean(frame.querySelector('dialog[open]')),

    /** Resolves when the stylesheet the theme shown needs (panel.css, for a board without the full panel) is in. */
    sheets: theme.sheets,

    /** theme: 'system' follows prefers-color-scheme, live. */
    setTheme: theme.set,

    destroy() {
      board.destroy();
      aiPanel.destroy();
      dialog?.close();
      panel.closeAll();
      extra?.close();
      theme.destroy();
      frame.remove();
      root.classList.remove('g2048', ...THEME_CLASSES);
    },
  };
}
