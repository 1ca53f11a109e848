// Two small SVG charts for comparisons, no library: grouped bars (the share of
// games reaching each tile) and step lines (the distribution of scores as a
// cumulative share). Each SVG has a <title> and a <desc> that says in words
// what it shows; colours come from style.css through the classes series-0..7.
const NS = 'http://www.w3.org/2000/svg';
const W = 480;
const H = 240;
const M = { top: 12, right: 12, bottom: 36, left: 44 };
let uid = 0;

function svgEl(tag, attrs = {}, text) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text != null) node.textContent = text;
  return node;
}

const pct = (x) => `${Math.round(x * 100)}%`;
const short = (n) => (n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : n >= 1e4 ? `${Math.round(n / 1e3)}k` : String(Math.round(n)));

// An <svg> with its accessible name and description, and the plot frame.
function frame(className, title, desc) {
  const id = `chart-${++uid}`;
  const svg = svgEl('svg', { class: `chart ${className}`, viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-labelledby': `${id}-t`, 'aria-describedby': `${id}-d` });
  svg.append(svgEl('title', { id: `${id}-t` }, title), svgEl('desc', { id: `${id}-d` }, desc));
  return svg;
}

function yAxis(svg, ticks, y, format) {
  const g = svgEl('g', { class: 'axis axis-y', 'aria-hidden': 'true' });
  for (const t of ticks) {
    g.append(svgEl('line', { class: 'grid-line', x1: M.left, x2: W - M.right, y1: y(t), y2: y(t) }));
    g.append(svgEl('text', { x: M.left - 6, y: y(t) + 4, 'text-anchor': 'end' }, format(t)));
  }
  svg.append(g);
}

/**
 * summary: compare.js's summarize(): {tiles, series: [{label, reach}]}.
 * Bars: one group per tile, one bar per strategy, height = share of games whose
 * largest tile is at least that tile.
 */
export function tileChart({ tiles, series }) {
  const desc = series.map((s) => `${s.label}: ${tiles.map((t, i) => `${t} in ${pct(s.reach[i])}`).join(', ') || 'no games yet'}.`).join(' ');
  const svg = frame('chart-tiles', 'Share of games reaching each tile', desc);
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const y = (v) => M.top + plotH * (1 - v);
  yAxis(svg, [0, 0.25, 0.5, 0.75, 1], y, pct);
  const group = tiles.length ? plotW / tiles.length : plotW;
  const bar = Math.max(1, (group * 0.8) / Math.max(1, series.length));
  const xAxis = svgEl('g', { class: 'axis axis-x', 'aria-hidden': 'true' });
  tiles.forEach((t, i) => {
    xAxis.append(svgEl('text', { x: M.left + group * (i + 0.5), y: H - M.bottom + 16, 'text-anchor': 'middle' }, short(t)));
  });
  xAxis.append(svgEl('text', { class: 'axis-title', x: M.left + plotW / 2, y: H - 4, 'text-anchor': 'middle' }, 'largest tile at least'));
  svg.append(xAxis);
  series.forEach((s, k) => {
    const g = svgEl('g', { class: `series series-${k % 8}` });
    g.append(svgEl('title', {}, s.label));
    tiles.forEach((t, i) => {
      const v = s.reach[i];
      const x = M.left + group * i + group * 0.1 + bar * k;
      g.append(svgEl('rect', { class: 'bar', x: x.toFixed(1), y: y(v).toFixed(1), width: bar.toFixed(1), height: (plotH * v).toFixed(1) }));
    });
    svg.append(g);
  });
  return svg;
}

/**
 * summary: {series: [{label, scores (sorted)}]}. One step line per strategy: the
 * share of its games that scored at most x.
 */
export function scoreChart({ series }) {
  const top = Math.max(1, ...series.map((s) => s.scores.at(-1) ?? 0));
  const desc = series.map((s) => (s.games
    ? `${s.label}: median score ${short(s.median)}, middle half ${short(s.q1)} to ${short(s.q3)}, range ${short(s.min)} to ${short(s.max)}.`
    : `${s.label}: no games yet.`)).join(' ');
  const svg = frame('chart-scores', 'Scores: share of games scoring at most x', desc);
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const x = (v) => M.left + (plotW * v) / top;
  const y = (v) => M.top + plotH * (1 - v);
  yAxis(svg, [0, 0.25, 0.5, 0.75, 1], y, pct);
  const xAxis = svgEl('g', { class: 'axis axis-x', 'aria-hidden': 'true' });
  for (let i = 0; i <= 4 && top > 1; i++) {
    xAxis.append(svgEl('text', { x: x((top * i) / 4), y: H - M.bottom + 16, 'text-anchor': i === 0 ? 'start' : i === 4 ? 'end' : 'middle' }, short((top * i) / 4)));
  }
  xAxis.append(svgEl('text', { class: 'axis-title', x: M.left + plotW / 2, y: H - 4, 'text-anchor': 'middle' }, 'score'));
  svg.append(xAxis);
  series.forEach((s, k) => {
    const n = s.scores.length;
    if (!n) return;
    let d = `M${x(0).toFixed(1)},${y(0).toFixed(1)}`;
    s.scores.forEach((v, i) => {
      d += `H${x(v).toFixed(1)}V${y((i + 1) / n).toFixed(1)}`;
    });
    d += `H${x(top).toFixed(1)}`;
    const g = svgEl('g', { class: `series series-${k % 8}` });
    g.append(svgEl('title', {}, s.label), svgEl('path', { class: 'line', d, fill: 'none' }));
    svg.append(g);
  });
  return svg;
}

/**
 * A game's review: points [{n (move), value (at the position move n was played from: the
 * quantity charted), rating}], length (moves), what: the quantity's name ("The AI's evaluation",
 * "The expected final score"). One line from the lowest value of the game to the highest, with
 * a dot on every mistake and blunder (classes rating-NAME).
 */
export function evaluationChart({ points, length, what = 'The AI\'s evaluation' }) {
  const shown = points.filter((p) => p.value != null);
  const bad = shown.filter((p) => p.rating === 'mistake' || p.rating === 'blunder');
  let lo = Math.min(...shown.map((p) => p.value));
  let hi = Math.max(...shown.map((p) => p.value));
  if (!shown.length) [lo, hi] = [0, 1];
  if (hi - lo < 1e-9) [lo, hi] = [lo - 1, hi + 1];
  const lowest = shown.find((p) => p.value === lo);
  const fmt = (v) => (Math.abs(v) >= 1e6 ? `${(v / 1e6).toFixed(3)}M` : Math.abs(v) >= 1e4 ? `${(v / 1e3).toFixed(1)}k` : String(Math.round(v)));
  const desc = `${what} over ${length} moves, from ${fmt(shown[0]?.value ?? 0)} at the start to ${fmt(shown.at(-1)?.value ?? 0)}; lowest at move ${lowest?.n ?? 0}; ${bad.length} mistakes and blunders marked.`;
  const svg = frame('chart-evaluation', `${what} over the game`, desc);
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const x = (n) => M.left + (plotW * n) / Math.max(1, length);
  const y = (v) => M.top + plotH * (1 - (v - lo) / (hi - lo));
  yAxis(svg, [lo, (lo + hi) / 2, hi], y, fmt);
  const xAxis = svgEl('g', { class: 'axis axis-x', 'aria-hidden': 'true' });
  for (let i = 0; i <= 4 && length > 0; i++) {
    const n = Math.round((length * i) / 4);
    xAxis.append(svgEl('text', { x: x(n), y: H - M.bottom + 16, 'text-anchor': i === 0 ? 'start' : i === 4 ? 'end' : 'middle' }, short(n)));
  }
  xAxis.append(svgEl('text', { class: 'axis-title', x: M.left + plotW / 2, y: H - 4, 'text-anchor': 'middle' }, 'move'));
  svg.append(xAxis);
  const line = shown.map((p, i) => `${i ? 'L' : 'M'}${x(p.n).toFixed(1)},${y(p.value).toFixed(1)}`).join('');
  const g = svgEl('g', { class: 'series series-0' });
  if (line) g.append(svgEl('path', { class: 'line', d: line, fill: 'none' }));
  svg.append(g);
  for (const p of bad) {
    const dot = svgEl('circle', { class: `dot rating-${p.rating}`, cx: x(p.n).toFixed(1), cy: y(p.value).toFixed(1), r: 4 });
    dot.append(svgEl('title', {}, `move ${p.n}: ${p.rating}`));
    svg.append(dot);
  }
  return svg;
}

/**
 * Lines over a count (the learn page's curves): series [{label, className, points: [[x, y]]}],
 * y from 0 to yMax with ticks yTicks written by fy, x from 0 to the largest x; both axes
 * titled (xTitle, yTitle: the quantity and its unit). title and desc: the chart's name and
 * what it shows, in words.
 */
export function lineChart({ className, title, desc, series, yMax, yTicks, fy, xTitle, yTitle }) {
  const svg = frame(`chart-lines ${className}`, title, desc);
  const top = Math.max(1, ...series.flatMap((s) => s.points.map((p) => p[0])));
  const left = M.left + 14; // room for the y axis's title
  const plotW = W - left - M.right;
  const plotH = H - M.top - M.bottom;
  const x = (v) => left + (plotW * v) / top;
  const y = (v) => M.top + plotH * (1 - v / yMax);
  const yGrid = svgEl('g', { class: 'axis axis-y', 'aria-hidden': 'true' });
  for (const t of yTicks) {
    yGrid.append(svgEl('line', { class: 'grid-line', x1: left, x2: W - M.right, y1: y(t), y2: y(t) }));
    yGrid.append(svgEl('text', { x: left - 6, y: y(t) + 4, 'text-anchor': 'end' }, fy(t)));
  }
  yGrid.append(svgEl('text', { class: 'axis-title', transform: `translate(12 ${M.top + plotH / 2}) rotate(-90)`, 'text-anchor': 'middle' }, yTitle));
  svg.append(yGrid);
  const xAxis = svgEl('g', { class: 'axis axis-x', 'aria-hidden': 'true' });
  for (let i = 0; i <= 4 && top > 1; i++) {
    xAxis.append(svgEl('text', { x: x((top * i) / 4), y: H - M.bottom + 16, 'text-anchor': i === 0 ? 'start' : i === 4 ? 'end' : 'middle' }, short((top * i) / 4)));
  }
  xAxis.append(svgEl('text', { class: 'axis-title', x: left + plotW / 2, y: H - 4, 'text-anchor': 'middle' }, xTitle));
  svg.append(xAxis);
  for (const s of series) {
    const d = s.points.map(([a, b], i) => `${i ? 'L' : 'M'}${x(a).toFixed(1)},${y(b).toFixed(1)}`).join('');
    const g = svgEl('g', { class: `series ${s.className}` });
    g.append(svgEl('title', {}, s.label));
    if (d) g.append(svgEl('path', { class: 'line', d, fill: 'none' }));
    svg.append(g);
  }
  return svg;
}
