//! The learning curve as SVG (the library's small writer, shared with the arena): above, the
//! share of each block's games reaching 2048, 4096, 8192 and 16384; below, the mean score.

use game2048::svg::{ticks, Svg, DASHES, PALETTE};

use std::fs;
use std::path::Path;

use crate::curve::{read, Point};

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

/// A line of the top panel: its name and what it reads from a point.
type Series = (&'static str, fn(&Point) -> f64);

/// The chart of `points` (in game order).
pub fn learning_curve(points: &[Point]) -> String {
    let mut svg = Svg::new(960.0, 640.0);
    let x_max = points.last().map_or(1.0, |p| p.games as f64).max(1.0);
    let x = |games: u64| LEFT + games as f64 / x_max * (RIGHT - LEFT);
    svg.text(
        (480.0, 24.0),
        16.0,
        "middle",
        0.0,
        "Learning curve: each point is one block of training games",
    );
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
    let series: [Series; 4] = [
        ("2048", |p| p.reach_2048),
        ("4096", |p| p.reach_4096),
        ("8192", |p| p.reach_8192),
        ("16384", |p| p.reach_16384),
    ];
    for (i, (name, get)) in series.iter().enumerate() {
        let line: Vec<(f64, f64)> = points
            .iter()
            .map(|p| (x(p.games), top + PANEL - get(p) * PANEL))
            .collect();
        svg.polyline(&line, PALETTE[i], DASHES[i % DASHES.len()]);
        svg.text(
            (RIGHT - 240.0 + 60.0 * i as f64, top + 14.0),
            12.0,
            "start",
            0.0,
            name,
        );
        svg.line(
            (RIGHT - 240.0 + 60.0 * i as f64 - 4.0, top + 18.0),
            (RIGHT - 200.0 + 60.0 * i as f64, top + 18.0),
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

/// The curve in `curve` (JSON lines) as an SVG chart in `out`.
pub fn write_svg(curve: &Path, out: &Path) -> Result<(), String> {
    let svg = learning_curve(&read(curve)?);
    fs::write(out, svg).map_err(|e| format!("cannot write {}: {e}", out.display()))
}
