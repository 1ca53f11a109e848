//! The learning curve as SVG (the library's small writer, shared with the arena): above, the
//! share of games reaching 2048 to 32768; below, the mean score. Drawn from the evaluations of
//! whole games (eval.jsonl) when the run has them, else from the training blocks.

use game2048::svg::{ticks, Svg, DASHES, PALETTE};

use std::fs;
use std::path::Path;

use crate::curve::{read, read_eval};

/// One point of a curve: games trained, the share reaching each tile, the mean score.
pub struct Row {
    pub games: u64,
    pub reach: [f64; 5],
    pub mean_score: f64,
}

const LEFT: f64 = 90.0;
const RIGHT: f64 = 930.0;
const PANEL: f64 = 240.0;

fn panel(
    svg: &mut Svg,
    top: f64,
    x_max: f64,
    y_ticks: &[f64],
    y_max: f64,
    label: &str,
    fmt: &dyn Fn(f64) -> String,
) {
    let bottom = top + PANEL;
    for &t in y_ticks {
        let y = bottom - t / y_max * PANEL;
        svg.line((LEFT, y), (RIGHT, y), "#dddddd", 1.0);
        svg.text((LEFT - 8.0, y + 4.0), 12.0, "end", 0.0, &fmt(t));
    }
    for t in ticks(0.0, x_max, 8) {
        let x = LEFT + t / x_max * (RIGHT - LEFT);
        svg.line((x, bottom), (x, bottom + 5.0), "#333333", 1.0);
        svg.text((x, bottom + 18.0), 12.0, "middle", 0.0, &format!("{t}"));
    }
    svg.line((LEFT, bottom), (RIGHT, bottom), "#333333", 1.0);
    svg.text((20.0, top + PANEL / 2.0), 13.0, "middle", -90.0, label);
}

/// The chart of `points` (in game order), titled `title`.
pub fn learning_curve(points: &[Row], title: &str) -> String {
    let mut svg = Svg::new(960.0, 640.0);
    let x_max = points.last().map_or(1.0, |p| p.games as f64).max(1.0);
    let x = |games: u64| LEFT + games as f64 / x_max * (RIGHT - LEFT);
    svg.text((480.0, 24.0), 16.0, "middle", 0.0, title);
    let top = 50.0;
    panel(
        &mut svg,
        top,
        x_max,
        &[0.0, 0.25, 0.5, 0.75, 1.0],
        1.0,
        "share of games reaching",
        &|t| format!("{:.0}%", 100.0 * t),
    );
    let names = ["2048", "4096", "8192", "16384", "32768"];
    for (i, name) in names.iter().enumerate() {
        let line: Vec<(f64, f64)> = points
            .iter()
            .map(|p| (x(p.games), top + PANEL - p.reach[i] * PANEL))
            .collect();
        svg.polyline(&line, PALETTE[i], DASHES[i % DASHES.len()]);
        svg.text(
            (RIGHT - 300.0 + 60.0 * i as f64, top + 14.0),
            12.0,
            "start",
            0.0,
            name,
        );
        svg.line(
            (RIGHT - 300.0 + 60.0 * i as f64 - 4.0, top + 18.0),
            (RIGHT - 260.0 + 60.0 * i as f64, top + 18.0),
            PALETTE[i],
            3.0,
        );
    }
    let top = 350.0;
    let score_max = points.iter().map(|p| p.mean_score).fold(1.0, f64::max);
    let score_ticks = ticks(0.0, score_max, 5);
    let y_max = score_ticks.last().copied().unwrap_or(score_max).max(1.0);
    panel(
        &mut svg,
        top,
        x_max,
        &score_ticks,
        y_max,
        "mean score",
        &|t| format!("{t}"),
    );
    let line: Vec<(f64, f64)> = points
        .iter()
        .map(|p| (x(p.games), top + PANEL - p.mean_score / y_max * PANEL))
        .collect();
    svg.polyline(&line, PALETTE[0], "");
    svg.text((480.0, 630.0), 13.0, "middle", 0.0, "games played");
    svg.finish()
}

/// The run's curve as an SVG chart in `out`: the evaluations in `eval` (JSON lines) when there
/// are any, else the training blocks in `curve`.
pub fn write_svg(curve: &Path, eval: &Path, out: &Path) -> Result<(), String> {
    let evals = read_eval(eval)?;
    let svg = if evals.is_empty() {
        let rows: Vec<Row> = read(curve)?
            .iter()
            .map(|p| Row {
                games: p.games,
                reach: [
                    p.reach_2048,
                    p.reach_4096,
                    p.reach_8192,
                    p.reach_16384,
                    p.reach_32768,
                ],
                mean_score: p.mean_score,
            })
            .collect();
        learning_curve(
            &rows,
            "Learning curve: each point is one block of training games",
        )
    } else {
        let rows: Vec<Row> = evals
            .iter()
            .map(|p| Row {
                games: p.games,
                reach: [
                    p.reach_2048,
                    p.reach_4096,
                    p.reach_8192,
                    p.reach_16384,
                    p.reach_32768,
                ],
                mean_score: p.mean_score,
            })
            .collect();
        let played = evals.last().map_or(0, |e| e.played);
        learning_curve(
            &rows,
            &format!("Learning curve: {played} whole games at 1 ply at each checkpoint"),
        )
    };
    fs::write(out, svg).map_err(|e| format!("cannot write {}: {e}", out.display()))
}
