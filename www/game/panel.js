// The full panel's controls around the board: the bar (bar.js's, handed in: the intro line with
// Undo and New game) with Settings, Stats and the shortcut help; the settings dialog (board size, mode, theme, and the
// AI's speed and weights that ai/panel.js hands over); the help overlay listing the
// keys. Classes, text and ARIA only; every click goes to `handlers`.
import { el, add, button, choices } from '../shared/dom.js';
import { SIZES, MODE_LABELS, THEME_LABELS, sizeLabel } from '../shared/choices.js';
import { SHORTCUTS } from './input.js';


// A modal <dialog> with a title and a Close button; Escape closes it (the browser's cancel).
function panelDialog(id, name, title) {
  const dialog = el('dialog', `dialog panel-dialog ${name}-dialog`);
  const heading = add(dialog, el('h2', 'panel-title', title));
  heading.id = `${id}-${name}-title`;
  dialog.setAttribute('aria-labelledby', heading.id);
  const body = add(dialog, el('div', `panel-body ${name}`));
  const bar = add(dialog, el('div', 'dialog-buttons'));
  const close = add(bar, button('btn dialog-close', 'Close', () => dialog.close()));
  return { dialog, body, bar, close };
}

function open(dialog, focus) {
  if (dialog.open) return true;
  try {
    dialog.showModal();
  } catch {
    dialog.setAttribute('open', '');
  }
  focus?.focus();
  return true;
}

/**
 * handlers: { newGame(), undo(), setting(name, value) (size, mode, theme), stats() }.
 * gameBar: bar.js's bar, with Undo (a minimal board's bar is that alone). The view loads
 * both modules at once: neither waits for the other's code.
 */
export function createPanel(id, handlers, gameBar) {
  const { bar, buttons, setGame } = gameBar;

  const settings = panelDialog(id, 'settings', 'Settings');
  const sizeChoice = choices(id, 'size', 'Board', SIZES.map((n) => [n, sizeLabel(n)]), (v) => handlers.setting('size', v));
  const modeChoice = choices(id, 'mode', 'Mode', Object.entries(MODE_LABELS), (v) => handlers.setting('mode', v));
  const themeChoice = choices(id, 'theme', 'Theme', Object.entries(THEME_LABELS), (v) => handlers.setting('theme', v));
  settings.body.append(sizeChoice.wrap, modeChoice.wrap, themeChoice.wrap);

  const help = panelDialog(id, 'help', 'Keys');
  help.body.append(el('p', 'help-text', 'Move with the arrow keys or W A S D, or swipe on the board. Tiles with the same number merge into one when they touch.'));
  const keys = add(help.body, el('dl', 'shortcuts'));
  for (const [key, , label] of SHORTCUTS) {
    const row = add(keys, el('div', 'shortcut'));
    add(row, el('dt')).append(el('kbd', null, key.toUpperCase()));
    row.append(el('dd', null, label));
  }

  const more = add(buttons, el('div', 'bar-more'));
  const settingsButton = add(more, button('btn btn-small settings-button', 'Settings', () => open(settings.dialog)));
  settingsButton.setAttribute('aria-haspopup', 'dialog');
  settingsButton.setAttribute('aria-keyshortcuts', 'O');
  const statsButton = add(more, button('btn btn-small stats-button', 'Stats', () => handlers.stats?.()));
  statsButton.setAttribute('aria-haspopup', 'dialog');
  const helpButton = add(more, button('btn btn-small help-button', '?', () => open(help.dialog, help.close)));
  helpButton.setAttribute('aria-label', 'Keys');
  helpButton.setAttribute('aria-haspopup', 'dialog');

  return {
    bar,
    dialogs: [settings.dialog, help.dialog],
    /** The settings dialog's body: ai/panel.js adds the AI's speed and weights to it. */
    settingsBody: settings.body,

    openSettings: () => open(settings.dialog, settings.body.querySelector('[aria-pressed="true"]')),
    openHelp: () => open(help.dialog, help.close),
    closeAll() {
      for (const d of [settings.dialog, help.dialog]) if (d.open) d.close();
    },
    isOpen: () => settings.dialog.open || help.dialog.open,

    /** {canUndo, mode} of the game shown. */
    setGame,

    setSettings({ size, mode, theme }) {
      if (size != null) sizeChoice.set(size);
      if (mode != null) modeChoice.set(mode);
      if (theme != null) themeChoice.set(theme);
    },
  };
}
