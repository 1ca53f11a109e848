//! The ranges file of `sweep` and `tune`: a strategy, its base options, and for each weight
//! either a list of values, a `{min, max, steps}` grid, or a `{min, max}` range; optionally
//! `"sample": N` random points drawn with `"seed"`.
//!
//! ```json
//! {"strategy": "expectimax", "options": {"nodes": 2000},
//!  "weights": {"empty": [200, 270], "merges": {"min": 300, "max": 900, "steps": 3},
//!              "sum": {"min": 5, "max": 20}},
//!  "sample": 10, "seed": 7}
//! ```

use game2048::rng::GameRng;
use rand::RngCore;
use serde_json::{Map, Value};

use crate::args::Cli;
use crate::fail::Fail;
use crate::play::Player;

#[derive(Clone, Debug)]
pub enum Values {
    List(Vec<f64>),
    Range {
        min: f64,
        max: f64,
        steps: Option<u64>,
    },
}

pub struct Ranges {
    pub path: String,
    pub options: Map<String, Value>,
    pub weights: Vec<(String, Values)>,
    pub sample: Option<u64>,
    pub seed: u64,
}

const MAX_CONFIGS: usize = 100_000;

impl Ranges {
    pub fn load(path: &str) -> Result<Ranges, Fail> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| Fail::input(format!("cannot read ranges file {path:?}: {e}")))?;
        let bad = |field: &str, why: &str| Fail::input(format!("{path}: {field}: {why}"));
        let json: Value = serde_json::from_str(&text)
            .map_err(|e| Fail::input(format!("{path}: not JSON: {e}")))?;
        let Value::Object(top) = json else {
            return Err(bad("(top level)", "must be a JSON object"));
        };
        if let Some(k) = top
            .keys()
            .find(|k| !["strategy", "options", "weights", "sample", "seed"].contains(&k.as_str()))
        {
            return Err(bad(
                k,
                "unknown field (use strategy, options, weights, sample, seed)",
            ));
        }
        let mut options = match top.get("options") {
            None => Map::new(),
            Some(Value::Object(o)) => o.clone(),
            Some(_) => return Err(bad("options", "must be an object of AI options")),
        };
        match top.get("strategy") {
            Some(Value::String(s)) => {
                options.insert("strategy".into(), s.as_str().into());
            }
            _ => return Err(bad("strategy", "must be a strategy name (a string)")),
        }
        let Some(Value::Object(spec)) = top.get("weights") else {
            return Err(bad(
                "weights",
                "must be an object naming the weights to vary",
            ));
        };
        if spec.is_empty() {
            return Err(bad("weights", "names no weight"));
        }
        let mut weights = Vec::new();
        for (name, v) in spec {
            let field = format!("weights.{name}");
            weights.push((name.clone(), values(v).map_err(|why| bad(&field, &why))?));
        }
        let count = |key: &str, min: u64| match top.get(key) {
            None => Ok(None),
            Some(v) => match v.as_u64() {
                Some(n) if n >= min => Ok(Some(n)),
                _ => Err(bad(key, &format!("must be a whole number, at least {min}"))),
            },
        };
        let sample = count("sample", 1)?;
        let seed = count("seed", 0)?.unwrap_or(1);
        Ok(Ranges {
            path: path.to_string(),
            options,
            weights,
            sample,
            seed,
        })
    }

    /// Every weight's smallest and largest value.
    pub fn bounds(&self) -> Vec<(f64, f64)> {
        self.weights
            .iter()
            .map(|(_, v)| match v {
                Values::List(l) => (
                    l.iter().copied().fold(f64::INFINITY, f64::min),
                    l.iter().copied().fold(f64::NEG_INFINITY, f64::max),
                ),
                Values::Range { min, max, .. } => (*min, *max),
            })
            .collect()
    }

    /// The weight vectors a sweep plays: the grid, or `sample` random points.
    pub fn configs(&self) -> Result<Vec<Vec<f64>>, Fail> {
        if let Some(n) = self.sample {
            let mut rng = Rand::new(self.seed, 0);
            return Ok((0..n)
                .map(|_| {
                    self.weights
                        .iter()
                        .map(|(_, v)| match v {
                            Values::List(l) => l[(rng.uniform() * l.len() as f64) as usize],
                            Values::Range { min, max, .. } => {
                                round_sig(min + (max - min) * rng.uniform(), 6)
                            }
                        })
                        .collect()
                })
                .collect());
        }
        let mut axes = Vec::new();
        for (name, v) in &self.weights {
            axes.push(match v {
                Values::List(l) => l.clone(),
                Values::Range {
                    min,
                    max,
                    steps: Some(s),
                } => (0..*s)
                    .map(|i| round_sig(min + (max - min) * i as f64 / (*s - 1).max(1) as f64, 10))
                    .collect(),
                Values::Range { steps: None, .. } => {
                    return Err(Fail::input(format!(
                        "{}: weights.{name}: a grid needs \"steps\" (or give \"sample\": N)",
                        self.path
                    )))
                }
            });
        }
        let total = axes.iter().try_fold(1usize, |n, a| n.checked_mul(a.len()));
        if total.is_none_or(|t| t > MAX_CONFIGS) {
            return Err(Fail::input(format!(
                "{}: weights: the grid has more than {MAX_CONFIGS} points; use \"sample\"",
                self.path
            )));
        }
        let mut grid = vec![Vec::new()];
        for axis in &axes {
            grid = grid
                .iter()
                .flat_map(|point| {
                    axis.iter().map(move |&x| {
                        let mut p: Vec<f64> = point.clone();
                        p.push(x);
                        p
                    })
                })
                .collect();
        }
        Ok(grid)
    }

    /// The weights as a JSON object.
    pub fn weights_json(&self, point: &[f64]) -> Map<String, Value> {
        self.weights
            .iter()
            .zip(point)
            .map(|((name, _), &x)| (name.clone(), json_number(x)))
            .collect()
    }

    /// A player with the base options and these weights (over any base weights).
    pub fn player(&self, cli: &Cli, point: &[f64], config: usize) -> Result<Player, Fail> {
        let swept = self.weights_json(point);
        let mut options = self.options.clone();
        let mut weights = match options.remove("weights") {
            Some(Value::Object(w)) => w,
            _ => Map::new(),
        };
        weights.extend(swept.clone());
        options.insert("weights".into(), Value::Object(weights));
        let origin = format!("{}, config {config}", self.path);
        let mut player = Player::new(options, cli.ai_seed, cli.seed, &origin)?;
        player.config = Some(config);
        player.weights = Some(Value::Object(swept));
        Ok(player)
    }
}

fn values(v: &Value) -> Result<Values, String> {
    match v {
        Value::Array(items) => {
            let list: Option<Vec<f64>> = items.iter().map(Value::as_f64).collect();
            match list {
                Some(l) if !l.is_empty() => Ok(Values::List(l)),
                _ => Err("a list must hold at least one number, and only numbers".into()),
            }
        }
        Value::Object(o) => {
            if let Some(k) = o
                .keys()
                .find(|k| !["min", "max", "steps"].contains(&k.as_str()))
            {
                return Err(format!("unknown field {k:?} (use min, max, steps)"));
            }
            let num = |k: &str| {
                o.get(k)
                    .and_then(Value::as_f64)
                    .ok_or(format!("needs a number {k:?}"))
            };
            let (min, max) = (num("min")?, num("max")?);
            if min > max {
                return Err(format!("min {min} is above max {max}"));
            }
            let steps = match o.get("steps") {
                None => None,
                Some(s) => match s.as_u64() {
                    Some(n) if (1..=10_000).contains(&n) => Some(n),
                    _ => return Err("steps must be a whole number from 1 to 10000".into()),
                },
            };
            Ok(Values::Range { min, max, steps })
        }
        _ => Err("must be a list of values or an object {min, max[, steps]}".into()),
    }
}

pub fn json_number(x: f64) -> Value {
    serde_json::Number::from_f64(x).map_or(Value::Null, Value::Number)
}

/// `x` to `digits` significant digits, so that values read well in the lines.
pub fn round_sig(x: f64, digits: i32) -> f64 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    let scale = 10f64.powi(digits - 1 - x.abs().log10().floor() as i32);
    (x * scale).round() / scale
}

/// The random numbers of sweeps and tuning: stream `stream` of `seed`, the same on every
/// machine (the game's own xoshiro256**).
pub struct Rand(GameRng);

impl Rand {
    pub fn new(seed: u64, stream: u64) -> Rand {
        let mixed = seed ^ stream.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(17);
        Rand(GameRng::from_seed(mixed))
    }

    /// Uniform in [0, 1).
    pub fn uniform(&mut self) -> f64 {
        (self.0.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Standard normal, by Box-Muller.
    pub fn gaussian(&mut self) -> f64 {
        let u = 1.0 - self.uniform();
        let v = self.uniform();
        (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
    }
}
