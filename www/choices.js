// A board's settings and their legal values, in one place for the controller
// (saved settings, setOption) and options.js (an embedder's attributes).
export const SIZE_RANGE = [3, 8];
export const MODES = ['classic', 'endless'];
export const THEMES = ['system', 'light', 'dark', 'solarized', 'contrast'];
// AI speeds: the least time between two AI moves. At "max" the view draws once per frame.
export const SPEED_DELAY_MS = { watch: 250, fast: 100, faster: 25, max: 0 };

export const validSize = (n) => Number.isInteger(n) && n >= SIZE_RANGE[0] && n <= SIZE_RANGE[1];
