// Turns key presses and swipes into move directions. Keys with Ctrl/Alt/Meta
// are left to the browser; typing in form fields never moves tiles.
const KEYS = {
  ArrowUp: 'up', ArrowRight: 'right', ArrowDown: 'down', ArrowLeft: 'left',
  w: 'up', d: 'right', s: 'down', a: 'left',
};
const SWIPE_MIN_PX = 24;

function isEditable(target) {
  if (!target || typeof target.closest !== 'function') return false;
  return Boolean(target.closest('input, select, textarea, [contenteditable=""], [contenteditable="true"], dialog'));
}

/**
 * keyTarget: where key presses are heard (the document for a full page, the
 * game's host element for a board that reacts only while focus is inside it;
 * null = none). root: the game's root (.g2048); with a document-wide
 * keyTarget, presses aimed at another game on the same page are ignored.
 * Targets are read from the composed path, so this works inside a shadow root.
 */
export function createInput({ keyTarget, swipeTarget, root, onMove, isEnabled = () => true }) {
  function onKeyDown(event) {
    if (event.ctrlKey || event.altKey || event.metaKey || event.defaultPrevented || event.isComposing) return;
    const key = event.key && event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const dir = KEYS[key];
    if (!dir) return;
    const path = event.composedPath();
    if (isEditable(path[0])) return;
    const owner = path.find((n) => n.classList?.contains('g2048'));
    if (root && owner && owner !== root) return;
    if (!isEnabled()) return;
    event.preventDefault();
    onMove(dir);
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
