// The comparison page's entry (compare.html): loads the play engine for its list of
// strategies, then wires the view (view.js) to the flow (compare.js),
// which plays the games in workers (pool.js).
import { loadEngine } from '../shared/wasm.js';
import { createCompareView } from './view.js';
import { createCompare } from './compare.js';
import { runGames } from './pool.js';
import { registerOffline } from '../shared/offline.js';
import { applySavedTheme } from '../shared/page-theme.js';

const root = document.querySelector('[data-compare]') ?? document.body;
const handlers = {};
const view = createCompareView(root, {
  start: (picks) => handlers.start?.(picks),
  stop: () => handlers.stop?.(),
});
// The site's look: the theme the game saved (as the replay, editor and learn pages).
applySavedTheme(root);

registerOffline(window);
loadEngine().then((engine) => {
  const compare = createCompare({ engine, view, run: runGames });
  handlers.start = (picks) => compare.start(picks);
  handlers.stop = () => compare.stop();
  root.dataset.ready = 'true';
}, (e) => {
  view.setStatus(`The game engine could not be loaded (${e?.message ?? e}). Please reload the page.`);
});
