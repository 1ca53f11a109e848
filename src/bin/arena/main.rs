//! Plays many seeded games headless with the AIs and reports how strong and how fast they
//! are: one run, several strategies side by side, a sweep or a tuning of evaluation weights,
//! sharded over machines and merged back. See `USAGE` (`arena --help`).
//!
//! Game i uses seed `seed + i`, so a run repeats exactly under a node budget.
//!
//! `arena --decide positions.jsonl [--nodes N]` instead reads lines `{"size":4,"cells":[2,0,...]}`
//! (tile values) and prints the decision for each as a JSON line: the native reference that
//! `tools/wasm-vs-native.mjs` compares the WebAssembly build against.

mod args;
mod chart;
mod compare;
mod jsonl;
mod merge;
mod play;
mod ranges;
mod run;
mod stats;
mod svg;
mod sweep;
mod tune;

use std::process::ExitCode;

use args::{Command, Parsed};

const USAGE: &str = "\
usage: arena [run] [--games N] [--seed S] [--strategy NAME] [--nodes N | --ms MS] [--depth D]
             [--k K] [--weights JSON|@FILE] [--ai-seed S] [--threads T] [--size 3..8]
             [--until TILE] [--shard K/N] [--out FILE.jsonl] [--no-timing]
       arena compare SPEC... [--svg FILE.svg] [run's --games --seed --threads --size --until
             --shard --out --ai-seed --no-timing]
       arena sweep RANGES.json [--objective score|reach:TILE] [--out FILE.jsonl]
             [--summary FILE.json] [run's --games --seed --threads --size --until --shard
             --ai-seed --no-timing]
       arena tune RANGES.json [--generations G] [--population P] [--elite F] [--objective ...]
             [--out FILE.jsonl] [--games --seed --threads --size --until --ai-seed]
       arena merge FILE.jsonl... [--objective ...] [--no-timing]
       arena --decide POSITIONS.jsonl [--strategy S] (--nodes N | --ms MS) [--depth D]

Game i (from 0) uses seed S + i (--seed, default 1); --games defaults to 100, --threads to
every core. Only the strategy flags given go into the AI options.
--shard K/N plays only the games whose index i has i % N == K - 1; merge the shards' --out
files with `arena merge`. --no-timing leaves out the figures that depend on the machine.
Strategies that draw random numbers get the AI option seed = the game's seed; --ai-seed S (or
seed=S in a spec) gives game i the AI seed S + i, for any strategy.

SPEC (compare): NAME[:KEY=VALUE,...], e.g. expectimax:nodes=20000, greedy, montecarlo:k=100,
  minimax:depth=4,weights=@w.json, expectimax:weights={\"empty\":300}. Each KEY=VALUE becomes
  an AI option; VALUE is JSON when it reads as JSON (numbers, objects), @FILE for a JSON file,
  else a string.
RANGES.json (sweep, tune): {\"strategy\": \"expectimax\", \"options\": {\"nodes\": 2000},
  \"weights\": {\"empty\": [200, 270], \"merges\": {\"min\": 300, \"max\": 900, \"steps\": 3},
  \"sum\": {\"min\": 5, \"max\": 20}}, \"sample\": 10, \"seed\": 7}: a grid over every weight's
  list or steps, or with \"sample\": N that many random points (\"seed\" picks them). tune
  samples each weight from a Gaussian clamped to its [min, max] (a list's smallest and largest).
--objective: score (mean score, the default) or reach:TILE (share of games reaching TILE).
sweep writes games to --out (default sweep.jsonl) and the ranking to --summary (default
OUT.summary.json). tune (defaults: --generations 10 --population 16 --elite 0.25) plays
--games per candidate on seeds new each generation, appends one line per generation to --out
(default tune.jsonl) and resumes from that file.
Exit code 2: bad input (options, files, specs); 1: a failure while playing or writing.";

/// Why the arena stops early: bad input (exit code 2) or a failure while running (1).
#[derive(Debug)]
pub enum Fail {
    Input(String),
    Run(String),
}

impl Fail {
    pub fn input(message: impl Into<String>) -> Fail {
        Fail::Input(message.into())
    }

    pub fn run(message: impl Into<String>) -> Fail {
        Fail::Run(message.into())
    }
}

/// Creates an output file, or says which option named a path that cannot be written.
pub fn create(flag: &str, path: &str) -> Result<std::io::BufWriter<std::fs::File>, Fail> {
    std::fs::File::create(path)
        .map(std::io::BufWriter::new)
        .map_err(|e| Fail::input(format!("{flag} {path:?}: cannot create: {e}")))
}

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let result = match args::parse(&argv) {
        Ok(Parsed::Help) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Ok(Parsed::Cli(cli)) => match &cli.command {
            Command::Run if cli.decide.is_some() => run::decide(&cli),
            Command::Run => run::run(&cli),
            Command::Compare(specs) => compare::compare(&cli, specs),
            Command::Sweep(path) => sweep::sweep(&cli, path),
            Command::Tune(path) => tune::tune(&cli, path),
            Command::Merge(paths) => merge::merge(&cli, paths),
        },
        Err(fail) => Err(fail),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Fail::Input(message)) => {
            eprintln!("arena: {message}");
            ExitCode::from(2)
        }
        Err(Fail::Run(message)) => {
            eprintln!("arena: {message}");
            ExitCode::FAILURE
        }
    }
}
