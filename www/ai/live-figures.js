// The AI panel's live figures: moves a second, depth, nodes a second, and the AI's move with
// what each other move loses against it (move-loss.js, loaded with the first values to show: in
// points for the learned players, else a share; never a raw evaluation) and a line saying which,
// drawn at the next animation frame (the latest only: the AI at Max decides far more often than
// the page draws). Classes and text only.
import { el, add } from '../shared/dom.js';
import { ARROWS } from '../shared/board-view.js';
import { DIRS } from './split.js';

// 1234567 -> "1.2M"; big values in exponent form so a column stays narrow.
const compact = (n) => (n == null ? '–' : n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : n >= 1e4 ? `${Math.round(n / 1e3)}k` : String(Math.round(n * 10) / 10));

/** Returns {stats, valuesBox, valuesAbout (the elements to place), set(figures), flush(), destroy()}. */
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
  valuesBox.title = 'The AI\'s move, and what each other move loses against it';
  const values = {};
  for (const d of DIRS) {
    const v = add(valuesBox, el('span', `ai-value ai-value-${d}`));
    v.append(el('span', 'ai-arrow', ARROWS[d]), (values[d] = el('span', 'ai-number', '–')));
  }
  const valuesAbout = el('p', 'ai-values-about');
  valuesAbout.hidden = true;
  let rafId = 0;
  let soon;
  let latest = null; // the last figures set
  let loss = null; // move-loss.js, once loaded
  let loading = null;

  // The first figures with values load move-loss.js (the AI has run by then), then draw again;
  // until it is in, the other moves show "–". A failed load is tried with the next values.
  function wantLoss() {
    loading ??= import('./move-loss.js').then((m) => {
      loss = m;
      if (latest?.values) live.set(latest);
    }, () => { loading = null; });
  }

  function draw(s) {
    mpsValue.textContent = s?.mps == null ? '–' : s.mps.toFixed(1);
    depthValue.textContent = s?.depth ?? '–';
    npsValue.textContent = compact(s?.nps);
    const unit = loss?.lossUnit(s?.played);
    const lost = (loss && s?.values && loss.movesLost(s.values).lost) || {};
    for (const d of DIRS) {
      const best = s?.dir === d;
      values[d].textContent = best ? 'best' : lost[d] == null ? '–' : loss.lossText(lost[d], unit, s.values[s.dir]);
      values[d].parentNode.classList.toggle('ai-best', best);
    }
    valuesAbout.textContent = loss && s?.values ? loss.lossMeaning(unit) : '';
    valuesAbout.hidden = !valuesAbout.textContent;
  }

  function flush() {
    cancelAnimationFrame(rafId);
    rafId = 0;
    if (soon !== undefined) draw(soon);
    soon = undefined;
  }

  const live = {
    stats,
    valuesBox,
    valuesAbout,
    flush,
    /** The last decision's figures ({mps, depth, nps, values, dir, played (the strategy that decided)}, or null), drawn at the next frame. */
    set(s) {
      soon = latest = s;
      if (s?.values && !loss) wantLoss();
      if (!rafId) rafId = requestAnimationFrame(flush);
    },
    destroy() {
      latest = null;
      cancelAnimationFrame(rafId);
    },
  };
  return live;
}
