//! The integration tests, one binary: each file a module (a binary each would link the crate 13
//! times over). `cargo test --test integration MODULE::` runs one file's tests.
//! `warm_up.rs` stays a binary of its own: it checks process-wide tables before any search.

mod ai;
mod arena;
mod common;
mod game;
mod properties;
mod record;
mod spawns;
mod state;
mod state_serde;
mod strategies;
mod tablebase;
mod td;
mod vectors;
