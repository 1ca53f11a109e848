//! Plays many seeded games headless with an AI and reports how strong and how fast it is.
//!
//! cargo run --release --bin arena -- --games 100 --seed 1 --strategy expectimax \
//!     --nodes 20000 --threads 2 --out results.jsonl [--size 4] [--ms 10] [--depth 6] [--until 2048]
//!
//! Game i uses seed `seed + i`, so a run repeats exactly under a node budget.
//!
//! `arena --decide positions.jsonl [--nodes N]` instead reads lines `{"size":4,"cells":[2,0,...]}`
//! (tile values) and prints the decision for each as a JSON line: the native reference that
//! `tools/wasm-vs-native.mjs` compares the WebAssembly build against.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use game2048::ai::{best_move, Budget, SearchOptions, SystemClock};
use game2048::{Board, Game, MAX_SIZE, MIN_SIZE};

const USAGE: &str = "usage: arena [--games N] [--seed S] [--strategy expectimax] \
(--nodes N | --ms MS) [--depth D] [--threads T] [--size 3..8] [--until TILE] [--out FILE.jsonl]
       arena --decide POSITIONS.jsonl [--strategy S] (--nodes N | --ms MS) [--depth D]";

struct Args {
    games: u64,
    seed: u64,
    threads: usize,
    size: usize,
    until: Option<u64>,
    out: Option<String>,
    decide: Option<String>,
    options: SearchOptions,
    options_json: String,
}

fn parse_args(argv: &[String]) -> Result<Args, String> {
    let mut games = 100;
    let mut seed = 1;
    let mut threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut size = 4;
    let mut until = None;
    let mut out = None;
    let mut decide = None;
    let mut fields = serde_json::Map::new();
    let mut i = 0;
    while i < argv.len() {
        let flag = argv[i].as_str();
        if flag == "--help" || flag == "-h" {
            return Err(USAGE.to_string());
        }
        let value = argv
            .get(i + 1)
            .ok_or_else(|| format!("{flag} needs a value\n{USAGE}"))?;
        let whole = |min: u64, max: u64| -> Result<u64, String> {
            value
                .parse::<u64>()
                .ok()
                .filter(|n| (min..=max).contains(n))
                .ok_or_else(|| {
                    format!("{flag} must be a whole number from {min} to {max}, got {value:?}")
                })
        };
        let number = || -> Result<serde_json::Value, String> {
            let n: f64 = value
                .parse()
                .map_err(|_| format!("{flag} must be a number, got {value:?}"))?;
            if n.fract() == 0.0 && n.abs() < 1e15 {
                return Ok((n as i64).into());
            }
            serde_json::Number::from_f64(n)
                .map(serde_json::Value::Number)
                .ok_or_else(|| format!("{flag} must be a finite number, got {value:?}"))
        };
        match flag {
            "--games" => games = whole(1, 10_000_000)?,
            "--seed" => seed = whole(0, u64::MAX / 2)?,
            "--threads" => threads = whole(1, 1024)? as usize,
            "--size" => size = whole(MIN_SIZE as u64, MAX_SIZE as u64)? as usize,
            "--until" => {
                let tile = whole(4, 1 << 62)?;
                if !tile.is_power_of_two() {
                    return Err(format!(
                        "--until must be a tile (a power of two), got {value}"
                    ));
                }
                until = Some(tile);
            }
            "--out" => out = Some(value.clone()),
            "--decide" => decide = Some(value.clone()),
            "--strategy" => {
                fields.insert("strategy".into(), value.clone().into());
            }
            "--nodes" | "--ms" | "--depth" => {
                fields.insert(flag[2..].into(), number()?);
            }
            _ => return Err(format!("unknown option {flag:?}\n{USAGE}")),
        }
        i += 2;
    }
    let options_json = serde_json::Value::Object(fields).to_string();
    let options = SearchOptions::from_json(&options_json)
        .map_err(|e| format!("{e} (from --strategy/--nodes/--ms/--depth)"))?;
    Ok(Args {
        games,
        seed,
        threads,
        size,
        until,
        out,
        decide,
        options,
        options_json,
    })
}

/// One finished game.
struct Record {
    seed: u64,
    score: u64,
    moves: u64,
    largest: u8,
    /// How many tiles of each exponent were on the final board.
    counts: Vec<u32>,
    seconds: f64,
    move_ms: Vec<f32>,
    nodes: u64,
    depth_sum: u64,
}

fn play(args: &Args, seed: u64) -> Record {
    let clock = SystemClock::new();
    let start = Instant::now();
    let mut game = Game::new(args.size, Some(seed)).expect("size was checked");
    let mut move_ms = Vec::new();
    let (mut nodes, mut depth_sum) = (0, 0);
    let stop = args.until.map_or(u8::MAX, |t| t.trailing_zeros() as u8);
    while game.board().max_exponent() < stop {
        let decision = best_move(game.board().cells(), args.size, &args.options, &clock)
            .expect("options and board were checked");
        let Some(dir) = decision.dir else { break };
        move_ms.push(decision.ms as f32);
        nodes += decision.nodes;
        depth_sum += u64::from(decision.depth);
        if game.play(dir).is_none() {
            break;
        }
    }
    let mut counts = vec![0u32; 128];
    for &e in game.board().cells() {
        counts[e as usize] += 1;
    }
    Record {
        seed,
        score: game.score(),
        moves: game.moves(),
        largest: game.board().max_exponent(),
        counts,
        seconds: start.elapsed().as_secs_f64(),
        move_ms,
        nodes,
        depth_sum,
    }
}

fn budget_json(budget: Budget) -> serde_json::Value {
    match budget {
        Budget::Nodes(n) => serde_json::json!({ "nodes": n }),
        Budget::Millis(ms) => serde_json::json!({ "ms": ms }),
    }
}

fn record_json(args: &Args, r: &Record) -> String {
    let tiles: serde_json::Map<String, serde_json::Value> = r
        .counts
        .iter()
        .enumerate()
        .filter(|&(e, &n)| e > 0 && n > 0)
        .map(|(e, &n)| (tile_name(e as u8), n.into()))
        .collect();
    serde_json::json!({
        "seed": r.seed,
        "size": args.size,
        "strategy": args.options.strategy.name(),
        "budget": budget_json(args.options.budget),
        "options": serde_json::from_str::<serde_json::Value>(&args.options_json).unwrap_or_default(),
        "largest": tile_name(r.largest),
        "score": r.score,
        "moves": r.moves,
        "tiles": tiles,
        "seconds": (r.seconds * 1000.0).round() / 1000.0,
    })
    .to_string()
}

fn tile_name(e: u8) -> String {
    if e < 64 {
        (1u64 << e).to_string()
    } else {
        format!("2^{e}")
    }
}

/// The 95% Wilson score interval of `k` successes out of `n`.
fn wilson(k: usize, n: usize) -> (f64, f64) {
    let (k, n, z) = (k as f64, n as f64, 1.96f64);
    let p = k / n;
    let denom = 1.0 + z * z / n;
    let center = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    ((center - half).max(0.0), (center + half).min(1.0))
}

fn percentile(sorted: &[f32], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * q).round() as usize;
    f64::from(sorted[i])
}

fn report(args: &Args, records: &[Record], wall: f64) {
    let n = records.len();
    let mut scores: Vec<u64> = records.iter().map(|r| r.score).collect();
    scores.sort_unstable();
    let moves: u64 = records.iter().map(|r| r.moves).sum();
    let busy: f64 = records.iter().map(|r| r.seconds).sum();
    let mut ms: Vec<f32> = records
        .iter()
        .flat_map(|r| r.move_ms.iter().copied())
        .collect();
    ms.sort_unstable_by(f32::total_cmp);
    let top = records.iter().map(|r| r.largest).max().unwrap_or(0);
    println!(
        "games {n}  size {}  options {}  threads {}  seeds {}..{}",
        args.size,
        args.options_json,
        args.threads,
        args.seed,
        args.seed + args.games - 1
    );
    println!("{:>8}  {:>7}  {:>17}", "tile", "reached", "95% interval");
    for e in 8..=top {
        let k = records.iter().filter(|r| r.largest >= e).count();
        let (lo, hi) = wilson(k, n);
        println!(
            "{:>8}  {:>6.1}%  {:>6.1}% - {:>5.1}%",
            tile_name(e),
            100.0 * k as f64 / n as f64,
            100.0 * lo,
            100.0 * hi
        );
    }
    println!(
        "score mean {:.0}  median {}  max {}",
        scores.iter().sum::<u64>() as f64 / n as f64,
        scores[n / 2],
        scores[n - 1]
    );
    println!(
        "moves mean {:.0}  per second {:.0} per thread ({:.0} in all)  ms per move p50 {:.3}  p99 {:.3}",
        moves as f64 / n as f64,
        moves as f64 / busy.max(1e-9),
        moves as f64 / wall.max(1e-9),
        percentile(&ms, 0.5),
        percentile(&ms, 0.99)
    );
    let nodes: u64 = records.iter().map(|r| r.nodes).sum();
    let depths: u64 = records.iter().map(|r| r.depth_sum).sum();
    println!(
        "nodes per move {:.0}  depth mean {:.2}  nodes per second {:.0} per thread",
        nodes as f64 / moves.max(1) as f64,
        depths as f64 / moves.max(1) as f64,
        nodes as f64 / busy.max(1e-9)
    );
}

fn run(args: &Args) -> std::io::Result<()> {
    let mut out = match &args.out {
        Some(path) => Some(BufWriter::new(File::create(path)?)),
        None => None,
    };
    let next = AtomicU64::new(0);
    let start = Instant::now();
    let mut records = Vec::new();
    std::thread::scope(|scope| -> std::io::Result<()> {
        let (send, receive) = mpsc::channel();
        for _ in 0..args.threads.min(args.games as usize) {
            let send = send.clone();
            let next = &next;
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= args.games || send.send(play(args, args.seed + i)).is_err() {
                    break;
                }
            });
        }
        drop(send);
        for record in receive {
            if let Some(out) = out.as_mut() {
                writeln!(out, "{}", record_json(args, &record))?;
                out.flush()?;
            }
            records.push(record);
            let done = records.len() as f64;
            let elapsed = start.elapsed().as_secs_f64();
            let eta = elapsed / done * (args.games as f64 - done);
            let best = records.iter().map(|r| r.largest).max().unwrap_or(0);
            eprint!(
                "\r[{}/{}] best {}  elapsed {:.0}s  ETA {:.0}s   ",
                records.len(),
                args.games,
                tile_name(best),
                elapsed,
                eta
            );
        }
        eprintln!();
        Ok(())
    })?;
    if let Some(mut out) = out {
        out.flush()?;
    }
    records.sort_by_key(|r| r.seed);
    report(args, &records, start.elapsed().as_secs_f64());
    Ok(())
}

/// Decides every position in a JSON-lines file; a bad line names its number.
fn decide_file(path: &str, options: &SearchOptions) -> Result<(), String> {
    #[derive(serde::Deserialize)]
    struct Position {
        size: usize,
        cells: Vec<f64>,
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("--decide {path}: {e}"))?;
    let clock = SystemClock::new();
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for (i, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let bad = |e: &dyn std::fmt::Display| format!("{path}:{}: {e}", i + 1);
        let p: Position = serde_json::from_str(line).map_err(|e| bad(&e))?;
        let board = Board::from_values(p.size, &p.cells).map_err(|e| bad(&e))?;
        let decision = best_move(board.cells(), p.size, options, &clock).map_err(|e| bad(&e))?;
        let json = serde_json::to_string(&decision).map_err(|e| bad(&e))?;
        writeln!(out, "{json}").map_err(|e| bad(&e))?;
    }
    out.flush().map_err(|e| e.to_string())
}

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let args = match parse_args(&argv) {
        Ok(args) => args,
        Err(message) => {
            eprintln!("arena: {message}");
            return ExitCode::from(2);
        }
    };
    if let Some(path) = &args.decide {
        return match decide_file(path, &args.options) {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => {
                eprintln!("arena: {message}");
                ExitCode::FAILURE
            }
        };
    }
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("arena: {e}");
            ExitCode::FAILURE
        }
    }
}
