//! The sub-game a table solves: a [`Formation`]'s large tiles stay where they are, the small
//! tiles play in the free cells, and the sub-game is won when the goal cell holds the target
//! tile (the chain's end, `2^target`), a free tile merges into the chain's end, or a free tile
//! grows past the target; it is lost when no move keeps the large tiles in place.
//!
//! A target merged into the chain's end from below makes a pair with the link before it, which
//! collapses down the chain as the goal's tile would: along the snake, and along a parallel
//! formation's third row and up into its second. A parallel formation whose end lies mid-way
//! along the second row (`parallel-7`) is the exception: that row collapses onto the top row's
//! end only away from the corner, through the goal, so such a join wins only with the goal
//! empty, and then unless the spawn lands there (`(k - 1) / k` of the board's `k` empty cells;
//! a spawn in the goal counts as lost). With the goal taken the join is lost.
//!
//! A state is the free cells' exponents (each `0..=target`), numbered in base `target + 1`,
//! the lowest free cell the lowest digit: every state has its slot in a flat array, with no
//! hashing. The large tiles but the chain's end are stood in for by distinct exponents above
//! every free tile (15, 14, ...), so that they never merge; the end is itself, the target. A
//! move is legal in the sub-game when it changes the board and leaves every fixed cell as it
//! was, but for a free target merged into the end. Every move keeps the free tiles' sum and every
//! spawn adds 2 or 4 to it, so a state's value depends only on states of larger sums: the
//! builder solves them from the largest sum down ([`Subgame::layer`]).

use super::formation::{Formation, Layout};
use crate::ai::search::bitboard::Bitboard;

/// The chance of a 2 (the rest is a 4), as the game spawns.
const P_TWO: f64 = 0.9;

/// The smallest target a table may have: a spawned 4 must stay below it.
pub const MIN_TARGET: u8 = 3;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subgame {
    formation: Formation,
    target: u8,
    free: Vec<u8>,
    /// Each free cell's digit weight (radix^position); 0 for the fixed cells.
    place: [u64; 16],
    /// The fixed cells' stand-ins, and the mask of their nibbles.
    walls: u64,
    wall_mask: u64,
    /// The mask of the chain's end's nibble, and the end's board after a tile merged into it.
    end_mask: u64,
    end_joined: u64,
    goal_shift: u32,
    states: u64,
    /// A join at the chain's end collapses only through an empty goal: see the module's notes.
    through_goal: bool,
}

impl Subgame {
    /// The sub-game of `formation` building `2^target`; None when the target is out of the
    /// formation's range (MIN_TARGET..=max_target).
    pub fn new(formation: Formation, target: u8) -> Option<Subgame> {
        if !(MIN_TARGET..=formation.max_target()).contains(&target) {
            return None;
        }
        let free = formation.free();
        let radix = u64::from(target) + 1;
        let mut place = [0u64; 16];
        let mut weight = 1u64;
        for &cell in &free {
            place[usize::from(cell)] = weight;
            weight *= radix;
        }
        let (mut walls, mut wall_mask) = (0u64, 0u64);
        let (&end, chain) = formation.fixed().split_last().expect("fixed tiles");
        for (i, &cell) in chain.iter().enumerate() {
            walls |= (15 - i as u64) << (4 * cell);
            wall_mask |= 0xf << (4 * cell);
        }
        // The chain's end is itself: a free target beside it may merge into it.
        walls |= u64::from(target) << (4 * end);
        wall_mask |= 0xf << (4 * end);
        let goal = formation.goal();
        let second_row = |cell: u8| cell / 4 == 1;
        Some(Subgame {
            formation,
            target,
            free,
            place,
            walls,
            wall_mask,
            end_mask: 0xf << (4 * end),
            end_joined: u64::from(target + 1) << (4 * end),
            goal_shift: 4 * u32::from(goal),
            states: weight,
            through_goal: formation.layout() == Layout::Parallel
                && second_row(end)
                && second_row(goal),
        })
    }

    pub fn formation(&self) -> Formation {
        self.formation
    }

    pub fn target(&self) -> u8 {
        self.target
    }

    /// How many states (slots) the sub-game has: `(target + 1)^free cells`.
    pub fn states(&self) -> u64 {
        self.states
    }

    /// The mask of the fixed cells' nibbles (the chain's end's too), on a canonical board.
    pub fn fixed_mask(&self) -> u64 {
        self.wall_mask
    }

    /// The free cells, ascending: the digits of a state's number, lowest first.
    pub fn free(&self) -> &[u8] {
        &self.free
    }

    /// The largest sum of the free tiles, in 2s.
    pub fn max_sum(&self) -> u32 {
        self.free.len() as u32 * (1 << (self.target - 1))
    }

    /// The board (canonical, a nibble per cell) of state `index`, with the stand-ins.
    pub fn board(&self, mut index: u64) -> u64 {
        let radix = u64::from(self.target) + 1;
        let mut board = self.walls;
        for &cell in &self.free {
            board |= (index % radix) << (4 * cell);
            index /= radix;
        }
        board
    }

    /// The state of a canonical board's free cells; None when one holds more than the target.
    #[inline]
    pub fn index(&self, board: u64) -> Option<u64> {
        let mut index = 0;
        for &cell in &self.free {
            let e = (board >> (4 * cell)) & 0xf;
            if e > u64::from(self.target) {
                return None;
            }
            index += e * self.place[usize::from(cell)];
        }
        Some(index)
    }

    /// Whether the goal holds the target.
    #[inline]
    fn won(&self, board: u64) -> bool {
        (board >> self.goal_shift) & 0xf == u64::from(self.target)
    }

    /// The boards after each move of `Direction::ALL` that the sub-game allows (None where the
    /// board does not change or a fixed cell does).
    #[inline]
    pub fn moves(&self, board: u64) -> [Option<u64>; 4] {
        let chain = self.wall_mask & !self.end_mask;
        Bitboard(board).shifted_all().map(|next| {
            let next = next.0;
            let end = next & self.end_mask;
            let kept = next & chain == board & chain
                && (end == board & self.end_mask || end == self.end_joined);
            (next != board && kept).then_some(next)
        })
    }

    /// `after`, a board just moved (before the spawn): the state whose chance a table holds,
    /// or (Err) its chance where the sub-game is settled there and needs no table. Settled: won
    /// when the goal holds the target, and when two targets merged into a tile above the
    /// chain's end (in a chain with a gap above its end that is the next link made, as it lies
    /// beside the fixed tile it merges with more often than not, and in any case a larger tile
    /// than the goal asked for); a target joined to the chain's end as the module's notes say.
    #[inline]
    pub fn after_state(&self, after: u64) -> Result<u64, f64> {
        if self.won(after) {
            return Err(1.0);
        }
        if after & self.end_mask == self.end_joined {
            if !self.through_goal {
                return Err(1.0);
            }
            if (after >> self.goal_shift) & 0xf != 0 {
                return Err(0.0);
            }
            let empty = f64::from(Bitboard(after).empty_mask().count_ones());
            return Err((empty - 1.0) / empty);
        }
        self.index(after).ok_or(1.0)
    }

    /// The state of `after` (see [`Subgame::after_state`]) whose chance a table holds; None
    /// where the sub-game is settled there.
    #[inline]
    pub fn after_index(&self, after: u64) -> Option<u64> {
        self.after_state(after).ok()
    }

    /// The chance of winning from `after`, a board just moved (before the spawn), given the
    /// value of every state of a larger sum.
    #[inline]
    pub fn after_value(&self, after: u64, value: &impl Fn(u64) -> f64) -> f64 {
        let index = match self.after_state(after) {
            Ok(index) => index,
            Err(chance) => return chance,
        };
        let empty = Bitboard(after).empty_mask();
        let mut total = 0.0;
        let mut rest = empty;
        while rest != 0 {
            let cell = rest.trailing_zeros() / 4;
            rest &= rest - 1;
            let place = self.place[cell as usize];
            total += P_TWO * value(index + place) + (1.0 - P_TWO) * value(index + 2 * place);
        }
        // A legal move always leaves a free cell empty (the fixed ones never move, and a move
        // that changes a full region merges), so the count is never 0.
        total / f64::from(empty.count_ones())
    }

    /// The chance of winning from state `index` (a board after the spawn) under best play, given
    /// the value of every state of a larger sum.
    pub fn value(&self, index: u64, value: &impl Fn(u64) -> f64) -> f64 {
        let board = self.board(index);
        if self.won(board) {
            return 1.0;
        }
        self.moves(board)
            .into_iter()
            .flatten()
            .map(|after| self.after_value(after, value))
            .fold(0.0, f64::max)
    }

    /// Every state whose free tiles sum to `sum` 2s, ascending.
    pub fn layer(&self, sum: u32) -> Vec<u64> {
        let mut out = Vec::new();
        let top = self.free.len();
        self.fill(top, u64::from(sum), 0, &mut out);
        out
    }

    /// How many states [`Subgame::layer`] gives for `sum`, without listing them.
    pub fn layer_size(&self, sum: u32) -> u64 {
        // ways[s]: the digit strings over the cells so far whose tiles sum to s 2s.
        let sum = sum as usize;
        let mut ways = vec![0u64; sum + 1];
        ways[0] = 1;
        for _ in &self.free {
            let mut next = vec![0u64; sum + 1];
            for (s, &w) in ways.iter().enumerate().filter(|(_, &w)| w != 0) {
                for digit in 0..=self.target {
                    let worth = if digit == 0 { 0 } else { 1usize << (digit - 1) };
                    if s + worth <= sum {
                        next[s + worth] += w;
                    }
                }
            }
            ways = next;
        }
        ways[sum]
    }

    /// The states whose lowest `cells` digits sum to `rest` (in 2s), above `prefix`, ascending.
    fn fill(&self, cells: usize, rest: u64, prefix: u64, out: &mut Vec<u64>) {
        if cells == 0 {
            if rest == 0 {
                out.push(prefix);
            }
            return;
        }
        let largest = 1u64 << (self.target - 1);
        if rest > cells as u64 * largest {
            return;
        }
        let radix = u64::from(self.target) + 1;
        let weight = radix.pow(cells as u32 - 1);
        for digit in 0..radix {
            let worth = if digit == 0 { 0 } else { 1 << (digit - 1) };
            if worth > rest {
                break;
            }
            self.fill(cells - 1, rest - worth, prefix + digit * weight, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_state_and_its_board_are_one_to_one() {
        let game = Subgame::new(Formation::snake(10).unwrap(), 4).unwrap();
        assert_eq!(game.states(), 5u64.pow(6));
        for index in [0, 1, 4, 5, 777, game.states() - 1] {
            assert_eq!(game.index(game.board(index)), Some(index));
        }
        let total: usize = (0..=game.max_sum()).map(|s| game.layer(s).len()).sum();
        assert_eq!(total as u64, game.states());
    }
}
