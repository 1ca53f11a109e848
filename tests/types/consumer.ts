// What an embedder writes with the package's types: every line must type-check.
import { mount, Game2048Element, setAssetBase } from 'game2048-board';
import type { Game2048Controller, GameState, MountOptions, StrategyName } from 'game2048-board';
import init, {
  initSync, Game, Replay, NetworkLoader, Trainer, bestMove, strategies, learnedStrategies, legalMoves, positionProblem,
  warmUp, loadWeights, unloadWeights, loadEndgame, unloadEndgame, endgameMove,
} from 'game2048-board/engine';
import type {
  BestMove, Direction, MoveResult, RecordedMove, SearchOptions, StrategyInfo, StrategyOption, Tile, WeightsInfo, EngineStrategyName,
  EndgameInfo,
} from 'game2048-board/engine';

const host = document.createElement('div');
const options: MountOptions = {
  size: 5, mode: 'endless', theme: 'dark', strategy: 'expectimax-td', nodes: 20000, autoplay: true, speed: 'watch',
  seed: 7n, keyboard: 'document', persist: 'off', storageKey: 'mine', controls: 'full', offline: false,
  cells: new Array<number>(25).fill(0), restore: false, storage: localStorage, aiWorkers: 2, shadow: true, assets: new URL('./2048/', location.href),
};
const game: Game2048Controller = mount(host, options);
// Each attribute's option as its text, as mount() reads it (docs/embed.md: "or as their text").
const asText: MountOptions = {
  size: '5', ms: '50', nodes: '20000', autoplay: 'on', seed: '7', keyboard: 'false', persist: 'off', offline: 'false',
};
mount(host, asText);
mount(host, { autoplay: '', size: 3, seed: 18446744073709551615n });
mount(host, { autoplay: 'off', offline: 'true', persist: 'true', keyboard: 'element' });
// What document.querySelector gives, as the docs' first example passes it (null throws at run time).
mount(document.querySelector('#board'), { size: 4, theme: 'dark' });
game.setOption('size', '6');
game.setOption('seed', '12');
game.setOption('autoplay', 'off');
game.newGame({ size: '4', seed: '99' });
const ready: Promise<Game2048Controller> = game.ready;
const moved: boolean | undefined = game.move('left');
game.newGame({ size: 3, mode: 'classic', seed: 1 });
game.setOption('theme', 'solarized');
game.setOption('strategy', 'best');
game.setOption('ms', 50);
game.setOption('keyboard', false);
mount(host, { keyboard: 'element', persist: false, storage: { getItem: () => null, setItem() {}, removeItem() {}, key: () => null, length: 0 } });
const state: GameState | null = game.getState();
if (state) {
  const total: number = state.score + state.best + state.moves + state.cells.reduce((a, b) => a + b, 0);
  const status: 'playing' | 'won' | 'over' = state.status;
  console.log(total, status, state.size, state.mode, state.theme, state.keepGoing, state.canUndo, state.aiPlaying);
}
const off: () => void = game.subscribe((s) => console.log(s.score, s.won, s.over));
off();
const record: string | null = game.getRecord();
void game.loadRecord(record ?? '', { at: 10, confirm: false, ai: true }).then((ok: boolean) => ok);
console.log(ready, moved, game.score, game.best, game.won, game.over, game.moves, game.size, game.cells, game.aiPlaying, game.element.id);
game.undo(); game.keepGoing(); game.startAI(); game.stopAI(); game.step(); game.hint(); game.destroy();

// The element: created by its tag, its attributes as properties, the same interface, typed events.
const el = document.createElement('game-2048');
const same: Game2048Element = el;
el.theme = 'contrast';
el.size = 6;
el.seed = '12';
el.storageKey = 'board';
el.autoplay = true;
el.keyboard = false;
el.keyboard = 'element';
el.persist = false;
el.seed = 7n;
const theme: string | null = el.theme;
const size: number = el.size;
el.addEventListener('move', (e) => console.log(e.detail.direction, e.detail.gained, e.detail.score, e.detail.by));
el.addEventListener('won', (e) => console.log(e.detail.score, e.detail.moves, e.detail.mode));
el.addEventListener('over', (e) => console.log(e.detail.largest));
el.addEventListener('record', (e) => console.log(e.detail.record, e.detail.size));
el.addEventListener('ai-start', (e) => console.log(e.detail.strategy, e.detail.nodes ?? e.detail.ms ?? e.detail.auto));
el.addEventListener('ai-stop', (e) => console.log(e.detail.reason === 'over', e.detail.moves));
el.addEventListener('error', (e) => console.log(e.detail.message, e.detail.source));
el.addEventListener('ready', (e) => console.log(e.detail.size));
el.addEventListener('click', (e) => console.log(e.clientX));
// The board's events bubble: typed on the element mount() was given, too.
host.addEventListener('move', (e) => console.log(e.detail.direction));
const controller: Game2048Controller | null = el.game;
const self: Game2048Element = el.element;
const elState: GameState | null = el.getState();
el.setOption('speed', 'max');
el.subscribe((s) => s.cells);
void el.ready.then((c) => c.move('up'));
const pick: StrategyName = 'td-yours';
console.log(same, theme, size, controller, self, elState, pick);

// The engine, as docs/embed.md shows it: optional arguments left out, results read without casts.
await init();
initSync({ module: new Uint8Array(0) });
const g = new Game(4);
const seeded = new Game(4, 123n, 'endless');
const numbered = new Game(5, 7, null);
const unseeded = new Game(3, undefined, 'classic');
const result: MoveResult | null = g.move('left');
const gained: number | undefined = g.move('up')?.gained;
if (result) {
  const { moves, merges, spawned } = result;
  console.log(moves.map((m) => m.from[0] + m.to[1] + m.id), merges.map((m) => m.value + m.at[0] + m.from[1]), spawned?.value, spawned?.at);
}
const cells: Float64Array = g.cells();
const tiles: Tile[] = g.tiles();
console.log(tiles.map((t) => t.id + t.value + t.row + t.col), gained, seeded.mode === 'endless', numbered.seeded, unseeded.canUndo);
const score: number = g.score + g.moves + g.size;
const flags: boolean = g.won || g.over || g.canUndo || g.seeded || g.undo();
g.mode = 'endless';
const mode: 'classic' | 'endless' = g.mode;
const saved: string = g.toJSON();
const trimmed: string = g.toJSON(1000);
const restored: Game = Game.fromJSON(saved);
const fromCells = Game.fromCells(4, [2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4]);
const fromCellsSeeded = Game.fromCells(4, cells, 1n, 'classic');
const text: string = g.record();
const continued = Game.fromRecord(text);
const atMove = Game.fromRecord(text, 10, 5n);
const legal: Direction[] = legalMoves(cells, 4);
const problem: string | undefined = positionProblem([2048, 0, 0, 0, 0, 0, 0, 0, 0], 3);
console.log(score, flags, mode, trimmed, restored, fromCells, fromCellsSeeded, continued, atMove, legal, problem?.length);

// Records replayed.
const replay = new Replay(text);
const last: number = replay.length;
const position: Float64Array = replay.cells(0);
const recorded: RecordedMove = replay.move(last);
const dir: Direction = recorded.dir;
const slides: Uint32Array = replay.slides(1);
console.log(replay.size, replay.mode === 'classic', replay.over, replay.score(last), replay.won(last), position, dir, recorded.spawn.value, recorded.spawn.at[0], slides);
replay.free();

// The search and its catalogue.
warmUp();
const decision: BestMove = bestMove(g.cells(), 4, { strategy: 'expectimax', nodes: 200000 });
const next: Direction | null = decision.dir;
const up: number | null = decision.values.up;
console.log(next, up, decision.nodes + decision.depth + decision.ms);
bestMove(cells, 4);
bestMove(Array.from(cells), 4, { strategy: 'expectimax', ms: 50, depth: 6, weights: { empty: 2 } });
bestMove(cells, 4, { strategy: 'montecarlo', k: 200, seed: 7 });
bestMove(cells, 4, { strategy: 'random', seed: 18446744073709551615n });
bestMove(cells, 4, { strategy: 'minimax', depth: 3, weights: { smoothness: 0.2 } });
bestMove(cells, 4, { strategy: 'greedy', moves: ['left', 'up'] });
const picked: EngineStrategyName = 'expectimax-td';
const searchOptions: SearchOptions = { strategy: picked, nodes: 20000 };
bestMove(cells, 4, searchOptions);
const catalogue: StrategyInfo[] = [...strategies(), ...learnedStrategies()];
const first: StrategyOption[] = strategies()[0].options;
for (const s of catalogue) {
  for (const o of s.options) console.log(s.name, s.label, s.explanation, o.name, o.kind, o.min, o.max, o.default, o.description, o.fields?.length);
}
console.log(first);

// The learned strategies' network.
const bytes = new Uint8Array(await (await fetch('weights.bin')).arrayBuffer());
const info: WeightsInfo = loadWeights(bytes);
console.log(info.shape, info.levels, info.quantisation === 'i8', info.weights, info.bytes);
const loader = new NetworkLoader();
loader.push(bytes.subarray(0, 10));
const expected: number | undefined = loader.expected;
const received: number = loader.received;
const loaded: WeightsInfo = loader.finish();
console.log(expected, received, loaded.shape);
// The endgame set the learned search consults from a tile on.
const set: EndgameInfo = loadEndgame(bytes, 16384);
console.log(set.set, set.table, set.positions, set.bytes, set.from);
const steered: Direction | null = endgameMove(cells, 4, bestMove(cells, 4, { strategy: 'expectimax-td', nodes: 20000 }).values);
console.log(steered);
const consulted: string | undefined = bestMove(cells, 4, { strategy: 'expectimax-td', nodes: 20000 }).endgame;
console.log(consulted);
unloadEndgame();
unloadWeights();
const trainer = new Trainer('4x6', 16, 0.0025, 1);
const games = trainer.train(10).map((e) => e.score + e.largest + e.moves);
const file: Uint8Array = trainer.save('f32');
Trainer.fromFile(file, 0.0025, 1, trainer.games).useForPlay();
console.log(games);
{
  using scoped = new Game(4);
  scoped.move('right');
}
g.free();
const based: boolean = setAssetBase('https://cdn.example/game2048-board/') && setAssetBase(new URL('./2048/', location.href)) && setAssetBase(null);
void based;
export {};
