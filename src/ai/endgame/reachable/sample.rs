//! Sub-games played out as a table plays them: from a position, one of the table's best moves,
//! then a spawn as the game spawns, until the target is made or no move can win. Played out
//! many times from the positions where games enter a formation, they show which positions a
//! player that follows the table reaches, and how often: the positions a set for a page keeps.

use super::distilled::best_moves;
use super::table::Chances;
use super::walls::{Outcome, P_TWO};
use crate::rng::GameRng;

/// A position a play-out moved from: its key, its best moves and the moves that change its
/// board, legal or sliding a wall (bits of [`crate::direction::Direction::ALL`], in the
/// canonical view).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub key: u64,
    pub best: u8,
    pub changing: u8,
}

impl Step {
    /// Whether the table rules out a move here: a set keeps only such positions
    /// ([`super::DistilledTable::new`]).
    pub fn chooses(&self) -> bool {
        self.best != 0 && self.best != self.changing
    }
}

/// The position `key` as the table sees it: its best moves (within `tie` of the best chance)
/// and the moves that change its board.
pub fn step(table: &(impl Chances + ?Sized), key: u64, tie: f64) -> Step {
    Step {
        key,
        best: best_moves(&table.move_chances(key), tie),
        changing: table.game().changing(key),
    }
}

/// Plays the sub-game from position `key` as the table plays it: one of its best moves (within
/// `tie`) at random, then a 2 (p 0.9) or a 4 in a random empty free cell, until a move makes
/// the target or none can win. `visit` sees each position moved from, `key` first, and the
/// last position, from which no move can win.
pub fn play_out(
    table: &(impl Chances + ?Sized),
    mut key: u64,
    tie: f64,
    rng: &mut GameRng,
    mut visit: impl FnMut(Step),
) {
    let game = table.game();
    loop {
        let here = step(table, key, tie);
        visit(here);
        let n = here.best.count_ones();
        if n == 0 {
            return;
        }
        let mut pick = (rng.next_word() % u64::from(n)) as u32;
        let dir = (0..4)
            .filter(|&i| here.best >> i & 1 == 1)
            .find(|_| {
                pick = pick.wrapping_sub(1);
                pick == u32::MAX
            })
            .expect("a best move picked");
        let after = match game.moves(key)[dir] {
            Some(Outcome::After(after)) => after,
            _ => return,
        };
        let empty: Vec<usize> = game.empty(after).collect();
        if empty.is_empty() {
            return;
        }
        let cell = empty[(rng.next_word() % empty.len() as u64) as usize];
        let two = ((rng.next_word() >> 11) as f64) < P_TWO * (1u64 << 53) as f64;
        key = after | (if two { 1 } else { 2 }) << (4 * cell);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::endgame::reachable::build::build_in_memory;
    use crate::ai::endgame::reachable::table::ReachTable;
    use crate::ai::endgame::reachable::walls::{WallGame, Walls};
    use std::collections::{HashMap, HashSet};

    /// Every position the table's best moves and every spawn reach from `start`, the positions
    /// play-outs may visit.
    fn closure(table: &ReachTable, start: u64, tie: f64) -> HashSet<u64> {
        let game = table.game();
        let mut seen = HashSet::from([start]);
        let mut todo = vec![start];
        while let Some(key) = todo.pop() {
            let here = step(table, key, tie);
            for (i, outcome) in game.moves(key).into_iter().enumerate() {
                let Some(Outcome::After(after)) = outcome else {
                    continue;
                };
                if here.best >> i & 1 == 0 {
                    continue;
                }
                for cell in game.empty(after) {
                    for tile in 1..=2 {
                        let next = after | tile << (4 * cell);
                        if seen.insert(next) {
                            todo.push(next);
                        }
                    }
                }
            }
        }
        seen
    }

    #[test]
    fn play_outs_follow_the_tables_best_moves_through_every_spawn() {
        let game = WallGame::new(Walls::F442, 4).unwrap();
        let table = build_in_memory(&game).unwrap();
        let tie = 0.001;
        // A seed with one best move, so that its play-outs' second positions are its spawns.
        let start = game
            .seeds()
            .into_iter()
            .find(|&k| step(&table, k, tie).best.count_ones() == 1)
            .expect("a seed with one best move");
        let reachable = closure(&table, start, tie);
        let mut seen: HashMap<u64, u64> = HashMap::new();
        let mut second: HashMap<u64, u64> = HashMap::new();
        let mut rng = GameRng::from_seed(3);
        let runs = 20_000;
        for _ in 0..runs {
            let mut at = 0;
            play_out(&table, start, tie, &mut rng, |s| {
                assert_eq!(s, step(&table, s.key, tie));
                *seen.entry(s.key).or_default() += 1;
                if at == 1 {
                    *second.entry(s.key).or_default() += 1;
                }
                at += 1;
            });
        }
        assert_eq!(seen[&start], runs, "each play-out starts at its start");
        let outside: Vec<_> = seen.keys().filter(|k| !reachable.contains(k)).collect();
        assert!(outside.is_empty(), "off the table's moves: {outside:x?}");
        // The second positions: the best move's afterstate with a 2 (p 0.9) or a 4 in each
        // empty free cell alike.
        let best = step(&table, start, tie).best.trailing_zeros() as usize;
        let Some(Outcome::After(after)) = game.moves(start)[best] else {
            panic!("the seed's best move leaves an afterstate");
        };
        let empty: Vec<usize> = game.empty(after).collect();
        for cell in empty.iter().copied() {
            for (tile, p) in [(1u64, P_TWO), (2, 1.0 - P_TWO)] {
                let expected = runs as f64 * p / empty.len() as f64;
                let got = second
                    .get(&(after | tile << (4 * cell)))
                    .copied()
                    .unwrap_or(0);
                assert!(
                    (got as f64 - expected).abs() < 5.0 * expected.sqrt() + 5.0,
                    "cell {cell}, tile {tile}: {got} play-outs, about {expected:.0} expected"
                );
            }
        }
    }
}
