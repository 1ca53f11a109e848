//! Game records: real games round-trip through the text and replay to the same boards, undo
//! keeps the record on the line played, long games fit, and every bad text or record is
//! refused with the move and the problem named.

use game2048::ai::{best_move, NoClock, SearchOptions};
use game2048::record::MoveProblem;
use game2048::{Board, Direction, Game, Mode, Record, RecordError, RecordedMove, Replay};

/// A cheap strategy for big boards: the first legal move of up, left, right, down.
fn corner(board: &Board) -> Option<Direction> {
    [
        Direction::Up,
        Direction::Left,
        Direction::Right,
        Direction::Down,
    ]
    .into_iter()
    .find(|&d| board.can_move(d))
}

/// Plays a seeded game to its end (or `limit` moves), keeping every position and score.
fn play(
    size: usize,
    seed: u64,
    limit: usize,
    mut pick: impl FnMut(&Board) -> Option<Direction>,
) -> (Game, Vec<(Vec<u8>, u64)>) {
    let mut game = Game::new(size, Some(seed)).unwrap();
    let mut seen = vec![(game.board().cells().to_vec(), game.score())];
    while (game.moves() as usize) < limit {
        let Some(dir) = pick(game.board()) else { break };
        game.play(dir).expect("the strategy picks a legal move");
        seen.push((game.board().cells().to_vec(), game.score()));
    }
    (game, seen)
}

fn expectimax(board: &Board) -> Option<Direction> {
    best_move(
        board.cells(),
        board.size(),
        &SearchOptions::nodes(2000),
        None,
        &NoClock,
    )
    .unwrap()
    .dir
}

/// The record's text decodes to the same record, and its replay passes through `seen`.
fn assert_round_trip(game: &Game, seen: &[(Vec<u8>, u64)]) -> String {
    let record = game.record();
    assert_eq!(record.moves.len() as u64, game.moves());
    let text = record.encode().unwrap();
    assert!(text.starts_with("2048r1."));
    assert!(text[7..]
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'));
    let decoded = Record::decode(&text).unwrap();
    assert_eq!(&decoded, record);
    let replay = Replay::new(&decoded).unwrap();
    assert_eq!(replay.moves() + 1, seen.len());
    for (n, (cells, score)) in seen.iter().enumerate() {
        assert_eq!(replay.cells(n), Some(&cells[..]), "position {n}");
        assert_eq!(replay.score(n), Some(*score), "score {n}");
    }
    assert_eq!(replay.over(), game.over());
    text
}

#[test]
fn real_games_round_trip_and_replay_on_every_size() {
    let (game, seen) = play(4, 1, usize::MAX, expectimax);
    assert!(game.over());
    assert!(
        game.moves() > 500,
        "a real 4x4 game: {} moves",
        game.moves()
    );
    assert_round_trip(&game, &seen);
    for size in [3, 5, 6, 7, 8] {
        let (game, seen) = play(size, 7 + size as u64, 3000, corner);
        assert_round_trip(&game, &seen);
    }
}

#[test]
fn the_mode_travels_with_the_record() {
    let (game, _) = play(5, 3, 40, corner);
    let game = game.with_mode(Mode::Endless);
    let decoded = Record::decode(&game.record().encode().unwrap()).unwrap();
    assert_eq!(decoded.mode, Mode::Endless);
    assert_eq!(Replay::new(&decoded).unwrap().mode(), Mode::Endless);
}

#[test]
fn undo_takes_the_move_off_the_record() {
    let (mut game, mut seen) = play(4, 5, 60, corner);
    let before = game.record().clone();
    for _ in 0..10 {
        assert!(game.undo());
        seen.pop();
    }
    assert_eq!(game.record().moves, before.moves[..50]);
    // A different line from here: the record follows it, not the undone one.
    for dir in [
        Direction::Right,
        Direction::Down,
        Direction::Left,
        Direction::Up,
    ]
    .into_iter()
    .cycle()
    .take(30)
    {
        if game.play(dir).is_some() {
            seen.push((game.board().cells().to_vec(), game.score()));
        }
    }
    assert_ne!(
        game.record().moves[..],
        before.moves[..game.record().moves.len().min(60)]
    );
    assert_round_trip(&game, &seen);
    while game.undo() {}
    assert!(game.record().moves.is_empty());
    assert_eq!(game.record().start, game.board().cells());
}

#[test]
fn a_20000_move_record_encodes_decodes_and_replays() {
    let (game, seen) = play(8, 3, 20_000, corner);
    assert_eq!(
        game.moves(),
        20_000,
        "8x8 plays long (seed 3 lasts 37,939 moves)"
    );
    let text = assert_round_trip(&game, &seen);
    let per_move = (text.len() - 7) as f64 / 20_000.0;
    assert!(per_move < 3.0, "{per_move} characters a move");
}

#[test]
fn a_continued_game_keeps_the_moves_before_and_leaves_the_record_alone() {
    let (game, seen) = play(4, 9, 200, corner);
    let shared = game.record().clone();
    let mut continued = Game::from_record(&shared, Some(120), Some(1)).unwrap();
    assert_eq!(continued.board().cells(), &seen[120].0[..]);
    assert_eq!(continued.score(), seen[120].1);
    assert_eq!(continued.moves(), 120);
    assert_eq!(continued.record().moves, shared.moves[..120]);
    continued.play(corner(continued.board()).unwrap()).unwrap();
    assert_eq!(continued.record().moves.len(), 121);
    assert_eq!(game.record(), &shared, "the shared record is unchanged");
    // Undo goes back through the record's moves.
    assert!(continued.undo() && continued.undo());
    assert_eq!(continued.board().cells(), &seen[119].0[..]);
    let error = Game::from_record(&shared, Some(201), None).unwrap_err();
    assert_eq!(
        error.to_string(),
        "move 201 is past the record's last move (200)"
    );
}

/// A 3x3 record written by hand: no generator anywhere.
fn by_hand() -> Record {
    Record {
        size: 3,
        mode: Mode::Classic,
        // 2 . 2 / . . . / . . 4
        start: vec![1, 0, 1, 0, 0, 0, 0, 0, 2],
        start_score: 0,
        moves: vec![
            // left: 4 . . / . . . / 4 . .  (+4), then a 2 in the top right
            RecordedMove {
                dir: Direction::Left,
                spawn_cell: 2,
                spawn_exponent: 1,
            },
            // down: . . . / . . . / 8 . 2  (+8), then a 4 in the centre
            RecordedMove {
                dir: Direction::Down,
                spawn_cell: 4,
                spawn_exponent: 2,
            },
        ],
    }
}

#[test]
fn a_record_written_by_hand_replays_without_a_generator() {
    let record = by_hand();
    let replay = Replay::new(&record).unwrap();
    assert_eq!(replay.cells(1), Some(&[2, 0, 1, 0, 0, 0, 2, 0, 0][..]));
    assert_eq!(replay.cells(2), Some(&[0, 0, 0, 0, 2, 0, 3, 0, 1][..]));
    assert_eq!(replay.score(1), Some(4));
    assert_eq!(replay.score(2), Some(12));
    assert_eq!(replay.recorded(2), Some(record.moves[1]));
    assert_eq!(replay.recorded(0), None);
    assert_eq!(replay.won(2), Some(false));
    let text = record.encode().unwrap();
    assert_eq!(Record::decode(&text).unwrap(), record);
    // Continuing it with any seed, or none, starts from the same position.
    for seed in [None, Some(1), Some(2)] {
        let game = Game::from_record(&record, None, seed).unwrap();
        assert_eq!(game.board().cells(), replay.cells(2).unwrap());
    }
}

fn move_error(number: usize, problem: MoveProblem) -> RecordError {
    RecordError::Move { number, problem }
}

#[test]
fn a_record_breaking_the_rules_is_refused_naming_the_move() {
    let with_move = |i: usize, m: RecordedMove| {
        let mut r = by_hand();
        r.moves[i] = m;
        r
    };
    let cases = [
        (
            Record {
                start: vec![1, 0, 0, 0, 0, 0, 0, 0, 0],
                ..by_hand()
            },
            move_error(1, MoveProblem::NothingMoves(Direction::Left)),
            "move 1 cannot be played: nothing moves left",
        ),
        (
            Record {
                start: vec![1, 2, 1, 2, 1, 2, 1, 2, 1],
                ..by_hand()
            },
            move_error(1, MoveProblem::GameOver),
            "move 1 cannot be played: the game is over (no move changes the board)",
        ),
        (
            with_move(
                0,
                RecordedMove {
                    dir: Direction::Left,
                    spawn_cell: 6,
                    spawn_exponent: 1,
                },
            ),
            move_error(1, MoveProblem::SpawnOnTile { cell: 6, size: 3 }),
            "move 1 spawns on cell 6 (row 3, column 1), which holds a tile",
        ),
        (
            with_move(
                0,
                RecordedMove {
                    dir: Direction::Left,
                    spawn_cell: 9,
                    spawn_exponent: 1,
                },
            ),
            move_error(1, MoveProblem::SpawnOutside { cell: 9, cells: 9 }),
            "move 1 spawns on cell 9, outside the board's 9 cells",
        ),
        (
            with_move(
                1,
                RecordedMove {
                    dir: Direction::Down,
                    spawn_cell: 4,
                    spawn_exponent: 3,
                },
            ),
            move_error(2, MoveProblem::BadTile(3)),
            "move 2 spawns a tile of exponent 3: a spawn is a 2 (exponent 1) or a 4 (exponent 2)",
        ),
        (
            Record {
                size: 9,
                start: vec![0; 81],
                ..by_hand()
            },
            RecordError::BadSize(9),
            "record has board size 9: sizes run from 3 to 8",
        ),
        (
            Record {
                start: vec![0; 8],
                ..by_hand()
            },
            RecordError::BadStart("a 3x3 board needs 9 cells, got 8".into()),
            "record's start position: a 3x3 board needs 9 cells, got 8",
        ),
    ];
    for (record, error, message) in cases {
        assert_eq!(Replay::new(&record).unwrap_err(), error);
        assert_eq!(record.encode().unwrap_err(), error);
        assert_eq!(error.to_string(), message);
    }
    // A long record names the move with thousands separators: the first position from
    // 1,203 on where some direction changes nothing gets that direction.
    let (game, _) = play(8, 2, 3_000, corner);
    let mut record = game.record().clone();
    let replay = Replay::new(&record).unwrap();
    let (n, stuck) = (1_203..3_000)
        .find_map(|n| {
            let board = replay.board(n).unwrap();
            Direction::ALL
                .into_iter()
                .find(|&d| !board.can_move(d))
                .map(|d| (n, d))
        })
        .expect("some position has a move that changes nothing");
    record.moves[n].dir = stuck;
    let number = n + 1;
    assert_eq!(
        Replay::new(&record).unwrap_err().to_string(),
        format!(
            "move {},{:03} cannot be played: nothing moves {stuck}",
            number / 1000,
            number % 1000
        )
    );
}

fn decode_error(text: &str) -> String {
    Record::decode(text).unwrap_err().to_string()
}

#[test]
fn a_changed_or_cut_text_is_refused() {
    let (game, _) = play(4, 11, 250, corner);
    let text = game.record().encode().unwrap();
    let moves = game.moves();
    assert_eq!(moves, 250);

    // Cut anywhere in the moves: the message names the move where it ends.
    for keep in [text.len() / 2, text.len() / 2 + 1, text.len() - 9] {
        let message = decode_error(&text[..keep]);
        let prefix = "record is cut short: it ends inside move ";
        assert!(message.starts_with(prefix), "{keep}: {message}");
        let at: u64 = message[prefix.len()..]
            .split(' ')
            .next()
            .unwrap()
            .replace(',', "")
            .parse()
            .unwrap();
        assert!(at >= 1 && at <= moves, "{message}");
        assert!(message.ends_with(" of 250"), "{message}");
    }
    // Cut in the checksum or the header.
    for keep in [text.len() - 1, text.len() - 3, 9] {
        assert_eq!(
            decode_error(&text[..keep]),
            "record is cut short: it ends inside its header or its checksum",
            "{keep}"
        );
    }

    // Every single changed character of the payload is caught; past the length field (the
    // first 4 characters) the checksum says so.
    let alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut changed_checksums = 0;
    for i in 7..text.len() {
        for replacement in [alphabet.as_bytes()[i % 64], b'A', b'_'] {
            if text.as_bytes()[i] == replacement {
                continue;
            }
            let mut bytes = text.clone().into_bytes();
            bytes[i] = replacement;
            let changed = String::from_utf8(bytes).unwrap();
            let message = decode_error(&changed);
            if i >= 11 {
                assert_eq!(
                    message,
                    "record is corrupt: its checksum does not match (the text was changed)",
                    "character {i}"
                );
                changed_checksums += 1;
            }
        }
    }
    assert!(changed_checksums > 300);

    let mut bytes = text.clone().into_bytes();
    let last = bytes.len() - 1;
    bytes[last] = if bytes[last] == b'A' { b'B' } else { b'A' };
    assert_eq!(
        decode_error(&String::from_utf8(bytes).unwrap()),
        "record is corrupt: its checksum does not match (the text was changed)"
    );
    assert_eq!(
        decode_error(&text.replacen("2048r1.", "2048r2.", 1)),
        "record version \"2\" is not one this game reads (it reads version 1)"
    );
    assert_eq!(
        decode_error(&text[7..]),
        "not a game record: a record starts with \"2048r1.\""
    );
    assert_eq!(
        decode_error(&format!("{}*{}", &text[..20], &text[21..])),
        "record is corrupt: character \"*\" at position 20 is not base64url"
    );
    // Surrounding spaces (a pasted line) are fine.
    assert!(Record::decode(&format!("  {text}\n")).is_ok());
}

/// The figure docs/embed.md quotes: characters of text per move on real games. Run it with
/// `cargo test --release --test integration -- --ignored --nocapture record_size`.
#[test]
#[ignore]
fn record_size_per_move() {
    let report = |label: &str, games: Vec<Game>| {
        let moves: u64 = games.iter().map(|g| g.moves()).sum();
        let chars: usize = games
            .iter()
            .map(|g| g.record().encode().unwrap().len())
            .sum();
        // What an ideal (arithmetic) coder of the same choices would need: log2 of the legal
        // moves and of the empty cells, and the 2-or-4 draw's entropy.
        let four = -(0.9f64 * 0.9f64.log2() + 0.1 * 0.1f64.log2());
        let ideal_bits: f64 = games
            .iter()
            .map(|g| {
                let replay = Replay::new(g.record()).unwrap();
                (1..=replay.moves())
                    .map(|n| {
                        let before = replay.board(n - 1).unwrap();
                        let legal = Direction::ALL
                            .iter()
                            .filter(|&&d| before.can_move(d))
                            .count();
                        let empty = replay.board(n).unwrap().empty_count() + 1;
                        (legal as f64).log2() + (empty as f64).log2() + four
                    })
                    .sum::<f64>()
            })
            .sum();
        println!(
            "{label}: {} games, {moves} moves, {chars} characters, {:.3} characters ({:.3} bytes of payload) a move; an ideal coder: {:.3} bytes a move",
            games.len(),
            chars as f64 / moves as f64,
            chars as f64 * 0.75 / moves as f64,
            ideal_bits / 8.0 / moves as f64
        );
    };
    let strong = |board: &Board| {
        best_move(
            board.cells(),
            board.size(),
            &SearchOptions::nodes(20_000),
            None,
            &NoClock,
        )
        .unwrap()
        .dir
    };
    report(
        "4x4 expectimax 20,000 nodes, seeds 1-5",
        (1..=5).map(|s| play(4, s, usize::MAX, strong).0).collect(),
    );
    report(
        "8x8 corner, seeds 1-5, whole games",
        (1..=5).map(|s| play(8, s, usize::MAX, corner).0).collect(),
    );
    let greedy = game2048::ai::SearchOptions::from_json(r#"{"strategy":"greedy"}"#).unwrap();
    report(
        "8x8 greedy, seed 1, whole game",
        (1..=1)
            .map(|s| {
                play(8, s, usize::MAX, |b| {
                    best_move(b.cells(), 8, &greedy, None, &NoClock)
                        .unwrap()
                        .dir
                })
                .0
            })
            .collect(),
    );
}

/// A replay's slides of move n, applied to position n - 1 and followed by the move's spawn, give
/// position n: what the replay page animates is the move that was played.
#[test]
fn a_replays_slides_lead_from_each_position_to_the_next() {
    for size in [3, 4, 8] {
        let (game, _) = play(size, 17, 400, corner);
        let replay =
            Replay::new(&Record::decode(&game.record().encode().unwrap()).unwrap()).unwrap();
        let mut merges = 0;
        for n in 1..=replay.moves() {
            let before = replay.cells(n - 1).unwrap();
            let mut cells = before.to_vec();
            let slides = replay.slides(n).unwrap();
            assert!(!slides.is_empty(), "move {n} changes the board");
            // Every source is read from the position before, then every target written.
            for s in &slides {
                match *s {
                    game2048::Slide::Move { from, .. } => cells[from] = 0,
                    game2048::Slide::Merge { from, .. } => {
                        cells[from[0]] = 0;
                        cells[from[1]] = 0;
                    }
                }
            }
            for s in &slides {
                match *s {
                    game2048::Slide::Move { from, to } => cells[to] = before[from],
                    game2048::Slide::Merge { from, to, exponent } => {
                        assert_eq!(before[from[0]], before[from[1]]);
                        assert_eq!(exponent, before[from[0]] + 1);
                        cells[to] = exponent;
                        merges += 1;
                    }
                }
            }
            let m = replay.recorded(n).unwrap();
            assert_eq!(
                cells[usize::from(m.spawn_cell)],
                0,
                "move {n}: the spawn's cell is empty"
            );
            cells[usize::from(m.spawn_cell)] = m.spawn_exponent;
            assert_eq!(cells, replay.cells(n).unwrap(), "{size}x{size}, move {n}");
        }
        assert!(merges > 0);
        assert_eq!(replay.slides(0), None);
        assert_eq!(replay.slides(replay.moves() + 1), None);
    }
}
