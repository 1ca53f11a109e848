//! A very small SVG writer: the few elements the native tools' charts need (the arena's
//! comparison, the trainer's learning curve), every text escaped. Native only.

use std::fmt::Write;

/// Okabe and Ito's palette, distinguishable with the common colour-vision deficiencies.
pub const PALETTE: [&str; 8] = [
    "#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000",
];

/// Dash patterns that tell lines apart when the palette repeats (or in grey print).
pub const DASHES: [&str; 4] = ["", "6 3", "2 3", "8 3 2 3"];

pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if (c as u32) < 0x20 && c != '\t' && c != '\n' => {}
            c => out.push(c),
        }
    }
    out
}

/// Coordinates to two decimals: enough for a screen, short in the file.
fn n(x: f64) -> String {
    let s = format!("{x:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

pub struct Svg {
    body: String,
    width: f64,
    height: f64,
}

impl Svg {
    pub fn new(width: f64, height: f64) -> Svg {
        Svg {
            body: String::new(),
            width,
            height,
        }
    }

    pub fn open_group(&mut self, class: &str) {
        let _ = writeln!(self.body, "<g class=\"{}\">", escape(class));
    }

    pub fn close_group(&mut self) {
        self.body.push_str("</g>\n");
    }

    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: &str) {
        let _ = writeln!(
            self.body,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{fill}\"/>",
            n(x),
            n(y),
            n(w.max(0.0)),
            n(h.max(0.0))
        );
    }

    pub fn line(&mut self, (x1, y1): (f64, f64), (x2, y2): (f64, f64), stroke: &str, width: f64) {
        let _ = writeln!(
            self.body,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{stroke}\" stroke-width=\"{}\"/>",
            n(x1),
            n(y1),
            n(x2),
            n(y2),
            n(width)
        );
    }

    pub fn polyline(&mut self, points: &[(f64, f64)], stroke: &str, dash: &str) {
        let points: Vec<String> = points
            .iter()
            .map(|&(x, y)| format!("{},{}", n(x), n(y)))
            .collect();
        let dash = if dash.is_empty() {
            String::new()
        } else {
            format!(" stroke-dasharray=\"{dash}\"")
        };
        let _ = writeln!(
            self.body,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{stroke}\" stroke-width=\"2\"{dash}/>",
            points.join(" ")
        );
    }

    /// Text at (x, y); `anchor` is start, middle or end; `rotate` turns it about (x, y).
    pub fn text(&mut self, (x, y): (f64, f64), size: f64, anchor: &str, rotate: f64, text: &str) {
        let turn = if rotate == 0.0 {
            String::new()
        } else {
            format!(" transform=\"rotate({} {} {})\"", n(rotate), n(x), n(y))
        };
        let _ = writeln!(
            self.body,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"{anchor}\"{turn}>{}</text>",
            n(x),
            n(y),
            n(size),
            escape(text)
        );
    }

    pub fn finish(self) -> String {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
             viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\">\n\
             <rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n{}</svg>\n",
            self.body,
            w = n(self.width),
            h = n(self.height)
        )
    }
}

/// Round ticks (steps of 1, 2 or 5 times a power of ten), about `count` of them, from a
/// multiple of the step at or below `lo` to one at or above `hi`.
pub fn ticks(lo: f64, hi: f64, count: usize) -> Vec<f64> {
    if !(lo.is_finite() && hi.is_finite()) || hi <= lo {
        return vec![lo, lo + 1.0];
    }
    let raw = (hi - lo) / count.max(1) as f64;
    let power = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * power)
        .find(|s| *s >= raw * (1.0 - 1e-9))
        .unwrap_or(10.0 * power);
    let first = (lo / step + 1e-9).floor() as i64;
    let last = (hi / step - 1e-9).ceil() as i64;
    (first..=last).map(|k| k as f64 * step).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup() {
        assert_eq!(escape("a<b & \"c\"'"), "a&lt;b &amp; &quot;c&quot;&apos;");
    }

    #[test]
    fn ticks_are_round() {
        assert_eq!(ticks(0.0, 100.0, 4), vec![0.0, 50.0, 100.0]);
        assert_eq!(
            ticks(0.0, 7.0, 7),
            vec![0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]
        );
        assert_eq!(
            ticks(4500.0, 11700.0, 8),
            vec![4000.0, 5000.0, 6000.0, 7000.0, 8000.0, 9000.0, 10000.0, 11000.0, 12000.0]
        );
    }
}
