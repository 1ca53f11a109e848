//! The tables the searches read, built once per thread of work (they are process-wide
//! `OnceLock`s): the bitboard's move tables, expectimax's row table for the default weights
//! and minimax's table of powers. A worker calls [`warm_up`] when it starts, so that no
//! search pays for them (about 1 MiB, a few milliseconds).

use crate::ai::eval::heuristic::RowTable;
use crate::ai::eval::smoothness;
use crate::ai::search::bitboard::Bitboard;

/// Builds every table now rather than during the first search.
pub fn warm_up() {
    Bitboard::warm_up();
    RowTable::default_table();
    smoothness::warm_up();
}

/// Whether every table [`warm_up`] builds is built.
pub fn tables_built() -> bool {
    Bitboard::tables_built() && RowTable::default_table_built() && smoothness::tables_built()
}
