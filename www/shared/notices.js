// Short dismissible notices above the board, and the polite live region that
// reads game events to screen readers.
import { el, button } from './dom.js';

export function createNotices() {
  const notices = el('div', 'notices');
  notices.setAttribute('role', 'status');
  const live = el('div', 'sr-only live');
  live.setAttribute('aria-live', 'polite');
  live.setAttribute('aria-atomic', 'true');
  const shown = new Set();

  return {
    element: notices,
    live,

    announce(text) {
      live.textContent = text;
    },

    /** A short dismissible notice; `key` shows each kind of notice only once. */
    notice(text, key) {
      if (key) {
        if (shown.has(key)) return;
        shown.add(key);
      }
      const item = el('div', 'notice');
      item.append(el('span', 'notice-text', text));
      const close = button('notice-close', '×', () => item.remove());
      close.setAttribute('aria-label', 'Dismiss');
      item.append(close);
      notices.append(item);
    },
  };
}
