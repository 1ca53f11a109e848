// Writes custom-elements.json, the Custom Elements Manifest (schema 1.0.0,
// https://github.com/webcomponents/custom-elements-manifest) of <game-2048>: its attributes
// from options.js's ATTRIBUTES, its members from the element's prototype (game-api.js's one
// list, the element's own and its attribute properties), its events, and embed.js's exports;
// the words and types from the tables below; its CSS parts, and the custom properties (tokens)
// that a host sets on the element, read from style.css with each theme's default. Each export
// is declared in the module embed.js re-exports it from, which the package ships under its
// own name (dist.mjs's FIRST_BOARD or BUNDLE_ENTRIES): a manifest names no module it lacks.
//   node tools/build/custom-elements.mjs           # writes it
//   node tools/build/custom-elements.mjs --check   # fails while it differs (tests/node/custom-elements.test.mjs)
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ATTRIBUTES, FLAG_ATTRIBUTES, OPTION_OF } from '../../www/game/options.js';
import { API_METHODS } from '../../www/game/game-api.js';
import { Game2048Element } from '../../www/game/element.js';
import { unions, unionText } from './types.mjs';
import { BUNDLE_ENTRIES, FIRST_BOARD } from './dist.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const OUT = 'custom-elements.json';
const ELEMENT_MODULE = 'www/game/element.js';
const TAG = 'game-2048';

// Each attribute's type (a union of types/choices.d.ts by name, or TypeScript text), default and words.
const ATTRIBUTE_WORDS = {
  size: ['AsText<BoardSize>', 'the saved game\'s size, else 4', 'The board\'s size (n x n); a change starts a new game. Its property reads the board\'s size (0 before ready).'],
  mode: ['Mode', 'the saved mode, else classic', 'Classic (the win screen at 2048) or endless; a change starts a new game.'],
  theme: ['Theme', 'the saved theme, else system', 'The colour theme.'],
  strategy: ['StrategyName', 'the saved strategy, else best', 'The AI\'s player: best (the strongest at this speed) or a strategy of the engine\'s catalogue.'],
  ms: ['AsText<number>', 'the strategy\'s default', 'The strategy\'s time budget per move (ms), within its range.'],
  nodes: ['AsText<number>', 'the strategy\'s default', 'The strategy\'s node budget per move, within its range; wins over ms.'],
  autoplay: ['FlagOption', 'false', 'The AI plays; adding or removing it starts or stops the AI. On whenever present (any text warns but "", on and true), but for off and false.'],
  speed: ['Speed', 'the saved speed, else fast', 'The least time between two AI moves.'],
  seed: ['Seed', 'random', 'A whole number below 2^64: the game\'s spawns; a change starts a new game.'],
  keyboard: ['AsText<KeyboardMode | \'element\' | false>', 'focus', 'Which keys move the board: focus (only while it has the focus; element is the same), document, or none (false is the same).'],
  persist: ['FlagOption', 'on', 'Save the game, settings and statistics in localStorage; a change re-mounts the board.'],
  'storage-key': ['string', 'game2048:<id>, else game2048:<path>:board-N', 'The localStorage key prefix; a change re-mounts the board.'],
  controls: ['Controls', 'minimal', 'none (the board alone), minimal (score, New game, Start AI, Hint) or full (every control); a change re-mounts the board.'],
  offline: ['FlagOption', 'false', 'Register the service worker (sw.js next to embed.js) so the site plays offline: site only (make dist folder), the npm package ships none and there it warns once; a change re-mounts the board.'],
  assets: ['string | URL', 'the files next to the modules', 'The URL of the folder that serves the package\'s files (a CDN copy of the same version), for a bundler that copies no `new URL` asset (esbuild, Rollup); one for the page; a change re-mounts the board.'],
};

// Members besides the attributes' properties: type text and words (methods: parameters, return).
const FIELDS = {
  game: ['Game2048Controller | null', 'The controller mount() returned; null before the element is connected and after destroy().'],
  element: ['this', 'The element the board is mounted in: this element.'],
  ready: ['Promise<Game2048Controller>', 'Resolves to the controller when the first board is drawn; rejects when the engine cannot load. Without a board, one promise (the same on every read) that settles as the next board\'s does once the element is connected.'],
  score: ['number', 'The score (0 before ready).'],
  best: ['number', 'The best score of this size and mode (0 before ready).'],
  won: ['boolean', 'A 2048 tile was made.'],
  over: ['boolean', 'No move is left.'],
  moves: ['number', 'Moves played (0 before ready).'],
  size: ['number', 'The board\'s size (0 before ready); setting it sets the size attribute (a new game).'],
  cells: ['number[]', 'Tile values, row-major, 0 = empty ([] before ready).'],
  aiPlaying: ['boolean', 'The AI is playing.'],
};
const METHODS = {
  newGame: [[['options', 'NewGameOptions', true]], 'void', 'Starts a new game at once ({size, mode, seed, cells}).'],
  move: [[['direction', 'Direction']], 'boolean | undefined', 'Plays a move; true if the board changed.'],
  undo: [[], 'boolean | undefined', 'Undoes the last move; true if one was undone.'],
  keepGoing: [[], 'void', 'Plays on after 2048 (Classic).'],
  startAI: [[], 'boolean | undefined', 'Starts the AI; false if it cannot play.'],
  stopAI: [[], 'void', 'Stops the AI.'],
  step: [[], 'boolean | undefined', 'The AI plays one move: true when it starts thinking (the move follows), false when it cannot play.'],
  hint: [[], 'boolean | undefined', 'Shows the AI\'s move without playing it: true when it starts thinking, false when the AI cannot play or is playing.'],
  setOption: [[['name', 'SettableOption'], ['value', 'MountOptions[typeof name]']], 'boolean', 'Changes an option on the running game; false, with a console warning naming the reason, for any other option, for invalid values and without a board.'],
  getState: [[], 'GameState | null', 'The game\'s state (null before ready).'],
  getRecord: [[], 'string | null', 'The game\'s record (2048r1. ...; null before ready).'],
  loadRecord: [[['record', 'string'], ['options', 'LoadRecordOptions', true]], 'Promise<boolean>', 'Plays on from a record ({at, confirm, ai}), or shows its replay ({replay: true}).'],
  subscribe: [[['fn', '(state: GameState) => void']], '() => void', 'Calls fn(state) after every change; returns the unsubscribe function.'],
  destroy: [[], 'void', 'Removes the board (its DOM, listeners and AI workers); the element stays.'],
};
export const EVENTS = {
  move: ['MoveDetail', 'A move was played: {direction, gained, score, by: "player" | "ai"}.'],
  won: ['WonDetail', 'A 2048 tile was made: {score, moves, mode}.'],
  over: ['OverDetail', 'No move is left: {score, largest, moves}.'],
  record: ['RecordDetail', 'A game ended: {record, score, moves, size, mode}.'],
  'ai-start': ['AiStartDetail', 'The AI started: {strategy} and its budget, one of ms, nodes, depth, k or auto (none for a strategy that takes none, e.g. td), with weights when set.'],
  'ai-stop': ['AiStopDetail', 'The AI stopped: {reason, moves, score}.'],
  error: ['ErrorDetail', 'The engine, the AI, the learned network or a record failed: {message, source}.'],
  ready: ['ReadyDetail', 'The first board is drawn: {size}.'],
};

const CHOICES = unions();
// A type's text, each union of types/choices.d.ts named in it written out.
const type = (text) => ({ text: text.replace(/\b[A-Z]\w*\b/g, (name) => (CHOICES[name] ? unionText(CHOICES[name]) : name)) });
const propertyOf = (attribute) => OPTION_OF[attribute] ?? attribute;
const ref = (name, module) => ({ name, module });

function attributes() {
  return ATTRIBUTES.map((name) => {
    const [t, fallback, description] = ATTRIBUTE_WORDS[name];
    return { name, type: type(t), default: fallback, description, fieldName: propertyOf(name) };
  });
}

/** The element's public members, by kind, read from its prototype (not its lifecycle callbacks). */
export function elementMembers() {
  const proto = Game2048Element.prototype;
  const names = Object.getOwnPropertyNames(proto).filter((n) => n !== 'constructor' && !n.endsWith('Callback'));
  const kindOf = (n) => (typeof Object.getOwnPropertyDescriptor(proto, n).value === 'function' ? 'method' : 'field');
  return Object.fromEntries(names.map((n) => [n, kindOf(n)]));
}

function members() {
  const byProperty = Object.fromEntries(ATTRIBUTES.map((a) => [propertyOf(a), a]));
  return Object.entries(elementMembers()).map(([name, kind]) => {
    if (kind === 'method') {
      const [params, returns, description] = METHODS[name];
      const parameters = params.map(([p, t, optional]) => ({ name: p, type: type(t), ...(optional ? { optional: true } : {}) }));
      return { kind, name, description, parameters, return: { type: type(returns) } };
    }
    const attribute = byProperty[name];
    if (attribute && name !== 'size') {
      const flag = FLAG_ATTRIBUTES.includes(attribute);
      return { kind, name, type: type(flag ? 'boolean' : 'string | null'), description: `The ${attribute} attribute as a property (setting it sets the attribute).`, attribute, reflects: true };
    }
    const [t, description] = FIELDS[name];
    return { kind, name, type: type(t), description, ...(attribute ? { attribute, reflects: true } : { readonly: true }) };
  });
}

/** The manifest, from the code and the tables above. */
// The board's CSS parts (dom.js's part(): board-view.js, tile-layer.js, every button), for a
// host page's ::part() rules; tests/node/custom-elements.test.mjs holds them to the code.
export const PART_WORDS = {
  board: 'The board: its background, behind the cells and tiles.',
  cell: 'An empty cell, behind the tiles.',
  tile: 'A tile: its box and its number.',
  'tile-<value>': 'A tile of that value, e.g. tile-2048 (with tile): one value\'s colours.',
  score: 'The score box.',
  best: 'The best score box.',
  message: 'The win or game-over overlay over the board.',
  button: 'Every button of the board\'s controls.',
};

// The tokens a host sets on <game-2048> (or on mount()'s element): style.css reads each as
// var(--game2048-NAME, its default), the default being a theme's variable or a value.
export const TOKEN_WORDS = {
  ...Object.fromEntries([2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048].map((v) => [`tile-${v}`, `The ${v} tile's background.`])),
  'tile-super': ['each value its own hue', 'The background of every tile above 2048 (one colour for all of them).'],
  'tile-text-light': 'The number on the 2 and 4 tiles.',
  'tile-text-dark': 'The number on the 8 to 64 tiles.',
  'tile-text-gold': 'The number on the 128 to 2048 tiles.',
  'tile-text-super': 'The number on the tiles above 2048.',
  board: 'The board\'s background, between the cells.',
  cell: 'An empty cell\'s background.',
  frame: 'The background around the board (the score, buttons and notices sit on it) and of its dialogs.',
  text: 'The text on the frame: the title, notices, panels and dialogs.',
  gap: ['the board\'s width / (7n + 1) on an n x n board (a cell is 6 gaps)', 'The space between two cells and around them (a length); the cells share what is left.'],
  radius: 'The board\'s corner radius; the cells\' and tiles\' are three quarters of it (on a board narrower than 480 px, 4px for all, or the token).',
  font: 'The font family of the whole board.',
};
export const TOKEN_PREFIX = '--game2048-';
const THEME_SHEETS = ['style.css', 'panel.css'];

// The text after `open` up to its balanced closing parenthesis.
function balanced(text, open) {
  let depth = 1;
  for (let i = open; i < text.length; i++) {
    depth += text[i] === '(' ? 1 : text[i] === ')' ? -1 : 0;
    if (depth === 0) return text.slice(open, i);
  }
  throw new Error('unbalanced var(');
}

/** Each token style.css reads, with its first default: { name: fallback text }. */
export function tokenDefaults(css = readFileSync(`${ROOT}style.css`, 'utf8')) {
  const found = {};
  for (const m of css.matchAll(/var\(--game2048-([a-z0-9-]+),\s*/g)) {
    found[m[1]] ??= balanced(css, m.index + m[0].length).trim();
  }
  return found;
}

/** Each theme's variables: { light: { t2: '#eee4da', ... }, dark: ..., solarized: ..., contrast: ... }. */
export function themeValues() {
  const themes = {};
  for (const sheet of THEME_SHEETS) {
    for (const [, name, body] of readFileSync(ROOT + sheet, 'utf8').matchAll(/\.g2048\.theme-(\w+)\s*\{([^}]*)\}/g)) {
      themes[name] = Object.fromEntries([...body.matchAll(/--([\w-]+):\s*([^;]+);/g)].map(([, k, v]) => [k, v.trim()]));
    }
  }
  return themes;
}

function cssProperties() {
  const defaults = tokenDefaults();
  const themes = themeValues();
  const unnamed = Object.keys(defaults).filter((n) => !TOKEN_WORDS[n]);
  if (unnamed.length) throw new Error(`no words for --game2048-${unnamed.join(', --game2048-')} in tools/build/custom-elements.mjs`);
  return Object.entries(TOKEN_WORDS).map(([name, words]) => {
    const [fixed, description] = Array.isArray(words) ? words : [null, words];
    const fallback = defaults[name];
    if (fallback === undefined) throw new Error(`style.css does not read ${TOKEN_PREFIX}${name}`);
    const internal = /^var\(--([\w-]+)\)$/.exec(fallback)?.[1];
    const byTheme = internal && Object.entries(themes).map(([theme, values]) => `${theme} ${values[internal]}`).join('; ');
    return { name: TOKEN_PREFIX + name, description, default: fixed ?? byTheme ?? fallback };
  });
}

export async function manifest() {
  const missing = Object.keys(API_METHODS).filter((m) => !METHODS[m]);
  if (missing.length) throw new Error(`no words for ${missing.join(', ')} in tools/build/custom-elements.mjs`);
  const where = embedExports();
  const exported = Object.keys(await import('../../embed.js')).sort();
  const unplaced = exported.filter((name) => !where[name]);
  if (unplaced.length) throw new Error(`embed.js exports ${unplaced.join(', ')} other than by \`export { … } from './www/…'\``);
  const element = {
    kind: 'class',
    name: 'Game2048Element',
    tagName: TAG,
    customElement: true,
    description: 'A game of 2048 with its AI (docs/embed.md). Its attributes are mount()\'s options; it offers the controller\'s interface, and its events are CustomEvents that bubble and are composed.',
    superclass: { name: 'HTMLElement', package: 'global:' },
    attributes: attributes(),
    members: members(),
    events: Object.entries(EVENTS).map(([name, [detail, description]]) => ({ name, type: { text: `CustomEvent<${detail}>` }, description })),
    cssParts: Object.entries(PART_WORDS).map(([name, description]) => ({ name, description })),
    cssProperties: cssProperties(),
  };
  const mount = {
    kind: 'function',
    name: 'mount',
    description: 'Renders a game into element (in an open shadow root unless shadow: false) and returns its controller at once.',
    parameters: [{ name: 'element', type: { text: 'Element | null' } }, { name: 'options', optional: true, type: { text: 'MountOptions' } }],
    return: { type: { text: 'Game2048Controller' } },
  };
  const setAssetBase = {
    kind: 'function',
    name: 'setAssetBase',
    description: 'Points every asset of the page\'s boards at the folder that serves the package\'s files (an http(s) URL, absolute or relative to the page; null: the files next to the modules). Returns false, changing nothing, for anything else. Call it before a board asks for a file: in the script that imports the package is early enough. Without a call, data-game2048-assets=\"url\" on a script tag names the base.',
    parameters: [{ name: 'url', type: { text: 'string | URL | null' } }],
    return: { type: { text: 'boolean' } },
  };
  if (where.Game2048Element !== ELEMENT_MODULE) throw new Error(`embed.js re-exports Game2048Element from ${where.Game2048Element}, not ${ELEMENT_MODULE}`);
  const declarations = { Game2048Element: element, mount, setAssetBase };
  const definition = { kind: 'custom-element-definition', name: TAG, declaration: ref('Game2048Element', ELEMENT_MODULE) };
  // Each module embed.js re-exports from, declaring what it exports (in embed.js's order).
  const modules = [...new Set(Object.values(where))].map((path) => {
    const names = Object.keys(where).filter((name) => where[name] === path);
    const exports = names.map((name) => ({ kind: 'js', name, declaration: ref(name, path) }));
    return { kind: 'javascript-module', path, declarations: names.map((name) => declarations[name]), exports: path === ELEMENT_MODULE ? [...exports, definition] : exports };
  });
  return {
    schemaVersion: '1.0.0',
    readme: 'docs/embed.md',
    modules: [
      { kind: 'javascript-module', path: 'embed.js', declarations: [], exports: [...exported.map((name) => ({ kind: 'js', name, declaration: ref(name, where[name]) })), definition] },
      ...modules,
    ],
  };
}

/**
 * embed.js's exports, each with the module it re-exports it from (`export { … } from './…'`):
 * { name: path }. Throws for a module the package does not ship under its own name (dist.mjs:
 * FIRST_BOARD and BUNDLE_ENTRIES keep theirs; every other module is bundled into them).
 */
export function embedExports(text = readFileSync(`${ROOT}embed.js`, 'utf8')) {
  const where = {};
  for (const [, names, path] of text.matchAll(/^export\s*\{([^}]*)\}\s*from\s*'\.\/([^']+)';/gm)) {
    if (path !== FIRST_BOARD && !BUNDLE_ENTRIES.includes(path)) throw new Error(`embed.js re-exports from ${path}, which the package bundles into another file`);
    for (const name of names.split(',').map((n) => n.trim()).filter(Boolean)) where[name] = path;
  }
  return where;
}

export const manifestText = async () => `${JSON.stringify(await manifest(), null, 2)}\n`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = await manifestText();
  if (process.argv.includes('--check')) {
    if (readFileSync(ROOT + OUT, 'utf8') !== text) {
      console.error(`${OUT} differs from the code: run node tools/build/custom-elements.mjs`);
      process.exit(1);
    }
  } else {
    writeFileSync(ROOT + OUT, text);
    console.log(`wrote ${OUT}`);
  }
}
