// The AI panel's live figures: moves a second, depth, nodes a second and what the AI expects of
// each move, drawn at the next animation frame (the latest only: the AI at Max decides far
// more often than the page draws). Classes and text only.
import { el, add } from '../shared/dom.js';
import { ARROWS } from '../shared/board-view.js';
import { DIRS } from './split.js';

// 1234567 -> "1.2M"; big values in exponent form so a column stays narrow.
const compact = (n) => (n == null ? '–' : n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : n >= 1e4 ? `${Math.round(n / 1e3)}k` : String(Math.round(n * 10) / 10));
const figure = (v) => (v == null ? '–' : Math.abs(v) < 1e7 ? String(Math.round(v)) : v.toExponential(2));

/** Returns {stats, valuesBox (the elements to place), set(figures), flush(), destroy()}. */
export function createLiveFigures() {
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
  let rafId = 0;
  let soon;

  function draw(s) {
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
    if (soon !== undefined) draw(soon);
    soon = undefined;
  }

  return {
    stats,
    valuesBox,
    flush,
    /** The last decision's figures ({mps, depth, nps, values, dir}, or null), drawn at the next frame. */
    set(s) {
      soon = s;
      if (!rafId) rafId = requestAnimationFrame(flush);
    },
    destroy: () => cancelAnimationFrame(rafId),
  };
}
