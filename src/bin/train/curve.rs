//! The learning curve: one JSON line per block of games (DIR/curve.jsonl), and its chart.

use std::fs;
use std::io::Write;
use std::path::Path;
use std::time::Duration;

use game2048::ai::ntuple::learn::Episode;
use serde::{Deserialize, Serialize};

/// The tiles whose share of games the curve follows (exponents).
pub const TILES: [u8; 4] = [11, 12, 13, 14];

/// One block of games.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Point {
    /// Games played in all at the end of the block.
    pub games: u64,
    pub block: u64,
    pub mean_score: f64,
    pub max_score: u64,
    /// Share of the block's games reaching 2048, 4096, 8192, 16384.
    pub reach_2048: f64,
    pub reach_4096: f64,
    pub reach_8192: f64,
    pub reach_16384: f64,
    pub mean_moves: f64,
    pub alpha: f32,
    /// Wall time the block took (last: lines are compared without it).
    pub seconds: f64,
}

impl Point {
    pub fn of(games: u64, episodes: &[Episode], alpha: f32, took: Duration) -> Point {
        let n = episodes.len().max(1) as f64;
        let share = |e: u8| episodes.iter().filter(|g| g.max_exponent >= e).count() as f64 / n;
        Point {
            games,
            block: episodes.len() as u64,
            mean_score: episodes.iter().map(|g| g.score as f64).sum::<f64>() / n,
            max_score: episodes.iter().map(|g| g.score).max().unwrap_or(0),
            reach_2048: share(TILES[0]),
            reach_4096: share(TILES[1]),
            reach_8192: share(TILES[2]),
            reach_16384: share(TILES[3]),
            mean_moves: episodes.iter().map(|g| f64::from(g.moves)).sum::<f64>() / n,
            alpha,
            seconds: took.as_secs_f64(),
        }
    }
}

pub fn append(path: &Path, point: &Point) -> Result<(), String> {
    let line = serde_json::to_string(point).map_err(|e| e.to_string())?;
    let mut file = fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    writeln!(file, "{line}").map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Every point of the curve in `path` (none when it does not exist).
pub fn read(path: &Path) -> Result<Vec<Point>, String> {
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
