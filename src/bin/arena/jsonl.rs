//! One JSON line per game: everything a table needs, so that `arena merge` over the lines of
//! several shards prints what one run over all of them prints.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::fail::Fail;

/// One finished game as written (and read back by `merge`). Unknown fields are ignored and
/// the newer ones default, so older files still merge.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GameLine {
    pub seed: u64,
    pub size: usize,
    pub strategy: String,
    pub budget: Value,
    /// The AI options as given (without the per-game `seed`, see `ai_seed`).
    pub options: Value,
    /// The AI's own seed in this game, when it was given one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ai_seed: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until: Option<u64>,
    /// For the learned strategies, the tile from which they read a board downgraded
    /// (`ai::eval::downgrade`). A line without it was played before they did: the same game
    /// up to its first 32,768, another one after it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub downgrade_from: Option<u64>,
    /// The endgame tables expectimax-td consulted (`--tables`), as `Tables::describe` names them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tables: Option<String>,
    /// The board the game started from (`--start`), tile values row by row.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<Vec<u64>>,
    /// The compare spec that named this player.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// The sweep configuration's index and its weights.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weights: Option<Value>,
    pub largest: String,
    pub score: u64,
    pub moves: u64,
    pub tiles: Map<String, Value>,
    /// Wall time of the game, rounded to the microsecond.
    pub seconds: f64,
    #[serde(default)]
    pub nodes: u64,
    /// The sum over moves of the depth searched.
    #[serde(default)]
    pub depth_sum: u64,
    /// Think time per move as sparse `[bucket, count]` pairs; see [`ms_bucket`].
    #[serde(default)]
    pub ms_hist: Vec<(usize, u64)>,
}

impl GameLine {
    pub fn largest_exponent(&self) -> u8 {
        match self.largest.strip_prefix("2^") {
            Some(e) => e.parse().unwrap_or(0),
            None => self
                .largest
                .parse::<u64>()
                .map_or(0, |v| v.trailing_zeros() as u8),
        }
    }

    /// Games with the same key were played by the same AI on the same kind of board.
    pub fn group_key(&self) -> String {
        format!(
            "{} {:?} {}{}",
            self.size,
            self.until,
            self.options,
            self.tables
                .as_ref()
                .map_or(String::new(), |t| format!(" tables: {t}"))
        )
    }

    /// Whole microseconds, so that sums do not depend on float parsing.
    pub fn micros(&self) -> u64 {
        (self.seconds * 1e6).round() as u64
    }
}

pub fn tile_name(e: u8) -> String {
    if e < 64 {
        (1u64 << e).to_string()
    } else {
        format!("2^{e}")
    }
}

/// A tile value as given on the command line: a power of two, at least 4.
pub fn parse_tile(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(t) if t >= 4 && t.is_power_of_two() => Ok(t),
        _ => Err("must be a tile (a power of two, at least 4)".into()),
    }
}

/// Think times go into fixed log-scale buckets, 20 per decade: bucket 0 holds times under
/// 0.001 ms, bucket i >= 1 times in [0.001 * 10^((i-1)/20), 0.001 * 10^(i/20)) ms, and the
/// last bucket everything from 100 s up. Percentiles report a bucket's upper edge, so they
/// are the same from a run's moves and from the merged lines of its shards.
pub const MS_BUCKETS: usize = 162;
const PER_DECADE: f64 = 20.0;
const LOWEST_MS: f64 = 0.001;

pub fn ms_bucket(ms: f64) -> usize {
    if ms.is_nan() || ms < LOWEST_MS {
        return 0;
    }
    let i = 1.0 + (PER_DECADE * (ms / LOWEST_MS).log10()).floor();
    (i as usize).min(MS_BUCKETS - 1)
}

pub fn bucket_upper_ms(i: usize) -> f64 {
    LOWEST_MS * 10f64.powf(i as f64 / PER_DECADE)
}

/// A dense histogram as the sparse pairs a line carries.
pub fn sparse(hist: &[u64]) -> Vec<(usize, u64)> {
    hist.iter()
        .enumerate()
        .filter(|&(_, &n)| n > 0)
        .map(|(i, &n)| (i, n))
        .collect()
}

/// Reads game lines from files; a bad line is named by file and line number.
pub fn read_games(paths: &[String]) -> Result<Vec<GameLine>, Fail> {
    let mut games = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(path)
            .map_err(|e| Fail::input(format!("cannot read {path:?}: {e}")))?;
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let game: GameLine = serde_json::from_str(line)
                .map_err(|e| Fail::input(format!("{path}:{}: not a game line: {e}", i + 1)))?;
            if game.ms_hist.iter().any(|&(b, _)| b >= MS_BUCKETS) {
                return Err(Fail::input(format!(
                    "{path}:{}: ms_hist bucket out of range",
                    i + 1
                )));
            }
            games.push(game);
        }
    }
    Ok(games)
}

/// Games grouped by player, groups in the order first seen, games by seed; a seed twice in
/// one group (a shard merged twice) is an error.
pub fn group(games: Vec<GameLine>) -> Result<Vec<Vec<GameLine>>, Fail> {
    let mut order: Vec<String> = Vec::new();
    let mut groups: BTreeMap<String, Vec<GameLine>> = BTreeMap::new();
    for game in games {
        let key = game.group_key();
        if !groups.contains_key(&key) {
            order.push(key.clone());
        }
        groups.entry(key).or_default().push(game);
    }
    let mut out = Vec::new();
    for key in order {
        let mut group = groups.remove(&key).unwrap_or_default();
        group.sort_by_key(|g| g.seed);
        if let Some(w) = group.windows(2).find(|w| w[0].seed == w[1].seed) {
            return Err(Fail::input(format!(
                "seed {} appears twice for options {} (a file given twice?)",
                w[0].seed, w[0].options
            )));
        }
        out.push(group);
    }
    Ok(out)
}
