//! The tablebase binary end to end: the same file whatever the threads, a stopped build
//! refused without --resume, bad input named with exit code 2, `cover` counting the
//! positions a formation and a folder of tables hold, and `reach` the values games look up.

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
fn a_build_gives_the_same_files_on_any_threads_and_info_reads_them() {
    let dir = scratch("same");
    for (threads, out) in [("1", "one"), ("2", "two")] {
        let run = tablebase(
            &dir,
            &[
                "build",
                "snake-9",
                "--target",
                "3..5",
                "--dir",
                out,
                "--threads",
                threads,
            ],
        );
        assert!(run.status.success(), "{}", stderr(&run));
    }
    for name in ["snake-9-t3.egt", "snake-9-t4.egt", "snake-9-t5.egt"] {
        let one = std::fs::read(dir.join("one").join(name)).unwrap();
        assert_eq!(
            one,
            std::fs::read(dir.join("two").join(name)).unwrap(),
            "{name}"
        );
    }
    // Built already: kept, not built again.
    let again = tablebase(&dir, &["build", "snake-9", "--target", "5", "--dir", "one"]);
    assert!(
        again.status.success() && stderr(&again).contains("built already"),
        "{}",
        stderr(&again)
    );
    let info = tablebase(&dir, &["info", "one/snake-9-t5.egt"]);
    let text = String::from_utf8_lossy(&info.stdout);
    assert!(
        info.status.success()
            && text.contains("snake-9 building 32")
            && text.contains("279936 states"),
        "{text}"
    );
}

#[test]
fn bad_input_exits_2_naming_it_and_a_stopped_build_needs_resume() {
    let dir = scratch("bad");
    for (args, says) in [
        (
            vec!["build", "snake-5", "--target", "3"],
            "expected snake-6 .. snake-12",
        ),
        (
            vec!["build", "snake-9", "--target", "7"],
            "3..=6 for snake-9",
        ),
        (
            vec!["build", "snake-9", "--target", "5..3"],
            "--target \"5..3\"",
        ),
        (vec!["info", "missing.egt"], "missing.egt: cannot read"),
    ] {
        let out = tablebase(&dir, &args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(says), "{args:?}: {}", stderr(&out));
    }
    // A corrupt table is named by its file and what is wrong.
    let build = tablebase(&dir, &["build", "snake-10", "--target", "4", "--dir", "t"]);
    assert!(build.status.success(), "{}", stderr(&build));
    let path = dir.join("t/snake-10-t4.egt");
    let mut bytes = std::fs::read(&path).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 1;
    std::fs::write(dir.join("t/bad.egt"), &bytes).unwrap();
    let out = tablebase(&dir, &["info", "t/bad.egt"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("t/bad.egt: endgame table corrupt"),
        "{}",
        stderr(&out)
    );
    // A checkpoint left by a stopped build: refused without --resume, finished with it.
    std::fs::write(dir.join("t/snake-10-t5.egc"), b"2048egc\n").unwrap();
    let out = tablebase(&dir, &["build", "snake-10", "--target", "5", "--dir", "t"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("pass --resume"), "{}", stderr(&out));
    let out = tablebase(
        &dir,
        &[
            "build", "snake-10", "--target", "5", "--dir", "t", "--resume",
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(2),
        "a cut-short checkpoint is bad input"
    );
    assert!(stderr(&out).contains("cut short"), "{}", stderr(&out));
}

#[test]
fn cover_counts_the_positions_in_a_formation_and_those_the_tables_cover() {
    let dir = scratch("cover");
    let build = tablebase(&dir, &["build", "snake-10", "--target", "4", "--dir", "t"]);
    assert!(build.status.success(), "{}", stderr(&build));
    // Row by row: the chain 32768..128, 16 along the snake (snake-10 at 16), small tiles free;
    // the same turned over; a board with no chain; one in snake-10 at 32, which no table holds.
    let lines = [
        "[32768,16384,8192,4096,256,512,1024,2048,128,16,0,2,4,2,0,8]",
        "[4,2,0,8,128,16,0,2,256,512,1024,2048,32768,16384,8192,4096]",
        "[2,4,8,16,32,64,128,256,512,1024,2048,4096,8192,16384,32768,2]",
        "[32768,16384,8192,4096,256,512,1024,2048,128,32,0,2,4,2,0,8]",
    ];
    let text: String = lines
        .iter()
        .map(|c| format!("{{\"size\":4,\"cells\":{c}}}\n"))
        .collect();
    std::fs::write(dir.join("p.jsonl"), text).unwrap();
    let out = tablebase(&dir, &["cover", "p.jsonl", "--dir", "t"]);
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        table.contains("| 32768 | 4 | 75.0% |") && table.contains("snake-10 at 16: 50.0%"),
        "{table}"
    );
    assert!(table.trim_end().ends_with("| 50.0% |"), "{table}");
}

/// `reach`: the values one half of the games looks up serve the other half's lookups where
/// those games reach the same states, and only there; a distilled table keeps what its budget
/// holds; a file of one game cannot be split (exit 2).
#[test]
fn reach_counts_the_values_one_half_of_the_games_holds_for_the_other() {
    let dir = scratch("reach");
    let build = tablebase(&dir, &["build", "snake-10", "--target", "4", "--dir", "t"]);
    assert!(build.status.success(), "{}", stderr(&build));
    // The chain 32768..128, 16 along the snake (snake-10 at 16), small tiles in the free cells.
    let a = "[32768,16384,8192,4096,256,512,1024,2048,128,16,0,2,4,2,0,8]";
    let b = "[32768,16384,8192,4096,256,512,1024,2048,128,16,2,0,0,4,8,2]";
    let reach = |name: &str, games: &[(u64, &str)], extra: &[&str]| {
        let text: String = games
            .iter()
            .map(|(seed, c)| format!("{{\"seed\":{seed},\"size\":4,\"cells\":{c}}}\n"))
            .collect();
        std::fs::write(dir.join(name), text).unwrap();
        let mut args = vec!["reach", name, "--dir", "t"];
        args.extend_from_slice(extra);
        tablebase(&dir, &args)
    };
    let served = |out: &Output| {
        assert!(out.status.success(), "{}", stderr(out));
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let line = |start: &str| {
            let l = text.lines().find(|l| l.starts_with(start)).expect(start);
            l.rsplit(' ').next().unwrap().to_string()
        };
        (line("second half's"), line("by the first half's"), text)
    };
    let (all, distilled, text) = served(&reach("same.jsonl", &[(1, a), (2, a)], &[]));
    assert_eq!(
        (all.as_str(), distilled.as_str()),
        ("100.0%", "100.0%"),
        "{text}"
    );
    assert!(text.contains("| snake-10 t4 |"), "{text}");
    let (all, _, text) = served(&reach("other.jsonl", &[(1, a), (2, b)], &["--plies", "1"]));
    assert_ne!(all, "100.0%", "{text}");
    let (all, distilled, text) =
        served(&reach("same.jsonl", &[(1, a), (2, a)], &["--budget", "0"]));
    assert_eq!(
        (all.as_str(), distilled.as_str()),
        ("100.0%", "0.0%"),
        "{text}"
    );
    let out = reach("one.jsonl", &[(1, a), (1, b)], &[]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("two or more"), "{}", stderr(&out));
}

/// `distill` writes the most looked-up values within its budget, which `info` reads back and the
/// arena plays at the leaves only; a name without .egd, a folder of distilled tables to distil
/// from, or the root use with one is bad input (exit 2).
#[test]
fn distill_keeps_what_its_budget_holds_and_the_arena_plays_it_at_the_leaves() {
    let dir = scratch("distill");
    let build = tablebase(&dir, &["build", "snake-10", "--target", "4", "--dir", "t"]);
    assert!(build.status.success(), "{}", stderr(&build));
    std::fs::create_dir_all(dir.join("d")).unwrap();
    let p = "{\"size\":4,\"cells\":[32768,16384,8192,4096,256,512,1024,2048,128,16,0,2,4,2,0,8]}\n";
    std::fs::write(dir.join("p.jsonl"), p).unwrap();
    let distill = |budget: &str, out: &str, from: &str| {
        tablebase(
            &dir,
            &[
                "distill", "p.jsonl", "--dir", from, "--budget", budget, "--out", out,
            ],
        )
    };
    let all = distill("100000", "d/all.egd", "t");
    assert!(all.status.success(), "{}", stderr(&all));
    let values = |out: &Output| {
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let n: u64 = text
            .split(": ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        (n, text)
    };
    let (every, text) = values(&all);
    assert!(every > 3 && text.contains("(100.0%) held"), "{text}");
    // Room for three values beside the header of one sub-game: 12 + 6 + 4 bytes.
    let small = distill("40", "small.egd", "t");
    assert!(small.status.success(), "{}", stderr(&small));
    assert_eq!(values(&small).0, 3, "{}", values(&small).1);
    assert_eq!(std::fs::metadata(dir.join("small.egd")).unwrap().len(), 40);
    let info = tablebase(&dir, &["info", "d/all.egd"]);
    let text = String::from_utf8_lossy(&info.stdout);
    assert!(info.status.success(), "{}", stderr(&info));
    assert!(
        text.contains(&format!("snake-10 t4: {every} values")),
        "{text}"
    );
    for (out, says) in [
        (distill("100", "x.egt", "t"), ".egd"),
        (distill("100", "y.egd", "d"), "full tables only"),
    ] {
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert!(stderr(&out).contains(says), "{}", stderr(&out));
    }
    let root = arena(&dir, "g.jsonl", &["--tables", "d"]);
    assert_eq!(root.status.code(), Some(2), "{}", stderr(&root));
    assert!(stderr(&root).contains("leaves only"), "{}", stderr(&root));
    let leaves = arena(&dir, "g.jsonl", &["--tables", "d", "--table-use", "leaves"]);
    assert!(leaves.status.success(), "{}", stderr(&leaves));
    let line = std::fs::read_to_string(dir.join("g.jsonl")).unwrap();
    let line: serde_json::Value = serde_json::from_str(line.lines().next().unwrap()).unwrap();
    let bytes = std::fs::read(dir.join("d/all.egd")).unwrap();
    let crc = u32::from_le_bytes(bytes[bytes.len() - 4..].try_into().unwrap());
    assert_eq!(
        line["tables"],
        format!("distilled snake-10 t4 (set {crc:08x}); at the leaves")
    );
}

/// `calibrate`: each table's games counted once, at their first covered board, with the share
/// that made the tile; a bad line is named (exit 2).
#[test]
fn calibrate_counts_each_game_once_at_the_first_board_a_table_covers() {
    let dir = scratch("calibrate");
    let build = tablebase(&dir, &["build", "snake-10", "--target", "4", "--dir", "t"]);
    assert!(build.status.success(), "{}", stderr(&build));
    let covered = "[32768,16384,8192,4096,256,512,1024,2048,128,16,0,2,4,2,0,8]";
    let again = "[32768,16384,8192,4096,256,512,1024,2048,128,16,2,2,4,2,0,8]";
    let bare = "[2,4,8,16,32,64,128,256,512,1024,2048,4096,8192,16384,32768,2]";
    // Game 1 reaches the table late and makes the tile, game 2 reaches it twice and does not,
    // game 3 never reaches it.
    let write = |name: &str, positions: &[(u32, &str)]| {
        let text: String = positions
            .iter()
            .map(|(seed, c)| format!("{{\"size\":4,\"seed\":{seed},\"cells\":{c}}}\n"))
            .collect();
        std::fs::write(dir.join(name), text).unwrap();
    };
    write(
        "p.jsonl",
        &[(1, bare), (1, covered), (2, covered), (2, again), (3, bare)],
    );
    let games = "{\"seed\":1,\"largest\":\"32768\"}\n{\"seed\":2,\"largest\":\"16384\"}\n{\"seed\":3,\"largest\":65536}\n";
    std::fs::write(dir.join("g.jsonl"), games).unwrap();
    let row = |positions: &str| {
        let out = tablebase(&dir, &["calibrate", "g.jsonl", positions, "--dir", "t"]);
        let table = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(
            table.starts_with("3 games, 2 of them make 32768"),
            "{table}"
        );
        let row = table
            .lines()
            .find(|l| l.starts_with("| snake-10 t4 |"))
            .expect(&table);
        row.to_string()
    };
    let both = row("p.jsonl");
    assert!(
        both.starts_with("| snake-10 t4 | 2 | ") && both.ends_with("| 1 (0.500) |"),
        "{both}"
    );
    // Game 2's chance is read at its first covered board, not its last.
    write("first.jsonl", &[(1, covered), (2, covered)]);
    write("last.jsonl", &[(1, covered), (2, again)]);
    assert_eq!(both, row("first.jsonl"));
    assert_ne!(both, row("last.jsonl"));

    std::fs::write(dir.join("bad.jsonl"), "{\"seed\":1}\n").unwrap();
    let out = tablebase(&dir, &["calibrate", "bad.jsonl", "p.jsonl", "--dir", "t"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("bad.jsonl:1"), "{}", stderr(&out));
}

/// `arena --tables DIR` reads the folder's tables and names them on each game line, with the
/// rule for breaking moves when it is not the default, the use and the tile they start from;
/// `--table-breaks`, `--table-use` or `--table-from` without `--tables`, a bad rule, use or
/// tile, or a folder with no table is bad input (exit 2).
#[test]
fn the_arena_plays_with_a_folder_of_tables_and_names_them_their_rule_and_their_use() {
    let dir = scratch("arena");
    let built = tablebase(&dir, &["build", "snake-12", "--target", "3", "--dir", "t"]);
    assert!(built.status.success(), "{}", stderr(&built));
    std::fs::create_dir_all(dir.join("empty")).unwrap();
    let arena = |extra: &[&str], out: &str| arena(&dir, out, extra);
    let tables_of = |out: &str| {
        let text = std::fs::read_to_string(dir.join(out)).unwrap();
        let line: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
        line["tables"].as_str().unwrap().to_string()
    };
    let out = arena(&["--tables", "t"], "ruled.jsonl");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(tables_of("ruled.jsonl"), "snake-12 t3");
    let out = arena(
        &["--tables", "t", "--table-breaks", "searched"],
        "searched.jsonl",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        tables_of("searched.jsonl"),
        "snake-12 t3; breaking moves searched"
    );
    let out = arena(&["--tables", "t", "--table-use", "leaves"], "leaves.jsonl");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(tables_of("leaves.jsonl"), "snake-12 t3; at the leaves");
    let out = arena(
        &[
            "--tables",
            "t",
            "--table-use",
            "leaves",
            "--table-from",
            "128",
        ],
        "from.jsonl",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        tables_of("from.jsonl"),
        "snake-12 t3; at the leaves; from 128"
    );
    for (extra, says) in [
        (&["--table-from", "128"][..], "--tables"),
        (
            &["--tables", "t", "--table-from", "100"][..],
            "power of two",
        ),
        (&["--table-breaks", "searched"][..], "--tables"),
        (&["--table-use", "leaves"][..], "--tables"),
        (
            &["--tables", "t", "--table-use", "everywhere"][..],
            "everywhere",
        ),
        (&["--tables", "t", "--table-breaks", "maybe"][..], "maybe"),
        (&["--tables", "empty"][..], "no table"),
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
    use game2048::ai::ntuple::{encode, Encoding, Network, Shape};
    let dir = scratch("paired");
    let built = tablebase(&dir, &["build", "snake-10", "--target", "4", "--dir", "t"]);
    assert!(built.status.success(), "{}", stderr(&built));
    // A network with views of its own, so that the table overrules some of its moves.
    let mut network = Network::new(Shape::small_4x4(16), 0.0);
    for (i, w) in network.weights_mut().unwrap().iter_mut().enumerate() {
        *w = (i % 7) as f32;
    }
    std::fs::write(dir.join("n.ntw"), encode(&network, Encoding::Raw)).unwrap();
    // Boards snake-10 at 16 covers: the chain 32768..64, 16 along the snake, small tiles free.
    let starts: String = [
        [2u32, 4, 0, 2, 0, 8],
        [0, 2, 2, 4, 4, 0],
        [8, 0, 4, 2, 2, 2],
        [4, 4, 0, 0, 8, 2],
        [2, 8, 8, 0, 0, 4],
        [0, 0, 2, 8, 4, 4],
    ]
    .iter()
    .map(|free| {
        let chain = [32768u32, 16384, 8192, 4096, 256, 512, 1024, 2048, 128, 16];
        let cells: Vec<String> = chain.iter().chain(free).map(u32::to_string).collect();
        format!("{{\"size\":4,\"cells\":[{}]}}\n", cells.join(","))
    })
    .collect();
    std::fs::write(dir.join("s.jsonl"), starts).unwrap();
    let run = |extra: &[&str]| {
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
            .current_dir(&dir)
            .output()
            .expect("the arena binary runs");
        assert!(out.status.success(), "{extra:?}: {}", stderr(&out));
    };
    // From the covered boards (which hold 16384: the tables apply at once), and from new boards
    // with the tables from 64 on (the games fork half-way; no board of theirs is covered).
    for (games, from, tile, until) in [
        ("--start", "s.jsonl", "16384", "65536"),
        ("--seed", "11", "64", "512"),
    ] {
        let common = [games, from, "--games", "6", "--until", until];
        let tabled = [&common[..], &["--tables", "t", "--table-from", tile]].concat();
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
