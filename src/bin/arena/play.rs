//! Playing games: who plays ([`Player`]), on what ([`Setup`]), and a pool of threads that
//! plays a list of (player, game) jobs with progress on stderr (see `progress`).

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex, PoisonError};
use std::time::Instant;

use serde_json::{Map, Value};

use game2048::ai::endgame::Tables;
use game2048::ai::eval::downgrade::FROM_EXPONENT;
use game2048::ai::ntuple::network::Network;
use game2048::ai::{
    best_move_with, catalog, Budget, Knowledge, SearchOptions, StrategyName, SystemClock,
};
use game2048::board::tile_value;
use game2048::{Board, Game};

use crate::args::PositionLog;
use crate::external::External;

use crate::fail::Fail;
use crate::jsonl::{ms_bucket, sparse, tile_name, GameLine, MS_BUCKETS};
use crate::progress::Progress;

/// Whether the strategy called `name` draws random numbers, and so gets an AI `"seed"` option by
/// default (the game's seed, or `--ai-seed` + game index): those whose options the engine lists
/// `seed` among. Every other strategy gets one only when the user gives `--ai-seed` or `seed=`
/// in a spec.
fn draws_random(name: &str) -> bool {
    StrategyName::parse(name).is_some_and(|s| s.options().contains(&"seed"))
}

/// One AI configuration: the options it is built from and how tables and lines name it.
#[derive(Clone, Debug)]
pub struct Player {
    pub label: Option<String>,
    /// The AI options as given, without `seed` and `network`.
    pub options: Map<String, Value>,
    /// The network this player's learned strategy plays with, when it names its own (a
    /// compare spec's `network=`); else the run's (`--network`, [`Setup::network`]).
    pub network: Option<Arc<Network>>,
    /// The AI seed of game index 0; game index i gets `ai_seed + i`.
    pub ai_seed: Option<u64>,
    pub config: Option<usize>,
    pub weights: Option<Value>,
}

impl Player {
    /// A player from options; a `seed` among them (or `--ai-seed`) fixes the AI seed of game
    /// index 0, otherwise seeded strategies get the game's own seed. `origin` says where the
    /// options came from, for the error message.
    pub fn new(
        mut options: Map<String, Value>,
        ai_seed: Option<u64>,
        first_seed: u64,
        origin: &str,
    ) -> Result<Player, Fail> {
        let given = match options.remove("seed") {
            Some(v) => Some(v.as_u64().ok_or_else(|| {
                Fail::input(format!("seed must be a whole number, got {v} ({origin})"))
            })?),
            None => ai_seed,
        };
        let strategy = options.get("strategy").and_then(Value::as_str);
        let seeded = strategy.is_some_and(draws_random);
        let player = Player {
            label: None,
            options,
            network: None,
            ai_seed: given.or(seeded.then_some(first_seed)),
            config: None,
            weights: None,
        };
        if player.external().is_some() {
            return Ok(player);
        }
        player
            .search_options(0)
            .map_err(|e| Fail::input(format!("{e} ({origin})")))?;
        Ok(player)
    }

    fn options_json(&self, index: u64) -> String {
        let mut options = self.options.clone();
        if let Some(seed) = self.ai_seed {
            options.insert("seed".into(), seed.wrapping_add(index).into());
        }
        Value::Object(options).to_string()
    }

    /// The program that plays for this player (`--external`), if one does.
    pub fn external(&self) -> Option<&str> {
        self.options.get("external").and_then(Value::as_str)
    }

    pub fn search_options(&self, index: u64) -> Result<SearchOptions, String> {
        SearchOptions::from_json(&self.options_json(index)).map_err(|e| e.to_string())
    }
}

/// The board and seeds every player plays on.
pub struct Setup {
    pub size: usize,
    pub until: Option<u64>,
    /// Game index i uses seed `seed + i`.
    pub seed: u64,
    pub threads: usize,
    /// The network of every player that names none (`--network`).
    pub network: Option<Arc<Network>>,
    /// `--tables`: the endgame tables expectimax-td consults.
    pub tables: Option<Arc<Tables>>,
    /// `--start`: game index i starts from the i-th of these boards.
    pub start: Option<Arc<Vec<Board>>>,
    /// `--positions`: which positions to write, and the file each game's go to when it ends.
    pub positions: Option<(PositionLog, Mutex<BufWriter<File>>)>,
    /// `--without-tables`: each game also goes on without `tables` from where they first
    /// apply ([`Played::without`]).
    pub without_tables: bool,
}

impl Setup {
    /// The line `--positions` writes for a position the AI moves from, if it writes one.
    fn position_line(&self, board: &Board, seed: u64, moves: u64) -> Option<String> {
        let (log, _) = self.positions.as_ref()?;
        if board.max_exponent() < log.from || !moves.is_multiple_of(log.every) {
            return None;
        }
        let cells: Vec<u64> = board.cells().iter().map(|&e| tile_value(e)).collect();
        Some(
            serde_json::json!({"size": self.size, "cells": cells, "seed": seed, "move": moves})
                .to_string(),
        )
    }

    /// Writes a game's `--positions` lines, together.
    fn write_positions(&self, lines: &[String]) -> Result<(), String> {
        let Some((log, file)) = &self.positions else {
            return Ok(());
        };
        let mut file = file.lock().unwrap_or_else(PoisonError::into_inner);
        lines
            .iter()
            .try_for_each(|line| writeln!(file, "{line}"))
            .and_then(|()| file.flush())
            .map_err(|e| format!("--positions {:?}: {e}", log.path))
    }
}

/// One game to play: a player and a game index.
#[derive(Clone, Copy, Debug)]
pub struct Job {
    pub player: usize,
    pub index: u64,
}

/// A game under way: the game and what its moves so far cost.
#[derive(Clone)]
struct Course {
    game: Game,
    hist: Vec<u64>,
    nodes: u64,
    depth_sum: u64,
    /// The `--positions` lines of the moves so far.
    positions: Vec<String>,
    /// Seconds spent on it so far.
    seconds: f64,
}

/// A game's line, and with `--without-tables` the line of the same game played on without the
/// tables from where they first apply.
pub struct Played {
    pub line: GameLine,
    pub without: Option<GameLine>,
}

/// Plays game `index` for `player`; `external` is this thread's external program, started
/// on its first game that needs one.
fn play(
    setup: &Setup,
    player: &Player,
    index: u64,
    external: &mut Option<External>,
) -> Result<Played, String> {
    let seed = setup.seed + index;
    let start = Instant::now();
    let from = setup
        .start
        .as_ref()
        .map(|boards| boards[index as usize].clone());
    let mut course = Course {
        game: match from {
            Some(board) => Game::from_board(board, Some(seed)),
            None => Game::new(setup.size, Some(seed)).map_err(|e| e.to_string())?,
        },
        hist: vec![0u64; MS_BUCKETS],
        nodes: 0,
        depth_sum: 0,
        positions: Vec::new(),
        seconds: 0.0,
    };
    let stop = setup.until.map_or(u8::MAX, |t| t.trailing_zeros() as u8);
    let Some(command) = player.external() else {
        return play_searched(setup, player, index, course);
    };
    if external.as_ref().is_none_or(|e| e.command() != command) {
        *external = Some(External::start(command)?);
    }
    let program = external
        .as_mut()
        .unwrap_or_else(|| unreachable!("started above"));
    let game = &mut course.game;
    while game.board().max_exponent() < stop && !game.board().is_over() {
        let asked = Instant::now();
        let dir = program.decide(game.board().cells())?;
        course.hist[ms_bucket(asked.elapsed().as_secs_f64() * 1e3)] += 1;
        if game.play(dir).is_none() {
            return Err(format!(
                "--external {command:?} answered {dir}, which moves nothing on the board {}",
                crate::external::position_line(game.board().cells())
            ));
        }
    }
    course.seconds = start.elapsed().as_secs_f64();
    let line = line_of(
        setup,
        player,
        index,
        &course,
        "external".into(),
        Value::Null,
        None,
    );
    Ok(Played {
        line,
        without: None,
    })
}

/// Game `index` played by the engine for `player`, from `course`. With `--without-tables`, the
/// moves before the tables first apply are searched once, without them (the same moves as
/// with them), and the game then goes on twice from there: with the tables and without.
fn play_searched(
    setup: &Setup,
    player: &Player,
    index: u64,
    mut course: Course,
) -> Result<Played, String> {
    let options = player.search_options(index)?;
    let strategy = options.strategy.name().to_string();
    let budget = budget_of(&options);
    let tables = setup.tables.as_deref();
    let line = |course: &Course, tables: Option<&Tables>| {
        let described = tables.map(Tables::describe);
        line_of(
            setup,
            player,
            index,
            course,
            strategy.clone(),
            budget.clone(),
            described,
        )
    };
    let without = match tables.filter(|_| setup.without_tables) {
        Some(t) => {
            search_on(setup, player, index, &options, None, &mut course, |b| {
                t.apply_to(b.cells())
            })?;
            let mut bare = course.clone();
            search_on(setup, player, index, &options, None, &mut bare, |_| false)?;
            Some(line(&bare, None))
        }
        None => None,
    };
    search_on(setup, player, index, &options, tables, &mut course, |_| {
        false
    })?;
    setup.write_positions(&course.positions)?;
    Ok(Played {
        line: line(&course, tables),
        without,
    })
}

/// Searches and plays `course`'s moves with `tables` until the game ends, reaches `--until`'s
/// tile, or comes to a board `pause` holds for.
fn search_on(
    setup: &Setup,
    player: &Player,
    index: u64,
    options: &SearchOptions,
    tables: Option<&Tables>,
    course: &mut Course,
    pause: impl Fn(&Board) -> bool,
) -> Result<(), String> {
    let began = Instant::now();
    let clock = SystemClock::new();
    let seed = setup.seed + index;
    let stop = setup.until.map_or(u8::MAX, |t| t.trailing_zeros() as u8);
    let network = player.network.as_ref().or(setup.network.as_ref());
    let game = &mut course.game;
    while game.board().max_exponent() < stop && !pause(game.board()) {
        let asked = setup.position_line(game.board(), seed, game.moves());
        let knowledge = Knowledge {
            network: network.map(|n| &**n),
            tables,
        };
        let decision = best_move_with(game.board().cells(), setup.size, options, knowledge, &clock)
            .map_err(|e| e.to_string())?;
        let Some(dir) = decision.dir else { break };
        course.positions.extend(asked);
        course.hist[ms_bucket(decision.ms)] += 1;
        course.nodes += decision.nodes;
        course.depth_sum += u64::from(decision.depth);
        if game.play(dir).is_none() {
            break;
        }
    }
    course.seconds += began.elapsed().as_secs_f64();
    Ok(())
}

/// The line of game `index` as `course` leaves it.
fn line_of(
    setup: &Setup,
    player: &Player,
    index: u64,
    course: &Course,
    strategy: String,
    budget: Value,
    tables: Option<String>,
) -> GameLine {
    let game = &course.game;
    let mut counts = [0u32; 128];
    for &e in game.board().cells() {
        counts[e as usize] += 1;
    }
    let tiles = (1..counts.len())
        .filter(|&e| counts[e] > 0)
        .map(|e| (tile_name(e as u8), counts[e].into()))
        .collect();
    let downgrade_from = StrategyName::parse(&strategy)
        .filter(|s| s.needs_network())
        .map(|_| tile_value(FROM_EXPONENT));
    let start = setup
        .start
        .as_ref()
        .map(|boards| boards[index as usize].values().collect());
    GameLine {
        seed: setup.seed + index,
        size: setup.size,
        strategy,
        budget,
        options: Value::Object(player.options.clone()),
        ai_seed: player.ai_seed.map(|s| s.wrapping_add(index)),
        until: setup.until,
        downgrade_from,
        tables,
        start,
        label: player.label.clone(),
        config: player.config,
        weights: player.weights.clone(),
        largest: tile_name(game.board().max_exponent()),
        score: game.score(),
        moves: game.moves(),
        tiles,
        seconds: (course.seconds * 1e6).round() / 1e6,
        nodes: course.nodes,
        depth_sum: course.depth_sum,
        ms_hist: sparse(&course.hist),
    }
}

/// Plays every job on `setup.threads` threads, hands each finished game to `sink` (which
/// writes it out) and returns their lines, ordered by job. `tag` prefixes the progress line.
pub fn play_all(
    setup: &Setup,
    players: &[Player],
    jobs: &[Job],
    tag: &str,
    mut sink: impl FnMut(&Job, &Played) -> io::Result<()>,
) -> Result<Vec<GameLine>, Fail> {
    let next = AtomicUsize::new(0);
    let mut done: Vec<Option<GameLine>> = vec![None; jobs.len()];
    let mut progress = Progress::new(tag, jobs.len());
    std::thread::scope(|scope| -> Result<(), Fail> {
        let (send, receive) = mpsc::channel();
        for _ in 0..setup.threads.min(jobs.len()) {
            let send = send.clone();
            let next = &next;
            scope.spawn(move || {
                let mut external = None;
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(job) = jobs.get(i) else { break };
                    let game = play(setup, &players[job.player], job.index, &mut external);
                    if send.send((i, game)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        for (i, game) in receive {
            // A failing game stops the pool: the other threads find no more jobs.
            let game = game.map_err(|e| {
                next.store(jobs.len(), Ordering::Relaxed);
                Fail::run(format!("game seed {}: {e}", setup.seed + jobs[i].index))
            })?;
            sink(&jobs[i], &game).map_err(|e| Fail::run(format!("writing a game line: {e}")))?;
            progress.game(game.line.moves, game.line.largest_exponent());
            done[i] = Some(game.line);
        }
        Ok(())
    })?;
    progress.finish();
    Ok(done.into_iter().flatten().collect())
}

/// The node or time budget, or null for a strategy that takes none (random, greedy, the
/// Monte Carlo players, minimax at a fixed depth).
fn budget_of(options: &SearchOptions) -> Value {
    let takes_budget = catalog::info(options.strategy)
        .options
        .iter()
        .any(|o| o.name == "nodes" || o.name == "ms");
    match options.budget {
        _ if !takes_budget => Value::Null,
        Budget::Nodes(n) => serde_json::json!({ "nodes": n }),
        Budget::Millis(ms) => serde_json::json!({ "ms": ms }),
    }
}
