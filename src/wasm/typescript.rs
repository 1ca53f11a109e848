//! The TypeScript types the bindings' declarations name (`www/pkg/game2048_ai.d.ts`, the
//! package's `./engine`): what the JS values the other files take and give hold. The functions
//! and classes name them with `unchecked_param_type` and `unchecked_return_type`; wasm-bindgen
//! copies this text into the declarations as it is. No code: the page's modules, built with
//! `--no-typescript`, carry none of it (wasm-bindgen drops the section from the wasm).
//!
//! The shapes are those `reports/` writes and `convert.rs` and `ai::api::options` read; the
//! strategy names are the catalogue's (tests/node/types.test.mjs checks them against it).

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = r#"
/** A move's direction. */
export type Direction = "up" | "right" | "down" | "left";

/** A game's mode, which its record carries: "classic" (the default) or "endless". */
export type Mode = "classic" | "endless";

/** A game's seed: a whole number below 2^64, as a BigInt or a number up to 2^53 - 1. */
export type Seed = bigint | number;

/** A strategy `bestMove` plays: `strategies()` and `learnedStrategies()` list each. */
export type EngineStrategyName = "random" | "corner" | "cycle" | "greedy" | "montecarlo" | "montecarlo-dynamic" | "minimax" | "minimax-id" | "expectimax" | "td" | "expectimax-td";

/** A cell: its row and column, from 0 at the top left. */
export type CellAt = [row: number, col: number];

/** A tile whose cell changed in a move (a merge's two sources too: their `to` is the merge's cell). */
export interface TileMove { id: number; from: CellAt; to: CellAt }

/** Two tiles merged into a new one (a new id) of `value`, at `at`. */
export interface TileMerge { id: number; value: number; at: CellAt; from: [idA: number, idB: number] }

/** The tile spawned after a move. */
export interface SpawnedTile { id: number; value: number; at: CellAt }

/** What `Game.move` did, to animate it. */
export interface MoveResult {
  moves: TileMove[];
  merges: TileMerge[];
  /** The tile spawned after the move; null when none did. */
  spawned: SpawnedTile | null;
  /** The points the move scored. */
  gained: number;
}

/** A tile on the board, for rendering (`Game.tiles`). */
export interface Tile { id: number; value: number; row: number; col: number }

/** A move of a record (`Replay.move`): its direction and the tile spawned after it. */
export interface RecordedMove { dir: Direction; spawn: { value: number; at: CellAt } }

/** Expectimax's evaluation weights; a field left out keeps its default (`strategies()` gives each range). */
export interface ExpectimaxWeights {
  lost_penalty?: number;
  monotonicity_power?: number;
  monotonicity?: number;
  sum_power?: number;
  sum?: number;
  merges?: number;
  empty?: number;
}

/** Minimax's (and minimax-id's) evaluation weights; a field left out keeps its default. */
export interface MinimaxWeights {
  monotonicity?: number;
  smoothness?: number;
  empty?: number;
  max_tile?: number;
  corner_bonus?: number;
  merges?: number;
}

/**
 * `bestMove`'s options: the strategy (default "expectimax") and its budget. Each strategy reads
 * its own (`strategies()` lists them); another one, or both `ms` and `nodes`, throws an Error.
 */
export interface SearchOptions {
  strategy?: EngineStrategyName;
  /** Milliseconds per move (expectimax, minimax-id, expectimax-td). */
  ms?: number;
  /** Nodes per move: the budget, or the cap (minimax, the Monte Carlo strategies). */
  nodes?: number;
  /** The deepest search, in moves. */
  depth?: number;
  /** Monte Carlo's roll-outs per root move. */
  k?: number;
  /** Seeds the random strategies (every strategy accepts it): a whole number, or its decimal text up to 2^64 - 1. */
  seed?: bigint | number | string;
  /** Search only these root moves. */
  moves?: Direction[];
  /** The evaluation's weights (expectimax, minimax, minimax-id), or their JSON text. */
  weights?: ExpectimaxWeights | MinimaxWeights | string;
}

/** `bestMove`'s answer. */
export interface BestMove {
  /** null when no move changes the board. */
  dir: Direction | null;
  /** Each move's value to the strategy; null for a move that changes nothing or that `moves` leaves out. */
  values: Record<Direction, number | null>;
  nodes: number;
  depth: number;
  ms: number;
  /** The endgame set's name (`EndgameInfo.set`) where `expectimax-td` consulted the set `loadEndgame` gave. */
  endgame?: string;
}

/** One option of a strategy, to build a settings panel from. */
export interface StrategyOption {
  name: string;
  /** "seed": a whole number up to 2^53 or a decimal string; "directions": a list of directions; "weights": an object (`fields`). */
  kind: "integer" | "number" | "seed" | "directions" | "weights";
  min?: number;
  max?: number;
  /** The value used when the option is not given (null: decided by the position, or another option is used instead). */
  default: number | Direction[] | Record<string, number> | null;
  /** "" in the page's own modules. */
  description: string;
  /** For "weights": each field, as an option of kind "number". */
  fields?: StrategyOption[];
}

/** A strategy of the catalogue (`strategies()`, `learnedStrategies()`). */
export interface StrategyInfo {
  name: EngineStrategyName;
  label: string;
  /** "" in the page's own modules. */
  explanation: string;
  options: StrategyOption[];
}

/** How a network's weights are stored. */
export type Quantisation = "f32" | "i16" | "i8" | "c8";

/** A loaded endgame set (`loadEndgame`). */
export interface EndgameInfo {
  /** The file's checksum in hex, e.g. "31c8f25b". */
  set: string;
  /** The wall table it was distilled from, e.g. "443-t9". */
  table: string;
  /** The positions it holds. */
  positions: number;
  /** Its size in memory. */
  bytes: number;
  /** The tile from which the search consults it. */
  from: number;
}

/** A loaded network (`loadWeights`, `NetworkLoader.finish`). */
export interface WeightsInfo {
  /** Its tuples, e.g. "4x6". */
  shape: string;
  levels: number;
  /** The tiles where its stages after the first begin (a board of a stage reads tables of its own), e.g. [16384]; [] for one stage. */
  stages: number[];
  quantisation: Quantisation;
  /** How many weights. */
  weights: number;
  /** Its weights' size in memory. */
  bytes: number;
}

/** A game the `Trainer` played and learned from. */
export interface TrainedGame { score: number; largest: number; moves: number }
"#;
