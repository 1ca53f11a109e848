//! The chart `compare --svg` writes: the share of games reaching each tile (grouped bars with
//! 95% intervals) and the distribution of final scores (one CDF per strategy).

use crate::jsonl::tile_name;
use crate::stats::{wilson, Summary};
use crate::svg::{ticks, Svg, DASHES, PALETTE};

const WIDTH: f64 = 960.0;
const LEFT: f64 = 90.0;
const RIGHT: f64 = 930.0;
const PANEL: f64 = 260.0;

fn colour(i: usize) -> &'static str {
    PALETTE[i % PALETTE.len()]
}

fn dash(i: usize) -> &'static str {
    DASHES[(i / PALETTE.len() + i) % DASHES.len()]
}

/// The tiles worth showing: from just below the first one some strategy misses, at most 14.
fn tile_range(summaries: &[Summary]) -> (u8, u8) {
    let hi = summaries.iter().map(Summary::top).max().unwrap_or(1).max(1);
    let first_missed = (1..=hi)
        .find(|&e| summaries.iter().any(|s| s.reaching(e) < s.games))
        .unwrap_or(hi);
    let lo = first_missed
        .saturating_sub(1)
        .max(1)
        .max(hi.saturating_sub(13));
    (lo, hi)
}

/// Axes with horizontal grid lines at `y_ticks` (fractions shown as percent).
fn y_axis(svg: &mut Svg, top: f64, label: &str) {
    let bottom = top + PANEL;
    for t in [0.0, 0.25, 0.5, 0.75, 1.0] {
        let y = bottom - t * PANEL;
        svg.line((LEFT, y), (RIGHT, y), "#dddddd", 1.0);
        svg.text(
            (LEFT - 8.0, y + 4.0),
            12.0,
            "end",
            0.0,
            &format!("{:.0}%", 100.0 * t),
        );
    }
    svg.line((LEFT, top), (LEFT, bottom), "#333333", 1.0);
    svg.line((LEFT, bottom), (RIGHT, bottom), "#333333", 1.0);
    let middle = top + PANEL / 2.0;
    svg.text((28.0, middle), 13.0, "middle", -90.0, label);
}

pub fn compare_svg(title: &str, names: &[String], summaries: &[Summary]) -> String {
    let legend_top = 50.0;
    let bars_top = legend_top + 20.0 * names.len() as f64 + 30.0;
    let cdf_top = bars_top + PANEL + 90.0;
    let mut svg = Svg::new(WIDTH, cdf_top + PANEL + 60.0);
    svg.text(
        (WIDTH / 2.0, 28.0),
        17.0,
        "middle",
        0.0,
        &format!("arena compare: {title}"),
    );

    svg.open_group("legend");
    for (i, name) in names.iter().enumerate() {
        let y = legend_top + 20.0 * i as f64;
        svg.open_group("legend-entry");
        svg.rect(LEFT, y, 14.0, 14.0, colour(i));
        let line = [(LEFT + 20.0, y + 7.0), (LEFT + 50.0, y + 7.0)];
        svg.polyline(&line, colour(i), dash(i));
        svg.text((LEFT + 58.0, y + 12.0), 13.0, "start", 0.0, name);
        svg.close_group();
    }
    svg.close_group();

    // Share of games reaching each tile.
    let (lo, hi) = tile_range(summaries);
    let bottom = bars_top + PANEL;
    svg.open_group("reach");
    y_axis(&mut svg, bars_top, "games reaching the tile");
    let group = (RIGHT - LEFT) / f64::from(hi - lo + 1);
    let bar = group * 0.8 / names.len().max(1) as f64;
    for (g, e) in (lo..=hi).enumerate() {
        let x0 = LEFT + group * (g as f64 + 0.1);
        for (i, s) in summaries.iter().enumerate() {
            let x = x0 + bar * i as f64;
            let share = s.share_reaching(e);
            svg.rect(
                x,
                bottom - share * PANEL,
                bar * 0.92,
                share * PANEL,
                colour(i),
            );
            if s.games > 0 {
                let (l, h) = wilson(s.reaching(e), s.games);
                let mid = x + bar * 0.46;
                svg.line(
                    (mid, bottom - l * PANEL),
                    (mid, bottom - h * PANEL),
                    "#333333",
                    1.0,
                );
            }
        }
        let centre = LEFT + group * (g as f64 + 0.5);
        svg.text((centre, bottom + 18.0), 12.0, "middle", 0.0, &tile_name(e));
    }
    let label = "largest tile reached (bars: share of games, whiskers: 95% interval)";
    svg.text(
        ((LEFT + RIGHT) / 2.0, bottom + 40.0),
        13.0,
        "middle",
        0.0,
        label,
    );
    svg.close_group();

    // Score distribution: the share of games scoring at most x.
    let bottom = cdf_top + PANEL;
    svg.open_group("scores");
    y_axis(&mut svg, cdf_top, "games scoring at most x");
    let all = || summaries.iter().flat_map(|s| s.scores.iter().copied());
    let (lo, hi) = (
        all().min().unwrap_or(0) as f64,
        all().max().unwrap_or(1) as f64,
    );
    let x_ticks = ticks(lo, hi.max(lo + 1.0), 8);
    let x_min = x_ticks[0];
    let x_max = x_ticks[x_ticks.len() - 1];
    let sx = |score: f64| LEFT + (RIGHT - LEFT) * (score - x_min) / (x_max - x_min);
    for &t in &x_ticks {
        svg.line((sx(t), bottom), (sx(t), bottom + 5.0), "#333333", 1.0);
        svg.text(
            (sx(t), bottom + 18.0),
            12.0,
            "middle",
            0.0,
            &format!("{t:.0}"),
        );
    }
    for (i, s) in summaries.iter().enumerate() {
        let n = s.scores.len();
        if n == 0 {
            continue;
        }
        let mut points = vec![(sx(x_min), bottom)];
        for (k, &score) in s.scores.iter().enumerate() {
            let x = sx(score as f64);
            points.push((x, bottom - PANEL * k as f64 / n as f64));
            points.push((x, bottom - PANEL * (k + 1) as f64 / n as f64));
        }
        points.push((sx(x_max), bottom - PANEL));
        svg.polyline(&points, colour(i), dash(i));
    }
    svg.text(
        ((LEFT + RIGHT) / 2.0, bottom + 40.0),
        13.0,
        "middle",
        0.0,
        "final score",
    );
    svg.close_group();
    svg.finish()
}
