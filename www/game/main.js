// The page's entry: the whole page is one mounted board (keys from anywhere on
// the page, saved under "game2048", its finished games kept to review), rendered into <body>
// with the page's own style.css. Reads the URL test hook (?size=4&seed=123&cells=2,2,0,0,...&mode=endless).
import { mount } from './mount.js';
import { MODES } from '../shared/choices.js';
import { PAGE_STORAGE_KEY } from '../shared/pages.js';

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

// index.html#continue=<record>&at=<n>[&ai=1]: play on from move n of a record (the replay
// page's "Play on from here", the editor's "Play from here"). The game asks before it
// replaces a game in progress; a bad record leaves the saved game as it was.
function takeContinue() {
  if (!location.hash.startsWith('#continue=')) return null;
  const hash = location.hash;
  history.replaceState(null, '', location.pathname + location.search);
  const text = hash.slice('#continue='.length).split('&');
  const fields = Object.fromEntries(text.slice(1).map((p) => p.split('=')));
  return { record: decodeURIComponent(text[0]), at: /^\d+$/.test(fields.at ?? '') ? Number(fields.at) : undefined, ai: fields.ai === '1' };
}

const root = document.querySelector('[data-game2048]') ?? document.body;
const game = mount(root, {
  keyboard: 'document', storageKey: PAGE_STORAGE_KEY, history: true, shadow: false, controls: 'full', offline: true, ...parseParams(location.search),
});
function playOn() {
  const go = takeContinue();
  if (go) game.loadRecord(go.record, { at: go.at, ai: go.ai });
}
playOn();
addEventListener('hashchange', playOn);
