// The AI's part of the full panel: the bar (bar.js's, handed in: Start AI / Step / Hint, the status
// line, the network's download, the game's summary) with the speed in its row; the live figures
// (moves/s, depth, nodes/s, each move's value); then, folded on a narrow screen, the player (a
// grouped picker, one sentence on what it does), its network, its strength (a picker, one line
// on how strong, the ladder's figures behind a click). The evaluation weights go to the settings.
// Classes, text and ARIA only; every choice goes to `handlers`.
import { el, add, button, choices } from '../shared/dom.js';
import { SPEED_LABELS, SHIPPED, YOURS } from '../shared/choices.js';
import { ARROWS } from '../shared/board-view.js';
import { LADDER, TD_LADDER, positions } from './strength-figures.js';

const DIRS = ['up', 'right', 'down', 'left'];
// The picker's groups (strategies.js's strategyGroup); the default stands first, alone.
const GROUPS = { search: 'Searching players', learned: 'Learned players', simple: 'Simple players' };
// The strength picker's groups, by the budget's kind (strategies.js's budget keys).
const BUDGET_GROUPS = { nodes: 'Positions a move', ms: 'Time a move (depends on this machine)' };
const percent = (share) => (share == null ? '–' : `${Math.round(share * 100)}%`);
// AI figures: 1234567 -> "1.2M"; big values in exponent form so a column stays narrow.
const compact = (n) => (n == null ? '–' : n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : n >= 1e4 ? `${Math.round(n / 1e3)}k` : String(Math.round(n * 10) / 10));
const figure = (v) => (v == null ? '–' : Math.abs(v) < 1e7 ? String(Math.round(v)) : v.toExponential(2));
const SHORT_CHARS = 90;
// The explanation's first sentence, cut at a word (with "…") when it is long; and the rest.
function splitExplanation(text) {
  const m = /^(.+?[.!?])(\s+.+)?$/s.exec(text);
  let short = m ? m[1] : text;
  let rest = m?.[2] ?? '';
  if (short.length > SHORT_CHARS) {
    const at = short.lastIndexOf(' ', SHORT_CHARS);
    rest = short.slice(at) + rest;
    short = short.slice(0, at);
  }
  return [short, rest];
}

/**
 * A labelled <select> (the input module keeps the arrow keys for the tiles while it has the
 * focus; Space, Enter or Alt+Down opens it). options: [[value, text, group?]]: consecutive
 * options with the same group go in one <optgroup> of that label. Each option has the class
 * `choice choice-<value>`. Returns {wrap, select, set(value), setOptions(options)}.
 */
function picker(idPrefix, name, label, options, onChoose) {
  const wrap = el('div', `setting setting-${name}`);
  const caption = add(wrap, el('label', 'setting-label', label));
  const select = add(wrap, el('select', 'picker'));
  select.id = caption.htmlFor = `${idPrefix}-${name}`;
  select.addEventListener('change', () => onChoose(select.value));
  let shown = '';
  const group = {
    wrap,
    select,
    set(value) {
      select.value = String(value);
    },
    /** Replaces the options (only when the list differs). */
    setOptions(next) {
      const key = JSON.stringify(next);
      if (key === shown) return;
      shown = key;
      const value = select.value;
      select.textContent = '';
      let parent = select;
      let last;
      for (const [v, text, g] of next) {
        if (g !== last) {
          last = g;
          parent = g ? add(select, el('optgroup')) : select;
          if (g) parent.label = g;
        }
        add(parent, el('option', `choice choice-${v}`, text)).value = String(v);
      }
      select.value = value;
    },
  };
  group.setOptions(options);
  return group;
}

/**
 * id: a prefix for element ids. handlers: { aiToggle(), aiStep(), aiHint(),
 * setting(name, value) (strategy, network, strength, aiSpeed, aiPanelOpen),
 * weights({field: text}, changedField), resetWeights() }. bar: bar.js's bar, for controls
 * "full" (the view loads both modules at once); settingsBody: the settings dialog's body.
 */
export function createAiPanel(id, handlers, { bar, settingsBody = null }) {
  const speedChoice = choices(id, 'speed', 'Speed', Object.entries(SPEED_LABELS), (v) => handlers.setting('aiSpeed', v));
  // Its words say what they are: its name is for screen readers only.
  speedChoice.wrap.querySelector('.setting-label').classList.add('sr-only');
  bar.row(speedChoice.wrap);

  // The live figures, right under the buttons: they stay in view while the AI plays.
  const stats = el('dl', 'ai-stats');
  const stat = (name, label) => {
    const box = add(stats, el('div', `ai-stat ai-${name}`));
    box.append(el('dt', null, label));
    return add(box, el('dd', null, '–'));
  };
  const mpsValue = stat('mps', 'Moves/s');
  const depthValue = stat('depth', 'Depth');
  const npsValue = stat('nps', 'Nodes/s');
  const valuesBox = el('div', 'ai-values');
  valuesBox.title = 'What the AI expects of each move';
  const values = {};
  for (const d of DIRS) {
    const v = add(valuesBox, el('span', `ai-value ai-value-${d}`));
    v.append(el('span', 'ai-arrow', ARROWS[d]), (values[d] = el('span', 'ai-number', '–')));
  }

  // The player and its strength: folded on a narrow screen (a tap unfolds them, remembered).
  const choicesBox = el('div', 'ai-choices');
  choicesBox.id = `${id}-ai-choices`;
  const foldButton = button('ai-fold-button', 'Player and strength', () => handlers.setting('aiPanelOpen', foldButton.getAttribute('aria-expanded') !== 'true'));
  foldButton.setAttribute('aria-controls', choicesBox.id);
  foldButton.setAttribute('aria-expanded', 'false');
  bar.insert(stats, valuesBox, foldButton, choicesBox);

  // The player: a grouped picker, its explanation (one sentence, "more" for the rest).
  const strategyChoice = picker(id, 'strategy', 'Player', [], (v) => handlers.setting('strategy', v));
  const explanation = el('p', 'ai-explanation');
  explanation.id = `${id}-explanation`;
  const explanationShort = add(explanation, el('span', 'ai-explanation-short'));
  const explanationRest = add(explanation, el('span', 'ai-explanation-rest'));
  explanationRest.id = `${id}-explanation-rest`;
  explanationRest.hidden = true;
  let shortText = '';
  const showExplanation = (open) => {
    explanationRest.hidden = !open;
    // A sentence cut short shows "…" until it is open.
    explanationShort.textContent = shortText + (!open && /^\s*\S/.test(explanationRest.textContent) && !/[.!?]$/.test(shortText) ? '…' : '');
    moreButton.textContent = open ? 'less' : 'more';
    moreButton.setAttribute('aria-expanded', String(open));
  };
  const moreButton = add(explanation, button('more-button', 'more', () => showExplanation(explanationRest.hidden)));
  moreButton.setAttribute('aria-controls', explanationRest.id);
  moreButton.setAttribute('aria-expanded', 'false');
  strategyChoice.select.setAttribute('aria-describedby', explanation.id);
  // A learned strategy's network: the one the page ships, or yours (trained on the learn page).
  const networkChoice = choices(id, 'network', 'Network', [[SHIPPED, 'The page’s'], [YOURS, 'Yours']], (v) => handlers.setting('network', v));
  networkChoice.wrap.hidden = true;
  // The strength: a picker, one line on how strong it plays, the ladder one click away.
  const strengthChoice = picker(id, 'strength', 'Strength', [], (v) => handlers.setting('strength', v));
  const strengthLine = el('p', 'ai-strength-line');
  strengthLine.id = `${id}-strength-line`;
  strengthChoice.select.setAttribute('aria-describedby', strengthLine.id);
  const ladder = el('details', 'ai-ladder');
  add(ladder, el('summary', null, 'Every strength, measured'));
  const fitLine = add(ladder, el('p', 'ai-fit'));
  const table = add(ladder, el('table', 'ai-ladder-table'));
  add(table, el('caption', null, 'Whole games the arena played at each budget: the share that reached the tile'));
  const headRow = add(add(table, el('thead')), el('tr'));
  for (const h of ['Strength', 'Positions a move', '16384', '32768']) add(headRow, el('th', null, h)).scope = 'col';
  // A family's rungs, under its name when the default player shows both (its heading row hidden otherwise).
  const family = (ladder, kind, name) => {
    const rows = add(table, el('tbody', `ai-ladder-${kind}`));
    const heading = add(add(rows, el('tr', 'ai-ladder-family')), el('th', null, name));
    heading.scope = 'colgroup';
    heading.colSpan = 4;
    for (const r of ladder) {
      const row = add(rows, el('tr'));
      add(row, el('th', null, r.name)).scope = 'row';
      row.append(el('td', null, positions(r.nodes)), el('td', null, percent(r.reach?.[16384])), el('td', null, percent(r.reach?.[32768])));
    }
    return { rows, heading: heading.parentNode };
  };
  const heuristicRows = family(LADDER, 'heuristic', 'The heuristic search');
  const learnedRows = family(TD_LADDER, 'learned', 'The learned network');
  choicesBox.append(strategyChoice.wrap, networkChoice.wrap, explanation, strengthChoice.wrap, strengthLine, ladder);

  const advanced = el('details', 'ai-advanced');
  settingsBody?.append(advanced);
  add(advanced, el('summary', null, 'Advanced: evaluation weights'));
  const weightsForm = add(advanced, el('div', 'weights'));
  const weightsError = add(advanced, el('p', 'weights-error'));
  weightsError.setAttribute('role', 'alert');
  const weightsBar = add(advanced, el('div', 'weights-bar'));
  const resetButton = add(weightsBar, button('btn weights-reset', 'Reset to defaults', () => handlers.resetWeights()));
  const weightInputs = new Map(); // field -> { input, error }
  let weightFields = '';
  // Figures deferred to the next animation frame (AI at max speed): the latest only.
  let rafId = 0;
  let soonStats;

  function drawStats(s) {
    mpsValue.textContent = s?.mps == null ? '–' : s.mps.toFixed(1);
    depthValue.textContent = s?.depth ?? '–';
    npsValue.textContent = compact(s?.nps);
    for (const d of DIRS) {
      values[d].textContent = figure(s?.values?.[d]);
      values[d].parentNode.classList.toggle('ai-best', s?.dir === d);
    }
  }

  function flush() {
    cancelAnimationFrame(rafId);
    rafId = 0;
    if (soonStats !== undefined) drawStats(soonStats);
    soonStats = undefined;
  }

  function weightRow(f) {
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
      const typed = {};
      for (const [name, w] of weightInputs) typed[name] = w.input.value;
      handlers.weights?.(typed, f.name);
    });
    weightInputs.set(f.name, { input, error });
  }

  return {
    ...bar,
    flush,

    setSpeed(speed) {
      speedChoice.set(speed);
    },

    /** Whether the player and strength show on a narrow screen (folded: a tap unfolds them). */
    setFold(open) {
      foldButton.setAttribute('aria-expanded', String(open));
      bar.element.classList.toggle('ai-folded', !open);
    },

    /** The strategies to pick from, in the picker's order: [{name, label, group}] (strategies.js's strategyGroup). */
    setStrategies(list) {
      strategyChoice.setOptions(list.map((s) => (s.group === 'default' ? [s.name, s.label] : [s.name, s.label, GROUPS[s.group]])));
    },

    /**
     * The picked strategy: {strategy, picked (the picker's name: the engine's strategy), network
     * ("shipped" | "yours" for a learned strategy, else null: the network picker), networkLine
     * (the network whose download line shows: a learned strategy's, or the default player's on
     * 4x4), explanation, choices: [{key,
     * label}], chosen (a key), chosenLabel, weights: [{name, min, max, default, value}] | null,
     * customWeights, fit: what "Fits the speed" chose and why, in words, strengthLine: how strong
     * the chosen strength plays, in a line, bothLadders: the ladder's figures of both families
     * (the default player's)}.
     * A chosen budget that is not among the choices (an embedder's) shows as one more.
     */
    setBrain({ strategy, picked = strategy, network: net = null, networkLine = net, explanation: text, choices: options, chosen, chosenLabel, weights, customWeights, fit, strengthLine: line, bothLadders = false }) {
      fitLine.textContent = fit ?? '';
      fitLine.hidden = !fit;
      strengthLine.textContent = line ?? '';
      strengthLine.hidden = !line;
      strategyChoice.set(picked);
      networkChoice.wrap.hidden = !net;
      if (net) networkChoice.set(net);
      bar.setBrain({ network: net, networkLine });
      // The first sentence; the rest behind "more".
      const [short, rest] = splitExplanation(text ?? '');
      shortText = short;
      explanationRest.textContent = rest;
      moreButton.hidden = !rest;
      showExplanation(false);
      const list = options.map((c) => [c.key, c.label, BUDGET_GROUPS[/^[a-z]+/.exec(c.key)[0]]]);
      if (chosen && !list.some(([k]) => k === chosen)) list.push([chosen, chosenLabel || chosen]);
      strengthChoice.setOptions(list);
      strengthChoice.set(chosen);
      strengthChoice.wrap.hidden = list.length === 0;
      // The ladder's figures, for the strategies that climb it: the default player climbs both.
      ladder.hidden = !options.some((c) => c.key === 'auto');
      heuristicRows.heading.hidden = learnedRows.rows.hidden = !bothLadders;
      advanced.hidden = !weights;
      resetButton.disabled = !customWeights;
      const fields = weights ? `${strategy}:${weights.map((f) => f.name).join(',')}` : '';
      if (fields !== weightFields) {
        weightFields = fields;
        weightsForm.textContent = '';
        weightInputs.clear();
        for (const f of weights ?? []) weightRow(f);
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

    /** The last decision's figures ({mps, depth, nps, values, dir}, or null), drawn at the next frame. */
    setAiStats(s) {
      soonStats = s;
      if (!rafId) rafId = requestAnimationFrame(flush);
    },

    destroy() {
      cancelAnimationFrame(rafId);
    },
  };
}
