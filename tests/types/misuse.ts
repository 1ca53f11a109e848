// What the types must refuse: tsc passes this file only while each line below its
// `@ts-expect-error` is an error (tests/node/types.test.mjs also checks each error's code).
import { mount } from 'game2048-board';

const host = document.createElement('div');
// @ts-expect-error TS2322 size is 3..8
mount(host, { size: 'big' });
// @ts-expect-error TS2322 size is 3..8
mount(host, { size: 9 });
// @ts-expect-error TS2322 no such theme
mount(host, { theme: 'pink' });
// @ts-expect-error TS2322 no such strategy
mount(host, { strategy: 'alphazero' });
// @ts-expect-error TS2322 no such speed
mount(host, { speed: 'slow' });
// @ts-expect-error TS2353 no such option
mount(host, { colour: 'red' });
const game = mount(host);
// @ts-expect-error TS2345 no such direction
game.move('north');
// @ts-expect-error TS2345 setOption's value is the option's
game.setOption('mode', 'hard');
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
export {};
