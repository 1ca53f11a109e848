//! `arena [run]`: one AI over many games; and `--decide`, one decision per given position.

use std::collections::HashSet;
use std::fs::File;
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
        without_tables: cli.without_tables.is_some(),
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

/// A `--out` file: the games already in it (with `--resume`) and where the others go.
struct Out {
    kept: Vec<(Job, GameLine)>,
    file: Option<BufWriter<File>>,
}

impl Out {
    /// `path` (`--out`, or `--without-tables`' file, whose lines name `tables`) opened for
    /// this run: read and added to with `--resume`, else written anew.
    fn open(
        path: Option<&str>,
        flag: &str,
        cli: &Cli,
        players: &[Player],
        tables: Option<&str>,
    ) -> Result<Out, Fail> {
        Ok(match path {
            Some(path) if cli.resume => Out {
                kept: resume::read(path, cli, players, tables)?,
                file: Some(resume::append(path)?),
            },
            Some(path) => Out {
                kept: Vec::new(),
                file: Some(create(flag, path)?),
            },
            None => Out {
                kept: Vec::new(),
                file: None,
            },
        })
    }

    fn holds(&self) -> HashSet<(usize, u64)> {
        self.kept.iter().map(|(j, _)| (j.player, j.index)).collect()
    }

    fn write(&mut self, game: &GameLine) -> std::io::Result<()> {
        if let Some(file) = self.file.as_mut() {
            writeln!(file, "{}", serde_json::to_string(game)?)?;
            file.flush()?;
        }
        Ok(())
    }

    /// The kept games and `played`, in job order (player, then game index), as one
    /// uninterrupted run returns them.
    fn all(self, played: Vec<(Job, GameLine)>) -> Vec<GameLine> {
        let mut games: Vec<(Job, GameLine)> = self.kept.into_iter().chain(played).collect();
        games.sort_by_key(|(j, _)| (j.player, j.index));
        games.into_iter().map(|(_, g)| g).collect()
    }
}

/// Plays `players` over this shard's games, writing each game to `--out` as it ends. With
/// `--resume`, the games already in `--out` are kept (and returned) rather than played again.
/// With `--without-tables`, the second list holds the games without the tables, written to
/// its file (and kept from it with `--resume`): a game is played again when either file
/// lacks it, and written to the one that does.
pub fn play_out(
    cli: &Cli,
    players: &[Player],
    tag: &str,
) -> Result<(Vec<GameLine>, Vec<GameLine>), Fail> {
    let tables = cli.loaded_tables.as_ref().map(|t| t.describe());
    let mut out = Out::open(cli.out.as_deref(), "--out", cli, players, tables.as_deref())?;
    let mut bare = Out::open(
        cli.without_tables.as_deref(),
        "--without-tables",
        cli,
        players,
        None,
    )?;
    let (has, bare_has) = (out.holds(), bare.holds());
    let paired = cli.without_tables.is_some();
    let missing = |j: &Job| {
        let key = (j.player, j.index);
        !has.contains(&key) || (paired && !bare_has.contains(&key))
    };
    let todo: Vec<Job> = jobs(cli, players.len())
        .into_iter()
        .filter(missing)
        .collect();
    let kept = out.kept.len() + bare.kept.len();
    if kept > 0 {
        eprintln!(
            "resumed: {kept} games kept from --out, {} to play",
            todo.len()
        );
    }
    let mut played = Vec::new();
    let mut played_bare = Vec::new();
    play_all(&setup(cli)?, players, &todo, tag, |job, game| {
        let key = (job.player, job.index);
        if !has.contains(&key) {
            out.write(&game.line)?;
            played.push((*job, game.line.clone()));
        }
        if let Some(line) = game.without.as_ref().filter(|_| !bare_has.contains(&key)) {
            bare.write(line)?;
            played_bare.push((*job, line.clone()));
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
    Ok((out.all(played), bare.all(played_bare)))
}

pub fn run(cli: &Cli) -> Result<(), Fail> {
    let origin = "from --strategy/--nodes/--ms/--depth/--k/--weights/--ai-seed";
    let player = Player::new(cli.options.clone(), cli.ai_seed, cli.seed, origin)?;
    let start = Instant::now();
    let (games, bare) = play_out(cli, &[player], "")?;
    let wall = start.elapsed().as_secs_f64();
    let summary = Summary::of(&games);
    if !bare.is_empty() {
        println!("with the tables:");
    }
    for line in summary.table(!cli.no_timing) {
        println!("{line}");
    }
    if !bare.is_empty() {
        println!("without them (--without-tables):");
        for line in Summary::of(&bare).table(!cli.no_timing) {
            println!("{line}");
        }
    }
    if let Some(t) = cli
        .loaded_tables
        .as_deref()
        .filter(|t| !t.walls().is_empty())
    {
        use std::sync::atomic::Ordering::Relaxed;
        let c = t.counts();
        println!(
            "wall tables: held the board in {} decisions, played their move in {} ({} of them not the search's own)",
            c.held.load(Relaxed),
            c.played.load(Relaxed),
            c.changed.load(Relaxed)
        );
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
