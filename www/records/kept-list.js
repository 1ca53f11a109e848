// The games kept to review, as the stats panel and the replay page list them: the board, when,
// the moves and who finished it, score, largest tile, each board's best marked, and each
// one link away from its replay and its review. Text and attributes only.
import { el, add, button } from '../shared/dom.js';
import { MODE_LABELS, sizeLabel } from '../shared/choices.js';
import { SITE_PAGES } from '../shared/pages.js';
import { bestGames, KEPT_RECENT } from '../shared/kept-store.js';
import { replayUrl } from './record-io.js';

const n0 = (n) => n.toLocaleString('en');
// "Dec 7, 09:57", with the year when it is not this one.
function when(date) {
  const d = new Date(date);
  const year = d.getFullYear() === new Date().getFullYear() ? undefined : 'numeric';
  return d.toLocaleString('en', { year, month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
}
const WHO = { human: 'you', ai: 'the AI' };

// A link to the replay (`review`: with the review open), or, where the site has no replay
// page (the npm package), a button that shows the replay in the board (`replay(record)`).
function opener(game, { review, replay }) {
  const name = review ? 'Review' : 'Replay';
  const label = `${name} the ${sizeLabel(game.size)} game of ${when(game.date)}, score ${n0(game.score)}`;
  let node;
  if (SITE_PAGES) {
    node = el('a', `kept-${name.toLowerCase()}`, name);
    node.href = replayUrl(game.record, undefined, { review });
  } else node = button(`btn-link kept-${name.toLowerCase()}`, name, () => replay(game.record));
  node.setAttribute('aria-label', label);
  return node;
}

/**
 * The list in an element: list is { games (newest first), problem (words) }; replay(record):
 * shows a replay where there is no replay page. An empty list says how games get there.
 */
export function keptList({ games, problem }, { replay } = {}) {
  const box = el('div', 'kept');
  add(box, el('p', 'kept-about', `The last ${KEPT_RECENT} finished games and the best game of each board size and mode, kept in this browser.`));
  if (problem) {
    add(box, el('p', 'kept-problem', `Your kept games could not be read (${problem}). They are left as they are until a game ends or they are cleared.`));
    return box;
  }
  if (!games.length) {
    add(box, el('p', 'kept-empty', 'No finished games yet. Each game you or the AI finish is kept here, to replay and review.'));
    return box;
  }
  const best = bestGames(games);
  const table = add(add(box, el('div', 'kept-wrap')), el('table', 'kept-table'));
  const head = add(add(table, el('thead')), el('tr'));
  for (const h of ['Game', 'Score', 'Largest tile', '']) add(head, el('th', null, h)).scope = 'col';
  const body = add(table, el('tbody'));
  for (const g of games) {
    const row = add(body, el('tr', `kept-game${best.has(g) ? ' kept-best' : ''}`));
    const board = add(row, el('td', 'kept-board', `${sizeLabel(g.size)} ${MODE_LABELS[g.mode]}`));
    if (best.has(g)) add(board, el('span', 'kept-best-tag', ' best'));
    add(board, el('span', 'kept-detail', `${when(g.date)}: ${n0(g.moves)} ${g.moves === 1 ? 'move' : 'moves'} by ${WHO[g.by]}`));
    add(row, el('td', 'kept-score', n0(g.score)));
    add(row, el('td', 'kept-largest', String(g.largest)));
    const links = add(row, el('td', 'kept-links'));
    // Without a replay page, the board's replay offers its review.
    links.append(opener(g, { review: false, replay }));
    if (SITE_PAGES) links.append(opener(g, { review: true, replay }));
  }
  return box;
}
