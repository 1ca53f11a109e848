//! The command line, parsed by clap: the subcommands, their flags and every value checked. A
//! bad value is a one-line [`Fail::Input`] naming the option, which `main` turns into exit
//! code 2. The rest of the arena reads one flat [`Cli`].

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Args, CommandFactory, Parser, Subcommand};
use std::sync::Arc;

use serde_json::{Map, Value};

use game2048::ai::endgame::Tables;
use game2048::ai::ntuple::network::Network;
use game2048::{Board, MAX_SIZE, MIN_SIZE};

use crate::fail::Fail;
use crate::jsonl::parse_tile;
use crate::stats::Objective;

/// `--positions FILE`: the positions the AI is asked about in each game, from the first whose
/// largest tile is `from` (an exponent) on, every `every`-th move of the game.
#[derive(Clone, Debug)]
pub struct PositionLog {
    pub path: String,
    pub from: u8,
    pub every: u64,
}

/// What the user asked for: a subcommand with its positional arguments.
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

/// Every setting, whichever subcommand gave it (the others keep their defaults).
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
    /// Keep the games already in `out` and play only the others.
    pub resume: bool,
    pub no_timing: bool,
    pub ai_seed: Option<u64>,
    pub decide: Option<String>,
    /// Where to write the positions the AI is asked about, and which (`--positions`).
    pub positions: Option<PositionLog>,
    /// `--without-tables`: where the same games go on without `tables`, from where they
    /// first apply.
    pub without_tables: Option<String>,
    /// A weights file for the learned strategies (td, expectimax-td).
    pub network: Option<String>,
    /// `network`'s network, read once before any game (`main`).
    pub loaded_network: Option<Arc<Network>>,
    /// A folder of endgame tables (`--tables`) that expectimax-td consults.
    pub tables: Option<String>,
    /// `tables`' tables, read once before any game (`main`).
    pub loaded_tables: Option<Arc<Tables>>,
    /// `--table-from`: the tile from which the search uses `tables` (None: at every stage).
    pub table_from: Option<u64>,
    /// `--table-margin`: how far below its best the search may score a wall table's move.
    pub table_margin: f64,
    /// `--table-tie`: how close to a wall table's best chance a move's must be to count as
    /// one of its best.
    pub table_tie: f64,
    /// `--start`: game i starts from the i-th position of this file.
    pub start: Option<String>,
    /// `start`'s positions, read once before any game (`main`).
    pub loaded_start: Option<Arc<Vec<Board>>>,
    /// Hold an `i16` network only sparse, as the page does, rather than expanded.
    pub sparse: bool,
    /// The strategy flags as AI options JSON: only the flags given.
    pub options: Map<String, Value>,
    pub svg: Option<String>,
    pub objective: Objective,
    pub summary: Option<String>,
    pub generations: u64,
    pub population: u64,
    pub elite: f64,
}

const NOTES: &str = "\
Game i (from 0) uses seed S + i. Only the strategy flags given go into the AI options.
--shard K/N plays only the games whose index i has i % N == K - 1; merge the shards' --out
files with `arena merge`. --resume keeps the games already in --out (a run that was killed,
or a shard of a batch run in several goes) and plays only the others. --no-timing leaves out
the figures that depend on the machine.
Strategies that draw random numbers get the AI option seed = the game's seed; --ai-seed S (or
seed=S in a compare spec) gives game i the AI seed S + i, for any strategy.
`arena compare SPEC... --svg FILE.svg` also draws a chart; see `arena help compare` for SPEC,
`arena help sweep` for RANGES.json.
Exit code 2: bad input (options, files, specs); 1: a failure while playing or writing.";

/// Plays many seeded games headless with the AIs and reports how strong and how fast they
/// are: one run (the default subcommand), several strategies side by side, a sweep or a
/// tuning of evaluation weights, sharded over machines and merged back.
#[derive(Parser)]
#[command(
    name = "arena",
    after_help = NOTES,
    args_conflicts_with_subcommands = true,
    args_override_self = true
)]
struct Arena {
    #[command(subcommand)]
    command: Option<Sub>,
    // With no subcommand: run's flags.
    #[command(flatten)]
    run: RunArgs,
}

#[derive(Subcommand)]
enum Sub {
    /// One AI over many games (the default when no subcommand is given); with --decide, one
    /// decision per position in a file.
    Run(Box<RunArgs>),
    /// Several strategies over the same games, their tables side by side.
    ///
    /// SPEC: NAME[:KEY=VALUE,...], e.g. expectimax:nodes=20000, greedy, montecarlo:k=100,
    /// minimax:depth=4,weights=@w.json, expectimax:weights={"empty":300}. Each KEY=VALUE
    /// becomes an AI option; VALUE is JSON when it reads as JSON (numbers, objects), @FILE for
    /// a JSON file, else a string. network=FILE is the network a learned strategy plays with in
    /// that spec's games (td:network=a.ntw td:network=b.ntw compares two networks); a spec
    /// without one plays with --network's.
    Compare(CompareArgs),
    /// A grid (or a random sample) of evaluation weights, every point on the same games,
    /// ranked.
    ///
    /// RANGES.json: {"strategy": "expectimax", "options": {"nodes": 2000}, "weights":
    /// {"empty": [200, 270], "merges": {"min": 300, "max": 900, "steps": 3}, "sum": {"min": 5,
    /// "max": 20}}, "sample": 10, "seed": 7}: a grid over every weight's list or steps, or
    /// with "sample": N that many random points ("seed" picks them).
    Sweep(SweepArgs),
    /// The cross-entropy method over a RANGES.json (see `arena help sweep`).
    ///
    /// Each weight is drawn from a Gaussian clamped to its [min, max] (a list's smallest and
    /// largest); every candidate plays --games games on seeds new each generation; the elite
    /// set the next mean and spread. One line per generation goes to --out, and the same
    /// command again resumes from that file.
    Tune(TuneArgs),
    /// The tables of the games in JSON-lines files (the shards of one run, a compare or a
    /// sweep), as one run over them all would print them.
    Merge(MergeArgs),
}

/// The games every subcommand that plays plays.
#[derive(Args, Clone)]
struct GameArgs {
    /// Games per player.
    #[arg(long, value_name = "N", default_value_t = 100,
          value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    games: u64,
    /// Seed of game 0; game i uses seed S + i.
    #[arg(long, value_name = "S", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(0..=u64::MAX / 2))]
    seed: u64,
    /// Threads playing games [default: every core].
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// Board size.
    #[arg(long, value_name = "3..8", default_value_t = 4,
          value_parser = clap::value_parser!(u64).range(MIN_SIZE as u64..=MAX_SIZE as u64))]
    size: u64,
    /// Stop each game when it reaches this tile.
    #[arg(long, value_name = "TILE", value_parser = parse_tile)]
    until: Option<u64>,
    /// AI seed of game 0 (game i gets S + i), for any strategy.
    #[arg(long, value_name = "S", value_parser = clap::value_parser!(u64).range(0..=u64::MAX / 2))]
    ai_seed: Option<u64>,
    /// A network's weights file (from `train --out`) for the learned strategies, td and
    /// expectimax-td (compare: for the specs that name none). (--weights is the hand-written
    /// evaluations' weights.)
    #[arg(long, value_name = "FILE")]
    network: Option<String>,
    /// Hold an i16 network (--network's, or a compare spec's network=) only sparse, as the page
    /// does (35 MB for the shipped one), to time the page's table natively. Without it the
    /// arena holds every entry as well (134 MB more) and searches more than twice as fast; the
    /// values, and so the games, are the same.
    #[arg(long)]
    sparse: bool,
    /// A folder of wall tables (*.egr from `tablebase walls`, *.ewd from `tablebase walls-distill`) that expectimax-td consults at
    /// the root where one holds the position (docs/ai.md, "Tables of reachable positions").
    #[arg(long, value_name = "DIR")]
    tables: Option<String>,
    /// Use --tables only once the board holds this tile or a larger one (the moves before
    /// are the same as without tables) [default: at every stage].
    #[arg(long, value_name = "TILE", value_parser = parse_tile, requires = "tables")]
    table_from: Option<u64>,
    /// Where a wall table in --tables holds the board, its move is played when the search scores it within this share of the search's best value.
    #[arg(long, value_name = "SHARE", default_value_t = game2048::ai::endgame::lookup::WALL_MARGIN, requires = "tables")]
    table_margin: f64,
    /// A wall table counts the moves whose chances lie within this of its best as its best
    /// alike, and the search chooses among them: the table overrules the search only where
    /// the search's own move falls this far below the table's best.
    #[arg(long, value_name = "CHANCE", default_value_t = game2048::ai::endgame::lookup::WALL_TIE, requires = "tables")]
    table_tie: f64,
    /// Play game i from the i-th position of a JSON-lines file (as --positions writes them)
    /// rather than from a new board, spawning from seed S + i; its score is the points made
    /// from there. An endgame's benchmark without playing the opening each time.
    #[arg(long, value_name = "POSITIONS.jsonl")]
    start: Option<String>,
}

#[derive(Args, Clone)]
struct ResumeArg {
    /// Keep the games already in --out (a run that was killed) and play only the others.
    #[arg(long, requires = "out")]
    resume: bool,
}

#[derive(Args, Clone)]
struct ShardArg {
    /// Play only the games whose index i has i % N == K - 1.
    #[arg(long, value_name = "K/N", value_parser = parse_shard)]
    shard: Option<Shard>,
}

#[derive(Args, Clone)]
struct TimingArg {
    /// Leave out the figures that depend on the machine.
    #[arg(long)]
    no_timing: bool,
}

#[derive(Args, Clone)]
struct ObjectiveArg {
    /// What to rank by: score (mean score) or reach:TILE (share of games reaching TILE).
    #[arg(long, value_name = "score|reach:TILE", default_value = "score",
          value_parser = Objective::parse)]
    objective: Objective,
}

/// The strategy flags: only those given go into the AI options.
#[derive(Args, Clone)]
#[command(next_help_heading = "Strategy")]
struct StrategyArgs {
    /// Strategy name (expectimax unless given).
    #[arg(long, value_name = "NAME")]
    strategy: Option<String>,
    /// Node budget per move.
    #[arg(long, value_name = "N", value_parser = parse_number)]
    nodes: Option<Value>,
    /// Time budget per move, in milliseconds.
    #[arg(long, value_name = "MS", value_parser = parse_number)]
    ms: Option<Value>,
    /// Search depth.
    #[arg(long, value_name = "D", value_parser = parse_number)]
    depth: Option<Value>,
    /// Playouts per move (Monte Carlo).
    #[arg(long, value_name = "K", value_parser = parse_number)]
    k: Option<Value>,
    /// Evaluation weights: JSON, or @FILE for a file holding it.
    #[arg(long, value_name = "JSON|@FILE", value_parser = json_or_file)]
    weights: Option<Value>,
    /// A program that plays instead of the engine (`sh -c CMD`, one per thread): it reads a
    /// line of tiles per position (row by row, 0 for empty) and answers up, right, down or
    /// left. Another AI on the arena's seeds (docs/arena.md).
    #[arg(long, value_name = "CMD",
          conflicts_with_all = ["strategy", "nodes", "ms", "depth", "k", "weights", "decide"])]
    external: Option<String>,
}

#[derive(Args, Clone)]
// "-3" is a bad value of the flag before it, not an unknown option.
#[command(allow_negative_numbers = true)]
struct RunArgs {
    #[command(flatten)]
    games: GameArgs,
    /// Write one JSON line per game.
    #[arg(long, value_name = "FILE.jsonl")]
    out: Option<String>,
    #[command(flatten)]
    resume: ResumeArg,
    #[command(flatten)]
    shard: ShardArg,
    #[command(flatten)]
    timing: TimingArg,
    /// Instead of playing: print the decision for each position of a JSON-lines file
    /// ({"size":4,"cells":[2,0,...]}), one JSON line each.
    #[arg(long, value_name = "POSITIONS.jsonl")]
    decide: Option<String>,
    /// Also write the positions the AI moves from while it plays, one JSON line each
    /// ({"size":4,"cells":[2,0,...],"seed":S,"move":M}, the game's seed and moves so far), as
    /// --decide reads them; each game's lines together, once it ends.
    #[arg(long, value_name = "FILE.jsonl", conflicts_with = "decide")]
    positions: Option<String>,
    /// With --tables and --table-from: also play each game on without the tables, written to
    /// this file as --out is. The moves before the game's first board that holds
    /// --table-from's tile are the same with and without the tables and are searched once;
    /// the game then goes on twice from that board, with the tables (--out) and without (this
    /// file), each line as its own run writes it: a paired batch that searches each opening
    /// once (docs/arena.md).
    #[arg(long, value_name = "FILE.jsonl", requires_all = ["table_from", "out"],
          conflicts_with_all = ["decide", "positions", "external"])]
    without_tables: Option<String>,
    /// With --positions: only positions whose largest tile is at least TILE.
    #[arg(long, value_name = "TILE", value_parser = parse_tile, requires = "positions")]
    positions_from: Option<u64>,
    /// With --positions: only every K-th move of a game (moves 0, K, 2K, ...).
    #[arg(long, value_name = "K", default_value_t = 1, requires = "positions",
          value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    positions_every: u64,
    #[command(flatten)]
    strategy: StrategyArgs,
}

#[derive(Args)]
#[command(allow_negative_numbers = true)]
struct CompareArgs {
    /// Strategy specs, NAME[:KEY=VALUE,...].
    #[arg(value_name = "SPEC", required = true)]
    specs: Vec<String>,
    /// Draw a chart of the tables.
    #[arg(long, value_name = "FILE.svg")]
    svg: Option<String>,
    #[command(flatten)]
    games: GameArgs,
    /// Write one JSON line per game.
    #[arg(long, value_name = "FILE.jsonl")]
    out: Option<String>,
    #[command(flatten)]
    resume: ResumeArg,
    #[command(flatten)]
    shard: ShardArg,
    #[command(flatten)]
    timing: TimingArg,
}

#[derive(Args)]
#[command(allow_negative_numbers = true)]
struct SweepArgs {
    #[arg(value_name = "RANGES.json")]
    ranges: String,
    #[command(flatten)]
    objective: ObjectiveArg,
    /// Write one JSON line per game [default: sweep.jsonl].
    #[arg(long, value_name = "FILE.jsonl")]
    out: Option<String>,
    /// Write the ranking [default: OUT.summary.json].
    #[arg(long, value_name = "FILE.json")]
    summary: Option<String>,
    #[command(flatten)]
    games: GameArgs,
    #[command(flatten)]
    shard: ShardArg,
    #[command(flatten)]
    timing: TimingArg,
}

#[derive(Args)]
#[command(allow_negative_numbers = true)]
struct TuneArgs {
    #[arg(value_name = "RANGES.json")]
    ranges: String,
    /// Generations in all (a resumed run plays only the missing ones).
    #[arg(long, value_name = "G", default_value_t = 10,
          value_parser = clap::value_parser!(u64).range(1..=100_000))]
    generations: u64,
    /// Candidates per generation.
    #[arg(long, value_name = "P", default_value_t = 16,
          value_parser = clap::value_parser!(u64).range(2..=100_000))]
    population: u64,
    /// Share of the population that sets the next generation, in (0, 1].
    #[arg(long, value_name = "F", default_value_t = 0.25, value_parser = parse_fraction)]
    elite: f64,
    #[command(flatten)]
    objective: ObjectiveArg,
    /// One JSON line per generation; an existing file is resumed [default: tune.jsonl].
    #[arg(long, value_name = "FILE.jsonl")]
    out: Option<String>,
    #[command(flatten)]
    games: GameArgs,
    #[command(flatten)]
    timing: TimingArg,
}

#[derive(Args)]
#[command(allow_negative_numbers = true)]
struct MergeArgs {
    #[arg(value_name = "FILE.jsonl", required = true)]
    files: Vec<String>,
    #[command(flatten)]
    objective: ObjectiveArg,
    #[command(flatten)]
    timing: TimingArg,
}

/// What the user asked: a run, or help (clap's text, printed by `main`).
pub enum Parsed {
    Cli(Box<Cli>),
    Help(clap::Error),
}

pub fn parse(argv: &[String]) -> Result<Parsed, Fail> {
    let arena = match Arena::try_parse_from(
        std::iter::once("arena").chain(argv.iter().map(String::as_str)),
    ) {
        Ok(arena) => arena,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            return Ok(Parsed::Help(e))
        }
        Err(e) => return Err(Fail::input(one_line(&e, argv))),
    };
    Ok(Parsed::Cli(Box::new(arena.into_cli())))
}

impl Arena {
    fn into_cli(self) -> Cli {
        let mut cli = Cli {
            command: Command::Run,
            games: 100,
            seed: 1,
            threads: 1,
            size: 4,
            until: None,
            out: None,
            shard: Shard { k: 1, n: 1 },
            resume: false,
            no_timing: false,
            ai_seed: None,
            decide: None,
            positions: None,
            without_tables: None,
            network: None,
            loaded_network: None,
            tables: None,
            loaded_tables: None,
            table_from: None,
            table_margin: game2048::ai::endgame::lookup::WALL_MARGIN,
            table_tie: game2048::ai::endgame::lookup::WALL_TIE,
            start: None,
            loaded_start: None,
            sparse: false,
            options: Map::new(),
            svg: None,
            objective: Objective::Score,
            summary: None,
            generations: 10,
            population: 16,
            elite: 0.25,
        };
        let (games, out, shard, timing) = match self.command.unwrap_or(Sub::Run(Box::new(self.run)))
        {
            Sub::Run(a) => {
                cli.decide = a.decide;
                cli.positions = a.positions.map(|path| PositionLog {
                    path,
                    from: a.positions_from.map_or(0, |t| t.trailing_zeros() as u8),
                    every: a.positions_every,
                });
                cli.options = a.strategy.options();
                cli.without_tables = a.without_tables;
                cli.resume = a.resume.resume;
                (a.games, a.out, a.shard, a.timing)
            }
            Sub::Compare(a) => {
                cli.command = Command::Compare(a.specs);
                cli.svg = a.svg;
                cli.resume = a.resume.resume;
                (a.games, a.out, a.shard, a.timing)
            }
            Sub::Sweep(a) => {
                cli.command = Command::Sweep(a.ranges);
                cli.objective = a.objective.objective;
                cli.summary = a.summary;
                (a.games, a.out, a.shard, a.timing)
            }
            Sub::Tune(a) => {
                cli.command = Command::Tune(a.ranges);
                cli.objective = a.objective.objective;
                cli.generations = a.generations;
                cli.population = a.population;
                cli.elite = a.elite;
                (a.games, a.out, ShardArg { shard: None }, a.timing)
            }
            Sub::Merge(a) => {
                cli.command = Command::Merge(a.files);
                cli.objective = a.objective.objective;
                cli.no_timing = a.timing.no_timing;
                return cli;
            }
        };
        cli.games = games.games;
        cli.seed = games.seed;
        cli.threads = games.threads.map_or_else(
            || std::thread::available_parallelism().map_or(1, |n| n.get()),
            |t| t as usize,
        );
        cli.size = games.size as usize;
        cli.until = games.until;
        cli.ai_seed = games.ai_seed;
        cli.network = games.network;
        cli.tables = games.tables;
        cli.table_from = games.table_from;
        cli.table_margin = games.table_margin;
        cli.table_tie = games.table_tie;
        cli.start = games.start;
        cli.sparse = games.sparse;
        cli.out = out;
        cli.shard = shard.shard.unwrap_or(cli.shard);
        cli.no_timing = timing.no_timing;
        cli
    }
}

impl StrategyArgs {
    fn options(self) -> Map<String, Value> {
        let mut options = Map::new();
        if let Some(name) = self.strategy {
            options.insert("strategy".into(), name.into());
        }
        if let Some(command) = self.external {
            options.insert("external".into(), command.into());
        }
        let numbers = [
            ("nodes", self.nodes),
            ("ms", self.ms),
            ("depth", self.depth),
            ("k", self.k),
            ("weights", self.weights),
        ];
        for (key, value) in numbers {
            if let Some(value) = value {
                options.insert(key.into(), value);
            }
        }
        options
    }
}

/// Clap's error as one line naming the option, in the words the arena has always used.
fn one_line(e: &clap::Error, argv: &[String]) -> String {
    let context = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => s.clone(),
        Some(ContextValue::Strings(s)) => s.join(" "),
        _ => String::new(),
    };
    // "--games <N>" names the flag "--games".
    let flag = || {
        context(ContextKind::InvalidArg)
            .split(' ')
            .next()
            .unwrap_or("")
            .to_string()
    };
    let subcommand = argv
        .first()
        .map(String::as_str)
        .filter(|s| ["run", "compare", "sweep", "tune", "merge"].contains(s))
        .unwrap_or("run");
    match e.kind() {
        ErrorKind::InvalidSubcommand => format!(
            "unknown subcommand {:?}: use run, compare, sweep, tune or merge (see --help)",
            context(ContextKind::InvalidSubcommand)
        ),
        ErrorKind::UnknownArgument => {
            let arg = flag();
            if !arg.starts_with('-') {
                return format!("unexpected argument {arg:?} (see arena help {subcommand})");
            }
            let long = arg.trim_start_matches('-');
            let known_elsewhere = Arena::command()
                .get_subcommands()
                .any(|s| s.get_arguments().any(|a| a.get_long() == Some(long)));
            if known_elsewhere {
                return format!("{arg} does not apply to {subcommand}");
            }
            match context(ContextKind::SuggestedArg) {
                s if s.is_empty() => format!("unknown option {arg:?} (see --help)"),
                s => format!("unknown option {arg:?}: did you mean {s}?"),
            }
        }
        ErrorKind::InvalidValue if context(ContextKind::InvalidValue).is_empty() => {
            format!("{} needs a value", flag())
        }
        ErrorKind::MissingRequiredArgument => format!(
            "{subcommand} needs {} (see arena help {subcommand})",
            context(ContextKind::InvalidArg)
        ),
        // Bad values and the rest: clap's own first line names the option.
        _ => {
            let text = e.to_string();
            let first = text.lines().next().unwrap_or_default();
            first.strip_prefix("error: ").unwrap_or(first).to_string()
        }
    }
}

/// `K/N` with 1 <= K <= N.
fn parse_shard(value: &str) -> Result<Shard, String> {
    let parsed = value
        .split_once('/')
        .and_then(|(k, n)| Some((k.parse::<u64>().ok()?, n.parse::<u64>().ok()?)));
    match parsed {
        Some((k, n)) if k >= 1 && k <= n && n <= 1_000_000 => Ok(Shard { k, n }),
        _ => Err("must be K/N with 1 <= K <= N (e.g. 2/4)".into()),
    }
}

fn parse_fraction(value: &str) -> Result<f64, String> {
    value
        .parse::<f64>()
        .ok()
        .filter(|f| *f > 0.0 && *f <= 1.0)
        .ok_or_else(|| "must be a fraction in (0, 1]".into())
}

/// A number as JSON, whole numbers as integers (what the AI options expect for counts). The
/// AI options check its range, naming the option.
fn parse_number(value: &str) -> Result<Value, String> {
    let n: f64 = value.parse().map_err(|_| "must be a number".to_string())?;
    if n.fract() == 0.0 && n.abs() < 1e15 {
        return Ok((n as i64).into());
    }
    serde_json::Number::from_f64(n)
        .map(Value::Number)
        .ok_or_else(|| "must be a finite number".into())
}

/// JSON text, or `@path` for a file holding it.
pub fn json_or_file(value: &str) -> Result<Value, String> {
    let text = match value.strip_prefix('@') {
        Some(path) => {
            std::fs::read_to_string(path).map_err(|e| format!("cannot read {path:?}: {e}"))?
        }
        None => value.to_string(),
    };
    serde_json::from_str(&text).map_err(|e| format!("not JSON: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clap_definition_is_consistent() {
        Arena::command().debug_assert();
    }
}
