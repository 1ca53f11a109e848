// The stats panel: games played and won, best score, largest tile, and a histogram
// of the largest tiles (SVG), for a person's games and the AI's, on one board size
// and mode; and, on a board that keeps them, your games kept to review (kept-list.js). Loaded
// on first use. Text and attributes only; Reset, Clear and a replay go to `handlers`.
import { el, add, button } from '../shared/dom.js';
import { keptList } from '../records/kept-list.js';

const SVG = 'http://www.w3.org/2000/svg';
const WHO = [['human', 'You'], ['ai', 'AI']];

function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text != null) node.textContent = text;
  return node;
}

// Bars of games per largest tile, a person's and the AI's side by side.
function histogram(records) {
  const tiles = [...new Set(WHO.flatMap(([who]) => Object.keys(records[who].tiles).map(Number)))].sort((a, b) => a - b);
  const W = 320;
  const H = 150;
  const top = 10;
  const bottom = 28;
  const left = 8;
  const chart = svg('svg', { class: 'stats-chart', viewBox: `0 0 ${W} ${H}`, role: 'img' });
  const max = Math.max(1, ...tiles.flatMap((t) => WHO.map(([who]) => records[who].tiles[t] ?? 0)));
  const parts = WHO.map(([who, label]) => `${label}: ${tiles.map((t) => `${records[who].tiles[t] ?? 0} at ${t}`).join(', ') || 'no games'}`);
  chart.setAttribute('aria-label', `Games by largest tile. ${parts.join('. ')}.`);
  if (!tiles.length) {
    chart.append(svg('text', { x: W / 2, y: H / 2, 'text-anchor': 'middle', class: 'stats-empty' }, 'No finished games yet'));
    return chart;
  }
  const slot = (W - left * 2) / tiles.length;
  const bar = Math.min(22, (slot - 6) / 2);
  chart.append(svg('line', { x1: left, x2: W - left, y1: H - bottom, y2: H - bottom, class: 'stats-axis' }));
  tiles.forEach((t, i) => {
    const x = left + i * slot + slot / 2;
    WHO.forEach(([who], j) => {
      const n = records[who].tiles[t] ?? 0;
      const h = ((H - top - bottom) * n) / max;
      const rect = svg('rect', { x: x - bar + j * bar, y: H - bottom - h, width: bar - 1, height: h, class: `stats-bar stats-bar-${who}` });
      rect.append(svg('title', {}, `${n}`));
      chart.append(rect);
    });
    chart.append(svg('text', { x, y: H - bottom + 16, 'text-anchor': 'middle' }, String(t)));
  });
  return chart;
}

export function createStatsView(id, handlers) {
  const dialog = el('dialog', 'dialog panel-dialog stats-dialog');
  const heading = add(dialog, el('h2', 'panel-title', 'Statistics'));
  heading.id = `${id}-stats-title`;
  dialog.setAttribute('aria-labelledby', heading.id);
  const body = add(dialog, el('div', 'panel-body stats'));
  const bar = add(dialog, el('div', 'dialog-buttons'));
  add(bar, button('btn stats-reset', 'Reset…', () => handlers.resetStats()));
  const clearKept = add(bar, button('btn kept-clear', 'Clear games…', () => handlers.clearKept()));
  clearKept.hidden = true;
  const close = add(bar, button('btn dialog-close', 'Close', () => dialog.close()));
  const view = {
    element: dialog,
    onClose: null,
    isOpen: () => dialog.open,
    close: () => dialog.open && dialog.close(),

    /**
     * {size, mode, modeLabel, human, ai}: the figures of one board size and mode; kept: the
     * games kept to review ({games, problem}), or null on a board that keeps none.
     */
    show(data) {
      body.textContent = '';
      add(body, el('p', 'stats-board', `${data.size} × ${data.size}, ${data.modeLabel}`));
      const table = add(body, el('table', 'stats-table'));
      const head = add(add(table, el('thead')), el('tr'));
      head.append(el('td'), ...WHO.map(([, label]) => el('th', null, label)));
      for (const th of head.querySelectorAll('th')) th.scope = 'col';
      const rows = add(table, el('tbody'));
      for (const [name, label] of [['played', 'Games'], ['won', 'Won'], ['best', 'Best score'], ['largest', 'Largest tile']]) {
        const row = add(rows, el('tr', `stats-${name}`));
        const th = add(row, el('th', null, label));
        th.scope = 'row';
        for (const [who] of WHO) row.append(el('td', `stats-${who}`, String(data[who][name] || (name === 'played' || name === 'won' ? 0 : '–'))));
      }
      const figure = add(body, el('figure', 'stats-figure'));
      add(figure, el('figcaption', null, 'Games by largest tile'));
      figure.append(histogram(data));
      const legend = add(figure, el('p', 'stats-legend'));
      for (const [who, label] of WHO) {
        add(legend, el('span', `stats-key stats-key-${who}`, label));
      }
      clearKept.hidden = !data.kept;
      if (data.kept) {
        const games = add(body, el('section', 'stats-kept'));
        add(games, el('h3', 'stats-kept-title', 'Your games'));
        games.append(keptList(data.kept, { replay: (record) => { dialog.close(); handlers.replay(record); } }));
      }
      if (!dialog.open) {
        try {
          dialog.showModal();
        } catch {
          dialog.setAttribute('open', '');
        }
        close.focus();
      }
    },
  };
  dialog.addEventListener('close', () => view.onClose?.());
  return view;
}
