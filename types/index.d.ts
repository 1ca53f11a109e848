// Types of the package's "." entry (embed.js): mount(), its options, the controller it returns,
// the <game-2048> element and its events (docs/embed.md). Hand-written; the unions the code
// holds in lists (sizes, modes, themes, speeds, strategy names) are in ./choices.js, written by
// tools/build/types.mjs. The engine's API ("./engine") has wasm-bindgen's own declarations, typed in the
// Rust bindings (src/wasm/typescript.rs names its results and options); its Direction and Mode are
// these (tests/node/types.test.mjs checks).
import type { BoardSize, Mode, Theme, Speed, KeyboardMode, Controls, StrategyName } from './choices.js';

export type { BoardSize, Mode, Theme, Speed, KeyboardMode, Controls, StrategyName, EngineStrategyName } from './choices.js';

/** A move's direction. */
export type Direction = 'up' | 'right' | 'down' | 'left';

/** An option's value, or its text as an attribute gives it: `size: 5` or `size: '5'`. */
export type AsText<T> = T | `${T & (string | number | bigint | boolean)}`;
/** A boolean option, or its text: on for true, '', 'on' and 'true'; off for false, 'off' and 'false'. */
export type FlagOption = boolean | '' | 'on' | 'off' | 'true' | 'false';
/** A seed: a whole number below 2^64, as a BigInt, a number or its digits. */
export type Seed = bigint | number | `${bigint}`;

/**
 * mount()'s options; each attribute of <game-2048> is one (storage-key: storageKey), as a typed
 * value or as the attribute's text (`size: '5'`, `autoplay: 'on'`, `seed: '7'`).
 */
export interface MountOptions {
  /** Default: the saved game's size, else 4. A change starts a new game. */
  size?: AsText<BoardSize>;
  /** Default: the saved mode, else 'classic'. */
  mode?: Mode;
  /** Default: the saved theme, else 'system'. */
  theme?: Theme;
  /** Default: the saved strategy, else 'best' (the default player). */
  strategy?: StrategyName;
  /** The strategy's time budget per move, within its range in the engine's catalogue (1..60000). */
  ms?: AsText<number>;
  /** The strategy's node budget per move, within its range (1..1e9); wins over `ms`. */
  nodes?: AsText<number>;
  /** The AI plays from the start. */
  autoplay?: FlagOption;
  /** Default: the saved speed, else 'fast'. */
  speed?: Speed;
  /** A whole number below 2^64; default random. */
  seed?: Seed;
  /** Default 'focus'. 'element' is 'focus'; `false` is 'none'. */
  keyboard?: AsText<KeyboardMode | 'element' | false>;
  /** Default on: save the game, settings and statistics in localStorage. Re-mounts when changed. */
  persist?: FlagOption;
  /** localStorage key prefix; default `game2048:<id>`, else `game2048:<path>:board-N` (the page's path). */
  storageKey?: string;
  /** The same as storageKey. */
  prefix?: string;
  /** Default 'minimal'. */
  controls?: Controls;
  /**
   * Register the service worker (sw.js next to embed.js): the site plays offline. Site only
   * (`make dist`'s folder, on the page's origin): the npm package ships no service worker, and
   * there it warns once and does nothing.
   */
  offline?: FlagOption;
  /** A start position: tile values (2, 4, 8, ...; 0 = empty), row-major, size x size of them. */
  cells?: ArrayLike<number>;
  /** false: ignore the saved game. */
  restore?: boolean;
  /** Keep the last finished games and each board's best to review, listed in the stats panel (default off; the game page's board keeps them). */
  history?: boolean;
  /** Where to save instead of localStorage. */
  storage?: StorageLike;
  /** How many AI workers the board may run. */
  aiWorkers?: number;
  /** false: render into the element itself (the page then loads style.css, and panel.css for controls 'full'). */
  shadow?: boolean;
  /** The URL of the folder that serves the package's files (a CDN copy of the same version), for a bundler that copies no asset (esbuild, Rollup); one for the page. */
  assets?: string | URL;
}

/** What the board saves to (the `storage` option): localStorage's five members it uses. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  key(index: number): string | null;
  readonly length: number;
}

/** The options setOption() changes on a running game (the others return false: they need a new mount). */
export type SettableOption = 'size' | 'mode' | 'theme' | 'strategy' | 'ms' | 'nodes' | 'autoplay' | 'speed' | 'seed' | 'keyboard';

/** What getState() returns and subscribe() passes, after each change. */
export interface GameState {
  size: BoardSize;
  mode: Mode;
  theme: Theme;
  score: number;
  best: number;
  moves: number;
  won: boolean;
  over: boolean;
  /** Classic mode: the player chose to play on after 2048. */
  keepGoing: boolean;
  canUndo: boolean;
  /** Tile values, row-major (0 = empty). */
  cells: number[];
  aiPlaying: boolean;
  /** 'won': the win screen shows (Classic, before Keep going). */
  status: 'playing' | 'won' | 'over';
}

export interface NewGameOptions {
  size?: AsText<BoardSize>;
  mode?: Mode;
  seed?: Seed;
  cells?: ArrayLike<number>;
}

export interface LoadRecordOptions {
  /** The move to play on from (default: the record's last). */
  at?: number;
  /** Ask before replacing a game in progress (default true). */
  confirm?: boolean;
  /** The AI plays on at once. */
  ai?: boolean;
  /** Show the record's replay in the board instead. */
  replay?: boolean;
}

/**
 * The interface the controller and the element share (www/game/game-api.js's one list).
 * Calls made before `ready` are queued and return undefined; the getters read 0, false and []
 * until then. Without a board (an element not connected, or destroyed) calls do nothing.
 */
export interface Game2048Api {
  /** Starts a new game at once, without asking. */
  newGame(options?: NewGameOptions): void;
  /** true if the board changed; undefined while queued. */
  move(direction: Direction): boolean | undefined;
  /** true if a move was undone. */
  undo(): boolean | undefined;
  keepGoing(): void;
  /** false if the AI cannot play (the game is over, or the AI is unavailable). */
  startAI(): boolean | undefined;
  stopAI(): void;
  /** The AI plays one move (stopping the AI if it plays): true when it starts thinking (the move follows), false when the AI cannot play; undefined while queued. */
  step(): boolean | undefined;
  /** Shows the AI's move without playing it: true when it starts thinking, false when the AI cannot play or is playing; undefined while queued. */
  hint(): boolean | undefined;
  /** true when applied (or queued before ready); false, with a console warning naming the reason, for an invalid value, a budget or strategy the catalogue refuses, and without a board. */
  setOption<K extends SettableOption>(name: K, value: MountOptions[K]): boolean;
  /** null before ready. */
  getState(): GameState | null;
  /** The game's record (`2048r1.` ...); null before ready. */
  getRecord(): string | null;
  /** Resolves to true when done; false when declined or when the record is bad (with an `error` event). */
  loadRecord(record: string, options?: LoadRecordOptions): Promise<boolean>;
  /** fn(state) after every change; returns the unsubscribe function. */
  subscribe(fn: (state: GameState) => void): () => void;
  /** Removes the board's DOM and listeners and ends its AI workers. */
  destroy(): void;
  readonly score: number;
  readonly best: number;
  readonly won: boolean;
  readonly over: boolean;
  readonly moves: number;
  /** The board's size; 0 before ready. */
  readonly size: number;
  readonly cells: number[];
  readonly aiPlaying: boolean;
}

/** What mount() returns. */
export interface Game2048Controller extends Game2048Api {
  /** The element the board was mounted in (it fires the events). */
  readonly element: HTMLElement;
  /** Resolves to this controller when the first board is drawn; rejects when the engine cannot load. */
  readonly ready: Promise<Game2048Controller>;
}

/**
 * Renders a game into `element` (in an open shadow root unless `shadow: false`); returns at once.
 * It takes what `document.querySelector('#board')` gives: an element of the page, or null,
 * for which it throws a TypeError (the selector found nothing).
 */
export function mount(element: Element | null, options?: MountOptions): Game2048Controller;

/**
 * Points every asset of the page's boards at the folder that serves the package's files (a CDN
 * copy of the same version): an http(s) URL, absolute or relative to the page; null goes back to
 * the files next to the modules. false, changing nothing, for anything else. Call it before a
 * board asks for a file: in the script that imports the package is early enough (a board asks
 * for none until a microtask after it mounts). Without a call, `data-game2048-assets="url"` on a
 * script tag of the page names the base.
 */
export function setAssetBase(url: string | URL | null): boolean;

// --- events -------------------------------------------------------------------------------

export interface MoveDetail { direction: Direction; gained: number; score: number; by: 'player' | 'ai' }
export interface WonDetail { score: number; moves: number; mode: Mode }
export interface OverDetail { score: number; largest: number; moves: number }
/** When a game ends: the finished game's record. */
export interface RecordDetail { record: string; score: number; moves: number; size: BoardSize; mode: Mode }
/** The strategy and its budget: one of ms, nodes, depth, k, or auto (the ms between two moves at 'Fits the speed'), or none for a strategy that takes none; weights when set. */
export interface AiStartDetail {
  strategy: StrategyName;
  ms?: number;
  nodes?: number;
  depth?: number;
  k?: number;
  auto?: number;
  weights?: Record<string, number>;
}
export type AiStopReason = 'stop' | 'player' | 'won' | 'over' | 'new-game' | 'undo' | 'error' | 'destroy';
export interface AiStopDetail { reason: AiStopReason; moves: number; score: number }
export interface ErrorDetail { message: string; source: 'engine' | 'ai' | 'network' | 'endgame' | 'record' }
export interface ReadyDetail { size: BoardSize }

/** The board's events: CustomEvents on the element, bubbling and composed. */
export interface Game2048EventMap {
  move: CustomEvent<MoveDetail>;
  won: CustomEvent<WonDetail>;
  over: CustomEvent<OverDetail>;
  record: CustomEvent<RecordDetail>;
  'ai-start': CustomEvent<AiStartDetail>;
  'ai-stop': CustomEvent<AiStopDetail>;
  error: CustomEvent<ErrorDetail>;
  ready: CustomEvent<ReadyDetail>;
}

/** An element's events with the board's: its `error` is the board's CustomEvent, not an ErrorEvent. */
export type Game2048ElementEventMap = Omit<HTMLElementEventMap, keyof Game2048EventMap> & Game2048EventMap;

// --- the element ----------------------------------------------------------------------------

/** An attribute's text, as its property sets it. */
type AttributeValue<T> = AsText<T> | null;
/** What the element's property `K` takes: the attribute's value as Game2048Attributes types it. */
type AttributeProp<K extends keyof Game2048Attributes> = Exclude<Game2048Attributes[K], undefined>;

/**
 * <game-2048>: the controller's interface, and each attribute as a property that sets it
 * (reading gives the attribute's text, null when absent; autoplay and offline are booleans).
 */
export declare class Game2048Element extends HTMLElement {
  static readonly observedAttributes: readonly string[];
  /** The controller; null before the element is connected and after destroy(). */
  readonly game: Game2048Controller | null;
  /** The element the board is mounted in: this element itself. */
  readonly element: this;
  /** The board's ready; without a board, one promise (the same on every read) that settles as the next board's does once the element is connected. */
  readonly ready: Promise<Game2048Controller>;
  /** The board's size (0 before ready); setting it sets the attribute (a new game). */
  get size(): number;
  set size(value: AttributeProp<'size'>);
  get mode(): string | null;
  set mode(value: AttributeProp<'mode'>);
  get theme(): string | null;
  set theme(value: AttributeProp<'theme'>);
  get strategy(): string | null;
  set strategy(value: AttributeProp<'strategy'>);
  get ms(): string | null;
  set ms(value: AttributeProp<'ms'>);
  get nodes(): string | null;
  set nodes(value: AttributeProp<'nodes'>);
  get autoplay(): boolean;
  set autoplay(value: AttributeProp<'autoplay'>);
  get speed(): string | null;
  set speed(value: AttributeProp<'speed'>);
  get seed(): string | null;
  set seed(value: AttributeProp<'seed'>);
  get keyboard(): string | null;
  set keyboard(value: AttributeProp<'keyboard'>);
  get persist(): string | null;
  set persist(value: AttributeProp<'persist'>);
  get storageKey(): string | null;
  set storageKey(value: AttributeProp<'storageKey'>);
  get controls(): string | null;
  set controls(value: AttributeProp<'controls'>);
  get offline(): boolean;
  set offline(value: AttributeProp<'offline'>);
  get assets(): string | null;
  set assets(value: AttributeProp<'assets'>);

  addEventListener<K extends keyof Game2048ElementEventMap>(type: K, listener: (this: Game2048Element, ev: Game2048ElementEventMap[K]) => any, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof Game2048ElementEventMap>(type: K, listener: (this: Game2048Element, ev: Game2048ElementEventMap[K]) => any, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}
// The controller's methods and getters on the element (declaration merging); `size` is above.
export interface Game2048Element extends Omit<Game2048Api, 'size'> {}

// --- the tag in a framework's templates --------------------------------------------------------

/**
 * The tag's attributes as a JSX or template prop, and what each of the element's properties
 * takes (its setter above reads it from here): React 19, Vue and Svelte set a property the
 * element has rather than the attribute.
 */
export interface Game2048Attributes {
  size?: AttributeValue<BoardSize>;
  mode?: AttributeValue<Mode>;
  theme?: AttributeValue<Theme>;
  strategy?: AttributeValue<StrategyName>;
  ms?: AttributeValue<number>;
  nodes?: AttributeValue<number>;
  autoplay?: boolean;
  speed?: AttributeValue<Speed>;
  seed?: AttributeValue<bigint | number>;
  keyboard?: AttributeValue<KeyboardMode | 'element' | false>;
  persist?: AttributeValue<'on' | 'off' | boolean>;
  storageKey?: string | null;
  'storage-key'?: string | null;
  controls?: AttributeValue<Controls>;
  offline?: boolean;
  assets?: string | URL | null;
}

/**
 * The board's events as `on<event>` props, the name as the event's (`onmove`, `onai-stop`):
 * React 19 and Svelte 5 add a listener for each such function prop of a custom element.
 */
export type Game2048EventHandlers = {
  [K in keyof Game2048EventMap as `on${K}`]?: (event: Game2048EventMap[K]) => void;
};

declare global {
  interface HTMLElementTagNameMap {
    'game-2048': Game2048Element;
  }
  // The board's events bubble out of the element mount() was given: typed on every element.
  // (`error` is not here: the DOM's own `error` is an ErrorEvent; Game2048Element types it.)
  interface HTMLElementEventMap extends Omit<Game2048EventMap, 'error'> {}
}
