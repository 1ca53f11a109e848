//! Tile-downgrading (Guei, Chen & Wu 2021; moporgic/TDL2048+'s `--shift`): a board whose
//! largest tile is 32,768 or more is read by the learned player as the board one rank down
//! that has the same shape. The network has seldom or never seen the tiles from 32,768 up
//! (its levels stop at 32,768, and a 65,536 cannot be read at all), but it knows a board
//! building beside a 16,384 well.
//!
//! The tiles above the highest *missing* rank each move down one rank, so the order of the
//! tiles, which are equal and which are not, and which cells are empty all stay the same: the
//! moves that move something, and the merges, are the same on both boards. For a board with
//! 32,768 and no 16,384, the 32,768 reads as a 16,384; with 32,768 and 16,384 but no 8,192,
//! they read as 16,384 and 8,192. With 65,536 (and 32,768 beside it or not) two missing ranks
//! are taken, so the largest tile always reads as 16,384.
//!
//! Only the position a decision starts from is downgraded, so every decision from a board
//! below 32,768 is what it was without it.

/// The rank from which a board is downgraded: 2^15 = 32,768.
pub const FROM_EXPONENT: u8 = 15;
/// The rank the largest tile reads as once downgraded: 2^14 = 16,384.
const READ_AS: u8 = FROM_EXPONENT - 1;
/// The lowest rank a missing rank may be: 2^3 = 8. Below it, the tiles that spawn (2 and 4)
/// would take the meaning of larger ones.
const LOWEST_HOLE: u8 = 3;

/// `cells` (exponents, 0 for empty) as the learned player reads them: downgraded when the
/// largest tile is 32,768 or more, else `None` (the board as it is). Also `None` when the
/// board lacks the missing ranks to drop (every rank from 8 up to its largest present), which
/// no game of 16 cells reaches in practice.
pub fn downgraded(cells: &[u8]) -> Option<Vec<u8>> {
    let top = cells.iter().copied().max()?;
    if top < FROM_EXPONENT {
        return None;
    }
    let present = cells.iter().fold(0u64, |seen, &e| seen | 1u64 << e.min(63));
    let holes: Vec<u8> = (LOWEST_HOLE..top)
        .rev()
        .filter(|&e| present & (1u64 << e) == 0)
        .take(usize::from(top - READ_AS))
        .collect();
    if holes.len() < usize::from(top - READ_AS) {
        return None;
    }
    Some(
        cells
            .iter()
            .map(|&e| e - holes.iter().filter(|&&h| h < e).count() as u8)
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::direction::Direction;

    fn tiles(values: [u32; 16]) -> Vec<u8> {
        values
            .iter()
            .map(|&v| if v == 0 { 0 } else { v.trailing_zeros() as u8 })
            .collect()
    }

    #[test]
    fn a_board_below_32768_is_read_as_it_is() {
        let cells = tiles([16384, 8192, 4096, 2048, 2, 4, 8, 16, 0, 0, 0, 0, 0, 0, 0, 2]);
        assert_eq!(downgraded(&cells), None);
    }

    #[test]
    fn the_tiles_above_the_highest_missing_rank_move_down_one() {
        // No 16,384: the 32,768 reads as one.
        let no_16384 = tiles([32768, 8192, 4096, 2048, 2, 4, 8, 16, 0, 0, 0, 0, 0, 0, 0, 2]);
        let want = tiles([16384, 8192, 4096, 2048, 2, 4, 8, 16, 0, 0, 0, 0, 0, 0, 0, 2]);
        assert_eq!(downgraded(&no_16384), Some(want));
        // 32,768 and 16,384 but no 8,192: both move down; the 4,096 below the hole stays.
        let no_8192 = tiles([
            32768, 16384, 4096, 4096, 2, 4, 8, 16, 0, 0, 0, 0, 0, 0, 0, 2,
        ]);
        let want = tiles([16384, 8192, 4096, 4096, 2, 4, 8, 16, 0, 0, 0, 0, 0, 0, 0, 2]);
        assert_eq!(downgraded(&no_8192), Some(want));
    }

    #[test]
    fn a_65536_takes_two_missing_ranks() {
        let cells = tiles([
            65536, 32768, 2048, 1024, 2, 4, 8, 16, 0, 0, 0, 0, 0, 0, 0, 2,
        ]);
        // Missing: 16,384 and 8,192 (then 4,096 and others, not needed).
        let want = tiles([16384, 8192, 2048, 1024, 2, 4, 8, 16, 0, 0, 0, 0, 0, 0, 0, 2]);
        assert_eq!(downgraded(&cells), Some(want));
    }

    #[test]
    fn the_spawned_ranks_never_move_and_a_full_ladder_is_left_alone() {
        // Every rank from 8 to 16,384 present: the only missing one is 4, below the lowest
        // hole, so the board is read as it is.
        let full = tiles([
            32768, 16384, 8192, 4096, 2048, 1024, 512, 256, 128, 64, 32, 16, 8, 2, 2, 0,
        ]);
        assert_eq!(downgraded(&full), None);
    }

    /// The same moves move something and the same cells end up empty (the same tiles merge)
    /// on random boards from 32,768 up.
    #[test]
    fn a_downgraded_board_moves_as_the_real_one() {
        let mut state = 5u64;
        let mut next = |n: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % n
        };
        let mut checked = 0;
        for _ in 0..4000 {
            let mut cells: Vec<u8> = (0..16).map(|_| next(14) as u8).collect();
            cells[next(16) as usize] = 15 + next(2) as u8;
            let Some(down) = downgraded(&cells) else {
                continue;
            };
            checked += 1;
            let real = Board::from_exponents(4, cells.clone()).unwrap();
            let read = Board::from_exponents(4, down).unwrap();
            for dir in Direction::ALL {
                let empty = |b: &Board| -> Option<Vec<bool>> {
                    b.moved(dir)
                        .map(|(m, _)| m.cells().iter().map(|&e| e == 0).collect())
                };
                assert_eq!(empty(&real), empty(&read), "{cells:?} {dir}");
            }
        }
        assert!(checked > 1000, "{checked} boards downgraded");
    }
}
