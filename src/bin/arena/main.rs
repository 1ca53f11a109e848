//! Plays many seeded games headless with the AIs and reports how strong and how fast they
//! are: one run, several strategies side by side, a sweep or a tuning of evaluation weights,
//! sharded over machines and merged back. See `arena --help` (clap, in `args`).
//!
//! Game i uses seed `seed + i`, so a run repeats exactly under a node budget.
//!
//! `arena --decide positions.jsonl [--nodes N]` instead reads lines `{"size":4,"cells":[2,0,...]}`
//! (tile values) and prints the decision for each as a JSON line: the native reference that
//! `tools/wasm-vs-native.mjs` compares the WebAssembly build against.

mod args;
mod chart;
mod compare;
mod external;
mod fail;
mod jsonl;
mod merge;
mod play;
mod progress;
mod ranges;
mod resume;
mod run;
mod stats;
use game2048::ai::ntuple::network::Quantisation;
use game2048::svg;
mod sweep;
mod tune;

use std::process::ExitCode;

use args::{Command, Parsed};
use fail::Fail;

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let result = match args::parse(&argv) {
        Ok(Parsed::Help(help)) => {
            return match help.print() {
                Ok(()) => ExitCode::SUCCESS,
                Err(_) => ExitCode::FAILURE,
            };
        }
        Ok(Parsed::Cli(cli)) => load_network(&cli).and_then(|()| match &cli.command {
            Command::Run if cli.decide.is_some() => run::decide(&cli),
            Command::Run => run::run(&cli),
            Command::Compare(specs) => compare::compare(&cli, specs),
            Command::Sweep(path) => sweep::sweep(&cli, path),
            Command::Tune(path) => tune::tune(&cli, path),
            Command::Merge(paths) => merge::merge(&cli, paths),
        }),
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

/// Loads `--network FILE` for the learned strategies (a bad file is bad input: exit 2), an
/// `i16` network expanded unless `--sparse`.
fn load_network(cli: &args::Cli) -> Result<(), Fail> {
    let Some(path) = &cli.network else {
        return Ok(());
    };
    let bytes = game2048::ai::ntuple::read::read_file(path)
        .map_err(|e| Fail::input(format!("--network {path}: {e}")))?;
    let network = game2048::ai::ntuple::read::decode(&bytes)
        .map_err(|e| Fail::input(format!("--network {path}: {e}")))?;
    let network = game2048::ai::ntuple::loaded::install(if cli.sparse {
        network
    } else {
        network.expanded()
    });
    eprintln!(
        "arena: network {} (shape {}, levels {}, {}{}, {:.1} MB in memory)",
        path,
        network.shape().describe(),
        network.shape().levels(),
        network.weights().quantisation().name(),
        match network.weights().quantisation() {
            Quantisation::I16 if cli.sparse => " held sparse as in the page",
            Quantisation::I16 => " held sparse and expanded",
            _ => "",
        },
        network.memory_bytes() as f64 / 1e6
    );
    Ok(())
}
