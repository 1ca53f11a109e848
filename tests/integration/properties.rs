//! Properties every move must have, on random boards of every size.

use game2048::{Board, Direction};
use proptest::prelude::*;

fn board() -> impl Strategy<Value = Board> {
    (3usize..=8).prop_flat_map(|n| {
        // Mostly small exponents so that merges are common; some empties.
        proptest::collection::vec(
            prop_oneof![3 => Just(0u8), 6 => 1u8..=4, 1 => 5u8..=17],
            n * n,
        )
        .prop_map(move |cells| Board::from_exponents(n, cells).unwrap())
    })
}

fn direction() -> impl Strategy<Value = Direction> {
    prop::sample::select(Direction::ALL.to_vec())
}

fn sum(b: &Board) -> u128 {
    b.cells()
        .iter()
        .filter(|&&e| e > 0)
        .map(|&e| 1u128 << e)
        .sum()
}

fn count(b: &Board) -> usize {
    b.cells().iter().filter(|&&e| e > 0).count()
}

fn transpose(b: &Board) -> Board {
    let n = b.size();
    let cells = (0..n * n).map(|i| b.get(i % n, i / n)).collect();
    Board::from_exponents(n, cells).unwrap()
}

fn mirror(b: &Board) -> Board {
    let n = b.size();
    let cells = (0..n * n).map(|i| b.get(i / n, n - 1 - i % n)).collect();
    Board::from_exponents(n, cells).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn a_move_keeps_the_sum_of_tile_values(b in board(), d in direction()) {
        if let Some((after, _)) = b.moved(d) {
            prop_assert_eq!(sum(&after), sum(&b));
        }
    }

    #[test]
    fn a_move_never_adds_tiles_and_scores_each_merge(b in board(), d in direction()) {
        if let Some((after, gained)) = b.moved(d) {
            prop_assert!(count(&after) <= count(&b));
            // Each merge removes one tile and scores the merged tile's value.
            let merges = count(&b) - count(&after);
            prop_assert_eq!(merges == 0, gained == 0);
            prop_assert!(gained as u128 >= 4 * merges as u128);
        } else {
            prop_assert!(!b.can_move(d));
        }
    }

    #[test]
    fn the_same_move_again_changes_nothing_unless_tiles_merged(b in board(), d in direction()) {
        if let Some((after, gained)) = b.moved(d) {
            if gained == 0 {
                prop_assert!(after.moved(d).is_none());
            }
        }
    }

    #[test]
    fn up_is_left_transposed_and_right_is_left_mirrored(b in board()) {
        let left = b.moved(Direction::Left);
        let up = transpose(&b).moved(Direction::Up);
        prop_assert_eq!(
            left.as_ref().map(|(a, g)| (transpose(a), *g)),
            up.clone()
        );
        let right = mirror(&b).moved(Direction::Right);
        prop_assert_eq!(left.map(|(a, g)| (mirror(&a), g)), right);
        // Down is up on the board flipped top to bottom.
        let flip = |x: &Board| transpose(&mirror(&transpose(x)));
        let down = flip(&b).moved(Direction::Down);
        prop_assert_eq!(b.moved(Direction::Up).map(|(a, g)| (flip(&a), g)), down);
    }

    #[test]
    fn game_over_means_no_direction_moves(b in board()) {
        let any = Direction::ALL.iter().any(|&d| b.moved(d).is_some());
        prop_assert_eq!(b.is_over(), !any);
    }
}
