//! `Replay.move`'s report: a recorded move, its direction and the tile it spawned. The
//! `records` build.

use super::game::cell;
use crate::board::tile_value;
use crate::json::write::{key, number, string};
use crate::record::RecordedMove;

/// `{dir, spawn: {value, at}}`: move `m` of a record on a `size` x `size` board (`Replay.move`).
pub fn recorded_move(m: &RecordedMove, size: usize) -> String {
    let at = usize::from(m.spawn_cell);
    let mut out = String::with_capacity(48);
    out.push('{');
    key(&mut out, "dir", true);
    string(&mut out, m.dir.name());
    key(&mut out, "spawn", false);
    out.push('{');
    key(&mut out, "value", true);
    number(&mut out, tile_value(m.spawn_exponent) as f64);
    key(&mut out, "at", false);
    cell(&mut out, &[at / size, at % size]);
    out.push_str("}}");
    out
}

#[cfg(test)]
mod tests {
    use super::recorded_move;
    use crate::direction::Direction;
    use crate::game::Game;
    use crate::record::Replay;

    /// What `Replay.move` returned when serde_json wrote it.
    #[derive(serde::Serialize)]
    struct RecordedMoveView {
        dir: &'static str,
        spawn: SpawnView,
    }

    #[derive(serde::Serialize)]
    struct SpawnView {
        value: f64,
        at: [usize; 2],
    }

    /// Every move of a seeded game's record on each size: serde_json's text for the same move.
    #[test]
    fn recorded_moves_are_serde_json_text() {
        for size in 3..=8 {
            let mut game = Game::new(size, Some(size as u64)).unwrap();
            for i in 0..300 {
                game.play(Direction::ALL[i % 4]);
            }
            let replay = Replay::new(game.record()).unwrap();
            assert!(replay.moves() > 10, "size {size}");
            for n in 1..=replay.moves() {
                let m = replay.recorded(n).unwrap();
                let at = usize::from(m.spawn_cell);
                let view = RecordedMoveView {
                    dir: m.dir.name(),
                    spawn: SpawnView {
                        value: crate::board::tile_value(m.spawn_exponent) as f64,
                        at: [at / size, at % size],
                    },
                };
                assert_eq!(
                    recorded_move(&m, size),
                    serde_json::to_string(&view).unwrap()
                );
            }
        }
    }
}
