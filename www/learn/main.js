// The learn page's entry (learn.html): a Web Worker (worker.js) trains a small
// n-tuple network from nothing (four 4-tuples) with the engine's own learner; this
// module draws what it reports: games played and per second, the learning curve (per
// block of 100 games: the mean score, and the share of games reaching 256 to 2048), a
// board where the current network plays (10 moves a second, paused too), and Start / Pause, Save in this browser
// (network-store.js: IndexedDB; the game page plays with it as "your network"), Download
// (the weights file), Go on from a file, Start from nothing. At load, a network saved
// here comes back, to go on learning or to watch.
import { el, add, button } from '../shared/dom.js';
import { compileAi } from '../shared/wasm.js';
import { applySavedTheme } from '../shared/page-theme.js';
import { createBoardView } from '../shared/board-view.js';
import { lineChart } from '../shared/chart.js';
import { saveNetwork, loadNetwork } from './network-store.js';

const SHAPE = { shape: '4x4', levels: 15, alpha: 0.1, seed: 1 };
const TILES = [256, 512, 1024, 2048];
const root = document.querySelector('[data-learn]') ?? document.body;
// The site's look: the game's classes and the theme it saved (as the replay and editor pages).
applySavedTheme(root);

const frame = add(root, el('main', 'game learn'));
add(add(frame, el('div', 'header')), el('h1', 'title page-title', 'Learn to play'));
add(frame, el('p', 'help learn-intro', 'A network of four groups of four cells starts knowing nothing and learns by playing: after each game it nudges the value of every position it went through towards what actually followed (temporal-difference learning). It all runs here, in a background thread.'));
const bar = add(frame, el('div', 'learn-bar'));
const toggle = add(bar, button('btn learn-toggle', 'Start', () => run(!running)));
const save = add(bar, button('btn learn-save', 'Save in this browser', () => store()));
const download = add(bar, button('btn learn-download', 'Download the network', () => worker.postMessage({ save: 'f32', for: 'download' })));
save.disabled = download.disabled = true;
const uploadLabel = add(bar, el('label', 'btn learn-upload-label', 'Go on from a file'));
const upload = add(uploadLabel, el('input', 'learn-upload'));
upload.type = 'file';
upload.accept = '.bin,application/octet-stream';
const afresh = add(bar, button('btn learn-afresh', 'Start from nothing', () => fromNothing('Starting from nothing: press Start.')));
afresh.disabled = true;
const status = add(frame, el('p', 'learn-status'));
status.setAttribute('role', 'status');
// What the browser's storage did: saved, found, or why it cannot keep the network.
const storeLine = add(frame, el('p', 'learn-store'));
storeLine.setAttribute('role', 'status');
const layout = add(frame, el('div', 'learn-layout'));
const main = add(layout, el('div', 'learn-main'));
// The figures, as the game's AI panel shows its own: the games, then the last 100 games'.
const figures = (className) => add(main, el('dl', `ai-stats learn-figures ${className}`));
const figure = (list, name, label) => {
  const box = add(list, el('div', `ai-stat learn-figure learn-${name}`));
  box.append(el('dt', null, label));
  return add(box, el('dd', null, '–'));
};
const counts = figures('learn-counts');
const gamesValue = figure(counts, 'games', 'Games played');
const speedValue = figure(counts, 'speed', 'Games/s');
const meanValue = figure(counts, 'mean', 'Mean score');
const reached = figures('learn-reached');
const reachValues = Object.fromEntries(TILES.map((t) => [t, figure(reached, `reach-${t}`, `Reached ${t}`)]));
add(main, el('p', 'learn-note', 'The mean score and the tiles reached are those of the last 100 games.'));
// Two charts over the games played: the mean score, and the share reaching each tile.
const charts = add(frame, el('div', 'learn-charts'));
const scoreBox = add(charts, el('figure', 'compare-figure learn-curve learn-curve-score'));
const reachBox = add(charts, el('figure', 'compare-figure learn-curve learn-curve-reach'));
const scoreCaption = el('figcaption', null, 'Mean score, per 100 games');
const reachCaption = el('figcaption', null, 'Games reaching each tile, per 100 games');
const legend = el('ul', 'compare-legend learn-legend');
for (const [k, t] of TILES.entries()) add(add(legend, el('li', `series-${k}`)), el('span', 'swatch')).after(`reached ${t}`);
// The board where the network as it is now plays: the game's own board view.
const watch = add(layout, el('section', 'learn-watch'));
watch.setAttribute('aria-label', 'The network playing');
const boardView = createBoardView(watch, { keepGoing() {}, newGame() {}, undo() {} }, { ownsPage: false });
watch.append(boardView.wrap);
const boardScore = add(watch, el('p', 'learn-board-score', 'The network as it is now plays here.'));
boardView.render({ size: 4, tiles: [], cells: new Array(16).fill(0), score: 0, best: 0 });

let points = []; // {games, mean, reach: {256: share, ...}} per block
let running = false;
let ready = false;
let uploaded = ''; // the name of the file sent to the worker
let games = 0;
let storeOk = true; // false once the storage said it cannot keep the network
let playable = false; // a network to watch: learned from, read back or uploaded
// The show game, drawn at a watchable pace: frames the worker played, one a tick; paused,
// the page asks the worker for more.
const SHOW_MS = 100;
const MAX_FRAMES = 100;
const frames = [];
let sinceAsked = 0;
setInterval(() => {
  const f = frames.shift();
  if (f) {
    // Tiles named by their cell: the view redraws the board without sliding them.
    const tiles = f.cells.flatMap((value, i) => (value ? [{ id: i, value, row: i >> 2, col: i & 3 }] : []));
    boardView.render({ size: 4, tiles, cells: f.cells, score: f.score, best: 0 });
    boardScore.textContent = `The network as it is now: score ${f.score.toLocaleString('en')}${f.over ? ', game over' : ''}`;
  }
  if (!running && playable && frames.length < 5 && ++sinceAsked * SHOW_MS >= 1000) {
    sinceAsked = 0;
    worker.postMessage({ watch: 10 });
  }
}, SHOW_MS);

const percent = (x) => `${Math.round((x ?? 0) * 100)}%`;
const count = (n) => Math.round(n).toLocaleString('en');

// A round top for the score axis: 1, 2 or 5 times a power of ten.
const roundUp = (v) => {
  const p = 10 ** Math.floor(Math.log10(Math.max(1, v)));
  return [1, 2, 5, 10].map((m) => m * p).find((m) => m >= v);
};

function draw() {
  const last = points.at(-1);
  const top = roundUp(Math.max(1000, ...points.map((p) => p.mean)));
  const upTo = last ? ` over ${count(last.games)} games` : '';
  scoreBox.replaceChildren(scoreCaption, lineChart({
    className: 'learn-score-chart',
    title: 'Mean score of each 100 games',
    desc: last ? `From ${count(points[0].mean)} to ${count(last.mean)}${upTo}.` : 'No games yet.',
    series: [{ label: 'mean score', className: 'series-1', points: points.map((p) => [p.games, p.mean]) }],
    yMax: top, yTicks: [0, top / 2, top], fy: count,
    xTitle: 'games played', yTitle: 'mean score (points)',
  }));
  reachBox.replaceChildren(reachCaption, lineChart({
    className: 'learn-reach-chart',
    title: 'Share of each 100 games reaching 256, 512, 1024 and 2048',
    desc: last ? `In the last 100 games${upTo}: ${TILES.map((t) => `${t} in ${percent(last.reach?.[t])}`).join(', ')}.` : 'No games yet.',
    series: TILES.map((t, k) => ({ label: `reached ${t}`, className: `series-${k} learn-reach-${t}-line`, points: points.map((p) => [p.games, p.reach?.[t] ?? 0]) })),
    yMax: 1, yTicks: [0, 0.5, 1], fy: percent,
    xTitle: 'games played', yTitle: 'games reaching the tile (%)',
  }), legend);
  meanValue.textContent = last ? count(last.mean) : '–';
  for (const t of TILES) reachValues[t].textContent = last ? percent(last.reach?.[t]) : '–';
}

function setGames(n) {
  games = n;
  playable = true;
  gamesValue.textContent = count(n);
  save.disabled = download.disabled = false;
}

// The network goes to the browser's storage (the worker writes its file first).
function store() {
  save.disabled = true;
  worker.postMessage({ save: 'f32', for: 'store' });
}

async function stored(bytes, n) {
  try {
    await saveNetwork(bytes, { games: n, curve: points, shape: SHAPE.shape });
    storeOk = true;
    storeLine.textContent = `Saved in this browser at ${new Date().toLocaleTimeString('en-GB')} (${count(n)} games): the game page plays with it as “your network”.`;
  } catch (e) {
    storeOk = false;
    storeLine.textContent = `Your network could not be saved in this browser: ${e.message}. Nothing is lost: Download the network keeps it as a file, and Go on from a file reads it back.`;
  } finally {
    save.disabled = false;
  }
}

// The learn page's own worker (same origin: the page and its modules are one site's).
const worker = new Worker(new URL('../learn/worker.js', import.meta.url), { type: 'module' });
// The network saved in this browser, read while the engine loads: {bytes, games, curve} | null.
const saved = loadNetwork().catch((e) => {
  storeOk = false;
  storeLine.textContent = `Your network cannot be kept in this browser: ${e.message}. Nothing is lost: Download the network keeps it as a file, and Go on from a file reads it back.`;
  return null;
});

function fromNothing(text) {
  run(false);
  worker.postMessage({ start: SHAPE });
  points = [];
  draw();
  games = 0;
  playable = false;
  frames.length = 0;
  gamesValue.textContent = speedValue.textContent = '–';
  save.disabled = download.disabled = true;
  toggle.textContent = 'Start';
  status.textContent = text;
}

worker.onmessage = async ({ data }) => {
  if (data.ready) {
    ready = true;
    const record = await saved;
    if (record) {
      points = Array.isArray(record.curve) ? record.curve : [];
      worker.postMessage({ resume: { bytes: record.bytes, alpha: SHAPE.alpha, seed: SHAPE.seed, games: record.games ?? 0, from: 'store' } });
    } else {
      worker.postMessage({ start: SHAPE });
      status.textContent = 'Ready: press Start.';
    }
    toggle.disabled = afresh.disabled = false;
  } else if (data.block) {
    const b = data.block;
    points.push({ games: b.games, mean: b.mean, reach: Object.fromEntries(TILES.map((t) => [t, b.reach[t]])) });
    setGames(b.games);
    speedValue.textContent = b.gamesPerSecond == null ? '–' : count(b.gamesPerSecond);
    draw();
  } else if (data.show) {
    frames.push(...data.show.frames);
    frames.splice(0, Math.max(0, frames.length - MAX_FRAMES)); // behind: skip ahead
  } else if (data.file) {
    if (data.for === 'store') return stored(data.file, data.games);
    const url = URL.createObjectURL(new Blob([data.file], { type: 'application/octet-stream' }));
    const a = el('a');
    a.href = url;
    a.download = `2048-4x4-${data.games}-games.bin`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  } else if (data.resumed === 'store') {
    const record = await saved;
    draw();
    setGames(record.games ?? 0);
    toggle.textContent = 'Resume';
    status.textContent = `Your network saved in this browser is back (${count(record.games ?? 0)} games): press Resume to go on learning; the board shows it playing.`;
  } else if (data.resumed) {
    points = [];
    draw();
    setGames(0);
    toggle.textContent = 'Resume';
    status.textContent = `Read ${uploaded}: press Resume to go on learning from it.`;
  } else if (data.error && data.from === 'store') {
    // The saved network is damaged: say why and learn from nothing (a save replaces it).
    fromNothing(`Your network saved in this browser could not be read: ${data.error}. Start learns a new one from nothing; saving it replaces the damaged one.`);
  } else if (data.error) {
    status.textContent = `That did not work: ${data.error}. The network you had is unchanged.`;
    save.disabled = !games;
  }
};
worker.onerror = (e) => {
  e.preventDefault?.();
  status.textContent = 'The learning thread stopped. Please reload the page.';
  toggle.disabled = true;
};

function run(on) {
  if (!ready) return;
  const was = running;
  running = on;
  toggle.textContent = on ? 'Pause' : 'Resume';
  status.textContent = on ? 'Learning…' : 'Paused.';
  worker.postMessage({ run: on });
  // Paused: the network is kept in this browser too (unless the storage said it cannot).
  if (was && !on && storeOk) store();
}

upload.addEventListener('change', async () => {
  const file = upload.files?.[0];
  upload.value = '';
  if (!file || !ready) return;
  run(false);
  uploaded = file.name;
  worker.postMessage({ resume: { bytes: new Uint8Array(await file.arrayBuffer()), alpha: SHAPE.alpha, seed: SHAPE.seed, games: 0, from: 'file' } });
});

toggle.disabled = true;
status.textContent = 'Loading the engine…';
draw(); // the curves' empty frames, with their axes
compileAi().then((module) => worker.postMessage({ module }), (e) => {
  status.textContent = `The engine could not be loaded (${e?.message ?? e}). Please reload the page.`;
});
