// The review panel under a replay (loaded when "Review this game" is first pressed): which
// AI reviews and in what unit, the learned network's download on 4x4 (the heuristic reviews
// until it is read), the budget, Start and Stop, a progress bar, one row per move (what each of
// the four moves loses against the AI's, its move, the move played, the cost and the rating),
// and the summary (moves that matched the AI, the three costliest with links, a chart of the
// expected final score, or of the heuristic's evaluation). The reviewer, its budgets, the
// ratings and their thresholds come from review.js.
import { el, add, button } from '../shared/dom.js';
import { ARROWS } from '../shared/board-view.js';
import { createAi } from '../ai/pool.js';
import { workerCount } from '../ai/worker-lifecycle.js';
import { ROLES } from '../ai/roles.js';
import { TD_WORKERS } from '../ai/split.js';
import { lossText as moveLoss, movesLost, pointsText } from '../ai/move-loss.js';
import { megabytes } from '../shared/choices.js';
import { errorText } from '../shared/errors.js';
import { REVIEW_BUDGETS, LEARNED_SIZE, RATINGS, explainRatings, reviewer, reviewGame, summarize, costText } from './review.js';
import { evaluationChart } from '../shared/chart.js';
import { oddsLine } from '../ai/stage-odds.js';

const DIRS = ['up', 'right', 'down', 'left'];
const label = (name) => RATINGS.find((r) => r.name === name)?.label ?? name;

// What the page says of each reviewer: how it values a move, and how a move is rated.
const ABOUT = {
  [ROLES.learnedSearch]: 'The AI (expectimax with the learned network) values each of the four moves at every position of the game in points: the points the game is expected to make from there. '
    + 'A move\'s cost is the points it loses against the AI\'s best move; it is rated by that cost as a share of the points still to come (what the AI expects the game still to make from the position).',
  [ROLES.heuristic]: 'The AI (expectimax) values each of the four moves at every position of the game, as the expected evaluation of the position each leads to: its heuristic\'s, not points. '
    + 'A move is rated by what it lost: the best move\'s value minus the value of the move played, as a share of the best move\'s value.',
};

// The texts that say who reviews and in what unit (about, the ratings' scale, the limits), and
// the learned network's line; describe(strategy) redraws them for the reviewer a review started
// now would use, network(state) draws pool.js's onNetwork states.
function createReviewerTexts(panel, size) {
  const about = add(panel, el('p', 'review-about'));
  const scale = add(panel, el('ul', 'review-scale'));
  const limits = add(panel, el('p', 'review-limits'));
  const line = add(panel, el('p', 'review-network'));
  line.hidden = true;
  const heuristic = 'a review uses the heuristic search, whose values are not points';
  return {
    describe(strategy) {
      const learned = strategy === ROLES.learnedSearch;
      about.textContent = ABOUT[strategy];
      scale.textContent = '';
      for (const [i, text] of explainRatings(learned ? 'points' : 'share').entries()) add(scale, el('li', `rating-${RATINGS[i].name}`, text));
      limits.textContent = learned
        ? 'The chart shows the final score the AI expects (the score so far plus the points still to come) at each move: where the game was lost, it falls. The AI is strong, not perfect: a "mistake" is a move it expects to cost points.'
        : size === LEARNED_SIZE
          ? 'On 4×4 the heuristic searches a fast bitboard, several moves deep; it is still a heuristic player, not a perfect one, so a "mistake" is a move it would not have made. Its values are not points: the chart shows its evaluation.'
          : `On ${size}×${size} the AI searches an exact grid, much more slowly than on 4×4: in the same budget it looks fewer moves ahead${size >= 6 ? ' (about two on the largest boards)' : ''}, so its ratings here are rougher. The learned network, whose values are points, plays 4×4 only: here a move's cost is a share of the heuristic's value, and the chart shows its evaluation. The average depth it reached is shown below.`;
    },
    network(state) {
      line.hidden = Boolean(state.loaded);
      if (state.error) line.textContent = `The learned network is unavailable (${state.error}): ${heuristic}.`;
      else if (state.reading) line.textContent = `The AI is reading the learned network: until then ${heuristic}.`;
      else if (!state.loaded) line.textContent = `The learned network downloads${state.progress ? ` (${megabytes(state.progress)})` : ''}: until then ${heuristic}.`;
    },
  };
}

// The review's AI pools, one worker each, one per spare core: a node budget runs whole in one
// worker. On 4x4 at most TD_WORKERS (each holds the learned network), which start downloading
// and reading it at once; onLearned() once every one has read it, onNetwork(state) as it goes.
function createReviewPools(size, engine, { onNetwork, onLearned }) {
  const count = size === LEARNED_SIZE ? Math.min(TD_WORKERS, workerCount({ spare: 1 })) : workerCount({ spare: 1 });
  const pools = Array.from({ length: count }, () => createAi({ legalMoves: engine.legalMoves, count: 1, learned: [ROLES.learnedSearch], onNetwork }));
  if (size === LEARNED_SIZE) Promise.all(pools.map((p) => p.network())).then(onLearned, (e) => onNetwork({ error: errorText(e) }));
  return pools;
}

// A rated move's row: what each move loses against the AI's (move-loss.js), the cost of the move
// played and its rating; show(n) when its number is clicked.
function reviewRow(n, r, show) {
  const tr = el('tr', `review-row rating-${r.rating}`);
  tr.dataset.move = String(n);
  const link = add(add(tr, el('td')), button('btn-link review-goto', String(n), () => show(n)));
  link.setAttribute('aria-label', `Show move ${n}`);
  add(tr, el('td', 'review-played', ARROWS[r.played])).title = r.played;
  add(tr, el('td', 'review-best', r.best ? ARROWS[r.best] : '–')).title = r.best ?? '';
  const { lost } = movesLost(r.values);
  for (const d of DIRS) {
    const text = d === r.best ? 'best' : lost[d] == null ? '–' : moveLoss(lost[d], r.unit, r.value);
    add(tr, el('td', `review-value${d === r.best ? ' review-value-best' : ''}${d === r.played ? ' review-value-played' : ''}`, text));
  }
  const cost = add(tr, el('td', 'review-loss', r.loss ? costText(r).replace(/ \(.*/, '') : '0'));
  cost.dataset.loss = String(r.loss);
  cost.dataset.lost = String(r.lost);
  if (r.unit === 'points' && r.loss) cost.title = costText(r);
  add(tr, el('td', 'review-rating', label(r.rating)));
  return tr;
}

// The summary of `results` in `box`: the moves that matched, the ratings' counts, the points lost
// together, the three costliest moves (links: show(n)) and the chart (the expected final score
// where the results are in points, else the heuristic's evaluation).
function drawSummary(box, results, { length, done, show, head }) {
  const s = summarize(results);
  box.textContent = '';
  box.append(head);
  if (!s.rated) return;
  add(box, el('p', 'review-matched', `${done ? 'Reviewed' : 'So far'}: ${s.rated.toLocaleString('en')} of ${length.toLocaleString('en')} moves. ${Math.round(s.matched * 100)}% matched the AI's move. `
    + RATINGS.map((r) => `${label(r.name)} ${s.counts[r.name]}`).join(', ') + `. The AI searched ${s.depth.toFixed(1)} moves deep on average.`
    + (s.lostPoints == null ? '' : ` Together the moves lost about ${pointsText(s.lostPoints)} points against the AI's choices.`)));
  if (s.worst.length) {
    const p = add(box, el('p', 'review-worst'));
    p.append(s.worst.length === 1 ? 'The costliest move: ' : `The ${s.worst.length} costliest moves: `);
    s.worst.forEach((w, i) => {
      if (i) p.append(', ');
      const a = add(p, el('a', 'review-worst-link', `move ${w.n} (${label(w.rating).toLowerCase()}, ${costText(w)}: ${w.played}, the AI plays ${w.best})`));
      a.href = `#move-${w.n}`;
      a.dataset.move = String(w.n);
      a.addEventListener('click', (e) => {
        e.preventDefault();
        show(w.n);
      });
    });
    p.append('.');
  } else add(box, el('p', 'review-worst', 'No move lost anything against the AI\'s choice.'));
  const points = [];
  let final = true;
  for (let n = 1; n < results.length; n++) {
    const r = results[n];
    if (!r) continue;
    final &&= r.final != null;
    points.push({ n, value: r.final ?? r.value, rating: r.rating });
  }
  box.append(evaluationChart({ points, length, what: final ? 'The expected final score' : 'The AI\'s evaluation' }));
}

/** box: where the panel goes; replay: the engine's Replay; engine: for legalMoves; goTo(n): shows position n. */
export function createReviewView(box, { replay, engine, goTo }) {
  const size = replay.size;
  const length = replay.length;
  const panel = add(box, el('section', 'review'));
  const heading = add(panel, el('h2', 'review-title', 'Review'));
  heading.tabIndex = -1;
  const texts = createReviewerTexts(panel, size);

  const form = add(panel, el('div', 'review-form'));
  const budgetLabel = add(form, el('label', null, 'AI budget: '));
  const budget = add(budgetLabel, el('select', 'review-budget'));
  const start = add(form, button('btn review-start', 'Start review', () => run()));
  const stop = add(form, button('btn review-stop', 'Stop', () => controller?.abort()));
  stop.disabled = true;
  const progress = add(panel, el('progress', 'review-progress'));
  progress.max = Math.max(1, length);
  progress.value = 0;
  const status = add(panel, el('p', 'review-status', length ? 'Pick a budget and start.' : 'This record has no moves to review.'));
  status.setAttribute('role', 'status');
  start.disabled = length === 0;
  const summary = add(panel, el('div', 'review-summary'));
  // The AI's odds from the stage of the position shown (stage-odds.js), at the summary's head.
  const odds = el('p', 'review-odds');
  const table = add(add(panel, el('div', 'review-table-wrap')), el('table', 'review-table'));
  const head = add(add(table, el('thead')), el('tr'));
  for (const h of ['Move', 'Played', 'AI', '↑', '→', '↓', '←', 'Cost', 'Rating']) add(head, el('th', null, h));
  const tbody = add(table, el('tbody'));

  let controller = null;
  let results = [];
  let rows = [];
  let pools = [];
  let learned = false; // the learned network is read: the learned search reviews
  let shown = null; // the reviewer the texts and budgets are for

  // The texts and budgets of the reviewer a review started now would use (the budget kept by key).
  function describe() {
    const strategy = reviewer(size, learned);
    if (strategy === shown) return;
    shown = strategy;
    texts.describe(strategy);
    const key = budget.value || 'quick';
    budget.textContent = '';
    for (const b of REVIEW_BUDGETS[strategy]) budget.append(new Option(b.label, b.key, false, b.key === key));
  }

  const makePools = () => {
    pools = createReviewPools(size, engine, {
      onNetwork: texts.network,
      onLearned() {
        learned = true;
        if (!controller) describe();
      },
    });
  };

  // Shows the position the move was played from, and marks its row.
  function show(n) {
    goTo(n - 1);
    for (const tr of tbody.querySelectorAll('.review-current')) tr.classList.remove('review-current');
    rows[n]?.classList.add('review-current');
    rows[n]?.scrollIntoView?.({ block: 'nearest' });
  }

  async function run() {
    describe();
    const by = shown;
    const chosen = REVIEW_BUDGETS[by].find((b) => b.key === budget.value) ?? REVIEW_BUDGETS[by][0];
    controller = new AbortController();
    results = new Array(length + 1);
    rows = [];
    tbody.textContent = '';
    summary.replaceChildren(odds);
    progress.value = 0;
    start.disabled = budget.disabled = true;
    stop.disabled = false;
    status.textContent = 'Reviewing…';
    if (!pools.length) makePools();
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
          status.textContent = `Reviewing: move ${done.toLocaleString('en')} of ${length.toLocaleString('en')}.`;
        },
      });
    } catch (e) {
      if (e?.name !== 'AbortError') status.textContent = `The review stopped: ${e?.message ?? e}.`;
    }
    // Rows in move order, once (20,000 rows are drawn in one go, not one by one).
    const frag = document.createDocumentFragment();
    for (let n = 1; n < results.length; n++) if (results[n]) frag.append(rows[n] = reviewRow(n, results[n], show));
    tbody.append(frag);
    const complete = done === length;
    // On 4x4, a review the heuristic made while the network was not read says so.
    const standIn = size === LEARNED_SIZE && by !== ROLES.learnedSearch ? ' by the heuristic search (the learned network was not read yet)' : '';
    status.textContent = complete ? `Review done: every move of ${length.toLocaleString('en')} rated${standIn}.` : `Stopped after ${done.toLocaleString('en')} of ${length.toLocaleString('en')} moves.`;
    panel.classList.toggle('review-done', complete);
    drawSummary(summary, results, { length, done: complete, show, head: odds });
    controller = null;
    describe(); // the network may have been read meanwhile
    start.disabled = budget.disabled = false;
    start.textContent = 'Review again';
    stop.disabled = true;
  }

  describe();
  if (size === LEARNED_SIZE && length) makePools();
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
