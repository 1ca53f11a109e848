//! `--resume`: a run (or compare) killed half-way goes on from its `--out` file. The games
//! already in the file are kept and not played again; a line cut short by the kill is dropped;
//! a line from another run is refused, naming its line, so two runs never mix in one file.

use std::collections::HashSet;
use std::fs::OpenOptions;
use std::io::BufWriter;

use serde_json::Value;

use crate::args::Cli;
use crate::fail::Fail;
use crate::jsonl::GameLine;
use crate::play::{Job, Player};

/// The games of this run already in `path`, each with its job; nothing when `path` does not
/// exist yet. `tables` is how their lines name the tables they were played with (`--tables`',
/// or none for `--without-tables`' file). A last line without its newline (the run was killed
/// while writing it) is cut off the file.
pub fn read(
    path: &str,
    cli: &Cli,
    players: &[Player],
    tables: Option<&str>,
) -> Result<Vec<(Job, GameLine)>, Fail> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(Fail::input(format!("--resume {path:?}: cannot read: {e}"))),
    };
    let complete = text.rfind('\n').map_or(0, |i| i + 1);
    if complete < text.len() {
        OpenOptions::new()
            .write(true)
            .open(path)
            .and_then(|f| f.set_len(complete as u64))
            .map_err(|e| {
                Fail::input(format!("--resume {path:?}: cannot cut its last line: {e}"))
            })?;
    }
    let mut seen = HashSet::new();
    let mut kept = Vec::new();
    for (n, line) in text[..complete].lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let at = || format!("--resume {path:?} line {}", n + 1);
        let game: GameLine = serde_json::from_str(line)
            .map_err(|e| Fail::input(format!("{}: not a game line ({e})", at())))?;
        let job = job_of(&game, cli, players, tables).ok_or_else(|| {
            Fail::input(format!(
                "{}: a game of another run (seed {}, size {}, options {}); resume with the \
                 command that wrote the file, or write to another --out",
                at(),
                game.seed,
                game.size,
                game.options
            ))
        })?;
        if !seen.insert((job.player, job.index)) {
            return Err(Fail::input(format!(
                "{}: seed {} is already in the file",
                at(),
                game.seed
            )));
        }
        kept.push((job, game));
    }
    Ok(kept)
}

/// Which of this run's jobs played `game`, if any.
fn job_of(game: &GameLine, cli: &Cli, players: &[Player], tables: Option<&str>) -> Option<Job> {
    if game.size != cli.size || game.until != cli.until {
        return None;
    }
    let index = game.seed.checked_sub(cli.seed)?;
    if index >= cli.games || !cli.shard.holds(index) {
        return None;
    }
    let start = cli
        .loaded_start
        .as_ref()
        .map(|boards| boards[index as usize].values().collect());
    if game.start != start || game.tables.as_deref() != tables {
        return None;
    }
    let player = players.iter().position(|p| {
        p.label == game.label
            && p.config == game.config
            && Value::Object(p.options.clone()) == game.options
            && p.ai_seed.map(|s| s.wrapping_add(index)) == game.ai_seed
    })?;
    Some(Job { player, index })
}

/// `path` opened to add lines after the ones kept.
pub fn append(path: &str) -> Result<BufWriter<std::fs::File>, Fail> {
    OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map(BufWriter::new)
        .map_err(|e| Fail::input(format!("--out {path:?}: cannot open to add to it: {e}")))
}
