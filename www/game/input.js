// Turns key presses and swipes into move directions, and keys into shortcuts. Keys
// with Ctrl/Alt/Meta are left to the browser. The arrow keys move the tiles whatever
// control has the focus (a focused select or radio would otherwise take them), except
// in a text field; shortcuts are never taken in a text field either.
const KEYS = {
  ArrowUp: 'up', ArrowRight: 'right', ArrowDown: 'down', ArrowLeft: 'left',
  w: 'up', d: 'right', s: 'down', a: 'left',
};
/** The keyboard shortcuts: [key, action, label] (panel.js's help overlay lists them). */
export const SHORTCUTS = [
  ['u', 'undo', 'Undo'],
  ['n', 'newGame', 'New game'],
  ['p', 'aiToggle', 'Start or stop the AI'],
  ['t', 'aiStep', 'Step: the AI plays one move'],
  ['h', 'aiHint', 'Hint'],
  ['o', 'settings', 'Settings'],
  ['i', 'stats', 'Statistics'],
  ['?', 'help', 'This list of keys'],
];
const SHORTCUT_OF = Object.fromEntries(SHORTCUTS.map(([key, action]) => [key, action]));
const SWIPE_MIN_PX = 24;
const NOT_TEXT = new Set(['button', 'checkbox', 'radio', 'range', 'color', 'file', 'submit', 'reset', 'image']);

// A field that takes typed keys: text inputs, textareas, editable content.
function isTextField(target) {
  if (!target || typeof target.closest !== 'function') return false;
  if (target.closest('textarea, [contenteditable=""], [contenteditable="true"]')) return true;
  const input = target.closest('input');
  return Boolean(input) && !NOT_TEXT.has(input.type);
}

/**
 * keyTarget: where key presses are heard (the document for a full page, the
 * game's host element for a board that reacts only while focus is inside it;
 * null = none). root: the game's root (.g2048); with a document-wide
 * keyTarget, presses aimed at another game on the same page are ignored.
 * onShortcut(action): a shortcut key (SHORTCUTS); returns true when it was taken.
 * Targets are read from the composed path, so this works inside a shadow root.
 */
export function createInput({ keyTarget, swipeTarget, root, onMove, onShortcut, isEnabled = () => true }) {
  function onKeyDown(event) {
    if (event.ctrlKey || event.altKey || event.metaKey || event.defaultPrevented || event.isComposing) return;
    const key = event.key && event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const dir = KEYS[key];
    // Shortcuts by the exact key: Shift+U is not U ("?" is Shift+/ on many layouts, and is its own key).
    const action = dir ? null : SHORTCUT_OF[event.key];
    if (!dir && !action) return;
    const path = event.composedPath();
    if (isTextField(path[0])) return;
    // Inside an open dialog (settings, help, a question) keys belong to the dialog.
    if (path.some((n) => n.tagName === 'DIALOG')) return;
    const owner = path.find((n) => n.classList?.contains('g2048'));
    if (root && owner && owner !== root) return;
    if (!isEnabled()) return;
    if (dir) {
      event.preventDefault();
      onMove(dir);
    } else if (onShortcut?.(action)) {
      event.preventDefault();
    }
  }

  let start = null;
  function onPointerDown(event) {
    if (!event.isPrimary || event.button > 0) return;
    // Presses on the overlay's buttons are clicks, not swipes (capture would steal the click).
    if (event.composedPath()[0]?.closest?.('button, a, input, select, textarea')) return;
    start = { id: event.pointerId, x: event.clientX, y: event.clientY };
    try {
      swipeTarget.setPointerCapture(event.pointerId);
    } catch {
      // Capture is a nicety (mouse drags leaving the board); swipes work without it.
    }
  }
  function onPointerUp(event) {
    if (!start || event.pointerId !== start.id) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    start = null;
    if (Math.max(Math.abs(dx), Math.abs(dy)) < SWIPE_MIN_PX || !isEnabled()) return;
    if (Math.abs(dx) > Math.abs(dy)) onMove(dx > 0 ? 'right' : 'left');
    else onMove(dy > 0 ? 'down' : 'up');
  }
  function onPointerCancel() {
    start = null;
  }

  keyTarget?.addEventListener('keydown', onKeyDown);
  if (swipeTarget) {
    swipeTarget.addEventListener('pointerdown', onPointerDown);
    swipeTarget.addEventListener('pointerup', onPointerUp);
    swipeTarget.addEventListener('pointercancel', onPointerCancel);
  }

  return {
    destroy() {
      keyTarget?.removeEventListener('keydown', onKeyDown);
      if (swipeTarget) {
        swipeTarget.removeEventListener('pointerdown', onPointerDown);
        swipeTarget.removeEventListener('pointerup', onPointerUp);
        swipeTarget.removeEventListener('pointercancel', onPointerCancel);
      }
    },
  };
}
