// The theme of the game's own pages (replay, editor): the one the game saved ("system"
// follows the browser's), as the class on the page's root.
const THEMES = ['light', 'dark', 'solarized', 'contrast'];

export function applySavedTheme(root, storageKey = 'game2048') {
  let theme = 'system';
  try {
    theme = JSON.parse(localStorage.getItem(`${storageKey}:settings`) ?? '{}').theme ?? 'system';
  } catch {
    // unreadable or unavailable storage: the browser's theme
  }
  if (!THEMES.includes(theme)) theme = globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  root.classList.add('g2048', `theme-${theme}`);
}
