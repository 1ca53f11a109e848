//! Plays a seeded game natively and prints it as saved JSON, so tests can check that wasm
//! plays the very same game. `replay <size> <seed> <moves>`, moves as letters u r d l.
//! `replay --record <text>` replays a game record and prints every position, one JSON line
//! each (`{"score": s, "cells": [tile values]}`, the start first), or the record's error.

use std::process::ExitCode;

use game2048::{Direction, Game, Record, Replay};

const USAGE: &str = "usage: replay <size> <seed> <moves: letters u r d l> | replay --record <text>";

fn replay_record(text: &str) -> ExitCode {
    let replay = match Record::decode(text).and_then(|record| Replay::new(&record)) {
        Ok(replay) => replay,
        Err(e) => {
            eprintln!("replay: {e}");
            return ExitCode::from(1);
        }
    };
    for n in 0..=replay.moves() {
        let board = replay
            .board(n)
            .expect("positions run from 0 to the last move");
        let cells: Vec<String> = board.values().map(|v| v.to_string()).collect();
        let score = replay.score(n).unwrap_or_default();
        println!("{{\"score\":{score},\"cells\":[{}]}}", cells.join(","));
    }
    ExitCode::SUCCESS
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, text] = args.as_slice() {
        if flag == "--record" {
            return replay_record(text);
        }
    }
    let [size, seed, moves] = args.as_slice() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let (Ok(size), Ok(seed)) = (size.parse::<usize>(), seed.parse::<u64>()) else {
        eprintln!("replay: size and seed must be whole numbers");
        return ExitCode::from(2);
    };
    let mut game = match Game::new(size, Some(seed)) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("replay: {e}");
            return ExitCode::from(2);
        }
    };
    for letter in moves.chars() {
        let dir = match letter {
            'u' => Direction::Up,
            'r' => Direction::Right,
            'd' => Direction::Down,
            'l' => Direction::Left,
            other => {
                eprintln!("replay: unknown move {other:?}");
                return ExitCode::from(2);
            }
        };
        game.play(dir);
    }
    println!("{}", game.to_json(None));
    ExitCode::SUCCESS
}
