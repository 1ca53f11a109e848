//! The strategies, one file each, behind the one [`Strategy`](decision::Strategy) trait
//! (weakest first): [`random`], [`corner`], [`cycle`], [`greedy`], [`montecarlo`],
//! [`montecarlo_dynamic`], [`minimax`], [`minimax_id`], [`expectimax`]; the learned ones,
//! with a network passed to them: [`td`], [`expectimax_td`] (expectimax's search, the network's
//! evaluation).
//!
//! Imports run one way: every strategy imports [`decision`] (what a strategy returns and
//! the trait); [`dispatch`] imports every strategy (options -> strategy -> move). Two
//! strategies share code with a sibling: `minimax_id` runs `minimax`'s search with pruned
//! spawns, `montecarlo_dynamic` runs `montecarlo`'s roll-outs with more of them.

pub mod corner;
pub mod cycle;
pub mod decision;
pub mod dispatch;
pub mod expectimax;
pub mod expectimax_td;
pub mod greedy;
pub mod minimax;
pub mod minimax_id;
pub mod montecarlo;
pub mod montecarlo_dynamic;
pub mod random;
pub mod td;
