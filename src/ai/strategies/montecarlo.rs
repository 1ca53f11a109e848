//! Monte Carlo: for each legal root move, play it, then finish the game `k` times with
//! uniformly random moves and the game's spawns (a 2 with p = 0.9, a 4 with p = 0.1 on a
//! uniformly chosen empty cell), and play the move whose games scored most on average.
//!
//! A roll-out stops at the end of the game or after [`ROLLOUT_MOVES`] random moves. Random
//! games on 3x3 to 5x5 end well before (4x4: 100 to 200 moves from the start), but on
//! larger boards they last thousands (6x6), a hundred thousand (7x7) or millions (8x8) of
//! moves; there a roll-out measures the points of the next 1,000 random moves.
//!
//! A move's value is the mean of the points scored from the position to the end of the
//! roll-out, the move itself included (the score before the position is the same for every
//! move, and unknown here). Each root move has its own generator, seeded by (seed,
//! position, move), so the values do not depend on which other moves are searched.
//!
//! The work per decision is capped by `nodes`: the moves played in roll-outs, each
//! roll-out's root move included (so a roll-out costs 1 to 1 + [`ROLLOUT_MOVES`]; on 8x8
//! always 1,001). The roll-outs are played in rounds, each giving every searched root move
//! one more in [`Direction::ALL`] order, until each has `k` or the moves played reach the
//! cap; the cap is looked at between rounds only, so every move gets the same number of
//! roll-outs, at least one, and the cap may be passed by up to one round. A move's draws
//! come from its own generator in the same order either way, so whenever the cap is not
//! reached the values (and the move) are exactly those of `k` roll-outs per move played one
//! move after the other. The decision reports the moves played as `nodes`.
//!
//! A search split by `moves` (a worker pool's share of the root moves) counts only its own
//! moves' roll-outs against the cap, so under a cap that binds it may play more rounds than
//! the whole search would and its values need not match the whole search's; without a
//! binding cap they do.
//!
//! Roll-outs on 4x4 run on the bitboard's row tables and count points by the tiles'
//! worth: a tile of 2^e is worth (e - 1) 2^e points of merges, minus 4 for every 4 that
//! spawned. A nibble holds tiles up to 32,768, so a roll-out whose tile sum could reach
//! 65,536 (two 32,768 could merge) continues on the generic grid, exactly; boards of other
//! sizes roll out on the grid throughout. Nothing is allocated in a roll-out.

use super::decision::{root_moves, Decision, Strategy};
use crate::ai::search::bitboard::Bitboard;
use crate::ai::search::clock::Clock;
use crate::ai::search::seeding::{below, rng_for};
use crate::board::slide_cells;
use crate::direction::Direction;
use crate::limits::MAX_SIZE;
use crate::rng::GameRng;

const CELLS: usize = MAX_SIZE * MAX_SIZE;

/// The most random moves a roll-out plays after the root move.
pub const ROLLOUT_MOVES: u32 = 1_000;

pub struct MonteCarlo {
    /// Roll-outs per legal root move.
    pub k: u32,
    /// The cap on moves played in roll-outs per decision (see the module comment).
    pub nodes: u64,
    pub seed: u64,
    pub moves: [bool; 4],
}

impl Strategy for MonteCarlo {
    fn name(&self) -> &'static str {
        "montecarlo"
    }

    fn decide(&self, cells: &[u8], size: usize, _clock: &dyn Clock) -> Decision {
        evaluate_moves(cells, size, self.k, self.nodes, self.seed, self.moves)
    }
}

/// Up to `k` roll-outs per root move allowed by `moves`, in rounds, while the moves played
/// stay below `cap` (see the module comment); `nodes` reports the moves played.
pub(crate) fn evaluate_moves(
    cells: &[u8],
    size: usize,
    k: u32,
    cap: u64,
    seed: u64,
    moves: [bool; 4],
) -> Decision {
    let children = root_moves(cells, size, moves);
    let mut rngs = Direction::ALL.map(|dir| {
        children[dir.index()]
            .as_ref()
            .map(|_| rng_for(seed, cells, size, dir.index() as u64))
    });
    if rngs.iter().all(Option::is_none) {
        return Decision::from_values([None; 4], 0, 1);
    }
    let mut totals = [0.0f64; 4];
    let mut played = 0u64;
    let mut rounds = 0u32;
    while rounds < k && (rounds == 0 || played < cap) {
        for dir in Direction::ALL {
            if let Some(rng) = &mut rngs[dir.index()] {
                let r = rollout(cells, size, dir, rng);
                totals[dir.index()] += r.points as f64;
                played += u64::from(r.moves);
            }
        }
        rounds += 1;
    }
    let values = Direction::ALL.map(|dir| {
        rngs[dir.index()]
            .as_ref()
            .map(|_| totals[dir.index()] / f64::from(rounds))
    });
    Decision::from_values(values, played, 1)
}

/// What one roll-out scored and what it cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rollout {
    /// Points scored from the position to the end of the roll-out, the root move included.
    pub points: u64,
    /// Moves played, the root move included: 1 to 1 + [`ROLLOUT_MOVES`].
    pub moves: u32,
}

/// What playing `dir` on the position, then random moves until the game ends (or for
/// [`ROLLOUT_MOVES`] moves), scores. `dir` must move.
pub fn rollout(cells: &[u8], size: usize, dir: Direction, rng: &mut GameRng) -> Rollout {
    if size == 4 {
        let sum: u64 = cells.iter().map(|&e| tile(e)).sum();
        if let (true, Some(board)) = (sum < NIBBLE_SAFE, Bitboard::from_exponents(cells)) {
            return rollout_bitboard(board, sum, dir, rng);
        }
    }
    rollout_on_grid(cells, size, dir, rng)
}

/// [`rollout`] on the generic grid whatever the size: the same draws in the same order, so
/// the same game, points and moves as the bitboard's roll-out from the same generator.
pub fn rollout_on_grid(cells: &[u8], size: usize, dir: Direction, rng: &mut GameRng) -> Rollout {
    let mut grid = [0u8; CELLS];
    grid[..cells.len()].copy_from_slice(cells);
    let gained = slide_cells(&mut grid, size, dir, |_| {}).unwrap_or(0);
    let exponent = spawn_exponent(rng);
    let rest = rollout_grid(&mut grid, size, exponent, ROLLOUT_MOVES, rng);
    Rollout {
        points: gained.saturating_add(rest.points),
        moves: 1 + rest.moves,
    }
}

/// While the tile sum stays below this, no two 32,768s can be on the board, so the nibble
/// tables (which never merge them) play exactly by the rules.
const NIBBLE_SAFE: u64 = 1 << 16;

fn tile(e: u8) -> u64 {
    if e == 0 {
        0
    } else {
        1u64.checked_shl(u32::from(e)).unwrap_or(u64::MAX)
    }
}

/// Points of merges that built the tiles of `board` from 2s: (e - 1) 2^e per tile.
fn worth(board: Bitboard) -> u64 {
    (0..16)
        .map(|i| {
            let e = (board.0 >> (4 * i)) & 0xf;
            if e == 0 {
                0
            } else {
                (e - 1) << e
            }
        })
        .sum()
}

/// The nibble offset of a uniformly chosen set bit of `mask` (which has `count` bits).
#[inline]
fn nth_slot(mut mask: u64, count: u32, rng: &mut GameRng) -> u32 {
    for _ in 0..below(rng, count) {
        mask &= mask - 1;
    }
    mask.trailing_zeros()
}

/// A spawn's exponent: a 4 (2) with p = 0.1, else a 2 (1).
#[inline]
fn spawn_exponent(rng: &mut GameRng) -> u8 {
    if below(rng, 10) == 0 {
        2
    } else {
        1
    }
}

fn rollout_bitboard(root: Bitboard, mut sum: u64, dir: Direction, rng: &mut GameRng) -> Rollout {
    let start_worth = worth(root);
    let mut board = root.shifted(dir);
    let mut fours = 0u64;
    // Random moves played so far (the root move is counted at the end).
    let mut played = 0u32;
    let end = |board: Bitboard, fours: u64, played: u32| Rollout {
        points: worth(board) - start_worth - 4 * fours,
        moves: 1 + played,
    };
    loop {
        let empty = board.empty_mask();
        let exponent = spawn_exponent(rng);
        if sum + tile(exponent) >= NIBBLE_SAFE {
            // From here two 32,768s could meet: finish on the grid, which stores bytes.
            let mut grid = [0u8; CELLS];
            grid[..16].copy_from_slice(&board.to_exponents());
            let so_far = end(board, fours, played);
            let rest = rollout_grid(&mut grid, 4, exponent, ROLLOUT_MOVES - played, rng);
            return Rollout {
                points: so_far.points.saturating_add(rest.points),
                moves: so_far.moves + rest.moves,
            };
        }
        let slot = nth_slot(empty, empty.count_ones(), rng);
        board = Bitboard(board.0 | (u64::from(exponent) << slot));
        sum += tile(exponent);
        fours += u64::from(exponent == 2);
        if played == ROLLOUT_MOVES {
            return end(board, fours, played);
        }
        // A uniformly random legal move: try the moves in a random order.
        let mut untried = Direction::ALL;
        let mut left = 4;
        loop {
            if left == 0 {
                return end(board, fours, played);
            }
            let i = below(rng, left) as usize;
            let next = board.shifted(untried[i]);
            if next != board {
                board = next;
                played += 1;
                break;
            }
            untried.swap(i, left as usize - 1);
            left -= 1;
        }
    }
}

/// Points scored from `cells` (after a move, before its spawn, which is a tile of
/// `exponent`) in a random game of at most `moves_left` more moves, and the moves played.
fn rollout_grid(
    cells: &mut [u8; CELLS],
    n: usize,
    mut exponent: u8,
    moves_left: u32,
    rng: &mut GameRng,
) -> Rollout {
    let mut gained = 0u64;
    let mut played = 0u32;
    let end = |gained: u64, played: u32| Rollout {
        points: gained,
        moves: played,
    };
    loop {
        let mut empty = 0u64;
        for (i, &e) in cells[..n * n].iter().enumerate() {
            if e == 0 {
                empty |= 1 << i;
            }
        }
        if empty != 0 {
            let slot = nth_slot(empty, empty.count_ones(), rng);
            cells[slot as usize] = exponent;
        }
        if played == moves_left {
            return end(gained, played);
        }
        let mut untried = Direction::ALL;
        let mut left = 4;
        loop {
            if left == 0 {
                return end(gained, played);
            }
            let i = below(rng, left) as usize;
            if let Some(points) = slide_cells(cells, n, untried[i], |_| {}) {
                gained = gained.saturating_add(points);
                played += 1;
                break;
            }
            untried.swap(i, left as usize - 1);
            left -= 1;
        }
        exponent = spawn_exponent(rng);
    }
}
