//! Every rule case from an independent implementation of the rules, kept in the repository
//! as `tests/data/moves.jsonl` (3,600 cases, sizes 3..8; exponents: 0 empty, 1 = 2, 2 = 4, ...).
//! The file must be there: a missing file fails this test with its path, it is never skipped.

use std::path::PathBuf;

use game2048::{Board, Direction};
use serde::Deserialize;

#[derive(Deserialize)]
struct Case {
    size: usize,
    board: Vec<u8>,
    dir: String,
    after: Vec<u8>,
    gained: u64,
    moved: bool,
}

fn vectors_path() -> PathBuf {
    std::env::var_os("MOVE_VECTORS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/moves.jsonl"))
}

#[test]
fn engine_agrees_with_every_rule_vector() {
    let path = vectors_path();
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read the rule vectors at {}: {e}", path.display()));
    let mut checked = 0;
    let mut failures = Vec::new();
    for (line_no, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let case: Case = serde_json::from_str(line)
            .unwrap_or_else(|e| panic!("line {}: not a vector: {e}", line_no + 1));
        let dir: Direction = case.dir.parse().unwrap();
        let board = Board::from_exponents(case.size, case.board.clone()).unwrap();
        let (after, gained, moved) = match board.moved(dir) {
            Some((b, g)) => (b.cells().to_vec(), g, true),
            None => (case.board.clone(), 0, false),
        };
        if after != case.after || gained != case.gained || moved != case.moved {
            failures.push(format!(
                "line {}: {}x{} {:?} {}: expected {:?} +{} moved={}, got {:?} +{} moved={}",
                line_no + 1,
                case.size,
                case.size,
                case.board,
                case.dir,
                case.after,
                case.gained,
                case.moved,
                after,
                gained,
                moved
            ));
        }
        // can_move is the cheap test the AI and game-over use; it must agree with the move itself.
        assert_eq!(
            board.can_move(dir),
            case.moved,
            "line {}: can_move",
            line_no + 1
        );
        checked += 1;
    }
    assert!(
        failures.is_empty(),
        "{} of {checked} vectors disagree:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert_eq!(
        checked, 3600,
        "the rule vectors file should hold 3,600 cases"
    );
}
