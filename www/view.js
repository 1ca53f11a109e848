// Renders one game into the element it is given. It only creates elements and
// changes their classes, text and ARIA attributes; all positions, colours and
// motion come from style.css. It never decides anything about the rules.
import { el } from './dom.js';

const SIZES = [3, 4, 5, 6, 7, 8];
const MODES = [['classic', 'Classic'], ['endless', 'Endless']];
const THEMES = [['system', 'System'], ['light', 'Light'], ['dark', 'Dark'], ['solarized', 'Solarized'], ['contrast', 'High contrast']];
const THEME_CLASSES = ['theme-light', 'theme-dark', 'theme-solarized', 'theme-contrast'];
const SPEEDS = [['watch', 'Watch'], ['fast', 'Fast'], ['faster', 'Faster'], ['max', 'Max']];
const DIRS = ['up', 'right', 'down', 'left'];
const ARROWS = { up: '↑', right: '→', down: '↓', left: '←' };
// Source tiles of a merge linger under the merged tile until the slide is over.
const SETTLE_MS = 160;
// From 2^20 on, a tile shows "2" with the exponent raised: 7+ digits do not fit a cell.
const EXPONENT_FROM = 2 ** 20;

let uid = 0;

function button(className, text, onClick) {
  const b = el('button', className, text);
  b.type = 'button';
  b.addEventListener('click', onClick);
  return b;
}

// A group of toggle buttons (not a <select>: arrow keys on a focused select
// would change the setting instead of moving tiles).
function choices(idPrefix, name, label, options, onChoose) {
  const wrap = el('div', `setting setting-${name}`);
  wrap.setAttribute('role', 'group');
  const caption = add(wrap, el('span', 'setting-label', label));
  caption.id = `${idPrefix}-${name}`;
  wrap.setAttribute('aria-labelledby', caption.id);
  const list = add(wrap, el('div', 'choices'));
  let buttons = new Map();
  let shown = [];
  const group = {
    wrap,
    set(value) {
      for (const [v, b] of buttons) b.setAttribute('aria-pressed', String(v === String(value)));
    },
    /** Replaces the buttons (only when the list differs, so focus stays on a pressed button). */
    setOptions(next) {
      const same = next.length === shown.length && next.every(([v, t], i) => v === shown[i][0] && t === shown[i][1]);
      if (same) return;
      shown = next.map(([v, t]) => [v, t]);
      list.textContent = '';
      buttons = new Map();
      for (const [value, text] of next) {
        const b = add(list, button(`choice choice-${value}`, text, () => onChoose(value)));
        b.setAttribute('aria-pressed', 'false');
        buttons.set(String(value), b);
      }
    },
  };
  group.setOptions(options);
  return group;
}

function add(parent, child) {
  parent.append(child);
  return child;
}

function exponentOf(value) {
  return Math.round(Math.log2(value));
}

// AI figures: 1234567 -> "1.2M"; big values in exponent form so a column stays narrow.
const compact = (n) => (n == null ? '–' : n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : n >= 1e4 ? `${Math.round(n / 1e3)}k` : String(Math.round(n * 10) / 10));
const figure = (v) => (v == null ? '–' : Math.abs(v) < 1e7 ? String(Math.round(v)) : v.toExponential(2));
const clock = (ms) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

export function describeBoard(cells, size) {
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

/**
 * handlers: { newGame(), undo(), keepGoing(), setting(name, value), aiToggle(),
 * aiStep(), aiHint(), weights({field: text}, changedField), resetWeights() }, called on the
 * user's clicks and choices (setting names: size, mode, theme, aiSpeed, strategy, strength).
 * ownsPage: the game is the page's (keyboard on the document): the win / game
 * over overlay may take the focus from the page's body, not only from this game.
 */
export function createView(root, handlers, { ownsPage = true } = {}) {
  const id = `g2048-${++uid}`;

  root.classList.add('g2048');

  // Header: title and score boxes.
  const header = el('div', 'header');
  // The page's own game is its h1; an embedded one must not add an h1 to the host's outline.
  header.append(el(ownsPage ? 'h1' : 'h2', 'title', '2048'));
  const scores = add(header, el('div', 'scores'));
  const scoreBox = add(scores, el('div', 'score-box score'));
  scoreBox.append(el('span', 'score-label', 'Score'));
  const scoreValue = add(scoreBox, el('span', 'score-value', '0'));
  const bestBox = add(scores, el('div', 'score-box best'));
  bestBox.append(el('span', 'score-label', 'Best'));
  const bestValue = add(bestBox, el('span', 'score-value', '0'));

  // Intro line and the two main buttons.
  const bar = el('div', 'bar');
  const intro = add(bar, el('p', 'intro', 'Join the tiles, get to 2048!'));
  const buttons = add(bar, el('div', 'bar-buttons'));
  const undoButton = add(buttons, button('btn undo-button', 'Undo', () => handlers.undo()));
  add(buttons, button('btn new-button', 'New game', () => handlers.newGame()));

  const notices = el('div', 'notices');
  notices.setAttribute('role', 'status');

  // The board: background cells, tiles, and the win / game-over overlay.
  const wrap = el('div', 'board-wrap');
  const board = add(wrap, el('div', 'board'));
  board.setAttribute('role', 'img');
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

  // The AI player: buttons, speed and strength, live figures.
  const ai = el('div', 'ai');
  const aiBar = add(ai, el('div', 'ai-bar'));
  const aiToggle = add(aiBar, button('btn ai-toggle', 'Start AI', () => handlers.aiToggle()));
  const aiStep = add(aiBar, button('btn ai-step', 'Step', () => handlers.aiStep()));
  const aiHint = add(aiBar, button('btn ai-hint', 'Hint', () => handlers.aiHint()));
  const aiStatus = add(aiBar, el('p', 'ai-status'));
  aiStatus.setAttribute('role', 'status');
  // The strategy: picker, its explanation, a strength control that fits it, its weights.
  const strategyChoice = choices(id, 'strategy', 'Strategy', [], (v) => handlers.setting('strategy', v));
  const explanation = el('p', 'ai-explanation');
  explanation.id = `${id}-explanation`;
  strategyChoice.wrap.setAttribute('aria-describedby', explanation.id);
  const strengthChoice = choices(id, 'strength', 'Strength', [], (v) => handlers.setting('strength', v));
  const speedChoice = choices(id, 'speed', 'Speed', SPEEDS, (v) => handlers.setting('aiSpeed', v));
  ai.append(strategyChoice.wrap, explanation, strengthChoice.wrap, speedChoice.wrap);

  const advanced = add(ai, el('details', 'ai-advanced'));
  add(advanced, el('summary', null, 'Advanced: evaluation weights'));
  const weightsForm = add(advanced, el('div', 'weights'));
  const weightsError = add(advanced, el('p', 'weights-error'));
  weightsError.setAttribute('role', 'alert');
  const weightsBar = add(advanced, el('div', 'weights-bar'));
  const resetButton = add(weightsBar, button('btn weights-reset', 'Reset to defaults', () => handlers.resetWeights()));
  const weightInputs = new Map(); // field -> { input, error }
  let weightFields = '';
  const stats = add(ai, el('dl', 'ai-stats'));
  const stat = (name, label) => {
    const box = add(stats, el('div', `ai-stat ai-${name}`));
    box.append(el('dt', null, label));
    return add(box, el('dd', null, '–'));
  };
  const mpsValue = stat('mps', 'Moves/s');
  const depthValue = stat('depth', 'Depth');
  const npsValue = stat('nps', 'Nodes/s');
  const valuesBox = add(ai, el('div', 'ai-values'));
  valuesBox.title = 'What the AI expects of each move';
  const values = {};
  for (const d of DIRS) {
    const v = add(valuesBox, el('span', `ai-value ai-value-${d}`));
    v.append(el('span', 'ai-arrow', ARROWS[d]), (values[d] = el('span', 'ai-number', '–')));
  }
  const summaryLine = add(ai, el('p', 'ai-summary'));

  // Settings.
  const settings = el('div', 'settings');
  const sizeChoice = choices(id, 'size', 'Board', SIZES.map((n) => [n, `${n}×${n}`]), (v) => handlers.setting('size', v));
  const modeChoice = choices(id, 'mode', 'Mode', MODES, (v) => handlers.setting('mode', v));
  const themeChoice = choices(id, 'theme', 'Theme', THEMES, (v) => handlers.setting('theme', v));
  settings.append(sizeChoice.wrap, modeChoice.wrap, themeChoice.wrap);

  const help = el('p', 'help', 'Use the arrow keys or W A S D, or swipe on the board. Tiles with the same number merge into one when they touch.');

  const live = el('div', 'sr-only live');
  live.setAttribute('aria-live', 'polite');
  live.setAttribute('aria-atomic', 'true');

  // In-page confirmation dialog (window.confirm would block and cannot be styled).
  const dialog = el('dialog', 'dialog');
  const dialogText = add(dialog, el('p', 'dialog-text'));
  dialogText.id = `${id}-dialog-text`;
  dialog.setAttribute('aria-labelledby', dialogText.id);
  const dialogButtons = add(dialog, el('div', 'dialog-buttons'));
  const cancelButton = add(dialogButtons, button('btn dialog-cancel', 'Cancel', () => closeDialog(false)));
  const okButton = add(dialogButtons, button('btn dialog-ok', 'OK', () => closeDialog(true)));
  let dialogResolve = null;
  dialog.addEventListener('cancel', (e) => {
    e.preventDefault();
    closeDialog(false);
  });

  const frame = el('div', 'game');
  frame.append(header, bar, notices, wrap, ai, settings, help, live, dialog);
  root.prepend(frame);

  let size = 0;
  let tiles = new Map(); // engine tile id -> { node, pos: [row, col], value }
  let leaving = [];
  let settleTimer = 0;
  let scoreAddition = null;
  let themeQuery = null;
  let themeSetting = 'light';
  const noticeKeys = new Set();
  // Drawing deferred to the next animation frame (AI at max speed): latest tiles and figures.
  let rafId = 0;
  let soonTiles = null;
  let soonStats;
  let hintText = '';
  let offText = '';

  function closeDialog(result) {
    if (!dialogResolve) return;
    const resolve = dialogResolve;
    dialogResolve = null;
    if (dialog.open) dialog.close();
    resolve(result);
  }

  function positionClass(r, c) {
    return `tile-pos-${r}-${c}`;
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

  function drawStats(s) {
    mpsValue.textContent = s?.mps == null ? '–' : s.mps.toFixed(1);
    depthValue.textContent = s?.depth ?? '–';
    npsValue.textContent = compact(s?.nps);
    for (const d of DIRS) {
      values[d].textContent = figure(s?.values?.[d]);
      values[d].parentNode.classList.toggle('ai-best', s?.dir === d);
    }
  }

  // Draws what was deferred: the latest board and figures only.
  function flush() {
    cancelAnimationFrame(rafId);
    rafId = 0;
    if (soonTiles) renderTiles(soonTiles);
    if (soonStats !== undefined) drawStats(soonStats);
    soonStats = undefined;
  }

  function soon() {
    if (!rafId) rafId = requestAnimationFrame(flush);
  }

  function setStatus() {
    aiStatus.textContent = offText ? `AI unavailable: ${offText}` : hintText;
  }

  function setThemeClass(name) {
    root.classList.remove(...THEME_CLASSES);
    root.classList.add(`theme-${name}`);
  }

  function onSystemTheme() {
    if (themeSetting === 'system') setThemeClass(themeQuery.matches ? 'dark' : 'light');
  }

  return {
    root,
    board,
    wrap,

    setSize(n) {
      if (n === size) return;
      if (size) root.classList.remove(`size-${size}`);
      size = n;
      root.classList.add(`size-${n}`);
      grid.textContent = '';
      for (let i = 0; i < n * n; i++) grid.append(el('div', 'cell'));
      renderTiles([]);
    },

    renderTiles,

    /** Shows these tiles at the next animation frame, without animation (later calls replace earlier ones). */
    renderSoon(engineTiles) {
      soonTiles = engineTiles;
      soon();
    },

    flush,

    /** Animates one move result; `engineTiles` (after the move) is the truth to fall back on. */
    applyMove(result, engineTiles) {
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
      if (engineTiles && !matches(engineTiles)) {
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
    },

    setBoard(cells, n) {
      board.setAttribute('aria-label', describeBoard(cells, n));
      board.setAttribute('data-cells', cells.join(','));
    },

    setScore(score, best) {
      scoreValue.textContent = String(score);
      bestValue.textContent = String(best);
    },

    showGain(points) {
      scoreAddition?.remove();
      scoreAddition = el('span', 'score-addition', `+${points}`);
      scoreAddition.setAttribute('aria-hidden', 'true');
      scoreBox.append(scoreAddition);
    },

    clearGain() {
      scoreAddition?.remove();
      scoreAddition = null;
    },

    /** kind: 'win' | 'over' | null */
    showMessage(kind) {
      const was = message.classList.contains('message-win') ? 'win' : message.classList.contains('message-over') ? 'over' : null;
      message.classList.toggle('message-win', kind === 'win');
      message.classList.toggle('message-over', kind === 'over');
      messageText.textContent = kind === 'win' ? 'You win!' : kind === 'over' ? 'Game over!' : '';
      if (kind && kind !== was) {
        // Hand focus to the overlay only if the player was already in this game.
        const doc = root.ownerDocument;
        const active = deepActive(doc);
        if (root.contains(active) || (ownsPage && (!active || active === doc.body))) {
          (kind === 'win' ? keepGoingButton : retryButton).focus({ preventScroll: true });
        }
      }
    },

    setUndo(enabled) {
      undoButton.disabled = !enabled;
    },

    setMode(mode) {
      intro.textContent = mode === 'endless' ? 'Endless: join the tiles, as high as you can!' : 'Join the tiles, get to 2048!';
    },

    setSettings({ size: n, mode, theme, aiSpeed }) {
      if (n != null) sizeChoice.set(n);
      if (mode != null) modeChoice.set(mode);
      if (theme != null) themeChoice.set(theme);
      if (aiSpeed != null) speedChoice.set(aiSpeed);
    },

    /** The strategies to pick from: [{name, label}]. */
    setStrategies(list) {
      strategyChoice.setOptions(list.map((s) => [s.name, s.label]));
    },

    /**
     * The picked strategy: {strategy, explanation, choices: [{key, label}], chosen (a key), chosenLabel,
     * weights: [{name, min, max, default, value}] | null, customWeights}.
     * A chosen budget that is not among the choices (an embedder's) shows as one more.
     */
    setBrain({ strategy, explanation: text, choices: options, chosen, chosenLabel, weights, customWeights }) {
      strategyChoice.set(strategy);
      explanation.textContent = text;
      const list = options.map((c) => [c.key, c.label]);
      if (chosen && !list.some(([k]) => k === chosen)) list.push([chosen, chosenLabel || chosen]);
      strengthChoice.setOptions(list);
      strengthChoice.set(chosen);
      strengthChoice.wrap.hidden = list.length === 0;
      advanced.hidden = !weights;
      resetButton.disabled = !customWeights;
      const fields = weights ? `${strategy}:${weights.map((f) => f.name).join(',')}` : '';
      if (fields !== weightFields) {
        weightFields = fields;
        weightsForm.textContent = '';
        weightInputs.clear();
        for (const f of weights ?? []) {
          const row = add(weightsForm, el('div', `weight weight-${f.name}`));
          const label = add(row, el('label', null, f.name.replace(/_/g, ' ')));
          const input = add(row, el('input'));
          input.type = 'number';
          input.step = 'any';
          input.inputMode = 'decimal';
          input.name = f.name;
          input.id = label.htmlFor = `${id}-weight-${f.name}`;
          if (f.min != null) input.min = String(f.min);
          if (f.max != null) input.max = String(f.max);
          input.title = `Default ${f.default}${f.min != null && f.max != null ? `; ${f.min} to ${f.max}` : ''}`;
          const error = add(row, el('span', 'weight-error'));
          error.id = `${input.id}-error`;
          input.setAttribute('aria-describedby', error.id);
          input.addEventListener('change', () => {
            const values = {};
            for (const [name, w] of weightInputs) values[name] = w.input.value;
            handlers.weights?.(values, f.name);
          });
          weightInputs.set(f.name, { input, error });
        }
      }
      for (const f of weights ?? []) {
        const w = weightInputs.get(f.name);
        if (w && w.input.value !== String(f.value)) w.input.value = String(f.value);
      }
    },

    /** Errors of the weights typed: {field: text}; the key '' is an error of the whole set. {} clears. */
    setWeightErrors(errors) {
      for (const [name, w] of weightInputs) {
        const text = errors[name] ?? '';
        w.error.textContent = text;
        if (text) w.input.setAttribute('aria-invalid', 'true');
        else w.input.removeAttribute('aria-invalid');
      }
      weightsError.textContent = errors[''] ?? '';
    },

    /** playing; enabled: the AI may move now; off: why the AI cannot run; summary: {tile, score, moves, ms} at game over. */
    setAi({ playing, enabled, off, summary }) {
      const label = playing ? 'Stop' : 'Start AI';
      if (aiToggle.textContent !== label) aiToggle.textContent = label;
      ai.classList.toggle('ai-playing', playing);
      aiToggle.disabled = Boolean(off) || (!playing && !enabled);
      aiStep.disabled = aiHint.disabled = Boolean(off) || playing || !enabled;
      if (off) for (const b of ai.querySelectorAll('button')) b.disabled = true;
      ai.classList.toggle('ai-off', Boolean(off));
      offText = off;
      setStatus();
      const text = summary
        ? `Largest tile ${summary.tile} · Score ${summary.score} · AI moves ${summary.moves} · AI time ${clock(summary.ms)}`
        : '';
      if (summaryLine.textContent !== text) summaryLine.textContent = text;
    },

    /** The last decision's figures ({mps, depth, nps, values, dir}, or null), drawn at the next frame. */
    setAiStats(s) {
      soonStats = s;
      soon();
    },

    /** Points at the AI's suggested direction (null clears). */
    showHint(dir) {
      if (!dir && !hintText) return;
      for (const d of DIRS) wrap.classList.toggle(`hint-${d}`, d === dir);
      hintArrow.textContent = dir ? ARROWS[dir] : '';
      hintText = dir ? `Hint: ${dir}` : '';
      setStatus();
    },

    /** theme: 'system' follows prefers-color-scheme, live. */
    setTheme(theme) {
      themeSetting = theme;
      if (theme === 'system') {
        if (!themeQuery && typeof matchMedia === 'function') {
          themeQuery = matchMedia('(prefers-color-scheme: dark)');
          themeQuery.addEventListener('change', onSystemTheme);
        }
        setThemeClass(themeQuery?.matches ? 'dark' : 'light');
      } else {
        setThemeClass(theme);
      }
    },

    announce(text) {
      live.textContent = text;
    },

    /** A short dismissible notice; `key` shows each kind of notice only once. */
    notice(text, key) {
      if (key) {
        if (noticeKeys.has(key)) return;
        noticeKeys.add(key);
      }
      const item = el('div', 'notice');
      item.append(el('span', 'notice-text', text));
      const close = button('notice-close', '×', () => item.remove());
      close.setAttribute('aria-label', 'Dismiss');
      item.append(close);
      notices.append(item);
    },

    /** The game cannot run: the text shows in the board's box. */
    showError(text) {
      root.classList.add('failed');
      message.classList.add('message-error');
      messageText.textContent = text;
      messageText.setAttribute('role', 'alert');
    },

    confirm(text, okLabel = 'OK') {
      closeDialog(false);
      dialogText.textContent = text;
      okButton.textContent = okLabel;
      return new Promise((resolve) => {
        dialogResolve = resolve;
        try {
          dialog.showModal();
        } catch {
          dialog.setAttribute('open', '');
        }
        cancelButton.focus();
      });
    },

    isBusy() {
      return dialogResolve !== null;
    },

    destroy() {
      cancelAnimationFrame(rafId);
      settle();
      closeDialog(false);
      themeQuery?.removeEventListener('change', onSystemTheme);
      frame.remove();
      root.classList.remove('g2048', 'failed', `size-${size}`, ...THEME_CLASSES);
    },
  };
}
