//! The learned strategies (`td`, `expectimax-td`) through `best_move`, as the arena and the
//! page call them: unavailable with a clear reason without a network and off 4x4, then
//! legal, deterministic moves from the network passed in. A network is a value, not process
//! state: two of them play side by side, each giving its own answers.

use game2048::ai::ntuple::learn::{spawn_on, start, train_game, Method};
use game2048::ai::ntuple::network::{tile_score, warm_up};
use game2048::ai::ntuple::{decode, encode, Encoding, Network, Quantisation, Shape};
use game2048::ai::search::bitboard::Bitboard;
use game2048::ai::{best_move, AiError, Decision, NoClock, SearchOptions, StrategyName};
use game2048::rng::GameRng;
use game2048::{Board, Direction};

fn options(json: &str) -> SearchOptions {
    SearchOptions::from_json(json).unwrap_or_else(|e| panic!("{json}: {e}"))
}

/// Positions from games of random moves, a few dozen moves in.
fn positions(count: usize) -> Vec<[u8; 16]> {
    let mut rng = GameRng::from_seed(3);
    (0..count)
        .map(|i| {
            let mut board = start(&mut rng);
            for _ in 0..(10 + 3 * i) {
                let children = board.shifted_all();
                let moved: Vec<Bitboard> = children.into_iter().filter(|&c| c != board).collect();
                if moved.is_empty() {
                    break;
                }
                let pick = (rng.next_word() % moved.len() as u64) as usize;
                board = spawn_on(moved[pick], &mut rng);
            }
            board.to_exponents()
        })
        .collect()
}

/// `expectimax-td` two moves deep from `cells` values each move at its afterstate's tile
/// points plus the spawned 4's share (0.1 x 4 points), and only the moves that change the board.
fn assert_worth_the_points_two_deep(cells: &[u8; 16], network: &Network) {
    let bits = Bitboard::from_exponents(cells).unwrap();
    let e = best_move(
        cells,
        4,
        &options(r#"{"strategy":"expectimax-td","depth":2}"#),
        Some(network),
        &NoClock,
    )
    .unwrap();
    for dir in Direction::ALL {
        let after = bits.shifted(dir);
        let Some(value) = e.values[dir.index()] else {
            assert_eq!(after, bits, "{dir} changes {cells:?} but has no value");
            continue;
        };
        let kept = tile_score(after) as f64 + 0.4;
        assert!((value - kept).abs() < 1e-6, "{dir}: {value} against {kept}");
    }
}

/// A small network trained from `seed`, read back from its file as the arena and the page
/// read one.
fn trained_network(seed: u64) -> Network {
    warm_up();
    let mut net = Network::new(Shape::small_4x4(12), 0.0);
    let features = net.features().clone();
    let weights = net.weights_mut().unwrap();
    let mut rng = GameRng::from_seed(seed);
    let mut path = Vec::new();
    for _ in 0..1500 {
        train_game(&features, weights, &mut rng, &Method::td0(0.1), &mut path);
    }
    through_its_file(&net)
}

fn through_its_file(net: &Network) -> Network {
    decode(&encode(net, Encoding::ZeroRuns)).unwrap()
}

/// Asserts that `d` is `td`'s answer on `cells` with `net`: each legal move's value is its
/// reward plus the network's value of its afterstate, and the best of them plays.
fn assert_td_answer_of(net: &Network, cells: &[u8; 16], d: &Decision) {
    let board = Board::from_exponents(4, cells.to_vec()).unwrap();
    let bits = Bitboard::from_exponents(cells).unwrap();
    for dir in Direction::ALL {
        let value = d.values[dir.index()];
        assert_eq!(value.is_some(), board.can_move(dir), "{dir} on {cells:?}");
        if let Some(v) = value {
            let after = bits.shifted(dir);
            let expected = (tile_score(after) - tile_score(bits)) as f64 + net.value(after);
            assert!((v - expected).abs() < 1e-6, "{dir}: {v} against {expected}");
        }
    }
    let best = d
        .values
        .iter()
        .flatten()
        .fold(f64::NEG_INFINITY, |m, &v| m.max(v));
    match d.dir {
        Some(dir) => assert_eq!(d.values[dir.index()], Some(best)),
        None => assert!(d.values.iter().all(Option::is_none)),
    }
}

#[test]
fn learned_strategies_need_a_network_and_4x4() {
    let td = options(r#"{"strategy":"td"}"#);
    let search = options(r#"{"strategy":"expectimax-td","nodes":3000}"#);
    let cells = positions(1)[0];

    // No network: a clear error, naming how to load one.
    for o in [&td, &search] {
        let err = best_move(&cells, 4, o, None, &NoClock).unwrap_err();
        assert_eq!(err, AiError::NoNetwork(o.strategy));
        assert!(err.to_string().contains("loadWeights"), "{err}");
    }

    // Off 4x4: unavailable, saying why, network or not.
    let net = trained_network(1);
    let big = vec![1u8; 25];
    let err = best_move(&big, 5, &td, Some(&net), &NoClock).unwrap_err();
    assert_eq!(
        err,
        AiError::FourByFourOnly {
            strategy: StrategyName::Td,
            size: 5
        }
    );
    assert!(err.to_string().contains("4x4"), "{err}");
}

#[test]
fn learned_strategies_play_the_networks_legal_repeatable_moves() {
    let td = options(r#"{"strategy":"td"}"#);
    let search = options(r#"{"strategy":"expectimax-td","nodes":3000}"#);
    let net = trained_network(1);
    for cells in positions(25) {
        let board = Board::from_exponents(4, cells.to_vec()).unwrap();
        let d = best_move(&cells, 4, &td, Some(&net), &NoClock).unwrap();
        assert_td_answer_of(&net, &cells, &d);

        let e = best_move(&cells, 4, &search, Some(&net), &NoClock).unwrap();
        for dir in Direction::ALL {
            assert_eq!(e.values[dir.index()].is_some(), board.can_move(dir));
        }
        assert_eq!(e.dir.is_some(), d.dir.is_some());
        assert_eq!(
            e,
            best_move(&cells, 4, &search, Some(&net), &NoClock).unwrap(),
            "repeatable"
        );
    }

    // `moves` limits the root moves.
    let only_left = options(r#"{"strategy":"td","moves":["left","down"]}"#);
    let cells = [1, 2, 3, 4, 0, 1, 0, 2, 0, 0, 1, 0, 0, 0, 0, 0];
    let d = best_move(&cells, 4, &only_left, Some(&net), &NoClock).unwrap();
    assert!(matches!(d.dir, Some(Direction::Left | Direction::Down)));
    assert!(d.values[Direction::Up.index()].is_none());

    // A game over has no move.
    let stuck: Vec<u8> = (0..16).map(|i| 1 + ((i / 4 + i % 4) % 2) as u8).collect();
    let d = best_move(&stuck, 4, &td, Some(&net), &NoClock).unwrap();
    assert_eq!((d.dir, d.values), (None, [None; 4]));

    // A quantised network plays through the same path.
    let i8_net = through_its_file(&net.quantised(Quantisation::I8));
    let cells = positions(1)[0];
    let d = best_move(&cells, 4, &td, Some(&i8_net), &NoClock).unwrap();
    assert_td_answer_of(&i8_net, &cells, &d);
}

/// Two networks in one process, asked in turn and from two threads at once: each answer is
/// its own network's, as when the arena compares two networks or two workers hold two.
#[test]
fn two_networks_side_by_side_each_give_their_own_answers() {
    let td = options(r#"{"strategy":"td"}"#);
    let search = options(r#"{"strategy":"expectimax-td","depth":2}"#);
    let (a, b) = (trained_network(1), trained_network(2));
    let cells = positions(40);

    let answers = |net: &Network| -> Vec<(Decision, Decision)> {
        cells
            .iter()
            .map(|c| {
                let d = best_move(c, 4, &td, Some(net), &NoClock).unwrap();
                let e = best_move(c, 4, &search, Some(net), &NoClock).unwrap();
                (d, e)
            })
            .collect()
    };
    // In turn, position by position.
    let mut in_turn = (Vec::new(), Vec::new());
    for c in &cells {
        for (net, out) in [(&a, &mut in_turn.0), (&b, &mut in_turn.1)] {
            let d = best_move(c, 4, &td, Some(net), &NoClock).unwrap();
            assert_td_answer_of(net, c, &d);
            let e = best_move(c, 4, &search, Some(net), &NoClock).unwrap();
            out.push((d, e));
        }
    }
    // On how many positions the two networks' answers differ in `what`.
    type Answers = (Decision, Decision);
    let differing = |what: &dyn Fn(&Answers, &Answers) -> bool| {
        in_turn
            .0
            .iter()
            .zip(&in_turn.1)
            .filter(|(x, y)| what(x, y))
            .count()
    };
    let differ = differing(&|x, y| x.0.values != y.0.values);
    assert!(
        differ > cells.len() / 2,
        "the networks agree on {differ} of {}",
        cells.len()
    );
    let moves_differ = differing(&|x, y| x.1.dir != y.1.dir);
    assert!(
        moves_differ > 0,
        "the two networks' searches chose the same move everywhere"
    );

    // From two threads at once: the same answers.
    let (from_a, from_b) = std::thread::scope(|s| {
        let ta = s.spawn(|| answers(&a));
        let tb = s.spawn(|| answers(&b));
        (ta.join().unwrap(), tb.join().unwrap())
    });
    assert_eq!(from_a, in_turn.0);
    assert_eq!(from_b, in_turn.1);
}

#[test]
fn a_line_that_loses_keeps_the_points_it_made() {
    // Left and right each merge the two 128s and leave one empty cell, where either spawn
    // ends the game. Searched two moves deep, each is worth its afterstate's tile points plus
    // the spawned 4's share (0.1 x 4), not 0 (the heuristic's lost position is worth 0).
    let net = trained_network(1);
    let doomed = [1, 2, 3, 4, 2, 3, 4, 5, 3, 4, 5, 6, 9, 10, 7, 7];
    assert_worth_the_points_two_deep(&doomed, &net);
    let heuristic = best_move(
        &doomed,
        4,
        &options(r#"{"strategy":"expectimax","depth":2}"#),
        None,
        &NoClock,
    )
    .unwrap();
    assert_eq!(heuristic.values[Direction::Left.index()], Some(0.0));

    // Nor is a live line worth less than losing there: a network that judges every board's
    // future far below 0 leaves each position after the spawn at its tile points (a move only
    // adds points), so a move two deep is worth its afterstate's points plus the 4's share.
    let gloomy = through_its_file(&Network::new(Shape::small_4x4(12), -1000.0));
    assert_worth_the_points_two_deep(&[1, 2, 3, 0, 2, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0], &gloomy);
}

/// Tile-downgrading: from 32,768 up both learned strategies decide on the board read one rank
/// down above its highest missing rank (a 65,536 two ranks down), so a board the network has
/// seldom or never seen is read as one it knows. `td` reports that board's values;
/// `expectimax-td` gives back the points downgrading took away, so its values stay on the
/// real board's scale.
#[test]
fn from_32768_up_the_learned_strategies_read_the_board_downgraded() {
    let mut net = Network::new(Shape::small_4x4(16), 0.0);
    for (i, w) in net.weights_mut().unwrap().iter_mut().enumerate() {
        *w = ((i * 7919) % 1000) as f32 - 500.0;
    }
    let exps = |values: [u32; 16]| -> [u8; 16] {
        values.map(|v| if v == 0 { 0 } else { v.trailing_zeros() as u8 })
    };
    let points = |cells: &[u8; 16]| -> f64 {
        cells
            .iter()
            .filter(|&&e| e >= 2)
            .map(|&e| f64::from((u32::from(e) - 1) << e))
            .sum()
    };
    let cases = [
        // No 16,384: the 32,768 reads as one.
        (
            exps([
                32768, 8192, 4096, 2048, 2, 1024, 512, 4, 0, 2, 0, 8, 0, 0, 0, 0,
            ]),
            exps([
                16384, 8192, 4096, 2048, 2, 1024, 512, 4, 0, 2, 0, 8, 0, 0, 0, 0,
            ]),
        ),
        // 65,536 and 32,768, no 16,384 or 8,192: both go down two ranks.
        (
            exps([
                65536, 32768, 4096, 2048, 2, 1024, 512, 4, 0, 2, 0, 8, 0, 0, 0, 0,
            ]),
            exps([
                16384, 8192, 4096, 2048, 2, 1024, 512, 4, 0, 2, 0, 8, 0, 0, 0, 0,
            ]),
        ),
    ];
    for (real, read) in &cases {
        let td = |cells: &[u8; 16]| {
            best_move(
                cells,
                4,
                &options(r#"{"strategy":"td"}"#),
                Some(&net),
                &NoClock,
            )
            .unwrap()
        };
        let (a, b) = (td(real), td(read));
        assert_eq!((a.dir, a.values), (b.dir, b.values), "td on {real:?}");
        let deep = options(r#"{"strategy":"expectimax-td","depth":2}"#);
        let e = |cells: &[u8; 16]| best_move(cells, 4, &deep, Some(&net), &NoClock).unwrap();
        let (a, b) = (e(real), e(read));
        assert_eq!(a.dir, b.dir, "expectimax-td on {real:?}");
        assert!(a.dir.is_some());
        let taken = points(real) - points(read);
        for (x, y) in a.values.iter().zip(&b.values) {
            assert_eq!(x.is_some(), y.is_some());
            if let (Some(x), Some(y)) = (x, y) {
                assert!((x - y - taken).abs() < 1e-6, "{x} against {y} + {taken}");
            }
        }
    }
}
