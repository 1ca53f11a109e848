//! Building a table of reachable positions on disk, on every thread of rayon's pool, in a work
//! folder beside the table (`442-t9.work/`):
//!
//! - **forward**, layer by layer of free-tile sum from the seeds' up: each position's moves and
//!   spawns make the positions of the next two layers; a move that wins, or that moves a wall,
//!   makes none. Each layer is sorted, its duplicates dropped, and written (`keys-SUM`, `u64`s)
//!   before the next is expanded, so memory holds only the layer being expanded and the two it
//!   feeds;
//! - **backward**, from the largest sum down: a position's chance is its best move's, a move's
//!   the expectation over its spawns of the chances a layer or two up (1 for a move that wins).
//!   Each layer's chances are written (`chances-SUM`, `f32`s) holding only the two layers above;
//! - **the table**, written a layer at a time from those files; then the work folder goes.
//!
//! Every work file is written under a temporary name and renamed whole, so a build stopped at
//! any point resumes from the files there: forward from its last whole layer (the two layers
//! below it expanded again), backward from its lowest solved layer.

use std::collections::BTreeMap;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use super::table::{stored, ReachTable, TableWriter};
use super::walls::{Outcome, WallGame};

/// How many positions a piece of a layer expands at once: the children of a piece are sorted
/// and their duplicates dropped before they join their layer.
const PIECE: usize = 1 << 18;

/// The work folder of a build: its layers' files, and the mark of a finished forward pass.
pub struct Work {
    dir: PathBuf,
}

impl Work {
    /// The work folder beside the table file `table` (`442-t9.egr` works in `442-t9.work/`).
    pub fn beside(table: &Path) -> Work {
        Work {
            dir: table.with_extension("work"),
        }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn keys_file(&self, sum: usize) -> PathBuf {
        self.dir.join(format!("keys-{sum:05}"))
    }

    fn chances_file(&self, sum: usize) -> PathBuf {
        self.dir.join(format!("chances-{sum:05}"))
    }

    /// Holds the number of layers once the forward pass is done.
    fn forward_done(&self) -> PathBuf {
        self.dir.join("forward-done")
    }

    /// The number of whole layers from sum 0 up for which `file` exists.
    fn whole(&self, file: impl Fn(usize) -> PathBuf) -> usize {
        (0..).find(|&s| !file(s).exists()).unwrap_or(0)
    }

    /// The number of layers, once the forward pass is done.
    pub fn layers(&self) -> Option<usize> {
        std::fs::read_to_string(self.forward_done())
            .ok()?
            .trim()
            .parse()
            .ok()
    }

    pub fn keys(&self, sum: usize) -> std::io::Result<Vec<u64>> {
        read_words(&self.keys_file(sum), u64::from_le_bytes)
    }

    pub fn chances(&self, sum: usize) -> std::io::Result<Vec<f32>> {
        read_words(&self.chances_file(sum), f32::from_le_bytes)
    }

    /// Removes the files of forward layers from `sum` up and of backward layers below `sum`,
    /// with the marks that follow from them: the work of a build stopped there.
    pub fn cut(&self, forward_from: usize, backward_below: usize) -> std::io::Result<()> {
        let n = self.whole(|s| self.keys_file(s));
        for s in forward_from..n {
            std::fs::remove_file(self.keys_file(s))?;
        }
        if forward_from < n {
            let _ = std::fs::remove_file(self.forward_done());
        }
        for s in 0..backward_below.min(n) {
            let _ = std::fs::remove_file(self.chances_file(s));
        }
        Ok(())
    }
}

/// Writes `path` whole: under a temporary name, then renamed.
fn write_whole(path: &Path, bytes: impl Iterator<Item = [u8; 4]>) -> std::io::Result<()> {
    let part = path.with_extension("part");
    let mut out = BufWriter::new(std::fs::File::create(&part)?);
    for b in bytes {
        out.write_all(&b)?;
    }
    out.into_inner().map_err(|e| e.into_error())?.sync_all()?;
    std::fs::rename(part, path)
}

fn write_keys(path: &Path, keys: &[u64]) -> std::io::Result<()> {
    let halves = keys.iter().flat_map(|k| {
        let b = k.to_le_bytes();
        [[b[0], b[1], b[2], b[3]], [b[4], b[5], b[6], b[7]]]
    });
    write_whole(path, halves)
}

fn read_words<T, const N: usize>(path: &Path, word: fn([u8; N]) -> T) -> std::io::Result<Vec<T>> {
    let mut bytes = Vec::new();
    BufReader::new(std::fs::File::open(path)?).read_to_end(&mut bytes)?;
    if bytes.len() % N != 0 {
        return Err(std::io::Error::other(format!(
            "{}: {} bytes, not whole words of {N}",
            path.display(),
            bytes.len()
        )));
    }
    Ok(bytes
        .chunks_exact(N)
        .map(|b| word(b.try_into().expect("N bytes")))
        .collect())
}

/// The children of `layer`: the positions its moves and spawns make, a 2 one layer up and a 4
/// two layers up, each sorted without duplicates.
fn expand(game: &WallGame, layer: &[u64]) -> (Vec<u64>, Vec<u64>) {
    let (mut twos, mut fours) = layer
        .par_iter()
        .fold(
            || (Vec::new(), Vec::new()),
            |(mut twos, mut fours), &key| {
                for outcome in game.moves(key).into_iter().flatten() {
                    if let Outcome::After(after) = outcome {
                        for i in game.empty(after) {
                            twos.push(after | 1 << (4 * i));
                            fours.push(after | 2 << (4 * i));
                        }
                    }
                }
                (twos, fours)
            },
        )
        .reduce(
            || (Vec::new(), Vec::new()),
            |(mut a, mut b), (c, d)| {
                a.extend(c);
                b.extend(d);
                (a, b)
            },
        );
    tidy(&mut twos);
    tidy(&mut fours);
    (twos, fours)
}

/// Sorts a layer and drops its duplicates.
fn tidy(layer: &mut Vec<u64>) {
    layer.par_sort_unstable();
    layer.dedup();
    layer.shrink_to_fit();
}

/// What a build tells as it goes: each layer's pass, sum and positions as it is written, and
/// the sum a pass resumes from.
pub trait Progress {
    fn layer(&mut self, pass: &str, sum: u32, positions: usize);
    fn resumed(&mut self, pass: &str, sum: u32);
}

/// Tells nothing.
pub struct Quiet;

impl Progress for Quiet {
    fn layer(&mut self, _: &str, _: u32, _: usize) {}
    fn resumed(&mut self, _: &str, _: u32) {}
}

/// Layers still being filled, by sum, each with its length when it was last tidied.
#[derive(Default)]
struct Filling(BTreeMap<usize, (Vec<u64>, usize)>);

impl Filling {
    fn add(&mut self, sum: usize, children: Vec<u64>) {
        if children.is_empty() {
            return;
        }
        let (layer, tidied) = self.0.entry(sum).or_default();
        layer.extend(children);
        // Drop the duplicates once the layer has doubled since it was last tidied.
        if layer.len() > 2 * *tidied + 4 * PIECE {
            tidy(layer);
            *tidied = layer.len();
        }
    }

    /// Expands `layer` (at `sum`) piece by piece, keeping the children above `above`.
    fn expand(&mut self, game: &WallGame, sum: usize, layer: &[u64], above: usize) {
        for piece in layer.chunks(PIECE) {
            let (twos, fours) = expand(game, piece);
            for (offset, children) in [(1, twos), (2, fours)] {
                if sum + offset > above {
                    self.add(sum + offset, children);
                }
            }
        }
    }

    fn take(&mut self, sum: usize) -> Vec<u64> {
        let mut layer = self.0.remove(&sum).map(|(l, _)| l).unwrap_or_default();
        tidy(&mut layer);
        layer
    }
}

/// The forward pass into `work`, from the sub-game's seeds, resuming from the whole layers
/// there; the number of layers.
pub fn forward(game: &WallGame, work: &Work, log: &mut impl Progress) -> std::io::Result<usize> {
    if let Some(n) = work.layers() {
        return Ok(n);
    }
    std::fs::create_dir_all(&work.dir)?;
    // Layers 0..start are written; those at and above it are made again from the seeds and
    // from the two layers below start, whose children reach it.
    let start = work.whole(|s| work.keys_file(s));
    let mut filling = Filling::default();
    for seed in game.seeds() {
        let sum = game.layer(seed) as usize;
        if sum >= start {
            filling.add(sum, vec![seed]);
        }
    }
    if start > 0 {
        log.resumed("forward", start as u32);
        for sum in start.saturating_sub(2)..start {
            filling.expand(game, sum, &work.keys(sum)?, start - 1);
        }
    }
    let mut sum = start;
    while !filling.0.is_empty() {
        let layer = filling.take(sum);
        filling.expand(game, sum, &layer, sum);
        write_keys(&work.keys_file(sum), &layer)?;
        log.layer("forward", sum as u32, layer.len());
        sum += 1;
    }
    // The layers above the last that holds a position hold none.
    let n = (0..sum)
        .rev()
        .find(|&s| std::fs::metadata(work.keys_file(s)).is_ok_and(|m| m.len() > 0))
        .map_or(0, |s| s + 1);
    for s in n..sum {
        std::fs::remove_file(work.keys_file(s))?;
    }
    std::fs::write(work.forward_done(), format!("{n}\n"))?;
    Ok(n)
}

/// The chances of the positions `keys`, from the layers a spawn reaches: `up[0]` one layer up
/// and `up[1]` two, each its keys and their chances.
fn solve(game: &WallGame, sum: usize, keys: &[u64], up: &[(Vec<u64>, Vec<f32>); 2]) -> Vec<f32> {
    let reached = |l: u32, key: u64| -> f64 {
        let (keys, chances) = &up[l as usize - sum - 1];
        match keys.binary_search(&key) {
            Ok(i) => f64::from(chances[i]),
            Err(_) => 0.0,
        }
    };
    keys.par_iter()
        .map(|&key| {
            game.moves(key)
                .into_iter()
                .flatten()
                .map(|outcome| game.expect(outcome, &reached))
                .fold(0.0, f64::max) as f32
        })
        .collect()
}

/// The backward pass over the `n` layers in `work`, from the largest sum down, resuming from
/// the lowest solved layer there.
pub fn backward(
    game: &WallGame,
    work: &Work,
    n: usize,
    log: &mut impl Progress,
) -> std::io::Result<()> {
    // Layers start..n are solved.
    let start = (0..=n)
        .rev()
        .find(|&s| s == 0 || !work.chances_file(s - 1).exists())
        .unwrap_or(0);
    if start < n {
        log.resumed("backward", start as u32);
    }
    let held = |s: usize| -> std::io::Result<(Vec<u64>, Vec<f32>)> {
        if s < n {
            Ok((work.keys(s)?, work.chances(s)?))
        } else {
            Ok((Vec::new(), Vec::new()))
        }
    };
    let mut up = [held(start)?, held(start + 1)?];
    for sum in (0..start).rev() {
        let keys = work.keys(sum)?;
        let chances = solve(game, sum, &keys, &up);
        let words = chances.iter().map(|c| c.to_le_bytes());
        write_whole(&work.chances_file(sum), words)?;
        log.layer("backward", sum as u32, keys.len());
        let [one, _] = up;
        up = [(keys, chances), one];
    }
    Ok(())
}

/// The table file `path` from the solved layers in `work`: a layer at a time, from the first
/// that holds a position; the number of positions.
pub fn write_table(game: &WallGame, work: &Work, n: usize, path: &Path) -> std::io::Result<u64> {
    let lens = (0..n)
        .map(|s| Ok(std::fs::metadata(work.keys_file(s))?.len() / 8))
        .collect::<std::io::Result<Vec<u64>>>()?;
    let first = lens.iter().position(|&l| l > 0).unwrap_or(n);
    let sizes: Vec<(u32, u64)> = (first..n).map(|s| (s as u32, lens[s])).collect();
    let part = path.with_extension("egr.part");
    let file = BufWriter::new(std::fs::File::create(&part)?);
    let mut out = TableWriter::new(file, game, &sizes)?;
    for s in first..n {
        let chances: Vec<u16> = work.chances(s)?.into_iter().map(stored).collect();
        out.layer(&work.keys(s)?, &chances)?;
    }
    out.finish()?
        .into_inner()
        .map_err(|e| e.into_error())?
        .sync_all()?;
    std::fs::rename(part, path)?;
    Ok(lens.iter().sum())
}

/// The whole build of `game`'s table into the file `path`, resuming from the work folder beside
/// it; the folder is removed once the table is written. The number of positions.
pub fn build(game: &WallGame, path: &Path, log: &mut impl Progress) -> std::io::Result<u64> {
    let work = Work::beside(path);
    let n = forward(game, &work, log)?;
    backward(game, &work, n, log)?;
    let positions = write_table(game, &work, n, path)?;
    std::fs::remove_dir_all(work.dir())?;
    Ok(positions)
}

/// The table of `game` built in a scratch folder and read back: for tests and small tables.
pub fn build_in_memory(game: &WallGame) -> std::io::Result<ReachTable> {
    static SCRATCH: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = SCRATCH.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("egr-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let path = dir.join(ReachTable::file_name(game));
    build(game, &path, &mut Quiet)?;
    let table = ReachTable::read_file(&path).map_err(std::io::Error::other);
    std::fs::remove_dir_all(&dir)?;
    table
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::ai::endgame::reachable::table::Chances;
    use crate::ai::endgame::reachable::walls::Walls;

    /// The sub-game's value by plain expectimax, searched to its end, remembered by position.
    fn searched(game: &WallGame, key: u64, memo: &mut HashMap<u64, f64>) -> f64 {
        if let Some(&v) = memo.get(&key) {
            return v;
        }
        let mut best = 0.0f64;
        for outcome in game.moves(key).into_iter().flatten() {
            let value = match outcome {
                Outcome::Won => 1.0,
                Outcome::After(after) => {
                    let empty: Vec<usize> = game.empty(after).collect();
                    let mut total = 0.0;
                    for &i in &empty {
                        total += 0.9 * searched(game, after | 1 << (4 * i), memo);
                        total += 0.1 * searched(game, after | 2 << (4 * i), memo);
                    }
                    if empty.is_empty() {
                        0.0
                    } else {
                        total / empty.len() as f64
                    }
                }
            };
            best = best.max(value);
        }
        memo.insert(key, best);
        best
    }

    #[test]
    fn every_position_holds_the_chance_a_search_to_the_end_finds() {
        for walls in Walls::ALL {
            let game = WallGame::new(walls, 4).unwrap();
            let table = build_in_memory(&game).unwrap();
            let mut memo = HashMap::new();
            for seed in game.seeds() {
                searched(&game, seed, &mut memo);
            }
            // The table holds exactly the positions the search reaches from the seeds.
            assert_eq!(table.positions(), memo.len() as u64, "{}", game.name());
            for (&key, &value) in &memo {
                let chance = table.chance(key).expect("a reached position");
                assert!(
                    (chance - value).abs() <= 1.0 / 65535.0,
                    "{key:x}: {chance} {value}"
                );
            }
            // Some positions are won surely, some lost, some neither.
            assert!(memo.values().any(|&v| v > 0.99) && memo.values().any(|&v| v == 0.0));
            assert!(memo.values().any(|&v| v > 0.1 && v < 0.9));
        }
    }

    /// Tells where each pass resumed.
    #[derive(Default)]
    struct Resumes(Vec<(String, u32)>);

    impl Progress for Resumes {
        fn layer(&mut self, _: &str, _: u32, _: usize) {}
        fn resumed(&mut self, pass: &str, sum: u32) {
            self.0.push((pass.to_owned(), sum));
        }
    }

    #[test]
    fn a_build_stopped_in_either_pass_resumes_to_the_same_file() {
        let game = WallGame::new(Walls::F443, 5).unwrap();
        let dir = std::env::temp_dir().join(format!("egr-resume-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(ReachTable::file_name(&game));
        build(&game, &path, &mut Quiet).unwrap();
        let whole = std::fs::read(&path).unwrap();
        let work = Work::beside(&path);
        assert!(
            !work.dir().exists(),
            "the work folder goes once the table is written"
        );
        let n = forward(&game, &work, &mut Quiet).unwrap();
        assert!(n > 20);
        // Stopped in the forward pass at layer n/2, then in the backward one above n/3.
        for (forward_from, backward_below, resumed) in [
            (n / 2, n, vec![("forward", n / 2)]),
            (n, n / 3, vec![("backward", n / 3)]),
        ] {
            forward(&game, &work, &mut Quiet).unwrap();
            backward(&game, &work, n, &mut Quiet).unwrap();
            work.cut(forward_from, backward_below).unwrap();
            std::fs::remove_file(&path).unwrap();
            let mut log = Resumes::default();
            build(&game, &path, &mut log).unwrap();
            assert_eq!(std::fs::read(&path).unwrap(), whole);
            let resumed: Vec<_> = resumed
                .into_iter()
                .map(|(p, s)| (p.to_owned(), s as u32))
                .collect();
            assert_eq!(log.0, resumed);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_table_reads_back_as_written_and_a_damaged_file_is_named() {
        let game = WallGame::new(Walls::F442, 4).unwrap();
        let table = build_in_memory(&game).unwrap();
        let bytes = table.write(Vec::new()).unwrap();
        assert_eq!(ReachTable::read(&bytes[..]).unwrap(), table);
        // The same bytes on a second build.
        assert_eq!(
            build_in_memory(&game).unwrap().write(Vec::new()).unwrap(),
            bytes
        );
        let mut flipped = bytes.clone();
        let middle = flipped.len() / 2;
        flipped[middle] ^= 1;
        let err = ReachTable::read(&flipped[..]).unwrap_err().to_string();
        assert!(err.contains("checksum") || err.contains("order"), "{err}");
        let cut = ReachTable::read(&bytes[..bytes.len() - 9])
            .unwrap_err()
            .to_string();
        assert!(cut.contains("cut short"), "{cut}");
    }
}
