// The board editor (editor.html): click a cell to raise its tile (shift-click or right-click
// to lower it), or pick a tile and click to place it; clear the board, pick the size. Hint
// asks the AI for its move and what each other move loses against it; Play from here starts a game from the
// position (on the game page, which asks before it replaces a game in progress). Whether a
// position can be played from is the engine's answer (positionProblem), shown in words.
import { loadRecords } from '../shared/wasm.js';
import { el, add, button } from '../shared/dom.js';
import { applySavedTheme } from '../shared/page-theme.js';
import { createBoardView, ARROWS } from '../shared/board-view.js';
import { createAi } from '../ai/pool.js';
import { ROLES } from '../ai/roles.js';
import { positions } from '../ai/strength-figures.js';
import { lossMeaning, lossText, lossUnit, movesLost } from '../ai/move-loss.js';
import { SIZES, sizeLabel } from '../shared/choices.js';
import { continueUrl } from './record-io.js';

const DIRS = ['up', 'right', 'down', 'left'];
// The tiles a click cycles through (0 = empty); the picker offers larger ones too.
const CYCLE_TOP = 2 ** 17;
// The hint's search: the heuristic at 200k positions a move.
const HINT = { strategy: ROLES.heuristic, nodes: 200000 };
const PICKS = Array.from({ length: 30 }, (_, i) => 2 ** (i + 1));

const body = document.querySelector('[data-editor]') ?? document.body;
applySavedTheme(body);
const page = add(body, el('main', 'game editor-page'));
const nav = add(page, el('nav', 'page-nav'));
add(nav, el('a', 'page-back', '← Back to your game')).href = 'index.html';
add(nav, el('a', 'page-replay', 'Open a replay')).href = 'replay.html';

let size = 4;
let cells = new Array(16).fill(0);
const view = createBoardView(body, { keepGoing() {}, newGame() {}, undo() {} }, { ownsPage: true });
view.header.querySelector('.title').textContent = 'Set up';
view.header.querySelector('.scores').style.display = 'none';
page.append(view.header);
add(page, el('p', 'editor-help', 'Click a cell to raise its tile (shift-click or right-click lowers it), or pick a tile below and click cells to place it.'));
const toolbar = add(page, el('div', 'editor-tools'));
const sizeLabelEl = add(toolbar, el('label', null, 'Size '));
const sizeSelect = add(sizeLabelEl, el('select', 'editor-size'));
for (const n of SIZES) sizeSelect.append(new Option(sizeLabel(n), String(n), false, n === size));
const brushLabel = add(toolbar, el('label', null, 'Click '));
const brush = add(brushLabel, el('select', 'editor-brush'));
brush.append(new Option('cycles the tile', 'cycle'), new Option('empties the cell', '0'));
for (const v of PICKS) brush.append(new Option(`places ${v >= 2 ** 20 ? `2^${Math.log2(v)}` : v}`, String(v)));
add(toolbar, button('btn editor-clear', 'Clear', () => setCells(new Array(size * size).fill(0))));
page.append(view.wrap);
const hits = add(view.wrap, el('div', 'editor-hits'));
const problem = add(page, el('p', 'editor-problem'));
problem.setAttribute('role', 'alert');
const actions = add(page, el('div', 'editor-actions'));
const hintButton = add(actions, button('btn editor-hint', 'Hint', () => hint()));
add(actions, button('btn editor-play', 'Play from here', () => play(false)));
add(actions, button('btn editor-play-ai', 'AI plays from here', () => play(true)));
const hintBox = add(page, el('div', 'editor-hint-box'));
hintBox.setAttribute('aria-live', 'polite');

let engine = null;
let ai = null;
let asking = null;

function draw() {
  const tiles = [];
  cells.forEach((value, i) => {
    if (value) tiles.push({ id: i * 100 + Math.log2(value), value, row: Math.floor(i / size), col: i % size });
  });
  view.render({ size, tiles, cells, score: 0, best: 0 });
  view.hint(null);
  if (hits.children.length !== size * size) {
    hits.textContent = '';
    for (let i = 0; i < size * size; i++) {
      const b = add(hits, button('editor-cell', '', (e) => change(i, e.shiftKey ? -1 : 1)));
      b.addEventListener('contextmenu', (e) => {
        e.preventDefault();
        change(i, -1);
      });
    }
  }
  [...hits.children].forEach((b, i) => b.setAttribute('aria-label', `Row ${Math.floor(i / size) + 1}, column ${(i % size) + 1}: ${cells[i] || 'empty'}`));
}

function setCells(next) {
  cells = next;
  asking?.abort();
  hintBox.textContent = '';
  problem.textContent = '';
  draw();
}

function change(i, step) {
  const next = cells.slice();
  if (brush.value !== 'cycle') next[i] = Number(brush.value);
  else if (step > 0) next[i] = cells[i] === 0 ? 2 : cells[i] >= CYCLE_TOP ? 0 : cells[i] * 2;
  else next[i] = cells[i] === 0 ? CYCLE_TOP : cells[i] === 2 ? 0 : cells[i] / 2;
  setCells(next);
}

sizeSelect.addEventListener('change', () => {
  size = Number(sizeSelect.value);
  hits.textContent = '';
  setCells(new Array(size * size).fill(0));
});

/** The engine's reason this position cannot be played from, or null. */
function check() {
  let reason;
  try {
    reason = engine.positionProblem(cells, size);
  } catch (e) {
    reason = e?.message ?? String(e);
  }
  problem.textContent = reason ? `This position cannot be played: ${reason}.` : '';
  return !reason;
}

async function hint() {
  if (!engine || !check()) return;
  asking?.abort();
  const mine = (asking = new AbortController());
  hintBox.textContent = 'The AI is thinking…';
  hintButton.disabled = true;
  ai ??= createAi({ legalMoves: engine.legalMoves });
  try {
    const r = await ai.decide(cells.slice(), size, HINT, { signal: mine.signal });
    hintBox.textContent = '';
    const unit = lossUnit(r.played);
    add(hintBox, el('p', 'editor-hint-best', `The AI plays ${r.dir} ${ARROWS[r.dir]} (${HINT.strategy}, ${positions(HINT.nodes)} positions, ${r.depth} moves deep). ${lossMeaning(unit)}`));
    const list = add(hintBox, el('ul', 'editor-hint-values'));
    const { lost } = movesLost(r.values);
    for (const d of DIRS) {
      const text = d === r.dir ? 'best' : lost[d] == null ? 'cannot move' : lossText(lost[d], unit, r.values[r.dir]);
      const li = add(list, el('li', `hint-value hint-value-${d}${d === r.dir ? ' hint-value-best' : ''}`, `${ARROWS[d]} ${d}: ${text}`));
      li.dataset.dir = d;
    }
    view.hint(r.dir);
  } catch (e) {
    if (e?.name !== 'AbortError') hintBox.textContent = `The AI could not answer: ${e?.message ?? e}.`;
  } finally {
    if (asking === mine) asking = null;
    hintButton.disabled = false;
  }
}

function play(aiPlays) {
  if (!engine || !check()) return;
  const game = engine.Game.fromCells(size, cells);
  const record = game.record();
  game.free();
  location.href = continueUrl(record, 0, { ai: aiPlays });
}

try {
  engine = await loadRecords();
  draw();
  body.setAttribute('data-ready', '');
} catch (e) {
  problem.textContent = `The editor could not load the game (${e?.message ?? e}); please reload.`;
}
