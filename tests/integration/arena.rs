//! The arena binary end to end: bad input, shards merged back, compare's chart, sweep's
//! grid and tune's resume. Budgets are tiny (a few hundred nodes, 3x3 boards) so the whole
//! file takes seconds.

use std::path::PathBuf;
use std::process::{Command, Output};

const ARENA: &str = env!("CARGO_BIN_EXE_arena");

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arena-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn arena(dir: &PathBuf, args: &[&str]) -> Output {
    Command::new(ARENA)
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the arena binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// The arena's output, having asserted that it succeeded.
fn succeeded(dir: &PathBuf, args: &[&str]) -> Output {
    let out = arena(dir, args);
    assert!(
        out.status.success(),
        "arena {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn ok(dir: &PathBuf, args: &[&str]) -> String {
    stdout(&succeeded(dir, args))
}

const TINY: &[&str] = &["--size", "3", "--threads", "2"];

fn with<'a>(args: &[&'a str]) -> Vec<&'a str> {
    args.iter().chain(TINY).copied().collect()
}

const RANGES_GRID: &str = r#"{"strategy": "expectimax", "options": {"nodes": 200},
 "weights": {"empty": [200, 300], "merges": {"min": 400, "max": 800, "steps": 2}}}"#;
const RANGES_TUNE: &str = r#"{"strategy": "expectimax", "options": {"nodes": 200},
 "weights": {"empty": {"min": 100, "max": 400}, "merges": {"min": 300, "max": 900}}}"#;

#[test]
fn bad_input_exits_2_naming_the_option() {
    let dir = scratch("bad");
    let bad_ranges = [
        ("notjson.json", "{", "not JSON"),
        ("noweights.json", r#"{"strategy":"expectimax"}"#, "weights"),
        ("nostrategy.json", r#"{"weights":{"a":[1]}}"#, "strategy"),
        (
            "badlist.json",
            r#"{"strategy":"expectimax","weights":{"empty":["x"]}}"#,
            "weights.empty",
        ),
        (
            "minmax.json",
            r#"{"strategy":"expectimax","weights":{"sum":{"min":5,"max":1,"steps":2}}}"#,
            "weights.sum",
        ),
        (
            "steps.json",
            r#"{"strategy":"expectimax","weights":{"sum":{"min":1,"max":5}}}"#,
            "weights.sum",
        ),
        (
            "unknown.json",
            r#"{"strategy":"expectimax","weights":{"sum":[1]},"extra":1}"#,
            "extra",
        ),
        (
            "sample.json",
            r#"{"strategy":"expectimax","weights":{"sum":[1]},"sample":0}"#,
            "sample",
        ),
    ];
    for (name, text, _) in &bad_ranges {
        std::fs::write(dir.join(name), text).unwrap();
    }
    std::fs::write(dir.join("notgames.jsonl"), "{\"seed\": 1}\n").unwrap();
    let mut cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["bogus"], "unknown subcommand"),
        (vec!["--bogus", "1"], "--bogus"),
        (vec!["--games"], "--games needs a value"),
        (vec!["--games", "many"], "--games"),
        (vec!["--size", "9"], "--size"),
        (vec!["--until", "100"], "--until"),
        (vec!["--shard", "0/4"], "--shard"),
        (vec!["--shard", "5/4"], "--shard"),
        (vec!["--shard", "a/b"], "--shard"),
        (vec!["--shard", "1"], "--shard"),
        (vec!["--strategy", "nonsense"], "nonsense"),
        (vec!["--nodes", "0"], "nodes"),
        (vec!["--nodes", "10", "--ms", "10"], "budget"),
        (vec!["--weights", "{oops"], "--weights"),
        (vec!["--weights", "@missing.json"], "--weights"),
        (vec!["--out", "no/such/dir/x.jsonl"], "--out"),
        (vec!["--svg", "x.svg"], "--svg does not apply to run"),
        (vec!["run", "stray"], "stray"),
        (vec!["compare"], "compare needs"),
        (vec!["compare", "expectimax:nodes"], "nodes"),
        (vec!["compare", "expectimax:bogus=1"], "bogus"),
        (vec!["compare", ":nodes=5"], "spec"),
        (
            vec!["compare", "expectimax", "--svg", "no/such/dir/c.svg"],
            "--svg",
        ),
        (vec!["sweep"], "RANGES"),
        (vec!["sweep", "missing.json"], "missing.json"),
        (
            vec!["sweep", "steps.json", "--objective", "reach:1000"],
            "--objective",
        ),
        (vec!["tune", "steps.json", "--shard", "1/2"], "--shard"),
        (vec!["tune", "steps.json", "--elite", "0"], "--elite"),
        (vec!["merge"], "merge needs"),
        (vec!["merge", "missing.jsonl"], "missing.jsonl"),
        (vec!["merge", "notgames.jsonl"], "notgames.jsonl:1"),
        (vec!["--decide", "missing.jsonl"], "--decide"),
        (vec!["--threads", "0"], "--threads"),
        (vec!["--ai-seed", "-3"], "--ai-seed"),
        (vec!["--depth", "deep"], "--depth"),
        (vec!["--sed", "1"], "did you mean --seed"),
        (
            vec!["--objective", "score"],
            "--objective does not apply to run",
        ),
        (
            vec!["tune", "steps.json", "--population", "1"],
            "--population",
        ),
        (
            vec!["tune", "steps.json", "--generations", "0"],
            "--generations",
        ),
        (
            vec!["merge", "x.jsonl", "--objective", "most"],
            "--objective",
        ),
    ];
    for (name, _, field) in &bad_ranges {
        cases.push((vec!["sweep", name], field));
    }
    for (args, needle) in cases {
        let out = arena(&dir, &args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "arena {args:?}: {err}");
        assert!(
            err.contains(needle),
            "arena {args:?}: {err:?} should name {needle:?}"
        );
        assert_eq!(err.trim_end().lines().count(), 1, "arena {args:?}: {err:?}");
        assert!(
            out.stdout.is_empty(),
            "arena {args:?} printed {:?}",
            stdout(&out)
        );
    }
}

#[test]
fn help_names_every_subcommand() {
    let text = ok(&scratch("help"), &["--help"]);
    for word in [
        "compare",
        "sweep",
        "tune",
        "merge",
        "--shard",
        "--k",
        "--weights",
        "--svg",
    ] {
        assert!(text.contains(word), "--help should mention {word}");
    }
}

#[test]
fn shards_merged_equal_one_run() {
    let dir = scratch("shards");
    let base = ["--games", "9", "--nodes", "300", "--seed", "5"];
    let one = ok(
        &dir,
        &with(&[&base[..], &["--no-timing", "--out", "all.jsonl"]].concat()),
    );
    for k in ["1/2", "2/2"] {
        let out = format!("shard-{}.jsonl", &k[..1]);
        ok(
            &dir,
            &with(&[&base[..], &["--shard", k, "--out", &out]].concat()),
        );
    }
    let merged = ok(
        &dir,
        &["merge", "shard-1.jsonl", "shard-2.jsonl", "--no-timing"],
    );
    assert!(one.starts_with("games 9  size 3"), "{one}");
    assert!(one.contains("score mean"), "{one}");
    assert_eq!(merged, one);
    // Shards are disjoint and cover every game.
    let count = |f: &str| {
        std::fs::read_to_string(dir.join(f))
            .unwrap()
            .lines()
            .count()
    };
    assert_eq!(count("shard-1.jsonl") + count("shard-2.jsonl"), 9);
    assert_eq!(count("shard-1.jsonl"), 5);
    // Merging a shard twice is refused rather than counted twice.
    let twice = arena(&dir, &["merge", "shard-1.jsonl", "shard-1.jsonl"]);
    assert_eq!(twice.status.code(), Some(2));
}

#[test]
fn a_killed_run_resumed_equals_one_run() {
    let dir = scratch("resume");
    let base = with(&["--games", "6", "--nodes", "300", "--no-timing"]);
    let whole = ok(&dir, &[&base[..], &["--out", "whole.jsonl"]].concat());
    // As a kill leaves it: two whole lines and the start of a third.
    let text = std::fs::read_to_string(dir.join("whole.jsonl")).unwrap();
    let two = text.match_indices('\n').nth(1).unwrap().0 + 1;
    std::fs::write(dir.join("cut.jsonl"), &text[..two + 30]).unwrap();
    let resumed = ok(
        &dir,
        &[&base[..], &["--out", "cut.jsonl", "--resume"]].concat(),
    );
    assert_eq!(
        resumed, whole,
        "the resumed run prints the uninterrupted run's table"
    );
    let lines = |f: &str| {
        let mut l: Vec<String> = std::fs::read_to_string(dir.join(f))
            .unwrap()
            .lines()
            .map(|l| l.split(",\"seconds\"").next().unwrap().to_string())
            .collect();
        l.sort();
        l
    };
    assert_eq!(
        lines("cut.jsonl"),
        lines("whole.jsonl"),
        "every game once, none cut"
    );
    // Resuming a finished run plays nothing more.
    let again = ok(
        &dir,
        &[&base[..], &["--out", "cut.jsonl", "--resume"]].concat(),
    );
    assert_eq!(again, whole);
    assert_eq!(lines("cut.jsonl").len(), 6);
    // A file of another run (another budget) is refused, naming the line, and left alone.
    let before = std::fs::read_to_string(dir.join("cut.jsonl")).unwrap();
    let other = with(&[
        "--games",
        "6",
        "--nodes",
        "301",
        "--out",
        "cut.jsonl",
        "--resume",
    ]);
    let out = arena(&dir, &other);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("line 1") && err.contains("another run"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("cut.jsonl")).unwrap(),
        before
    );
}

#[test]
fn merge_of_a_run_prints_its_table_with_timing() {
    let dir = scratch("timing");
    let run = ok(
        &dir,
        &with(&["--games", "4", "--nodes", "300", "--out", "run.jsonl"]),
    );
    let merged = ok(&dir, &["merge", "run.jsonl"]);
    // The run adds only its wall-clock line; p50/p99 come from the same histograms.
    let table: Vec<&str> = run.lines().filter(|l| !l.starts_with("wall ")).collect();
    assert!(
        table.iter().any(|l| l.starts_with("time  ms per move p50")),
        "{run}"
    );
    assert_eq!(merged.lines().collect::<Vec<_>>(), table);
}

/// Checks that every tag is closed in order and that text holds no raw markup characters.
fn well_formed(svg: &str) -> Result<(), String> {
    let mut stack: Vec<&str> = Vec::new();
    let mut rest = svg;
    while let Some(open) = rest.find('<') {
        let text = &rest[..open];
        if text.contains('>')
            || text
                .replace("&amp;", "")
                .replace("&lt;", "")
                .replace("&gt;", "")
                .replace("&quot;", "")
                .replace("&apos;", "")
                .contains('&')
        {
            return Err(format!("raw markup in text {text:?}"));
        }
        let close = rest[open..].find('>').ok_or("unclosed tag")? + open;
        let tag = &rest[open + 1..close];
        let name = tag
            .trim_start_matches('/')
            .split([' ', '/'])
            .next()
            .unwrap_or("");
        if tag.starts_with('/') {
            if stack.pop() != Some(name) {
                return Err(format!("</{name}> closes nothing open"));
            }
        } else if !tag.ends_with('/') {
            stack.push(name);
        }
        rest = &rest[close + 1..];
    }
    if stack.is_empty() && rest.trim().is_empty() {
        Ok(())
    } else {
        Err(format!("left open: {stack:?}"))
    }
}

#[test]
fn compare_prints_columns_and_writes_an_svg() {
    let dir = scratch("compare");
    std::fs::write(dir.join("w.json"), r#"{"empty": 300}"#).unwrap();
    let specs = [
        "expectimax:nodes=200",
        "expectimax:nodes=400,depth=2",
        r#"expectimax:nodes=300,weights={"merges":500,"empty":<300>}"#,
        "expectimax:nodes=300,weights=@w.json",
    ];
    // The third spec is not JSON (the <300>), so it fails as options: no chart is written.
    let bad = arena(&dir, &with(&["compare", specs[2], "--games", "2"]));
    assert_eq!(bad.status.code(), Some(2));
    let specs = [
        specs[0],
        specs[1],
        r#"expectimax:nodes=300,weights={"merges":500,"empty":300}"#,
        specs[3],
    ];
    let args = [
        &["compare"],
        &specs[..],
        &["--games", "4", "--svg", "c&d.svg"],
    ]
    .concat();
    let out = ok(&dir, &with(&args));
    let header = out.lines().nth(1).unwrap();
    for spec in specs {
        assert!(header.contains(spec), "{header:?} should name {spec}");
    }
    assert!(out.lines().any(|l| l.starts_with("score mean")), "{out}");
    let svg = std::fs::read_to_string(dir.join("c&d.svg")).unwrap();
    assert!(svg.starts_with("<svg "), "{}", &svg[..40]);
    assert!(svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("class=\"legend-entry\"").count(), specs.len());
    assert!(svg.contains("weights={&quot;merges&quot;:500,&quot;empty&quot;:300}"));
    assert!(svg.contains("weights=@w.json"));
    well_formed(&svg).unwrap();
    assert!(well_formed("<svg><text>a < b</text></svg>").is_err());
    assert!(well_formed("<svg><g></svg>").is_err());
}

#[test]
fn sweep_plays_every_configuration_on_the_same_seeds() {
    let dir = scratch("sweep");
    std::fs::write(dir.join("ranges.json"), RANGES_GRID).unwrap();
    let args = [
        "sweep",
        "ranges.json",
        "--games",
        "3",
        "--out",
        "sweep.jsonl",
        "--objective",
        "reach:128",
    ];
    let out = ok(&dir, &with(&args));
    let lines: Vec<serde_json::Value> = std::fs::read_to_string(dir.join("sweep.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4 * 3);
    for config in 0..4 {
        let mut seeds: Vec<u64> = lines
            .iter()
            .filter(|l| l["config"] == config)
            .map(|l| l["seed"].as_u64().unwrap())
            .collect();
        seeds.sort_unstable();
        assert_eq!(seeds, [1, 2, 3], "config {config}");
    }
    assert!(lines.iter().all(|l| l["weights"]["empty"].is_number()));
    assert!(lines
        .iter()
        .any(|l| l["weights"] == serde_json::json!({"empty": 300.0, "merges": 800.0})));
    let ranking = out
        .lines()
        .skip_while(|l| !l.starts_with("rank"))
        .take_while(|l| !l.starts_with("games written"))
        .count();
    assert_eq!(ranking, 1 + 4, "{out}");
    let summary: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("sweep.summary.json")).unwrap())
            .unwrap();
    assert_eq!(summary["objective"], "reach:128");
    let rows = summary["ranking"].as_array().unwrap();
    assert_eq!(rows.len(), 4);
    let objective: Vec<f64> = rows
        .iter()
        .map(|r| r["objective"].as_f64().unwrap())
        .collect();
    assert!(objective.windows(2).all(|w| w[0] >= w[1]), "{objective:?}");
    // The merged lines give one table per configuration.
    let merged = ok(&dir, &["merge", "sweep.jsonl", "--no-timing"]);
    assert_eq!(merged.matches("games 3  size 3").count(), 4, "{merged}");
}

#[test]
fn tune_resumed_equals_tune_straight() {
    let dir = scratch("tune");
    std::fs::write(dir.join("ranges.json"), RANGES_TUNE).unwrap();
    let tune = |generations: &str, out: &str| {
        let args = [
            "tune",
            "ranges.json",
            "--games",
            "2",
            "--population",
            "4",
            "--elite",
            "0.5",
            "--generations",
            generations,
            "--out",
            out,
        ];
        ok(&dir, &with(&args))
    };
    tune("2", "resumed.jsonl");
    tune("3", "resumed.jsonl");
    tune("3", "straight.jsonl");
    let resumed = std::fs::read_to_string(dir.join("resumed.jsonl")).unwrap();
    let straight = std::fs::read_to_string(dir.join("straight.jsonl")).unwrap();
    assert_eq!(resumed.lines().count(), 3);
    assert_eq!(resumed, straight);
    let last: serde_json::Value = serde_json::from_str(straight.lines().last().unwrap()).unwrap();
    assert_eq!(last["generation"], 3);
    assert_eq!(last["candidates"].as_array().unwrap().len(), 4);
    assert_eq!(last["seeds"], serde_json::json!([5, 6]));
    let std_empty = last["std"]["empty"].as_f64().unwrap();
    assert!(std_empty > 0.0 && std_empty < 300.0, "{std_empty}");
    // Resuming with other settings is refused.
    let args = [
        "tune",
        "ranges.json",
        "--games",
        "2",
        "--population",
        "5",
        "--generations",
        "4",
        "--out",
        "straight.jsonl",
    ];
    let out = arena(&dir, &with(&args));
    assert_eq!(
        out.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Already done: nothing is added.
    tune("3", "straight.jsonl");
    assert_eq!(
        std::fs::read_to_string(dir.join("straight.jsonl")).unwrap(),
        straight
    );
}

#[test]
fn merge_reads_lines_from_before_nodes_and_times_were_recorded() {
    // The JSON lines of the first arena: no nodes, depths or think-time histogram.
    let dir = scratch("old");
    let lines = [
        r#"{"budget":{"nodes":2500000},"largest":"16384","moves":7475,"options":{"nodes":2500000},"score":210148,"seconds":79.0,"seed":1,"size":4,"strategy":"expectimax","tiles":{"16384":1,"2":3}}"#,
        r#"{"budget":{"nodes":2500000},"largest":"8192","moves":7414,"options":{"nodes":2500000},"score":176920,"seconds":80.0,"seed":2,"size":4,"strategy":"expectimax","tiles":{"8192":1,"4096":1}}"#,
    ];
    std::fs::write(dir.join("old.jsonl"), lines.join("\n") + "\n").unwrap();
    let table = ok(&dir, &["merge", "old.jsonl"]);
    assert!(table.contains("games 2 "), "{table}");
    assert!(table.contains("   16384    50.0%"), "{table}");
    assert!(
        table.contains("nodes per move n/a  depth mean n/a"),
        "{table}"
    );
    assert!(table.contains("p50 n/a  p99 n/a"), "{table}");
}

#[test]
fn game_lines_name_a_budget_only_for_strategies_that_take_one() {
    let dir = scratch("budget");
    ok(
        &dir,
        &with(&[
            "--strategy",
            "greedy",
            "--games",
            "2",
            "--out",
            "greedy.jsonl",
        ]),
    );
    ok(
        &dir,
        &with(&["--nodes", "300", "--games", "2", "--out", "search.jsonl"]),
    );
    let greedy = std::fs::read_to_string(dir.join("greedy.jsonl")).unwrap();
    let search = std::fs::read_to_string(dir.join("search.jsonl")).unwrap();
    assert_eq!(greedy.lines().count(), 2);
    assert!(
        greedy.lines().all(|l| l.contains(r#""budget":null"#)),
        "{greedy}"
    );
    assert!(
        search
            .lines()
            .all(|l| l.contains(r#""budget":{"nodes":300}"#)),
        "{search}"
    );
}

#[test]
fn progress_in_a_log_is_plain_lines() {
    // Output() pipes stderr: not a terminal, as in a log file or a Slurm job.
    let dir = scratch("progress");
    let out = arena(&dir, &with(&["--games", "10", "--nodes", "200"]));
    assert!(out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(!err.contains('\r'), "{err:?}");
    assert!(!err.contains('\x1b'), "{err:?}");
    let lines: Vec<&str> = err.lines().collect();
    assert!(lines.len() >= 2, "a line every tenth of the games: {err}");
    let last = lines.last().unwrap();
    assert!(
        last.starts_with("games 10/10 (100%)  best ") && last.contains(" moves/s"),
        "{err}"
    );
    assert!(lines.iter().all(|l| l.starts_with("games ")), "{err}");
}

/// `--network` takes the page's gzip-compressed file as well as a plain one: the same network,
/// the same games. A damaged compressed file is bad input (exit 2), named.
#[test]
fn network_file_compressed_or_not_plays_the_same_games() {
    use std::io::Write;
    let dir = scratch("network");
    let plain = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/tiny-4x4-l8-i8.ntw"
    ))
    .unwrap();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gz.write_all(&plain).unwrap();
    let gz = gz.finish().unwrap();
    std::fs::write(dir.join("net.ntw"), &plain).unwrap();
    std::fs::write(dir.join("net.ntw.gz"), &gz).unwrap();
    let mut damaged = gz.clone();
    let middle = damaged.len() / 2;
    damaged[middle] ^= 0xff;
    std::fs::write(dir.join("bad.ntw.gz"), &damaged).unwrap();
    let games = |file: &str| {
        let lines = format!("{file}.jsonl");
        ok(
            &dir,
            &[
                "--strategy",
                "td",
                "--network",
                file,
                "--games",
                "3",
                "--seed",
                "1",
                "--threads",
                "1",
                "--out",
                &lines,
            ],
        );
        std::fs::read_to_string(dir.join(&lines))
            .unwrap()
            .lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                // A learned strategy's line says from which tile it reads boards
                // downgraded (tools/runs/replay-stale.mjs tells older lines by its absence).
                assert_eq!(v["downgrade_from"], 32768, "{l}");
                (v["seed"].clone(), v["score"].clone(), v["moves"].clone())
            })
            .collect::<Vec<_>>()
    };
    let from_plain = games("net.ntw");
    assert_eq!(from_plain.len(), 3, "{from_plain:?}");
    assert_eq!(games("net.ntw.gz"), from_plain);
    let out = arena(
        &dir,
        &[
            "--strategy",
            "td",
            "--network",
            "bad.ntw.gz",
            "--games",
            "1",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--network bad.ntw.gz"), "{err}");
}

/// An `i16` network is held expanded natively unless `--sparse` asks for the page's form: the
/// same values, so the same games move for move.
#[test]
fn an_i16_network_plays_the_same_games_expanded_or_sparse_as_in_the_page() {
    let dir = scratch("sparse");
    let net = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/tiny-4x4-l8-i16.ntw"
    );
    let run = |out: &str, extra: &[&str]| {
        let mut args = vec![
            "--strategy",
            "expectimax-td",
            "--depth",
            "2",
            "--network",
            net,
            "--games",
            "3",
            "--seed",
            "1",
            "--threads",
            "1",
            "--out",
            out,
        ];
        args.extend(extra);
        let err = String::from_utf8_lossy(&succeeded(&dir, &args).stderr).to_string();
        (games_of(&dir.join(out)), err)
    };
    let (expanded, said) = run("expanded.jsonl", &[]);
    let (sparse, said_sparse) = run("sparse.jsonl", &["--sparse"]);
    assert_eq!(expanded.len(), 3);
    assert!(expanded.iter().all(|g| g.2 > 50), "{expanded:?}");
    assert_eq!(expanded, sparse);
    assert!(said.contains("i16 held sparse and expanded"), "{said}");
    assert!(
        said_sparse.contains("i16 held sparse as in the page"),
        "{said_sparse}"
    );
}

/// `--sparse` holds a compare spec's network as the page does too, with no `--network` given.
#[test]
fn sparse_holds_a_compare_specs_own_network_as_the_page_does() {
    let dir = scratch("compare-sparse");
    let net = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/tiny-4x4-l8-i16.ntw"
    );
    let spec = format!("td:network={net}");
    let args = [
        "compare", "greedy", &spec, "--sparse", "--games", "2", "--seed", "1",
    ];
    let said = String::from_utf8_lossy(&succeeded(&dir, &args).stderr).to_string();
    assert!(said.contains("i16 held sparse as in the page"), "{said}");
}

/// The games of a run's --out file, each as (seed, score, moves, largest tile, tiles left).
fn games_of(path: &PathBuf) -> Vec<(u64, u64, u64, String, String)> {
    let mut games: Vec<_> = std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| {
            let g: serde_json::Value = serde_json::from_str(l).unwrap();
            (
                g["seed"].as_u64().unwrap(),
                g["score"].as_u64().unwrap(),
                g["moves"].as_u64().unwrap(),
                g["largest"].as_str().unwrap().to_string(),
                g["tiles"].to_string(),
            )
        })
        .collect();
    games.sort();
    games
}

#[test]
fn an_external_program_plays_the_same_games_as_the_strategy_it_copies() {
    // tests/data/corner-player.mjs is `corner` written again in JavaScript: on the same seeds
    // it must make the same games, move for move (the same score and length).
    let dir = scratch("external");
    let player = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/corner-player.mjs");
    let external = format!("node {player}");
    for size in ["3", "4"] {
        let common = [
            "--games",
            "6",
            "--threads",
            "2",
            "--size",
            size,
            "--no-timing",
        ];
        let mut args = vec!["--external", &external, "--out", "ext.jsonl"];
        args.extend(common);
        let table = ok(&dir, &args);
        assert!(table.contains("\"external\":"), "{table}");
        let mut args = vec!["--strategy", "corner", "--out", "corner.jsonl"];
        args.extend(common);
        ok(&dir, &args);
        let (ext, corner) = (
            games_of(&dir.join("ext.jsonl")),
            games_of(&dir.join("corner.jsonl")),
        );
        assert_eq!(ext.len(), 6);
        assert_eq!(ext, corner, "size {size}");
        let line: serde_json::Value = serde_json::from_str(
            std::fs::read_to_string(dir.join("ext.jsonl"))
                .unwrap()
                .lines()
                .next()
                .unwrap(),
        )
        .unwrap();
        assert_eq!(line["strategy"], "external");
        assert_eq!(line["options"]["external"], external.as_str());
    }
    // --resume keeps the games of the same command.
    let mut args = vec!["--external", &external, "--out", "ext.jsonl", "--resume"];
    args.extend([
        "--games",
        "8",
        "--threads",
        "2",
        "--size",
        "4",
        "--no-timing",
    ]);
    let out = arena(&dir, &args);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("6 games kept from --out, 2 to play"));
}

#[test]
fn an_external_program_that_misbehaves_fails_the_run_saying_how() {
    let dir = scratch("external-bad");
    let cases = [
        ("echo north", "answered \"north\" on the board"),
        ("true", "on the board"),
        ("yes up", "answered up, which moves nothing on the board"),
    ];
    for (command, says) in cases {
        let out = arena(
            &dir,
            &["--external", command, "--games", "2", "--threads", "1"],
        );
        assert_eq!(out.status.code(), Some(1), "{command}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(says) && err.contains("game seed 1"),
            "{command}: {err}"
        );
    }
    let out = arena(&dir, &["--external", "x", "--strategy", "corner"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--strategy"));
}

/// `compare` plays each spec with the network it names (`network=FILE`), else `--network`'s:
/// two networks side by side in one run, each spec's games those of a run with its network
/// alone. A bad network in a spec is bad input (exit 2) naming the spec.
#[test]
fn compare_plays_each_spec_with_its_own_network() {
    let dir = scratch("compare-networks");
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");
    let (i16_net, c8_net) = (
        format!("{data}/tiny-4x4-l8-i16.ntw"),
        format!("{data}/tiny-4x4-l8-c8.ntw"),
    );
    let games = ["--games", "4", "--seed", "1", "--threads", "2"];
    // Each network alone, as `arena run` plays it.
    let alone = |net: &str, out: &str| {
        let mut args = vec!["--strategy", "td", "--network", net, "--out", out];
        args.extend(games);
        succeeded(&dir, &args);
        games_of(&dir.join(out))
    };
    let i16_alone = alone(&i16_net, "i16.jsonl");
    let c8_alone = alone(&c8_net, "c8.jsonl");
    assert_ne!(i16_alone, c8_alone, "the two networks play the same games");

    // Side by side: one spec names its network, the other takes --network's.
    let c8_spec = format!("td:network={c8_net}");
    let mut args = vec!["compare", "td", &c8_spec, "--network", &i16_net];
    args.extend(["--out", "both.jsonl"]);
    args.extend(games);
    succeeded(&dir, &args);
    let lines = std::fs::read_to_string(dir.join("both.jsonl")).unwrap();
    let of_label = |label: &str| {
        let path = dir.join(format!("{}.jsonl", label.len()));
        let kept: Vec<&str> = lines
            .lines()
            .filter(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["label"] == label)
            .collect();
        std::fs::write(&path, kept.join("\n")).unwrap();
        games_of(&path)
    };
    assert_eq!(of_label("td"), i16_alone);
    assert_eq!(of_label(&c8_spec), c8_alone);

    // Bad input, named by its spec: a file that is not there, one that is not a network, a
    // network for a strategy that plays without one, a network that is not a path.
    let stray = format!("{data}/corner-player.mjs");
    for (spec, says) in [
        ("td:network=no-such.ntw".to_string(), "no-such.ntw"),
        (
            format!("expectimax-td:depth=1,network={stray}"),
            "corner-player.mjs",
        ),
        (
            format!("greedy:network={c8_net}"),
            "network is for the strategies",
        ),
        ("td:network=3".to_string(), "must be a file's path"),
    ] {
        let out = arena(&dir, &["compare", "greedy", &spec, "--games", "1"]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{spec}: {err}");
        assert!(err.contains(&format!("spec {spec:?}")), "{spec}: {err}");
        assert!(err.contains(says), "{spec}: {err}");
    }
}

/// `--positions` writes the positions a run's AI moved from, as `--decide` reads them: decided
/// again with the same options, they replay each game to its score; its filters keep the
/// positions from a tile on, every K-th move.
#[test]
fn positions_written_while_playing_replay_the_games() {
    let dir = scratch("positions");
    let run = [
        "--games",
        "3",
        "--seed",
        "40",
        "--nodes",
        "300",
        "--size",
        "3",
        "--threads",
        "2",
    ];
    let all: Vec<&str> = run
        .iter()
        .copied()
        .chain(["--out", "games.jsonl", "--positions", "all.jsonl"])
        .collect();
    ok(&dir, &all);
    let some: Vec<&str> = run
        .iter()
        .copied()
        .chain([
            "--positions",
            "some.jsonl",
            "--positions-from",
            "64",
            "--positions-every",
            "3",
        ])
        .collect();
    ok(&dir, &some);
    let lines = |f: &str| -> Vec<serde_json::Value> {
        std::fs::read_to_string(dir.join(f))
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    };
    let (all, some) = (lines("all.jsonl"), lines("some.jsonl"));
    let decided = ok(&dir, &["--decide", "all.jsonl", "--nodes", "300"]);
    let dirs: Vec<String> = decided
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["dir"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(dirs.len(), all.len());
    let games = games_of(&dir.join("games.jsonl"));
    for (seed, score, moves, _, _) in &games {
        let mut game = game2048::Game::new(3, Some(*seed)).unwrap();
        let played = all.iter().zip(&dirs).filter(|(l, _)| l["seed"] == *seed);
        for (at, (line, dir)) in played.enumerate() {
            assert_eq!(
                line["move"], at,
                "seed {seed}: the positions in order, one a move"
            );
            let cells: Vec<u64> = game
                .board()
                .cells()
                .iter()
                .map(|&e| game2048::board::tile_value(e))
                .collect();
            assert_eq!(
                line["cells"],
                serde_json::json!(cells),
                "seed {seed}, move {at}"
            );
            game.play(dir.parse().unwrap()).unwrap();
        }
        assert_eq!(
            (game.score(), game.moves()),
            (*score, *moves),
            "seed {seed} replayed"
        );
    }
    let kept: Vec<&serde_json::Value> = all
        .iter()
        .filter(|l| {
            l["move"].as_u64().unwrap() % 3 == 0
                && l["cells"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|c| c.as_u64() >= Some(64))
        })
        .collect();
    assert!(!some.is_empty() && some.len() < all.len() / 3);
    let mut some_sorted: Vec<String> = some.iter().map(|l| l.to_string()).collect();
    let mut kept_sorted: Vec<String> = kept.iter().map(|l| l.to_string()).collect();
    some_sorted.sort();
    kept_sorted.sort();
    assert_eq!(some_sorted, kept_sorted);
}

/// A strategy that draws random numbers plays game i with the AI seed of the game's own seed
/// (so a run repeats), one that draws none gets no AI seed unless asked.
#[test]
fn strategies_that_draw_random_numbers_get_the_games_seed() {
    let dir = scratch("ai-seed");
    let ai_seeds = |strategy: &str, extra: &[&str]| -> Vec<Option<u64>> {
        let out = format!("{strategy}.jsonl");
        let args: Vec<&str> = [
            "--strategy",
            strategy,
            "--games",
            "2",
            "--seed",
            "5",
            "--out",
            &out,
        ]
        .into_iter()
        .chain(extra.iter().copied())
        .collect();
        ok(&dir, &with(&args));
        let mut seeds: Vec<Option<u64>> = std::fs::read_to_string(dir.join(&out))
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["ai_seed"].as_u64())
            .collect();
        seeds.sort();
        seeds
    };
    assert_eq!(ai_seeds("random", &[]), [Some(5), Some(6)]);
    assert_eq!(ai_seeds("montecarlo", &["--k", "2"]), [Some(5), Some(6)]);
    assert_eq!(ai_seeds("greedy", &[]), [None, None]);
}

/// `--start`: game i plays from the i-th position of the file with seed S + i, exactly as the
/// engine plays a game from that board, and its line names the board; a lost board ends at
/// once; a resumed run keeps only the games of the same starts; a short, mixed or bad file is
/// refused.
#[test]
fn games_start_from_the_positions_of_a_file() {
    let dir = scratch("start");
    let boards = [
        // 3x3: a crowded board with room to move, an open one, and a lost one.
        [256, 128, 64, 8, 16, 32, 2, 0, 4],
        [0, 0, 2, 0, 64, 0, 0, 0, 0],
        [2, 4, 2, 4, 2, 4, 2, 4, 2],
    ];
    let file: String = boards
        .iter()
        .map(|c| {
            format!(
                "{}\n",
                serde_json::json!({"size": 3, "cells": c, "move": 7})
            )
        })
        .collect();
    std::fs::write(dir.join("start.jsonl"), file).unwrap();
    let run = [
        "--start",
        "start.jsonl",
        "--games",
        "3",
        "--seed",
        "70",
        "--nodes",
        "300",
        "--size",
        "3",
        "--threads",
        "2",
        "--out",
        "games.jsonl",
    ];
    ok(&dir, &run);
    let lines: Vec<serde_json::Value> = std::fs::read_to_string(dir.join("games.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    let options = game2048::ai::SearchOptions::from_json(r#"{"nodes":300}"#).unwrap();
    let clock = game2048::ai::SystemClock::new();
    for (i, cells) in boards.iter().enumerate() {
        let seed = 70 + i as u64;
        let line = lines.iter().find(|l| l["seed"] == seed).unwrap();
        assert_eq!(line["start"], serde_json::json!(cells), "seed {seed}");
        assert!(
            line.get("downgrade_from").is_none(),
            "the heuristic's line: {line}"
        );
        let values: Vec<f64> = cells.iter().map(|&v| f64::from(v)).collect();
        let board = game2048::Board::from_values(3, &values).unwrap();
        let mut game = game2048::Game::from_board(board, Some(seed));
        while let Some(dir) =
            game2048::ai::best_move(game.board().cells(), 3, &options, None, &clock)
                .unwrap()
                .dir
        {
            game.play(dir);
        }
        assert_eq!(
            (line["score"].as_u64(), line["moves"].as_u64()),
            (Some(game.score()), Some(game.moves())),
            "seed {seed}: the game from its position, replayed"
        );
    }
    let lost = lines.iter().find(|l| l["seed"] == 72).unwrap();
    assert_eq!(
        (&lost["moves"], &lost["score"], &lost["largest"]),
        (&0.into(), &0.into(), &"4".into())
    );
    let crowded = lines.iter().find(|l| l["seed"] == 70).unwrap();
    assert!(crowded["largest"].as_str().unwrap().parse::<u64>().unwrap() >= 256);

    // Resumed with the same starts: nothing to play. With other starts: refused.
    let again = arena(&dir, &with_resume(&run));
    assert!(String::from_utf8_lossy(&again.stderr).contains("0 to play"));
    std::fs::write(
        dir.join("start.jsonl"),
        std::fs::read_to_string(dir.join("start.jsonl"))
            .unwrap()
            .replace("256", "512"),
    )
    .unwrap();
    let other = arena(&dir, &with_resume(&run));
    assert_eq!(other.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&other.stderr).contains("a game of another run"));

    // Fewer positions than games, a board of another size, a bad line: exit 2, saying which.
    for (file, text, args, says) in [
        ("short.jsonl", "{\"size\":3,\"cells\":[2,0,0,0,0,0,0,0,0]}\n", &["--games", "2"][..], "holds 1 positions, one for each of --games 2"),
        ("mixed.jsonl", "{\"size\":4,\"cells\":[2,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]}\n", &["--games", "1"][..], "position 1 is 4x4, the games are 3x3"),
        ("bad.jsonl", "{\"size\":3,\"cells\":[2,0,0,0,0,0,0,0,0]}\n{\"size\":3,\"cells\":[3,0,0,0,0,0,0,0,0]}\n", &["--games", "1"][..], "bad.jsonl:2:"),
    ] {
        std::fs::write(dir.join(file), text).unwrap();
        let out = arena(&dir, &[&["--start", file, "--size", "3", "--nodes", "100"][..], args].concat());
        assert_eq!(out.status.code(), Some(2), "{file}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{file}: {err}");
    }
}

fn with_resume<'a>(run: &[&'a str]) -> Vec<&'a str> {
    run.iter().copied().chain(["--resume"]).collect()
}
