//! Plays a seeded game natively and prints it as saved JSON, so tests can check that wasm
//! plays the very same game. `replay <size> <seed> <moves>`, moves as letters u r d l.

use std::process::ExitCode;

use game2048::{Direction, Game};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [size, seed, moves] = args.as_slice() else {
        eprintln!("usage: replay <size> <seed> <moves: letters u r d l>");
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
