// The review panel under a replay (loaded when "Review this game" is first pressed): the
// budget, Start and Stop, a progress bar, one row per move (the AI's values of the four
// moves, its move, the move played, the loss and the rating), and the summary (moves that
// matched the AI, the three worst with links, a chart of the evaluation). The ratings and
// their thresholds come from review.js.
import { el, add, button } from '../shared/dom.js';
import { ARROWS } from '../shared/board-view.js';
import { createAi } from '../ai/pool.js';
import { workerCount } from '../ai/worker-lifecycle.js';
import { REVIEW_BUDGETS, RATINGS, explainRatings, reviewGame, summarize, lossText } from './review.js';
import { evaluationChart } from '../shared/chart.js';
import { oddsLine } from '../ai/stage-odds.js';

const DIRS = ['up', 'right', 'down', 'left'];
const label = (name) => RATINGS.find((r) => r.name === name)?.label ?? name;
const num = (v) => (v == null ? '–' : Math.round(v).toLocaleString('en'));

/** box: where the panel goes; replay: the engine's Replay; engine: for legalMoves; goTo(n): shows position n. */
export function createReviewView(box, { replay, engine, goTo }) {
  const size = replay.size;
  const panel = add(box, el('section', 'review'));
  const heading = add(panel, el('h2', 'review-title', 'Review'));
  heading.tabIndex = -1;
  add(panel, el('p', 'review-about',
    'The AI (expectimax) values each of the four moves at every position of the game, as the expected evaluation of the position each leads to. '
    + 'A move is rated by what it lost: the best move\'s value minus the value of the move played, as a share of the best move\'s value.'));
  const scale = add(panel, el('ul', 'review-scale'));
  for (const [i, text] of explainRatings().entries()) add(scale, el('li', `rating-${RATINGS[i].name}`, text));
  add(panel, el('p', 'review-limits', size === 4
    ? 'On 4×4 the AI searches a fast bitboard, several moves deep; it is still a heuristic player, not a perfect one, so a "mistake" is a move it would not have made.'
    : `On ${size}×${size} the AI searches an exact grid, much more slowly than on 4×4: in the same budget it looks fewer moves ahead${size >= 6 ? ' (about two on the largest boards)' : ''}, so its ratings here are rougher. The average depth it reached is shown below.`));

  const form = add(panel, el('div', 'review-form'));
  const budgetLabel = add(form, el('label', null, 'AI budget: '));
  const budget = add(budgetLabel, el('select', 'review-budget'));
  for (const b of REVIEW_BUDGETS) budget.append(new Option(b.label, b.key, false, b.key === 'quick'));
  const start = add(form, button('btn review-start', 'Start review', () => run()));
  const stop = add(form, button('btn review-stop', 'Stop', () => controller?.abort()));
  stop.disabled = true;
  const progress = add(panel, el('progress', 'review-progress'));
  progress.max = Math.max(1, replay.length);
  progress.value = 0;
  const status = add(panel, el('p', 'review-status', replay.length ? 'Pick a budget and start.' : 'This record has no moves to review.'));
  status.setAttribute('role', 'status');
  start.disabled = replay.length === 0;
  const summary = add(panel, el('div', 'review-summary'));
  // The AI's odds from the stage of the position shown (stage-odds.js), at the summary's head.
  const odds = el('p', 'review-odds');
  const table = add(add(panel, el('div', 'review-table-wrap')), el('table', 'review-table'));
  const head = add(add(table, el('thead')), el('tr'));
  for (const h of ['Move', 'Played', 'AI', '↑', '→', '↓', '←', 'Loss', 'Rating']) add(head, el('th', null, h));
  const tbody = add(table, el('tbody'));

  let controller = null;
  let results = [];
  let rows = [];
  let pools = [];

  function row(n, r) {
    const tr = el('tr', `review-row rating-${r.rating}`);
    tr.dataset.move = String(n);
    const link = add(add(tr, el('td')), button('btn-link review-goto', String(n), () => show(n)));
    link.setAttribute('aria-label', `Show move ${n}`);
    add(tr, el('td', 'review-played', ARROWS[r.played])).title = r.played;
    add(tr, el('td', 'review-best', r.best ? ARROWS[r.best] : '–')).title = r.best ?? '';
    for (const d of DIRS) add(tr, el('td', `review-value${d === r.best ? ' review-value-best' : ''}${d === r.played ? ' review-value-played' : ''}`, num(r.values[d])));
    add(tr, el('td', 'review-loss', r.loss ? `−${lossText(r.loss)}`.replace('−<', '<') : '0'));
    add(tr, el('td', 'review-rating', label(r.rating)));
    return tr;
  }

  // Shows the position the move was played from, and marks its row.
  function show(n) {
    goTo(n - 1);
    for (const tr of tbody.querySelectorAll('.review-current')) tr.classList.remove('review-current');
    rows[n]?.classList.add('review-current');
    rows[n]?.scrollIntoView?.({ block: 'nearest' });
  }

  function drawSummary(done) {
    const s = summarize(results);
    summary.textContent = '';
    summary.append(odds);
    if (!s.rated) return;
    add(summary, el('p', 'review-matched', `${done ? 'Reviewed' : 'So far'}: ${s.rated.toLocaleString('en')} of ${replay.length.toLocaleString('en')} moves. ${Math.round(s.matched * 100)}% matched the AI's move. `
      + RATINGS.map((r) => `${label(r.name)} ${s.counts[r.name]}`).join(', ') + `. The AI searched ${s.depth.toFixed(1)} moves deep on average.`));
    if (s.worst.length) {
      const p = add(summary, el('p', 'review-worst'));
      p.append(s.worst.length === 1 ? 'The worst move: ' : `The ${s.worst.length} worst moves: `);
      s.worst.forEach((w, i) => {
        if (i) p.append(', ');
        const a = add(p, el('a', 'review-worst-link', `move ${w.n} (${label(w.rating).toLowerCase()}, −${lossText(w.loss)}: ${w.played}, the AI plays ${w.best})`));
        a.href = `#move-${w.n}`;
        a.dataset.move = String(w.n);
        a.addEventListener('click', (e) => {
          e.preventDefault();
          show(w.n);
        });
      });
      p.append('.');
    } else add(summary, el('p', 'review-worst', 'No move lost anything against the AI\'s choice.'));
    const points = [];
    for (let n = 1; n < results.length; n++) if (results[n]) points.push({ n, value: results[n].value, rating: results[n].rating });
    summary.append(evaluationChart({ points, length: replay.length }));
  }

  async function run() {
    const chosen = REVIEW_BUDGETS.find((b) => b.key === budget.value) ?? REVIEW_BUDGETS[0];
    controller = new AbortController();
    results = new Array(replay.length + 1);
    rows = [];
    tbody.textContent = '';
    summary.textContent = '';
    progress.value = 0;
    start.disabled = budget.disabled = true;
    stop.disabled = false;
    status.textContent = 'Reviewing…';
    // Node budgets run whole in one worker: one pool of one worker per spare core.
    if (!pools.length) pools = Array.from({ length: workerCount({ spare: 1 }) }, () => createAi({ legalMoves: engine.legalMoves, count: 1 }));
    let done = 0;
    try {
      await reviewGame({
        replay,
        pools,
        options: chosen.options,
        signal: controller.signal,
        onMove(n, r) {
          results[n] = r;
          progress.value = ++done;
          status.textContent = `Reviewing: move ${done.toLocaleString('en')} of ${replay.length.toLocaleString('en')}.`;
        },
      });
    } catch (e) {
      if (e?.name !== 'AbortError') status.textContent = `The review stopped: ${e?.message ?? e}.`;
    }
    // Rows in move order, once (20,000 rows are drawn in one go, not one by one).
    const frag = document.createDocumentFragment();
    for (let n = 1; n < results.length; n++) if (results[n]) frag.append(rows[n] = row(n, results[n]));
    tbody.append(frag);
    {
      const complete = done === replay.length;
      status.textContent = complete ? `Review done: every move of ${replay.length.toLocaleString('en')} rated.` : `Stopped after ${done.toLocaleString('en')} of ${replay.length.toLocaleString('en')} moves.`;
      panel.classList.toggle('review-done', complete);
      drawSummary(complete);
    }
    controller = null;
    start.disabled = budget.disabled = false;
    start.textContent = 'Review again';
    stop.disabled = true;
  }

  heading.focus();
  return {
    focus: () => heading.focus(),
    showPosition(pos) {
      panel.dataset.position = String(pos);
      odds.textContent = oddsLine(replay.cells(pos), size) ?? '';
      odds.hidden = !odds.textContent;
    },
    destroy() {
      controller?.abort();
      for (const p of pools) p.destroy();
      panel.remove();
    },
  };
}
