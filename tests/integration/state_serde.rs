//! The saved game's hand-written JSON reader and writer (src/state/json.rs) against the
//! serde derives they replaced, kept here as the reference: the same text written, and,
//! for every corruption of a field's type or value, the same message, word for word,
//! position included. (One known difference: a float where a whole number belongs is shown
//! as read by digits times a power of ten, exactly as serde_json reads it while the digits
//! fit 2^53 and the power of ten is within 10^22; beyond, its last digit may differ, and a
//! whole float beyond 2^63 prints in full where serde writes `-9.223372036854776e+18`.)

use game2048::{Direction, Game};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct SavedGame {
    format: String,
    version: u32,
    size: i64,
    cells: Vec<u8>,
    score: u64,
    moves: u64,
    seeded: bool,
    rng: [String; 4],
    history: Vec<SavedSnapshot>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    record: Option<String>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct SavedSnapshot {
    cells: Vec<u8>,
    score: u64,
    moves: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rng: Option<[String; 4]>,
}

fn played(moves: usize, seed: Option<u64>) -> Game {
    let mut game = Game::new(4, seed).unwrap();
    let dirs = [
        Direction::Left,
        Direction::Down,
        Direction::Right,
        Direction::Up,
    ];
    let mut i = 0;
    while (game.moves() as usize) < moves && !game.over() {
        game.play(dirs[i % 4]);
        i += 1;
    }
    game
}

#[test]
fn the_text_written_is_serde_jsons() {
    for (moves, seed, keep) in [
        (0, Some(1), None),
        (40, Some(7), Some(10)),
        (25, None, None),
    ] {
        let text = played(moves, seed).to_json(keep);
        let saved: SavedGame = serde_json::from_str(&text).unwrap();
        assert_eq!(serde_json::to_string(&saved).unwrap(), text);
    }
}

#[test]
fn every_corruption_gets_serde_jsons_message() {
    let text = played(30, Some(5)).to_json(Some(5));
    let good: Value = serde_json::from_str(&text).unwrap();
    let mut cases: Vec<String> = Vec::new();
    let with = |path: &[&str], v: Value| {
        let mut g = good.clone();
        let mut at = &mut g;
        for p in path {
            at = match p.parse::<usize>() {
                Ok(i) => &mut at[i],
                Err(_) => &mut at[*p],
            };
        }
        *at = v;
        g.to_string()
    };
    let bad_values = [
        json!(null),
        json!(true),
        json!(-1),
        json!(300),
        json!(1.5),
        json!(1e20),
        json!(-0.0025),
        json!(18446744073709551615u64),
        json!("x\"y"),
        json!([]),
        json!(["a", "b", "c"]),
        json!(["a", "b", "c", "d", "e"]),
        json!({}),
        json!({"cells": []}),
    ];
    for field in [
        "size", "cells", "score", "moves", "seeded", "rng", "history", "record",
    ] {
        for v in &bad_values {
            cases.push(with(&[field], v.clone()));
        }
    }
    for v in &bad_values {
        cases.push(with(&["cells", "3"], v.clone()));
        for field in ["cells", "score", "moves", "rng"] {
            cases.push(with(&["history", "2", field], v.clone()));
        }
        cases.push(with(&["history", "1"], v.clone()));
        cases.push(with(&["rng", "2"], v.clone()));
    }
    for field in [
        "size", "cells", "score", "moves", "seeded", "rng", "history",
    ] {
        let mut g = good.clone();
        g.as_object_mut().unwrap().remove(field);
        cases.push(g.to_string());
    }
    for field in ["cells", "score", "moves"] {
        let mut g = good.clone();
        g["history"][0].as_object_mut().unwrap().remove(field);
        cases.push(g.to_string());
    }
    cases.push(with(&["history", "0", "extra"], json!(1)));
    cases.push(with(&["extra"], json!(1)));
    // Pretty-printed, so that lines and columns count.
    let mut pretty: Value = serde_json::from_str(&with(&["score"], json!(-4))).unwrap();
    cases.push(serde_json::to_string_pretty(&pretty).unwrap());
    pretty["history"][1]["cells"][2] = json!("two");
    cases.push(serde_json::to_string_pretty(&pretty).unwrap());
    cases.push(text.replacen("\"size\":4,", "\"size\":4,\"size\":4,", 1));
    cases.push(text.replacen("\"size\":4,", "\"size\":-0,", 1));
    cases.push(text.replacen("\"size\":4,", "\"size\":4.000,", 1));
    cases.push(text.replacen("\"size\":4,", "\"size\":25e-1,", 1));

    let mut compared = 0;
    let mut wrong = Vec::new();
    for case in cases {
        // Well-typed cases are left to the game's own checks (tests/integration/state.rs).
        if let Err(e) = serde_json::from_str::<SavedGame>(&case) {
            let ours = Game::from_json(&case).err().map(|e| e.to_string());
            let theirs = format!("saved game is not valid: {e}");
            if ours.as_deref() != Some(theirs.as_str()) {
                wrong.push(format!("ours {ours:?}\n  serde {theirs:?}"));
            }
            compared += 1;
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {compared} differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    assert!(compared > 100, "{compared} messages compared");
}

/// (One difference, not tested: JSON nested deeper than 128 is refused as serde_json
/// refuses it, but serde_json, reading and checking as it goes, may first report a wrong
/// type met before that depth.)
/// The first reading of the text, as before: only `format` and `version`, anything else
/// ignored; its errors are the text's syntax (or a format that is not a string).
#[derive(Deserialize)]
#[allow(dead_code)]
struct VersionProbe {
    format: Option<String>,
    #[serde(default)]
    version: Option<serde::de::IgnoredAny>,
}

#[test]
fn unreadable_text_gets_serde_jsons_message() {
    let cases = [
        "",
        "   ",
        "{",
        "[1,2]",
        "[\"game2048\"]",
        "42",
        "null",
        "{\"format\":\"game2048\",\"vers",
        "{\"format\":5}",
        "{\"format\":\"game2048\",\"version\":2,}",
        "{\"format\":\"game2048\",\"version\":01}",
        "{\"format\":\"game2048\",\"version\":1.}",
        "{\"format\":\"game2048\",\"version\":-}",
        "{\"format\":\"game2048\",\"version\":tru}",
        "{\"format\":\"game\\x2048\"}",
        "{\"format\":\"game\\u00zz\"}",
        "{\"format\":\"a\nb\"}",
        "{\"format\":\"game2048\"} x",
        "{\"format\":\"game2048\" \"version\":2}",
        "{format:1}",
        "{\"format\" 1}",
        "[\"game2048\",2,[[[[[[]]]]]]]",
        "[\"game2048\",2,]",
        "{\"format\":}",
        "{\"format\":\"game2048\",\"version\":1e999}",
        "\n\n  {\"format\": [1, \n 2]}",
    ];
    let mut wrong = Vec::new();
    for case in cases {
        let ours = Game::from_json(case).err().map(|e| e.to_string());
        let theirs = serde_json::from_str::<VersionProbe>(case)
            .err()
            .map(|e| format!("saved game is not valid: not readable JSON ({e})"));
        if theirs.is_some() && ours != theirs {
            wrong.push(format!("{case:?}\n  ours  {ours:?}\n  serde {theirs:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
