//! `arena [run]`: one AI over many games; and `--decide`, one decision per given position.

use std::collections::HashSet;
use std::io::{BufWriter, Write};
use std::sync::Mutex;
use std::time::Instant;

use game2048::ai::{best_move_with, Knowledge, SystemClock};

use crate::args::Cli;
use crate::fail::{create, Fail};
use crate::jsonl::GameLine;
use crate::play::{play_all, Job, Player, Setup};
use crate::positions;
use crate::resume;
use crate::stats::Summary;

pub fn setup(cli: &Cli) -> Result<Setup, Fail> {
    let positions = match &cli.positions {
        Some(log) => Some((log.clone(), Mutex::new(create("--positions", &log.path)?))),
        None => None,
    };
    Ok(Setup {
        size: cli.size,
        until: cli.until,
        seed: cli.seed,
        threads: cli.threads,
        network: cli.loaded_network.clone(),
        tables: cli.loaded_tables.clone(),
        start: cli.loaded_start.clone(),
        positions,
    })
}

/// The game indices this shard plays, for each player in turn.
pub fn jobs(cli: &Cli, players: usize) -> Vec<Job> {
    (0..players)
        .flat_map(|player| {
            (0..cli.games)
                .filter(|&i| cli.shard.holds(i))
                .map(move |index| Job { player, index })
        })
        .collect()
}

/// Plays `players` over this shard's games, writing each game to `--out` as it ends. With
/// `--resume`, the games already in `--out` are kept (and returned) rather than played again.
pub fn play_out(cli: &Cli, players: &[Player], tag: &str) -> Result<Vec<GameLine>, Fail> {
    let (kept, mut out) = match &cli.out {
        Some(path) if cli.resume => (
            resume::read(path, cli, players)?,
            Some(resume::append(path)?),
        ),
        Some(path) => (Vec::new(), Some(create("--out", path)?)),
        None => (Vec::new(), None),
    };
    let done: HashSet<(usize, u64)> = kept.iter().map(|(j, _)| (j.player, j.index)).collect();
    let todo: Vec<Job> = jobs(cli, players.len())
        .into_iter()
        .filter(|j| !done.contains(&(j.player, j.index)))
        .collect();
    if !kept.is_empty() {
        eprintln!(
            "resumed: {} games kept from --out, {} to play",
            kept.len(),
            todo.len()
        );
    }
    let played = play_all(&setup(cli)?, players, &todo, tag, |game| {
        if let Some(out) = out.as_mut() {
            writeln!(out, "{}", serde_json::to_string(game)?)?;
            out.flush()?;
        }
        Ok(())
    })?;
    if cli.shard.n > 1 {
        println!(
            "shard {}/{} of seeds {}..{}",
            cli.shard.k,
            cli.shard.n,
            cli.seed,
            cli.seed + cli.games - 1
        );
    }
    // In job order (player, then game index), as one uninterrupted run returns them.
    let mut games: Vec<(Job, GameLine)> = kept
        .into_iter()
        .chain(todo.into_iter().zip(played))
        .collect();
    games.sort_by_key(|(j, _)| (j.player, j.index));
    Ok(games.into_iter().map(|(_, g)| g).collect())
}

pub fn run(cli: &Cli) -> Result<(), Fail> {
    let origin = "from --strategy/--nodes/--ms/--depth/--k/--weights/--ai-seed";
    let player = Player::new(cli.options.clone(), cli.ai_seed, cli.seed, origin)?;
    let start = Instant::now();
    let games = play_out(cli, &[player], "")?;
    let wall = start.elapsed().as_secs_f64();
    let summary = Summary::of(&games);
    for line in summary.table(!cli.no_timing) {
        println!("{line}");
    }
    if !cli.no_timing {
        println!(
            "wall {wall:.2}s  threads {}  moves per second {:.0} in all",
            cli.threads,
            summary.moves as f64 / wall.max(1e-9)
        );
    }
    Ok(())
}

/// Decides every position in a JSON-lines file (`positions::read`; a bad line names its
/// number, before any decision is printed).
pub fn decide(cli: &Cli) -> Result<(), Fail> {
    let path = cli.decide.as_deref().unwrap_or_default();
    let player = Player::new(
        cli.options.clone(),
        cli.ai_seed,
        0,
        "from the strategy flags",
    )?;
    let options = player.search_options(0).map_err(Fail::input)?;
    let boards = positions::read(path, "--decide")?;
    let clock = SystemClock::new();
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let network = cli.loaded_network.as_deref();
    for (i, board) in boards.iter().enumerate() {
        let bad =
            |e: &dyn std::fmt::Display| Fail::input(format!("{path}: position {}: {e}", i + 1));
        let knowledge = Knowledge {
            network,
            tables: cli.loaded_tables.as_deref(),
        };
        let decision = best_move_with(board.cells(), board.size(), &options, knowledge, &clock)
            .map_err(|e| bad(&e))?;
        let json = serde_json::to_string(&decision).map_err(|e| bad(&e))?;
        writeln!(out, "{json}").map_err(|e| Fail::run(e.to_string()))?;
    }
    out.flush().map_err(|e| Fail::run(e.to_string()))
}
