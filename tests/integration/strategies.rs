//! Every strategy behind the one entry point: legal moves on every size, `moves` honoured,
//! the documented choices (greedy's ties, corner's order, cycle's place), reproducible
//! randomness, Monte Carlo's roll-outs exact and worth their cost, minimax's search and
//! weights, deterministic node budgets, and options errors that name the problem.

use game2048::ai::catalog::{self, DefaultValue};
use game2048::ai::eval::smoothness::{evaluate, MinimaxWeights};
use game2048::ai::minimax::Minimax;
use game2048::ai::montecarlo::{rollout, rollout_on_grid, Rollout};
use game2048::ai::montecarlo_dynamic::effective_k;
use game2048::ai::options::{
    DEFAULT_K, DEFAULT_MINIMAX_DEPTH, DEFAULT_MINIMAX_NODES, DEFAULT_MONTECARLO_NODES,
};
use game2048::ai::seeding::rng_for;
use game2048::ai::{best_move, Decision, EvalWeights, NoClock, SearchOptions, StrategyName};
use game2048::{Board, Direction, Game};

use crate::common;
use common::Rng;

fn options(json: &str) -> SearchOptions {
    SearchOptions::from_json(json).unwrap_or_else(|e| panic!("{json}: {e}"))
}

fn decide(cells: &[u8], size: usize, options: &SearchOptions) -> Decision {
    best_move(cells, size, options, None, &NoClock).unwrap()
}

fn engine(size: usize, cells: &[u8]) -> Board {
    Board::from_exponents(size, cells.to_vec()).unwrap()
}

/// Cheap options for every strategy (the budgets small enough to run on every size).
fn cheap(strategy: StrategyName) -> SearchOptions {
    let json = match strategy {
        StrategyName::MonteCarlo => r#"{"strategy":"montecarlo","k":3}"#.to_string(),
        StrategyName::MonteCarloDynamic => r#"{"strategy":"montecarlo-dynamic","k":1}"#.into(),
        StrategyName::Minimax => r#"{"strategy":"minimax","depth":2}"#.into(),
        StrategyName::MinimaxId => r#"{"strategy":"minimax-id","nodes":3000}"#.into(),
        StrategyName::Expectimax => r#"{"strategy":"expectimax","nodes":2000}"#.into(),
        other => format!(r#"{{"strategy":"{}"}}"#, other.name()),
    };
    options(&json)
}

/// A move only where the engine can move (and only among `allowed`), and a chosen move
/// exactly when one exists.
fn assert_legal(cells: &[u8], size: usize, allowed: [bool; 4], decision: &Decision, what: &str) {
    let board = engine(size, cells);
    for dir in Direction::ALL {
        assert_eq!(
            decision.values[dir.index()].is_some(),
            allowed[dir.index()] && board.can_move(dir),
            "{what}: value for {dir} on {size}x{size} {cells:?}"
        );
    }
    let any = Direction::ALL
        .iter()
        .any(|&d| allowed[d.index()] && board.can_move(d));
    match decision.dir {
        Some(dir) => assert!(
            allowed[dir.index()] && board.can_move(dir),
            "{what}: illegal {dir} on {cells:?}"
        ),
        None => assert!(!any, "{what}: no move chosen on {cells:?}"),
    }
}

#[test]
fn every_strategy_plays_legal_moves_on_every_size_and_none_when_stuck() {
    let mut rng = Rng(11);
    for strategy in StrategyName::ALL {
        let options = cheap(strategy);
        for size in 3..=8 {
            for _ in 0..6 {
                let cells = rng.board(size, 12);
                let decision = decide(&cells, size, &options);
                assert_legal(&cells, size, [true; 4], &decision, strategy.name());
            }
            let stuck: Vec<u8> = (0..size * size)
                .map(|i| 1 + ((i / size + i % size) % 2) as u8)
                .collect();
            let decision = decide(&stuck, size, &options);
            assert_eq!(
                (decision.dir, decision.values, decision.depth),
                (None, [None; 4], 0),
                "{} on a stuck {size}x{size}",
                strategy.name()
            );
        }
    }
}

#[test]
fn default_options_play_on_4x4_and_8x8() {
    // The defaults a page gets without tuning; minimax at its default depth of 4 over every
    // spawn takes seconds on 8x8, so it plays 8x8 at depth 2 here.
    let mut rng = Rng(12);
    for strategy in StrategyName::ALL {
        for size in [4, 8] {
            let mut options = SearchOptions::of(strategy);
            if size == 8 && strategy == StrategyName::Minimax {
                options.depth = Some(2);
            }
            let cells = rng.board(size, 9);
            let decision = decide(&cells, size, &options);
            assert_legal(&cells, size, [true; 4], &decision, strategy.name());
        }
    }
}

#[test]
fn every_strategy_honours_moves() {
    // Every direction moves here.
    let cells = [1, 2, 3, 4, 0, 1, 0, 2, 0, 0, 1, 0, 0, 0, 0, 0];
    for strategy in StrategyName::ALL {
        let whole = decide(&cells, 4, &cheap(strategy));
        assert!(whole.values.iter().all(Option::is_some));
        for subset in [
            [true, false, false, true],
            [false, true, true, false],
            [false, false, true, false],
        ] {
            let mut options = cheap(strategy);
            options.moves = subset;
            let part = decide(&cells, 4, &options);
            assert_legal(&cells, 4, subset, &part, strategy.name());
            // One-ply strategies value each move on its own: a split changes no value.
            if !matches!(
                strategy,
                StrategyName::Minimax | StrategyName::MinimaxId | StrategyName::Expectimax
            ) {
                for d in Direction::ALL {
                    if subset[d.index()] {
                        assert_eq!(
                            part.values[d.index()],
                            whole.values[d.index()],
                            "{} {d}",
                            strategy.name()
                        );
                    }
                }
            }
        }
    }
    // Given in JSON too, and a subset with only an illegal move has nothing to play.
    let stuck_left = [1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    for strategy in StrategyName::ALL {
        let json = format!(r#"{{"strategy":"{}","moves":["left"]}}"#, strategy.name());
        let d = decide(&stuck_left, 4, &options(&json));
        assert_eq!((d.dir, d.values), (None, [None; 4]), "{}", strategy.name());
    }
}

fn greedy(cells: &[u8], size: usize) -> Option<Direction> {
    decide(cells, size, &options(r#"{"strategy":"greedy"}"#)).dir
}

#[test]
fn greedy_leaves_the_most_empty_cells_and_breaks_ties_up_right_left_down() {
    // Left and right merge both pairs of the top row (2 empty cells more); up and down
    // merge only the 8s of the first column.
    let cells = [1, 1, 2, 2, 3, 4, 5, 6, 3, 6, 7, 4, 7, 8, 9, 10];
    assert_eq!(greedy(&cells, 4), Some(Direction::Right));
    // Now the first column's 8s and 64s make up/down merge two pairs, the rows only one.
    let cells = [3, 1, 1, 5, 3, 4, 5, 6, 6, 7, 8, 9, 6, 10, 11, 12];
    assert_eq!(greedy(&cells, 4), Some(Direction::Up));
    // Only right and down move, each merging nothing: right wins the tie.
    let cells = [1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0];
    let d = decide(&cells, 4, &options(r#"{"strategy":"greedy"}"#));
    assert_eq!(d.values[Direction::Up.index()], None);
    assert_eq!(d.dir, Some(Direction::Right));
    let cells = [1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 4];
    assert_eq!(greedy(&cells, 4), Some(Direction::Up));
    // Left and down only, no merges: left before down.
    let cells = [0, 0, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    assert_eq!(greedy(&cells, 4), Some(Direction::Left));
    // On every size, the chosen move leaves as many empty cells as any other.
    let mut rng = Rng(13);
    for size in 3..=8 {
        for _ in 0..20 {
            let cells = rng.board(size, 4);
            let board = engine(size, &cells);
            let empty = |d: Direction| board.moved(d).map(|(b, _)| b.empty_count());
            let best = Direction::ALL.iter().filter_map(|&d| empty(d)).max();
            let expected = [
                Direction::Up,
                Direction::Right,
                Direction::Left,
                Direction::Down,
            ]
            .into_iter()
            .find(|&d| empty(d).is_some() && empty(d) == best);
            assert_eq!(greedy(&cells, size), expected, "{size}x{size} {cells:?}");
        }
    }
}

#[test]
fn corner_prefers_up_left_right_down() {
    let corner = options(r#"{"strategy":"corner"}"#);
    let play = |cells: &[u8]| decide(cells, 4, &corner).dir;
    // Everything moves: up.
    assert_eq!(
        play(&[0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0]),
        Some(Direction::Up)
    );
    // Top row only, full column moves: up cannot, left can.
    assert_eq!(
        play(&[0, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
        Some(Direction::Left)
    );
    // A 2 in the top-left corner: only right and down move; right comes first.
    assert_eq!(
        play(&[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
        Some(Direction::Right)
    );
    // A full first column of different tiles: only right moves.
    assert_eq!(
        play(&[1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0]),
        Some(Direction::Right)
    );
    // Top row full with no merges, rest empty: only down moves.
    assert_eq!(
        play(&[1, 2, 3, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
        Some(Direction::Down)
    );
}

#[test]
fn cycle_takes_its_place_from_half_the_tile_sum_mod_4() {
    let cycle = options(r#"{"strategy":"cycle"}"#);
    // A lone 8 near the middle moves every way; (8 / 2) mod 4 = 0: up.
    let mut cells = vec![0u8; 16];
    cells[5] = 3;
    let order = [
        Direction::Up,
        Direction::Right,
        Direction::Down,
        Direction::Left,
    ];
    // A 2 (one step on) or a 4 (two steps) in the middle too.
    for (extra, step) in [(None, 0), (Some(1u8), 1), (Some(2), 2)] {
        let mut c = cells.clone();
        if let Some(e) = extra {
            c[10] = e;
        }
        assert_eq!(decide(&c, 4, &cycle).dir, Some(order[step]), "{c:?}");
    }
    // A 2 and a 4 (sum 6 + 8 = 14, half 7, mod 4 = 3): left.
    let mut c = cells.clone();
    c[10] = 1;
    c[0] = 2;
    assert_eq!(decide(&c, 4, &cycle).dir, Some(Direction::Left));
    // A 2 and a 4 packed in the top-left corner: the cycle's place is left (6 / 2 = 3),
    // which does not move, nor does up, the next: right.
    let c = [1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    let d = decide(&c, 4, &cycle);
    assert_eq!(d.values[Direction::Left.index()], None);
    assert_eq!(d.values[Direction::Up.index()], None);
    assert_eq!(d.dir, Some(Direction::Right));
}

#[test]
fn random_strategies_repeat_with_a_seed_and_differ_across_seeds() {
    let mut rng = Rng(14);
    for strategy in ["random", "montecarlo", "montecarlo-dynamic"] {
        let k = if strategy == "random" {
            ""
        } else {
            r#","k":4"#
        };
        let with =
            |seed: &str| options(&format!(r#"{{"strategy":"{strategy}"{k},"seed":{seed}}}"#));
        let mut differs = false;
        for _ in 0..40 {
            let cells = rng.board(4, 7);
            let a = decide(&cells, 4, &with("7"));
            let b = decide(&cells, 4, &with("\"7\""));
            assert_eq!(a, b, "{strategy} repeats on {cells:?}");
            let c = decide(&cells, 4, &with("8"));
            differs |= a.values != c.values;
            if strategy == "random" {
                differs |= a.dir != c.dir;
            }
        }
        assert!(
            differs,
            "{strategy}: seeds 7 and 8 gave the same everywhere"
        );
    }
    // Random picks each legal move about equally often over many positions.
    let mut counts = [0u32; 4];
    let open = [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    for seed in 0..400 {
        let d = decide(
            &open,
            4,
            &options(&format!(r#"{{"strategy":"random","seed":{seed}}}"#)),
        );
        counts[d.dir.unwrap().index()] += 1;
    }
    assert!(
        counts.iter().all(|&c| (60..=140).contains(&c)),
        "{counts:?}"
    );
    // Seeds past 2^53 come as decimal strings.
    let big = options(r#"{"strategy":"random","seed":"18446744073709551615"}"#);
    assert_eq!(big.seed, u64::MAX);
}

#[test]
fn bitboard_rollouts_play_the_same_games_as_the_grid() {
    let mut rng = Rng(15);
    let mut cases: Vec<Vec<u8>> = (0..200).map(|_| rng.board(4, 10)).collect();
    // Tile sums at and near 65,536: the roll-out must leave the nibbles in time.
    cases.push(vec![15, 14, 13, 12, 8, 9, 10, 11, 7, 6, 5, 4, 1, 0, 0, 0]);
    cases.push(vec![15, 15, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    cases.push(vec![15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 0, 0]);
    cases.push(vec![16, 15, 15, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    for cells in &cases {
        let board = engine(4, cells);
        for dir in Direction::ALL.into_iter().filter(|&d| board.can_move(d)) {
            for stream in 0..3 {
                let mut a = rng_for(1, cells, 4, stream);
                let mut b = rng_for(1, cells, 4, stream);
                assert_eq!(
                    rollout(cells, 4, dir, &mut a),
                    rollout_on_grid(cells, 4, dir, &mut b),
                    "{dir} on {cells:?}"
                );
            }
        }
    }
}

/// Plays a seeded 4x4 game with `options` for at most `limit` moves; the score.
fn play(seed: u64, options: &SearchOptions, limit: u32) -> u64 {
    let mut game = Game::new(4, Some(seed)).unwrap();
    for _ in 0..limit {
        let Some(dir) = decide(game.board().cells(), 4, options).dir else {
            break;
        };
        assert!(game.play(dir).is_some());
    }
    game.score()
}

#[test]
fn montecarlo_with_more_rollouts_beats_random() {
    let seeds = [1, 2, 3];
    let total = |json: &str| -> u64 { seeds.iter().map(|&s| play(s, &options(json), 400)).sum() };
    let random = total(r#"{"strategy":"random","seed":1}"#);
    let mc = total(r#"{"strategy":"montecarlo","k":20,"seed":1}"#);
    // Random play ends near 1,000 points; 20 roll-outs a move reach 256-512 within 400 moves.
    assert!(mc > 2 * random, "montecarlo {mc}, random {random}");
}

#[test]
fn dynamic_montecarlo_spends_more_on_hard_positions() {
    let easy = [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    let hard = [11, 10, 9, 8, 4, 5, 6, 7, 3, 2, 1, 3, 1, 0, 2, 1];
    assert_eq!(effective_k(10, &[0; 16]), 10);
    assert_eq!(effective_k(10_000, &hard), 10_000);
    // 100 x (1 + 3 x 15/16) x (11 - 6), rounded up.
    assert_eq!(effective_k(100, &hard), 1_907);
    // On 6x6 a 1024 is no big tile yet: only crowding counts, 100 x (1 + 3 x 1/36) -> 109.
    let mut six = [0u8; 36];
    six[0] = 10;
    assert_eq!(effective_k(100, &six), 109);
    // Each move gets k_eff roll-outs: exactly the uncapped evaluation at k_eff.
    for (cells, k_eff) in [(easy, effective_k(5, &easy)), (hard, effective_k(5, &hard))] {
        let d = decide(
            &cells,
            4,
            &options(r#"{"strategy":"montecarlo-dynamic","k":5}"#),
        );
        assert_eq!(
            d,
            uncapped(&cells, 4, k_eff, 0).decision(k_eff),
            "{cells:?}"
        );
    }
    assert!(effective_k(5, &hard) > 5 * effective_k(5, &easy));
    // Plain Monte Carlo spends k per move whatever the position.
    let plain = decide(&hard, 4, &options(r#"{"strategy":"montecarlo","k":5}"#));
    assert_eq!(plain, uncapped(&hard, 4, 5, 0).decision(5));
}

/// Monte Carlo as it was before its cap, written out: `k` roll-outs for each legal move,
/// one move after the other, each move from its own generator; every roll-out kept.
struct Uncapped {
    rollouts: [Option<Vec<Rollout>>; 4],
}

fn uncapped(cells: &[u8], size: usize, k: u32, seed: u64) -> Uncapped {
    let board = engine(size, cells);
    Uncapped {
        rollouts: Direction::ALL.map(|dir| {
            board.can_move(dir).then(|| {
                let mut rng = rng_for(seed, cells, size, dir.index() as u64);
                (0..k)
                    .map(|_| rollout(cells, size, dir, &mut rng))
                    .collect()
            })
        }),
    }
}

impl Uncapped {
    /// Moves played by the first `rounds` roll-outs of every move.
    fn cost(&self, rounds: u32) -> u64 {
        self.rollouts
            .iter()
            .flatten()
            .flat_map(|r| &r[..rounds as usize])
            .map(|r| u64::from(r.moves))
            .sum()
    }

    /// The decision from the first `rounds` roll-outs of every move: mean points per move,
    /// and the moves played as nodes.
    fn decision(&self, rounds: u32) -> Decision {
        let values = self.rollouts.clone().map(|r| {
            r.map(|r| {
                r[..rounds as usize]
                    .iter()
                    .fold(0.0, |total, r| total + r.points as f64)
                    / f64::from(rounds)
            })
        });
        Decision::from_values(values, self.cost(rounds), 1)
    }

    /// The rounds a cap lets through: the first whose moves reach it, else all `k`.
    fn rounds_under(&self, cap: u64, k: u32) -> u32 {
        (1..=k).find(|&r| self.cost(r) >= cap).unwrap_or(k)
    }
}

/// Positions a game really meets: every 8th of seeded 4x4 games played by a quick
/// expectimax, up to `count`.
fn game_positions(count: usize) -> Vec<Vec<u8>> {
    let quick = options(r#"{"strategy":"expectimax","nodes":3000}"#);
    let mut out = Vec::new();
    for seed in 1.. {
        let mut game = Game::new(4, Some(seed)).unwrap();
        while let Some(dir) = decide(game.board().cells(), 4, &quick).dir {
            if game.moves().is_multiple_of(8) {
                out.push(game.board().cells().to_vec());
                if out.len() == count {
                    return out;
                }
            }
            game.play(dir);
        }
    }
    unreachable!()
}

#[test]
fn montecarlo_under_its_cap_plays_as_uncapped() {
    // The defaults on 4x4 (k = 100, the default cap), on positions from real games: the
    // cap never binds, and each decision is the uncapped one (move, values, moves played).
    let positions = game_positions(200);
    assert!(positions.iter().any(|c| c.iter().any(|&e| e >= 10)));
    let mut most = 0;
    for strategy in [StrategyName::MonteCarlo, StrategyName::MonteCarloDynamic] {
        for cells in &positions {
            let d = decide(cells, 4, &SearchOptions::of(strategy));
            let k = match strategy {
                StrategyName::MonteCarlo => DEFAULT_K,
                _ => effective_k(DEFAULT_K, cells),
            };
            assert_eq!(
                d,
                uncapped(cells, 4, k, 0).decision(k),
                "{} {cells:?}",
                strategy.name()
            );
            most = most.max(d.nodes);
        }
    }
    assert!(most < DEFAULT_MONTECARLO_NODES / 2, "{most} moves played");
    // Any size, other seeds and k, a cap that is not reached: the same.
    let mut rng = Rng(43);
    for size in 3..=8 {
        for i in 0..8 {
            let cells = rng.board(size, 10);
            let (k, seed) = (1 + i % 4, 7 * u64::from(i));
            let json = format!(r#"{{"strategy":"montecarlo","k":{k},"seed":{seed}}}"#);
            let reference = uncapped(&cells, size, k, seed);
            assert_eq!(decide(&cells, size, &options(&json)), reference.decision(k));
            // A cap of exactly the moves the k rounds play is not reached before the last.
            let json = format!(
                r#"{{"strategy":"montecarlo","k":{k},"seed":{seed},"nodes":{}}}"#,
                reference.cost(k).max(1)
            );
            assert_eq!(decide(&cells, size, &options(&json)), reference.decision(k));
        }
    }
}

#[test]
fn montecarlo_stops_at_its_cap_after_a_full_round() {
    // An open 8x8 board (every roll-out plays 1,001 moves) and 4x4 boards (roll-outs of
    // every length); caps from one move to a few rounds.
    let mut rng = Rng(44);
    let mut open = vec![0u8; 64];
    open[0] = 1;
    open[9] = 2;
    open[50] = 1;
    let cases = [
        (open.clone(), 8, vec![1u64, 4_004, 4_005, 20_000]),
        (rng.board(4, 8), 4, vec![1, 500, 3_000]),
        (rng.board(4, 10), 4, vec![1, 700, 5_000]),
        (rng.board(6, 9), 6, vec![1, 30_000]),
    ];
    for (cells, size, caps) in cases {
        for strategy in ["montecarlo", "montecarlo-dynamic"] {
            let k = 50;
            let k_eff = if strategy == "montecarlo" {
                k
            } else {
                effective_k(k, &cells)
            };
            let reference = uncapped(&cells, size, k_eff, 3);
            for cap in caps.iter().copied() {
                let json = format!(r#"{{"strategy":"{strategy}","k":{k},"seed":3,"nodes":{cap}}}"#);
                let d = decide(&cells, size, &options(&json));
                let rounds = reference.rounds_under(cap, k_eff);
                assert!(
                    rounds < k_eff,
                    "{strategy} {size}x{size} cap {cap}: not binding"
                );
                // The first round that reaches the cap is the last: its moves are reported,
                // every move has that many roll-outs, and the values are their means.
                assert_eq!(
                    d,
                    reference.decision(rounds),
                    "{strategy} {size}x{size} cap {cap}"
                );
                assert!(d.nodes >= cap && (rounds == 1 || reference.cost(rounds - 1) < cap));
            }
        }
    }
    // On the open 8x8 board a roll-out is 1,001 moves: a cap of 20,000 stops after 5 rounds
    // of 4 moves, 20,020 moves, where k = 50 would play 200,200.
    let d = decide(
        &open,
        8,
        &options(r#"{"strategy":"montecarlo","k":50,"nodes":20000}"#),
    );
    assert_eq!(d.nodes, 5 * 4 * 1_001);
}

#[test]
fn minimax_at_depth_1_plays_the_best_evaluated_move() {
    let mut rng = Rng(16);
    let weights = MinimaxWeights::default();
    for size in [3, 4, 4, 4, 5, 8] {
        for _ in 0..20 {
            let cells = rng.board(size, 11);
            let board = engine(size, &cells);
            let mut best: Option<(Direction, f64)> = None;
            for dir in Direction::ALL {
                if let Some((after, _)) = board.moved(dir) {
                    let v = evaluate(&weights, after.cells(), size);
                    if best.is_none_or(|(_, b)| v > b) {
                        best = Some((dir, v));
                    }
                }
            }
            let d = decide(
                &cells,
                size,
                &options(r#"{"strategy":"minimax","depth":1}"#),
            );
            assert_eq!(d.dir, best.map(|b| b.0), "{size}x{size} {cells:?}");
            if let Some(dir) = d.dir {
                assert_eq!(d.values[dir.index()], best.map(|b| b.1));
            }
        }
    }
}

/// Minimax by the book, without pruning: the player's best move, the adversary's worst
/// spawn (a 2 or a 4 on any empty cell), scored by `evaluate` after the player's last move;
/// a lost position is below every evaluation (the search's exact losing scores differ).
fn plain_minimax(weights: &MinimaxWeights, board: &Board, depth: u32) -> Option<f64> {
    let size = board.size();
    let mut best: Option<f64> = None;
    for dir in Direction::ALL {
        let Some((after, _)) = board.moved(dir) else {
            continue;
        };
        let value = if depth == 1 {
            evaluate(weights, after.cells(), size)
        } else {
            let mut worst = f64::INFINITY;
            for (i, _) in after.cells().iter().enumerate().filter(|(_, &e)| e == 0) {
                for exponent in [1, 2] {
                    let mut cells = after.cells().to_vec();
                    cells[i] = exponent;
                    let v =
                        plain_minimax(weights, &engine(size, &cells), depth - 1).unwrap_or(-1e15);
                    worst = worst.min(v);
                }
            }
            worst
        };
        best = Some(best.map_or(value, |b: f64| b.max(value)));
    }
    best
}

#[test]
fn minimax_looks_ahead_at_the_worst_spawn() {
    // The best move's value is exactly what a search without pruning finds (the player's
    // best over the adversary's worst spawn), and no move reports more than it.
    let weights = MinimaxWeights::default();
    let mut rng = Rng(41);
    let mut checked = 0;
    while checked < 12 {
        let size = 3 + (checked % 2);
        let mut cells = rng.board(size, 6);
        // Few empty cells keep the unpruned search small.
        for c in cells.iter_mut().take(size * size / 2) {
            if *c == 0 {
                *c = 1;
            }
        }
        let board = engine(size, &cells);
        if board.is_over() {
            continue;
        }
        checked += 1;
        for depth in 1..=3 {
            let d = decide(
                &cells,
                size,
                &options(&format!(r#"{{"strategy":"minimax","depth":{depth}}}"#)),
            );
            let exact = plain_minimax(&weights, &board, depth).unwrap();
            let best = d.values[d.dir.unwrap().index()].unwrap();
            if exact > -1e14 {
                assert_eq!(best, exact, "depth {depth} on {size}x{size} {cells:?}");
            }
            for v in d.values.into_iter().flatten() {
                assert!(v <= best, "depth {depth} on {cells:?}: {v} > {best}");
            }
        }
    }
}

#[test]
fn minimax_under_its_cap_plays_as_plain_fixed_depth() {
    // The cap is not reached: the same move, values and depth as one search at that depth.
    let mut rng = Rng(42);
    for size in [3, 4, 4, 5, 6] {
        for _ in 0..6 {
            let cells = rng.board(size, 10);
            for depth in 1..=3 {
                let json = format!(r#"{{"strategy":"minimax","depth":{depth}}}"#);
                let capped = decide(&cells, size, &options(&json));
                let plain = Minimax {
                    depth,
                    nodes: 0,
                    weights: MinimaxWeights::default(),
                    moves: [true; 4],
                }
                .fixed_depth(&cells, size);
                assert_eq!(
                    (capped.dir, capped.values, capped.depth),
                    (plain.dir, plain.values, plain.depth),
                    "depth {depth} on {size}x{size} {cells:?}"
                );
                // Deepening costs the shallower depths too, never more than the cap.
                assert!(capped.nodes >= plain.nodes);
                assert!(capped.nodes < DEFAULT_MINIMAX_NODES);
            }
        }
    }
}

#[test]
fn minimax_stops_at_its_node_cap_and_plays_the_last_full_depth() {
    // An open 6x6 board: depth 3 costs tens of thousands of nodes, depth 4 hundreds of thousands.
    let mut cells = vec![0u8; 36];
    cells[0] = 3;
    cells[7] = 1;
    cells[20] = 2;
    for cap in [500u64, 5_000] {
        let json = format!(r#"{{"strategy":"minimax","depth":4,"nodes":{cap}}}"#);
        let d = decide(&cells, 6, &options(&json));
        // The abandoned depth unwinds through a few more nodes (one per level at most).
        assert!(d.nodes <= cap + 5, "cap {cap}: {} nodes", d.nodes);
        assert!((1..4).contains(&d.depth), "cap {cap}: depth {}", d.depth);
        // What it plays is the plain search at the depth it reports.
        let plain = Minimax {
            depth: d.depth,
            nodes: 0,
            weights: MinimaxWeights::default(),
            moves: [true; 4],
        }
        .fixed_depth(&cells, 6);
        assert_eq!((d.dir, d.values), (plain.dir, plain.values), "cap {cap}");
        // And the next depth would not have fitted: depths 1 to it cost more than the cap.
        let cost: u64 = (1..=d.depth + 1)
            .map(|depth| {
                Minimax {
                    depth,
                    nodes: 0,
                    weights: MinimaxWeights::default(),
                    moves: [true; 4],
                }
                .fixed_depth(&cells, 6)
                .nodes
            })
            .sum();
        assert!(cost > cap, "cap {cap}: depth {} fits ({cost})", d.depth + 1);
    }
    // A larger cap reaches deeper.
    let small = decide(
        &cells,
        6,
        &options(r#"{"strategy":"minimax","depth":4,"nodes":500}"#),
    );
    let large = decide(
        &cells,
        6,
        &options(r#"{"strategy":"minimax","depth":4,"nodes":200000}"#),
    );
    assert!(large.depth > small.depth, "{} {}", large.depth, small.depth);
}

#[test]
fn minimax_weights_round_trip_through_json() {
    let custom = MinimaxWeights {
        monotonicity: 2.5,
        smoothness: 0.0,
        empty: 1.25,
        max_tile: 3.0,
        corner_bonus: 1.0,
        merges: 0.5,
    };
    let text = serde_json::to_string(&custom).unwrap();
    for name in [
        "monotonicity",
        "smoothness",
        "empty",
        "max_tile",
        "corner_bonus",
        "merges",
    ] {
        assert!(text.contains(&format!("\"{name}\":")), "{text}");
    }
    for strategy in ["minimax", "minimax-id"] {
        let o = options(&format!(r#"{{"strategy":"{strategy}","weights":{text}}}"#));
        assert_eq!(o.minimax_weights, custom);
        assert_eq!(o.weights, EvalWeights::default());
        // Also as a string of JSON, as a settings text box would hold it.
        let quoted = serde_json::to_string(&text).unwrap();
        let o = options(&format!(
            r#"{{"strategy":"{strategy}","weights":{quoted}}}"#
        ));
        assert_eq!(o.minimax_weights, custom);
    }
    // Fields left out keep their defaults.
    let o = options(r#"{"strategy":"minimax","weights":{"smoothness":0.5}}"#);
    assert_eq!(
        o.minimax_weights,
        MinimaxWeights {
            smoothness: 0.5,
            ..MinimaxWeights::default()
        }
    );
    // Different weights change the search's values.
    let cells = [3, 2, 1, 0, 2, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1];
    let a = decide(&cells, 4, &options(r#"{"strategy":"minimax","depth":2}"#));
    let b = decide(
        &cells,
        4,
        &options(&format!(
            r#"{{"strategy":"minimax","depth":2,"weights":{text}}}"#
        )),
    );
    assert_ne!(a.values, b.values);
    // Expectimax keeps reading its own weights from the same option.
    let e = options(r#"{"strategy":"expectimax","weights":{"empty":300}}"#);
    assert_eq!(e.weights.empty, 300.0);
    assert_eq!(e.minimax_weights, MinimaxWeights::default());
}

#[test]
fn minimax_id_node_budget_is_deterministic_and_deepens() {
    let mut rng = Rng(17);
    for size in [3, 4, 4, 4, 6] {
        let cells = rng.board(size, 10);
        let o = options(r#"{"strategy":"minimax-id","nodes":20000}"#);
        let mut a = decide(&cells, size, &o);
        decide(&rng.board(size, 10), size, &o);
        let mut b = decide(&cells, size, &o);
        a.ms = 0.0;
        b.ms = 0.0;
        assert_eq!(a, b, "{cells:?}");
        assert!(a.nodes <= 20_000 + 1_100, "nodes {}", a.nodes);
        if a.dir.is_some() {
            assert!(a.depth >= 2, "depth {} on {cells:?}", a.depth);
        }
    }
    // A larger budget reaches at least as deep.
    let cells = [3, 2, 1, 0, 2, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1];
    let small = decide(
        &cells,
        4,
        &options(r#"{"strategy":"minimax-id","nodes":2000}"#),
    );
    let large = decide(
        &cells,
        4,
        &options(r#"{"strategy":"minimax-id","nodes":200000}"#),
    );
    assert!(large.depth > small.depth, "{} {}", large.depth, small.depth);
    // depth caps the iterations.
    let capped = decide(
        &cells,
        4,
        &options(r#"{"strategy":"minimax-id","nodes":200000,"depth":3}"#),
    );
    assert_eq!(capped.depth, 3);
}

#[test]
fn options_default_per_strategy() {
    for strategy in StrategyName::ALL {
        let o = options(&format!(r#"{{"strategy":"{}"}}"#, strategy.name()));
        assert_eq!(o, SearchOptions::of(strategy));
        assert_eq!((o.k, o.seed, o.moves), (DEFAULT_K, 0, [true; 4]));
    }
    // The old forms keep working, and the default strategy is still expectimax.
    assert_eq!(options("{}"), SearchOptions::default());
    assert_eq!(options("{}").strategy, StrategyName::Expectimax);
    assert_eq!(
        options(r#"{"strategy":"expectimax","nodes":200000}"#),
        SearchOptions::nodes(200_000)
    );
    // Every strategy accepts a seed (the deterministic ones ignore it).
    for strategy in StrategyName::ALL {
        options(&format!(r#"{{"strategy":"{}","seed":5}}"#, strategy.name()));
    }
}

#[test]
fn bad_options_are_errors_that_name_the_option_and_the_range() {
    let cases = [
        (
            r#"{"strategy":"nope"}"#,
            r#"unknown strategy "nope": use one of "random", "corner", "cycle", "greedy", "montecarlo", "montecarlo-dynamic", "minimax", "minimax-id", "expectimax""#,
        ),
        (
            r#"{"strategy":"montecarlo","k":0}"#,
            "k must be a whole number between 1 and 10000, got 0",
        ),
        (
            r#"{"strategy":"montecarlo-dynamic","k":10001}"#,
            "k must be a whole number between 1 and 10000, got 10001",
        ),
        (
            r#"{"strategy":"montecarlo","k":2.5}"#,
            "k must be a whole number between 1 and 10000, got 2.5",
        ),
        (
            r#"{"strategy":"minimax","depth":0}"#,
            "depth must be a whole number between 1 and 12, got 0",
        ),
        (
            r#"{"strategy":"minimax-id","depth":13}"#,
            "depth must be a whole number between 1 and 12, got 13",
        ),
        (
            r#"{"strategy":"expectimax","k":5}"#,
            "k is not an option of expectimax (its options: ms, nodes, depth, weights, moves)",
        ),
        (
            r#"{"strategy":"minimax","ms":50}"#,
            "ms is not an option of minimax (its options: depth, nodes, weights, moves)",
        ),
        (
            r#"{"strategy":"minimax","nodes":0}"#,
            "nodes must be a whole number between 1 and 1000000000, got 0",
        ),
        (
            r#"{"strategy":"montecarlo","ms":50}"#,
            "ms is not an option of montecarlo (its options: k, nodes, seed, moves)",
        ),
        (
            r#"{"strategy":"montecarlo-dynamic","nodes":0}"#,
            "nodes must be a whole number between 1 and 1000000000, got 0",
        ),
        (
            r#"{"strategy":"montecarlo","nodes":1e10}"#,
            "nodes must be a whole number between 1 and 1000000000, got 10000000000",
        ),
        (
            r#"{"strategy":"greedy","weights":{}}"#,
            "weights is not an option of greedy (its options: moves)",
        ),
        (
            r#"{"strategy":"montecarlo","depth":3}"#,
            "depth is not an option of montecarlo (its options: k, nodes, seed, moves)",
        ),
        (
            r#"{"strategy":"random","k":3}"#,
            "k is not an option of random",
        ),
        (
            r#"{"strategy":"minimax","weights":{"smoothness":-1}}"#,
            "weights.smoothness must be between 0 and 1000000, got -1",
        ),
        (
            r#"{"strategy":"minimax-id","weights":{"corner_bonus":0.5}}"#,
            "weights.corner_bonus must be between 1 and 100, got 0.5",
        ),
        (
            r#"{"strategy":"minimax","weights":{"colour":1}}"#,
            "bad AI options: weights: unknown field `colour`, expected one of `monotonicity`",
        ),
        (
            r#"{"strategy":"minimax","weights":{"empty":"lots"}}"#,
            "bad AI options: weights: invalid type: string \"lots\"",
        ),
        (
            r#"{"strategy":"minimax","weights":"{\"empty\":"}"#,
            "bad AI options: weights: not valid JSON",
        ),
        (
            r#"{"strategy":"minimax","weights":[1,2]}"#,
            "bad AI options: weights must be an object such as {\"empty\": 2}, got [1,2]",
        ),
        (
            r#"{"strategy":"expectimax","weights":{"smoothness":1}}"#,
            "weights: unknown field `smoothness`",
        ),
        (
            r#"{"strategy":"random","seed":-1}"#,
            "seed must be a whole number from 0 to 2^53",
        ),
        (r#"{"strategy":"random","seed":1.5}"#, "got 1.5"),
        (
            r#"{"strategy":"random","seed":9007199254740994}"#,
            "got 9007199254740994",
        ),
        (r#"{"strategy":"random","seed":"abc"}"#, r#"got "abc""#),
        (r#"{"strategy":"random","seed":true}"#, "got true"),
        (
            r#"{"strategy":"random","moves":[]}"#,
            "moves must name at least one direction",
        ),
        (r#"{"strategy":"montecarlo","k":"many"}"#, "invalid type"),
    ];
    for (json, expected) in cases {
        let message = SearchOptions::from_json(json).unwrap_err().to_string();
        assert!(message.contains(expected), "{json}: {message}");
    }
    // Options built in Rust are checked by best_move.
    let mut o = SearchOptions::of(StrategyName::MonteCarlo);
    o.k = 0;
    let message = best_move(&[0; 16], 4, &o, None, &NoClock)
        .unwrap_err()
        .to_string();
    assert_eq!(
        message,
        "k must be a whole number between 1 and 10000, got 0"
    );
    let mut o = SearchOptions::of(StrategyName::Minimax);
    o.minimax_weights.empty = f64::NAN;
    let message = best_move(&[0; 16], 4, &o, None, &NoClock)
        .unwrap_err()
        .to_string();
    assert_eq!(
        message,
        "weights.empty must be between 0 and 1000000, got NaN"
    );
    // The old messages are unchanged.
    let message = SearchOptions::from_json(r#"{"speed":3}"#)
        .unwrap_err()
        .to_string();
    assert!(message.contains("unknown field `speed`"), "{message}");
}

#[test]
fn the_catalog_describes_every_strategy_and_its_options() {
    let all = catalog::strategies();
    // Written out here, not read from the engine: the names and options the page relies on.
    let expected: [(&str, &[&str]); 9] = [
        ("random", &["seed", "moves"]),
        ("corner", &["moves"]),
        ("cycle", &["moves"]),
        ("greedy", &["moves"]),
        ("montecarlo", &["k", "nodes", "seed", "moves"]),
        ("montecarlo-dynamic", &["k", "nodes", "seed", "moves"]),
        ("minimax", &["depth", "nodes", "weights", "moves"]),
        ("minimax-id", &["ms", "nodes", "depth", "weights", "moves"]),
        ("expectimax", &["ms", "nodes", "depth", "weights", "moves"]),
    ];
    assert_eq!(
        all.iter().map(|s| s.name).collect::<Vec<_>>(),
        expected.map(|e| e.0).to_vec()
    );
    for ((info, strategy), (_, expected_options)) in all.iter().zip(StrategyName::ALL).zip(expected)
    {
        assert!(
            !info.label.is_empty() && info.explanation.len() > 200,
            "{}",
            info.name
        );
        let names: Vec<&str> = info.options.iter().map(|o| o.name).collect();
        assert_eq!(names, expected_options, "{}", info.name);
        let cells = [3, 2, 1, 0, 2, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1];
        let defaults = decide(&cells, 4, &SearchOptions::of(strategy));
        for o in &info.options {
            // Every default is accepted as given, and plays as the option left out does.
            if !o.default.is_null() {
                let json = format!(
                    r#"{{"strategy":"{}","{}":{}}}"#,
                    info.name,
                    o.name,
                    serde_json::to_string(&o.default).unwrap()
                );
                assert_eq!(decide(&cells, 4, &options(&json)), defaults, "{json}");
            }
            // And the bounds are the ones enforced.
            if let (Some(min), Some(max)) = (o.min, o.max) {
                if o.kind == "integer" {
                    for bad in [min - 1.0, max + 1.0] {
                        let json = format!(r#"{{"strategy":"{}","{}":{bad}}}"#, info.name, o.name);
                        assert!(SearchOptions::from_json(&json).is_err(), "{json}");
                    }
                }
            }
            // A weights field's default is that field of the weights' default.
            let object = serde_json::to_value(&o.default).unwrap();
            for field in &o.fields {
                assert_eq!(
                    serde_json::to_value(&field.default).unwrap(),
                    object[field.name],
                    "{}.{}",
                    info.name,
                    field.name
                );
            }
        }
    }
    let minimax = &all[6].options;
    let depth = minimax.iter().find(|o| o.name == "depth").unwrap();
    assert_eq!(
        depth.default,
        DefaultValue::Integer(DEFAULT_MINIMAX_DEPTH.into())
    );
    let weights = minimax.iter().find(|o| o.name == "weights").unwrap();
    assert_eq!(
        serde_json::to_value(&weights.default).unwrap()["corner_bonus"],
        1.6
    );
    assert_eq!(weights.fields.len(), 6);
    for montecarlo in &all[4..6] {
        let k = montecarlo.options.iter().find(|o| o.name == "k").unwrap();
        assert_eq!(
            (k.min, k.max, k.default.clone()),
            (Some(1.0), Some(10_000.0), DefaultValue::Integer(100))
        );
        let nodes = montecarlo
            .options
            .iter()
            .find(|o| o.name == "nodes")
            .unwrap();
        assert_eq!(
            (nodes.min, nodes.max, nodes.default.clone()),
            (
                Some(1.0),
                Some(1e9),
                DefaultValue::Integer(DEFAULT_MONTECARLO_NODES)
            )
        );
    }
    // It serializes to plain JSON for the page.
    let text = serde_json::to_string(&all).unwrap();
    assert!(text.contains(r#""label":"Dynamic Monte Carlo""#), "{text}");
}
