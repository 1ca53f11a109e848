//! The spawn draw: where the new tile goes after a move, and whether it is a 2 or a 4.
//!
//! Every seeded game, saved game and shared record depends on this draw, so it is written
//! down here, in one place, from the game's own generator ([`GameRng`]), and never through a
//! library's sampling routines (whose algorithms may change in any release).
//!
//! After a move that changed the board, with the `n >= 1` empty cells listed in row-major
//! order, the draw takes two 64-bit words from the game's generator, in this order:
//! 1. the cell: word `a` picks the empty cell at index `floor(a * n / 2^64)` of that list
//!    (the high half of the 128-bit product; every cell has probability 1/n up to n/2^64);
//! 2. the tile: word `b` gives a 4 when `floor(b * 10 / 2^64) == 0`, that is when
//!    `b < ceil(2^64 / 10)` (probability 1/10 up to 2^-64), and a 2 otherwise.
//!
//! A move that changes nothing draws nothing. A new game draws twice, in the same way, on
//! the empty board.

use crate::rng::GameRng;

/// One spawn: the index into the row-major list of empty cells, and the tile's exponent
/// (1 for a 2, 2 for a 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpawnDraw {
    pub empty_index: usize,
    pub exponent: u8,
}

/// `floor(word * n / 2^64)`: a number in `0..n` from one 64-bit word.
fn scale(word: u64, n: u64) -> u64 {
    ((u128::from(word) * u128::from(n)) >> 64) as u64
}

/// Draws a spawn among `empty` (>= 1) empty cells; see the module's text for the rule.
pub fn draw(rng: &mut GameRng, empty: usize) -> SpawnDraw {
    debug_assert!(empty >= 1, "a spawn needs an empty cell");
    let empty_index = scale(rng.next_word(), empty as u64) as usize;
    let exponent = if scale(rng.next_word(), 10) == 0 {
        2
    } else {
        1
    };
    SpawnDraw {
        empty_index,
        exponent,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scale_covers_the_whole_range_and_no_more() {
        assert_eq!(scale(0, 7), 0);
        assert_eq!(scale(u64::MAX, 7), 6);
        assert_eq!(scale(u64::MAX, 1), 0);
        // The boundary of a 4: ceil(2^64 / 10) is the first word that gives a 2.
        let first_two = (u64::MAX / 10) + 1;
        assert_eq!(scale(first_two - 1, 10), 0);
        assert_eq!(scale(first_two, 10), 1);
    }
}
