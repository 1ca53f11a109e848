//! The learning curves: one JSON line per block of training games (DIR/curve.jsonl), and one
//! per evaluation of whole games at a checkpoint (DIR/eval.jsonl).

use std::fs;
use std::io::Write;
use std::path::Path;
use std::time::Duration;

use game2048::ai::ntuple::learn::{Episode, Method};
use serde::{Deserialize, Serialize};

/// The CPU time this process has used so far, all its threads, user and system
/// (`getrusage`); zero where that is not available.
#[cfg(unix)]
pub fn process_cpu() -> Duration {
    // SAFETY: getrusage writes only the struct it is given, which lives for the call.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) } != 0 {
        return Duration::ZERO;
    }
    let time = |t: libc::timeval| {
        Duration::from_secs(t.tv_sec.max(0) as u64) + Duration::from_micros(t.tv_usec.max(0) as u64)
    };
    time(usage.ru_utime) + time(usage.ru_stime)
}

#[cfg(not(unix))]
pub fn process_cpu() -> Duration {
    Duration::ZERO
}

/// The tiles whose share of games the curve follows (exponents).
pub const TILES: [u8; 5] = [11, 12, 13, 14, 15];

/// Share of `episodes` whose largest tile reached 2^e.
fn share(episodes: &[Episode], e: u8) -> f64 {
    let n = episodes.len().max(1) as f64;
    episodes.iter().filter(|g| g.max_exponent >= e).count() as f64 / n
}

fn mean(episodes: &[Episode], f: impl Fn(&Episode) -> f64) -> f64 {
    episodes.iter().map(f).sum::<f64>() / episodes.len().max(1) as f64
}

/// One block of games. The scores and shares are those of each game's first stretch, the
/// whole game from its start; restarts only add `trained_moves`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Point {
    /// Games played in all at the end of the block.
    pub games: u64,
    pub block: u64,
    /// Moves learned from in all at the end of the block (restarts included).
    #[serde(default)]
    pub learned: u64,
    pub mean_score: f64,
    pub max_score: u64,
    /// Share of the block's games reaching 2048, 4096, 8192, 16384.
    pub reach_2048: f64,
    pub reach_4096: f64,
    pub reach_8192: f64,
    pub reach_16384: f64,
    #[serde(default)]
    pub reach_32768: f64,
    pub mean_moves: f64,
    /// Moves learned from per game, restarts included.
    #[serde(default)]
    pub trained_moves: f64,
    pub alpha: f32,
    #[serde(default)]
    pub lambda: f32,
    /// Wall time the block took (the timings come last: lines are compared without them).
    pub seconds: f64,
    /// Moves learned from per second of the block.
    #[serde(default)]
    pub moves_per_second: f64,
    /// CPU time the block took, every thread, user and system ([`process_cpu`]): its cost in
    /// CPU-hours, however busy the machine was and however long the run was stopped in it.
    #[serde(default)]
    pub cpu_seconds: f64,
}

impl Point {
    pub fn of(
        games: u64,
        learned: u64,
        episodes: &[Episode],
        method: &Method,
        took: Duration,
        cpu: Duration,
    ) -> Point {
        let trained: f64 = episodes.iter().map(|g| f64::from(g.trained)).sum();
        Point {
            games,
            learned,
            block: episodes.len() as u64,
            mean_score: mean(episodes, |g| g.score as f64),
            max_score: episodes.iter().map(|g| g.score).max().unwrap_or(0),
            reach_2048: share(episodes, TILES[0]),
            reach_4096: share(episodes, TILES[1]),
            reach_8192: share(episodes, TILES[2]),
            reach_16384: share(episodes, TILES[3]),
            reach_32768: share(episodes, TILES[4]),
            mean_moves: mean(episodes, |g| f64::from(g.moves)),
            trained_moves: mean(episodes, |g| f64::from(g.trained)),
            alpha: method.alpha,
            lambda: method.lambda,
            seconds: took.as_secs_f64(),
            moves_per_second: trained / took.as_secs_f64().max(1e-9),
            cpu_seconds: cpu.as_secs_f64(),
        }
    }
}

/// Whole games played by the network at a checkpoint, learning nothing.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Eval {
    /// Training games played in all at the checkpoint.
    pub games: u64,
    /// Moves learned from in all at the checkpoint.
    #[serde(default)]
    pub learned: u64,
    /// Games played for this evaluation.
    pub played: u64,
    pub mean_score: f64,
    pub reach_2048: f64,
    pub reach_4096: f64,
    pub reach_8192: f64,
    pub reach_16384: f64,
    pub reach_32768: f64,
    pub mean_moves: f64,
    pub seconds: f64,
}

impl Eval {
    pub fn of(games: u64, learned: u64, episodes: &[Episode], took: Duration) -> Eval {
        Eval {
            games,
            learned,
            played: episodes.len() as u64,
            mean_score: mean(episodes, |g| g.score as f64),
            reach_2048: share(episodes, TILES[0]),
            reach_4096: share(episodes, TILES[1]),
            reach_8192: share(episodes, TILES[2]),
            reach_16384: share(episodes, TILES[3]),
            reach_32768: share(episodes, TILES[4]),
            mean_moves: mean(episodes, |g| f64::from(g.moves)),
            seconds: took.as_secs_f64(),
        }
    }
}

/// Checkpoints whose evaluations are averaged in the stopping rule's reading: one
/// evaluation's share moves by about its interval (±3 points over 1,000 games) from one
/// checkpoint to the next.
pub const FLAT_WINDOW: usize = 5;
/// The gain in the share reaching 16384 below which the network has stopped improving.
pub const FLAT_GAIN: f64 = 0.01;
/// The games over which that gain is read when --until-flat does not give them.
pub const FLAT_SPAN: u64 = 1_000_000;

/// The stopping rule's reading at the latest checkpoint: the share of evaluation games (1 ply)
/// reaching 16384, as the mean of the last [`FLAT_WINDOW`] checkpoints, against the same mean
/// `span` games earlier.
#[derive(Clone, Debug, PartialEq)]
pub struct Plateau {
    /// Training games at the latest checkpoint.
    pub games: u64,
    /// Mean share of the last [`FLAT_WINDOW`] evaluations.
    pub now: f64,
    /// The same mean at the latest checkpoint at least `span` games earlier, and its games;
    /// none while the run is not yet that long.
    pub before: Option<(u64, f64)>,
}

impl Plateau {
    /// Whether the last `span` games added less than [`FLAT_GAIN`] (none: not yet known).
    pub fn flat(&self) -> Option<bool> {
        self.before.map(|(_, before)| self.now - before < FLAT_GAIN)
    }
}

/// The reading over `evals` (in order of games); none before [`FLAT_WINDOW`] evaluations.
pub fn plateau(evals: &[Eval], span: u64) -> Option<Plateau> {
    let window_mean = |upto: &[Eval]| -> Option<f64> {
        let last = upto.get(upto.len().checked_sub(FLAT_WINDOW)?..)?;
        Some(last.iter().map(|e| e.reach_16384).sum::<f64>() / FLAT_WINDOW as f64)
    };
    let latest = evals.last()?;
    let now = window_mean(evals)?;
    let before = latest.games.checked_sub(span).and_then(|limit| {
        let upto = evals.partition_point(|e| e.games <= limit);
        let mean = window_mean(&evals[..upto])?;
        Some((evals[upto - 1].games, mean))
    });
    Some(Plateau {
        games: latest.games,
        now,
        before,
    })
}

pub fn append_eval(path: &Path, eval: &Eval) -> Result<(), String> {
    write_line(
        path,
        &serde_json::to_string(eval).map_err(|e| e.to_string())?,
    )
}

/// Every evaluation in `path` (none when it does not exist).
pub fn read_eval(path: &Path) -> Result<Vec<Eval>, String> {
    read_lines(path)
}

pub fn append(path: &Path, point: &Point) -> Result<(), String> {
    write_line(
        path,
        &serde_json::to_string(point).map_err(|e| e.to_string())?,
    )
}

fn write_line(path: &Path, line: &str) -> Result<(), String> {
    let mut file = fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    writeln!(file, "{line}").map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Every point of the curve in `path` (none when it does not exist).
pub fn read(path: &Path) -> Result<Vec<Point>, String> {
    read_lines(path)
}

fn read_lines<T: serde::de::DeserializeOwned>(path: &Path) -> Result<Vec<T>, String> {
    let text = match fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(i, l)| {
            serde_json::from_str(l).map_err(|e| format!("{} line {}: {e}", path.display(), i + 1))
        })
        .collect()
}

/// Keeps the lines up to `games` games (a resumed run writes the rest again); the lines are
/// kept as written, unparsed.
pub fn truncate_after(path: &Path, games: u64) -> Result<(), String> {
    let text = match fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    let kept: String = text
        .lines()
        .filter(|l| {
            serde_json::from_str::<serde_json::Value>(l)
                .ok()
                .and_then(|v| v.get("games").and_then(|g| g.as_u64()))
                .is_some_and(|g| g <= games)
        })
        .map(|l| format!("{l}\n"))
        .collect();
    fs::write(path, kept).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Evaluations every 20,000 games, the share reaching 16384 at each given by `share`.
    fn evals(count: u64, share: impl Fn(u64) -> f64) -> Vec<Eval> {
        (1..=count)
            .map(|i| Eval {
                games: i * 20_000,
                learned: 0,
                played: 1000,
                mean_score: 0.0,
                reach_2048: 0.0,
                reach_4096: 0.0,
                reach_8192: 0.0,
                reach_16384: share(i * 20_000),
                reach_32768: 0.0,
                mean_moves: 0.0,
                seconds: 0.0,
            })
            .collect()
    }

    #[test]
    fn the_stopping_rule_compares_five_checkpoint_means_a_span_apart() {
        // Too few evaluations for a mean; then a mean with nothing a million games before.
        assert_eq!(plateau(&evals(4, |_| 0.4), 1_000_000), None);
        let young = plateau(&evals(50, |_| 0.4), 1_000_000).unwrap();
        assert_eq!(
            (young.games, young.before, young.flat()),
            (1_000_000, None, None)
        );
        // 1,100,000 games: the mean of 1.02 M..1.1 M against that of 20k..100k.
        let rising = |g: u64| 0.3 + g as f64 * 0.02 / 1e6;
        let p = plateau(&evals(55, rising), 1_000_000).unwrap();
        assert_eq!(p.before.map(|b| b.0), Some(100_000));
        assert!((p.now - rising(1_060_000)).abs() < 1e-9, "{p:?}");
        assert!((p.before.unwrap().1 - rising(60_000)).abs() < 1e-9, "{p:?}");
        assert_eq!(p.flat(), Some(false), "two points in a million games");
        let slow = |g: u64| 0.3 + g as f64 * 0.009 / 1e6;
        assert_eq!(
            plateau(&evals(55, slow), 1_000_000).unwrap().flat(),
            Some(true)
        );
        // One noisy checkpoint moves a mean by a fifth of its jump.
        let spike = |g: u64| if g == 1_100_000 { 0.36 } else { 0.3 };
        let p = plateau(&evals(55, spike), 1_000_000).unwrap();
        assert!((p.now - 0.312).abs() < 1e-9, "{p:?}");
        assert_eq!(p.flat(), Some(false));
    }
}
