// The board, as the original 2048's HTML actuator: render(state) draws one state
// object (size, tiles, the transitions of the move just made, score, best, the
// win / game-over overlay) by creating tile elements and changing their classes;
// every position, colour and motion comes from style.css. It decides nothing
// about the rules. Also the score header, the hint arrow and the load error.
import { el, add, button } from './dom.js';

const DIRS = ['up', 'right', 'down', 'left'];
export const ARROWS = { up: '↑', right: '→', down: '↓', left: '←' };
// Source tiles of a merge linger under the merged tile until the slide is over.
const SETTLE_MS = 160;
// From 2^20 on, a tile shows "2" with the exponent raised: 7+ digits do not fit a cell.
const EXPONENT_FROM = 2 ** 20;

const exponentOf = (value) => Math.round(Math.log2(value));
const positionClass = (r, c) => `tile-pos-${r}-${c}`;

function describeBoard(cells, size) {
  const rows = [];
  for (let r = 0; r < size; r++) {
    const row = cells.slice(r * size, r * size + size).map((v) => (v ? String(v) : 'empty'));
    rows.push(`Row ${r + 1}: ${row.join(', ')}.`);
  }
  return `Board, ${size} by ${size}. ${rows.join(' ')}`;
}

// The focused element, looking inside shadow roots.
function deepActive(doc) {
  let a = doc.activeElement;
  while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
  return a;
}

function valueClasses(value) {
  const big = value >= EXPONENT_FROM;
  const chars = big ? 2 + String(exponentOf(value)).length : String(value).length;
  const list = [`tile-${value}`, `digits-${Math.min(chars, 6)}`];
  if (value > 2048) list.push('tile-super', `tile-e${Math.min(exponentOf(value), 66)}`);
  return list;
}

function setValue(inner, value) {
  if (value >= EXPONENT_FROM) {
    inner.textContent = '2';
    inner.append(el('sup', null, String(exponentOf(value))));
  } else {
    inner.textContent = String(value);
  }
}

/**
 * root: the game's element (gets the size class). handlers: { keepGoing(), newGame(), undo() }
 * for the overlay's buttons. ownsPage: the overlay may take the focus from the page's body.
 * Returns { header, wrap, board, render, flush, hint, showError, destroy }.
 */
export function createBoardView(root, handlers, { ownsPage = true } = {}) {
  // Header: title and score boxes. The page's own game is its h1; an embedded one
  // must not add an h1 to the host's outline.
  const header = el('div', 'header');
  header.append(el(ownsPage ? 'h1' : 'h2', 'title', '2048'));
  const scores = add(header, el('div', 'scores'));
  const scoreBox = add(scores, el('div', 'score-box score'));
  scoreBox.append(el('span', 'score-label', 'Score'));
  const scoreValue = add(scoreBox, el('span', 'score-value', '0'));
  const bestBox = add(scores, el('div', 'score-box best'));
  bestBox.append(el('span', 'score-label', 'Best'));
  const bestValue = add(bestBox, el('span', 'score-value', '0'));

  // The board: background cells, tiles, the hint arrow and the win / game-over overlay.
  const wrap = el('div', 'board-wrap');
  const board = add(wrap, el('div', 'board'));
  board.setAttribute('role', 'img');
  board.setAttribute('aria-label', 'Board');
  const grid = add(board, el('div', 'grid'));
  const tileLayer = add(board, el('div', 'tiles'));
  const hintArrow = add(wrap, el('div', 'hint-arrow'));
  hintArrow.setAttribute('aria-hidden', 'true');
  const message = add(wrap, el('div', 'message'));
  const messageText = add(message, el('p', 'message-text'));
  const messageButtons = add(message, el('div', 'message-buttons'));
  const keepGoingButton = add(messageButtons, button('btn keep-going-button', 'Keep going', () => handlers.keepGoing()));
  add(messageButtons, button('btn win-new-button', 'New game', () => handlers.newGame()));
  const retryButton = add(messageButtons, button('btn retry-button', 'Try again', () => handlers.newGame()));
  add(messageButtons, button('btn message-undo-button', 'Undo', () => handlers.undo()));

  let size = 0;
  let tiles = new Map(); // engine tile id -> { node, pos: [row, col], value }
  let leaving = [];
  let settleTimer = 0;
  let scoreAddition = null;
  let end = null;
  let hinted = null;
  // Drawing deferred to the next animation frame (AI at max speed): the latest tiles only.
  let rafId = 0;
  let soonTiles = null;

  function setSize(n) {
    if (n === size) return;
    if (size) root.classList.remove(`size-${size}`);
    size = n;
    root.classList.add(`size-${n}`);
    grid.textContent = '';
    for (let i = 0; i < n * n; i++) grid.append(el('div', 'cell'));
    renderTiles([]);
  }

  function createTile(id, value, r, c, effect) {
    const node = el('div', 'tile');
    node.classList.add(...valueClasses(value), positionClass(r, c));
    if (effect) node.classList.add(effect);
    const inner = add(node, el('div', 'tile-inner'));
    setValue(inner, value);
    tileLayer.append(node);
    tiles.set(id, { node, pos: [r, c], value });
  }

  function moveTile(tile, [r, c]) {
    tile.node.classList.replace(positionClass(tile.pos[0], tile.pos[1]), positionClass(r, c));
    tile.pos = [r, c];
  }

  // Ends the effects of the previous move at once: merged-away tiles go, and
  // appear/pop classes are dropped so a fast next move starts from a still board.
  function settle() {
    clearTimeout(settleTimer);
    settleTimer = 0;
    for (const node of leaving) node.remove();
    leaving = [];
    for (const tile of tiles.values()) tile.node.classList.remove('tile-new', 'tile-merged');
  }

  function matches(engineTiles) {
    if (engineTiles.length !== tiles.size) return false;
    for (const t of engineTiles) {
      const mine = tiles.get(t.id);
      if (!mine || mine.value !== t.value || mine.pos[0] !== t.row || mine.pos[1] !== t.col) return false;
    }
    return true;
  }

  function renderTiles(engineTiles, { appear = false } = {}) {
    soonTiles = null;
    settle();
    tileLayer.textContent = '';
    tiles = new Map();
    for (const t of engineTiles) createTile(t.id, t.value, t.row, t.col, appear ? 'tile-new' : null);
  }

  // Animates one move's transitions; `engineTiles` (after the move) is the truth to fall back on.
  function applyMove(result, engineTiles) {
    if (soonTiles) flush();
    settle();
    for (const m of result.moves) {
      const tile = tiles.get(m.id);
      if (tile) moveTile(tile, m.to);
    }
    for (const merge of result.merges) {
      for (const source of merge.from) {
        const tile = tiles.get(source);
        if (!tile) continue;
        tiles.delete(source);
        tile.node.classList.add('tile-leaving');
        leaving.push(tile.node);
      }
      createTile(merge.id, merge.value, merge.at[0], merge.at[1], 'tile-merged');
    }
    if (result.spawned) {
      const s = result.spawned;
      createTile(s.id, s.value, s.at[0], s.at[1], 'tile-new');
    }
    if (!matches(engineTiles)) {
      renderTiles(engineTiles);
      return;
    }
    if (leaving.length) {
      settleTimer = setTimeout(() => {
        settleTimer = 0;
        for (const node of leaving) node.remove();
        leaving = [];
      }, SETTLE_MS);
    }
  }

  // Draws what was deferred: the latest board only.
  function flush() {
    cancelAnimationFrame(rafId);
    rafId = 0;
    if (soonTiles) renderTiles(soonTiles);
  }

  function showGain(points) {
    scoreAddition?.remove();
    scoreAddition = null;
    if (points > 0) {
      scoreAddition = add(scoreBox, el('span', 'score-addition', `+${points}`));
      scoreAddition.setAttribute('aria-hidden', 'true');
    }
  }

  function showEnd(kind) {
    message.classList.toggle('message-win', kind === 'win');
    message.classList.toggle('message-over', kind === 'over');
    messageText.textContent = kind === 'win' ? 'You win!' : kind === 'over' ? 'Game over!' : '';
    if (kind && kind !== end) {
      // Hand focus to the overlay only if the player was already in this game.
      const doc = root.ownerDocument;
      const active = deepActive(doc);
      if (root.contains(active) || (ownsPage && (!active || active === doc.body))) {
        (kind === 'win' ? keepGoingButton : retryButton).focus({ preventScroll: true });
      }
    }
    end = kind;
  }

  return {
    header,
    wrap,
    board,

    /**
     * Draws one state: {size, tiles: [{id, value, row, col}], cells (row-major values),
     * score, best, end: 'win' | 'over' | null, move: the engine's result of the move just
     * made (its transitions are animated) or null, gained: points shown as "+N" (0: none),
     * appear: the tiles fade in (a new game), still: drawn at the next animation frame
     * without animation (the AI at max speed; later states replace earlier ones)}.
     */
    render({ size: n, tiles: engineTiles, cells, score, best, end: kind = null, move = null, gained = 0, appear = false, still = false }) {
      setSize(n);
      if (still) {
        soonTiles = engineTiles;
        if (!rafId) rafId = requestAnimationFrame(flush);
      } else if (move) applyMove(move, engineTiles);
      else if (appear || soonTiles || !matches(engineTiles)) renderTiles(engineTiles, { appear });
      showGain(still ? 0 : gained);
      scoreValue.textContent = String(score);
      bestValue.textContent = String(best);
      board.setAttribute('aria-label', describeBoard(cells, n));
      board.setAttribute('data-cells', cells.join(','));
      showEnd(kind);
    },

    flush,

    /** Points at the AI's suggested direction (null clears). */
    hint(dir) {
      if (!dir && !hinted) return;
      for (const d of DIRS) wrap.classList.toggle(`hint-${d}`, d === dir);
      hintArrow.textContent = dir ? ARROWS[dir] : '';
      hinted = dir;
    },

    /** The game cannot run: the text shows in the board's box. */
    showError(text) {
      root.classList.add('failed');
      message.classList.add('message-error');
      messageText.textContent = text;
      messageText.setAttribute('role', 'alert');
    },

    destroy() {
      cancelAnimationFrame(rafId);
      settle();
      root.classList.remove('failed', `size-${size}`);
    },
  };
}
