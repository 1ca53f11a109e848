//! `Game.move`'s report (a move's transitions, for the page to animate) and `tiles()` (the
//! tiles to draw). Every build.

use crate::game::{MoveReport, Spawned, TileMerge, TileMove};
use crate::json::write::{key, list, number, whole};

fn index(out: &mut String, n: usize) {
    whole(out, n as u64);
}

pub fn cell(out: &mut String, at: &[usize; 2]) {
    list(out, at, |out, &n| index(out, n));
}

fn tile_move(out: &mut String, m: &TileMove) {
    out.push('{');
    key(out, "id", true);
    whole(out, u64::from(m.id));
    key(out, "from", false);
    cell(out, &m.from);
    key(out, "to", false);
    cell(out, &m.to);
    out.push('}');
}

fn tile_merge(out: &mut String, m: &TileMerge) {
    out.push('{');
    key(out, "id", true);
    whole(out, u64::from(m.id));
    key(out, "value", false);
    number(out, m.value);
    key(out, "at", false);
    cell(out, &m.at);
    key(out, "from", false);
    list(out, &m.from, |out, &id| whole(out, u64::from(id)));
    out.push('}');
}

fn spawned(out: &mut String, s: &Option<Spawned>) {
    match s {
        None => out.push_str("null"),
        Some(s) => {
            out.push('{');
            key(out, "id", true);
            whole(out, u64::from(s.id));
            key(out, "value", false);
            number(out, s.value);
            key(out, "at", false);
            cell(out, &s.at);
            out.push('}');
        }
    }
}

/// `{moves, merges, spawned, gained}`: what a move did, for the page to animate.
pub fn move_report(report: &MoveReport) -> String {
    let mut out = String::with_capacity(64 + 40 * report.moves.len());
    out.push('{');
    key(&mut out, "moves", true);
    list(&mut out, &report.moves, tile_move);
    key(&mut out, "merges", false);
    list(&mut out, &report.merges, tile_merge);
    key(&mut out, "spawned", false);
    spawned(&mut out, &report.spawned);
    key(&mut out, "gained", false);
    number(&mut out, report.gained);
    out.push('}');
    out
}

/// `[{id, value, row, col}]` from a game's `(id, value, row, col)` tiles.
pub fn tiles(tiles: &[(u32, u64, usize, usize)]) -> String {
    let mut out = String::with_capacity(2 + 40 * tiles.len());
    list(&mut out, tiles, |out, &(id, value, row, col)| {
        out.push('{');
        key(out, "id", true);
        whole(out, u64::from(id));
        key(out, "value", false);
        number(out, value as f64);
        key(out, "row", false);
        index(out, row);
        key(out, "col", false);
        index(out, col);
        out.push('}');
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::direction::Direction;
    use crate::game::Game;

    /// Every move of a seeded game on each size, until it ends or 400 moves: the text is
    /// serde_json's for the same report, and likewise the tiles after each move.
    #[test]
    fn move_reports_and_tiles_are_serde_json_text() {
        for size in 3..=6 {
            let mut game = Game::new(size, Some(7 + size as u64)).unwrap();
            assert_eq!(
                tiles(&tiles_of(&game)),
                serde_json::to_string(&views(&game)).unwrap()
            );
            let dirs = [
                Direction::Up,
                Direction::Left,
                Direction::Down,
                Direction::Right,
            ];
            let mut played = 0;
            for i in 0..2000 {
                if played == 400 || game.over() {
                    break;
                }
                if let Some(report) = game.play(dirs[i % 4]) {
                    played += 1;
                    assert_eq!(
                        move_report(&report),
                        serde_json::to_string(&report).unwrap()
                    );
                    assert_eq!(
                        tiles(&tiles_of(&game)),
                        serde_json::to_string(&views(&game)).unwrap()
                    );
                }
            }
            assert!(played > 20, "size {size} played only {played} moves");
        }
    }

    #[test]
    fn a_report_with_no_spawn_and_odd_numbers_is_serde_json_text() {
        let report = MoveReport {
            moves: vec![],
            merges: vec![TileMerge {
                id: 9,
                value: 1.5e300,
                at: [0, 1],
                from: [1, 2],
            }],
            spawned: None,
            gained: f64::NAN,
        };
        assert_eq!(
            move_report(&report),
            serde_json::to_string(&report).unwrap()
        );
    }

    fn tiles_of(game: &Game) -> Vec<(u32, u64, usize, usize)> {
        game.tiles()
    }

    /// The page's tile view as the wasm module serialized it before (`TileView`).
    #[derive(serde::Serialize)]
    struct TileView {
        id: u32,
        value: f64,
        row: usize,
        col: usize,
    }

    fn views(game: &Game) -> Vec<TileView> {
        game.tiles()
            .into_iter()
            .map(|(id, value, row, col)| TileView {
                id,
                value: value as f64,
                row,
                col,
            })
            .collect()
    }
}
