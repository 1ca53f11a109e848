//! The AIs: pure functions from a position (and options) to a move. The page runs them in a
//! Web Worker through `bestMove`, the arena natively through [`best_move`].
//!
//! The strategies, one module each, behind the one [`Strategy`] trait (weakest first):
//! [`random`], [`corner`], [`cycle`], [`greedy`], [`montecarlo`], [`montecarlo_dynamic`],
//! [`minimax`] (with [`minimax_eval`] and its [`MinimaxWeights`]), [`minimax_id`] and
//! [`expectimax`] (with [`eval`] and its [`EvalWeights`]). [`catalog`] describes them for
//! the page.
//!
//! - [`bitboard`]: the 4x4 board in a `u64` and its row tables (the hot path);
//! - [`generic`]: the n x n board for every size (and 4x4 beyond 32,768);
//! - [`budget`]: node and time budgets, iterative deepening; [`clock`]: the only time source;
//! - [`seeding`]: the random strategies' generators, seeded by (seed, position);
//! - [`options`]: what a caller may ask, checked; [`error`]: what can be wrong with it;
//! - [`weights`]: the evaluations' weights, their defaults and ranges.
//!
//! Without the `ai` feature (the page's main-thread module) only [`catalog`], [`options`],
//! [`error`] and [`weights`] are built: what the strategy picker shows, no search.

pub mod catalog;
pub mod error;
pub mod options;
pub mod weights;

pub use error::AiError;
pub use options::{Budget, SearchOptions, StrategyName};
pub use weights::{EvalWeights, MinimaxWeights};

/// Items built only with the `ai` feature (the search), without a `cfg` on each.
macro_rules! with_ai {
    ($($item:item)*) => { $( #[cfg(feature = "ai")] $item )* };
}

with_ai! {
    pub mod bitboard;
    pub mod budget;
    pub mod clock;
    pub mod corner;
    pub mod cycle;
    mod decide;
    pub mod eval;
    pub mod expectimax;
    pub mod generic;
    pub mod greedy;
    pub mod minimax;
    pub mod minimax_eval;
    pub mod minimax_id;
    pub mod montecarlo;
    pub mod montecarlo_dynamic;
    pub mod random;
    pub mod seeding;
    mod transposition;

    #[cfg(not(target_arch = "wasm32"))]
    pub use clock::SystemClock;
    pub use clock::{Clock, NoClock};
    pub(crate) use decide::root_moves;
    pub use decide::{best_move, check_position, strategy, warm_up, Decision, Expectimax, Strategy};
}
