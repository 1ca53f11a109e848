// The AI strategies and their settings. The list is the engine's own catalogue
// (the wasm `strategies()` export: name, label, explanation, options with ranges
// and defaults), so a strategy added in Rust needs no change here. The page's modules
// leave the explanations out (their words weigh 3 KB gzipped): the AI panel reads the
// picked strategy's from the ai module's copy, pkg/strategy-texts/<name>.json, when it
// shows it, after the first board (loadExplanation, withExplanations). This file
// decides the strength choices the page offers for each strategy, checks budgets
// and weights. The learned
// strategies (the engine's `learnedStrategies()`: they play once a network is loaded)
// come last, flagged `needs: 'network'`: the AI pool downloads the network for them (and
// the heuristic plays in their place until it is read). The game page's catalogue starts with
// its default player (best.js), which the request pipeline (request.js) resolves to one of the engine's strategies.
export const DEFAULT_STRATEGY = BEST;

/**
 * A budget given as text (an attribute, an old save) reads as a whole number from 1; the
 * strategy's own range, the engine's catalogue's, then decides (cleanBudget).
 */
export const BUDGETS = { ms: [1, Number.MAX_SAFE_INTEGER], nodes: [1, Number.MAX_SAFE_INTEGER] };

import { LADDERS, rungName, rungOf } from './strength-figures.js';
import { ROLES } from './roles.js';
import { BEST, BEST_LABEL } from './best.js';
import { SHIPPED, YOURS } from '../shared/choices.js';
import { explanationUrl } from '../shared/assets.js';

// Minimax-id's node budget; expectimax offers the ladder of strength-figures.js and, by
// default, "Fits the speed": the ladder's largest budget that fits the time between two
// moves at the chosen speed on this machine (speeds.js measures it when the AI first plays). Every
// node budget plays exactly the move the native arena measures.
const QUICK_NODES = 200000;
/** The budget that stands for "fit the speed": the request pipeline picks the node budget. */
export const AUTO = { auto: true };
const AUTO_LABEL = 'Fits the speed';
const TIMES = [10, 50, 200, 1000];
const DEPTHS = [1, 2, 3, 4, 5, 6];
const KS = [10, 50, 100, 500, 1000];

// The note a learned strategy's explanation ends with (the shipped network's download).
const NETWORK_NOTE = ' The first time it plays, the page downloads its network, once (the page shows its progress); until it is in, the heuristic (Expectimax) plays in its place.';

const num = (v) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

// One catalogue entry in the page's shape: {name, label, explanation (the engine's words, then
// the note), words (the engine's words alone: '' until they come), note ('' or a learned
// strategy's note on its network), options: {name: info}, weights: [{name, min, max,
// default}] | null, weightDefaults: {...} | null}.
function normalize(raw) {
  const name = String(raw?.name ?? raw);
  const options = {};
  for (const o of Array.isArray(raw?.options) ? raw.options : []) {
    if (o && typeof o.name === 'string') options[o.name] = o;
  }
  let weights = null;
  let weightDefaults = null;
  const w = options.weights;
  const defaults = w?.default && typeof w.default === 'object' ? w.default : raw?.weights && typeof raw.weights === 'object' ? raw.weights : null;
  if (defaults) {
    const fields = Array.isArray(w?.fields) && w.fields.length ? w.fields : Object.keys(defaults).map((k) => ({ name: k }));
    weights = fields.map((f) => ({ name: f.name, min: num(f.min), max: num(f.max), default: num(f.default) ?? num(defaults[f.name]) ?? 0 }));
    weightDefaults = Object.fromEntries(weights.map((f) => [f.name, f.default]));
  }
  const words = typeof raw?.explanation === 'string' ? raw.explanation : '';
  const note = raw?.needs === 'network' ? NETWORK_NOTE : '';
  return {
    name,
    label: typeof raw?.label === 'string' ? raw.label : name,
    explanation: words + note,
    words,
    note,
    options,
    weights,
    weightDefaults,
    needs: raw?.needs ?? null,
    network: raw?.network ?? null,
    plays: raw?.plays ?? name,
  };
}


const catalogs = new WeakMap();

// One file per strategy (written by `make build`, tools/build/strategy-texts.mjs): a first visit
// fetches only the picked strategy's words.
const texts = new Map();

/** Resolves to `name`'s explanation (the engine's words); fetched once per page, again only after a failure. */
export function loadExplanation(name) {
  if (!texts.has(name)) {
    const text = explanationUrl(name).then(fetch).then((r) => {
      if (!r.ok) throw new Error(`HTTP ${r.status} for ${name}.json`);
      return r.json();
    });
    text.catch(() => texts.delete(name));
    texts.set(name, text);
  }
  return texts.get(name);
}

/** Whether a catalogue entry has the engine's words yet (not only its note). */
export const explained = (s) => Boolean(s.words);

/** Fills in each entry's explanation from `words` ({name: explanation}) where it has none. */
export function withExplanations(catalog, words) {
  for (const s of catalog) {
    const text = typeof words?.[s.plays] === 'string' ? words[s.plays] : '';
    if (!text || explained(s)) continue;
    s.words = text;
    s.explanation = text + s.note;
  }
  return catalog;
}

/** Every strategy the engine plays, in the engine's order (weakest first). */
export function strategyCatalog(engine) {
  if (!catalogs.has(engine)) {
    // A learned strategy's explanation ends with the note on its network (the note alone until
    // the engine's words come: withExplanations).
    const learned = Array.from(engine.learnedStrategies?.() ?? []).map((s) => ({ ...s, needs: 'network', network: SHIPPED }));
    const list = [...Array.from(engine.strategies()), ...learned].map(normalize);
    catalogs.set(engine, list);
  }
  return catalogs.get(engine);
}

// "Your network": the one trained on the learn page and saved in this browser
// (network-store.js). Each learned strategy of the engine plays with it too, under a name
// of its own ("td-yours"), the engine's text with a note.
const YOURS_NOTE = ' This one plays with your network: the one you trained on the Learn page (learn.html) and saved in this browser.';
const games = new WeakMap();

/**
 * The game page's strategies: its default player (best.js: its words come from
 * strategy-texts/best.json like the engine's), the catalogue, then each learned strategy with
 * your network.
 */
export function gameCatalog(engine) {
  if (!games.has(engine)) {
    const base = strategyCatalog(engine);
    const best = normalize({ name: BEST, label: BEST_LABEL });
    const yours = base.filter((s) => s.needs === 'network').map((s) => ({
      ...s,
      name: `${s.name}-${YOURS}`,
      label: `${s.label}: your network`,
      explanation: s.words + YOURS_NOTE,
      note: YOURS_NOTE,
      network: YOURS,
      plays: s.name,
    }));
    games.set(engine, [best, ...base, ...yours]);
  }
  return games.get(engine);
}

/** The game page's learned strategies as the AI pool takes them: {name: {strategy, network}}. */
export function learnedPlays(engine) {
  return Object.fromEntries(gameCatalog(engine).filter((s) => s.needs === 'network').map((s) => [s.name, { strategy: s.plays, network: s.network }]));
}

/**
 * Where the AI panel lists a strategy: 'default' (the page's default, first), 'search' (the
 * other searching players: those with a strength to choose), 'learned' (they play with a
 * network) or 'simple' (a fixed rule); the panel shows them in that order.
 */
export function strategyGroup(info) {
  if (info.name === DEFAULT_STRATEGY) return 'default';
  if (info.needs === 'network') return 'learned';
  return strengthChoices(info).length ? 'search' : 'simple';
}
export const GROUP_ORDER = ['default', 'search', 'learned', 'simple'];

/** Names bestMove accepts; `engine` is the loaded wasm module (optional). */
export function strategyNames(engine) {
  return strategyCatalog(engine).map((s) => s.name);
}

/** A budget's key, as the strength control and the saved settings spell it: "ms50", "nodes200000", "depth4", "k100", "". */
export function budgetKey(budget) {
  const [name, value] = Object.entries(budget ?? {})[0] ?? [];
  if (name === 'auto') return 'auto';
  return name ? `${name}${value}` : '';
}

/**
 * A budget in words: "Quick (200k positions)" (a rung of the ladder of `strategy`, the
 * catalogue entry's `plays`), "200k positions", "50 ms", "Depth 4", "k = 100".
 */
export function budgetLabel(budget, strategy) {
  const [name, value] = Object.entries(budget ?? {})[0] ?? [];
  return name ? labelOf(name, value, LADDERS[strategy]) : '';
}

function labelOf(name, value, ladder) {
  if (name === 'auto') return AUTO_LABEL;
  const rung = name === 'nodes' && ladder && rungOf(value, ladder);
  if (rung) return rungName(rung);
  if (name === 'nodes') return `${value >= 1000 ? `${Math.round(value / 1000)}k` : value} positions`;
  if (name === 'ms') return value >= 1000 ? `${value / 1000} s` : `${value} ms`;
  if (name === 'depth') return `Depth ${value}`;
  return `k = ${value}`;
}

const inRange = (o, v) => (o.min == null || v >= o.min) && (o.max == null || v <= o.max);

/**
 * The strength choices for one strategy: [{key, label, budget}], the default first
 * flagged `default: true`; [] for strategies without a budget (random, corner, ...).
 * A search with a node and a time budget offers the node budget (the default:
 * deterministic) and four think times; minimax offers depths; Monte Carlo offers k.
 */
export function strengthChoices(info) {
  if (!info) return [];
  const o = info.options;
  const list = [];
  const push = (name, value) => {
    if (!inRange(o[name], value)) return;
    list.push({ key: `${name}${value}`, label: labelOf(name, value, LADDERS[info.plays]), budget: { [name]: value } });
  };
  let preferred = '';
  // The default player: the request pipeline fits the budget, and the family, to the speed.
  if (info.name === BEST) return [{ key: 'auto', label: AUTO_LABEL, budget: { ...AUTO }, default: true }];
  // A search with a time budget (expectimax, minimax-id) offers budgets; minimax and Monte
  // Carlo offer their depth or k (their `nodes` is a safety cap, left at the engine's default).
  if (o.ms) {
    const ladder = info.name === ROLES.heuristic && o.nodes;
    if (ladder) list.push({ key: 'auto', label: AUTO_LABEL, budget: { ...AUTO } });
    if (o.nodes) for (const r of ladder ? LADDERS[info.name] : [{ nodes: QUICK_NODES }]) push('nodes', r.nodes);
    for (const t of TIMES) push('ms', t);
    preferred = ladder ? 'auto' : o.nodes ? `nodes${QUICK_NODES}` : 'ms50';
  } else if (o.depth) {
    for (const d of DEPTHS) push('depth', d);
    preferred = `depth${num(o.depth.default) ?? 4}`;
  } else if (o.k) {
    for (const k of KS) push('k', k);
    preferred = `k${num(o.k.default) ?? 100}`;
  }
  for (const c of list) c.default = c.key === preferred;
  if (list.length && !list.some((c) => c.default)) list[0].default = true;
  return list;
}

/** The default budget of a strategy ({} when it has none). */
export function defaultBudget(info) {
  return strengthChoices(info).find((c) => c.default)?.budget ?? {};
}

/**
 * A budget given by an embedder or read from storage, checked against the
 * strategy's options: {ms}, {nodes}, {depth} or {k} with a whole number in range; else null.
 */
export function cleanBudget(info, budget) {
  if (!info || !budget || typeof budget !== 'object') return null;
  const entries = Object.entries(budget);
  if (entries.length !== 1) return null;
  const [name, value] = entries[0];
  if (name === 'auto') return value === true && ((info.name === ROLES.heuristic && info.options.nodes) || info.name === BEST) ? { ...AUTO } : null;
  const o = info.options[name];
  if (!['ms', 'nodes', 'depth', 'k'].includes(name) || !o || !Number.isInteger(value) || !inRange(o, value)) return null;
  return { [name]: value };
}

/**
 * Weights typed by the user, checked field by field against the catalogue's ranges.
 * Returns {weights} or {errors: {field: text}}.
 */
export function checkWeights(info, values) {
  const errors = {};
  const weights = {};
  for (const f of info?.weights ?? []) {
    const raw = values[f.name];
    const text = typeof raw === 'string' ? raw.trim() : raw;
    if (text === '' || text == null) {
      errors[f.name] = 'Enter a number.';
      continue;
    }
    const v = typeof text === 'number' ? text : Number(text);
    if (!Number.isFinite(v)) errors[f.name] = 'Not a number.';
    else if (f.min != null && v < f.min) errors[f.name] = f.min === 0 ? 'Must not be negative.' : `At least ${f.min}.`;
    else if (f.max != null && v > f.max) errors[f.name] = `At most ${f.max}.`;
    else weights[f.name] = v;
  }
  return Object.keys(errors).length ? { errors } : { weights };
}

/** Whether a request splits across workers by root move (split.js). */
export { splits } from './split.js';

/** Whether the strategy takes a `seed` (its choices are random). */
export const takesSeed = (info) => Boolean(info?.options?.seed);
