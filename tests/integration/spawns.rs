//! The spawn draw is pinned: the first 2,000 spawns of a seeded game on 4x4 and on 8x8 are
//! kept in `tests/data/spawns-4x4.txt` and `spawns-8x8.txt`, with the moves that led to them.
//! Replaying those moves on a game with the same seed must spawn exactly the same tiles.
//! A change to the draw (`src/spawn.rs`), to the generator (`src/rng.rs`) or to how a game
//! uses them would silently change every seeded game, saved game and shared record; this
//! test makes it loud. If such a change is ever meant, it needs a new state version.
//!
//! The files were written once by `cargo test --release --test integration -- --ignored spawns::`
//! (moves chosen by expectimax, so that the 4x4 game lasts 2,000 spawns); the moves are data
//! here, so later changes to the AI do not touch this test.
//!
//! Format: a `#` comment line; `size N`; `seed S`; `start` and the row-major exponents after
//! the two opening spawns; then one line a move: the direction's letter (u, r, d, l), the
//! spawned cell (row-major index) and the spawned tile's value.

use std::fmt::Write as _;
use std::path::PathBuf;

use game2048::ai::{best_move, NoClock, SearchOptions};
use game2048::{Direction, Game};

const SPAWNS: usize = 2000;

fn path(size: usize) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("tests/data/spawns-{size}x{size}.txt"))
}

fn letter(dir: Direction) -> char {
    dir.name().chars().next().unwrap()
}

fn direction(letter: &str) -> Direction {
    Direction::ALL
        .into_iter()
        .find(|d| d.name().starts_with(letter))
        .unwrap_or_else(|| panic!("unknown direction {letter:?}"))
}

struct Golden {
    size: usize,
    seed: u64,
    start: Vec<u8>,
    /// (move, spawned cell, spawned value)
    moves: Vec<(Direction, usize, u64)>,
}

fn read(size: usize) -> Golden {
    let path = path(size);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read the pinned spawns at {}: {e}", path.display()));
    let mut lines = text.lines().filter(|l| !l.starts_with('#'));
    let mut field = |name: &str| {
        let line = lines
            .next()
            .unwrap_or_else(|| panic!("{}: no {name}", path.display()));
        line.strip_prefix(name)
            .unwrap_or_else(|| panic!("{}: expected {name}, got {line:?}", path.display()))
            .trim()
            .to_string()
    };
    let file_size: usize = field("size").parse().unwrap();
    let seed: u64 = field("seed").parse().unwrap();
    let start = field("start")
        .split_whitespace()
        .map(|e| e.parse().unwrap())
        .collect();
    let moves = lines
        .map(|line| {
            let parts: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(parts.len(), 3, "bad line {line:?}");
            (
                direction(parts[0]),
                parts[1].parse().unwrap(),
                parts[2].parse().unwrap(),
            )
        })
        .collect();
    assert_eq!(file_size, size);
    Golden {
        size,
        seed,
        start,
        moves,
    }
}

fn check(size: usize) {
    let golden = read(size);
    assert_eq!(
        golden.moves.len() + 2,
        SPAWNS,
        "the file should pin {SPAWNS} spawns (two opening ones and one a move)"
    );
    let mut game = Game::new(golden.size, Some(golden.seed)).unwrap();
    assert_eq!(
        game.board().cells(),
        &golden.start[..],
        "the two opening spawns of seed {} on {size}x{size} changed",
        golden.seed
    );
    for (i, &(dir, cell, value)) in golden.moves.iter().enumerate() {
        let report = game
            .play(dir)
            .unwrap_or_else(|| panic!("move {} ({}) changed nothing", i + 1, dir.name()));
        let spawned = report
            .spawned
            .expect("a move that changes the board spawns");
        let got = (spawned.at[0] * size + spawned.at[1], spawned.value as u64);
        assert_eq!(
            got,
            (cell, value),
            "spawn {} (after move {}) on {size}x{size} changed",
            i + 3,
            i + 1
        );
    }
}

#[test]
fn the_first_2000_spawns_on_4x4_are_pinned() {
    check(4);
}

#[test]
fn the_first_2000_spawns_on_8x8_are_pinned() {
    check(8);
}

/// Writes the two files (run once, by hand; see the module's text).
#[test]
#[ignore]
fn write_pinned_spawns() {
    for (size, nodes) in [(4, 50_000), (8, 2_000)] {
        let options = SearchOptions::nodes(nodes);
        'seeds: for seed in 1.. {
            let mut game = Game::new(size, Some(seed)).unwrap();
            let start = game.board().cells().to_vec();
            let mut lines = String::new();
            for _ in 0..SPAWNS - 2 {
                let decision =
                    best_move(game.board().cells(), size, &options, None, &NoClock).unwrap();
                let Some(dir) = decision.dir else {
                    continue 'seeds;
                };
                let spawned = game.play(dir).unwrap().spawned.unwrap();
                let cell = spawned.at[0] * size + spawned.at[1];
                writeln!(lines, "{} {cell} {}", letter(dir), spawned.value as u64).unwrap();
            }
            let start: Vec<String> = start.iter().map(u8::to_string).collect();
            let text = format!(
                "# The first {SPAWNS} spawns of a seeded game (tests/integration/spawns.rs explains the format)\n\
                 size {size}\nseed {seed}\nstart {}\n{lines}",
                start.join(" ")
            );
            std::fs::write(path(size), text).unwrap();
            break;
        }
    }
}
