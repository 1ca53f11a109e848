//! What a set of games shows, computed from their lines alone: the per-run table, the
//! columns of `compare`, and the objectives that `sweep` and `tune` rank by.

use crate::jsonl::{bucket_upper_ms, parse_tile, tile_name, GameLine, MS_BUCKETS};

/// What `sweep`, `tune` and `merge` rank configurations by (higher is better).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Objective {
    /// Mean score.
    Score,
    /// The share of games whose largest tile is at least 2^e.
    Reach(u8),
}

impl Objective {
    /// `score` or `reach:TILE`; the error says what is expected (clap names the option).
    pub fn parse(text: &str) -> Result<Objective, String> {
        if text == "score" {
            return Ok(Objective::Score);
        }
        match text.strip_prefix("reach:").map(parse_tile) {
            Some(Ok(t)) => Ok(Objective::Reach(t.trailing_zeros() as u8)),
            _ => Err("must be score or reach:TILE (e.g. reach:2048)".into()),
        }
    }

    pub fn name(self) -> String {
        match self {
            Objective::Score => "score".into(),
            Objective::Reach(e) => format!("reach:{}", tile_name(e)),
        }
    }

    pub fn of(self, s: &Summary) -> f64 {
        match self {
            Objective::Score => s.score_mean(),
            Objective::Reach(e) => s.share_reaching(e),
        }
    }
}

/// Everything the tables show about one player's games.
pub struct Summary {
    pub games: usize,
    pub size: usize,
    pub until: Option<u64>,
    pub options: String,
    pub seeds: (u64, u64),
    /// Sorted.
    pub scores: Vec<u64>,
    /// The largest exponent of each game.
    pub largest: Vec<u8>,
    pub moves: u64,
    pub micros: u64,
    pub nodes: u64,
    pub depth_sum: u64,
    pub hist: Vec<u64>,
}

impl Summary {
    pub fn of(games: &[GameLine]) -> Summary {
        let mut hist = vec![0u64; MS_BUCKETS];
        for g in games {
            for &(b, n) in &g.ms_hist {
                hist[b.min(MS_BUCKETS - 1)] += n;
            }
        }
        let mut scores: Vec<u64> = games.iter().map(|g| g.score).collect();
        scores.sort_unstable();
        let first = games.first();
        Summary {
            games: games.len(),
            size: first.map_or(0, |g| g.size),
            until: first.and_then(|g| g.until),
            options: first.map_or(String::new(), |g| g.options.to_string()),
            seeds: (
                games.iter().map(|g| g.seed).min().unwrap_or(0),
                games.iter().map(|g| g.seed).max().unwrap_or(0),
            ),
            scores,
            largest: games.iter().map(GameLine::largest_exponent).collect(),
            moves: games.iter().map(|g| g.moves).sum(),
            micros: games.iter().map(GameLine::micros).sum(),
            nodes: games.iter().map(|g| g.nodes).sum(),
            depth_sum: games.iter().map(|g| g.depth_sum).sum(),
            hist,
        }
    }

    pub fn top(&self) -> u8 {
        self.largest.iter().copied().max().unwrap_or(0)
    }

    pub fn reaching(&self, e: u8) -> usize {
        self.largest.iter().filter(|&&l| l >= e).count()
    }

    pub fn share_reaching(&self, e: u8) -> f64 {
        self.reaching(e) as f64 / self.games.max(1) as f64
    }

    pub fn score_mean(&self) -> f64 {
        self.scores.iter().sum::<u64>() as f64 / self.games.max(1) as f64
    }

    pub fn score_median(&self) -> u64 {
        self.scores.get(self.games / 2).copied().unwrap_or(0)
    }

    pub fn moves_mean(&self) -> f64 {
        self.moves as f64 / self.games.max(1) as f64
    }

    pub fn nodes_per_move(&self) -> f64 {
        self.nodes as f64 / self.moves.max(1) as f64
    }

    pub fn depth_mean(&self) -> f64 {
        self.depth_sum as f64 / self.moves.max(1) as f64
    }

    /// Nodes and depths are known (JSON lines from before they were recorded have none).
    fn searched(&self) -> bool {
        self.nodes > 0
    }

    /// Think times are known (older JSON lines carry no histogram).
    fn timed(&self) -> bool {
        self.hist.iter().any(|&n| n > 0)
    }

    fn nodes_text(&self) -> String {
        known(self.searched(), format!("{:.0}", self.nodes_per_move()))
    }

    fn depth_text(&self) -> String {
        known(self.searched(), format!("{:.2}", self.depth_mean()))
    }

    fn quantile_text(&self, q: f64) -> String {
        known(self.timed(), ms(self.ms_quantile(q)))
    }

    /// Moves (or nodes) per second of a thread's busy time.
    pub fn per_second(&self, count: u64) -> f64 {
        count as f64 / (self.micros as f64 / 1e6).max(1e-9)
    }

    /// The upper edge of the bucket holding the q-quantile think time, in ms.
    pub fn ms_quantile(&self, q: f64) -> f64 {
        let total: u64 = self.hist.iter().sum();
        if total == 0 {
            return 0.0;
        }
        let rank = ((q * total as f64).ceil() as u64).clamp(1, total);
        let mut seen = 0;
        for (i, &n) in self.hist.iter().enumerate() {
            seen += n;
            if seen >= rank {
                return bucket_upper_ms(i);
            }
        }
        bucket_upper_ms(MS_BUCKETS - 1)
    }

    /// The tiles the table lists: 256 up to the largest reached.
    pub fn table_tiles(&self) -> std::ops::RangeInclusive<u8> {
        8..=self.top()
    }

    /// The per-run table; `timing` adds the line whose figures depend on the machine.
    pub fn table(&self, timing: bool) -> Vec<String> {
        let mut lines = vec![self.header()];
        if self.games == 0 {
            return lines;
        }
        lines.push(format!(
            "{:>8}  {:>7}  {:>17}",
            "tile", "reached", "95% interval"
        ));
        for e in self.table_tiles() {
            let (lo, hi) = wilson(self.reaching(e), self.games);
            lines.push(format!(
                "{:>8}  {:>6.1}%  {:>6.1}% - {:>5.1}%",
                tile_name(e),
                100.0 * self.share_reaching(e),
                100.0 * lo,
                100.0 * hi
            ));
        }
        lines.push(format!(
            "score mean {:.0}  median {}  max {}",
            self.score_mean(),
            self.score_median(),
            self.scores.last().unwrap_or(&0)
        ));
        lines.push(format!(
            "moves mean {:.0}  nodes per move {}  depth mean {}",
            self.moves_mean(),
            self.nodes_text(),
            self.depth_text()
        ));
        if timing {
            lines.push(format!(
                "time  ms per move p50 {}  p99 {}  moves per second {:.0} per thread  nodes per second {} per thread",
                self.quantile_text(0.5),
                self.quantile_text(0.99),
                self.per_second(self.moves),
                known(self.searched(), format!("{:.0}", self.per_second(self.nodes)))
            ));
        }
        lines
    }

    fn header(&self) -> String {
        let until = self
            .until
            .map(|t| format!("  until {t}"))
            .unwrap_or_default();
        format!(
            "games {}  size {}  options {}{until}  seeds {}..{}",
            self.games, self.size, self.options, self.seeds.0, self.seeds.1
        )
    }
}

/// Think times to three significant digits.
pub fn ms(x: f64) -> String {
    let decimals = if x <= 0.0 {
        3
    } else {
        (2 - x.log10().floor() as i32).clamp(0, 6) as usize
    };
    format!("{x:.decimals$}")
}

/// The 95% Wilson score interval of `k` successes out of `n`.
pub fn wilson(k: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (k, n, z) = (k as f64, n as f64, 1.96f64);
    let p = k / n;
    let denom = 1.0 + z * z / n;
    let center = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    ((center - half).max(0.0), (center + half).min(1.0))
}

/// Several summaries side by side: one column per player, one row per figure.
pub fn columns(names: &[String], summaries: &[Summary], timing: bool) -> Vec<String> {
    let mut rows: Vec<(String, Vec<String>)> = Vec::new();
    let mut row = |name: &str, f: &dyn Fn(&Summary) -> String| {
        rows.push((name.to_string(), summaries.iter().map(f).collect()));
    };
    row("games", &|s| s.games.to_string());
    let top = summaries.iter().map(Summary::top).max().unwrap_or(0);
    for e in 8..=top {
        row(&format!("reached {}", tile_name(e)), &move |s| {
            let (lo, hi) = wilson(s.reaching(e), s.games);
            let share = 100.0 * s.share_reaching(e);
            format!("{share:.1}% ({:.1}-{:.1})", 100.0 * lo, 100.0 * hi)
        });
    }
    row("score mean", &|s| format!("{:.0}", s.score_mean()));
    row("score median", &|s| s.score_median().to_string());
    row("score max", &|s| s.scores.last().unwrap_or(&0).to_string());
    row("moves mean", &|s| format!("{:.0}", s.moves_mean()));
    row("nodes per move", &|s| s.nodes_text());
    row("depth mean", &|s| s.depth_text());
    if timing {
        row("ms per move p50", &|s| s.quantile_text(0.5));
        row("ms per move p99", &|s| s.quantile_text(0.99));
        row("moves/s per thread", &|s| {
            format!("{:.0}", s.per_second(s.moves))
        });
    }
    let first = rows.iter().map(|r| r.0.len()).max().unwrap_or(0);
    let widths: Vec<usize> = (0..names.len())
        .map(|c| {
            rows.iter()
                .map(|r| r.1[c].len())
                .chain([names[c].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |label: &str, cells: &[String]| {
        let mut s = format!("{label:<first$}");
        for (cell, w) in cells.iter().zip(&widths) {
            s.push_str(&format!("  {cell:>w$}"));
        }
        s.trim_end().to_string()
    };
    let mut out = vec![line("", names)];
    out.extend(rows.iter().map(|(label, cells)| line(label, cells)));
    out
}

/// `text`, or "n/a" when the figure was not recorded.
fn known(recorded: bool, text: String) -> String {
    if recorded {
        text
    } else {
        "n/a".to_string()
    }
}

/// The games `keep` selects: one player's (or configuration's) share of a run.
pub fn games_where(games: &[GameLine], keep: impl Fn(&GameLine) -> bool) -> Vec<GameLine> {
    games.iter().filter(|&g| keep(g)).cloned().collect()
}
