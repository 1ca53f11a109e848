//! Building a table of reachable positions, on every thread of rayon's pool:
//!
//! - **forward**, layer by layer from the seeds' sums up: each position's moves and spawns make
//!   the positions of the next two layers; a move that wins, or that moves a wall, makes none;
//!   each layer is sorted and its duplicates dropped before it is expanded in turn;
//! - **backward**, from the largest sum down: a position's chance is its best move's, a move's
//!   the expectation over its spawns of the chances a layer or two up (1 for a move that wins).
//!
//! Both passes keep every layer in memory (keys as `u64`, chances as `f32` while they are
//! worked out): about 12 bytes a position.

use rayon::prelude::*;

use super::table::ReachTable;
use super::walls::{Outcome, WallGame};

/// How many positions a piece of a layer expands at once: the children of a piece are sorted
/// and their duplicates dropped before they join their layer.
const PIECE: usize = 1 << 18;

/// Every position reached from `seeds`, by layer from sum 0 up (a layer may be empty).
/// `progress(sum, positions)` is told each layer as it is finished.
pub fn forward(
    game: &WallGame,
    seeds: &[u64],
    mut progress: impl FnMut(u32, usize),
) -> Vec<Vec<u64>> {
    let mut layers: Vec<Vec<u64>> = Vec::new();
    // Each layer's length when it was last tidied.
    let mut tidied: Vec<usize> = Vec::new();
    let grow = |layers: &mut Vec<Vec<u64>>, tidied: &mut Vec<usize>, to: usize| {
        if layers.len() <= to {
            layers.resize_with(to + 1, Vec::new);
            tidied.resize(to + 1, 0);
        }
    };
    for &seed in seeds {
        let l = game.layer(seed) as usize;
        grow(&mut layers, &mut tidied, l);
        layers[l].push(seed);
    }
    let mut sum = 0;
    while sum < layers.len() {
        let mut layer = std::mem::take(&mut layers[sum]);
        tidy(&mut layer);
        if !layer.is_empty() {
            grow(&mut layers, &mut tidied, sum + 2);
        }
        for piece in layer.chunks(PIECE) {
            let (mut twos, mut fours) = piece
                .par_iter()
                .fold(
                    || (Vec::new(), Vec::new()),
                    |(mut twos, mut fours), &key| {
                        for outcome in game.moves(key).into_iter().flatten() {
                            if let Outcome::After(after) = outcome {
                                for i in game.empty(after) {
                                    twos.push(after | 1 << (4 * i));
                                    fours.push(after | 2 << (4 * i));
                                }
                            }
                        }
                        (twos, fours)
                    },
                )
                .reduce(
                    || (Vec::new(), Vec::new()),
                    |(mut a, mut b), (c, d)| {
                        a.extend(c);
                        b.extend(d);
                        (a, b)
                    },
                );
            tidy(&mut twos);
            tidy(&mut fours);
            for (offset, children) in [(1, twos), (2, fours)] {
                let next = &mut layers[sum + offset];
                next.extend(children);
                // Drop the duplicates once the layer has doubled since it was last tidied.
                if next.len() > 2 * tidied[sum + offset] + 4 * PIECE {
                    tidy(next);
                    tidied[sum + offset] = next.len();
                }
            }
        }
        progress(sum as u32, layer.len());
        layers[sum] = layer;
        sum += 1;
    }
    while layers.last().is_some_and(Vec::is_empty) {
        layers.pop();
    }
    layers
}

/// Sorts a layer and drops its duplicates.
fn tidy(layer: &mut Vec<u64>) {
    layer.par_sort_unstable();
    layer.dedup();
    layer.shrink_to_fit();
}

/// The chance of every position of `layers` (as [`forward`] gives them), from the largest sum
/// down. `progress(sum, positions)` is told each layer as it is solved.
pub fn backward(
    game: &WallGame,
    layers: &[Vec<u64>],
    mut progress: impl FnMut(u32, usize),
) -> Vec<Vec<f32>> {
    let mut values: Vec<Vec<f32>> = vec![Vec::new(); layers.len()];
    for sum in (0..layers.len()).rev() {
        let above = &values;
        let reached = |l: u32, key: u64| -> f64 {
            let l = l as usize;
            match layers.get(l).map(|keys| keys.binary_search(&key)) {
                Some(Ok(i)) => f64::from(above[l][i]),
                _ => 0.0,
            }
        };
        let solved: Vec<f32> = layers[sum]
            .par_iter()
            .map(|&key| {
                game.moves(key)
                    .into_iter()
                    .flatten()
                    .map(|outcome| game.expect(outcome, &reached))
                    .fold(0.0, f64::max) as f32
            })
            .collect();
        progress(sum as u32, solved.len());
        values[sum] = solved;
    }
    values
}

/// Both passes, from the sub-game's own seeds: the whole table.
pub fn build(game: &WallGame, mut progress: impl FnMut(&str, u32, usize)) -> ReachTable {
    let layers = forward(game, &game.seeds(), |s, n| progress("forward", s, n));
    let values = backward(game, &layers, |s, n| progress("backward", s, n));
    table_of(game, layers, values)
}

/// The table of solved layers, from the first that holds a position.
pub fn table_of(game: &WallGame, layers: Vec<Vec<u64>>, values: Vec<Vec<f32>>) -> ReachTable {
    let first = layers.iter().position(|l| !l.is_empty()).unwrap_or(0);
    let layers = layers.into_iter().zip(values).skip(first).collect();
    ReachTable::new(game.clone(), first as u32, layers)
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::ai::endgame::reachable::walls::Walls;

    /// The sub-game's value by plain expectimax, searched to its end, remembered by position.
    fn searched(game: &WallGame, key: u64, memo: &mut HashMap<u64, f64>) -> f64 {
        if let Some(&v) = memo.get(&key) {
            return v;
        }
        let mut best = 0.0f64;
        for outcome in game.moves(key).into_iter().flatten() {
            let value = match outcome {
                Outcome::Won => 1.0,
                Outcome::After(after) => {
                    let empty: Vec<usize> = game.empty(after).collect();
                    let mut total = 0.0;
                    for &i in &empty {
                        total += 0.9 * searched(game, after | 1 << (4 * i), memo);
                        total += 0.1 * searched(game, after | 2 << (4 * i), memo);
                    }
                    if empty.is_empty() {
                        0.0
                    } else {
                        total / empty.len() as f64
                    }
                }
            };
            best = best.max(value);
        }
        memo.insert(key, best);
        best
    }

    #[test]
    fn every_position_holds_the_chance_a_search_to_the_end_finds() {
        for walls in Walls::ALL {
            let game = WallGame::new(walls, 4).unwrap();
            let table = build(&game, |_, _, _| {});
            let mut memo = HashMap::new();
            for seed in game.seeds() {
                searched(&game, seed, &mut memo);
            }
            // The table holds exactly the positions the search reaches from the seeds.
            assert_eq!(table.positions(), memo.len() as u64, "{}", game.name());
            for (&key, &value) in &memo {
                let chance = table.chance(key).expect("a reached position");
                assert!(
                    (chance - value).abs() <= 1.0 / 65535.0,
                    "{key:x}: {chance} {value}"
                );
            }
            // Some positions are won surely, some lost, some neither.
            assert!(memo.values().any(|&v| v > 0.99) && memo.values().any(|&v| v == 0.0));
            assert!(memo.values().any(|&v| v > 0.1 && v < 0.9));
        }
    }

    #[test]
    fn a_table_reads_back_as_written_and_a_damaged_file_is_named() {
        let game = WallGame::new(Walls::F442, 4).unwrap();
        let table = build(&game, |_, _, _| {});
        let bytes = table.write(Vec::new()).unwrap();
        assert_eq!(ReachTable::read(&bytes[..]).unwrap(), table);
        // The same bytes on a second build.
        assert_eq!(build(&game, |_, _, _| {}).write(Vec::new()).unwrap(), bytes);
        let mut flipped = bytes.clone();
        let middle = flipped.len() / 2;
        flipped[middle] ^= 1;
        let err = ReachTable::read(&flipped[..]).unwrap_err().to_string();
        assert!(err.contains("checksum") || err.contains("order"), "{err}");
        let cut = ReachTable::read(&bytes[..bytes.len() - 9])
            .unwrap_err()
            .to_string();
        assert!(cut.contains("cut short"), "{cut}");
    }
}
