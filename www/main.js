// The page's entry: the whole page is one mounted board (keys from anywhere on
// the page, saved under "game2048"), rendered into <body> with the page's own
// style.css. Reads the URL test hook (?size=4&seed=123&cells=2,2,0,0,...&mode=endless).
import { mount } from './mount.js';
import { MODES } from './choices.js';

function parseParams(search) {
  const params = new URLSearchParams(search);
  const options = {};
  const size = params.get('size');
  if (size !== null && /^\d+$/.test(size)) options.size = Number(size);
  const seed = params.get('seed');
  if (seed !== null && /^\d+$/.test(seed)) options.seed = BigInt(seed);
  const cells = params.get('cells');
  if (cells !== null) options.cells = cells.split(',').map((v) => Number(v.trim() || 0));
  const mode = params.get('mode');
  if (MODES.includes(mode)) options.mode = mode;
  return options;
}

const root = document.querySelector('[data-game2048]') ?? document.body;
mount(root, {
  keyboard: 'document', storageKey: 'game2048', shadow: false, controls: 'full', offline: true, ...parseParams(location.search),
});
