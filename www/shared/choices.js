// A board's settings, their legal values and their labels, in one place for the
// controller (saved settings, setOption), options.js (an embedder's attributes)
// and the panel (the buttons).
export const SIZE_RANGE = [3, 8];
export const SIZES = Array.from({ length: SIZE_RANGE[1] - SIZE_RANGE[0] + 1 }, (_, i) => SIZE_RANGE[0] + i);
export const MODE_LABELS = { classic: 'Classic', endless: 'Endless' };
export const THEME_LABELS = { system: 'System', light: 'Light', dark: 'Dark', solarized: 'Solarized', contrast: 'High contrast' };
export const MODES = Object.keys(MODE_LABELS);
export const THEMES = Object.keys(THEME_LABELS);
/**
 * The AI's speeds, the one table: each speed's label; `delayMs`, the least time between two AI
 * moves (the pacing; at Max none, and the view draws once per frame); `intervalMs`, the time
 * between two drawn moves a search's budget is fitted to ("Fits the speed", of which it may
 * take FILL: strength-figures.js), at Max at least the 61 moves a second of the strongest
 * browser AI we know. Read by the AI's pacing and budget, the panel, the embed's options and
 * the docs' and figures' tools.
 */
export const SPEEDS = {
  watch: { label: 'Watch', delayMs: 250, intervalMs: 250 },
  fast: { label: 'Fast', delayMs: 100, intervalMs: 100 },
  faster: { label: 'Faster', delayMs: 25, intervalMs: 25 },
  max: { label: 'Max', delayMs: 0, intervalMs: 1000 / 61 },
};
/** Whether `speed` is one of SPEEDS. */
export const validSpeed = (speed) => typeof speed === 'string' && Object.hasOwn(SPEEDS, speed);
// The networks a learned strategy plays with (the `network` choice, the AI pool's keys):
// the one the page ships (network.js) and yours, trained on the learn page (network-store.js).
export const SHIPPED = 'shipped';
export const YOURS = 'yours';
/** How a network's failure line starts: your network's, or the shipped one's. */
export const networkUnavailable = (network) => (network === YOURS ? 'Your network is unavailable' : 'The learned network is unavailable');
/** A network that cannot be had, in the words of its one notice and `error` event. */
export const networkFailed = (network, error) => `${networkUnavailable(network)}: ${error}. The heuristic (Expectimax) plays in its place.`;
/** The notice and `error` event of an endgame set that cannot be had (ai/endgame.js's error). */
export const endgameFailed = (error) => `${error[0].toUpperCase()}${error.slice(1)}. The learned search plays on without it.`;

const mb = (n) => (n / 1e6).toFixed(1);
/** A download so far: "1.4 of 15.2 MB" ("1.4 MB" when its size is not known). */
export const megabytes = ({ loaded, total }) => (total ? `${mb(loaded)} of ${mb(total)} MB` : `${mb(loaded)} MB`);

/**
 * The network line while the heuristic stands in for a learned strategy (pool.js's states):
 * "The heuristic plays while the learned network downloads: 1.4 of 15.2 MB", "... while the
 * AI reads the learned network"; your network "loads" (from this browser).
 */
export function standInText(network, { progress, reading } = {}) {
  const what = network === YOURS ? 'your network' : 'the learned network';
  if (reading) return `The heuristic plays while the AI reads ${what}`;
  const how = network === YOURS ? 'loads' : 'downloads';
  return `The heuristic plays while ${what} ${how}${progress ? `: ${megabytes(progress)}` : ''}`;
}

export const sizeLabel = (n) => `${n}×${n}`;
export const validSize = (n) => Number.isInteger(n) && n >= SIZE_RANGE[0] && n <= SIZE_RANGE[1];
