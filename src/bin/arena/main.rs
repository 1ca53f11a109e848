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
mod networks;
mod play;
mod progress;
mod ranges;
mod resume;
mod run;
mod stats;
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
        Ok(Parsed::Cli(mut cli)) => load_network(&mut cli).and_then(|()| match &cli.command {
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

/// Reads `--network FILE`, the network of every player that names none (a bad file is bad
/// input: exit 2).
fn load_network(cli: &mut args::Cli) -> Result<(), Fail> {
    if let Some(path) = &cli.network {
        cli.loaded_network = Some(networks::read(
            path,
            cli.sparse,
            &format!("--network {path}"),
        )?);
    }
    Ok(())
}
