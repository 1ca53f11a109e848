//! The AI against the engine: the bitboard and the generic grid move exactly as `Board`
//! does (tiles past 32,768 included), `best_move` only plays legal moves, is deterministic
//! under a node budget, rejects bad input with clear messages, and plays decently.

use std::cell::Cell;

use game2048::ai::bitboard::{transpose, Bitboard};
use game2048::ai::eval::{EvalWeights, Evaluate, LineScorer, RowTable};
use game2048::ai::search::grid::Grid;
use game2048::ai::search::position::Position;
use game2048::ai::{best_move, AiError, Budget, Decision, NoClock, SearchOptions};
use game2048::{Board, Direction, Game};

use crate::common;
use common::Rng;

fn engine(size: usize, cells: &[u8]) -> Board {
    Board::from_exponents(size, cells.to_vec()).unwrap()
}

fn decide(cells: &[u8], size: usize, options: &SearchOptions) -> Decision {
    best_move(cells, size, options, None, &NoClock).unwrap()
}

/// Checks a decision against the engine: a move only where the engine can move, and a
/// chosen move exactly when one exists.
fn assert_legal(cells: &[u8], size: usize, decision: &Decision) {
    let board = engine(size, cells);
    for dir in Direction::ALL {
        assert_eq!(
            decision.values[dir.index()].is_some(),
            board.can_move(dir),
            "value for {dir} on {cells:?}"
        );
    }
    match decision.dir {
        Some(dir) => assert!(board.can_move(dir), "illegal {dir} on {cells:?}"),
        None => assert!(board.is_over(), "no move chosen on {cells:?}"),
    }
}

#[test]
fn bitboard_moves_agree_with_the_engine_on_random_boards() {
    let mut rng = Rng(1);
    let mut checked = 0;
    while checked < 20_000 {
        let cells = rng.board(4, 15);
        // Two 32,768s could merge into a tile a nibble cannot hold; those go to the grid.
        if cells.iter().filter(|&&e| e == 15).count() > 1 {
            continue;
        }
        checked += 1;
        let bits = Bitboard::from_exponents(&cells).unwrap();
        assert_eq!(bits.to_exponents().to_vec(), cells);
        assert_eq!(bits.empty_count() as usize, engine(4, &cells).empty_count());
        for dir in Direction::ALL {
            let expected = engine(4, &cells)
                .moved(dir)
                .map(|(b, _)| b.cells().to_vec());
            let got = bits.after(dir).map(|b| b.to_exponents().to_vec());
            assert_eq!(got, expected, "{dir} on {cells:?}");
            if got.is_none() {
                assert_eq!(bits.shifted(dir), bits);
            }
        }
    }
}

#[test]
fn transpose_swaps_rows_and_columns() {
    let cells: Vec<u8> = (0..16).collect();
    let t = Bitboard(transpose(Bitboard::from_exponents(&cells).unwrap().0)).to_exponents();
    for r in 0..4 {
        for c in 0..4 {
            assert_eq!(t[r * 4 + c], cells[c * 4 + r]);
        }
    }
}

#[test]
fn grid_moves_agree_with_the_engine_on_every_size_and_past_32768() {
    let mut rng = Rng(2);
    for size in 3..=8 {
        for _ in 0..2_000 {
            // Exponents up to 18 exercise 2^15, 2^16 and 2^17 merging (or not) everywhere.
            let cells = rng.board(size, 18);
            let grid = Grid::new(size, &cells);
            for dir in Direction::ALL {
                let expected = engine(size, &cells).moved(dir).map(|(b, _)| b);
                let got = grid.after(dir);
                assert_eq!(
                    got.map(|g| g.cells().to_vec()),
                    expected.map(|b| b.cells().to_vec()),
                    "{dir} on {size}x{size} {cells:?}"
                );
            }
        }
    }
}

#[test]
fn bitboard_refuses_what_a_nibble_cannot_hold() {
    let mut cells = vec![0u8; 16];
    cells[0] = 16;
    assert_eq!(Bitboard::from_exponents(&cells), None);
    cells[0] = 17;
    assert_eq!(Bitboard::from_exponents(&cells), None);
    cells[0] = 15;
    assert!(Bitboard::from_exponents(&cells).is_some());
    assert!(Bitboard::is_exact_for(&cells, 12));
    cells[5] = 15;
    assert!(!Bitboard::is_exact_for(&cells, 0), "two 32,768s may merge");
    // Were such a board handed to the bitboard anyway, its 32,768s stay whole and apart.
    cells[5] = 0;
    cells[1] = 15;
    let pair = Bitboard::from_exponents(&cells).unwrap();
    assert_eq!(pair.shifted(Direction::Left), pair);
    assert_eq!(
        pair.shifted(Direction::Right).to_exponents()[2..4],
        [15, 15]
    );
    // 32,768 + 16,384 + 8,192 + ... within reach of 65,536 in a few moves is not exact either.
    let near: Vec<u8> = vec![15, 14, 13, 12, 8, 9, 10, 11, 7, 6, 5, 4, 1, 2, 3, 3];
    assert!(!Bitboard::is_exact_for(&near, 12));
}

/// Full 4x4 boards with no equal neighbours except where `patch` says.
fn full_board(patch: &[(usize, u8)]) -> Vec<u8> {
    // A pattern with no two equal neighbours (rows and columns): 1..=8 shifted by row.
    let mut cells: Vec<u8> = (0..16)
        .map(|i| 1 + ((i % 4) * 2 + (i / 4)) as u8 % 8)
        .collect();
    for &(i, e) in patch {
        cells[i] = e;
    }
    cells
}

#[test]
fn two_32768s_merge_into_65536_when_that_is_the_only_move() {
    let cells = full_board(&[(0, 15), (1, 15)]);
    let board = engine(4, &cells);
    assert!(board.can_move(Direction::Left) && !board.can_move(Direction::Up));
    let decision = decide(&cells, 4, &SearchOptions::nodes(5_000));
    assert_legal(&cells, 4, &decision);
    let (after, gained) = board.moved(decision.dir.unwrap()).unwrap();
    assert_eq!(gained, 65_536);
    assert!(after.cells().contains(&16));
}

#[test]
fn tiles_of_65536_and_131072_are_searched_exactly() {
    let cases = [
        // 2^16 next to 2^17: nothing may merge them; the 2s and 4s decide.
        full_board(&[(0, 16), (1, 17), (2, 16), (3, 17)]),
        // Two 2^16 side by side merge into 2^17 (the 4x4 maximum).
        full_board(&[(0, 16), (1, 16), (4, 17)]),
        // 2^15, 2^16, 2^17 with room to move.
        vec![17, 16, 15, 14, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 2, 0],
        // No move at all, 2^17 included.
        full_board(&[(0, 17), (5, 16), (10, 15)]),
    ];
    for cells in &cases {
        let decision = decide(cells, 4, &SearchOptions::nodes(20_000));
        assert_legal(cells, 4, &decision);
        if let Some(dir) = decision.dir {
            let (after, _) = engine(4, cells).moved(dir).unwrap();
            let big = |c: &[u8]| {
                c.iter()
                    .filter(|&&e| e >= 15)
                    .map(|&e| 1u64 << e)
                    .sum::<u64>()
            };
            assert_eq!(
                big(after.cells()),
                big(cells),
                "big tiles stay whole on {cells:?}"
            );
        }
    }
    // The search sees these tiles as they are: at depth 1 each move's value is the
    // evaluation of the engine's own board after it (a nibble board would read 2^16 as
    // empty and 2^17 as a 2). Powers of 1 keep every evaluation above a lost position's.
    let weights = EvalWeights {
        monotonicity_power: 1.0,
        sum_power: 1.0,
        ..EvalWeights::default()
    };
    let scorer = LineScorer::new(&weights);
    let mut options = SearchOptions::nodes(20_000);
    options.depth = Some(1);
    options.weights = weights;
    for cells in &cases {
        let decision = decide(cells, 4, &options);
        let expected = Direction::ALL.map(|dir| {
            let (after, _) = engine(4, cells).moved(dir)?;
            Some(scorer.evaluate(Grid::new(4, after.cells())))
        });
        assert_eq!(decision.values, expected, "{cells:?}");
    }
}

#[test]
fn best_move_is_legal_on_every_size_and_none_when_stuck() {
    let mut rng = Rng(3);
    for size in 3..=8 {
        for _ in 0..40 {
            let cells = rng.board(size, 12);
            let decision = decide(&cells, size, &SearchOptions::nodes(2_000));
            assert_legal(&cells, size, &decision);
        }
        // A checkerboard of 2s and 4s cannot move.
        let stuck: Vec<u8> = (0..size * size)
            .map(|i| 1 + ((i / size + i % size) % 2) as u8)
            .collect();
        let decision = decide(&stuck, size, &SearchOptions::nodes(2_000));
        assert_eq!((decision.dir, decision.values), (None, [None; 4]));
    }
}

#[test]
fn node_budget_decisions_repeat_exactly() {
    let mut rng = Rng(4);
    for size in [3, 4, 4, 4, 6] {
        let cells = rng.board(size, 10);
        let options = SearchOptions::nodes(30_000);
        let mut a = decide(&cells, size, &options);
        // Another search in between must leave nothing behind that changes the next one.
        decide(&rng.board(size, 10), size, &options);
        let mut b = decide(&cells, size, &options);
        a.ms = 0.0;
        b.ms = 0.0;
        assert_eq!(a, b, "{cells:?}");
        assert!(a.nodes <= 30_000 + 1_000, "nodes {}", a.nodes);
    }
}

#[test]
fn time_budget_stops_by_the_clock() {
    // A clock that advances 1 ms each time it is read: the search must stop after ~10 reads.
    let now = Cell::new(0.0);
    let clock = || {
        now.set(now.get() + 1.0);
        now.get()
    };
    let cells = vec![1, 2, 3, 4, 0, 0, 0, 0, 8, 7, 6, 5, 0, 0, 1, 0];
    let decision = best_move(&cells, 4, &SearchOptions::millis(10.0), None, &clock).unwrap();
    assert_legal(&cells, 4, &decision);
    assert!(decision.nodes < 64 * 1024, "nodes {}", decision.nodes);
}

#[test]
fn evaluations_agree_between_bitboard_and_grid() {
    let mut rng = Rng(5);
    let table = RowTable::new(&EvalWeights::default());
    let scorer = LineScorer::new(&EvalWeights::default());
    for _ in 0..1_000 {
        let cells = rng.board(4, 15);
        let fast = table.evaluate(Bitboard::from_exponents(&cells).unwrap());
        let slow = scorer.evaluate(Grid::new(4, &cells));
        assert!(
            (fast - slow).abs() <= 1e-6 * slow.abs().max(1e5),
            "{fast} vs {slow}"
        );
    }
}

#[test]
fn all_moves_at_once_agree_with_one_move_at_a_time() {
    let mut rng = Rng(6);
    let table = RowTable::new(&EvalWeights::default());
    for _ in 0..5_000 {
        let cells = rng.board(4, 15);
        let board = Bitboard::from_exponents(&cells).unwrap();
        let all = board.shifted_all();
        let values = table.evaluate_moves(board);
        for dir in Direction::ALL {
            let next = board.shifted(dir);
            assert_eq!(all[dir.index()], next, "{dir} on {cells:?}");
            let expected = (next != board).then(|| table.evaluate(next));
            // Bit for bit: the search's values must not depend on which path computed them.
            assert_eq!(
                values[dir.index()].map(f64::to_bits),
                expected.map(f64::to_bits),
                "{dir} on {cells:?}"
            );
        }
    }
}

#[test]
fn options_read_from_json() {
    let ms = SearchOptions::from_json(r#"{"strategy":"expectimax","ms":50}"#).unwrap();
    assert_eq!(ms.budget, Budget::Millis(50.0));
    let nodes = SearchOptions::from_json(r#"{"strategy":"expectimax","nodes":200000}"#).unwrap();
    assert_eq!(nodes.budget, Budget::Nodes(200_000));
    let defaults = SearchOptions::from_json("{}").unwrap();
    assert_eq!(defaults, SearchOptions::default());
    let tuned =
        SearchOptions::from_json(r#"{"nodes":1000,"depth":3,"weights":{"empty":300}}"#).unwrap();
    assert_eq!(
        (tuned.depth, tuned.weights.empty, tuned.weights.merges),
        (Some(3), 300.0, 700.0)
    );
}

#[test]
fn bad_options_are_errors_that_name_the_problem() {
    let cases = [
        (r#"{"strategy":"nope"}"#, "unknown strategy \"nope\""),
        (r#"{"ms":-5}"#, "ms must be between 1 and 60000, got -5"),
        (r#"{"ms":0}"#, "ms must be between 1 and 60000, got 0"),
        (
            r#"{"ms":1e9}"#,
            "ms must be between 1 and 60000, got 1000000000",
        ),
        (
            r#"{"nodes":0}"#,
            "nodes must be a whole number between 1 and 1000000000, got 0",
        ),
        (
            r#"{"nodes":2.5}"#,
            "nodes must be a whole number between 1 and 1000000000, got 2.5",
        ),
        (r#"{"nodes":1e12}"#, "nodes must be a whole number"),
        (r#"{"ms":5,"nodes":5}"#, "either ms or nodes, not both"),
        (
            r#"{"depth":40}"#,
            "depth must be a whole number between 1 and 12, got 40",
        ),
        (r#"{"speed":3}"#, "unknown field `speed`"),
        (
            r#"{"weights":{"empty":-1}}"#,
            "weights.empty must be between",
        ),
        (r#"{"weights":{"colour":1}}"#, "unknown field `colour`"),
        (r#"{"ms":"fast"}"#, "invalid type"),
        ("not json", "bad AI options"),
    ];
    for (json, expected) in cases {
        let message = SearchOptions::from_json(json).unwrap_err().to_string();
        assert!(message.contains(expected), "{json}: {message}");
    }
    let nan = SearchOptions::millis(f64::NAN);
    let message = best_move(&[0; 16], 4, &nan, None, &NoClock)
        .unwrap_err()
        .to_string();
    assert_eq!(message, "ms must be between 1 and 60000, got NaN");
}

#[test]
fn bad_positions_are_errors_that_name_the_problem() {
    let options = SearchOptions::default();
    let message =
        |cells: &[u8], size| best_move(cells, size, &options, None, &NoClock).unwrap_err();
    assert_eq!(
        message(&[0; 15], 4).to_string(),
        "cells: expected 16 values for a 4x4 board, got 15"
    );
    assert_eq!(message(&[0; 4], 2), AiError::BadSize(2));
    assert_eq!(message(&[0; 81], 9), AiError::BadSize(9));
    let mut cells = vec![0u8; 16];
    cells[3] = 66;
    assert_eq!(
        message(&cells, 4).to_string(),
        "cells[3]: exponent 66 is above the largest tile 2^65"
    );
    cells[3] = 65;
    cells[4] = 65;
    assert_legal(
        &cells,
        4,
        &best_move(&cells, 4, &options, None, &NoClock).unwrap(),
    );
}

#[test]
fn a_seeded_game_with_a_small_budget_reaches_512() {
    let mut game = Game::new(4, Some(2048)).unwrap();
    let options = SearchOptions::nodes(2_000);
    while game.board().max_exponent() < 9 {
        let decision = decide(game.board().cells(), 4, &options);
        let Some(dir) = decision.dir else {
            panic!("lost at {:?}", game.board().cells());
        };
        assert!(game.play(dir).is_some());
    }
}

#[test]
fn root_moves_can_be_split_between_searches() {
    // Every direction moves here; a search told to look at some of them values only those,
    // and the best of the parts is a move the whole search could have chosen.
    let cells = [1, 2, 3, 4, 0, 1, 0, 2, 0, 0, 1, 0, 0, 0, 0, 0];
    let whole = decide(&cells, 4, &SearchOptions::nodes(20_000));
    assert!(whole.values.iter().all(Option::is_some));
    let left_up = SearchOptions::from_json(r#"{"nodes":20000,"moves":["left","up"]}"#).unwrap();
    let right_down =
        SearchOptions::from_json(r#"{"nodes":20000,"moves":["right","down"]}"#).unwrap();
    let a = decide(&cells, 4, &left_up);
    let b = decide(&cells, 4, &right_down);
    assert_eq!(a.values.map(|v| v.is_some()), [true, false, false, true]);
    assert_eq!(b.values.map(|v| v.is_some()), [false, true, true, false]);
    // At a fixed depth each part values its moves as the whole search does (up to the
    // transposition table: a chance node first reached through another root move may be
    // reused with a slightly different probability cut), so the best of the parts (the
    // worker pool's merge) is the whole search's move.
    let mut rng = Rng(7);
    let mut checked = 0;
    while checked < 40 {
        let cells = rng.board(4, 9);
        let board = engine(4, &cells);
        if Direction::ALL
            .iter()
            .filter(|&&d| board.can_move(d))
            .count()
            < 2
        {
            continue;
        }
        checked += 1;
        let fixed = |moves: &str| {
            let json = format!(r#"{{"nodes":1000000,"depth":3,"moves":{moves}}}"#);
            decide(&cells, 4, &SearchOptions::from_json(&json).unwrap())
        };
        let whole = fixed(r#"["up","right","down","left"]"#);
        let a = fixed(r#"["left","up"]"#);
        let b = fixed(r#"["right","down"]"#);
        let parts = Direction::ALL.map(|d| a.values[d.index()].or(b.values[d.index()]));
        let close = |x: f64, y: f64| (x - y).abs() <= 1e-6 * y.abs().max(1.0);
        for (part, all) in parts.iter().zip(whole.values) {
            assert_eq!(part.is_some(), all.is_some(), "{cells:?}");
            if let (Some(p), Some(w)) = (part, all) {
                assert!(close(*p, w), "{cells:?}: {p} vs {w}");
            }
        }
        let mut sorted: Vec<f64> = whole.values.iter().flatten().copied().collect();
        sorted.sort_by(|x, y| y.total_cmp(x));
        if !close(sorted[0], sorted[1]) {
            assert_eq!(
                Decision::from_values(parts, 0, 3).dir,
                whole.dir,
                "{cells:?}"
            );
        }
        assert_eq!((a.depth, b.depth, whole.depth), (3, 3, 3), "{cells:?}");
    }
    // A subset holding only an illegal move has nothing to play.
    let stuck_left = [1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    let only_left = SearchOptions::from_json(r#"{"nodes":1000,"moves":["left"]}"#).unwrap();
    let d = decide(&stuck_left, 4, &only_left);
    assert_eq!((d.dir, d.values), (None, [None; 4]));
    for (json, expected) in [
        (r#"{"moves":[]}"#, "moves must name at least one direction"),
        (
            r#"{"moves":["sideways"]}"#,
            "moves: unknown direction \"sideways\"",
        ),
        (r#"{"moves":"left"}"#, "invalid type"),
    ] {
        let err = SearchOptions::from_json(json).unwrap_err().to_string();
        assert!(err.contains(expected), "{json}: {err}");
    }
}

#[test]
fn a_node_budget_is_split_equally_over_the_root_moves() {
    // Under a node budget each legal root move is searched alone with budget / legal nodes:
    // the whole search is exactly its moves searched one at a time (what the page's workers
    // do in parallel) and assembled by the best value, first in up, right, down, left order.
    let mut rng = Rng(11);
    let mut checked = 0;
    for size in [4, 4, 4, 3, 5] {
        for _ in 0..8 {
            let cells = rng.board(size, (size * size / 2) as u8);
            let board = engine(size, &cells);
            let legal: Vec<Direction> = Direction::ALL
                .into_iter()
                .filter(|&d| board.can_move(d))
                .collect();
            if legal.is_empty() {
                continue;
            }
            let budget = 30_000;
            let whole = decide(&cells, size, &SearchOptions::nodes(budget));
            let mut values = [None; 4];
            let mut nodes = 0;
            let mut depth = u32::MAX;
            for &d in &legal {
                let json = format!(r#"{{"nodes":{budget},"moves":["{}"]}}"#, d.name());
                let part = decide(&cells, size, &SearchOptions::from_json(&json).unwrap());
                assert_eq!(part.dir, Some(d), "{cells:?}");
                // Each part spends about its share: the first iteration always completes.
                assert!(part.nodes <= budget / legal.len() as u64 + 2_000 || part.depth == 1);
                values[d.index()] = part.values[d.index()];
                nodes += part.nodes;
                depth = depth.min(part.depth);
            }
            let assembled = Decision::from_values(values, nodes, depth);
            assert_eq!(
                (whole.dir, whole.values, whole.nodes, whole.depth),
                (
                    assembled.dir,
                    assembled.values,
                    assembled.nodes,
                    assembled.depth
                ),
                "{size}x{size} {cells:?}"
            );
            // And the same again: a node budget never depends on what ran before.
            assert_eq!(decide(&cells, size, &SearchOptions::nodes(budget)), whole);
            checked += 1;
        }
    }
    assert!(checked >= 30, "{checked} positions");
}

#[test]
fn a_root_moves_share_depends_only_on_the_budget_and_the_legal_moves() {
    use game2048::ai::strategies::expectimax::root_share;
    assert_eq!(root_share(200_000, 4), 50_000);
    assert_eq!(root_share(200_000, 3), 66_666);
    assert_eq!(root_share(200_000, 1), 200_000);
    assert_eq!(root_share(2, 4), 1);
    // Two legal moves: asking for one of them gives it half the budget, not all of it.
    // Nine distinct tiles (a deep search, the budget binds); only right and down move.
    let cells = [2, 3, 4, 5, 6, 7, 8, 9, 1, 0, 0, 0, 0, 0, 0, 0];
    let only = SearchOptions::from_json(r#"{"nodes":40000,"moves":["right"]}"#).unwrap();
    let half = SearchOptions::from_json(r#"{"nodes":20000,"moves":["right"]}"#).unwrap();
    let whole_share = SearchOptions::from_json(r#"{"nodes":40000}"#).unwrap();
    let a = decide(&cells, 4, &only);
    let w = decide(&cells, 4, &whole_share);
    assert_eq!(a.values[1], w.values[1]);
    assert!(a.nodes <= 20_000 && a.nodes > 10_000, "{} nodes", a.nodes);
    let h = decide(&cells, 4, &half);
    assert!(h.nodes <= 10_000, "{} nodes", h.nodes);
}
