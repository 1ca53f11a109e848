//! `tablebase walls-sample`: a set for a page from play-outs of the sub-game. Runs' boards (every
//! move of each game, as `arena --positions` writes them) show where games enter the table's
//! formation; from each entry the sub-game is played out many times as the table plays it
//! (`src/ai/endgame/reachable/sample.rs`), and the positions the play-outs and the runs reach
//! most often, among those where the table's choice matters, make the set. With the search the
//! set serves (`--network`, `search_check.rs`), the positions where the table changes that
//! search's move come first, each searched on the walls of a game that reached it. The table
//! is looked up in its mapped file.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};

use game2048::ai::endgame::reachable::sample::{play_out, step, Step};
use game2048::ai::endgame::reachable::{Chances, DistilledTable, MappedTable};
use game2048::rng::GameRng;
use rayon::prelude::*;

use crate::positions::{board, lines};
use crate::search_check::{CheckArgs, Checker};
use crate::walls_distill::{write_set, SetArgs};
use crate::Fail;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    set: SetArgs,
    /// Play-outs from each board where a game enters the formation
    #[arg(long, default_value_t = 20)]
    runs: u64,
    /// The play-outs' spawns' seed
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    check: CheckArgs,
}

#[derive(serde::Deserialize)]
struct Line {
    size: usize,
    cells: Vec<f64>,
    seed: u64,
    #[serde(rename = "move")]
    at: u64,
}

/// How often the runs and the play-outs reached a position, once known how the table sees it,
/// and the walls of a game that reached it (`WallGame::walls_of`; the least of them, so that
/// the same runs give the same set whatever the threads' order).
#[derive(Clone, Copy, Default)]
struct Reached {
    count: u64,
    step: Option<Step>,
    walls: Option<u64>,
}

impl Reached {
    fn walled(&mut self, walls: Option<u64>) {
        self.walls = self.walls.into_iter().chain(walls).min();
    }
}

/// Adds the positions of `from` to `into`, their counts summed.
fn merge(mut into: HashMap<u64, Reached>, from: HashMap<u64, Reached>) -> HashMap<u64, Reached> {
    for (key, r) in from {
        let here = into.entry(key).or_default();
        here.count += r.count;
        here.step = here.step.or(r.step);
        here.walled(r.walls);
    }
    into
}

pub fn run(args: &Args) -> Result<(), Fail> {
    let (runs, seed, checker, args) = (args.runs, args.seed, Checker::new(&args.check)?, &args.set);
    let table = MappedTable::open(&args.table).map_err(Fail::input)?;
    let game = table.game().clone();
    // The runs' boards in the table, each counted as often as an entry is played out; and
    // the entries, boards the table holds whose game's board a move before it did not.
    let mut reached: HashMap<u64, Reached> = HashMap::new();
    let mut entries = Vec::new();
    let mut boards = 0u64;
    for path in &args.positions {
        let mut last: HashMap<u64, (u64, bool)> = HashMap::new();
        let mut file = lines::<Line>(path)?;
        // Each game's boards in order, whatever the order of the file's lines.
        file.sort_by_key(|l| (l.seed, l.at));
        for line in file {
            let found = (line.size == 4)
                .then(|| board(&line.cells))
                .flatten()
                .and_then(|b| game.find(b).map(|(sym, key)| (key, game.walls_of(b, sym))))
                .filter(|&(key, _)| table.chance(key).is_some());
            let went_on = last
                .insert(line.seed, (line.at, found.is_some()))
                .is_some_and(|(at, held)| held && at + 1 == line.at);
            if let Some((key, walls)) = found {
                boards += 1;
                let r = reached.entry(key).or_default();
                r.count += runs;
                r.walled(Some(walls));
                if !went_on {
                    entries.push((line.seed, line.at, key, walls));
                }
            }
        }
    }
    eprintln!(
        "{}: {boards} boards held, {} entries; {} play-outs each",
        game.name(),
        entries.len(),
        runs
    );
    let done = AtomicUsize::new(0);
    let played = entries
        .par_iter()
        .fold(
            HashMap::<u64, Reached>::new,
            |mut map, &(game_seed, at, key, walls)| {
                for run in 0..runs {
                    // Each entry's spawns come from its game and move, whatever the order of the
                    // files' lines (the arena's threads interleave them), so the same runs give the
                    // same set.
                    let seed = [game_seed, at, run]
                        .iter()
                        .fold(seed, |s, &x| s.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ x);
                    let mut rng = GameRng::from_seed(seed);
                    play_out(&table, key, args.tie, &mut rng, |s| {
                        let r = map.entry(s.key).or_default();
                        r.count += 1;
                        r.step = Some(s);
                        r.walled(Some(walls));
                    });
                }
                let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                if n.is_multiple_of(1000) {
                    eprintln!(
                        "{}: played out {n} of {} entries",
                        game.name(),
                        entries.len()
                    );
                }
                map
            },
        )
        .reduce(HashMap::new, merge);
    let reached = merge(reached, played);
    // The positions reached most often, among those where the table's choice matters; with a
    // search to check against, those where the table changes its move first.
    let mut ranked: Vec<(u64, Reached)> = reached.into_iter().collect();
    let seen = ranked.len();
    ranked.par_sort_unstable_by(|a, b| b.1.count.cmp(&a.1.count).then(a.0.cmp(&b.0)));
    let most = args.most.unwrap_or(usize::MAX);
    let (mut changing, mut kept) = (Vec::new(), Vec::new());
    for (i, chunk) in ranked.chunks(1 << 16).enumerate() {
        let steps: Vec<(Step, bool)> = chunk
            .par_iter()
            .map(|&(key, r)| {
                let s = r.step.unwrap_or_else(|| step(&table, key, args.tie));
                let changes = s.chooses()
                    && checker
                        .as_ref()
                        .zip(r.walls)
                        .is_some_and(|(c, walls)| c.changes(game.board_with(key, walls), s.best));
                (s, changes)
            })
            .collect();
        for (s, changes) in steps.into_iter().filter(|(s, _)| s.chooses()) {
            if changes {
                changing.push((s.key, s.best));
            } else {
                kept.push((s.key, s.best));
            }
        }
        if checker.is_none() && kept.len() >= most {
            break;
        }
        if checker.is_some() && (i + 1) % 16 == 0 {
            eprintln!(
                "{}: checked {} of {seen} positions",
                game.name(),
                (i + 1) * chunk.len()
            );
        }
    }
    if checker.is_some() {
        eprintln!(
            "{}: the table changes the search's move at {} of {} positions where it chooses",
            game.name(),
            changing.len(),
            changing.len() + kept.len()
        );
    }
    changing.append(&mut kept);
    let mut kept = changing;
    kept.truncate(most);
    write_set(
        DistilledTable::new(game, args.tie as f32, kept),
        &args.out,
        seen,
    )
}
