//! Expectimax: the player takes the best move, the game spawns a 2 (p = 0.9) or a 4
//! (p = 0.1) on any empty cell. One implementation serves every board representation
//! through [`Position`]: the 4x4 [`Bitboard`] and the n x n [`Grid`].
//!
//! Chance nodes whose probability of being reached falls below [`MIN_PROBABILITY`] are
//! evaluated instead of expanded, and chance nodes are remembered in the transposition
//! table, so the cost of a search grows slowly with depth.

use std::cell::RefCell;
use std::rc::Rc;

use super::decision::{Decision, Strategy};
use crate::ai::api::names::StrategyName;
use crate::ai::api::options::SearchOptions;
use crate::ai::endgame::Tables;
use crate::ai::eval::heuristic::{EvalWeights, Evaluate, LineScorer, RowTable};
use crate::ai::search::bitboard::Bitboard;
use crate::ai::search::budget::{deepen, Budget, Control};
use crate::ai::search::clock::Clock;
use crate::ai::search::grid::Grid;
use crate::ai::search::transposition::{with_table, TranspositionTable};
use crate::direction::Direction;

/// A chance node reached with a smaller probability than this is evaluated, not expanded.
pub const MIN_PROBABILITY: f64 = 1e-4;
pub use crate::ai::api::options::MAX_DEPTH;
use crate::ai::search::position::Position;
/// Whether chance nodes prefetch their grandchildren's table slots one spawn ahead, which
/// changes no decision: natively on x86_64 (0.82x the time a move at 2.5M nodes, 0.89x at
/// 800k, 1.00x at 200k, where the table fits in the cache; docs/ai.md); not in
/// WebAssembly, which has no prefetch (a plain read instead made it slower, and the
/// lookahead alone gave 1.01x to 1.03x there), so it runs the search without it.
const PREFETCH: bool = cfg!(target_arch = "x86_64");
/// What a lost position is worth to the heuristic (`Evaluate::lost`; the learned evaluation's
/// is its tiles' points) and what an aborted search returns; `Search::leaf` keeps every live
/// position above it.
const LOST: f64 = 0.0;

struct Search<'s, 'c, E> {
    evaluator: &'s E,
    table: &'s mut TranspositionTable,
    control: &'s mut Control<'c>,
}

impl<E> Search<'_, '_, E> {
    #[inline]
    fn leaf<P: Position>(&mut self, position: P) -> f64
    where
        E: Evaluate<P>,
    {
        self.control.tick();
        Self::live(self.evaluator.evaluate(position))
    }

    /// An evaluation kept above [`LOST`]. A comparison, not f64::max: in wasm, max's NaN
    /// rules make it a call to fmax, which cost a tenth of the search's time there.
    /// Evaluations are never NaN.
    #[inline]
    fn live(value: f64) -> f64 {
        if value > LOST + 1.0 {
            value
        } else {
            LOST + 1.0
        }
    }

    /// The expected value of `position` before the spawn, with `depth` moves still to look at.
    fn chance<P: Position>(&mut self, position: P, probability: f64, depth: u32) -> f64
    where
        E: Evaluate<P>,
    {
        if depth == 0 {
            self.control.note_depth_cut();
            return self.leaf(position);
        }
        if probability < MIN_PROBABILITY {
            return self.leaf(position);
        }
        let key = position.key();
        if let Some(value) = self.table.get(key, depth) {
            return value;
        }
        let slots = position.empty_slots();
        if slots == 0 {
            return self.leaf(position);
        }
        if self.control.tick() {
            return LOST;
        }
        let count = slots.count_ones();
        let each = probability / f64::from(count);
        let mut total = 0.0;
        let mut rest = slots;
        if depth == 1 || !PREFETCH {
            while rest != 0 {
                let slot = rest.trailing_zeros();
                rest &= rest - 1;
                total += 0.9 * self.best(position.with_tile(slot, 1), each * 0.9, depth);
                total += 0.1 * self.best(position.with_tile(slot, 2), each * 0.1, depth);
                if self.control.aborted() {
                    return LOST;
                }
            }
        } else {
            // The same as above, with each spawn's moves worked out one spawn ahead and
            // their table slots prefetched while the spawn before is searched.
            let (two, four) = (each * 0.9, each * 0.1);
            let mut twos = self.spawned_children(position, rest.trailing_zeros(), 1, two);
            while rest != 0 {
                let slot = rest.trailing_zeros();
                rest &= rest - 1;
                let fours = self.spawned_children(position, slot, 2, four);
                total += 0.9 * self.best_of(twos, two, depth);
                if rest != 0 {
                    twos = self.spawned_children(position, rest.trailing_zeros(), 1, two);
                }
                total += 0.1 * self.best_of(fours, four, depth);
                if self.control.aborted() {
                    return LOST;
                }
            }
        }
        let value = total / f64::from(count);
        self.table.put(key, depth, value);
        value
    }

    /// The value of the best move from `position` (after the spawn); the evaluation's
    /// [`Evaluate::lost`] when there is none.
    fn best<P: Position>(&mut self, position: P, probability: f64, depth: u32) -> f64
    where
        E: Evaluate<P>,
    {
        if depth > 1 {
            return self.best_of((position, position.children()), probability, depth);
        }
        if self.control.tick() {
            return LOST;
        }
        // Depth 1: every child is a leaf, exactly what `chance(next, probability, 0)` would do
        // for each, with the evaluations done together (the bitboard shares work between them).
        let mut best = LOST;
        for value in self
            .evaluator
            .evaluate_children(position)
            .into_iter()
            .flatten()
        {
            self.control.note_depth_cut();
            self.control.tick();
            let value = Self::live(value);
            if value > best {
                best = value;
            }
            if self.control.aborted() {
                return LOST;
            }
        }
        self.or_lost(best, position)
    }

    /// A move node's value: `best`, the best of its children's, but never below what the
    /// evaluation says losing here is worth. With no child (`best` still [`LOST`]) that is the
    /// lost position's worth; with children it is a floor, since a move only adds points and a
    /// network may judge a crowded board's future below 0.
    #[inline]
    fn or_lost<P: Position>(&self, best: f64, position: P) -> f64
    where
        E: Evaluate<P>,
    {
        let lost = self.evaluator.lost(position);
        if best < lost {
            lost
        } else {
            best
        }
    }

    /// `position.with_tile(slot, exponent)` and its children, their table slots prefetched when
    /// they will be probed (searched at `probability` with a depth of 2 or more).
    #[inline]
    fn spawned_children<P: Position>(
        &self,
        position: P,
        slot: u32,
        exponent: u8,
        probability: f64,
    ) -> (P, [Option<P>; 4]) {
        let spawned = position.with_tile(slot, exponent);
        let children = spawned.children();
        if probability >= MIN_PROBABILITY {
            for next in children.into_iter().flatten() {
                self.table.prefetch(next.key());
            }
        }
        (spawned, children)
    }

    /// [`Search::best`] at `depth` of 2 or more, given the position and its children (worked
    /// out ahead, their slots prefetched, by the prefetching search).
    fn best_of<P: Position>(
        &mut self,
        (position, children): (P, [Option<P>; 4]),
        probability: f64,
        depth: u32,
    ) -> f64
    where
        E: Evaluate<P>,
    {
        if self.control.tick() {
            return LOST;
        }
        let mut best = LOST;
        for next in children.into_iter().flatten() {
            let value = self.chance(next, probability, depth - 1);
            if value > best {
                best = value;
            }
            if self.control.aborted() {
                return LOST;
            }
        }
        self.or_lost(best, position)
    }

    fn root<P: Position>(&mut self, position: P, depth: u32, moves: [bool; 4]) -> [Option<f64>; 4]
    where
        E: Evaluate<P>,
    {
        Direction::ALL.map(|dir| {
            if !moves[dir.index()] {
                return None;
            }
            position
                .after(dir)
                .map(|next| self.chance(next, 1.0, depth - 1))
        })
    }
}

/// The deepest search worth making here: deeper when more distinct tiles are on the board
/// (late, crowded, dangerous positions), as in nneonneo/2048-ai. The budget trims it further,
/// and a board with few empty cells affords more depth for the same budget.
pub fn adaptive_depth(distinct_tiles: u32) -> u32 {
    (distinct_tiles.saturating_sub(1)).clamp(4, MAX_DEPTH)
}

/// The node share of each root move under a node budget of `nodes` when `legal` root moves
/// change the board: an equal share, `nodes / legal` (at least 1). It depends only on the
/// budget and the position, never on which moves a caller asked for, so a move's value is
/// the same whether it is searched alone (one worker of the page's pool) or with the others
/// (the arena, Node).
pub fn root_share(nodes: u64, legal: usize) -> u64 {
    (nodes / legal.max(1) as u64).max(1)
}

/// Runs iterative-deepening expectimax from `root` and fills in everything but `ms`.
///
/// Under a node budget the root is split ([`root_share`]): each root move's subtree is
/// searched on its own, with its own iterative deepening and a fresh transposition table, so
/// its value is a pure function of the position, the move and the share; the decision is the
/// best of those values (first in [`Direction::ALL`] order among equals), its depth the
/// shallowest of the moves searched. Under a time budget the searched moves share one
/// iterative deepening and one table. (`expectimax_td` runs it with the learned evaluation.)
pub(crate) fn run<P: Position, E: Evaluate<P>>(
    root: P,
    evaluator: &E,
    max_depth: u32,
    budget: Budget,
    moves: [bool; 4],
    clock: &dyn Clock,
) -> Decision {
    if let Budget::Nodes(nodes) = budget {
        let children = Direction::ALL.map(|dir| root.after(dir));
        let share = root_share(nodes, children.iter().flatten().count());
        let mut values = [None; 4];
        let mut spent = 0;
        let mut depth = u32::MAX;
        for dir in Direction::ALL {
            let Some(next) = children[dir.index()].filter(|_| moves[dir.index()]) else {
                continue;
            };
            let (value, nodes, reached) =
                search_root_move(next, evaluator, max_depth, share, clock);
            values[dir.index()] = Some(value);
            spent += nodes;
            depth = depth.min(reached);
        }
        return Decision::from_values(values, spent, depth);
    }
    let mut control = Control::new(budget, clock);
    let deepened = with_table(None, |table| {
        deepen(max_depth, &mut control, |depth, control| {
            Search {
                evaluator,
                table: &mut *table,
                control,
            }
            .root(root, depth, moves)
        })
    });
    Decision::from_values(deepened.values, control.nodes(), deepened.depth)
}

/// One root move's subtree (`next`: the position after the move, before the spawn) searched
/// alone within `share` nodes: its value, the nodes spent, and the depth reached (in moves,
/// the root move included).
fn search_root_move<P: Position, E: Evaluate<P>>(
    next: P,
    evaluator: &E,
    max_depth: u32,
    share: u64,
    clock: &dyn Clock,
) -> (f64, u64, u32) {
    let mut control = Control::new(Budget::Nodes(share), clock);
    let deepened = with_table(Some(share), |table| {
        deepen(max_depth, &mut control, |depth, control| {
            let value = Search {
                evaluator,
                table: &mut *table,
                control,
            }
            .chance(next, 1.0, depth - 1);
            [Some(value), None, None, None]
        })
    });
    let value = deepened.values[0].unwrap_or(LOST);
    (value, control.nodes(), deepened.depth)
}

thread_local! {
    static CUSTOM_TABLE: RefCell<Option<(EvalWeights, Rc<RowTable>)>> = const { RefCell::new(None) };
}

/// The 4x4 table for `weights`: the shared default one, or one built (and kept for the next
/// call on this thread) for custom weights.
fn row_table_for(weights: &EvalWeights) -> Rc<RowTable> {
    CUSTOM_TABLE.with(|cell| {
        let mut slot = cell.borrow_mut();
        match &*slot {
            Some((w, table)) if w == weights => table.clone(),
            _ => {
                let table = Rc::new(RowTable::new(weights));
                *slot = Some((weights.clone(), table.clone()));
                table
            }
        }
    })
}

/// Expectimax on validated exponents: the bitboard when the position fits in nibbles for the
/// whole search, the generic grid otherwise. Only the root moves marked in `moves` are searched.
pub fn search(
    cells: &[u8],
    size: usize,
    weights: &EvalWeights,
    depth: Option<u32>,
    budget: Budget,
    moves: [bool; 4],
    clock: &dyn Clock,
) -> Decision {
    if size == 4 && Bitboard::is_exact_for(cells, MAX_DEPTH) {
        if let Some(board) = Bitboard::from_exponents(cells) {
            let max_depth = depth.unwrap_or_else(|| adaptive_depth(board.distinct_tiles()));
            return if *weights == EvalWeights::default() {
                run(
                    board,
                    RowTable::default_table(),
                    max_depth,
                    budget,
                    moves,
                    clock,
                )
            } else {
                run(
                    board,
                    &*row_table_for(weights),
                    max_depth,
                    budget,
                    moves,
                    clock,
                )
            };
        }
    }
    let grid = Grid::new(size, cells);
    let max_depth = depth.unwrap_or_else(|| adaptive_depth(grid.distinct_tiles()));
    run(
        grid,
        &LineScorer::new(weights),
        max_depth,
        budget,
        moves,
        clock,
    )
}

/// Expectimax with a node or time budget, as the options say.
pub struct Expectimax<'t> {
    pub options: SearchOptions,
    /// Wall tables: where one holds a 4x4 board, its move is played when the search scores
    /// it within the tables' margin ([`Tables::steer`]).
    pub tables: Option<&'t Tables>,
}

impl Strategy for Expectimax<'_> {
    fn name(&self) -> &'static str {
        StrategyName::Expectimax.name()
    }

    fn decide(&self, cells: &[u8], size: usize, clock: &dyn Clock) -> Decision {
        let o = &self.options;
        let mut decision = search(cells, size, &o.weights, o.depth, o.budget, o.moves, clock);
        if let Some(tables) = self.tables.filter(|_| size == 4) {
            if let Some(dir) = tables.steer(cells, &decision.values) {
                decision.dir = Some(dir);
            }
        }
        decision
    }
}
