// The comparison's page: the form (strategies with their strength, games,
// board size), Run and Stop, the progress bar, the two charts (chart.js) and
// the same figures as a table. It renders and reports the user's choices; the
// flow is compare.js's. Redraws are batched to one per animation frame.
import { el, add } from '../shared/dom.js';
import { tileChart, scoreChart } from '../shared/chart.js';
import { SIZES } from '../shared/choices.js';
import { COMPARE_FIRST as FIRST } from '../ai/roles.js';
const MAX_ROWS = 8;
let uid = 0;


const round = (v) => (v == null ? '–' : String(Math.round(v)));
const pct = (x) => `${Math.round(x * 100)}%`;

// The results table: a row per strategy, its games, scores, best tile, the share of games
// reaching each of the four largest tiles, and its moves and time per game.
function table({ tiles, series }) {
  const t = el('table', 'compare-table');
  t.append(el('caption', null, 'Results by strategy'));
  const head = add(add(t, el('thead')), el('tr'));
  const shown = tiles.slice(-4);
  for (const h of ['Strategy', 'Games', 'Median score', 'Mean score', 'Best tile', ...shown.map((x) => `≥ ${x}`), 'Moves/game', 'Time/game']) {
    const th = add(head, el('th', null, h));
    th.scope = 'col';
  }
  const body = add(t, el('tbody'));
  series.forEach((s, k) => {
    const tr = add(body, el('tr', `series-row series-${k % 8}`));
    const th = add(tr, el('th', null, s.label));
    th.scope = 'row';
    let best = null;
    s.reach.forEach((v, i) => {
      if (v > 0) best = tiles[i];
    });
    for (const v of [s.games, round(s.median), round(s.mean), best ?? '–',
      ...shown.map((x) => pct(s.reach[tiles.indexOf(x)] ?? 0)),
      round(s.movesPerGame), s.msPerGame == null ? '–' : `${(s.msPerGame / 1000).toFixed(2)} s`]) {
      tr.append(el('td', null, String(v)));
    }
  });
  return t;
}

// The form's strategy rows, in `list` (a fieldset): each a strategy, its strength (hidden
// when it has none) and a remove button; two rows at least, MAX_ROWS at most.
function createRows(list) {
  const rowList = add(list, el('ol', 'compare-rows'));
  const addButton = add(list, el('button', 'btn compare-add', 'Add a strategy'));
  addButton.type = 'button';
  addButton.addEventListener('click', () => addRow());
  let catalog = []; // [{name, label, choices}]
  const rows = []; // { node, strategy (select), strength (select), remove (button) }

  function fillStrength(row) {
    const s = catalog.find((c) => c.name === row.strategy.value);
    row.strength.textContent = '';
    for (const c of s?.choices ?? []) {
      const o = add(row.strength, el('option', null, c.label));
      o.value = c.key;
      if (c.default) o.selected = true;
    }
    row.strength.hidden = !s?.choices.length;
  }

  function renumber() {
    rows.forEach((r, i) => {
      r.strategy.setAttribute('aria-label', `Strategy ${i + 1}`);
      r.strength.setAttribute('aria-label', `Strategy ${i + 1}: strength`);
      r.remove.setAttribute('aria-label', `Remove strategy ${i + 1}`);
      r.remove.disabled = rows.length <= 2;
    });
    addButton.disabled = rows.length >= MAX_ROWS;
  }

  function addRow(name) {
    if (rows.length >= MAX_ROWS || !catalog.length) return;
    const node = add(rowList, el('li', 'compare-row'));
    const strategy = add(node, el('select', 'compare-strategy'));
    for (const c of catalog) {
      const o = add(strategy, el('option', null, c.label));
      o.value = c.name;
    }
    strategy.value = name ?? catalog[rows.length % catalog.length].name;
    const strength = add(node, el('select', 'compare-strength'));
    const remove = add(node, el('button', 'btn compare-remove', '×'));
    remove.type = 'button';
    const row = { node, strategy, strength, remove };
    strategy.addEventListener('change', () => fillStrength(row));
    remove.addEventListener('click', () => {
      if (rows.length <= 2) return;
      rows.splice(rows.indexOf(row), 1);
      node.remove();
      renumber();
    });
    rows.push(row);
    fillStrength(row);
    renumber();
  }

  return {
    /** The rows' choices: [{strategy, strength ('' when it has none)}]. */
    entries: () => rows.map((r) => ({ strategy: r.strategy.value, strength: r.strength.hidden ? '' : r.strength.value })),

    setStrategies(strategies) {
      catalog = strategies;
      rowList.textContent = '';
      rows.length = 0;
      const names = strategies.map((c) => c.name);
      const first = FIRST.every((n) => names.includes(n)) ? FIRST : names.slice(0, 2);
      for (const name of first) addRow(name);
      while (rows.length < 2) addRow();
    },

    pick(i, strategy, strength) {
      while (rows.length <= i) addRow();
      const row = rows[i];
      row.strategy.value = strategy;
      fillStrength(row);
      if (strength) row.strength.value = strength;
    },

    /** While a comparison runs, no row is added or removed (the selects are the form's to disable). */
    setRunning(running) {
      addButton.disabled = running || rows.length >= MAX_ROWS;
      for (const r of rows) r.remove.disabled = running || rows.length <= 2;
    },
  };
}

// The results: the legend, the two charts and the table, redrawn at most once per
// animation frame from the latest summary.
function createResults(frame) {
  const results = add(frame, el('section', 'compare-results'));
  results.setAttribute('aria-label', 'Results');
  const legend = add(results, el('ul', 'compare-legend'));
  const charts = add(results, el('div', 'compare-charts'));
  const tableWrap = add(results, el('div', 'compare-table-wrap'));
  let pending = null;
  let raf = 0;

  function drawNow() {
    raf = 0;
    if (!pending) return;
    const summary = pending;
    pending = null;
    legend.textContent = '';
    summary.series.forEach((s, k) => {
      const li = add(legend, el('li', `series-${k % 8}`));
      li.append(el('span', 'swatch'), el('span', null, s.label));
    });
    charts.replaceChildren(...[tileChart(summary), scoreChart(summary)].map((svg) => {
      const figure = el('figure', 'compare-figure');
      figure.append(el('figcaption', null, svg.querySelector('title').textContent), svg);
      return figure;
    }));
    tableWrap.replaceChildren(table(summary));
  }

  return {
    draw(summary) {
      pending = summary;
      if (!raf) raf = requestAnimationFrame(drawNow);
    },
    destroy: () => cancelAnimationFrame(raf),
  };
}

/** handlers: { start({entries, games, size}), stop() }. */
export function createCompareView(root, handlers) {
  const id = `cmp-${++uid}`;
  root.classList.add('g2048');
  const frame = add(root, el('div', 'game compare'));
  const header = add(frame, el('div', 'header'));
  header.append(el('h1', 'title compare-title', 'Compare AIs'));
  add(frame, el('p', 'help', 'Pick two or more strategies. Each plays the same seeded games (seeds 1 to N: the same tiles appear for every strategy) in Web Workers, and the charts fill in as games end.'));

  const form = add(frame, el('form', 'compare-form'));
  form.noValidate = true; // compare.js checks the numbers and says what is wrong in the status line
  const list = add(form, el('fieldset', 'compare-strategies'));
  list.append(el('legend', null, 'Strategies'));
  const rows = createRows(list);

  const numbers = add(form, el('div', 'compare-numbers'));
  const gamesLabel = add(numbers, el('label', 'compare-field', 'Games each '));
  const gamesInput = add(gamesLabel, el('input', 'compare-games'));
  gamesInput.type = 'number';
  gamesInput.min = '1';
  gamesInput.max = '1000';
  gamesInput.step = '1';
  gamesInput.value = '20';
  const sizeLabel = add(numbers, el('label', 'compare-field', 'Board '));
  const sizeSelect = add(sizeLabel, el('select', 'compare-size'));
  for (const n of SIZES) {
    const o = add(sizeSelect, el('option', null, `${n}×${n}`));
    o.value = String(n);
  }
  sizeSelect.value = '4';

  const buttons = add(form, el('div', 'compare-buttons'));
  const runButton = add(buttons, el('button', 'btn compare-run', 'Run'));
  runButton.type = 'submit';
  const stopButton = add(buttons, el('button', 'btn compare-stop', 'Stop'));
  stopButton.type = 'button';
  stopButton.disabled = true;
  stopButton.addEventListener('click', () => handlers.stop());

  const progressWrap = add(frame, el('div', 'compare-progress'));
  const progressLabel = add(progressWrap, el('label', 'compare-progress-label', 'Games played'));
  const progress = add(progressWrap, el('progress', 'compare-bar'));
  progress.id = `${id}-progress`;
  progressLabel.htmlFor = progress.id;
  progress.max = 1;
  progress.value = 0;
  const progressText = add(progressWrap, el('span', 'compare-count', ''));
  const status = add(frame, el('p', 'compare-status'));
  status.setAttribute('role', 'status');

  const results = createResults(frame);

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    handlers.start({ entries: rows.entries(), games: Number(gamesInput.value), size: Number(sizeSelect.value) });
  });

  return {
    root,
    /** [{name, label, choices: [{key, label, default}]}]: two rows to start with. */
    setStrategies: rows.setStrategies,

    /** Sets row i (0-based; rows are added as needed) to a strategy and strength key. */
    pick: rows.pick,

    setRunning(running) {
      runButton.disabled = running;
      stopButton.disabled = !running;
      frame.classList.toggle('compare-running', running);
      for (const input of form.querySelectorAll('input, select')) input.disabled = running;
      rows.setRunning(running);
    },

    setProgress(done, total) {
      progress.max = Math.max(1, total);
      progress.value = done;
      progressText.textContent = `${done} of ${total}`;
    },

    setStatus(text) {
      status.textContent = text;
    },

    /** summary: compare.js's summarize(); drawn at the next animation frame. */
    draw: results.draw,

    destroy() {
      results.destroy();
      frame.remove();
    },
  };
}
