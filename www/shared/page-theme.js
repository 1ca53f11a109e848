// The theme of the game's own pages (replay, editor, compare, learn): the one the game saved, as the
// class on the page's root; "system" (or none saved) follows the browser's, live, as the game's
// own page does.
import { PAGE_STORAGE_KEY } from './pages.js';

const THEMES = ['light', 'dark', 'solarized', 'contrast'];

export function applySavedTheme(root, storageKey = PAGE_STORAGE_KEY) {
  let theme = 'system';
  try {
    theme = JSON.parse(localStorage.getItem(`${storageKey}:settings`) ?? '{}').theme ?? 'system';
  } catch {
    // unreadable or unavailable storage: the browser's theme
  }
  root.classList.add('g2048');
  if (THEMES.includes(theme)) {
    root.classList.add(`theme-${theme}`);
    return;
  }
  const dark = globalThis.matchMedia?.('(prefers-color-scheme: dark)');
  const follow = () => {
    root.classList.toggle('theme-dark', Boolean(dark?.matches));
    root.classList.toggle('theme-light', !dark?.matches);
  };
  follow();
  dark?.addEventListener?.('change', follow);
}
