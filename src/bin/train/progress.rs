//! Progress on stderr: on a terminal an indicatif bar (games, games per second, the last
//! block's mean score and reach of 2048), elsewhere one plain line per block.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::curve::Point;

pub struct Progress {
    from: u64,
    start: Instant,
    bar: Option<ProgressBar>,
    quiet: bool,
}

impl Progress {
    pub fn new(done: u64, total: u64, quiet: bool) -> Progress {
        let bar = (!quiet && std::io::stderr().is_terminal()).then(|| {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template(
                    "[{wide_bar}] {pos}/{len} games  {msg}  {elapsed} ETA {eta}",
                )
                .expect("a valid template")
                .progress_chars("=> "),
            );
            bar.set_position(done);
            bar.set_message("first block playing");
            bar.enable_steady_tick(Duration::from_secs(1));
            bar
        });
        Progress {
            from: done,
            start: Instant::now(),
            bar,
            quiet,
        }
    }

    pub fn block(&mut self, games: u64, p: &Point) {
        let rate = (games - self.from) as f64 / self.start.elapsed().as_secs_f64().max(1e-9);
        let msg = format!(
            "{rate:.0} games/s  mean score {:.0}  2048 {:.1}%  4096 {:.1}%  8192 {:.1}%",
            p.mean_score,
            100.0 * p.reach_2048,
            100.0 * p.reach_4096,
            100.0 * p.reach_8192
        );
        match &self.bar {
            Some(bar) => {
                bar.set_position(games);
                bar.set_message(msg);
            }
            None if self.quiet => {}
            None => eprintln!("games {games}  {msg}"),
        }
    }

    /// A line of its own (above the bar on a terminal).
    pub fn note(&self, line: &str) {
        match &self.bar {
            Some(bar) => bar.println(line),
            None => eprintln!("{line}"),
        }
    }

    pub fn finish(self) {
        if let Some(bar) = self.bar {
            bar.finish();
        }
    }
}
