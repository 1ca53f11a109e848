// The comparison's flow, without DOM: turns the user's picks (strategies with
// their strength, games, size) into seeded games, hands them to the game pool
// (pool.js), gathers the results and asks the view to draw the summary.
// Every strategy plays seeds 1..N: the same tiles spawn for all of them. The learned search
// plays with the endgame set on 4x4 as on the game page (ai/endgame.js); a run that has it
// downloads the set at its start, beside the network, since its games play out in the workers.
import { strategyCatalog, strengthChoices, takesSeed } from '../ai/strategies.js';
import { fetchNetwork, progressText } from '../ai/network.js';
import { fetchEndgame } from '../ai/endgame.js';
import { ROLES } from '../ai/roles.js';

export const GAMES = [1, 1000];
export const MAX_MOVES = 50000;

/**
 * Per strategy: games played, the share reaching each tile and the scores' spread.
 * entries: [{label}]; results: one array of {largest, score, moves, ms} per entry.
 * Returns {tiles: [tile values, ascending], series: [{label, games, reach: [share per tile],
 * scores: [sorted], min, q1, median, q3, max, mean, msPerGame}]}.
 */
export function summarize(entries, results) {
  let low = Infinity;
  let high = 0;
  for (const list of results) {
    for (const r of list) {
      low = Math.min(low, r.largest);
      high = Math.max(high, r.largest);
    }
  }
  const tiles = [];
  if (high > 0) for (let t = Math.max(2, low); t <= high; t *= 2) tiles.push(t);
  const quantile = (sorted, q) => {
    if (!sorted.length) return null;
    const i = (sorted.length - 1) * q;
    const a = sorted[Math.floor(i)];
    const b = sorted[Math.ceil(i)];
    return a + (b - a) * (i - Math.floor(i));
  };
  const series = entries.map((entry, i) => {
    const list = results[i];
    const scores = list.map((r) => r.score).sort((a, b) => a - b);
    const n = list.length;
    return {
      label: entry.label,
      games: n,
      reach: tiles.map((t) => (n ? list.filter((r) => r.largest >= t).length / n : 0)),
      scores,
      min: scores[0] ?? null,
      q1: quantile(scores, 0.25),
      median: quantile(scores, 0.5),
      q3: quantile(scores, 0.75),
      max: scores.at(-1) ?? null,
      mean: n ? scores.reduce((a, b) => a + b, 0) / n : null,
      msPerGame: n ? list.reduce((a, r) => a + r.ms, 0) / n : null,
      movesPerGame: n ? list.reduce((a, r) => a + r.moves, 0) / n : null,
    };
  });
  return { tiles, series };
}

/**
 * engine: the loaded wasm module (for the strategy catalogue); view: the page's view (view.js);
 * run(jobs, callbacks): pool.js's runGames (replaceable in tests); network(), endgame(): the
 * downloads of the learned network and of the endgame set.
 */
export function createCompare({ engine, view, run, workers, network = fetchNetwork, endgame = fetchEndgame }) {
  const catalog = strategyCatalog(engine);
  let current = null; // { stop, entries, results, done, total }

  view.setStrategies(catalog.map((s) => ({
    name: s.name,
    label: s.label,
    choices: strengthChoices(s).map(({ key, label, default: d }) => ({ key, label, default: d })),
  })));

  function finish(text) {
    if (!current) return;
    current.stop?.();
    current.running = false;
    view.setRunning(false);
    view.setStatus(text);
  }

  const api = {
    /**
     * picks: {entries: [{strategy, strength (a key, '' for none)}], games, size}.
     * Returns false (with the reason shown) for fewer than two strategies or bad numbers.
     */
    start({ entries: picked, games, size }) {
      if (current?.running) return false;
      if (!Number.isInteger(games) || games < GAMES[0] || games > GAMES[1]) {
        view.setStatus(`Choose ${GAMES[0]} to ${GAMES[1]} games.`);
        return false;
      }
      if (!Number.isInteger(size) || size < 3 || size > 8) {
        view.setStatus('Choose a board from 3×3 to 8×8.');
        return false;
      }
      const entries = [];
      for (const p of picked) {
        const info = catalog.find((s) => s.name === p.strategy);
        if (!info) continue;
        const choices = strengthChoices(info);
        const choice = choices.find((c) => c.key === p.strength) ?? choices.find((c) => c.default);
        entries.push({
          strategy: info.name,
          label: choice ? `${info.label} · ${choice.label}` : info.label,
          options: { strategy: info.name, ...(choice?.budget ?? {}) },
          seeded: takesSeed(info),
          learned: info.needs === 'network',
        });
      }
      if (entries.length < 2) {
        view.setStatus('Pick at least two strategies (or one at two strengths).');
        return false;
      }
      // Seed by seed, every strategy in turn: the charts fill evenly.
      const jobs = [];
      for (let seed = 1; seed <= games; seed++) {
        entries.forEach((e, i) => jobs.push({
          entry: i,
          play: { size, seed, maxMoves: MAX_MOVES, options: e.seeded ? { ...e.options, seed } : e.options },
        }));
      }
      const results = entries.map(() => []);
      const errors = [];
      const state = { running: true, entries, results, done: 0, total: jobs.length, stop: null };
      current = state;
      view.setRunning(true);
      view.setProgress(0, jobs.length);
      view.setStatus(`Playing ${games} game${games === 1 ? '' : 's'} per strategy on ${size}×${size}…`);
      view.draw(summarize(entries, results), { size });
      // The learned strategies' network, downloaded first (once per page); the workers read it.
      const weights = entries.some((e) => e.learned)
        ? network({ onProgress: (p) => { if (current === state) view.setStatus(progressText(p)); } })
        : null;
      weights?.then(() => { if (current === state && state.done === 0) view.setStatus(`Playing ${games} game${games === 1 ? '' : 's'} per strategy on ${size}×${size}…`); }, () => {});
      // The endgame set, for the learned search on 4x4 (what the game page's search consults
      // from ENDGAME_FROM on); without it, what went wrong ends the Done line.
      const set = size === 4 && entries.some((e) => e.strategy === ROLES.learnedSearch) ? endgame() : null;
      let withoutSet = '';
      const pool = run({
        jobs,
        count: workers,
        weights,
        endgame: set,
        onEndgame(news) {
          if (news.error) withoutSet = ` The learned search played without the endgame table: ${news.error}.`;
        },
        onResult(job, result) {
          if (current !== state) return;
          results[job.entry].push(result);
          state.done++;
          view.setProgress(state.done, state.total);
          view.draw(summarize(entries, results), { size });
        },
        onError(job, text) {
          if (current !== state) return;
          errors.push(text);
          state.done++;
          view.setProgress(state.done, state.total);
        },
        onFail(text) {
          if (current === state) finish(`Stopped: ${text}.`);
        },
        onDone() {
          if (current !== state) return;
          finish((errors.length
            ? `Done, but ${errors.length} game${errors.length === 1 ? '' : 's'} failed: ${errors[0]}`
            : `Done: ${games} game${games === 1 ? '' : 's'} per strategy.`) + withoutSet);
        },
      });
      state.stop = pool.stop;
      return true;
    },

    /** Ends the run at once: workers terminated, games in progress dropped. */
    stop() {
      if (!current?.running) return false;
      finish(`Stopped after ${current.done} of ${current.total} games.`);
      return true;
    },

    get running() {
      return Boolean(current?.running);
    },

    destroy() {
      current?.stop?.();
      current = null;
    },
  };
  return api;
}
