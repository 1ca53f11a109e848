//! Minimax with alpha-beta pruning: the player takes the best move, and the game is taken to
//! be an adversary that puts a 2 or a 4 on whichever empty cell hurts most. Positions are
//! scored by [`eval::smoothness`](crate::ai::eval::smoothness) after the player's last move.
//!
//! Depth counts the player's moves, the root move included: depth 1 plays each move and
//! scores the result (before any spawn). The search here serves both [`Minimax`] (a depth,
//! every placement) and [`MinimaxId`](super::minimax_id::MinimaxId) (iterative deepening
//! within a budget, only the most annoying placements).
//!
//! [`Minimax`] searches every placement, so its cost grows about 2 x (empty cells) times per
//! move looked ahead: depth 6 on an open 8x8 board would take minutes. It therefore deepens
//! from depth 1 to the asked depth under a node cap: a depth that reaches the cap is
//! abandoned and the last depth searched in full decides (and is reported). The cap counts
//! nodes, not time, so the arena and the page play the same move; when the cap is not
//! reached the move and values are those of a plain search at the asked depth.

use super::decision::{Decision, Strategy};
use crate::ai::api::options::MAX_DEPTH;
use crate::ai::eval::smoothness::{evaluate, islands, smoothness, MinimaxWeights};
use crate::ai::search::bitboard::Bitboard;
use crate::ai::search::budget::{Budget, Control};
use crate::ai::search::clock::{Clock, NoClock};
use crate::ai::search::grid::Grid;
use crate::ai::search::position::Position;
use crate::direction::Direction;
use crate::limits::MAX_SIZE;

/// A lost position (no move left), `ply` moves from the root: below every evaluation, and
/// losing later is better than losing sooner.
fn lost(ply: u32) -> f64 {
    -1e12 + f64::from(ply)
}

/// A board the minimax search plays on: the 4x4 bitboard or the generic grid.
pub(crate) trait Board: Position {
    fn size(self) -> usize;
    /// Exponents, row-major, in the first size^2 bytes.
    fn exponents(self) -> [u8; MAX_SIZE * MAX_SIZE];
}

impl Board for Bitboard {
    fn size(self) -> usize {
        4
    }

    fn exponents(self) -> [u8; MAX_SIZE * MAX_SIZE] {
        let mut out = [0; MAX_SIZE * MAX_SIZE];
        out[..16].copy_from_slice(&self.to_exponents());
        out
    }
}

impl Board for Grid {
    fn size(self) -> usize {
        self.cells().len().isqrt()
    }

    fn exponents(self) -> [u8; MAX_SIZE * MAX_SIZE] {
        let mut out = [0; MAX_SIZE * MAX_SIZE];
        out[..self.cells().len()].copy_from_slice(self.cells());
        out
    }
}

pub(crate) struct Search<'s, 'c> {
    pub weights: &'s MinimaxWeights,
    pub control: &'s mut Control<'c>,
    /// Consider only the spawns with the highest smoothness penalty plus island count.
    pub prune: bool,
}

impl Search<'_, '_> {
    fn leaf<B: Board>(&mut self, board: B) -> f64 {
        self.control.tick();
        self.control.note_depth_cut();
        evaluate(self.weights, &board.exponents(), board.size())
    }

    /// The player to move on `board` (after a spawn), `depth` >= 1 moves still to look at.
    fn max<B: Board>(&mut self, board: B, depth: u32, mut alpha: f64, beta: f64, ply: u32) -> f64 {
        if self.control.tick() {
            return 0.0;
        }
        let mut best = lost(ply);
        for next in board.children().into_iter().flatten() {
            let value = if depth == 1 {
                self.leaf(next)
            } else {
                self.min(next, depth - 1, alpha, beta, ply + 1)
            };
            if self.control.aborted() {
                return 0.0;
            }
            if value > best {
                best = value;
                if best > alpha {
                    alpha = best;
                }
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }

    /// The spawn on `board` (after the player's move), then `depth` >= 1 player moves.
    fn min<B: Board>(&mut self, board: B, depth: u32, alpha: f64, mut beta: f64, ply: u32) -> f64 {
        if self.control.tick() {
            return 0.0;
        }
        let slots = board.empty_slots();
        if slots == 0 {
            // A legal move always leaves an empty cell; kept for safety.
            return self.leaf(board);
        }
        let mut spawns = [(0u32, 0u8); 2 * MAX_SIZE * MAX_SIZE];
        let count = if self.prune {
            annoying_spawns(board, slots, &mut spawns)
        } else {
            every_spawn(slots, &mut spawns)
        };
        let mut worst = f64::INFINITY;
        for &(slot, exponent) in &spawns[..count] {
            let value = self.max(board.with_tile(slot, exponent), depth, alpha, beta, ply);
            if self.control.aborted() {
                return 0.0;
            }
            if value < worst {
                worst = value;
                if worst < beta {
                    beta = worst;
                }
                if alpha >= beta {
                    break;
                }
            }
        }
        worst
    }

    /// The value of each root move allowed by `moves`. Each later move is searched with the
    /// best value so far as alpha, so a move that cannot beat it reports a bound no higher
    /// than that value: the highest value is exact and belongs to the best move.
    pub fn root<B: Board>(&mut self, board: B, depth: u32, moves: [bool; 4]) -> [Option<f64>; 4] {
        let mut alpha = f64::NEG_INFINITY;
        Direction::ALL.map(|dir| {
            if !moves[dir.index()] {
                return None;
            }
            let next = board.after(dir)?;
            let value = if depth == 1 {
                self.leaf(next)
            } else {
                self.min(next, depth - 1, alpha, f64::INFINITY, 1)
            };
            if value > alpha {
                alpha = value;
            }
            Some(value)
        })
    }
}

/// Every placement: a 2 then a 4 on each empty cell. Returns how many.
fn every_spawn(slots: u64, out: &mut [(u32, u8)]) -> usize {
    let mut count = 0;
    for exponent in [1, 2] {
        let mut rest = slots;
        while rest != 0 {
            out[count] = (rest.trailing_zeros(), exponent);
            count += 1;
            rest &= rest - 1;
        }
    }
    count
}

/// The placements that make the board least smooth and most fragmented (ov3y/2048-AI):
/// those with the highest smoothness penalty plus island count. Returns how many.
fn annoying_spawns<B: Board>(board: B, slots: u64, out: &mut [(u32, u8)]) -> usize {
    let n = board.size();
    let mut count = 0;
    let mut worst = 0u32;
    for exponent in [1, 2] {
        let mut rest = slots;
        while rest != 0 {
            let slot = rest.trailing_zeros();
            rest &= rest - 1;
            let cells = board.with_tile(slot, exponent).exponents();
            let annoyance = smoothness(&cells, n) + islands(&cells, n);
            if count == 0 || annoyance > worst {
                worst = annoyance;
                count = 0;
            }
            if annoyance == worst {
                out[count] = (slot, exponent);
                count += 1;
            }
        }
    }
    count
}

/// The root position: a bitboard when it fits one for the deepest search, else a grid.
pub(crate) enum Root {
    Bits(Bitboard),
    Grid(Grid),
}

impl Root {
    pub fn new(cells: &[u8], size: usize) -> Root {
        if size == 4 && Bitboard::is_exact_for(cells, MAX_DEPTH) {
            if let Some(board) = Bitboard::from_exponents(cells) {
                return Root::Bits(board);
            }
        }
        Root::Grid(Grid::new(size, cells))
    }

    pub fn search(&self, search: &mut Search, depth: u32, moves: [bool; 4]) -> [Option<f64>; 4] {
        match *self {
            Root::Bits(board) => search.root(board, depth, moves),
            Root::Grid(grid) => search.root(grid, depth, moves),
        }
    }
}

/// Minimax over every spawn, deepening up to `depth` within `nodes`; see the module comment.
pub struct Minimax {
    pub depth: u32,
    /// The node cap per move (every depth searched counts).
    pub nodes: u64,
    pub weights: MinimaxWeights,
    pub moves: [bool; 4],
}

impl Minimax {
    /// A plain alpha-beta search at exactly `self.depth`, without the cap: what
    /// [`Strategy::decide`] plays whenever the cap is not reached.
    pub fn fixed_depth(&self, cells: &[u8], size: usize) -> Decision {
        let mut control = Control::new(Budget::Nodes(u64::MAX), &NoClock);
        let mut search = Search {
            weights: &self.weights,
            control: &mut control,
            prune: false,
        };
        let values = Root::new(cells, size).search(&mut search, self.depth, self.moves);
        Decision::from_values(values, control.nodes(), self.depth)
    }
}

impl Strategy for Minimax {
    fn name(&self) -> &'static str {
        "minimax"
    }

    fn decide(&self, cells: &[u8], size: usize, _clock: &dyn Clock) -> Decision {
        let root = Root::new(cells, size);
        let mut control = Control::new(Budget::Nodes(self.nodes), &NoClock);
        // Depth 1 (at most four leaves) always completes, so there is always a move.
        let mut search = Search {
            weights: &self.weights,
            control: &mut control,
            prune: false,
        };
        let mut best = (root.search(&mut search, 1, self.moves), 1);
        control.enforce();
        for depth in 2..=self.depth {
            let mut search = Search {
                weights: &self.weights,
                control: &mut control,
                prune: false,
            };
            let values = root.search(&mut search, depth, self.moves);
            if control.aborted() {
                break;
            }
            best = (values, depth);
        }
        Decision::from_values(best.0, control.nodes(), best.1)
    }
}
