//! Saving and loading: a saved game comes back exactly, and every corrupt save is refused
//! with a message that names the problem.

use game2048::{Board, Direction, Game};
use serde_json::{json, Value};

const CYCLE: [Direction; 4] = [
    Direction::Left,
    Direction::Down,
    Direction::Right,
    Direction::Up,
];

fn played(moves: usize, seed: u64) -> Game {
    let mut game = Game::new(4, Some(seed)).unwrap();
    let mut i = 0;
    while (game.moves() as usize) < moves && !game.over() {
        game.play(CYCLE[i % 4]);
        i += 1;
    }
    game
}

fn error_of(value: &Value) -> String {
    Game::from_json(&value.to_string()).unwrap_err().to_string()
}

#[test]
fn a_saved_game_comes_back_and_plays_on_identically() {
    let mut game = played(60, 12);
    let text = game.to_json(None);
    let mut loaded = Game::from_json(&text).unwrap();
    assert_eq!(loaded.board(), game.board());
    assert_eq!(loaded.score(), game.score());
    assert_eq!(loaded.moves(), game.moves());
    assert_eq!(loaded.history_len(), game.history_len());
    assert_eq!(
        loaded.to_json(None),
        text,
        "saving again gives the same text"
    );
    // Same generator state: the same moves spawn the same tiles.
    for dir in CYCLE.iter().cycle().take(40) {
        assert_eq!(
            game.play(*dir).map(|r| r.spawned.map(|s| (s.value, s.at))),
            loaded
                .play(*dir)
                .map(|r| r.spawned.map(|s| (s.value, s.at)))
        );
    }
    // Undo works through the loaded history.
    while loaded.undo() {}
    assert_eq!(loaded.moves(), 0);
}

#[test]
fn a_game_started_from_cells_saves_and_loads() {
    // Large tiles at score 0: nothing about the tiles bounds the score of such a game.
    let board =
        Board::from_exponents(4, vec![10, 10, 11, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]).unwrap();
    let mut game = Game::from_board(board, Some(4));
    game.play(Direction::Left).unwrap();
    let loaded = Game::from_json(&game.to_json(None)).unwrap();
    assert_eq!(loaded.board(), game.board());
    assert_eq!(loaded.score(), 2048);
}

#[test]
fn the_saved_history_can_be_bounded() {
    let game = played(120, 3);
    let loaded = Game::from_json(&game.to_json(Some(50))).unwrap();
    assert_eq!(loaded.history_len(), 50);
    let mut loaded = loaded;
    let mut undone = 0;
    while loaded.undo() {
        undone += 1;
    }
    assert_eq!(undone, 50);
    assert_eq!(loaded.moves(), game.moves() - 50);
}

#[test]
fn corrupt_saves_are_refused_with_the_problem_named() {
    let good: Value = serde_json::from_str(&played(30, 8).to_json(None)).unwrap();
    let text = good.to_string();

    let truncated = &text[..text.len() / 2];
    let err = Game::from_json(truncated).unwrap_err().to_string();
    assert!(err.contains("not readable JSON"), "{err}");
    assert!(Game::from_json("")
        .unwrap_err()
        .to_string()
        .contains("not readable JSON"));
    assert!(Game::from_json("[1,2]")
        .unwrap_err()
        .to_string()
        .contains("not readable JSON"));

    let with = |key: &str, v: Value| {
        let mut g = good.clone();
        g[key] = v;
        g
    };
    let cases: Vec<(Value, &str)> = vec![
        (
            with("format", json!("chess")),
            "format must be \"game2048\"",
        ),
        (with("version", json!(0)), "version 0 is older"),
        (with("version", json!(7)), "version 7 is newer"),
        (with("version", json!("one")), "version is missing"),
        (with("size", json!(9)), "from 3 to 8, got 9"),
        (with("size", json!(5)), "has 16 cells, a 5x5 board has 25"),
        (
            with("cells", json!([1, 2, 3])),
            "has 3 cells, a 4x4 board has 16",
        ),
        (
            with(
                "cells",
                json!([66, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
            ),
            "above the largest supported tile",
        ),
        (
            with(
                "cells",
                json!([-1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
            ),
            "invalid value",
        ),
        (with("score", json!(6)), "multiple of 4"),
        (with("score", json!(-4)), "invalid value"),
        (
            with("rng", json!(["zz", "0", "0", "1"])),
            "not a 64-bit hex word",
        ),
        (with("rng", json!(["0", "0", "0", "0"])), "all zero"),
        (with("moves", json!(1)), "history holds"),
        (with("extra", json!(true)), "unknown field `extra`"),
    ];
    for (value, expected) in cases {
        let err = error_of(&value);
        assert!(err.starts_with("saved game is not valid: "), "{err}");
        assert!(err.contains(expected), "expected {expected:?} in {err:?}");
    }

    // A history entry is checked like the board.
    let mut bad_history = good.clone();
    bad_history["history"][3]["cells"] = json!([1, 1]);
    assert!(error_of(&bad_history).contains("history entry 3 has 2 cells"));
    let mut unordered = good.clone();
    unordered["history"][2]["moves"] = json!(1000);
    assert!(
        error_of(&unordered).contains("history entry 2"),
        "{}",
        error_of(&unordered)
    );
}

#[test]
fn a_version_2_save_carries_the_record_and_checks_it() {
    let game = played(80, 21).with_mode(game2048::Mode::Endless);
    let text = game.to_json(Some(30));
    let saved: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(saved["version"], json!(2));
    let mut loaded = Game::from_json(&text).unwrap();
    assert_eq!(loaded.record(), game.record());
    assert_eq!(loaded.mode(), game2048::Mode::Endless);
    // Undo through the saved history takes moves off the record.
    for _ in 0..30 {
        assert!(loaded.undo());
    }
    assert_eq!(loaded.record().moves, game.record().moves[..50]);

    let with = |key: &str, v: Value| {
        let mut g = saved.clone();
        g[key] = v;
        g
    };
    let other = played(40, 22).record().encode().unwrap();
    let cases: Vec<(Value, &str)> = vec![
        (
            with("record", json!("2048r1.AAAA")),
            "saved game is not valid: record: record is",
        ),
        (
            with("record", json!(other)),
            "record does not end on the saved board and score",
        ),
        (with("record", Value::Null), "record is missing"),
        (
            with("history", {
                let mut h = saved["history"].clone();
                h[29]["cells"] = saved["history"][0]["cells"].clone();
                h
            }),
            "history entry 29 is not the record's position after move 79",
        ),
    ];
    for (value, expected) in cases {
        let err = error_of(&value);
        assert!(err.contains(expected), "{expected}: got {err}");
    }
    let mut without = saved.clone();
    without.as_object_mut().unwrap().remove("record");
    assert!(error_of(&without).contains("record is missing"));
}

#[test]
fn a_version_1_save_still_loads_and_records_from_its_position() {
    let game = played(60, 23);
    let mut v1: Value = serde_json::from_str(&game.to_json(None)).unwrap();
    v1.as_object_mut().unwrap().remove("record");
    v1["version"] = json!(1);
    let mut loaded = Game::from_json(&v1.to_string()).unwrap();
    assert_eq!(loaded.board(), game.board());
    assert_eq!(loaded.record().start, game.board().cells());
    assert_eq!(loaded.record().start_score, game.score());
    assert!(loaded.record().moves.is_empty());
    for dir in CYCLE.iter().cycle().take(12) {
        loaded.play(*dir);
    }
    let replay = game2048::Replay::new(loaded.record()).unwrap();
    assert_eq!(replay.cells(replay.moves()), Some(loaded.board().cells()));
    assert_eq!(replay.score(replay.moves()), Some(loaded.score()));
    // Undo past the record's start (into the version 1 history): the record starts again.
    while loaded.undo() {}
    assert_eq!(loaded.record().start, loaded.board().cells());
    assert!(loaded.record().moves.is_empty());
    // And it saves as version 2.
    let again: Value = serde_json::from_str(&loaded.to_json(None)).unwrap();
    assert_eq!(again["version"], json!(2));
    v1["record"] = json!(game.record().encode().unwrap());
    assert!(error_of(&v1).contains("record is not part of a version 1 save"));
}
