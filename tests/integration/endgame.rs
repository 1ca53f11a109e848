//! Endgame tables against a plain expectimax that plays the sub-game to its end on the engine's
//! own board (no layers, no state numbers, no stand-ins), and the table file's round trip and
//! its refusals.

use game2048::ai::endgame::formation::Layout;
use game2048::ai::endgame::{
    Breaks, Builder, Formation, Solved, Subgame, Table, TableError, Tables,
};
use game2048::ai::Decision;
use game2048::{Board, Direction};

/// A network that likes empty cells, so that its search has views of its own: weight i is i % 7.
fn patterned_network() -> game2048::ai::ntuple::Network {
    let mut network =
        game2048::ai::ntuple::Network::new(game2048::ai::ntuple::Shape::small_4x4(16), 0.0);
    for (i, w) in network.weights_mut().unwrap().iter_mut().enumerate() {
        *w = (i % 7) as f32;
    }
    network
}

/// Boards `snake-10` at 16 covers, each with its free cells: the chain 2^15..2^6, 2^4 along the
/// snake, small tiles in the six free cells.
fn covered_boards() -> Vec<([u8; 6], [u8; 16])> {
    [
        [1u8, 2, 0, 1, 0, 3],
        [0, 1, 1, 2, 2, 0],
        [3, 0, 2, 1, 1, 1],
        [2, 2, 0, 0, 3, 1],
        [1, 3, 3, 0, 0, 2],
        [0, 0, 1, 3, 2, 2],
    ]
    .into_iter()
    .map(|free| {
        let mut cells = [15u8, 14, 13, 12, 8, 9, 10, 11, 7, 4, 0, 0, 0, 0, 0, 0];
        cells[10..].copy_from_slice(&free);
        (free, cells)
    })
    .collect()
}

/// The chance of winning the sub-game from `board` (after its spawn) by searching every line to
/// its end under best play: the best of [`plain_after`] over the moves.
fn plain(board: &Board, fixed: &[u8], goal: usize, target: u8, through_goal: bool) -> f64 {
    if board.cells()[goal] == target {
        return 1.0;
    }
    Direction::ALL
        .into_iter()
        .filter_map(|dir| plain_after(board, dir, fixed, goal, target, through_goal))
        .fold(0.0, f64::max)
}

/// The chance of winning the sub-game after moving `board` `dir`, searched to the end; None when
/// the sub-game does not allow the move. Won once `goal` holds `2^target`, a free tile merges
/// into the chain's end (the last of `fixed`, which holds the target), or a free tile grows past
/// the target; a move may not change a fixed tile otherwise. `through_goal` (`parallel-7`): a
/// free tile merged into the chain's end wins only with the goal empty, and then unless the
/// spawn lands in it.
fn plain_after(
    board: &Board,
    dir: Direction,
    fixed: &[u8],
    goal: usize,
    target: u8,
    through_goal: bool,
) -> Option<f64> {
    let (&end, chain) = fixed.split_last().unwrap();
    let end = usize::from(end);
    let (after, _) = board.moved(dir)?;
    let cells = after.cells();
    if chain
        .iter()
        .any(|&c| cells[usize::from(c)] != board.cells()[usize::from(c)])
        || ![target, target + 1].contains(&cells[end])
    {
        return None;
    }
    let empty: Vec<usize> = after.empty_cells().collect();
    if cells[goal] != target && cells[end] == target + 1 && through_goal {
        return Some(match cells[goal] {
            0 => (empty.len() - 1) as f64 / empty.len() as f64,
            _ => 0.0,
        });
    }
    let won = cells[goal] == target
        || cells[end] == target + 1
        || cells
            .iter()
            .enumerate()
            .any(|(i, &e)| !fixed.contains(&(i as u8)) && e > target);
    if won {
        return Some(1.0);
    }
    let mut total = 0.0;
    for &cell in &empty {
        for (exponent, p) in [(1u8, 0.9), (2, 0.1)] {
            let mut next = after.clone();
            next.set(cell, exponent);
            total += p * plain(&next, fixed, goal, target, through_goal);
        }
    }
    Some(total / empty.len() as f64)
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
    // (layout, fixed tiles, target, the real large tiles, the least free sum searched to the
    // end, every how many states, whether a join at the chain's end goes through the goal:
    // parallel-7's second row)
    let twelve = vec![15u8, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 3];
    let eleven = vec![15u8, 14, 13, 12, 11, 10, 9, 8, 7, 6, 4];
    let seven = vec![15u8, 14, 13, 12, 11, 10, 3];
    for (layout, fixed, target, large, least, step, through_goal) in [
        (Layout::Snake, 12usize, 3u8, &twelve, 0u64, 1usize, false),
        (Layout::Snake, 11, 4, &eleven, 20, 1, false),
        (Layout::Parallel, 12, 3, &twelve, 0, 1, false),
        (Layout::Parallel, 11, 4, &eleven, 20, 1, false),
        (Layout::Parallel, 7, 3, &seven, 30, 61, true),
    ] {
        let formation = Formation::new(layout, fixed).unwrap();
        let game = Subgame::new(formation, target).unwrap();
        let table = Builder::new(game.clone()).solve_all();
        let mut checked = 0;
        let mut positive = 0;
        // States whose value the join rule decides: the plain search with the other rule
        // differs there.
        let mut joined = 0;
        for index in (0..game.states()).step_by(step) {
            let board = real_board(&game, index, large);
            // Large sums only where the free cells are many: the plain search's cost grows fast
            // with the room left to play.
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
            let goal = usize::from(formation.goal());
            let expected = plain(&board, formation.fixed(), goal, target, through_goal);
            let got = table.chance(index);
            assert!(
                (expected - got).abs() <= 1.0 / 65535.0,
                "{} target {target}, state {index}: table {got}, search {expected}",
                formation.name()
            );
            checked += 1;
            positive += usize::from(expected > 0.0 && expected < 1.0);
            if through_goal {
                let other = plain(&board, formation.fixed(), goal, target, false);
                joined += usize::from((other - expected).abs() > 1e-9);
            }
        }
        assert!(
            checked > 100 && positive > 20,
            "{} t{target}: {checked} states checked, {positive} uncertain",
            formation.name()
        );
        assert!(
            !through_goal || joined > 20,
            "{}: the join rule decides {joined} states",
            formation.name()
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
    // The longest formation: a chain of twelve, as far as a chain is read, its end 2^3.
    let game = Subgame::new(Formation::snake(12).unwrap(), 3).unwrap();
    let twelve = Tables::new(vec![Builder::new(game).solve_all()]);
    let rows: [[u8; 4]; 4] = [[15, 14, 13, 12], [8, 9, 10, 11], [7, 6, 5, 3], [0, 2, 1, 1]];
    let cells: Vec<u8> = rows.iter().flatten().copied().collect();
    assert!(twelve.chances(board(&cells)).is_some(), "a chain of twelve");
}

/// Where a table covers the position, expectimax-td plays a move the table lets through: never
/// one whose chance of winning the sub-game is well below the best, which is worth 0. Where no
/// table covers it, the tables change nothing.
#[test]
fn expectimax_td_plays_within_what_a_covering_table_allows() {
    use game2048::ai::{best_move, best_move_with, Knowledge, NoClock, SearchOptions};
    let game = Subgame::new(Formation::snake(10).unwrap(), 4).unwrap();
    let tables = Tables::new(vec![Builder::new(game).solve_all()]);
    let network = patterned_network();
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
    for (free, cells) in covered_boards() {
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

/// What a search reads from the tables, on real boards in every symmetry: for each move, the
/// chance the plain search to the end gives after that move on the turned board, for a snake and
/// a parallel formation alike.
#[test]
fn the_tables_chances_on_a_turned_board_are_the_plain_searchs() {
    use game2048::ai::endgame::Symmetry;
    let large = [15u8, 14, 13, 12, 11, 10, 9, 8, 7, 6, 4];
    for layout in [Layout::Snake, Layout::Parallel] {
        let formation = Formation::new(layout, 11).unwrap();
        let game = Subgame::new(formation, 4).unwrap();
        let tables = Tables::new(vec![Builder::new(game.clone()).solve_all()]);
        let mut checked = 0;
        // Every 97th state with a free sum of 20 or more: enough for every symmetry and move.
        for index in (0..game.states()).step_by(97) {
            let canonical = real_board(&game, index, &large);
            let sum: u32 = formation
                .free()
                .iter()
                .map(|&c| canonical.cells()[usize::from(c)])
                .map(|e| if e == 0 { 0 } else { 1 << e })
                .sum();
            if sum < 20 || canonical.cells()[usize::from(formation.goal())] == 4 {
                continue;
            }
            for sym in Symmetry::ALL {
                // The board whose canonical view (in `sym`) is `canonical`.
                let mut cells = vec![0u8; 16];
                for cell in 0..16u8 {
                    cells[usize::from(sym.cell(cell))] = canonical.cells()[usize::from(cell)];
                }
                let board = Board::from_exponents(4, cells).unwrap();
                let packed = board
                    .cells()
                    .iter()
                    .enumerate()
                    .fold(0u64, |b, (i, &e)| b | (u64::from(e) << (4 * i)));
                let chances = tables.chances(packed).expect("covered");
                let fixed: Vec<u8> = formation.fixed().iter().map(|&c| sym.cell(c)).collect();
                let goal = usize::from(sym.cell(formation.goal()));
                for dir in Direction::ALL {
                    let expected = plain_after(&board, dir, &fixed, goal, 4, false);
                    let got = chances[dir.index()];
                    match (expected, got) {
                        (Some(e), Some(g)) => assert!(
                            (e - g).abs() <= 2.0 / 65535.0,
                            "{} state {index} {sym:?} {dir:?}: tables {g}, search {e}",
                            formation.name()
                        ),
                        (e, g) => assert_eq!(
                            e.is_some(),
                            g.is_some(),
                            "{} state {index} {sym:?} {dir:?}",
                            formation.name()
                        ),
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked > 200, "{} moves checked", checked);
    }
}

/// A parallel formation's table keeps its layout through its file: read back, it is the same
/// table, named `parallel-N`, and its header marks the layout.
#[test]
fn a_parallel_table_reads_back_as_written() {
    let game = Subgame::new(Formation::new(Layout::Parallel, 11).unwrap(), 4).unwrap();
    let table = Builder::new(game).solve_all();
    let bytes = table.write(Vec::new()).unwrap();
    assert_eq!(bytes[10], 128 + 11);
    let read = Table::read(&bytes[..]).unwrap();
    assert_eq!(read, table);
    assert_eq!(Table::file_name(read.game()), "parallel-11-t4.egt");
    // Marked, a formation no builder makes (parallel-6) is refused by name.
    let mut six = bytes;
    six[10] = 128 + 6;
    let err = Table::read(&six[..]).unwrap_err();
    assert!(
        err.to_string().contains("no formation is numbered 134"),
        "{err}"
    );
}

/// The lookup a search makes at every leaf finds the table, the view and the sub-game's board
/// that a plain walk finds (each table in rank order, each symmetry in order, the first view
/// whose formation holds the table's target), on boards built in formations of both layouts,
/// turned, and with one cell changed so that many just miss one.
#[test]
fn the_lookup_finds_what_a_walk_over_every_table_and_view_finds() {
    use game2048::ai::endgame::Symmetry;
    let specs = [
        (Layout::Snake, 12, 3),
        (Layout::Snake, 11, 3),
        (Layout::Snake, 11, 4),
        (Layout::Snake, 10, 4),
        (Layout::Snake, 10, 5),
        (Layout::Parallel, 12, 3),
        (Layout::Parallel, 11, 4),
        (Layout::Parallel, 10, 5),
    ];
    let tables = Tables::new(
        specs
            .iter()
            .map(|&(layout, fixed, target)| {
                let game = Subgame::new(Formation::new(layout, fixed).unwrap(), target).unwrap();
                Builder::new(game).solve_all()
            })
            .collect(),
    );
    let walk = |board: u64| {
        for table in tables.tables() {
            let game = table.game();
            for s in Symmetry::ALL {
                let c = s.canonical(board);
                if game.formation().target_in(c) == Some(game.target()) {
                    let free = c & !game.fixed_mask();
                    return Some((table as *const Solved, s, game.board(0) | free));
                }
            }
        }
        None
    };
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let (mut covered, mut missed) = (0, 0);
    for _ in 0..20_000 {
        let (layout, fixed, target) = specs[next(specs.len() as u64) as usize];
        let path = layout.path();
        // A chain along the path, its end the target, each link above the next, with a gap
        // now and then where the chain has room for one below 2^15.
        let mut cells = [0u8; 16];
        let mut e = target;
        for (placed, &cell) in path[..fixed].iter().rev().enumerate() {
            cells[usize::from(cell)] = e;
            let above = (fixed - 1 - placed) as u8;
            e += 1 + u8::from(15 - e - above > 0 && next(2) == 1);
        }
        for &cell in &path[fixed..] {
            cells[usize::from(cell)] = next(u64::from(target) + 1) as u8;
        }
        if next(3) == 0 {
            cells[next(16) as usize] = next(16) as u8;
        }
        let canonical = cells
            .iter()
            .enumerate()
            .fold(0u64, |b, (i, &e)| b | (u64::from(e) << (4 * i)));
        // The board whose view under the drawn symmetry is `canonical`.
        let s = Symmetry::ALL[next(8) as usize];
        let board = (0..16u8).fold(0u64, |b, cell| {
            b | ((canonical >> (4 * cell)) & 0xf) << (4 * s.cell(cell))
        });
        let found = tables
            .find(board)
            .map(|f| (f.table as *const Solved, f.symmetry, f.board));
        assert_eq!(found, walk(board), "{board:016x}");
        match found {
            Some(_) => covered += 1,
            None => missed += 1,
        }
    }
    assert!(covered > 5_000 && missed > 2_000, "{covered} / {missed}");
}

/// At the leaves, a board a table covers is worth its points plus the network's estimate times
/// the table's chance from it; a board none covers, the network's value alone. The two kinds
/// of evaluation keep their cached values apart, whichever comes first.
#[test]
fn at_the_leaves_a_covered_board_counts_the_future_as_surely_as_its_table() {
    use game2048::ai::bitboard::Bitboard;
    use game2048::ai::endgame::Use;
    use game2048::ai::eval::learned::NetworkEval;
    use game2048::ai::ntuple::network::tile_score;
    let game = Subgame::new(Formation::snake(10).unwrap(), 4).unwrap();
    let tables = Tables::new(vec![Builder::new(game).solve_all()]).with_use(Use::Leaves);
    let network = patterned_network();
    let board = |cells: [u8; 16]| {
        Bitboard(
            cells
                .iter()
                .enumerate()
                .fold(0u64, |b, (i, &e)| b | (u64::from(e) << (4 * i))),
        )
    };
    // The chain 2^15..2^6, 2^4 along the snake, small tiles in the free cells.
    let covered = board([15, 14, 13, 12, 8, 9, 10, 11, 7, 4, 0, 1, 2, 1, 3, 0]);
    let uncovered = board([1, 2, 3, 4, 0, 0, 1, 0, 0, 2, 0, 0, 0, 0, 0, 1]);
    let chance = tables.after_chance(covered.0).expect("covered");
    assert!(chance > 0.0 && chance < 1.0, "{chance}");
    assert_eq!(tables.after_chance(uncovered.0), None);
    for first_plain in [true, false] {
        let plain = NetworkEval::new(&network);
        let tabled = NetworkEval::with_tables(&network, &tables);
        let (p, t) = match first_plain {
            true => (plain.score(covered), tabled.score(covered)),
            false => {
                let t = tabled.score(covered);
                (plain.score(covered), t)
            }
        };
        let points = tile_score(covered) as f64;
        assert_eq!(p, points + network.value(covered));
        assert_eq!(t, points + network.value(covered) * chance);
        assert_eq!(tabled.score(uncovered), plain.score(uncovered));
    }
    assert_eq!(
        tables.describe(),
        "snake-10 t4; at the leaves",
        "game lines name the use"
    );
}

/// Tables given a tile to start from (`arena --table-from`) play no part on a board below it:
/// the search decides there as without tables, and from that tile on as with them.
#[test]
fn tables_from_a_tile_on_leave_the_boards_below_it_to_the_search_alone() {
    use game2048::ai::{best_move, best_move_with, Knowledge, NoClock, SearchOptions};
    let game = Subgame::new(Formation::snake(10).unwrap(), 4).unwrap();
    let always = Tables::new(vec![Builder::new(game).solve_all()]);
    let network = patterned_network();
    let options: SearchOptions =
        SearchOptions::from_json(r#"{"strategy":"expectimax-td","nodes":2000}"#).unwrap();
    let with = |tables: &Tables, cells: &[u8]| {
        let knowledge = Knowledge {
            network: Some(&network),
            tables: Some(tables),
        };
        let d = best_move_with(cells, 4, &options, knowledge, &NoClock).unwrap();
        (d.dir, d.values)
    };
    let without = |cells: &[u8]| {
        let d = best_move(cells, 4, &options, Some(&network), &NoClock).unwrap();
        (d.dir, d.values)
    };
    // The board's largest tile is 2^15: tables from 2^15 apply, tables from 2^16 do not.
    let at = always.clone().with_from(15);
    let above = always.clone().with_from(16);
    let mut changed = 0;
    for (free, cells) in covered_boards() {
        let tabled = with(&always, &cells);
        changed += usize::from(tabled != without(&cells));
        assert_eq!(with(&at, &cells), tabled, "{free:?}: from its largest tile");
        assert_eq!(
            with(&above, &cells),
            without(&cells),
            "{free:?}: below 2^16"
        );
    }
    assert!(changed > 0, "the tables changed no decision");
    assert_eq!(always.describe(), "snake-10 t4");
    assert_eq!(
        above.describe(),
        "snake-10 t4; from 65536",
        "game lines name it"
    );
}

/// A distilled set holds, for the boards just moved that it keeps, the full table's chance; a
/// covered board it does not keep has no value there, and at the leaves such a board is worth
/// the network's value alone. Its file reads back as written, and a changed byte, a cut, states
/// out of order, another magic or another version is refused, named.
#[test]
fn a_distilled_table_holds_the_full_tables_chances_where_it_keeps_them() {
    use game2048::ai::bitboard::Bitboard;
    use game2048::ai::endgame::distilled::{read_set, write_set, Distilled};
    use game2048::ai::endgame::Use;
    use game2048::ai::eval::learned::NetworkEval;
    use game2048::ai::ntuple::network::tile_score;
    let game = Subgame::new(Formation::snake(10).unwrap(), 4).unwrap();
    let full = Tables::new(vec![Builder::new(game.clone()).solve_all()]);
    // Boards just moved: the chain 2^15..2^6, 2^4 along the snake, small tiles free.
    let boards: Vec<u64> = covered_boards()[..4]
        .iter()
        .map(|(_, cells)| {
            cells
                .iter()
                .enumerate()
                .fold(0u64, |b, (i, &e)| b | (u64::from(e) << (4 * i)))
        })
        .collect();
    let state = |b: u64| {
        let f = full.find(b).expect("covered");
        f.table.game().after_index(f.board).expect("not won")
    };
    let (kept, left) = boards.split_at(2);
    let entries: Vec<(u32, u16)> = kept
        .iter()
        .map(|&b| {
            let chance = full.after_chance(b).unwrap();
            (state(b) as u32, (chance * 65535.0).round() as u16)
        })
        .collect();
    assert!(Distilled::new(game.clone(), vec![entries[0], entries[0]]).is_none());
    assert!(Distilled::new(game.clone(), vec![(game.states() as u32, 1)]).is_none());
    let made = Distilled::new(game.clone(), entries).unwrap();
    let mut bytes = write_set(std::slice::from_ref(&made), Vec::new()).unwrap();
    // Read back: the same chances, marked with the file's checksum (its last four bytes).
    let read = read_set(&bytes[..]).unwrap();
    let crc = u32::from_le_bytes(bytes[bytes.len() - 4..].try_into().unwrap());
    assert_eq!((read.len(), made.set(), read[0].set()), (1, 0, crc));
    assert_eq!(read[0].len(), made.len());
    let distilled =
        Tables::of(read.into_iter().map(Solved::Distilled).collect()).with_use(Use::Leaves);
    for &b in kept {
        let (d, f) = (
            distilled.after_chance(b).unwrap(),
            full.after_chance(b).unwrap(),
        );
        assert!(
            f > 0.0 && f < 1.0 && (d - f).abs() <= 0.5 / 65535.0,
            "{d} / {f}"
        );
    }
    for &b in left {
        assert!(full.after_chance(b).is_some());
        assert_eq!(distilled.after_chance(b), None, "{b:016x} is not kept");
    }
    let network = patterned_network();
    let (plain, tabled) = (
        NetworkEval::new(&network),
        NetworkEval::with_tables(&network, &distilled),
    );
    let (held, missing) = (Bitboard(kept[0]), Bitboard(left[0]));
    let chance = distilled.after_chance(kept[0]).unwrap();
    let points = tile_score(held) as f64;
    assert_eq!(tabled.score(held), points + network.value(held) * chance);
    assert_eq!(tabled.score(missing), plain.score(missing));
    assert_eq!(
        distilled.describe(),
        format!("distilled snake-10 t4 (set {crc:08x}); at the leaves"),
        "game lines name the set's file, so that two sets of the same sub-games stay apart"
    );
    // The file: one byte changed, the end cut off, the states swapped, another magic, version.
    let last = bytes.len() - 6;
    bytes[last] ^= 1;
    assert!(matches!(read_set(&bytes[..]), Err(TableError::BadChecksum)));
    bytes[last] ^= 1;
    assert!(matches!(
        read_set(&bytes[..bytes.len() - 1]),
        Err(TableError::BadLength)
    ));
    let mut swapped = bytes.clone();
    let (a, b) = (18, 22);
    for k in 0..4 {
        swapped.swap(a + k, b + k);
    }
    let err = read_set(&swapped[..]).unwrap_err();
    assert!(err.to_string().contains("do not ascend"), "{err}");
    let mut other = bytes.clone();
    other[6] = b't';
    assert!(matches!(read_set(&other[..]), Err(TableError::BadMagic)));
    bytes[8] = 9;
    assert!(matches!(
        read_set(&bytes[..]),
        Err(TableError::BadVersion(9))
    ));
}
