//! Plays many seeded games headless with the AIs and reports how strong and how fast they
//! are: one run, several strategies side by side, a sweep or a tuning of evaluation weights,
//! sharded over machines and merged back. See `arena --help` (clap, in `args`).
//!
//! Game i uses seed `seed + i`, so a run repeats exactly under a node budget.
//!
//! `arena --decide positions.jsonl [--nodes N]` instead reads lines `{"size":4,"cells":[2,0,...]}`
//! (tile values) and prints the decision for each as a JSON line: the native reference that
//! `tools/check/wasm-vs-native.mjs` compares the WebAssembly build against.

mod args;
mod chart;
mod compare;
mod external;
mod fail;
mod jsonl;
mod merge;
mod networks;
mod play;
mod positions;
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
        Ok(Parsed::Cli(mut cli)) => load_network(&mut cli)
            .and_then(|()| load_tables(&mut cli))
            .and_then(|()| load_start(&mut cli))
            .and_then(|()| match &cli.command {
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

/// Reads every table in `--tables DIR` (a folder with none, or a bad file, is bad input:
/// exit 2).
fn load_tables(cli: &mut args::Cli) -> Result<(), Fail> {
    let Some(dir) = &cli.tables else {
        return Ok(());
    };
    let bad = |what: String| Fail::input(format!("--tables {dir}: {what}"));
    let tables = game2048::ai::endgame::Tables::read_dir(std::path::Path::new(dir)).map_err(bad)?;
    if tables.is_empty() {
        return Err(bad(
            "no wall table (*.egr, *.ewd or *.ews) in it: build one with tablebase walls (docs/ai.md)"
                .into(),
        ));
    }
    cli.loaded_tables = Some(std::sync::Arc::new(
        tables
            .with_from(cli.table_from.map_or(0, |t| t.trailing_zeros() as u8))
            .with_margin(cli.table_margin)
            .with_tie(cli.table_tie),
    ));
    Ok(())
}

/// Reads `--start FILE`, the positions games start from: one for each game asked, all of the
/// run's board size (anything else is bad input: exit 2).
fn load_start(cli: &mut args::Cli) -> Result<(), Fail> {
    let Some(path) = &cli.start else {
        return Ok(());
    };
    let boards = positions::read(path, "--start")?;
    if let Some((i, b)) = boards
        .iter()
        .enumerate()
        .find(|(_, b)| b.size() != cli.size)
    {
        return Err(Fail::input(format!(
            "--start {path:?}: position {} is {}x{}, the games are {}x{} (--size)",
            i + 1,
            b.size(),
            b.size(),
            cli.size,
            cli.size
        )));
    }
    if (boards.len() as u64) < cli.games {
        return Err(Fail::input(format!(
            "--start {path:?} holds {} positions, one for each of --games {}",
            boards.len(),
            cli.games
        )));
    }
    cli.loaded_start = Some(std::sync::Arc::new(boards));
    Ok(())
}
