//! The tablebase binary end to end: `walls` writes the same file whatever the threads and
//! resumes from its work folder, `info` reads it back and names a bad file, and the arena plays
//! with a folder of wall tables, naming them on its game lines.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const TABLEBASE: &str = env!("CARGO_BIN_EXE_tablebase");

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tablebase-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn tablebase(dir: &Path, args: &[&str]) -> Output {
    Command::new(TABLEBASE)
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the tablebase binary runs")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The arena in `dir`: one game of `expectimax-td` at 200 nodes with the tests' tiny network,
/// until 256, on one thread, written to `out`, with `extra` (the tables) after.
fn arena(dir: &Path, out: &str, extra: &[&str]) -> Output {
    let network = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiny-4x4-l8-i8.ntw");
    let mut args = vec![
        "--strategy",
        "expectimax-td",
        "--nodes",
        "200",
        "--network",
        network,
        "--games",
        "1",
        "--until",
        "256",
        "--threads",
        "1",
        "--out",
        out,
    ];
    args.extend_from_slice(extra);
    Command::new(env!("CARGO_BIN_EXE_arena"))
        .args(&args)
        .current_dir(dir)
        .output()
        .expect("the arena binary runs")
}

#[test]
fn walls_gives_the_same_file_on_any_threads_and_info_reads_it() {
    let dir = scratch("walls");
    for (threads, folder) in [("1", "one"), ("2", "two")] {
        let out = tablebase(
            &dir,
            &[
                "walls",
                "442",
                "--target",
                "4",
                "--dir",
                folder,
                "--threads",
                threads,
            ],
        );
        assert!(out.status.success(), "{}", stderr(&out));
    }
    let one = std::fs::read(dir.join("one/442-t4.egr")).unwrap();
    assert_eq!(one, std::fs::read(dir.join("two/442-t4.egr")).unwrap());
    assert!(
        !dir.join("one/442-t4.work").exists(),
        "the work folder is removed"
    );
    let info = tablebase(&dir, &["info", "one/442-t4.egr"]);
    assert!(info.status.success(), "{}", stderr(&info));
    let text = String::from_utf8_lossy(&info.stdout);
    assert!(
        text.starts_with("one/442-t4.egr: walls 442, target 16: ")
            && text.contains(" positions in ")
            && text.trim_end().ends_with("checksum ok"),
        "{text}"
    );
    // A build stopped halfway through its forward pass: --resume goes on from its layers and
    // writes the same table.
    use game2048::ai::endgame::reachable::build::{forward, Quiet, Work};
    let game = game2048::ai::endgame::WallGame::new(game2048::ai::endgame::Walls::F442, 4).unwrap();
    let table = dir.join("two/442-t4.egr");
    std::fs::remove_file(&table).unwrap();
    let work = Work::beside(&table);
    let n = forward(&game, &work, &mut Quiet).unwrap();
    work.cut(n / 2, n).unwrap();
    let out = tablebase(
        &dir,
        &["walls", "442", "--target", "4", "--dir", "two", "--resume"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let said = format!(
        "forward pass resumed at sum {} from the work folder",
        2 * (n / 2)
    );
    assert!(stderr(&out).contains(&said), "{}", stderr(&out));
    assert_eq!(one, std::fs::read(&table).unwrap());
    // Without --resume, a build starts afresh.
    forward(&game, &work, &mut Quiet).unwrap();
    work.cut(n / 2, n).unwrap();
    let out = tablebase(&dir, &["walls", "442", "--target", "4", "--dir", "two"]);
    assert!(!stderr(&out).contains("resumed"), "{}", stderr(&out));
    assert_eq!(one, std::fs::read(&table).unwrap());
}

/// Bad input exits 2 naming it: an unknown formation or target, a corrupt or cut file.
#[test]
fn bad_input_exits_2_naming_it() {
    let dir = scratch("bad");
    let out = tablebase(&dir, &["walls", "442", "--target", "3", "--dir", "t"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let good = std::fs::read(dir.join("t/442-t3.egr")).unwrap();
    // A chance near the end changed: only the checksum tells.
    let mut corrupt = good.clone();
    let at = good.len() - 6;
    corrupt[at] ^= 1;
    std::fs::write(dir.join("corrupt.egr"), corrupt).unwrap();
    std::fs::write(dir.join("cut.egr"), &good[..good.len() - 9]).unwrap();
    for (args, says) in [
        (
            vec!["walls", "543", "--target", "9"],
            "expected one of 442, L3",
        ),
        (vec!["walls", "442", "--target", "15"], "--target 15"),
        (
            vec!["info", "corrupt.egr"],
            "corrupt.egr: wall table corrupt",
        ),
        (vec!["info", "cut.egr"], "cut.egr: wall table cut short"),
        (vec!["info", "none.egr"], "none.egr"),
    ] {
        let out = tablebase(&dir, &args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(says), "{args:?}: {}", stderr(&out));
    }
}

/// `arena --tables DIR` reads the folder's wall tables and names them on each game line, with
/// their margin, tie and the tile they start from; `--table-from`, `--table-margin` or
/// `--table-tie` without `--tables`, a bad tile, a removed flag, or a folder with no wall table
/// is bad input (exit 2).
#[test]
fn the_arena_plays_with_a_folder_of_wall_tables_and_names_them() {
    let dir = scratch("arena");
    let built = tablebase(&dir, &["walls", "442", "--target", "3", "--dir", "t"]);
    assert!(built.status.success(), "{}", stderr(&built));
    std::fs::create_dir_all(dir.join("empty")).unwrap();
    let arena = |extra: &[&str], out: &str| arena(&dir, out, extra);
    let tables_of = |out: &str| {
        let text = std::fs::read_to_string(dir.join(out)).unwrap();
        let line: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
        line["tables"].as_str().unwrap().to_string()
    };
    for (extra, named) in [
        (
            &["--tables", "t"][..],
            "walls 442-t3 (margin 0.01, tie 0.001)",
        ),
        (
            &[
                "--tables",
                "t",
                "--table-margin",
                "0.002",
                "--table-tie",
                "0.03",
            ][..],
            "walls 442-t3 (margin 0.002, tie 0.03)",
        ),
        (
            &["--tables", "t", "--table-from", "128"][..],
            "walls 442-t3 (margin 0.01, tie 0.001); from 128",
        ),
    ] {
        let out = arena(extra, "t.jsonl");
        assert!(out.status.success(), "{extra:?}: {}", stderr(&out));
        assert_eq!(tables_of("t.jsonl"), named, "{extra:?}");
        std::fs::remove_file(dir.join("t.jsonl")).unwrap();
    }
    for (extra, says) in [
        (&["--table-from", "128"][..], "--tables"),
        (&["--table-margin", "0.1"][..], "--tables"),
        (&["--tables", "t", "--table-hold", "64"][..], "--table-hold"),
        (&["--table-tie", "0.1"][..], "--tables"),
        (
            &["--tables", "t", "--table-from", "100"][..],
            "power of two",
        ),
        (&["--table-use", "leaves"][..], "--table-use"),
        (&["--tables", "empty"][..], "no wall table"),
    ] {
        let out = arena(extra, "bad.jsonl");
        assert_eq!(out.status.code(), Some(2), "{extra:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(says), "{extra:?}: {}", stderr(&out));
    }
}

/// A game line as its own run writes it, less what the machine's speed decides (the seconds and
/// the histogram of milliseconds a move).
fn untimed(line: &str) -> serde_json::Value {
    let mut game: serde_json::Value = serde_json::from_str(line).unwrap();
    let fields = game.as_object_mut().unwrap();
    fields.remove("seconds");
    fields.remove("ms_hist");
    game
}

fn untimed_lines(path: &Path) -> Vec<serde_json::Value> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines().map(untimed).collect()
}

/// `arena --without-tables FILE`: each game is searched once up to its first board the tables
/// apply to, then goes on twice, with them (`--out`) and without (FILE), each file holding the
/// lines its own run writes; with `--resume` a game either file lacks is played again and
/// written only where it is missing; without `--table-from` or `--out` it is bad input.
#[test]
fn a_paired_batch_plays_the_opening_once_and_each_file_as_its_own_run() {
    let dir = scratch("paired");
    overruling_setup(&dir);
    let run = |extra: &[&str]| {
        overruled(&dir, extra);
    };
    // From the held boards (which hold 16384: the tables apply at once), and from new boards
    // with the tables from 64 on (the games fork half-way).
    for (games, from, tile, until) in [
        ("--start", "s.jsonl", "16384", "65536"),
        ("--seed", "11", "64", "512"),
    ] {
        let common = [games, from, "--games", "6", "--until", until];
        let tabled = [
            &common[..],
            &["--tables", "t", "--table-from", tile, "--table-margin", "1"],
        ]
        .concat();
        run(&[&common[..], &["--out", "bare.jsonl"]].concat());
        run(&[&tabled[..], &["--out", "with.jsonl"]].concat());
        let paired = [
            &tabled[..],
            &["--out", "p.jsonl", "--without-tables", "pb.jsonl"],
        ]
        .concat();
        run(&paired);
        // Each file in the order its games ended: compared by seed.
        let sorted = |name: &str| {
            let mut lines = untimed_lines(&dir.join(name));
            lines.sort_by_key(|g| g["seed"].as_u64());
            lines
        };
        let (with, bare) = (sorted("with.jsonl"), sorted("bare.jsonl"));
        assert_eq!(sorted("p.jsonl"), with, "{games} {from}: with the tables");
        assert_eq!(sorted("pb.jsonl"), bare, "{games} {from}: without them");
        if games == "--start" {
            let differ = with
                .iter()
                .zip(&bare)
                .filter(|(w, b)| (&w["score"], &w["moves"]) != (&b["score"], &b["moves"]))
                .count();
            assert!(differ > 0, "the tables changed no game");
        }
        // A kill after the game's line with the tables: --resume plays it again and writes
        // only its line without them.
        let text = std::fs::read_to_string(dir.join("pb.jsonl")).unwrap();
        let cut = text.trim_end().rfind('\n').unwrap() + 1;
        std::fs::write(dir.join("pb.jsonl"), &text[..cut]).unwrap();
        run(&[&paired[..], &["--resume"]].concat());
        assert_eq!(sorted("p.jsonl"), with, "{games} {from}: resumed, with");
        assert_eq!(sorted("pb.jsonl"), bare, "{games} {from}: resumed, without");
    }
    for (extra, says) in [
        (
            &["--without-tables", "x.jsonl", "--out", "y.jsonl"][..],
            "--table-from",
        ),
        (
            &[
                "--tables",
                "t",
                "--table-from",
                "64",
                "--without-tables",
                "x.jsonl",
            ][..],
            "--out",
        ),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_arena"))
            .args(
                [
                    &["--strategy", "expectimax-td", "--network", "n.ntw"][..],
                    extra,
                ]
                .concat(),
            )
            .current_dir(&dir)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{extra:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(says), "{extra:?}: {}", stderr(&out));
    }
}

/// `walls-known` finds a board among the known runs' boards in any symmetry, counts only the
/// boards in the formation, and says how much the set holds after each known file.
#[test]
fn walls_known_says_how_many_boards_a_set_from_other_runs_finds() {
    let dir = scratch("known");
    let line = |cells: [u32; 16]| format!("{{\"size\":4,\"cells\":{cells:?}}}\n");
    // In 442 at target 8: the top row and the two cells under its right end hold 8s.
    let a = [8, 8, 8, 8, 0, 0, 8, 8, 2, 0, 0, 0, 0, 0, 0, 0];
    let b = [8, 8, 8, 8, 0, 0, 8, 8, 4, 0, 0, 0, 0, 0, 0, 0];
    // b seen in a mirror, and a board in no formation.
    let b_mirrored = [8, 8, 8, 8, 8, 8, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0];
    let loose = [2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    let write = |name: &str, boards: &[[u32; 16]]| {
        let text: String = boards.iter().map(|&c| line(c)).collect();
        std::fs::write(dir.join(name), text).unwrap();
    };
    write("new.jsonl", &[a, b, loose]);
    write("one.jsonl", &[a, loose]);
    write("two.jsonl", &[b_mirrored]);
    let args = [
        "walls-known",
        "new.jsonl",
        "--known",
        "one.jsonl",
        "--known",
        "two.jsonl",
        "--walls",
        "442",
        "--target",
        "3",
    ];
    let out = tablebase(&dir, &args);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("442-t3: 2 boards of new.jsonl in the formation"),
        "{text}"
    );
    assert!(
        text.contains("| one.jsonl | 1 | 0.0 MB | 50.0% |"),
        "{text}"
    );
    assert!(
        text.contains("| two.jsonl | 2 | 0.0 MB | 100.0% |"),
        "{text}"
    );
    let bad = tablebase(
        &dir,
        &[
            "walls-known",
            "new.jsonl",
            "--known",
            "one.jsonl",
            "--walls",
            "543",
            "--target",
            "3",
        ],
    );
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("--walls \"543\""), "{}", stderr(&bad));
}

/// In `dir`: the table 442-t4 (`t/`), a network with views of its own (`n.ntw`), so that the
/// table overrules some of its moves, and six boards the table holds (`s.jsonl`).
fn overruling_setup(dir: &Path) {
    use game2048::ai::ntuple::{encode, Encoding, Network, Shape};
    let built = tablebase(dir, &["walls", "442", "--target", "4", "--dir", "t"]);
    assert!(built.status.success(), "{}", stderr(&built));
    // A network with views of its own, and a margin that accepts any move of the table's, so
    // that the table overrules some of the network's moves.
    let mut network = Network::new(Shape::small_4x4(16), 0.0);
    for (i, w) in network.weights_mut().unwrap().iter_mut().enumerate() {
        *w = (i % 7) as f32;
    }
    std::fs::write(dir.join("n.ntw"), encode(&network, Encoding::Raw)).unwrap();
    // Boards 442 at 16 holds: six walls of 1024 and more on the top row and the two cells
    // under its end, small tiles in the free cells.
    let starts: String = [
        [2u32, 4, 0, 2, 0, 8, 0, 0],
        [0, 2, 2, 4, 4, 0, 0, 2],
        [8, 0, 4, 2, 2, 2, 0, 0],
        [4, 4, 0, 0, 8, 2, 0, 0],
        [2, 8, 8, 0, 0, 4, 2, 0],
        [0, 0, 2, 8, 4, 4, 0, 0],
    ]
    .iter()
    .map(|free| {
        let [a, b, c, d, e, f, g, h] = *free;
        let cells = [
            32768, 16384, 8192, 4096, a, b, 1024, 2048, c, d, e, f, g, h, 0, 0,
        ];
        let cells: Vec<String> = cells.iter().map(u32::to_string).collect();
        format!("{{\"size\":4,\"cells\":[{}]}}\n", cells.join(","))
    })
    .collect();
    std::fs::write(dir.join("s.jsonl"), starts).unwrap();
}

/// The arena in `dir` with the network of [`overruling_setup`] at 2,000 nodes on two threads,
/// then `extra`; its standard output.
fn overruled(dir: &Path, extra: &[&str]) -> String {
    let mut args = vec![
        "--strategy",
        "expectimax-td",
        "--nodes",
        "2000",
        "--network",
        "n.ntw",
        "--threads",
        "2",
    ];
    args.extend_from_slice(extra);
    let out = Command::new(env!("CARGO_BIN_EXE_arena"))
        .args(&args)
        .current_dir(dir)
        .output()
        .expect("the arena binary runs");
    assert!(out.status.success(), "{extra:?}: {}", stderr(&out));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A set distilled from a run's boards, as it is or packed, or sampled from play-outs of its
/// entries into the formation, plays that run's games move for move as the whole table does,
/// and says what it is on its lines; `--most` keeps the boards seen most.
#[test]
fn a_distilled_set_plays_its_runs_games_as_the_whole_table() {
    let dir = scratch("distil");
    overruling_setup(&dir);
    let common = [
        "--start",
        "s.jsonl",
        "--games",
        "6",
        "--until",
        "65536",
        "--table-margin",
        "1",
    ];
    let full = overruled(
        &dir,
        &[
            &common[..],
            &[
                "--tables",
                "t",
                "--positions",
                "p.jsonl",
                "--out",
                "full.jsonl",
            ],
        ]
        .concat(),
    );
    // `walls-distill` of the run's boards from the whole table into `out`, then `extra`.
    let distil = |out: &str, extra: &[&str]| {
        let args = [
            "walls-distill",
            "p.jsonl",
            "--table",
            "t/442-t4.egr",
            "--out",
            out,
        ];
        tablebase(&dir, &[&args[..], extra].concat())
    };
    std::fs::create_dir_all(dir.join("d")).unwrap();
    let out = distil("d/442-t4.ewd", &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    let distilled = overruled(
        &dir,
        &[&common[..], &["--tables", "d", "--out", "distilled.jsonl"]].concat(),
    );
    // The same moves played from the tables, and overruling the search as often.
    let played = |text: &str| {
        let line = text
            .lines()
            .find(|l| l.starts_with("wall tables:"))
            .unwrap()
            .to_owned();
        line[line.find("played").unwrap()..].to_owned()
    };
    assert_eq!(played(&full), played(&distilled));
    assert!(!played(&full).contains("(0 of them"), "{}", played(&full));
    let games = |name: &str| {
        let mut lines = untimed_lines(&dir.join(name));
        lines.sort_by_key(|g| g["seed"].as_u64());
        for g in &mut lines {
            let tables = g.as_object_mut().unwrap().remove("tables").unwrap();
            assert!(
                tables.as_str().unwrap().starts_with("walls 442-t4"),
                "{tables}"
            );
        }
        lines
    };
    assert_eq!(games("full.jsonl"), games("distilled.jsonl"));
    let line = std::fs::read_to_string(dir.join("distilled.jsonl")).unwrap();
    assert!(line.contains("walls 442-t4 distilled (margin 1"), "{line}");
    // Packed: the same games, the set named by its file's checksum.
    std::fs::create_dir_all(dir.join("e")).unwrap();
    let out = distil("e/442-t4.ews", &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    let packed = overruled(
        &dir,
        &[&common[..], &["--tables", "e", "--out", "packed.jsonl"]].concat(),
    );
    assert_eq!(played(&full), played(&packed));
    assert_eq!(games("full.jsonl"), games("packed.jsonl"));
    let file = std::fs::read(dir.join("e/442-t4.ews")).unwrap();
    let sum = u32::from_le_bytes(file[file.len() - 4..].try_into().unwrap());
    let line = std::fs::read_to_string(dir.join("packed.jsonl")).unwrap();
    assert!(
        line.contains(&format!("walls 442-t4 packed {sum:08x} (margin 1")),
        "{line}"
    );
    // Sampled from play-outs of the run's entries into the formation: the set holds the run's
    // own boards too, so it plays the same games.
    std::fs::create_dir_all(dir.join("f")).unwrap();
    let args = [
        "walls-sample",
        "p.jsonl",
        "--table",
        "t/442-t4.egr",
        "--runs",
        "3",
        "--out",
        "f/442-t4.ews",
    ];
    let out = tablebase(&dir, &args);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("entries; 3 play-outs each"),
        "{}",
        stderr(&out)
    );
    let sampled = overruled(
        &dir,
        &[&common[..], &["--tables", "f", "--out", "sampled.jsonl"]].concat(),
    );
    assert_eq!(played(&full), played(&sampled));
    assert_eq!(games("full.jsonl"), games("sampled.jsonl"));
    // The same boards in another order (the arena's threads interleave its games' lines) give
    // the same file.
    let text = std::fs::read_to_string(dir.join("p.jsonl")).unwrap();
    let reversed: Vec<&str> = text.lines().rev().collect();
    std::fs::write(dir.join("r.jsonl"), reversed.join("\n")).unwrap();
    let args = [&args[..1], &["r.jsonl"], &args[2..7], &["r.ews"]].concat();
    let out = tablebase(&dir, &args);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        std::fs::read(dir.join("r.ews")).unwrap(),
        std::fs::read(dir.join("f/442-t4.ews")).unwrap()
    );
    // The one board seen most.
    let out = distil("one.ewd", &["--most", "1"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("one.ewd: 1 positions of 1 seen"), "{text}");
}
