// The learn page's entry (learn.html): a Web Worker (learn-worker.js) trains a small
// n-tuple network from nothing (four 4-tuples) with the engine's own learner; this
// module draws what it reports: games played and per second, the learning curve (the
// mean score of each block of games), a board where the current network plays, and
// Start / Pause, Download (the weights file) and Upload (go on from a file).
import { el, add, button } from './dom.js';
import { compileAi } from './wasm.js';
import { startWorker } from './ai.js';

const SHAPE = { shape: '4x4', levels: 15, alpha: 0.1, seed: 1 };
const SVG = 'http://www.w3.org/2000/svg';
const root = document.querySelector('[data-learn]') ?? document.body;
if (typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches) root.classList.add('theme-dark');

const frame = add(root, el('main', 'learn'));
add(frame, el('h1', null, 'Learn to play'));
add(frame, el('p', 'learn-intro', 'A network of four groups of four cells starts knowing nothing and learns by playing: after each game it nudges the value of every position it went through towards what actually followed (temporal-difference learning). It all runs here, in a background thread.'));
const bar = add(frame, el('div', 'learn-bar'));
const toggle = add(bar, button('btn learn-toggle', 'Start', () => run(!running)));
const download = add(bar, button('btn learn-download', 'Download the network', () => worker.postMessage({ save: 'f32' })));
download.disabled = true;
const uploadLabel = add(bar, el('label', 'btn learn-upload-label', 'Go on from a file'));
const upload = add(uploadLabel, el('input', 'learn-upload'));
upload.type = 'file';
upload.accept = '.bin,application/octet-stream';
const status = add(frame, el('p', 'learn-status'));
status.setAttribute('role', 'status');
const figures = add(frame, el('dl', 'learn-figures'));
const figure = (name, label) => {
  const box = add(figures, el('div', `learn-figure learn-${name}`));
  box.append(el('dt', null, label));
  return add(box, el('dd', null, '–'));
};
const gamesValue = figure('games', 'Games played');
const speedValue = figure('speed', 'Games/s');
const meanValue = figure('mean', 'Mean score (last 100)');
const reachValue = figure('reach', 'Reached 2048 (last 100)');
const curve = add(frame, document.createElementNS(SVG, 'svg'));
curve.setAttribute('class', 'learn-curve');
curve.setAttribute('viewBox', '0 0 400 160');
curve.setAttribute('role', 'img');
curve.setAttribute('aria-label', 'Mean score per 100 games');
const line = add(curve, document.createElementNS(SVG, 'polyline'));
line.setAttribute('class', 'learn-line');
line.setAttribute('fill', 'none');
const board = add(frame, el('div', 'learn-board'));
board.setAttribute('aria-label', 'The current network playing');
const cells = Array.from({ length: 16 }, () => add(board, el('span', 'learn-cell')));
const boardScore = add(frame, el('p', 'learn-board-score'));

const points = []; // [games, mean score]
let running = false;
let ready = false;
let uploaded = ''; // the name of the file sent to the worker

function draw() {
  const maxGames = Math.max(1, ...points.map((p) => p[0]));
  const maxScore = Math.max(1, ...points.map((p) => p[1]));
  line.setAttribute('points', points.map(([g, s]) => `${((g / maxGames) * 396 + 2).toFixed(1)},${(158 - (s / maxScore) * 150).toFixed(1)}`).join(' '));
}

const { worker } = startWorker(new URL('./learn-worker.js', import.meta.url));
worker.onmessage = ({ data }) => {
  if (data.ready) {
    ready = true;
    worker.postMessage({ start: SHAPE });
    status.textContent = 'Ready: press Start.';
    toggle.disabled = false;
  } else if (data.block) {
    const b = data.block;
    points.push([b.games, b.mean]);
    gamesValue.textContent = b.games.toLocaleString('en');
    speedValue.textContent = b.gamesPerSecond == null ? '–' : Math.round(b.gamesPerSecond).toLocaleString('en');
    meanValue.textContent = Math.round(b.mean).toLocaleString('en');
    reachValue.textContent = `${Math.round(b.reach[2048] * 100)}%`;
    draw();
    download.disabled = false;
  } else if (data.show) {
    data.show.cells.forEach((v, i) => {
      cells[i].textContent = v ? String(v) : '';
      cells[i].dataset.value = String(v);
    });
    boardScore.textContent = `The network as it is now: score ${data.show.score.toLocaleString('en')}${data.show.over ? ', game over' : ''}`;
  } else if (data.file) {
    const url = URL.createObjectURL(new Blob([data.file], { type: 'application/octet-stream' }));
    const a = el('a');
    a.href = url;
    a.download = `2048-4x4-${data.games}-games.bin`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  } else if (data.resumed) {
    points.length = 0;
    draw();
    status.textContent = `Read ${uploaded}: press Resume to go on learning from it.`;
  } else if (data.error) {
    status.textContent = `That did not work: ${data.error}. The network you had is unchanged.`;
  }
};
worker.onerror = (e) => {
  e.preventDefault?.();
  status.textContent = 'The learning thread stopped. Please reload the page.';
  toggle.disabled = true;
};

function run(on) {
  if (!ready) return;
  running = on;
  toggle.textContent = on ? 'Pause' : 'Resume';
  status.textContent = on ? 'Learning…' : 'Paused.';
  worker.postMessage({ run: on });
}

upload.addEventListener('change', async () => {
  const file = upload.files?.[0];
  upload.value = '';
  if (!file || !ready) return;
  run(false);
  uploaded = file.name;
  worker.postMessage({ resume: { bytes: new Uint8Array(await file.arrayBuffer()), alpha: SHAPE.alpha, seed: SHAPE.seed, games: 0 } });
});

toggle.disabled = true;
status.textContent = 'Loading the engine…';
compileAi().then((module) => worker.postMessage({ module }), (e) => {
  status.textContent = `The engine could not be loaded (${e?.message ?? e}). Please reload the page.`;
});
