// What the types must refuse: tsc passes this file only while each line below its
// `@ts-expect-error` is an error (tests/node/types.test.mjs also checks each error's code).
import { mount, setAssetBase } from 'game2048-board';
import { Game, Replay, NetworkLoader, Trainer, bestMove, strategies, legalMoves, loadWeights } from 'game2048-board/engine';

const host = document.createElement('div');
// @ts-expect-error TS2322 size is 3..8
mount(host, { size: 'big' });
// @ts-expect-error TS2322 size is 3..8
mount(host, { size: 9 });
// @ts-expect-error TS2322 no such theme
mount(host, { theme: 'pink' });
// @ts-expect-error TS2322 no such strategy
mount(host, { strategy: 'alphazero' });
// @ts-expect-error TS2322 size is 3..8, as text too
mount(host, { size: '9' });
// @ts-expect-error TS2322 a seed's text is its digits
mount(host, { seed: 'abc' });
// @ts-expect-error TS2322 a boolean option's text is '', on, off, true or false
mount(host, { autoplay: 'yes' });
// @ts-expect-error TS2322 a budget is a number or its digits
mount(host, { nodes: 'many' });
// @ts-expect-error TS2345 mount needs an element
mount('#board');
// @ts-expect-error TS2322 no such speed
mount(host, { speed: 'slow' });
// @ts-expect-error TS2353 no such option
mount(host, { colour: 'red' });
// @ts-expect-error TS2345 an asset base is a URL or its text
setAssetBase(5);
const game = mount(host);
// @ts-expect-error TS2345 no such direction
game.move('north');
// @ts-expect-error TS2345 setOption's value is the option's
game.setOption('mode', 'hard');
// @ts-expect-error TS2345 nor a size's text outside 3..8
game.setOption('size', '12');
// @ts-expect-error TS2345 persist needs a new mount: setOption takes only the settable options
game.setOption('persist', 'off');
// @ts-expect-error TS2345 nor does it take cells (mount()'s only)
game.setOption('cells', [2, 0, 0, 0]);
// @ts-expect-error TS2741 a storage object needs its five members (no length here)
mount(host, { storage: { getItem: () => null, setItem() {}, removeItem() {}, key: () => null } });
// @ts-expect-error TS2540 the getters are read-only
game.score = 10;
const el = document.createElement('game-2048');
// @ts-expect-error TS2339 move's detail has no `dir`
el.addEventListener('move', (e) => e.detail.dir);
// @ts-expect-error TS2339 error's detail is the board's, not an ErrorEvent
el.addEventListener('error', (e) => e.lineno);
// @ts-expect-error TS2367 no such ai-stop reason
el.addEventListener('ai-stop', (e) => e.detail.reason === 'paused');
// @ts-expect-error TS2322 no such theme
el.theme = 'pink';
// The engine.
// @ts-expect-error TS2554 a game needs its size
new Game();
// @ts-expect-error TS2345 seed is a BigInt or a number
new Game(4, 'abc');
// @ts-expect-error TS2345 no such mode
new Game(4, 1n, 'hard');
const g = new Game(4);
// @ts-expect-error TS2345 no such direction
g.move('sideways');
// @ts-expect-error TS2531 move gives null when nothing moves
g.move('left').gained;
// @ts-expect-error TS2339 a move's result has no `score`
g.move('left')?.score;
// @ts-expect-error TS2322 no such mode
g.mode = 'hard';
// @ts-expect-error TS2540 the score is read-only
g.score = 10;
// @ts-expect-error TS2339 a tile has no `x`
g.tiles()[0].x;
// @ts-expect-error TS2322 cells are numbers
Game.fromCells(4, ['2']);
// @ts-expect-error TS2322 nodes is a number
bestMove(g.cells(), 4, { strategy: 'expectimax', nodes: '5' });
// @ts-expect-error TS2322 no such strategy
bestMove(g.cells(), 4, { strategy: 'alphazero' });
// @ts-expect-error TS2353 no such option
bestMove(g.cells(), 4, { strategy: 'expectimax', budget: 5 });
// @ts-expect-error TS2322 no such direction among the root moves
bestMove(g.cells(), 4, { moves: ['north'] });
// @ts-expect-error TS2339 the decision has no `move`
bestMove(g.cells(), 4).move;
// @ts-expect-error TS2322 dir is null when no move is left
const dir: string = bestMove(g.cells(), 4).dir;
// @ts-expect-error TS2322 legal moves are directions
const legal: 'north'[] = legalMoves(g.cells(), 4);
// @ts-expect-error TS2339 a strategy's option has no `range`
strategies()[0].options[0].range;
// @ts-expect-error TS2345 a record is text
new Replay(42);
// @ts-expect-error TS2345 a position is a number
new Replay('2048r1.').cells('last');
// @ts-expect-error TS2339 a recorded move has no `gained`
new Replay('2048r1.').move(1).gained;
// @ts-expect-error TS2339 the weights' figures have no `size`
loadWeights(new Uint8Array(0)).size;
// @ts-expect-error TS2339 nor do the loader's
new NetworkLoader().finish().size;
// @ts-expect-error TS2345 no such quantisation
new Trainer('4x6', 16, 0.0025, 1).save('f16');
console.log(dir, legal);
export {};
