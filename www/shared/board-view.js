// The board, as the original 2048's HTML actuator: render(state) draws one state
// object (size, tiles, the transitions of the move just made, score, best, the
// win / game-over overlay); the tiles are tile-layer.js's, moved by their classes,
// and every position, colour and motion comes from style.css. It decides nothing
// about the rules. Also the score header, the hint arrow and the load error.
import { el, add, button, part } from './dom.js';
import { createTileLayer } from './tile-layer.js';

const DIRS = ['up', 'right', 'down', 'left'];
export const ARROWS = { up: '↑', right: '→', down: '↓', left: '←' };

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

// The title and the score boxes. The page's own game is its h1; an embedded one must not add
// an h1 to the host's outline. show(score, best, gained): "+N" floats up for a gain.
function createScoreHeader(ownsPage) {
  const header = el('div', 'header');
  header.append(el(ownsPage ? 'h1' : 'h2', 'title', '2048'));
  const scores = add(header, el('div', 'scores'));
  const scoreBox = add(scores, part(el('div', 'score-box score'), 'score'));
  scoreBox.append(el('span', 'score-label', 'Score'));
  const scoreValue = add(scoreBox, el('span', 'score-value', '0'));
  const bestBox = add(scores, part(el('div', 'score-box best'), 'best'));
  bestBox.append(el('span', 'score-label', 'Best'));
  const bestValue = add(bestBox, el('span', 'score-value', '0'));
  let scoreAddition = null;

  function showGain(points) {
    scoreAddition?.remove();
    scoreAddition = null;
    if (points > 0) {
      scoreAddition = add(scoreBox, el('span', 'score-addition', `+${points}`));
      scoreAddition.setAttribute('aria-hidden', 'true');
    }
  }

  return {
    header,
    show(score, best, gained) {
      showGain(gained);
      scoreValue.textContent = String(score);
      bestValue.textContent = String(best);
    },
  };
}

// The win / game-over overlay over the board (its buttons call handlers), which also shows
// an error that stops the game. show(kind): 'win' | 'over' | null.
function createMessage(wrap, root, handlers, ownsPage) {
  const message = add(wrap, part(el('div', 'message'), 'message'));
  const messageText = add(message, el('p', 'message-text'));
  const messageButtons = add(message, el('div', 'message-buttons'));
  const keepGoingButton = add(messageButtons, button('btn keep-going-button', 'Keep going', () => handlers.keepGoing()));
  add(messageButtons, button('btn win-new-button', 'New game', () => handlers.newGame()));
  const retryButton = add(messageButtons, button('btn retry-button', 'Try again', () => handlers.newGame()));
  add(messageButtons, button('btn message-undo-button', 'Undo', () => handlers.undo()));
  let end = null;

  return {
    show(kind) {
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
    },
    showError(text) {
      message.classList.add('message-error');
      messageText.textContent = text;
      messageText.setAttribute('role', 'alert');
    },
  };
}

/**
 * root: the game's element (gets the size class). handlers: { keepGoing(), newGame(), undo() }
 * for the overlay's buttons. ownsPage: the overlay may take the focus from the page's body.
 * Returns { header, wrap, board, render, flush, hint, showError, destroy }.
 */
export function createBoardView(root, handlers, { ownsPage = true } = {}) {
  const scores = createScoreHeader(ownsPage);

  // The board: background cells, tiles, the hint arrow and the win / game-over overlay.
  const wrap = el('div', 'board-wrap');
  const board = add(wrap, part(el('div', 'board'), 'board'));
  board.setAttribute('role', 'img');
  board.setAttribute('aria-label', 'Board');
  const grid = add(board, el('div', 'grid'));
  const tiles = createTileLayer(add(board, el('div', 'tiles')));
  const hintArrow = add(wrap, el('div', 'hint-arrow'));
  hintArrow.setAttribute('aria-hidden', 'true');
  const message = createMessage(wrap, root, handlers, ownsPage);

  let size = 0;
  let hinted = null;

  function setSize(n) {
    if (n === size) return;
    if (size) root.classList.remove(`size-${size}`);
    size = n;
    root.classList.add(`size-${n}`);
    grid.textContent = '';
    for (let i = 0; i < n * n; i++) grid.append(part(el('div', 'cell'), 'cell'));
    tiles.clear();
  }

  return {
    header: scores.header,
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
      tiles.draw(engineTiles, { move, appear, still });
      scores.show(score, best, still ? 0 : gained);
      board.setAttribute('aria-label', describeBoard(cells, n));
      board.setAttribute('data-cells', cells.join(','));
      message.show(kind);
    },

    flush: tiles.flush,

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
      message.showError(text);
    },

    destroy() {
      tiles.destroy();
      root.classList.remove('failed', `size-${size}`);
    },
  };
}
