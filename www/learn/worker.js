// The learn page's thread: trains an n-tuple network from nothing with the engine's
// Trainer (TD learning, the same learner as the native `train`), in blocks of games,
// and plays a show game with the current network. Messages in: {module} (the AI's
// compiled wasm, first), {start: {shape, levels, alpha, seed}} or {resume: {bytes, alpha,
// seed, games, from}}, {run: bool} (train or pause), {save: quantisation, for}, {watch: n}
// (paused: n more moves of the show game). Out: {ready}, {resumed: from} (a file was read),
// {block: {games, mean, max, reach: {256: share, ..., 4096}, gamesPerSecond}}, {show:
// {frames: [{cells, score, over}]}} (after each block, 10 moves a second of training),
// {file: Uint8Array, games, for},
// {error, from} (with the reason in words; nothing is lost; from: the resume's, if any).
import { ROLES } from '../ai/roles.js';
import { errorText as message } from '../shared/errors.js';
// Static, not import(): a bundler's worker build (Vite's is one IIFE file) takes no split.
import * as ai from '../pkg/game2048_ai.js';

const BLOCK = 100;
const SHOW_RATE = 10; // show moves per second of training: the page draws 10 a second

let wasm = null;
let trainer = null;
let running = false;
let loop = 0; // the training loop's number: a pause and a resume start a new one
let show = null; // the show game
let showSeed = 1n;

async function load(module) {
  await ai.default({ module_or_path: module });
  wasm = ai;
  postMessage({ ready: true });
}

// The show game's next `moves` moves with the network as it is now (a new game when one
// ends), one frame a move: the page draws them at a watchable pace.
function playShow(moves) {
  trainer.useForPlay();
  const frames = [];
  for (let i = 0; i < moves; i++) {
    if (!show || show.over) {
      show?.free();
      show = new wasm.Game(4, showSeed++);
    }
    const { dir } = wasm.bestMove(Array.from(show.cells()), 4, { strategy: ROLES.learnedMove });
    const moved = Boolean(dir) && show.move(dir);
    frames.push({ cells: Array.from(show.cells()), score: show.score, over: show.over || !moved });
    if (!moved) {
      show.free();
      show = null;
    }
  }
  postMessage({ show: { frames } });
}

function block(mine) {
  if (!running || !trainer || mine !== loop) return;
  const start = performance.now();
  const games = Array.from(trainer.train(BLOCK));
  const seconds = (performance.now() - start) / 1000;
  const reach = {};
  for (const t of [256, 512, 1024, 2048, 4096]) reach[t] = games.filter((g) => g.largest >= t).length / games.length;
  postMessage({
    block: {
      games: trainer.games,
      mean: games.reduce((a, g) => a + g.score, 0) / games.length,
      max: Math.max(...games.map((g) => g.score)),
      reach,
      gamesPerSecond: seconds > 0 ? games.length / seconds : null,
    },
  });
  playShow(Math.max(1, Math.round(seconds * SHOW_RATE)));
  setTimeout(() => block(mine), 0); // lets a pause or a save in between
}

self.onmessage = async ({ data }) => {
  try {
    if (data.module) return await load(data.module);
    if (!wasm) throw new Error('the engine is not loaded yet');
    if (data.start) {
      const { shape, levels, alpha, seed } = data.start;
      trainer?.free();
      trainer = new wasm.Trainer(shape, levels, alpha, seed);
    } else if (data.resume) {
      const { bytes, alpha, seed, games, from } = data.resume;
      const next = wasm.Trainer.fromFile(bytes, alpha, seed, games);
      trainer?.free();
      trainer = next;
      postMessage({ resumed: from ?? true });
      playShow(1);
    } else if ('run' in data) {
      const was = running;
      running = Boolean(data.run) && Boolean(trainer);
      if (running && !was) block(++loop);
    } else if (data.watch) {
      // Paused: the page asks for more of the show game to watch.
      if (trainer && !running) playShow(Math.min(100, data.watch));
    } else if (data.save) {
      if (!trainer) throw new Error('there is no network yet');
      postMessage({ file: trainer.save(data.save), games: trainer.games, for: data.for });
    }
  } catch (e) {
    postMessage({ error: message(e), from: data?.resume?.from });
  }
};
