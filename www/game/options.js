// Reads an embedder's options, given as element attributes (strings) or as
// mount() options (strings or typed values), into clean values. An invalid
// value falls back to the default with one console warning naming it.
import { BUDGETS } from '../ai/strategies.js';
import { parseAssetBase } from '../shared/assets.js';
import { SIZE_RANGE as SIZE, MODES, THEMES, SPEEDS } from '../shared/choices.js';

export const CHOICES = {
  mode: MODES,
  theme: THEMES,
  speed: Object.keys(SPEEDS),
  keyboard: ['focus', 'document', 'none'],
  controls: ['none', 'minimal', 'full'],
};
/** Other spellings `keyboard` takes: `element` is `focus`, `false` (or "false") is `none`. */
export const KEYBOARD_ALIASES = { element: 'focus', false: 'none' };

/** The attribute names the element observes, in mount()'s spelling where they differ. */
export const ATTRIBUTES = ['size', 'mode', 'theme', 'strategy', 'ms', 'nodes', 'autoplay', 'speed', 'seed', 'keyboard', 'persist', 'storage-key', 'controls', 'offline', 'assets'];
export const OPTION_OF = { 'storage-key': 'storageKey' };
/** The options a running board cannot take: a change needs a new mount (setOption returns false). */
export const REMOUNT_OPTIONS = ['persist', 'storageKey', 'controls', 'offline', 'assets'];
/** The options setOption() applies to a running board; it returns false for any other name. */
export const SETTABLE_OPTIONS = ['size', 'mode', 'theme', 'strategy', 'ms', 'nodes', 'autoplay', 'speed', 'seed', 'keyboard'];
/** The attributes that are on by their presence (`autoplay`, not `autoplay="on"`): boolean properties of the element. */
export const FLAG_ATTRIBUTES = ['autoplay', 'offline'];

const DEFAULTS = {
  size: 'the saved game, else 4', mode: 'the saved mode, else classic', theme: 'the saved theme, else system',
  speed: 'the saved speed, else fast', ms: "the saved strength, else the strategy's default", nodes: "the saved strength, else the strategy's default",
  seed: 'random', keyboard: 'focus', persist: 'on', history: 'off', storageKey: 'from the id', autoplay: 'off', controls: 'minimal', offline: 'off',
  assets: 'the files next to the modules',
};

const spell = (name) => Object.keys(OPTION_OF).find((k) => OPTION_OF[k] === name) ?? name;

function whole(value, [lo, hi]) {
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return Number.isInteger(n) && n >= lo && n <= hi ? n : undefined;
}

function flag(value) {
  if (value === true || value === '' || value === 'on' || value === 'true') return true;
  if (value === false || value === 'off' || value === 'false') return false;
  return undefined;
}

/**
 * A boolean attribute's value (autoplay, offline), by HTML's rule: present is on, whatever its
 * text, but for `off` and `false`. `warn` says so for any other text than '', on and true.
 */
export function flagAttribute(name, value, warn = console.warn) {
  const clean = flag(value);
  if (clean !== undefined || typeof value !== 'string') return clean;
  warn(`2048: ${name}="${value}" is on: a boolean attribute is on whenever present (only "off" and "false" turn it off).`);
  return true;
}

/**
 * One option: its clean value, or undefined when absent or invalid (with a warning that ends
 * with `outcome`, what happens instead: by default, the default is used).
 */
export function readOption(name, value, warn = console.warn, outcome = `using the default (${DEFAULTS[name] ?? 'default'})`) {
  if (value == null) return undefined;
  let clean;
  if (name === 'size') clean = whole(value, SIZE);
  else if (name === 'ms' || name === 'nodes') clean = whole(value, BUDGETS[name]);
  else if (FLAG_ATTRIBUTES.includes(name)) clean = flagAttribute(name, value, warn);
  else if (name === 'persist' || name === 'history') clean = flag(value);
  else if (name === 'seed') {
    if (typeof value === 'bigint') clean = value >= 0n && value < 2n ** 64n ? value : undefined;
    else if (/^\d{1,20}$/.test(String(value).trim())) {
      const n = BigInt(String(value).trim());
      clean = n < 2n ** 64n ? n : undefined;
    }
  } else if (name === 'keyboard') {
    const v = KEYBOARD_ALIASES[String(value)] ?? value;
    clean = CHOICES.keyboard.includes(v) ? v : undefined;
  } else if (CHOICES[name]) clean = CHOICES[name].includes(value) ? value : undefined;
  else if (name === 'assets') clean = parseAssetBase(value)?.href;
  else if (name === 'strategy' || name === 'storageKey') clean = typeof value === 'string' && value.trim() ? value.trim() : undefined;
  else return value;
  if (clean === undefined) {
    warn(`2048: ${spell(name)}="${String(value)}" is not valid; ${outcome}.`);
  }
  return clean;
}

/** Every option in `raw` (mount()'s names); unknown names pass through unchanged. */
export function readOptions(raw, warn) {
  const out = {};
  for (const [name, value] of Object.entries(raw)) {
    const clean = readOption(name, value, warn);
    if (clean !== undefined) out[name] = clean;
  }
  return out;
}
