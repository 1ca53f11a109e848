//! The `c8` quantisation's codebooks: 256 values for one tuple's table, fitted to its weights
//! by 1-D k-means (Lloyd's algorithm) over a fine histogram, each weight counting by an
//! importance the caller gives (the trainer's export gives how often play reads it, so the
//! values sit where the weights that decide moves are, not among the many tiny weights of
//! patterns play rarely sees). Code 0 is exactly 0: never-trained entries stay 0 and the zero
//! runs of the file still take them.

/// Bins of the histogram the fit works on (over -max..max of the tuple's weights).
const BINS: usize = 1 << 16;
/// Lloyd iterations (the fit has settled well before: the codes change little after 20).
const ROUNDS: usize = 40;

/// One tuple's 256 values: `values[0]` is 0, `values[1..]` ascending.
#[derive(Clone, Debug, PartialEq)]
pub struct Book {
    pub values: [f32; 256],
}

impl Book {
    /// The code of the value nearest `w` (0 for 0; the lower code among equals).
    pub fn code(&self, w: f32) -> u8 {
        if w == 0.0 {
            return 0;
        }
        let rest = &self.values[1..];
        let p = rest.partition_point(|&c| c < w);
        let mut best = (w.abs(), 0usize);
        for j in [p.saturating_sub(1), p.min(rest.len() - 1)] {
            let d = (rest[j] - w).abs();
            if d < best.0 {
                best = (d, j + 1);
            }
        }
        best.1 as u8
    }
}

/// Fits a book to `weights`, weight i counting `importance[i]` (a non-positive or non-finite
/// importance counts nothing; when nothing counts, every weight counts 1).
pub fn fit(weights: &[f32], importance: &[f32]) -> Book {
    let top = weights
        .iter()
        .filter(|w| w.is_finite())
        .fold(0f64, |m, &w| m.max(f64::from(w.abs())));
    let mut values = [0f32; 256];
    if top == 0.0 {
        return Book { values };
    }
    let step = 2.0 * top / (BINS - 1) as f64;
    let at = |b: usize| -top + b as f64 * step;
    // The histogram: for each bin, the weights' total importance and importance x weight.
    let histogram = |counts: &dyn Fn(usize) -> f64| {
        let mut mass = vec![0f64; BINS];
        let mut moment = vec![0f64; BINS];
        for (i, &w) in weights.iter().enumerate() {
            let c = counts(i);
            if w != 0.0 && w.is_finite() && c > 0.0 {
                let b = (((f64::from(w) + top) / step).round() as usize).min(BINS - 1);
                mass[b] += c;
                moment[b] += c * f64::from(w);
            }
        }
        mass.iter().sum::<f64>().gt(&0.0).then_some((mass, moment))
    };
    let given = |i: usize| {
        let c = f64::from(importance.get(i).copied().unwrap_or(0.0));
        if c.is_finite() {
            c
        } else {
            0.0
        }
    };
    let Some((mass, moment)) = histogram(&given).or_else(|| histogram(&|_| 1.0)) else {
        return Book { values };
    };
    let total: f64 = mass.iter().sum();
    // Start at the importance's quantiles.
    let mut centres = Vec::with_capacity(255);
    let mut seen = 0.0;
    for (b, &m) in mass.iter().enumerate() {
        seen += m;
        while centres.len() < 255 && seen >= total * (centres.len() as f64 + 0.5) / 255.0 {
            centres.push(at(b));
        }
    }
    while centres.len() < 255 {
        centres.push(top);
    }
    for _ in 0..ROUNDS {
        // 0 takes part in the assignment, fixed.
        let mut all = centres.clone();
        all.push(0.0);
        insertion_sort(&mut all);
        let mut sum_mass = vec![0f64; all.len()];
        let mut sum_moment = vec![0f64; all.len()];
        let mut j = 0;
        for b in 0..BINS {
            if mass[b] == 0.0 {
                continue;
            }
            // The bin's own mean, not its middle: a weight alone in its bin is kept exactly.
            let x = moment[b] / mass[b];
            // `<=`: past equal centres (a duplicate must not hide a nearer one behind it).
            while j + 1 < all.len() && (all[j + 1] - x).abs() <= (all[j] - x).abs() {
                j += 1;
            }
            sum_mass[j] += mass[b];
            sum_moment[j] += moment[b];
        }
        let mut zero_seen = false;
        centres.clear();
        for (k, &c) in all.iter().enumerate() {
            if c == 0.0 && !zero_seen {
                zero_seen = true;
                continue;
            }
            centres.push(if sum_mass[k] > 0.0 {
                sum_moment[k] / sum_mass[k]
            } else {
                c
            });
        }
    }
    insertion_sort(&mut centres);
    for (v, &c) in values[1..].iter_mut().zip(&centres) {
        *v = c as f32;
    }
    Book { values }
}

/// Sorts 256 values that are nearly in order already (Lloyd keeps the centres in order but
/// for an empty cluster's): a few lines, where the standard sort adds kilobytes to the wasm.
fn insertion_sort(v: &mut [f64]) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && v[j - 1] > v[j] {
            v.swap(j - 1, j);
            j -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn few_distinct_weights_are_kept_exactly() {
        let weights = [0.0, 5.0, -3.5, 5.0, 1000.0, 0.0, -3.5];
        let book = fit(&weights, &[1.0; 7]);
        for w in weights {
            assert_eq!(book.values[usize::from(book.code(w))], w, "{w}");
        }
        assert_eq!(book.code(0.0), 0);
    }

    #[test]
    fn the_values_go_where_the_importance_is() {
        // 1,000 weights spread over 0..10,000; only those near 5,000 matter.
        let weights: Vec<f32> = (1..=1000).map(|i| i as f32 * 10.0).collect();
        let near = |w: f32| (w - 5000.0).abs() < 500.0;
        let importance: Vec<f32> = weights
            .iter()
            .map(|&w| if near(w) { 100.0 } else { 0.01 })
            .collect();
        let err = |book: &Book| {
            weights
                .iter()
                .filter(|&&w| near(w))
                .map(|&w| (book.values[usize::from(book.code(w))] - w).abs())
                .fold(0f32, f32::max)
        };
        let weighted = err(&fit(&weights, &importance));
        let plain = err(&fit(&weights, &[1.0; 1000]));
        assert!(
            weighted * 2.0 < plain,
            "off by {weighted} where it matters, {plain} counted alike"
        );
        eprintln!("off by {weighted} where it matters, {plain} counted alike");
    }
}
