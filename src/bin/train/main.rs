//! Trains an n-tuple network by afterstate TD(0) learning (see `train --help`): games in
//! blocks, a learning-curve line per block (DIR/curve.jsonl), a checkpoint every N games
//! (DIR/checkpoint.bin), `--resume` from it, and a weights file at the end (`--out`).

mod args;
mod chart;
mod checkpoint;
mod curve;
mod progress;

use std::fs;
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use clap::Parser;

use game2048::ai::ntuple::learn::{train_game, visit_counts, Episode, SharedTable};
use game2048::ai::ntuple::network::warm_up;
use game2048::ai::ntuple::shape::Features;
use game2048::ai::ntuple::{encode, Encoding, Network, Quantisation, Shape, Weights};
use game2048::rng::GameRng;

use args::Args;
use checkpoint::Checkpoint;

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("train: {e}");
            ExitCode::from(2)
        }
    }
}

/// Game i's generator: from (seed, i) alone, so that any game can be replayed on its own.
pub fn game_rng(seed: u64, game: u64) -> GameRng {
    GameRng::from_seed(seed.rotate_left(32) ^ game.wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// Plays games `first..first + n`, learning into `weights`; their episodes in game order.
fn play_block(
    features: &Features,
    weights: &[AtomicU32],
    seed: u64,
    first: u64,
    n: u64,
    threads: usize,
    alpha: f32,
) -> Vec<Episode> {
    if threads <= 1 {
        let mut table = SharedTable(weights);
        let mut path = Vec::new();
        return (first..first + n)
            .map(|i| {
                train_game(
                    features,
                    &mut table,
                    &mut game_rng(seed, i),
                    alpha,
                    &mut path,
                )
            })
            .collect();
    }
    let next = AtomicU64::new(first);
    let done = Mutex::new(Vec::with_capacity(n as usize));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut table = SharedTable(weights);
                let mut path = Vec::new();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= first + n {
                        break;
                    }
                    let e = train_game(
                        features,
                        &mut table,
                        &mut game_rng(seed, i),
                        alpha,
                        &mut path,
                    );
                    done.lock().unwrap_or_else(|p| p.into_inner()).push((i, e));
                }
            });
        }
    });
    let mut done = done.into_inner().unwrap_or_else(|p| p.into_inner());
    done.sort_by_key(|&(i, _)| i);
    done.into_iter().map(|(_, e)| e).collect()
}

fn network_of(shape: &Shape, weights: &[AtomicU32]) -> Network {
    let floats = weights
        .iter()
        .map(|w| f32::from_bits(w.load(Ordering::Relaxed)))
        .collect();
    Network::from_parts(shape.clone(), Weights::F32(floats))
        .unwrap_or_else(|| unreachable!("the weights were sized by the shape"))
}

/// The whole training run the flags describe.
pub fn run(args: &Args) -> Result<(), String> {
    let quantise = Quantisation::parse(&args.quantise).ok_or_else(|| {
        format!(
            "--quantise must be f32, i16, i8 or c8, got {:?}",
            args.quantise
        )
    })?;
    if args.block == 0 {
        return Err("--block must be at least 1".into());
    }
    if args.threads == 0 {
        return Err("--threads must be at least 1".into());
    }
    let checkpoint_path = args.dir.join("checkpoint.bin");
    let curve_path = args.dir.join("curve.jsonl");
    if let Some(out) = &args.export {
        let c = checkpoint::load(&checkpoint_path)?;
        eprintln!("train: checkpoint at game {}", c.games);
        return write_weights(&c.network, quantise, out);
    }
    fs::create_dir_all(&args.dir)
        .map_err(|e| format!("cannot create {}: {e}", args.dir.display()))?;
    let start = if args.resume {
        let c = checkpoint::load(&checkpoint_path)?;
        // Lines written after the checkpoint (a killed run) would repeat: drop them.
        curve::truncate_after(&curve_path, c.games)?;
        c
    } else {
        let shape = Shape::parse(&args.shape, args.levels).map_err(|e| format!("--shape: {e}"))?;
        let features = shape.tuples().len() as f32 * 8.0;
        curve::truncate_after(&curve_path, 0)?;
        Checkpoint {
            games: 0,
            seed: args.seed,
            network: Network::new(shape, args.init / features),
        }
    };
    warm_up();
    let shape = start.network.shape().clone();
    let features = start.network.features().clone();
    let weights: Vec<AtomicU32> = match start.network.weights() {
        Weights::F32(w) => w.iter().map(|x| AtomicU32::new(x.to_bits())).collect(),
        _ => return Err("the checkpoint's weights are quantised; it cannot learn on".into()),
    };
    drop(start.network);
    let seed = start.seed;
    let mut games = start.games;
    let every = if args.checkpoint_every == 0 {
        u64::MAX
    } else {
        args.checkpoint_every.div_ceil(args.block) * args.block
    };
    eprintln!(
        "train: shape {} levels {} ({} weights, {:.1} MB as f32), seed {seed}, alpha {}, \
         {} thread(s), from game {games} to {}",
        shape.describe(),
        shape.levels(),
        shape.entries(),
        shape.entries() as f64 * 4.0 / 1e6,
        args.alpha,
        args.threads,
        args.games
    );
    let mut progress = progress::Progress::new(games, args.games);
    let began = Instant::now();
    while games < args.games {
        let n = args.block.min(args.games - games);
        let block_start = Instant::now();
        let episodes = play_block(
            &features,
            &weights,
            seed,
            games,
            n,
            args.threads,
            args.alpha,
        );
        games += n;
        let point = curve::Point::of(games, &episodes, args.alpha, block_start.elapsed());
        curve::append(&curve_path, &point)?;
        progress.block(games, &point);
        if games % every == 0 || games == args.games {
            checkpoint::save(
                &checkpoint_path,
                &Checkpoint {
                    games,
                    seed,
                    network: network_of(&shape, &weights),
                },
            )?;
            if let Some(svg) = &args.svg {
                chart::write_svg(&curve_path, svg)?;
            }
        }
    }
    progress.finish();
    if let Some(out) = &args.out {
        write_weights(&network_of(&shape, &weights), quantise, out)?;
    }
    eprintln!(
        "train: {games} games, this run {:.0} s",
        began.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Games the `c8` export plays with the network to count how often each weight is read.
const C8_FIT_GAMES: u64 = 1000;
/// Their seeds: far from the arena's (1, 2, ...) and unrelated to training's.
const C8_FIT_SEED: u64 = 1 << 40;
/// What a weight play never read in those games counts, beside one read.
const C8_UNSEEN: f32 = 0.01;

/// The network as `q`; for `c8`, the codebooks fitted to the weights that play reads, each
/// counting how often (plus [`C8_UNSEEN`]) over [`C8_FIT_GAMES`] games of its own policy.
fn quantise(network: &Network, q: Quantisation) -> Network {
    match (q, network.weights()) {
        (Quantisation::C8, Weights::F32(w)) => {
            warm_up();
            let visits = visit_counts(network.features(), w, C8_FIT_GAMES, C8_FIT_SEED);
            let importance: Vec<f32> = visits.iter().map(|&v| v as f32 + C8_UNSEEN).collect();
            network.quantised_c8(&importance)
        }
        _ => network.quantised(q),
    }
}

fn write_weights(network: &Network, q: Quantisation, out: &Path) -> Result<(), String> {
    let bytes = encode(&quantise(network, q), Encoding::ZeroRuns);
    fs::write(out, &bytes).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    eprintln!(
        "train: wrote {} ({} bytes, {})",
        out.display(),
        bytes.len(),
        q.name()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(dir: &Path, games: u64) -> Args {
        Args::parse_from([
            "train",
            "--shape",
            "4x4",
            "--levels",
            "10",
            "--block",
            "20",
            "--checkpoint-every",
            "40",
            "--games",
            &games.to_string(),
            "--seed",
            "5",
            "--dir",
            dir.to_str().unwrap(),
        ])
    }

    fn weights_of(dir: &Path) -> Network {
        checkpoint::load(&dir.join("checkpoint.bin"))
            .unwrap()
            .network
    }

    #[test]
    fn a_resumed_run_ends_where_an_uninterrupted_one_does() {
        let base = std::env::temp_dir().join(format!("train-test-{}", std::process::id()));
        let (whole, split) = (base.join("whole"), base.join("split"));
        run(&args(&whole, 120)).unwrap();
        // A run killed after game 50: its last checkpoint is at game 40, its curve has a
        // line past it.
        run(&args(&split, 40)).unwrap();
        let mut lines = fs::read_to_string(split.join("curve.jsonl")).unwrap();
        lines.push_str("{\"games\":60,\"mean_score\":1}\n");
        fs::write(split.join("curve.jsonl"), lines).unwrap();
        let mut resume = args(&split, 120);
        resume.resume = true;
        run(&resume).unwrap();
        assert_eq!(weights_of(&whole).weights(), weights_of(&split).weights());
        let curve = |d: &Path| fs::read_to_string(d.join("curve.jsonl")).unwrap();
        let strip = |text: String| {
            text.lines()
                .map(|l| l.split(",\"seconds\"").next().unwrap_or("").to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(strip(curve(&whole)), strip(curve(&split)));
        let _ = fs::remove_dir_all(&base);
    }

    #[test]
    fn the_same_seed_learns_the_same_weights() {
        let base = std::env::temp_dir().join(format!("train-seed-{}", std::process::id()));
        let (a, b) = (base.join("a"), base.join("b"));
        run(&args(&a, 40)).unwrap();
        run(&args(&b, 40)).unwrap();
        assert_eq!(weights_of(&a).weights(), weights_of(&b).weights());
        let mut other = args(&b, 40);
        other.seed = 6;
        run(&other).unwrap();
        assert_ne!(weights_of(&a).weights(), weights_of(&b).weights());
        let _ = fs::remove_dir_all(&base);
    }

    #[test]
    fn threads_play_every_game_once_into_one_network() {
        let dir = std::env::temp_dir().join(format!("train-threads-{}", std::process::id()));
        let mut a = args(&dir, 80);
        a.threads = 3;
        run(&a).unwrap();
        let points = curve::read(&dir.join("curve.jsonl")).unwrap();
        assert_eq!(
            points
                .iter()
                .map(|p| (p.games, p.block))
                .collect::<Vec<_>>(),
            vec![(20, 20), (40, 20), (60, 20), (80, 20)]
        );
        let c = checkpoint::load(&dir.join("checkpoint.bin")).unwrap();
        assert_eq!(c.games, 80);
        let learned = match c.network.weights() {
            Weights::F32(w) => w.iter().filter(|&&x| x != 0.0).count(),
            _ => 0,
        };
        assert!(learned > 1000, "{learned} weights moved");
        let _ = fs::remove_dir_all(&dir);
    }
}
