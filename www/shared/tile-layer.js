// The tiles of one board, as the original 2048's HTML actuator moves them: a tile element
// per engine tile id, placed, coloured and animated only by its classes (style.css). A
// move's transitions slide, merge and spawn them; merged-away tiles stay under the merged
// one until the slide is over; states drawn "still" wait for the next animation frame, the
// latest only. It decides nothing about the rules.
import { el, add, part } from './dom.js';

// Source tiles of a merge linger under the merged tile until the slide is over.
const SETTLE_MS = 160;
// From 2^20 on, a tile shows "2" with the exponent raised: 7+ digits do not fit a cell.
const EXPONENT_FROM = 2 ** 20;

const exponentOf = (value) => Math.round(Math.log2(value));
const positionClass = (r, c) => `tile-pos-${r}-${c}`;

function valueClasses(value) {
  const big = value >= EXPONENT_FROM;
  const chars = big ? 2 + String(exponentOf(value)).length : String(value).length;
  const list = [`tile-${value}`, `digits-${Math.min(chars, 6)}`];
  if (value > 2048) list.push('tile-super', `tile-e${Math.min(exponentOf(value), 66)}`);
  return list;
}

function setValue(inner, value) {
  part(inner, `tile tile-${value}`);
  if (value >= EXPONENT_FROM) {
    inner.textContent = '2';
    inner.append(el('sup', null, String(exponentOf(value))));
  } else {
    inner.textContent = String(value);
  }
}

/**
 * layer: the element that holds the tiles. Returns { draw(engineTiles, {move, appear,
 * still}), clear(), flush(), destroy() }.
 */
export function createTileLayer(layer) {
  let tiles = new Map(); // engine tile id -> { node, pos: [row, col], value }
  let leaving = [];
  let settleTimer = 0;
  // Drawing deferred to the next animation frame (AI at max speed): the latest tiles only.
  let rafId = 0;
  let soonTiles = null;

  function createTile(id, value, r, c, effect) {
    const node = el('div', 'tile');
    node.classList.add(...valueClasses(value), positionClass(r, c));
    if (effect) node.classList.add(effect);
    const inner = add(node, el('div', 'tile-inner'));
    setValue(inner, value);
    layer.append(node);
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
    layer.textContent = '';
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

  return {
    /**
     * Draws the tiles after a state: move (the engine's result of the move just made) is
     * animated; appear: the tiles fade in; still: at the next animation frame, unanimated.
     */
    draw(engineTiles, { move = null, appear = false, still = false } = {}) {
      if (still) {
        soonTiles = engineTiles;
        if (!rafId) rafId = requestAnimationFrame(flush);
      } else if (move) applyMove(move, engineTiles);
      else if (appear || soonTiles || !matches(engineTiles)) renderTiles(engineTiles, { appear });
    },
    clear: () => renderTiles([]),
    flush,
    destroy() {
      cancelAnimationFrame(rafId);
      settle();
    },
  };
}
