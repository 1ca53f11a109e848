// A game record's replay: the board at any position, step forward and back, a scrubber,
// play and pause at the game's speeds, jump to a move, the keyboard (arrows, space, Home,
// End), and what happened at each move (the move, the tile spawned, the score). From any
// position: play on as a person or with the AI (onContinue), download the record, review
// it (review-view.js, loaded when asked). The engine's Replay did every rule check when it
// read the record; this draws its positions, and a step forward animates the engine's
// report of the move (its slides, merges and spawn), as the game does.
import { el, add, button, part } from '../shared/dom.js';
import { createBoardView, ARROWS } from '../shared/board-view.js';
import { SPEEDS, MODE_LABELS } from '../shared/choices.js';
import { download, fileName } from './record-io.js';

// "Watch" is a comfortable replay pace; the other speeds are the AI's.
const REPLAY_DELAY_MS = { ...Object.fromEntries(Object.entries(SPEEDS).map(([key, s]) => [key, s.delayMs])), watch: 400, max: 0 };
const n0 = (n) => n.toLocaleString('en');

// The tile id drawn in each cell (row-major; 0: empty), so that a step forward animates as
// the game did: step(n) is move n as the board view animates a move ({moves, merges,
// spawned, gained}, by tile ids); any other jump draws the position afresh (fresh(cells)).
function createTileIds(replay) {
  const size = replay.size;
  let ids = [];
  let lastId = 0;
  const rc = (i) => [Math.floor(i / size), i % size];
  const at = ([r, c]) => r * size + c;

  function step(n) {
    const m = replay.move(n);
    const slides = replay.slides(n); // from, to, exponent (0: a slide; else both tiles of a merge)
    const next = ids.slice();
    const moves = [];
    const merged = new Map(); // cell -> {value, from: [ids]}
    for (let k = 0; k < slides.length; k += 3) next[slides[k]] = 0;
    for (let k = 0; k < slides.length; k += 3) {
      const [from, to, exponent] = [slides[k], slides[k + 1], slides[k + 2]];
      if (from !== to) moves.push({ id: ids[from], from: rc(from), to: rc(to) });
      if (exponent) {
        const merge = merged.get(to) ?? { value: 2 ** exponent, from: [] };
        merge.from.push(ids[from]);
        merged.set(to, merge);
      } else next[to] = ids[from];
    }
    const merges = [];
    for (const [cell, merge] of merged) {
      const id = ++lastId;
      merges.push({ id, value: merge.value, at: rc(cell), from: merge.from });
      next[cell] = id;
    }
    const spawned = { id: ++lastId, value: m.spawn.value, at: m.spawn.at };
    next[at(m.spawn.at)] = spawned.id;
    ids = next;
    return { moves, merges, spawned, gained: replay.score(n) - replay.score(n - 1) };
  }

  return {
    step,
    fresh(cells) {
      ids = cells.map((v) => (v ? ++lastId : 0));
    },
    /** The board view's tiles for `cells` ({id, value, row, col}). */
    tiles(cells) {
      const tiles = [];
      cells.forEach((value, i) => {
        if (value) tiles.push({ id: ids[i], value, row: Math.floor(i / size), col: i % size });
      });
      return tiles;
    },
  };
}

// What position n is, in words (the live line under the board).
function describe(replay, n) {
  const length = replay.length;
  if (n === 0) return `Start of the game: move 0 of ${n0(length)}. Score ${n0(replay.score(0))}.`;
  const m = replay.move(n);
  const [r, c] = m.spawn.at;
  const end = n === length && replay.over ? ' Game over.' : '';
  return `Move ${n0(n)} of ${n0(length)}: ${m.dir} ${ARROWS[m.dir]}, then a ${m.spawn.value} appeared in row ${r + 1}, column ${c + 1}. Score ${n0(replay.score(n))}.${end}`;
}

// The replay's controls in `wrap`: start, back, play, forward, end, the speed, the scrubber
// and "Go to move". They call go(n), step(by) and toggle(); show(n, fromScrubber) and
// playing(on) draw their state.
function createControls(wrap, length, { go, step, toggle }) {
  const controls = add(wrap, el('div', 'replay-controls'));
  const first = add(controls, button('btn replay-first', '|◀', () => go(0)));
  first.setAttribute('aria-label', 'Start (Home)');
  const back = add(controls, button('btn replay-back', '◀', () => step(-1)));
  back.setAttribute('aria-label', 'Back one move (←)');
  const playButton = add(controls, button('btn replay-play', '▶ Play', () => toggle()));
  const forward = add(controls, button('btn replay-forward', '▶', () => step(1)));
  forward.setAttribute('aria-label', 'Forward one move (→)');
  const last = add(controls, button('btn replay-last', '▶|', () => go(length)));
  last.setAttribute('aria-label', 'End (End)');
  const speed = add(controls, el('select', 'replay-speed'));
  speed.setAttribute('aria-label', 'Replay speed');
  for (const [value, { label }] of Object.entries(SPEEDS)) speed.append(new Option(label, value, false, value === 'fast'));

  const scrubber = add(wrap, el('input', 'replay-scrubber'));
  Object.assign(scrubber, { type: 'range', min: '0', max: String(length), step: '1' });
  scrubber.setAttribute('aria-label', 'Position in the game');
  scrubber.addEventListener('input', () => go(Number(scrubber.value), { fromScrubber: true }));

  const jump = add(wrap, el('form', 'replay-jump'));
  const jumpLabel = add(jump, el('label', null, 'Go to move '));
  const jumpField = add(jumpLabel, el('input', 'replay-jump-field'));
  Object.assign(jumpField, { type: 'number', min: '0', max: String(length), step: '1' });
  add(jump, part(el('button', 'btn replay-jump-go', 'Go'), 'button')).type = 'submit';
  add(jump, el('span', 'replay-keys', 'Keys: ← → step, space plays, Home / End.'));
  jump.addEventListener('submit', (e) => {
    e.preventDefault();
    const n = Number(jumpField.value);
    if (Number.isInteger(n)) go(Math.max(0, Math.min(length, n)));
  });

  return {
    /** The speed picked: a key of SPEEDS. */
    speed: () => speed.value,
    show(n, fromScrubber) {
      if (!fromScrubber) scrubber.value = String(n);
      jumpField.value = String(n);
      first.disabled = back.disabled = n === 0;
      forward.disabled = last.disabled = n === length;
    },
    playing(on) {
      playButton.textContent = on ? '⏸ Pause' : '▶ Play';
      playButton.setAttribute('aria-pressed', String(on));
    },
  };
}

// The replay's keys: arrows step, Home and End jump, space plays and pauses; none in a text
// field (the scrubber takes space) or with a modifier.
function replayKeys({ position, length, go, toggle }) {
  return (e) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    const t = e.composedPath?.()[0] ?? e.target;
    if (t?.closest?.('input, select, textarea, [contenteditable]') && !t.classList?.contains('replay-scrubber')) return;
    if (t?.classList?.contains('replay-scrubber') && e.key !== ' ') return;
    const pos = position();
    const to = { ArrowRight: pos + 1, ArrowLeft: pos - 1, Home: 0, End: length }[e.key];
    if (to != null) {
      e.preventDefault();
      go(to);
    } else if (e.key === ' ' && !t?.closest?.('button')) {
      e.preventDefault();
      toggle();
    }
  };
}

/**
 * root: an element with the game's classes (.g2048, theme). replay: an engine Replay.
 * options: { text (the record), at (the first position shown; default the last), onContinue(n,
 * {ai}) (play on from position n), onClose() (a Close button, for an embedded replay),
 * keyTarget (where keys are read; null: none), engine (for the review's legalMoves), ownsPage
 * (the replay is the page's: its title is the page's h1) }.
 */
export function createReplayView(root, replay, { text, at, onContinue, onClose, keyTarget = root.ownerDocument, engine, ownsPage = false } = {}) {
  const length = replay.length;
  const size = replay.size;
  const doc = root.ownerDocument;
  const wrap = el('section', 'replay');
  const board = createBoardView(root, { keepGoing() {}, newGame() {}, undo() {} }, { ownsPage });
  board.header.querySelector('.title').textContent = 'Replay';
  board.header.querySelector('.best .score-label').textContent = 'Final';
  wrap.append(board.header);
  const about = add(wrap, el('p', 'replay-about', `${size}×${size}, ${MODE_LABELS[replay.mode] ?? replay.mode}: ${n0(length)} moves${replay.over ? ', to game over' : ''}.`));
  about.setAttribute('data-length', String(length));
  wrap.append(board.wrap);
  const info = add(wrap, el('p', 'replay-info'));
  info.setAttribute('aria-live', 'polite');
  const controls = createControls(wrap, length, { go: (n, o) => show(n, o), step: (by) => show(pos + by), toggle: () => toggle() });

  const actions = add(wrap, el('div', 'replay-actions'));
  if (onContinue) {
    add(actions, button('btn replay-continue', 'Play on from here', () => onContinue(pos, { ai: false })));
    add(actions, button('btn replay-continue-ai', 'AI plays on from here', () => onContinue(pos, { ai: true })));
  }
  add(actions, button('btn replay-download', 'Download file', () => download(doc, text, fileName({ size, score: replay.score(length) }))));
  const reviewButton = add(actions, button('btn replay-review', 'Review this game', () => openReview()));
  if (onClose) add(actions, button('btn replay-close', 'Back to the game', () => onClose()));
  const reviewBox = add(wrap, el('div', 'replay-review-box'));
  root.append(wrap);

  let pos = -1;
  let timer = 0;
  let review = null;
  const ids = createTileIds(replay);

  /** Shows position n (0: the start, length: the end). */
  function show(n, { fromScrubber = false, keepPlaying = false } = {}) {
    n = Math.max(0, Math.min(length, n));
    if (!keepPlaying) pause();
    if (n === pos) return;
    const step = n === pos + 1 && pos >= 0 && !(timer && controls.speed() === 'max');
    pos = n;
    const cells = Array.from(replay.cells(n));
    // One step forward slides and merges the tiles as the move did (the engine's report of
    // move n); any other jump draws the position afresh.
    const move = step ? ids.step(n) : null;
    if (!move) ids.fresh(cells);
    board.render({ size, tiles: ids.tiles(cells), cells, score: replay.score(n), best: replay.score(length), move, gained: move?.gained ?? 0 });
    for (const t of root.querySelectorAll('.tile.replay-spawn')) t.classList.remove('replay-spawn');
    if (n > 0) {
      const [r, c] = replay.move(n).spawn.at;
      root.querySelector(`.tiles .tile-pos-${r}-${c}`)?.classList.add('replay-spawn');
    }
    board.board.setAttribute('data-position', String(n));
    info.textContent = describe(replay, n);
    controls.show(n, fromScrubber);
    review?.showPosition(n);
  }

  function pause() {
    clearTimeout(timer);
    timer = 0;
    controls.playing(false);
  }

  function tick() {
    if (pos >= length) return pause();
    show(pos + 1, { keepPlaying: true });
    timer = setTimeout(tick, REPLAY_DELAY_MS[controls.speed()] ?? 100);
  }

  function toggle() {
    if (timer) return pause();
    if (pos >= length) show(0);
    controls.playing(true);
    timer = setTimeout(tick, 0);
  }

  async function openReview() {
    if (review) return review.focus();
    reviewButton.disabled = true;
    const { createReviewView } = await import('./review-view.js');
    review = createReviewView(reviewBox, { replay, engine, goTo: (n) => show(n) });
    review.showPosition(pos);
  }

  const onKey = replayKeys({ position: () => pos, length, go: show, toggle });
  keyTarget?.addEventListener('keydown', onKey);

  show(at != null && at >= 0 && at <= length ? at : length);

  return {
    element: wrap,
    show,
    get position() { return pos; },
    openReview,
    destroy() {
      pause();
      review?.destroy();
      keyTarget?.removeEventListener('keydown', onKey);
      board.destroy();
      wrap.remove();
    },
  };
}
