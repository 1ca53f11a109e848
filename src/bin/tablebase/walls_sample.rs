//! `tablebase walls-sample`: a set for a page from play-outs of the sub-game. Runs' boards (every
//! move of each game, as `arena --positions` writes them) show where games enter the table's
//! formation; from each entry the sub-game is played out many times as the table plays it
//! (`src/ai/endgame/reachable/sample.rs`), and the positions the play-outs and the runs reach
//! most often, among those where the table's choice matters, make the set. The whole table is
//! read into memory (10.4 GB and about 80 s for `443-t9`).

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};

use game2048::ai::endgame::reachable::sample::{play_out, step, Step};
use game2048::ai::endgame::reachable::{Chances, DistilledTable, MappedTable};
use game2048::rng::GameRng;
use rayon::prelude::*;

use crate::positions::{board, lines};
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
}

#[derive(serde::Deserialize)]
struct Line {
    size: usize,
    cells: Vec<f64>,
    seed: u64,
    #[serde(rename = "move")]
    at: u64,
}

/// How often the runs and the play-outs reached a position, and, once known, how the table
/// sees it.
#[derive(Clone, Copy, Default)]
struct Reached {
    count: u64,
    step: Option<Step>,
}

/// Adds the positions of `from` to `into`, their counts summed.
fn merge(mut into: HashMap<u64, Reached>, from: HashMap<u64, Reached>) -> HashMap<u64, Reached> {
    for (key, r) in from {
        let here = into.entry(key).or_default();
        here.count += r.count;
        here.step = here.step.or(r.step);
    }
    into
}

pub fn run(args: &Args) -> Result<(), Fail> {
    let (runs, seed, args) = (args.runs, args.seed, &args.set);
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
            let key = (line.size == 4)
                .then(|| board(&line.cells))
                .flatten()
                .and_then(|b| game.find(b))
                .map(|(_, key)| key)
                .filter(|&key| table.chance(key).is_some());
            let went_on = last
                .insert(line.seed, (line.at, key.is_some()))
                .is_some_and(|(at, held)| held && at + 1 == line.at);
            if let Some(key) = key {
                boards += 1;
                reached.entry(key).or_default().count += runs;
                if !went_on {
                    entries.push((line.seed, line.at, key));
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
            |mut map, &(game_seed, at, key)| {
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
    // The positions reached most often, among those where the table's choice matters.
    let mut ranked: Vec<(u64, Reached)> = reached.into_iter().collect();
    let seen = ranked.len();
    ranked.par_sort_unstable_by(|a, b| b.1.count.cmp(&a.1.count).then(a.0.cmp(&b.0)));
    let most = args.most.unwrap_or(usize::MAX);
    let mut kept = Vec::new();
    for chunk in ranked.chunks(1 << 16) {
        let steps: Vec<Step> = chunk
            .par_iter()
            .map(|&(key, r)| r.step.unwrap_or_else(|| step(&table, key, args.tie)))
            .collect();
        kept.extend(
            steps
                .into_iter()
                .filter(Step::chooses)
                .map(|s| (s.key, s.best)),
        );
        if kept.len() >= most {
            break;
        }
    }
    kept.truncate(most);
    write_set(
        DistilledTable::new(game, args.tie as f32, kept),
        &args.out,
        seen,
    )
}
