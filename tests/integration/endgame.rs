//! Endgame tables against a plain expectimax that plays the sub-game to its end on the engine's
//! own board (no layers, no state numbers, no stand-ins), and the table file's round trip and
//! its refusals.

use game2048::ai::endgame::{Breaks, Builder, Formation, Subgame, Table, TableError, Tables};
use game2048::ai::Decision;
use game2048::{Board, Direction};

/// The chance of winning the sub-game from `board` (after its spawn) by searching every line to
/// its end under best play: won once `goal` holds `2^target`, a free tile merges into the chain's
/// end (the last of `fixed`, which holds the target), or a free tile grows past the target; a
/// move may not change a fixed tile otherwise.
fn plain(board: &Board, fixed: &[u8], goal: usize, target: u8) -> f64 {
    let (&end, chain) = fixed.split_last().unwrap();
    let end = usize::from(end);
    if board.cells()[goal] == target {
        return 1.0;
    }
    let mut best = 0.0f64;
    for dir in Direction::ALL {
        let Some((after, _)) = board.moved(dir) else {
            continue;
        };
        let cells = after.cells();
        if chain
            .iter()
            .any(|&c| cells[usize::from(c)] != board.cells()[usize::from(c)])
            || ![target, target + 1].contains(&cells[end])
        {
            continue;
        }
        let won = cells[goal] == target
            || cells[end] == target + 1
            || cells
                .iter()
                .enumerate()
                .any(|(i, &e)| !fixed.contains(&(i as u8)) && e > target);
        let value = if won {
            1.0
        } else {
            let empty: Vec<usize> = after.empty_cells().collect();
            let mut total = 0.0;
            for &cell in &empty {
                for (exponent, p) in [(1u8, 0.9), (2, 0.1)] {
                    let mut next = after.clone();
                    next.set(cell, exponent);
                    total += p * plain(&next, fixed, goal, target);
                }
            }
            total / empty.len() as f64
        };
        best = best.max(value);
    }
    best
}

/// The board of a sub-game state with the real large tiles `large` (chain order) in place.
fn real_board(game: &Subgame, index: u64, large: &[u8]) -> Board {
    let canonical = game.board(index);
    let mut cells: Vec<u8> = (0..16)
        .map(|c| ((canonical >> (4 * c)) & 0xf) as u8)
        .collect();
    for (&cell, &e) in game.formation().fixed().iter().zip(large) {
        cells[usize::from(cell)] = e;
    }
    Board::from_exponents(4, cells).unwrap()
}

#[test]
fn a_small_table_agrees_with_a_plain_search_to_the_end() {
    // (fixed tiles, target, the real large tiles, the least free sum searched to the end)
    for (fixed, target, large, least) in [
        (
            12usize,
            3u8,
            vec![15u8, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 3],
            0u64,
        ),
        (11, 4, vec![15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 4], 20),
    ] {
        let formation = Formation::snake(fixed).unwrap();
        let game = Subgame::new(formation, target).unwrap();
        let table = Builder::new(game.clone()).solve_all();
        let mut checked = 0;
        let mut positive = 0;
        for index in 0..game.states() {
            let board = real_board(&game, index, &large);
            // Small sums only: the plain search's cost grows fast with the room left to play.
            let sum: u64 = board
                .cells()
                .iter()
                .enumerate()
                .filter(|(i, _)| !formation.fixed().contains(&(*i as u8)))
                .map(|(_, &e)| if e == 0 { 0 } else { 1u64 << e })
                .sum();
            if sum < least {
                continue;
            }
            let expected = plain(
                &board,
                formation.fixed(),
                usize::from(formation.goal()),
                target,
            );
            let got = table.chance(index);
            assert!(
                (expected - got).abs() <= 1.0 / 65535.0,
                "{} target {target}, state {index}: table {got}, search {expected}",
                formation.name()
            );
            checked += 1;
            positive += usize::from(expected > 0.0 && expected < 1.0);
        }
        assert!(
            checked > 100 && positive > 20,
            "{checked} states checked, {positive} uncertain"
        );
    }
}

#[test]
fn a_build_stopped_and_resumed_writes_the_same_file() {
    let game = Subgame::new(Formation::snake(10).unwrap(), 4).unwrap();
    let whole = Builder::new(game.clone()).solve_all();
    let mut whole_bytes = whole.write(Vec::new()).unwrap();

    let mut builder = Builder::new(game);
    for _ in 0..20 {
        let (sum, states) = builder.next_layer().unwrap();
        let values: Vec<f32> = states.iter().map(|&i| builder.solve(i)).collect();
        builder.store(sum, &states, &values);
    }
    let (solved, total) = builder.progress();
    assert!(solved > 0 && solved < total);
    let checkpoint = builder.write_checkpoint(Vec::new()).unwrap();
    let resumed = Builder::resume(&checkpoint[..]).unwrap();
    assert_eq!(resumed.progress(), (solved, total));
    let resumed_bytes = resumed.solve_all().write(Vec::new()).unwrap();
    assert_eq!(resumed_bytes, whole_bytes);

    let read = Table::read(&whole_bytes[..]).unwrap();
    assert_eq!(read, whole);

    // A checkpoint is not a table, and a table not a checkpoint.
    assert!(matches!(
        Table::read(&checkpoint[..]),
        Err(TableError::BadField(_))
    ));
    assert!(matches!(
        Builder::resume(&whole_bytes[..]),
        Err(TableError::BadField(_))
    ));
    // Every byte counts: one changed, the end cut off, one too many, another magic.
    let last = whole_bytes.len() - 10;
    whole_bytes[last] ^= 1;
    assert!(matches!(
        Table::read(&whole_bytes[..]),
        Err(TableError::BadChecksum)
    ));
    whole_bytes[last] ^= 1;
    assert!(matches!(
        Table::read(&whole_bytes[..whole_bytes.len() - 1]),
        Err(TableError::BadLength)
    ));
    let mut longer = whole_bytes.clone();
    longer.push(0);
    assert!(matches!(
        Table::read(&longer[..]),
        Err(TableError::BadLength)
    ));
    let mut other = whole_bytes.clone();
    other[0] = b'x';
    assert!(matches!(Table::read(&other[..]), Err(TableError::BadMagic)));
    let mut newer = whole_bytes.clone();
    newer[8] = 9;
    assert!(matches!(
        Table::read(&newer[..]),
        Err(TableError::BadVersion(9))
    ));
    let mut bad_target = whole_bytes;
    bad_target[11] = 14;
    let err = Table::read(&bad_target[..]).unwrap_err();
    assert!(
        err.to_string().contains("outside snake-10's range"),
        "{err}"
    );
}

#[test]
fn a_covered_board_is_found_in_every_symmetry_and_its_moves_mapped() {
    let game = Subgame::new(Formation::snake(10).unwrap(), 4).unwrap();
    let table = Builder::new(game).solve_all();
    let tables = Tables::new(vec![table]);
    // Canonical: the chain 2^15..2^6 along the snake, its end 2^4 at cell 9... the snake's
    // tenth cell (index 9 on the path) is row 2, col 1; the goal is row 2, col 2.
    let rows: [[u8; 4]; 4] = [[15, 14, 13, 12], [8, 9, 10, 11], [7, 4, 0, 1], [2, 1, 0, 3]];
    let cells: Vec<u8> = rows.iter().flatten().copied().collect();
    let board = |cells: &[u8]| {
        cells
            .iter()
            .enumerate()
            .fold(0u64, |b, (i, &e)| b | (u64::from(e) << (4 * i)))
    };
    let chances = tables.chances(board(&cells)).expect("covered");
    // Left or right would move the chain's end row... right moves the free tiles only; up or
    // down would move fixed tiles in rows 0..2? Up keeps them (packed at the top wall).
    assert!(chances.iter().flatten().all(|&c| (0.0..=1.0).contains(&c)));
    assert!(chances.iter().any(|c| c.is_some()));
    // The same board turned a quarter: the same chances, on the turned moves.
    let turned: Vec<u8> = (0..16)
        .map(|i| {
            let (r, c) = (i / 4, i % 4);
            cells[(3 - c) * 4 + r]
        })
        .collect();
    let turned_chances = tables.chances(board(&turned)).expect("covered when turned");
    let sorted = |c: [Option<f64>; 4]| {
        let mut v: Vec<u64> = c.iter().flatten().map(|x| x.to_bits()).collect();
        v.sort_unstable();
        v
    };
    assert_eq!(sorted(chances), sorted(turned_chances));
    // A chain with two equal tiles, or a free tile above the target, is not covered.
    let mut twins = cells.clone();
    twins[1] = 15;
    assert!(tables.chances(board(&twins)).is_none());
    let mut big_free = cells;
    big_free[15] = 5;
    assert!(tables.chances(board(&big_free)).is_none());
}

/// Where a table covers the position, expectimax-td plays a move the table lets through: never
/// one whose chance of winning the sub-game is well below the best, which is worth 0. Where no
/// table covers it, the tables change nothing.
#[test]
fn expectimax_td_plays_within_what_a_covering_table_allows() {
    use game2048::ai::ntuple::{Network, Shape};
    use game2048::ai::{best_move, best_move_with, Knowledge, NoClock, SearchOptions};
    let game = Subgame::new(Formation::snake(10).unwrap(), 4).unwrap();
    let tables = Tables::new(vec![Builder::new(game).solve_all()]);
    // A network that likes empty cells, so that its search has views of its own.
    let mut network = Network::new(Shape::small_4x4(16), 0.0);
    for (i, w) in network.weights_mut().unwrap().iter_mut().enumerate() {
        *w = (i % 7) as f32;
    }
    let options: SearchOptions =
        SearchOptions::from_json(r#"{"strategy":"expectimax-td","nodes":2000}"#).unwrap();
    let knowledge = Knowledge {
        network: Some(&network),
        tables: Some(&tables),
    };
    // The same tables, leaving the moves that break the formation to the search.
    let searched = tables.clone().with_breaks(Breaks::Searched);
    let breaking_searched = Knowledge {
        network: Some(&network),
        tables: Some(&searched),
    };
    let mut breaking = 0;
    let mut overruled = 0;
    // Covered boards: the chain 2^15..2^6, 2^4 along the snake, small tiles in the free cells.
    for free in [
        [1u8, 2, 0, 1, 0, 3],
        [0, 1, 1, 2, 2, 0],
        [3, 0, 2, 1, 1, 1],
        [2, 2, 0, 0, 3, 1],
        [1, 3, 3, 0, 0, 2],
        [0, 0, 1, 3, 2, 2],
    ] {
        let mut cells = [15u8, 14, 13, 12, 8, 9, 10, 11, 7, 4, 0, 0, 0, 0, 0, 0];
        for (&cell, &e) in [10usize, 11, 12, 13, 14, 15].iter().zip(&free) {
            cells[cell] = e;
        }
        let board = cells
            .iter()
            .enumerate()
            .fold(0u64, |b, (i, &e)| b | (u64::from(e) << (4 * i)));
        let chances = tables.chances(board).expect("covered");
        let best = chances.iter().flatten().copied().fold(0.0, f64::max);
        let with = best_move_with(&cells, 4, &options, knowledge, &NoClock).unwrap();
        let without = best_move(&cells, 4, &options, Some(&network), &NoClock).unwrap();
        let dir = with.dir.expect("a move");
        let chance = chances[dir.index()].expect("a move the sub-game allows");
        assert!(
            chance >= best - 0.05,
            "{free:?}: {dir:?} at {chance}, best {best}"
        );
        for d in game2048::Direction::ALL {
            if let (Some(v), c) = (with.values[d.index()], chances[d.index()]) {
                if c.is_none_or(|c| c < best - 0.05) {
                    assert_eq!(v, 0.0, "{free:?}: {d:?} is ruled out");
                }
            }
        }
        overruled += usize::from(with.dir != without.dir);
        // Under Breaks::Searched a breaking move is weighed (its value is the search's, above
        // 0); one that keeps the formation is still ruled out when the table rates it low.
        let open = best_move_with(&cells, 4, &options, breaking_searched, &NoClock).unwrap();
        for d in game2048::Direction::ALL {
            if let (Some(v), c) = (open.values[d.index()], chances[d.index()]) {
                match c {
                    None => {
                        assert!(
                            v > 0.0,
                            "{free:?}: {d:?} breaks the formation and is searched"
                        );
                        breaking += 1;
                    }
                    Some(c) if c < best - 0.05 => {
                        assert_eq!(v, 0.0, "{free:?}: {d:?} is ruled out")
                    }
                    Some(_) => assert!(v > 0.0, "{free:?}: {d:?} is searched"),
                }
            }
        }
    }
    assert!(overruled > 0, "the table changed no decision");
    assert!(
        breaking > 0,
        "no board had a legal move that breaks the formation"
    );
    assert!(searched.describe().ends_with("; breaking moves searched"));
    // A board no table covers: the same decision as without tables.
    let cells = [1u8, 2, 3, 4, 0, 0, 1, 0, 0, 2, 0, 0, 0, 0, 0, 1];
    let with = best_move_with(&cells, 4, &options, knowledge, &NoClock).unwrap();
    let without = best_move(&cells, 4, &options, Some(&network), &NoClock).unwrap();
    assert_eq!(
        with,
        Decision {
            ms: with.ms,
            ..without
        }
    );
}
