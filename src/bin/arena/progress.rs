//! Progress of a pool of games on stderr. On a terminal: an indicatif bar (games done, games
//! and moves per second, best tile, ETA). Elsewhere (a log file, a Slurm job's output): one
//! plain line at every tenth of the games and at most every 10 s in between, never a
//! carriage return.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::jsonl::tile_name;

/// A log gets a line at least this often while games finish.
const LOG_EVERY: Duration = Duration::from_secs(10);

pub struct Progress {
    tag: String,
    total: u64,
    done: u64,
    moves: u64,
    best: u8,
    start: Instant,
    view: View,
}

enum View {
    Bar(ProgressBar),
    /// When the last line was written, and the tenth of the games it had reached.
    Log {
        last: Instant,
        tenth: u64,
    },
}

impl Progress {
    /// `tag` starts every line (e.g. "generation 2/10 ").
    pub fn new(tag: &str, total: usize) -> Progress {
        let total = total as u64;
        let start = Instant::now();
        let view = if std::io::stderr().is_terminal() {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
            let style = ProgressStyle::with_template(
                "{prefix}[{wide_bar}] {pos}/{len} games  {msg}  {elapsed} ETA {eta}",
            )
            .expect("a valid template")
            .progress_chars("=> ");
            bar.set_style(style);
            bar.set_prefix(tag.to_string());
            bar.set_message("first games playing");
            // Keeps the elapsed time moving while long games play.
            bar.enable_steady_tick(Duration::from_secs(1));
            View::Bar(bar)
        } else {
            View::Log {
                last: start,
                tenth: 0,
            }
        };
        Progress {
            tag: tag.to_string(),
            total,
            done: 0,
            moves: 0,
            best: 0,
            start,
            view,
        }
    }

    /// One more game finished, with this many moves and this largest tile exponent.
    pub fn game(&mut self, moves: u64, largest: u8) {
        self.done += 1;
        self.moves += moves;
        self.best = self.best.max(largest);
        let rates = self.rates();
        match &mut self.view {
            View::Bar(bar) => {
                bar.set_message(rates);
                bar.set_position(self.done);
            }
            View::Log { last, tenth } => {
                let now_tenth = self.done * 10 / self.total.max(1);
                if now_tenth > *tenth || last.elapsed() >= LOG_EVERY {
                    *tenth = now_tenth;
                    *last = Instant::now();
                    eprintln!("{}", self.line(&rates));
                }
            }
        }
    }

    /// Leaves the bar at its final state (a log already has its last line).
    pub fn finish(self) {
        if let View::Bar(bar) = &self.view {
            bar.finish();
        }
    }

    fn rates(&self) -> String {
        let seconds = self.start.elapsed().as_secs_f64().max(1e-9);
        format!(
            "best {}  {:.1} games/s  {:.0} moves/s",
            tile_name(self.best),
            self.done as f64 / seconds,
            self.moves as f64 / seconds
        )
    }

    fn line(&self, rates: &str) -> String {
        let elapsed = self.start.elapsed().as_secs_f64();
        let eta = elapsed / self.done as f64 * (self.total - self.done) as f64;
        format!(
            "{}games {}/{} ({:.0}%)  {rates}  elapsed {elapsed:.0}s  ETA {eta:.0}s",
            self.tag,
            self.done,
            self.total,
            100.0 * self.done as f64 / self.total.max(1) as f64
        )
    }
}
