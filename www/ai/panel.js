// The AI's part of the full panel: the bar (bar.js's, handed in: Start AI / Step / Hint, the status
// line, the network's download, the game's summary) with the strategy, its explanation,
// strength and speed, the evaluation weights, and the live figures (moves/s, depth,
// nodes/s, each move's value).
// Classes, text and ARIA only; every choice goes to `handlers`.
import { el, add, button, choices } from '../shared/dom.js';
import { SPEED_LABELS, SHIPPED, YOURS } from '../shared/choices.js';
import { ARROWS } from '../shared/board-view.js';

const DIRS = ['up', 'right', 'down', 'left'];

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
 * id: a prefix for element ids. handlers: { aiToggle(), aiStep(), aiHint(),
 * setting(name, value) (strategy, strength, aiSpeed), weights({field: text}, changedField),
 * resetWeights() }. bar: bar.js's bar, for controls "full" (the view loads both modules at once).
 */
export function createAiPanel(id, handlers, { bar, settingsBody = null }) {
  // The strategy: picker, its explanation (one sentence, "more" for the rest), a
  // strength control that fits it; speed and weights go to the settings dialog.
  const strategyChoice = choices(id, 'strategy', 'Strategy', [], (v) => handlers.setting('strategy', v));
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
  strategyChoice.wrap.setAttribute('aria-describedby', explanation.id);
  // A learned strategy's network: the one the page ships, or yours (trained on the learn page).
  const networkChoice = choices(id, 'network', 'Network', [[SHIPPED, 'The page’s'], [YOURS, 'Yours']], (v) => handlers.setting('network', v));
  networkChoice.wrap.hidden = true;
  const strengthChoice = choices(id, 'strength', 'Strength', [], (v) => handlers.setting('strength', v));
  const speedChoice = choices(id, 'speed', 'AI speed', Object.entries(SPEED_LABELS), (v) => handlers.setting('aiSpeed', v));
  const fitLine = el('p', 'ai-fit');
  bar.insert(strategyChoice.wrap, networkChoice.wrap, explanation, strengthChoice.wrap, fitLine);
  settingsBody?.append(speedChoice.wrap);

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
  const stats = el('dl', 'ai-stats');
  bar.insert(stats);
  const stat = (name, label) => {
    const box = add(stats, el('div', `ai-stat ai-${name}`));
    box.append(el('dt', null, label));
    return add(box, el('dd', null, '–'));
  };
  const mpsValue = stat('mps', 'Moves/s');
  const depthValue = stat('depth', 'Depth');
  const npsValue = stat('nps', 'Nodes/s');
  const valuesBox = el('div', 'ai-values');
  bar.insert(valuesBox);
  valuesBox.title = 'What the AI expects of each move';
  const values = {};
  for (const d of DIRS) {
    const v = add(valuesBox, el('span', `ai-value ai-value-${d}`));
    v.append(el('span', 'ai-arrow', ARROWS[d]), (values[d] = el('span', 'ai-number', '–')));
  }
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

    /** The strategies to pick from: [{name, label}]. */
    setStrategies(list) {
      strategyChoice.setOptions(list.map((s) => [s.name, s.label]));
    },

    /**
     * The picked strategy: {strategy, picked (the picker's name: the engine's strategy), network
     * ("shipped" | "yours" for a learned strategy, else null), explanation, choices: [{key,
     * label}], chosen (a key), chosenLabel, weights: [{name, min, max, default, value}] | null,
     * customWeights, fit: what "Fits the speed" chose, in words}.
     * A chosen budget that is not among the choices (an embedder's) shows as one more.
     */
    setBrain({ strategy, picked = strategy, network: net = null, explanation: text, choices: options, chosen, chosenLabel, weights, customWeights, fit }) {
      fitLine.textContent = fit ?? '';
      fitLine.hidden = !fit;
      strategyChoice.set(picked);
      networkChoice.wrap.hidden = !net;
      if (net) networkChoice.set(net);
      bar.setBrain({ network: net });
      // The first sentence; the rest behind "more".
      const [short, rest] = splitExplanation(text ?? '');
      shortText = short;
      explanationRest.textContent = rest;
      moreButton.hidden = !rest;
      showExplanation(false);
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
