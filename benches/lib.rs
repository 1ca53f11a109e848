//! The benchmarks are `moves.rs` and `ai.rs` (`make bench`); this crate has no code of its own.
