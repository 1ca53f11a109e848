//! The command line: which subcommand, which flags, every value checked. A bad value is a
//! [`Fail::Input`] naming the option, which `main` turns into exit code 2.

use serde_json::{Map, Value};

use game2048::{MAX_SIZE, MIN_SIZE};

use crate::stats::Objective;
use crate::Fail;

#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    Run,
    Compare(Vec<String>),
    Sweep(String),
    Tune(String),
    Merge(Vec<String>),
}

/// `--shard K/N`: game index i (seed = --seed + i) belongs to shard `i % N + 1`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shard {
    pub k: u64,
    pub n: u64,
}

impl Shard {
    pub fn holds(self, index: u64) -> bool {
        index % self.n == self.k - 1
    }
}

#[derive(Clone)]
pub struct Cli {
    pub command: Command,
    pub games: u64,
    pub seed: u64,
    pub threads: usize,
    pub size: usize,
    pub until: Option<u64>,
    pub out: Option<String>,
    pub shard: Shard,
    pub no_timing: bool,
    pub ai_seed: Option<u64>,
    pub decide: Option<String>,
    /// The strategy flags as AI options JSON: only the flags given.
    pub options: Map<String, Value>,
    pub svg: Option<String>,
    pub objective: Objective,
    pub summary: Option<String>,
    pub generations: u64,
    pub population: u64,
    pub elite: f64,
}

/// Each flag, whether it takes a value, and the subcommands it applies to.
const FLAGS: &[(&str, bool, &str)] = &[
    ("--games", true, "run compare sweep tune"),
    ("--seed", true, "run compare sweep tune"),
    ("--threads", true, "run compare sweep tune"),
    ("--size", true, "run compare sweep tune"),
    ("--until", true, "run compare sweep tune"),
    ("--out", true, "run compare sweep tune"),
    ("--shard", true, "run compare sweep"),
    ("--no-timing", false, "run compare sweep tune merge"),
    ("--ai-seed", true, "run compare sweep tune"),
    ("--decide", true, "run"),
    ("--strategy", true, "run"),
    ("--nodes", true, "run"),
    ("--ms", true, "run"),
    ("--depth", true, "run"),
    ("--k", true, "run"),
    ("--weights", true, "run"),
    ("--svg", true, "compare"),
    ("--objective", true, "sweep tune merge"),
    ("--summary", true, "sweep"),
    ("--generations", true, "tune"),
    ("--population", true, "tune"),
    ("--elite", true, "tune"),
];

/// What the user asked: a run, or help.
pub enum Parsed {
    Cli(Box<Cli>),
    Help,
}

pub fn parse(argv: &[String]) -> Result<Parsed, Fail> {
    let (name, rest) = match argv.first().map(String::as_str) {
        None => ("run", argv),
        Some(first) if first.starts_with('-') => ("run", argv),
        Some(s @ ("run" | "compare" | "sweep" | "tune" | "merge")) => (s, &argv[1..]),
        Some(other) => {
            return Err(Fail::input(format!(
                "unknown subcommand {other:?}: use run, compare, sweep, tune or merge (see --help)"
            )))
        }
    };
    let mut cli = Cli {
        command: Command::Run,
        games: 100,
        seed: 1,
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        size: 4,
        until: None,
        out: None,
        shard: Shard { k: 1, n: 1 },
        no_timing: false,
        ai_seed: None,
        decide: None,
        options: Map::new(),
        svg: None,
        objective: Objective::Score,
        summary: None,
        generations: 10,
        population: 16,
        elite: 0.25,
    };
    let mut positional = Vec::new();
    let mut i = 0;
    while i < rest.len() {
        let arg = rest[i].as_str();
        i += 1;
        if arg == "--help" || arg == "-h" {
            return Ok(Parsed::Help);
        }
        if !arg.starts_with("--") {
            positional.push(arg.to_string());
            continue;
        }
        let Some(&(flag, takes_value, applies)) = FLAGS.iter().find(|f| f.0 == arg) else {
            return Err(Fail::input(format!("unknown option {arg:?} (see --help)")));
        };
        if !applies.split(' ').any(|c| c == name) {
            return Err(Fail::input(format!("{flag} does not apply to {name}")));
        }
        if !takes_value {
            cli.no_timing = true;
            continue;
        }
        let value = rest
            .get(i)
            .ok_or_else(|| Fail::input(format!("{flag} needs a value")))?;
        i += 1;
        set(&mut cli, flag, value)?;
    }
    cli.command = match name {
        "run" => match positional.first() {
            Some(p) => return Err(Fail::input(format!("unexpected argument {p:?}"))),
            None => Command::Run,
        },
        "compare" if positional.is_empty() => {
            return Err(Fail::input("compare needs at least one strategy spec"))
        }
        "compare" => Command::Compare(positional),
        "merge" if positional.is_empty() => {
            return Err(Fail::input("merge needs at least one JSON-lines file"))
        }
        "merge" => Command::Merge(positional),
        _ => match positional.as_slice() {
            [file] if name == "sweep" => Command::Sweep(file.clone()),
            [file] => Command::Tune(file.clone()),
            _ => {
                return Err(Fail::input(format!(
                    "{name} needs exactly one RANGES.json file"
                )))
            }
        },
    };
    Ok(Parsed::Cli(Box::new(cli)))
}

fn set(cli: &mut Cli, flag: &'static str, value: &str) -> Result<(), Fail> {
    match flag {
        "--games" => cli.games = whole(flag, value, 1, 10_000_000)?,
        "--seed" => cli.seed = whole(flag, value, 0, u64::MAX / 2)?,
        "--threads" => cli.threads = whole(flag, value, 1, 1024)? as usize,
        "--size" => cli.size = whole(flag, value, MIN_SIZE as u64, MAX_SIZE as u64)? as usize,
        "--until" => cli.until = Some(tile(flag, value)?),
        "--out" => cli.out = Some(value.to_string()),
        "--shard" => cli.shard = shard(value)?,
        "--ai-seed" => cli.ai_seed = Some(whole(flag, value, 0, u64::MAX / 2)?),
        "--decide" => cli.decide = Some(value.to_string()),
        "--strategy" => {
            cli.options.insert("strategy".into(), value.into());
        }
        "--nodes" | "--ms" | "--depth" | "--k" => {
            cli.options.insert(flag[2..].into(), number(flag, value)?);
        }
        "--weights" => {
            cli.options
                .insert("weights".into(), json_or_file(flag, value)?);
        }
        "--svg" => cli.svg = Some(value.to_string()),
        "--objective" => cli.objective = Objective::parse(value)?,
        "--summary" => cli.summary = Some(value.to_string()),
        "--generations" => cli.generations = whole(flag, value, 1, 100_000)?,
        "--population" => cli.population = whole(flag, value, 2, 100_000)?,
        "--elite" => {
            cli.elite = value
                .parse::<f64>()
                .ok()
                .filter(|f| *f > 0.0 && *f <= 1.0)
                .ok_or_else(|| {
                    Fail::input(format!(
                        "--elite must be a fraction in (0, 1], got {value:?}"
                    ))
                })?
        }
        _ => unreachable!("every flag in FLAGS has a case"),
    }
    Ok(())
}

pub fn whole(flag: &str, value: &str, min: u64, max: u64) -> Result<u64, Fail> {
    value
        .parse::<u64>()
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| {
            Fail::input(format!(
                "{flag} must be a whole number from {min} to {max}, got {value:?}"
            ))
        })
}

/// A tile value (a power of two, at least 4).
pub fn tile(flag: &str, value: &str) -> Result<u64, Fail> {
    match value.parse::<u64>() {
        Ok(t) if t >= 4 && t.is_power_of_two() => Ok(t),
        _ => Err(Fail::input(format!(
            "{flag} must be a tile (a power of two, at least 4), got {value:?}"
        ))),
    }
}

fn shard(value: &str) -> Result<Shard, Fail> {
    let parsed = value
        .split_once('/')
        .and_then(|(k, n)| Some((k.parse::<u64>().ok()?, n.parse::<u64>().ok()?)));
    match parsed {
        Some((k, n)) if k >= 1 && k <= n && n <= 1_000_000 => Ok(Shard { k, n }),
        _ => Err(Fail::input(format!(
            "--shard must be K/N with 1 <= K <= N (e.g. 2/4), got {value:?}"
        ))),
    }
}

/// A number as JSON, whole numbers as integers (what the AI options expect for counts).
pub fn number(flag: &str, value: &str) -> Result<Value, Fail> {
    let n: f64 = value
        .parse()
        .map_err(|_| Fail::input(format!("{flag} must be a number, got {value:?}")))?;
    if n.fract() == 0.0 && n.abs() < 1e15 {
        return Ok((n as i64).into());
    }
    serde_json::Number::from_f64(n)
        .map(Value::Number)
        .ok_or_else(|| Fail::input(format!("{flag} must be a finite number, got {value:?}")))
}

/// JSON text, or `@path` for a file holding it.
pub fn json_or_file(name: &str, value: &str) -> Result<Value, Fail> {
    let text = match value.strip_prefix('@') {
        Some(path) => std::fs::read_to_string(path)
            .map_err(|e| Fail::input(format!("{name}: cannot read {path:?}: {e}")))?,
        None => value.to_string(),
    };
    serde_json::from_str(&text).map_err(|e| Fail::input(format!("{name}: not JSON: {e}")))
}
