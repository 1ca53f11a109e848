//! `warm_up` builds every table the searches read. A test binary of its own: the tables are
//! process-wide, and any other test's search would build them first.

use game2048::ai::bitboard::Bitboard;
use game2048::ai::eval::smoothness;
use game2048::ai::eval::RowTable;
use game2048::ai::{tables_built, warm_up};

#[test]
fn warm_up_builds_every_table() {
    // Nothing has searched yet in this process: each table is still unbuilt.
    assert!(!Bitboard::tables_built(), "move tables");
    assert!(!RowTable::default_table_built(), "row table");
    assert!(!smoothness::tables_built(), "minimax powers");
    assert!(!tables_built());
    warm_up();
    assert!(Bitboard::tables_built(), "move tables");
    assert!(RowTable::default_table_built(), "row table");
    assert!(smoothness::tables_built(), "minimax powers");
    assert!(tables_built());
}
