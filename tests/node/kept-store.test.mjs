// The games kept to review (www/shared/kept-store.js): what stays (the last KEPT_RECENT and
// each board's best, within KEPT_BUDGET characters), a stored list read or refused in words,
// an unreadable list set aside (never overwritten unread), a storage that refuses writes, and
// the room made for the game in progress (storage.js's saveGame, once its kept games are loaded).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KEPT_RECENT, KEPT_BUDGET, addKept, bestGames, createKeptStore, keptText, readKept } from '../../www/shared/kept-store.js';
import { createGuardedStorage, memoryStorage } from '../../www/shared/guarded-storage.js';
import { createStorage } from '../../www/game/storage.js';

let clock = 0;
const game = (score, { size = 4, mode = 'classic', record = '2048r1.AAAA' } = {}) => ({
  record, size, mode, score, largest: 64, moves: 10, by: 'human', date: ++clock,
});
// Adds games in order (the first is the oldest).
const keepAll = (games) => games.reduce((list, g) => addKept(list, g).games, []);

// A Storage that refuses (QuotaExceededError) any write past `limit` characters in all.
function fullStorage(limit) {
  const inner = memoryStorage();
  const size = (key, value) => Array.from({ length: inner.length }, (_, i) => inner.key(i))
    .reduce((n, k) => n + (k === key ? 0 : k.length + inner.getItem(k).length), key.length + value.length);
  return {
    get length() { return inner.length; },
    key: inner.key,
    getItem: inner.getItem,
    removeItem: inner.removeItem,
    setItem(key, value) {
      if (size(key, String(value)) > limit) throw Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });
      inner.setItem(key, value);
    },
  };
}

test('the last KEPT_RECENT games stay, and the best of each size and mode however old', () => {
  const best4 = game(5000);
  const best5 = game(300, { size: 5 });
  const endless = game(100, { mode: 'endless' });
  const later = Array.from({ length: KEPT_RECENT + 5 }, (_, i) => game(i));
  const list = keepAll([best4, best5, endless, ...later]);
  assert.equal(list.length, KEPT_RECENT + 3);
  assert.deepEqual(list.slice(0, KEPT_RECENT), later.slice(-KEPT_RECENT).reverse(), 'the latest, newest first');
  assert.deepEqual(list.slice(KEPT_RECENT), [endless, best5, best4], 'each board\'s best');
  assert.deepEqual(bestGames(list), new Set([best4, best5, endless]));
  // A better 4x4 game: the old best goes once it is not among the latest.
  const better = game(9000);
  const next = addKept(list, better).games;
  assert.ok(next.includes(better) && !next.includes(best4));
});

test('past the budget the oldest games that are not a best go; a game larger than the budget alone is not kept', () => {
  const big = (score) => game(score, { record: `2048r1.${'A'.repeat(KEPT_BUDGET / 4)}` });
  const best = big(1000);
  const list = keepAll([best, big(1), big(2), big(3)]);
  assert.ok(keptText(list).length <= KEPT_BUDGET);
  assert.deepEqual(list.map((g) => g.score), [3, 2, 1000], 'the oldest non-best went, the best stayed');
  const plan = addKept(list, big(4));
  assert.equal(plan.letGo, 1);
  assert.deepEqual(plan.games.map((g) => g.score), [4, 3, 1000]);
  const huge = addKept(list, game(5, { record: `2048r1.${'A'.repeat(KEPT_BUDGET)}` }));
  assert.equal(huge.kept, false);
  assert.equal(huge.games, list, 'the list as it was');
});

test('a stored list is read back; anything else is refused in words', () => {
  const list = keepAll([game(10), game(20, { size: 6 })]);
  assert.deepEqual(readKept(keptText(list)), list);
  const cases = [
    ['{not json', /not valid JSON/],
    ['[]', /unknown format/],
    [JSON.stringify({ version: 2, games: [] }), /version 2 is not supported/],
    [JSON.stringify({ version: 1, games: [{ ...game(1), size: 9 }] }), /kept game 1 of 1 is not valid/],
    [JSON.stringify({ version: 1, games: [game(1), { ...game(2), largest: 65 }] }), /kept game 2 of 2 is not valid/],
    [JSON.stringify({ version: 1, games: [{ ...game(1), record: 'hello' }] }), /kept game 1 of 1 is not valid/],
  ];
  for (const [raw, reason] of cases) assert.throws(() => readKept(raw), reason, raw);
});

test('an unreadable list is listed as a problem and left as it is; keeping a game sets it aside under a backup key first', () => {
  const backend = memoryStorage();
  backend.setItem('p:kept', '{broken');
  const kept = createKeptStore(createGuardedStorage({ prefix: 'p', backend }));
  const listed = kept.list();
  assert.deepEqual(listed.games, []);
  assert.match(listed.problem, /not valid JSON/);
  assert.equal(backend.getItem('p:kept'), '{broken', 'reading changes nothing');
  const g = game(42);
  const done = kept.keep(g);
  assert.equal(done.kept, true);
  assert.match(done.problem, /not valid JSON/);
  assert.equal(backend.getItem(done.backupKey), '{broken', 'the old value is kept under the backup key');
  assert.deepEqual(kept.list().games, [g]);
});

test('an unreadable list that cannot be set aside is not overwritten: the game is not kept, and why', () => {
  const backend = fullStorage(40);
  backend.setItem('p:kept', '{broken');
  const kept = createKeptStore(createGuardedStorage({ prefix: 'p', backend }));
  const done = kept.keep(game(1));
  assert.equal(done.kept, false);
  assert.match(done.why, /could not be read \(the kept games are not valid JSON\) nor set aside/);
  assert.equal(backend.getItem('p:kept'), '{broken');
});

test('a storage that refuses the list (QuotaExceededError): older games are let go to keep the new one, else it is not kept; storage stays on', () => {
  const backend = fullStorage(2000);
  const store = createGuardedStorage({ prefix: 'p', backend, onUnavailable: () => assert.fail('storage switched off') });
  const kept = createKeptStore(store);
  const record = `2048r1.${'A'.repeat(400)}`;
  for (let i = 0; i < 3; i++) assert.equal(kept.keep(game(i, { record })).kept, true);
  const more = kept.keep(game(3, { record }));
  assert.equal(more.kept, true);
  assert.ok(more.letGo >= 1, `let go: ${more.letGo}`);
  assert.equal(kept.list().games[0].score, 3, 'the new game is first');
  const tooBig = kept.keep(game(4, { record: `2048r1.${'A'.repeat(3000)}` }));
  assert.equal(tooBig.kept, false);
  assert.equal(tooBig.why, 'the browser\'s storage is full');
  assert.equal(kept.list().games[0].score, 3, 'the list as it was');
  assert.equal(store.on, true);
});

test('a game in progress that a full storage refuses: kept games are let go, oldest first, until it is saved', async () => {
  const backend = fullStorage(6000);
  const said = [];
  const storage = createStorage({ prefix: 'p', backend, onLetGo: (n) => said.push(n), onUnavailable: () => assert.fail('storage switched off') });
  // Three kept games of about 1,600 characters; a game of 3,500 leaves room for one of them.
  const kept = await storage.loadKept();
  const record = `2048r1.${'A'.repeat(1500)}`;
  for (let i = 1; i <= 3; i++) assert.equal(kept.keep(game(i, { record })).kept, true);
  assert.equal(kept.list().games.length, 3);
  const saved = storage.saveGame({ mode: 'classic', keepGoing: false, serialize: () => 'G'.repeat(3500) });
  assert.equal(saved, true);
  assert.deepEqual(said, [2]);
  assert.deepEqual(kept.list().games.map((g) => g.score), [3], 'the newest stays');
  assert.equal(JSON.parse(backend.getItem('p:game')).game.length, 3500, 'the whole game, its history too');
});
