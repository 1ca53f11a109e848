//! The learned strategies (`td`, `expectimax-td`) through `best_move`, as the arena and the
//! page call them: unavailable with a clear reason until a network is loaded and off 4x4,
//! then legal, deterministic moves from the loaded network. One test function: the loaded
//! network is process-wide, and tests in one file run in parallel.

use game2048::ai::ntuple::learn::{spawn_on, start, train_game, Method};
use game2048::ai::ntuple::network::{tile_score, warm_up};
use game2048::ai::ntuple::{encode, loaded, Encoding, Network, Quantisation, Shape};
use game2048::ai::search::bitboard::Bitboard;
use game2048::ai::{best_move, AiError, NoClock, SearchOptions, StrategyName};
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
fn assert_worth_the_points_two_deep(cells: &[u8; 16]) {
    let bits = Bitboard::from_exponents(cells).unwrap();
    let e = best_move(
        cells,
        4,
        &options(r#"{"strategy":"expectimax-td","depth":2}"#),
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

fn trained_network() -> Network {
    warm_up();
    let mut net = Network::new(Shape::small_4x4(12), 0.0);
    let features = net.features().clone();
    let weights = net.weights_mut().unwrap();
    let mut rng = GameRng::from_seed(1);
    let mut path = Vec::new();
    for _ in 0..1500 {
        train_game(&features, weights, &mut rng, &Method::td0(0.1), &mut path);
    }
    net
}

#[test]
fn learned_strategies_need_a_network_and_4x4_then_play_its_moves() {
    let td = options(r#"{"strategy":"td"}"#);
    let search = options(r#"{"strategy":"expectimax-td","nodes":3000}"#);
    let cells = positions(1)[0];

    // Nothing loaded: a clear error, naming how to load one.
    for o in [&td, &search] {
        let err = best_move(&cells, 4, o, &NoClock).unwrap_err();
        assert_eq!(err, AiError::NoNetwork(o.strategy));
        assert!(err.to_string().contains("loadWeights"), "{err}");
    }
    // A bad file leaves the strategies unavailable.
    assert!(loaded::load(b"not a network").is_err());
    assert!(loaded::current().is_none());
    assert!(best_move(&cells, 4, &td, &NoClock).is_err());

    // The network goes through its file, as in the arena and the page.
    let net = trained_network();
    let file = encode(&net, Encoding::ZeroRuns);
    loaded::load(&file).unwrap();

    // Off 4x4: unavailable, saying why.
    let big = vec![1u8; 25];
    let err = best_move(&big, 5, &td, &NoClock).unwrap_err();
    assert_eq!(
        err,
        AiError::FourByFourOnly {
            strategy: StrategyName::Td,
            size: 5
        }
    );
    assert!(err.to_string().contains("4x4"), "{err}");

    for cells in positions(25) {
        let board = Board::from_exponents(4, cells.to_vec()).unwrap();
        let bits = Bitboard::from_exponents(&cells).unwrap();
        let d = best_move(&cells, 4, &td, &NoClock).unwrap();
        for dir in Direction::ALL {
            let value = d.values[dir.index()];
            assert_eq!(value.is_some(), board.can_move(dir), "{dir} on {cells:?}");
            // Each value is the move's reward plus the network's value of its afterstate.
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

        let e = best_move(&cells, 4, &search, &NoClock).unwrap();
        for dir in Direction::ALL {
            assert_eq!(e.values[dir.index()].is_some(), board.can_move(dir));
        }
        assert_eq!(e.dir.is_some(), d.dir.is_some());
        assert_eq!(
            e,
            best_move(&cells, 4, &search, &NoClock).unwrap(),
            "repeatable"
        );
    }

    // `moves` limits the root moves.
    let only_left = options(r#"{"strategy":"td","moves":["left","down"]}"#);
    let cells = [1, 2, 3, 4, 0, 1, 0, 2, 0, 0, 1, 0, 0, 0, 0, 0];
    let d = best_move(&cells, 4, &only_left, &NoClock).unwrap();
    assert!(matches!(d.dir, Some(Direction::Left | Direction::Down)));
    assert!(d.values[Direction::Up.index()].is_none());

    // A game over has no move.
    let stuck: Vec<u8> = (0..16).map(|i| 1 + ((i / 4 + i % 4) % 2) as u8).collect();
    let d = best_move(&stuck, 4, &td, &NoClock).unwrap();
    assert_eq!((d.dir, d.values), (None, [None; 4]));

    // A line that loses keeps the points it made: left and right each merge the two 128s and
    // leave one empty cell, where either spawn ends the game. Searched two moves deep, each is
    // worth its afterstate's tile points plus the spawned 4's share (0.1 x 4), not 0 (the
    // heuristic's lost position is worth 0).
    let doomed = [1, 2, 3, 4, 2, 3, 4, 5, 3, 4, 5, 6, 9, 10, 7, 7];
    assert_worth_the_points_two_deep(&doomed);
    let heuristic = best_move(
        &doomed,
        4,
        &options(r#"{"strategy":"expectimax","depth":2}"#),
        &NoClock,
    )
    .unwrap();
    assert_eq!(heuristic.values[Direction::Left.index()], Some(0.0));

    // Nor is a live line worth less than losing there: a network that judges every board's
    // future far below 0 leaves each position after the spawn at its tile points (a move only
    // adds points), so a move two deep is worth its afterstate's points plus the 4's share.
    let gloomy = Network::new(Shape::small_4x4(12), -1000.0);
    loaded::load(&encode(&gloomy, Encoding::ZeroRuns)).unwrap();
    assert_worth_the_points_two_deep(&[1, 2, 3, 0, 2, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]);

    // A quantised network plays through the same path.
    loaded::load(&encode(
        &net.quantised(Quantisation::I8),
        Encoding::ZeroRuns,
    ))
    .unwrap();
    assert!(best_move(&cells, 4, &td, &NoClock).unwrap().dir.is_some());

    loaded::unload();
    assert!(best_move(&cells, 4, &td, &NoClock).is_err());
}
