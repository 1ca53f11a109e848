// The AI's part of the full panel: the bar (bar.js's, handed in: Start AI / Step / Hint, the status
// line, the network's download, the game's summary) with the speed in its row; the live figures
// (moves/s, depth, nodes/s, the AI's move and each other move's loss against it); then, folded on a narrow screen, the player (a
// grouped picker, one sentence on what it does), its network, its strength (a picker, one line
// on how strong, the ladder's figures behind a click). The evaluation weights go to the settings.
// Classes, text and ARIA only; every choice goes to `handlers`.
import { el, add, button, choices } from '../shared/dom.js';
import { SPEEDS, SHIPPED, YOURS } from '../shared/choices.js';
import { createLiveFigures } from './live-figures.js';
import { createLadderTable } from './ladder-table.js';
import { createWeightsForm } from './weights-form.js';
import { strengthWords } from './strength-words.js';
import { createOddsLine } from './odds-view.js';

// The picker's groups (strategies.js's strategyGroup); the default stands first, alone.
const GROUPS = { search: 'Searching players', learned: 'Learned players', simple: 'Simple players' };
// The strength picker's groups, by the budget's kind (strategies.js's budget keys).
const BUDGET_GROUPS = { nodes: 'Positions a move', ms: 'Time a move (depends on this machine)' };
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
 * setting(name, value) (strategy, network, strength, speed, aiPanelOpen),
 * weights({field: text}, changedField), resetWeights() }. bar: bar.js's bar, for controls
 * "full" (the view loads both modules at once); settingsBody: the settings dialog's body.
 */
export function createAiPanel(id, handlers, { bar, settingsBody = null }) {
  const speedChoice = choices(id, 'speed', 'Speed', Object.entries(SPEEDS).map(([key, s]) => [key, s.label]), (v) => handlers.setting('speed', v));
  // Its words say what they are: its name is for screen readers only.
  speedChoice.wrap.querySelector('.setting-label').classList.add('sr-only');
  bar.row(speedChoice.wrap);

  // The live figures, right under the buttons: they stay in view while the AI plays.
  const live = createLiveFigures();
  // The player and its strength: folded on a narrow screen (a tap unfolds them, remembered).
  const choicesBox = el('div', 'ai-choices');
  choicesBox.id = `${id}-ai-choices`;
  const foldButton = button('ai-fold-button', 'Player and strength', () => handlers.setting('aiPanelOpen', foldButton.getAttribute('aria-expanded') !== 'true'));
  foldButton.setAttribute('aria-controls', choicesBox.id);
  foldButton.setAttribute('aria-expanded', 'false');
  // The AI's odds from the board's stage, under the figures.
  const odds = createOddsLine('ai-odds');
  bar.insert(live.stats, live.valuesBox, live.valuesAbout, odds.element, foldButton, choicesBox);

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
  const ladder = createLadderTable();
  choicesBox.append(strategyChoice.wrap, networkChoice.wrap, explanation, strengthChoice.wrap, strengthLine, ladder.element);
  const weightsForm = createWeightsForm(id, handlers, settingsBody);

  return {
    ...bar,
    flush: live.flush,

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
     * customWeights, strength: what strength-words.js's strengthWords puts in words (what "Fits
     * the speed" chose and why; how strong the chosen strength plays, in a line), bothLadders:
     * the ladder's figures of both families (the default player's)}.
     * A chosen budget that is not among the choices (an embedder's) shows as one more.
     */
    setBrain({ strategy, picked = strategy, network: net = null, networkLine = net, explanation: text, choices: options, chosen, chosenLabel, weights, customWeights, strength, bothLadders = false }) {
      const { fit, line } = strengthWords(strength);
      strengthLine.textContent = line ?? '';
      strengthLine.hidden = !line;
      strategyChoice.set(picked);
      networkChoice.wrap.hidden = !net;
      if (net) networkChoice.set(net);
      bar.setBrain({ network: net, networkLine });
      // The first sentence; the rest behind "more", left open while the words stay the same.
      const [short, rest] = splitExplanation(text ?? '');
      const keepOpen = !explanationRest.hidden && short === shortText && rest === explanationRest.textContent;
      shortText = short;
      explanationRest.textContent = rest;
      moreButton.hidden = !rest;
      showExplanation(keepOpen);
      const list = options.map((c) => [c.key, c.label, BUDGET_GROUPS[/^[a-z]+/.exec(c.key)[0]]]);
      if (chosen && !list.some(([k]) => k === chosen)) list.push([chosen, chosenLabel || chosen]);
      strengthChoice.setOptions(list);
      strengthChoice.set(chosen);
      strengthChoice.wrap.hidden = list.length === 0;
      // The ladder's figures, for the strategies that climb it: the default player climbs both.
      ladder.set({ fit, shown: options.some((c) => c.key === 'auto'), both: bothLadders });
      weightsForm.set(strategy, weights, customWeights);
    },

    /** Errors of the weights typed: {field: text}; the key '' is an error of the whole set. {} clears. */
    setWeightErrors: (errors) => weightsForm.setErrors(errors),

    /** The last decision's figures ({mps, depth, nps, values, dir, played}, or null), drawn at the next frame. */
    setAiStats: (s) => live.set(s),

    /** The board shown ({cells, size, end}): the AI's odds from its stage while the game goes on, or no line. */
    setBoard: (state) => odds.set(state),
    /** The first board is drawn: what the panel shows later may load now. */
    drawn: () => odds.load(),

    destroy: () => live.destroy(),
  };
}
