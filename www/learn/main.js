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
import { startWorker } from '../ai/worker-lifecycle.js';
import { saveNetwork, loadNetwork } from './network-store.js';

const SHAPE = { shape: '4x4', levels: 15, alpha: 0.1, seed: 1 };
const TILES = [256, 512, 1024, 2048];
const SVG = 'http://www.w3.org/2000/svg';
const root = document.querySelector('[data-learn]') ?? document.body;
if (typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches) root.classList.add('theme-dark');

const frame = add(root, el('main', 'learn'));
add(frame, el('h1', null, 'Learn to play'));
add(frame, el('p', 'learn-intro', 'A network of four groups of four cells starts knowing nothing and learns by playing: after each game it nudges the value of every position it went through towards what actually followed (temporal-difference learning). It all runs here, in a background thread.'));
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
const figures = add(frame, el('dl', 'learn-figures'));
const figure = (name, label) => {
  const box = add(figures, el('div', `learn-figure learn-${name}`));
  box.append(el('dt', null, label));
  return add(box, el('dd', null, '–'));
};
const gamesValue = figure('games', 'Games played');
const speedValue = figure('speed', 'Games/s');
const meanValue = figure('mean', 'Mean score (last 100)');
const reachValues = Object.fromEntries(TILES.map((t) => [t, figure(`reach-${t}`, `Reached ${t} (last 100)`)]));

// Two charts over the games played: the mean score, and the share reaching each tile.
function chart(name, label) {
  const svg = add(frame, document.createElementNS(SVG, 'svg'));
  svg.setAttribute('class', `learn-curve learn-curve-${name}`);
  svg.setAttribute('viewBox', '0 0 400 160');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', label);
  return svg;
}
function polyline(svg, className) {
  const line = add(svg, document.createElementNS(SVG, 'polyline'));
  line.setAttribute('class', className);
  line.setAttribute('fill', 'none');
  return line;
}
const scoreChart = chart('score', 'Mean score per 100 games');
const line = polyline(scoreChart, 'learn-line');
const reachChart = chart('reach', 'Share of each 100 games reaching 256, 512, 1024 and 2048');
const reachLines = Object.fromEntries(TILES.map((t) => [t, polyline(reachChart, `learn-reach-line learn-reach-line-${t}`)]));
const legend = add(frame, el('p', 'learn-legend'));
for (const t of TILES) add(legend, el('span', `learn-key learn-key-${t}`, `${t}`));
const board = add(frame, el('div', 'learn-board'));
board.setAttribute('aria-label', 'The current network playing');
const cells = Array.from({ length: 16 }, () => add(board, el('span', 'learn-cell')));
const boardScore = add(frame, el('p', 'learn-board-score'));

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
    f.cells.forEach((v, i) => {
      cells[i].textContent = v ? String(v) : '';
      cells[i].dataset.value = String(v);
    });
    boardScore.textContent = `The network as it is now: score ${f.score.toLocaleString('en')}${f.over ? ', game over' : ''}`;
  }
  if (!running && playable && frames.length < 5 && ++sinceAsked * SHOW_MS >= 1000) {
    sinceAsked = 0;
    worker.postMessage({ watch: 10 });
  }
}, SHOW_MS);

const percent = (x) => `${Math.round((x ?? 0) * 100)}%`;
const count = (n) => Math.round(n).toLocaleString('en');

function draw() {
  const maxGames = Math.max(1, ...points.map((p) => p.games));
  const maxScore = Math.max(1, ...points.map((p) => p.mean));
  const x = (p) => ((p.games / maxGames) * 396 + 2).toFixed(1);
  line.setAttribute('points', points.map((p) => `${x(p)},${(158 - (p.mean / maxScore) * 150).toFixed(1)}`).join(' '));
  for (const t of TILES) reachLines[t].setAttribute('points', points.map((p) => `${x(p)},${(158 - (p.reach?.[t] ?? 0) * 150).toFixed(1)}`).join(' '));
  const last = points.at(-1);
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

const { worker } = startWorker(new URL('../learn/worker.js', import.meta.url));
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
compileAi().then((module) => worker.postMessage({ module }), (e) => {
  status.textContent = `The engine could not be loaded (${e?.message ?? e}). Please reload the page.`;
});
