// The AI's bar that every board with controls shows: Start AI / Stop, Step (the full
// panel's), Hint and the status line, the learned network's line (the heuristic plays while
// it downloads, or in its place when it cannot be had), and the game's AI summary (the full
// panel's). panel.js adds the full panel's strategy, strength and figures; a minimal board
// loads only this. Classes, text and ARIA only.
import { el, add, button } from '../shared/dom.js';
import { SHIPPED, networkUnavailable, standInText } from '../shared/choices.js';
import { ARROWS } from '../shared/board-view.js';

const clock = (ms) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * id: a prefix for element ids. handlers: { aiToggle(), aiStep(), aiHint() }.
 * controls: 'full' adds Step and the summary line.
 */
export function createAiBar(id, handlers, { controls = 'full' } = {}) {
  const full = controls === 'full';
  const ai = el('div', `ai ai-${controls}`);
  const aiBar = add(ai, el('div', 'ai-bar'));
  const aiToggle = add(aiBar, button('btn ai-toggle', 'Start AI', () => handlers.aiToggle()));
  const aiStep = button('btn ai-step', 'Step', () => handlers.aiStep());
  if (full) aiBar.append(aiStep);
  const aiHint = add(aiBar, button('btn ai-hint', 'Hint', () => handlers.aiHint()));
  const aiStatus = add(aiBar, el('p', 'ai-status'));
  aiStatus.setAttribute('role', 'status');
  // The learned network's download: a bar and "The heuristic plays while the learned network
  // downloads: 1.4 of 15.2 MB", gone once it is read.
  const network = add(ai, el('div', 'ai-network'));
  network.hidden = true;
  const networkBar = add(network, el('progress', 'ai-network-bar'));
  const networkText = add(network, el('span', 'ai-network-text'));
  networkText.id = `${id}-network-text`;
  networkBar.setAttribute('aria-labelledby', networkText.id);
  // Where to get your own network (the learn page), when none is saved.
  const networkLink = add(network, el('a', 'ai-network-learn', 'Train your network on the Learn page'));
  networkLink.hidden = true;
  const summaryLine = el('p', 'ai-summary');
  if (full) ai.append(summaryLine);

  let hintText = '';
  let hints = 0; // hint()'s calls: a hint's words that load later show only for the latest
  let offText = '';
  let startText = '';

  function setStatus() {
    aiStatus.textContent = offText ? `AI unavailable: ${offText}` : startText || hintText;
  }

  // The line of the network the picked strategy plays with (its last state), else nothing.
  const networkStates = {}; // network key -> the last state reported
  let shownNetwork = null;
  function drawNetwork() {
    const state = networkStates[shownNetwork] ?? {};
    networkLink.hidden = true;
    if (state.loading || state.progress || state.reading) {
      network.hidden = false;
      networkBar.hidden = false;
      const { loaded, total } = state.progress ?? {};
      if (total) {
        networkBar.max = total;
        networkBar.value = loaded;
      } else networkBar.removeAttribute('value');
      networkText.textContent = standInText(shownNetwork, state);
    } else if (state.error) {
      network.hidden = false;
      networkBar.hidden = true;
      networkText.textContent = `${networkUnavailable(state.network)}: ${state.error}. The heuristic plays.`;
      if (state.learn) {
        networkLink.href = state.learn;
        networkLink.hidden = false;
      }
    } else network.hidden = true;
  }

  return {
    element: ai,
    /** Puts the full panel's parts between the bar and the network line. */
    insert: (...nodes) => network.before(...nodes),
    /** Puts the full panel's parts in the bar's row, after Hint. */
    row: (...nodes) => aiStatus.before(...nodes),

    /**
     * The picked strategy ({network, networkLine: "shipped" | "yours" | null, ...}: see panel.js's
     * setBrain): the line of the network it plays with (networkLine, else network).
     */
    setBrain({ network: net = null, networkLine = net }) {
      shownNetwork = networkLine;
      drawNetwork();
    },

    /** playing; enabled: the AI may move now; off: why the AI cannot run; summary: {tile, score, moves, ms} at game over. */
    setAi({ playing, enabled, off, summary }) {
      const label = playing ? 'Stop' : 'Start AI';
      if (aiToggle.textContent !== label) aiToggle.textContent = label;
      ai.classList.toggle('ai-playing', playing);
      aiToggle.disabled = Boolean(off) || (!playing && !enabled);
      aiStep.disabled = aiHint.disabled = Boolean(off) || playing || !enabled;
      if (off) for (const b of ai.querySelectorAll('button')) b.disabled = true;
      ai.classList.toggle('ai-off', Boolean(off));
      offText = off;
      setStatus();
      const text = summary
        ? `Largest tile ${summary.tile} · Score ${summary.score} · AI moves ${summary.moves} · AI time ${clock(summary.ms)}`
        : '';
      if (summaryLine.textContent !== text) summaryLine.textContent = text;
    },

    /**
     * The network's state (pool.js's onNetwork): {loading}, {progress: {loaded, total}} or
     * {reading} (the heuristic plays meanwhile), {loaded: info} (done: the line goes) or {error,
     * learn?} (learn: the learn page's address); network: "shipped" or "yours". The line shows
     * the state of the network the picked strategy plays with.
     */
    setNetwork(state) {
      const key = state.network ?? SHIPPED;
      networkStates[key] = state;
      if (key === shownNetwork) drawNetwork();
    },

    /**
     * A request waits for the AI's worker to start: {attempt, of} (pool.js's onStarting) says
     * "Starting the AI…", a later try "Restarting the AI (try 2 of 4)…"; null clears.
     */
    starting(state) {
      startText = !state ? '' : state.attempt > 1 ? `Restarting the AI (try ${state.attempt} of ${state.of})…` : 'Starting the AI…';
      setStatus();
    },

    /**
     * The status line names the hint (null clears), the heuristic when it stood in for a learned
     * strategy (fallback), and what each other move loses against it (values, played: the
     * decision's; move-loss.js).
     */
    hint(dir, { fallback = false, values = null, played = null } = {}) {
      const asked = ++hints;
      const plain = dir ? `Hint: ${dir}${fallback ? ' (from the heuristic)' : ''}` : '';
      const show = (text) => {
        if (asked !== hints) return; // a later hint, or a move, came first
        hintText = text;
        setStatus();
      };
      if (!dir || !values) return show(plain);
      // The losses' words load with the first hint that has values (the AI has run by then); the
      // plain hint if they cannot be had.
      import('./move-loss.js').then((m) => m.hintText({ dir, values, played }, { fallback, arrows: ARROWS }), () => plain).then(show);
    },

    // What the full panel draws; nothing on a minimal board.
    flush() {},
    setSpeed() {},
    setFold() {},
    setStrategies() {},
    setWeightErrors() {},
    setAiStats() {},
    setBoard() {},
    destroy() {},
  };
}
