// What an embedder writes with the package's types: every line must type-check.
import { mount, Game2048Element } from 'game2048-board';
import type { Game2048Controller, GameState, MountOptions, StrategyName } from 'game2048-board';
import init, { Game, bestMove, strategies } from 'game2048-board/engine';

const host = document.createElement('div');
const options: MountOptions = {
  size: 5, mode: 'endless', theme: 'dark', strategy: 'expectimax-td', nodes: 20000, autoplay: true, speed: 'watch',
  seed: 7n, keyboard: 'document', persist: 'off', storageKey: 'mine', controls: 'full', offline: false,
  cells: new Array<number>(25).fill(0), restore: false, storage: localStorage, aiWorkers: 2, shadow: true, assets: new URL('./2048/', location.href),
};
const game: Game2048Controller = mount(host, options);
const ready: Promise<Game2048Controller> = game.ready;
const moved: boolean | undefined = game.move('left');
game.newGame({ size: 3, mode: 'classic', seed: 1 });
game.setOption('theme', 'solarized');
game.setOption('strategy', 'best');
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

// The engine.
await init();
const g = new Game(4, 123n, 'classic');
g.move('left');
const cells = g.cells();
bestMove(Array.from(cells), 4, { strategy: 'expectimax', nodes: 200000 });
console.log(strategies(), g.score, g.won, g.over, g.size);
g.free();
export {};
