//! Trains an n-tuple network by afterstate TD learning (see `train --help`): games in
//! blocks, a learning-curve line per block (DIR/curve.jsonl), a checkpoint every N games
//! (DIR/checkpoint.bin) with an optional evaluation of whole games (DIR/eval.jsonl),
//! `--resume` from it, and a weights file at the end (`--out`).

mod args;
mod chart;
mod checkpoint;
mod curve;
mod huge;
mod progress;

use std::fs;
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use clap::Parser;

use game2048::ai::ntuple::learn::{
    play_game, train_game, visit_counts, Coherent, CoherentWeight, Episode, Method, Rebuilding,
    Restart, SharedTable, Table,
};
use game2048::ai::ntuple::network::warm_up;
use game2048::ai::ntuple::read::{decode, read_file};
use game2048::ai::ntuple::shape::Features;
use game2048::ai::ntuple::{encode, Encoding, Network, Quantisation, Shape, Weights};
use game2048::rng::GameRng;

use args::Args;
use checkpoint::{Accumulators, Checkpoint};

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

/// A job on game i, with a thread's view of the weights and its scratch path.
type GameJob<'a, T, R> = &'a (dyn Fn(u64, &mut T, &mut Vec<(u64, u32)>) -> R + Sync);

/// Runs `job(i, table)` for every i in `first..first + n` on `threads` threads, each with its
/// own view of the weights from `table`; the results in order of i.
fn for_games<T: Table, R: Send>(
    table: &(dyn Fn() -> T + Sync),
    first: u64,
    n: u64,
    threads: usize,
    job: GameJob<T, R>,
) -> Vec<R> {
    if threads <= 1 {
        let mut t = table();
        let mut path = Vec::new();
        return (first..first + n)
            .map(|i| job(i, &mut t, &mut path))
            .collect();
    }
    let next = AtomicU64::new(first);
    let done = Mutex::new(Vec::with_capacity(n as usize));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut t = table();
                let mut path = Vec::new();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= first + n {
                        break;
                    }
                    let r = job(i, &mut t, &mut path);
                    done.lock().unwrap_or_else(|p| p.into_inner()).push((i, r));
                }
            });
        }
    });
    let mut done = done.into_inner().unwrap_or_else(|p| p.into_inner());
    done.sort_by_key(|&(i, _)| i);
    done.into_iter().map(|(_, r)| r).collect()
}

/// The weights being learned: plain, or with temporal coherence's accumulators beside each.
enum Store {
    Plain(Vec<AtomicU32>),
    Coherent(Vec<CoherentWeight>),
}

impl Store {
    fn new(weights: &[f32], coherence: Option<Accumulators>, tc: bool) -> Store {
        if !tc {
            let store = huge::atomics(weights.len());
            for (cell, w) in store.iter().zip(weights) {
                cell.store(w.to_bits(), Ordering::Relaxed);
            }
            return Store::Plain(store);
        }
        let acc = coherence.unwrap_or_else(|| Accumulators {
            sums: vec![0.0; weights.len()],
            sizes: vec![0.0; weights.len()],
        });
        let store = huge::coherent(weights.len());
        for (c, (w, (e, a))) in store
            .iter()
            .zip(weights.iter().zip(acc.sums.iter().zip(&acc.sizes)))
        {
            c.weight.store(w.to_bits(), Ordering::Relaxed);
            c.sum.store(e.to_bits(), Ordering::Relaxed);
            c.size.store(a.to_bits(), Ordering::Relaxed);
        }
        Store::Coherent(store)
    }

    /// Plays and learns from games `first..first + n`; their episodes in game order.
    fn train(
        &self,
        features: &Features,
        seed: u64,
        first: u64,
        n: u64,
        threads: usize,
        method: &Method,
    ) -> Vec<Episode> {
        match self {
            Store::Plain(w) => for_games(
                &|| SharedTable::new(w, features),
                first,
                n,
                threads,
                &|i, t, path| train_game(features, t, &mut game_rng(seed, i), method, path),
            ),
            Store::Coherent(w) => for_games(
                &|| Coherent::<true>::new(w, features),
                first,
                n,
                threads,
                &|i, t, path| train_game(features, t, &mut game_rng(seed, i), method, path),
            ),
        }
    }

    /// Plays `n` chains as training does (from REBUILD_SEED's games), learning nothing but the
    /// coherence accumulators (`--rebuild`); the moves they learned from. Plain weights have none.
    fn rebuild(&self, features: &Features, n: u64, threads: usize, method: &Method) -> u64 {
        let Store::Coherent(w) = self else { return 0 };
        let rng = |i: u64| GameRng::from_seed(REBUILD_SEED + i);
        for_games(
            &|| Rebuilding::new(w, features),
            0,
            n,
            threads,
            &|i, t, path| train_game(features, t, &mut rng(i), method, path),
        )
        .iter()
        .map(|e| u64::from(e.trained))
        .sum()
    }

    /// Plays `n` whole games with the 1-ply policy, learning nothing.
    fn evaluate(&self, features: &Features, n: u64, threads: usize) -> Vec<Episode> {
        let rng = |i: u64| GameRng::from_seed(EVAL_SEED + i);
        match self {
            Store::Plain(w) => for_games(
                &|| SharedTable::new(w, features),
                0,
                n,
                threads,
                &|i, t, _| play_game(features, t, &mut rng(i)),
            ),
            Store::Coherent(w) => for_games(
                &|| Coherent::<true>::new(w, features),
                0,
                n,
                threads,
                &|i, t, _| play_game(features, t, &mut rng(i)),
            ),
        }
    }

    fn weights(&self) -> Vec<f32> {
        let f = |a: &AtomicU32| f32::from_bits(a.load(Ordering::Relaxed));
        match self {
            Store::Plain(w) => w.iter().map(f).collect(),
            Store::Coherent(w) => w.iter().map(|c| f(&c.weight)).collect(),
        }
    }

    fn accumulators(&self) -> Option<Accumulators> {
        let f = |a: &AtomicU32| f32::from_bits(a.load(Ordering::Relaxed));
        match self {
            Store::Plain(_) => None,
            Store::Coherent(w) => Some(Accumulators {
                sums: w.iter().map(|c| f(&c.sum)).collect(),
                sizes: w.iter().map(|c| f(&c.size)).collect(),
            }),
        }
    }

    fn network(&self, shape: &Shape) -> Network {
        Network::from_parts(shape.clone(), Weights::F32(self.weights()))
            .unwrap_or_else(|| unreachable!("the weights were sized by the shape"))
    }
}

/// The evaluation's seeds: far from the arena's (1, 2, ...), the c8 fit's and training's.
const EVAL_SEED: u64 = 1 << 41;
/// The seeds of `--rebuild`'s chains: apart from the evaluation's and training's.
const REBUILD_SEED: u64 = 1 << 42;

/// The run's method from its flags, each checked.
fn method_of(args: &Args) -> Result<Method, String> {
    if args.block == 0 {
        return Err("--block must be at least 1".into());
    }
    if args.threads == 0 {
        return Err("--threads must be at least 1".into());
    }
    if !(0.0..=1.0).contains(&args.lambda) {
        return Err(format!("--lambda must be 0 to 1, got {}", args.lambda));
    }
    if !(0.0..=1.0).contains(&args.restart_at) {
        return Err(format!(
            "--restart-at must be 0 to 1, got {}",
            args.restart_at
        ));
    }
    if !(args.alpha.is_finite() && args.alpha > 0.0) {
        return Err(format!("--alpha must be above 0, got {}", args.alpha));
    }
    Ok(Method {
        alpha: args.alpha,
        lambda: args.lambda,
        restart: args.restart.then_some(Restart {
            min_moves: args.restart_min,
            at: args.restart_at,
        }),
        online: args.online,
        start_at: args.start_at.map(tile_exponent).transpose()?,
    })
}

/// The whole training run the flags describe.
pub fn run(args: &Args) -> Result<(), String> {
    let quantise = Quantisation::parse(&args.quantise).ok_or_else(|| {
        format!(
            "--quantise must be f32, i16, i8 or c8, got {:?}",
            args.quantise
        )
    })?;
    let method = method_of(args)?;
    let dir = args.dir.clone().unwrap_or_default();
    let checkpoint_path = dir.join("checkpoint.bin");
    let curve_path = dir.join("curve.jsonl");
    let eval_path = dir.join("eval.jsonl");
    if let Some(out) = &args.export {
        return export(args, quantise, &checkpoint_path, out);
    }
    if !args.bench {
        fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let start = starting_point(args, &checkpoint_path, &curve_path, &eval_path)?;
    warm_up();
    let shape = start.network.shape().clone();
    let features = start.network.features().clone();
    let store = match start.network.weights() {
        Weights::F32(w) => Store::new(w, start.coherence, args.tc),
        _ => return Err("the checkpoint's weights are quantised; it cannot learn on".into()),
    };
    drop(start.network);
    if args.rebuild > 0 && !args.resume {
        let t = Instant::now();
        let moves = store.rebuild(&features, args.rebuild, args.threads, &method);
        eprintln!(
            "train: coherence rebuilt from {} chains of the network's own play ({moves} moves, {:.0} s)",
            args.rebuild,
            t.elapsed().as_secs_f64()
        );
    }
    let seed = start.seed;
    let mut games = start.games;
    let every = if args.checkpoint_every == 0 {
        u64::MAX
    } else {
        args.checkpoint_every.div_ceil(args.block) * args.block
    };
    eprintln!("{}", start_line(args, &shape, &method, seed, games));
    let mut progress = progress::Progress::new(games, args.games, args.bench);
    let mut playing = Duration::ZERO;
    let mut learned = 0u64;
    // Moves learned since the run began: the curve's lines up to the checkpoint hold them.
    let mut learned_in_all = if args.bench {
        0
    } else {
        curve::read(&curve_path)?
            .iter()
            .map(|p| (p.trained_moves * p.block as f64).round() as u64)
            .sum()
    };
    let mut flat = false;
    while games < args.games {
        let n = args.block.min(args.games - games);
        let block_start = Instant::now();
        let cpu_start = curve::process_cpu();
        let episodes = store.train(&features, seed, games, n, args.threads, &method);
        let took = block_start.elapsed();
        let cpu = curve::process_cpu().saturating_sub(cpu_start);
        playing += took;
        let block_learned = episodes.iter().map(|e| u64::from(e.trained)).sum::<u64>();
        learned += block_learned;
        learned_in_all += block_learned;
        games += n;
        let point = curve::Point::of(games, learned_in_all, &episodes, &method, took, cpu);
        progress.block(games, &point);
        if args.bench {
            continue;
        }
        curve::append(&curve_path, &point)?;
        if games % every == 0 || games == args.games {
            if args.eval_games > 0 {
                let t = Instant::now();
                let played = store.evaluate(&features, args.eval_games, args.threads);
                curve::append_eval(
                    &eval_path,
                    &curve::Eval::of(games, learned_in_all, &played, t.elapsed()),
                )?;
                let span = args.until_flat.unwrap_or(curve::FLAT_SPAN);
                if let Some(p) = curve::plateau(&curve::read_eval(&eval_path)?, span) {
                    progress.note(&plateau_line(&p, span));
                    flat = args.until_flat.is_some() && p.flat() == Some(true);
                }
            }
            checkpoint::save(
                &checkpoint_path,
                &Checkpoint {
                    games,
                    seed,
                    network: store.network(&shape),
                    coherence: store.accumulators(),
                },
            )?;
            if let Some(svg) = &args.svg {
                chart::write_svg(&curve_path, &eval_path, svg)?;
            }
            if flat {
                progress.note(&format!(
                    "train: stopping at game {games}: flat by --until-flat"
                ));
                break;
            }
        }
    }
    progress.finish();
    if let Some(out) = &args.out {
        let accumulators = store.accumulators();
        let sizes = accumulators.as_ref().map(|a| a.sizes.as_slice());
        write_weights(&store.network(&shape), sizes, quantise, args, out)?;
    }
    let rate = learned as f64 / playing.as_secs_f64().max(1e-9);
    if args.bench {
        println!(
            "{rate:.0} moves a second ({learned} moves learned in {:.2} s of play, {} games, \
             {} thread(s))",
            playing.as_secs_f64(),
            games - start.games,
            args.threads
        );
    } else {
        eprintln!(
            "train: {games} games; this run learned {learned} moves in {:.0} s of play, \
             {rate:.0} moves a second",
            playing.as_secs_f64()
        );
    }
    Ok(())
}

/// Where the run starts: the checkpoint (`--resume`, the curves' lines after it dropped, since
/// a killed run would repeat them), the `--from` file's network (in `--stages`), or a new one.
fn starting_point(
    args: &Args,
    checkpoint_path: &Path,
    curve_path: &Path,
    eval_path: &Path,
) -> Result<Checkpoint, String> {
    if args.resume {
        let c = checkpoint::load(checkpoint_path)?;
        curve::truncate_after(curve_path, c.games)?;
        curve::truncate_after(eval_path, c.games)?;
        return Ok(c);
    }
    let network = match &args.from {
        Some(file) => staged(network_from(file)?, args.stages.as_deref())?,
        None => {
            let shape =
                Shape::parse(&args.shape, args.levels).map_err(|e| format!("--shape: {e}"))?;
            let shape = match &args.stages {
                Some(text) => shape
                    .with_stages(Shape::parse_stages(text).map_err(|e| format!("--stages: {e}"))?)
                    .map_err(|e| format!("--stages: {e}"))?,
                None => shape,
            };
            let features = shape.tuples().len() as f32 * 8.0;
            Network::new(shape, args.init / features)
        }
    };
    if !args.bench {
        curve::truncate_after(curve_path, 0)?;
        curve::truncate_after(eval_path, 0)?;
    }
    Ok(Checkpoint {
        games: 0,
        seed: args.seed,
        network,
        coherence: None,
    })
}

/// `--export`: a weights file from the checkpoint in `--dir`, or from the `--from` file (as it
/// is when its storage is the one asked for: the same values in the current encoding; else
/// from its values as f32).
fn export(
    args: &Args,
    quantise: Quantisation,
    checkpoint_path: &Path,
    out: &Path,
) -> Result<(), String> {
    if !args.average.is_empty() {
        return write_weights(&average(&args.average)?, None, quantise, args, out);
    }
    if let Some(file) = &args.from {
        let network = read_network(file, "--from")?;
        if network.weights().quantisation() == quantise && args.prune == 0 {
            return write_encoded(&network, out);
        }
        return write_weights(&as_f32(network, file, "--from")?, None, quantise, args, out);
    }
    if args.dir.is_none() {
        return Err("--export needs --dir (its checkpoint) or --from (a weights file)".into());
    }
    let c = checkpoint::load(checkpoint_path)?;
    eprintln!("train: checkpoint at game {}", c.games);
    let sizes = c.coherence.as_ref().map(|a| a.sizes.as_slice());
    write_weights(&c.network, sizes, quantise, args, out)
}

/// `--average`: the weights files' networks with each weight the mean of theirs. Files of
/// another shape, levels or stages than the first are refused, naming the file.
fn average(files: &[std::path::PathBuf]) -> Result<Network, String> {
    let mut mean: Option<Network> = None;
    for file in files {
        let network = as_f32(read_network(file, "--average")?, file, "--average")?;
        let Some(sum) = mean.as_mut() else {
            mean = Some(network);
            continue;
        };
        if network.shape() != sum.shape() {
            return Err(format!(
                "--average {}: shape {} ({} levels, stages {}), where the first file's is {} ({} levels, stages {})",
                file.display(),
                network.shape().describe(),
                network.shape().levels(),
                network.shape().describe_stages(),
                sum.shape().describe(),
                sum.shape().levels(),
                sum.shape().describe_stages()
            ));
        }
        let (Weights::F32(add), Some(to)) = (network.weights(), sum.weights_mut()) else {
            unreachable!("as_f32 gives f32 weights");
        };
        to.iter_mut().zip(add).for_each(|(w, a)| *w += a);
    }
    let mut mean = mean.ok_or("--average needs files")?;
    let n = files.len() as f32;
    let Some(weights) = mean.weights_mut() else {
        unreachable!("as_f32 gives f32 weights");
    };
    weights.iter_mut().for_each(|w| *w /= n);
    Ok(mean)
}

/// The log's first line: what is trained, how, and from which game.
fn start_line(args: &Args, shape: &Shape, method: &Method, seed: u64, games: u64) -> String {
    format!(
        "train: shape {} levels {}{} ({} weights, {:.1} MB as f32{}), seed {seed}, alpha {}, \
         lambda {}{}{}{}, {} thread(s), from game {games} to {}",
        shape.describe(),
        shape.levels(),
        match shape.stage_count() {
            1 => String::new(),
            _ => format!(" stages from {}", shape.describe_stages()),
        },
        shape.entries(),
        shape.entries() as f64 * 4.0 / 1e6,
        if args.tc { ", x3 with coherence" } else { "" },
        args.alpha,
        args.lambda,
        if args.tc { ", temporal coherence" } else { "" },
        match method.restart {
            Some(r) => format!(
                ", restart at {} (stretches of {}+ moves)",
                r.at, r.min_moves
            ),
            None => String::new(),
        },
        match args.start_at {
            Some(tile) => format!(", learning from {tile} on"),
            None => String::new(),
        },
        args.threads,
        args.games
    )
}

/// The stopping rule's reading as the log gives it at a checkpoint.
fn plateau_line(p: &curve::Plateau, span: u64) -> String {
    let window = curve::FLAT_WINDOW;
    match p.before {
        Some((games, before)) => format!(
            "train: 16384 at 1 ply, mean of the last {window} checkpoints: {:.1}% at game {}, \
             {:.1}% at game {games}: {:+.1} points in {span} games{}",
            100.0 * p.now,
            p.games,
            100.0 * before,
            100.0 * (p.now - before),
            if p.flat() == Some(true) {
                " (flat)"
            } else {
                ""
            }
        ),
        None => format!(
            "train: 16384 at 1 ply, mean of the last {window} checkpoints: {:.1}% at game {} \
             (no reading {span} games earlier yet)",
            100.0 * p.now,
            p.games
        ),
    }
}

/// The exponent of `tile` (`--start-at`): a power of two from 2 to 32768.
fn tile_exponent(tile: u32) -> Result<u8, String> {
    if (2..=32768).contains(&tile) && tile.is_power_of_two() {
        Ok(tile.trailing_zeros() as u8)
    } else {
        Err(format!("--start-at must be a tile, 2 to 32768, got {tile}"))
    }
}

/// `network` with the stages `text` names (`--stages`): a one-stage network's weights copied
/// into each stage; a network that has those stages already, as it is.
fn staged(network: Network, text: Option<&str>) -> Result<Network, String> {
    let Some(text) = text else {
        return Ok(network);
    };
    let thresholds = Shape::parse_stages(text).map_err(|e| format!("--stages: {e}"))?;
    let shape = network.shape();
    if shape.stages() == thresholds.as_slice() {
        return Ok(network);
    }
    if shape.stage_count() > 1 {
        return Err(format!(
            "--stages {text}: the --from network's stages begin at {}; only a one-stage \
             network is promoted",
            shape.describe_stages()
        ));
    }
    let shape = shape
        .clone()
        .with_stages(thresholds)
        .map_err(|e| format!("--stages: {e}"))?;
    let Weights::F32(w) = network.weights() else {
        unreachable!("network_from gives f32 weights")
    };
    let weights = Weights::F32(w.repeat(shape.stage_count()));
    eprintln!(
        "train: each of {} stages starts as the file's network",
        shape.stage_count()
    );
    Network::from_parts(shape, weights).ok_or_else(|| "--stages: the weights do not fit".into())
}

/// The network of weights file `file` (gzipped or not) as f32 weights that can learn on.
fn network_from(file: &Path) -> Result<Network, String> {
    let network = read_network(file, "--from")?;
    eprintln!(
        "train: starting from {} ({}, {} levels, {})",
        file.display(),
        network.shape().describe(),
        network.shape().levels(),
        network.weights().quantisation().name()
    );
    as_f32(network, file, "--from")
}

/// The network of weights file `file` (gzipped or not), as stored; an error names `flag`.
fn read_network(file: &Path, flag: &str) -> Result<Network, String> {
    let bytes = read_file(file).map_err(|e| format!("{flag} {}: {e}", file.display()))?;
    decode(&bytes).map_err(|e| format!("{flag} {}: {e}", file.display()))
}

/// `network` (read from `file`, given as `flag`) with its weights as f32.
fn as_f32(network: Network, file: &Path, flag: &str) -> Result<Network, String> {
    let weights = network.weights();
    let f32s = (0..weights.len()).map(|i| weights.get(i)).collect();
    Network::from_parts(network.shape().clone(), Weights::F32(f32s)).ok_or_else(|| {
        format!(
            "{flag} {}: its weights do not fit its shape",
            file.display()
        )
    })
}

/// Their seeds: far from the arena's (1, 2, ...) and unrelated to training's.
const C8_FIT_SEED: u64 = 1 << 40;
/// What a weight play never read in those games counts, beside one read.
const C8_UNSEEN: f32 = 0.01;

/// The network as `q`. With `--prune` > 0, the weights read fewer times than that in
/// `--fit-games` games of its own policy (1 ply) become 0 first (untrained: the file's zero
/// runs and the sparse `i16` in memory skip them); for `c8`, the codebooks are fitted to the
/// weights play reads, each counting how often (plus [`C8_UNSEEN`]) in those games.
fn quantise(
    network: &Network,
    sizes: Option<&[f32]>,
    q: Quantisation,
    args: &Args,
) -> Result<Network, String> {
    let Weights::F32(w) = network.weights() else {
        return Ok(network.quantised(q));
    };
    if q != Quantisation::C8 && args.prune == 0 {
        return Ok(network.quantised(q));
    }
    warm_up();
    let visits = visit_counts(network.features(), w, args.fit_games, C8_FIT_SEED);
    let pruned;
    let network = if args.prune == 0 {
        network
    } else {
        let mut keep: Vec<bool> = visits.iter().map(|&v| v >= args.prune).collect();
        if let Some(sizes) = sizes {
            keep_untrained_stages(&mut keep, network.shape(), sizes);
        }
        // No board of its stage reads these.
        let shape = network.shape();
        if shape.stage_count() > 1 {
            keep.iter_mut()
                .enumerate()
                .for_each(|(i, k)| *k &= shape.reachable(i));
        }
        if args.keep > 0 {
            let sizes = sizes.ok_or(
                "--keep needs the coherence accumulators: export a checkpoint of a --tc run",
            )?;
            keep_most_trained(&mut keep, w, sizes, args.keep as usize);
        }
        let kept: Vec<f32> = w
            .iter()
            .zip(&keep)
            .map(|(&x, &k)| if k { x } else { 0.0 })
            .collect();
        pruned = Network::from_parts(network.shape().clone(), Weights::F32(kept))
            .unwrap_or_else(|| unreachable!("the same shape"));
        &pruned
    };
    if q == Quantisation::C8 {
        let importance: Vec<f32> = visits.iter().map(|&v| v as f32 + C8_UNSEEN).collect();
        return Ok(network.quantised_c8(&importance));
    }
    Ok(network.quantised(q))
}

/// Marks in `keep` every weight of a stage this run never moved (its coherence sizes all 0:
/// stages below `--start-at`, left as the `--from` file had them), so that the file's own
/// choice of weights, made when that stage was trained, ships again.
fn keep_untrained_stages(keep: &mut [bool], shape: &Shape, sizes: &[f32]) {
    if shape.stage_count() == 1 {
        return;
    }
    let n = shape.stage_entries();
    for (keep, sizes) in keep.chunks_mut(n).zip(sizes.chunks(n)) {
        if sizes.iter().all(|&a| a == 0.0) {
            keep.iter_mut().for_each(|k| *k = true);
        }
    }
}

/// Marks in `keep`, among the weights not marked that training moved (not 0), those with the
/// largest coherence size (`sizes`, the sum of the sizes of the errors asked of each), until
/// `total` weights that are not 0 are marked in all (those tied with the last one too); none
/// when `keep` already holds that many.
fn keep_most_trained(keep: &mut [bool], w: &[f32], sizes: &[f32], total: usize) {
    let marked = (0..w.len()).filter(|&i| keep[i] && w[i] != 0.0).count();
    let mut candidates: Vec<f32> = (0..w.len())
        .filter(|&i| !keep[i] && w[i] != 0.0)
        .map(|i| sizes[i])
        .collect();
    let more = total.saturating_sub(marked).min(candidates.len());
    if more == 0 {
        return;
    }
    let (_, &mut threshold, _) = candidates.select_nth_unstable_by(more - 1, |a, b| b.total_cmp(a));
    for i in 0..w.len() {
        if !keep[i] && w[i] != 0.0 && sizes[i] >= threshold {
            keep[i] = true;
        }
    }
}

fn write_weights(
    network: &Network,
    sizes: Option<&[f32]>,
    q: Quantisation,
    args: &Args,
    out: &Path,
) -> Result<(), String> {
    write_encoded(&quantise(network, sizes, q, args)?, out)
}

/// `network` as a weights file at `out`, its weights as they are.
fn write_encoded(network: &Network, out: &Path) -> Result<(), String> {
    let bytes = encode(network, Encoding::Planes);
    fs::write(out, &bytes).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    eprintln!(
        "train: wrote {} ({} bytes, {})",
        out.display(),
        bytes.len(),
        network.weights().quantisation().name()
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
            .unwrap_or_else(|e| panic!("{e}"))
            .network
    }

    fn resumed_equals_uninterrupted(name: &str, extra: &[&str]) {
        let base = std::env::temp_dir().join(format!("train-{name}-{}", std::process::id()));
        let (whole, split) = (base.join("whole"), base.join("split"));
        let with = |dir: &Path, games: u64, resume: bool| {
            let mut a = args(dir, games);
            let mut flags = vec!["train".to_string()];
            flags.extend(extra.iter().map(|f| f.to_string()));
            let parsed = Args::parse_from(
                flags
                    .iter()
                    .chain(["--dir".to_string(), "x".to_string()].iter()),
            );
            a.tc = parsed.tc;
            a.lambda = parsed.lambda;
            a.alpha = parsed.alpha;
            a.restart = parsed.restart;
            a.eval_games = parsed.eval_games;
            a.resume = resume;
            a
        };
        run(&with(&whole, 120, false)).unwrap();
        // A run killed after game 50: its last checkpoint is at game 40, its curves have a
        // line past it.
        run(&with(&split, 40, false)).unwrap();
        for file in ["curve.jsonl", "eval.jsonl"] {
            let mut lines = fs::read_to_string(split.join(file)).unwrap_or_default();
            lines.push_str("{\"games\":60,\"mean_score\":1}\n");
            fs::write(split.join(file), lines).unwrap();
        }
        run(&with(&split, 120, true)).unwrap();
        let (a, b) = (
            checkpoint::load(&whole.join("checkpoint.bin")).unwrap(),
            checkpoint::load(&split.join("checkpoint.bin")).unwrap(),
        );
        assert_eq!(a.network.weights(), b.network.weights());
        let acc = |c: &Checkpoint| {
            c.coherence
                .as_ref()
                .map(|x| (x.sums.clone(), x.sizes.clone()))
        };
        assert_eq!(acc(&a), acc(&b));
        assert_eq!(acc(&a).is_some(), extra.contains(&"--tc"));
        let strip = |d: &Path, file: &str| {
            fs::read_to_string(d.join(file))
                .unwrap_or_default()
                .lines()
                .map(|l| l.split(",\"seconds\"").next().unwrap_or("").to_string())
                .collect::<Vec<_>>()
        };
        for file in ["curve.jsonl", "eval.jsonl"] {
            assert_eq!(strip(&whole, file), strip(&split, file), "{file}");
        }
        // Each block says what CPU time it took (the run's CPU-hours are their sum).
        for dir in [&whole, &split] {
            for p in curve::read(&dir.join("curve.jsonl")).unwrap() {
                let (d, g) = (dir.display(), p.games);
                assert!(p.cpu_seconds > 0.0, "{d}: block to {g} took no CPU");
            }
        }
        let _ = fs::remove_dir_all(&base);
    }

    #[test]
    fn a_resumed_run_ends_where_an_uninterrupted_one_does() {
        resumed_equals_uninterrupted("td0", &[]);
    }

    #[test]
    fn a_resumed_run_carries_coherence_restarts_and_evaluations() {
        resumed_equals_uninterrupted(
            "tc",
            &[
                "--tc",
                "--alpha",
                "1",
                "--lambda",
                "0.5",
                "--restart",
                "--eval-games",
                "10",
            ],
        );
    }

    #[test]
    fn until_flat_stops_at_the_first_checkpoint_whose_span_added_less_than_a_point() {
        let dir = std::env::temp_dir().join(format!("train-flat-{}", std::process::id()));
        let mut a = args(&dir, 1000);
        a.eval_games = 5;
        a.until_flat = Some(80);
        // A network this small never reaches 16384: every reading is flat once it exists.
        // Checkpoints every 40 games: five evaluations up to game 200 are first 80 games
        // before the one at game 280.
        run(&a).unwrap();
        assert_eq!(
            checkpoint::load(&dir.join("checkpoint.bin")).unwrap().games,
            280
        );
        let evals = curve::read_eval(&dir.join("eval.jsonl")).unwrap();
        assert_eq!(
            evals.len(),
            7,
            "an evaluation at every checkpoint to the stop"
        );
        assert_eq!(
            curve::read(&dir.join("curve.jsonl"))
                .unwrap()
                .last()
                .unwrap()
                .games,
            280
        );
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_damaged_checkpoint_is_refused_saying_how() {
        let dir = std::env::temp_dir().join(format!("train-bad-{}", std::process::id()));
        let mut a = args(&dir, 40);
        a.tc = true;
        run(&a).unwrap();
        let path = dir.join("checkpoint.bin");
        let bytes = fs::read(&path).unwrap();
        fs::write(&path, &bytes[..bytes.len() - 100]).unwrap();
        let err = checkpoint::load(&path).err().unwrap();
        assert!(err.contains("cut short in part 3"), "{err}");
        let mut changed = bytes.clone();
        let at = changed.len() / 2;
        changed[at] ^= 0x40;
        fs::write(&path, &changed).unwrap();
        let err = checkpoint::load(&path).err().unwrap();
        assert!(err.contains("checksum"), "{err}");
        let mut resume = args(&dir, 80);
        resume.resume = true;
        assert!(run(&resume).unwrap_err().contains("checksum"));
        let _ = fs::remove_dir_all(&dir);
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

    #[test]
    fn a_rebuild_fills_the_accumulators_before_the_first_game_is_learned() {
        let base = std::env::temp_dir().join(format!("train-rebuild-{}", std::process::id()));
        let (first, plain, rebuilt) =
            (base.join("first"), base.join("plain"), base.join("rebuilt"));
        let mut a = args(&first, 40);
        let file = base.join("net.ntw");
        a.out = Some(file.clone());
        run(&a).unwrap();
        // From the file with coherence, one block of 20 games, with and without --rebuild 200.
        let from = |dir: &Path, rebuild: u64| {
            let mut b = args(dir, 20);
            b.from = Some(file.clone());
            b.tc = true;
            b.rebuild = rebuild;
            run(&b).unwrap();
            checkpoint::load(&dir.join("checkpoint.bin")).unwrap()
        };
        let (p, r) = (from(&plain, 0), from(&rebuilt, 200));
        // The rebuild itself moves no weight: with no game to learn, the file's weights stay.
        let idle = base.join("idle");
        let mut c = args(&idle, 0);
        c.from = Some(file.clone());
        c.tc = true;
        c.rebuild = 200;
        c.out = Some(base.join("idle.ntw"));
        run(&c).unwrap();
        let out = decode(&fs::read(base.join("idle.ntw")).unwrap()).unwrap();
        assert!(
            out.weights() == weights_of(&first).weights(),
            "the rebuild moved weights"
        );
        let sizes = |c: &Checkpoint| {
            let x = c.coherence.as_ref().unwrap();
            (
                x.sizes.iter().filter(|&&a| a > 0.0).count(),
                x.sizes.iter().map(|&a| f64::from(a)).sum::<f64>(),
            )
        };
        let ((p_count, p_sum), (r_count, r_sum)) = (sizes(&p), sizes(&r));
        // The 200 chains' errors are in the accumulators beside the block's own ...
        assert!(
            r_count > p_count && r_sum > 2.0 * p_sum,
            "{p_count} {p_sum} / {r_count} {r_sum}"
        );
        // ... and they set the rates the block learns at: it ends elsewhere.
        assert_ne!(p.network.weights(), r.network.weights());
        // --rebuild needs --from and --tc.
        assert!(Args::try_parse_from(["train", "--rebuild", "5", "--tc", "--dir", "x"]).is_err());
        assert!(
            Args::try_parse_from(["train", "--rebuild", "5", "--from", "f", "--dir", "x"]).is_err()
        );
        let _ = fs::remove_dir_all(&base);
    }

    #[test]
    fn stages_start_as_the_files_network_and_learning_from_their_tile_moves_only_the_last() {
        let base = std::env::temp_dir().join(format!("train-stages-{}", std::process::id()));
        let mut a = args(&base.join("first"), 40);
        let file = base.join("net.ntw");
        a.out = Some(file.clone());
        run(&a).unwrap();
        let original = weights_of(&base.join("first"));
        let staged = |name: &str, games: u64, stages: &str, from: &Path| {
            let mut b = args(&base.join(name), games);
            b.from = Some(from.to_path_buf());
            b.stages = Some(stages.into());
            b.start_at = Some(64);
            b.tc = true;
            let out = base.join(format!("{name}.ntw"));
            b.out = Some(out.clone());
            run(&b).map(|()| decode(&fs::read(&out).unwrap()).unwrap())
        };
        let halves = |n: &Network| {
            let Weights::F32(w) = n.weights() else {
                unreachable!()
            };
            let half = w.len() / 2;
            (w[..half].to_vec(), w[half..].to_vec())
        };
        let Weights::F32(before) = original.weights() else {
            unreachable!()
        };
        // Promoted, before any game: both stages are the file's network.
        let promoted = staged("promoted", 0, "64", &file).unwrap();
        assert_eq!(promoted.shape().stages(), &[6]);
        let (early, late) = halves(&promoted);
        assert!(
            &early == before && &late == before,
            "a stage is not the file's network"
        );
        // Learning from 64 on: stage 0 is left as it was, stage 1 learns.
        let learned = staged("learned", 20, "64", &file).unwrap();
        let (early, late) = halves(&learned);
        assert!(&early == before, "stage 0 learned");
        assert!(&late != before, "stage 1 learned nothing");
        // Exported pruned: stage 0, which this run never moved, ships as the file had it but for
        // the entries no board below 64 reads; stage 1 loses the weights its play never read.
        let mut e = args(&base.join("learned"), 20);
        let pruned = base.join("pruned.ntw");
        e.export = Some(pruned.clone());
        e.prune = 1;
        e.fit_games = 20;
        run(&e).unwrap();
        let (early, late_pruned) = halves(&decode(&fs::read(&pruned).unwrap()).unwrap());
        let shape = learned.shape();
        let reachable = |i: usize| shape.reachable(i);
        assert!(
            (0..early.len()).all(|i| early[i] == if reachable(i) { before[i] } else { 0.0 }),
            "stage 0 is not the file's network less its unreachable entries"
        );
        assert!((0..early.len()).any(|i| !reachable(i) && before[i] != 0.0));
        assert!((0..late.len()).any(|i| late[i] != 0.0 && late_pruned[i] == 0.0));
        // A file in stages goes on in the same stages; other stages are refused with the reason.
        let out = base.join("learned.ntw");
        assert!(staged("again", 20, "64", &out).is_ok());
        let err = staged("other", 20, "128", &out).unwrap_err();
        assert!(err.contains("stages begin at 64"), "{err}");
        let _ = fs::remove_dir_all(&base);
    }

    #[test]
    fn a_run_from_a_weights_file_goes_on_from_its_weights() {
        let base = std::env::temp_dir().join(format!("train-from-{}", std::process::id()));
        let (first, from, same) = (base.join("first"), base.join("from"), base.join("same"));
        let mut a = args(&first, 40);
        let file = base.join("net.ntw");
        a.out = Some(file.clone());
        run(&a).unwrap();
        // The file gzipped, as the page ships it, reads the same.
        let gz = base.join("net.ntw.gz");
        let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        std::io::Write::write_all(&mut enc, &fs::read(&file).unwrap()).unwrap();
        fs::write(&gz, enc.finish().unwrap()).unwrap();
        // A run from the file (no --shape given: the file's) ...
        let mut b = args(&from, 40);
        b.shape = "4x6".into();
        b.levels = 16;
        b.seed = 9;
        b.from = Some(gz);
        run(&b).unwrap();
        // ... equals a run resumed from a checkpoint holding those weights, at game 0 of seed 9.
        fs::create_dir_all(&same).unwrap();
        checkpoint::save(
            &same.join("checkpoint.bin"),
            &Checkpoint {
                games: 0,
                seed: 9,
                network: weights_of(&first),
                coherence: None,
            },
        )
        .unwrap();
        let mut c = args(&same, 40);
        c.resume = true;
        run(&c).unwrap();
        assert_eq!(weights_of(&from).weights(), weights_of(&same).weights());
        // And not a run from zero with that seed.
        let mut zero = args(&same, 40);
        zero.seed = 9;
        run(&zero).unwrap();
        assert_ne!(weights_of(&from).weights(), weights_of(&same).weights());
        // A c8 file starts from the values its codes stand for.
        let c8 = base.join("net-c8.ntw");
        let mut e = args(&first, 40);
        e.fit_games = 20;
        write_weights(&weights_of(&first), None, Quantisation::C8, &e, &c8).unwrap();
        let decoded = decode(&fs::read(&c8).unwrap()).unwrap();
        let started = network_from(&c8).unwrap();
        assert!(matches!(started.weights(), Weights::F32(_)));
        assert!((0..decoded.weights().len())
            .all(|i| started.weights().get(i) == decoded.weights().get(i)));
        assert!((0..decoded.weights().len()).any(|i| decoded.weights().get(i) != 0.0));
        // A damaged file is refused, saying which and why.
        let mut bad = fs::read(&file).unwrap();
        let at = bad.len() / 2;
        bad[at] ^= 1;
        fs::write(&file, &bad).unwrap();
        let mut d = args(&from, 40);
        d.from = Some(file.clone());
        let err = run(&d).unwrap_err();
        assert!(err.contains("--from") && err.contains("checksum"), "{err}");
        let _ = fs::remove_dir_all(&base);
    }

    /// Checkpoint averaging: each weight of the file written is the mean of the files' (an
    /// i16 file counts at its values), and a file of another shape is refused, naming it.
    #[test]
    fn average_writes_the_mean_of_the_files_weights() {
        let base = std::env::temp_dir().join(format!("train-average-{}", std::process::id()));
        fs::create_dir_all(&base).unwrap();
        let file = |name: &str, net: &Network| {
            let path = base.join(name);
            fs::write(&path, encode(net, Encoding::ZeroRuns)).unwrap();
            path.to_str().unwrap().to_string()
        };
        let shape = Shape::small_4x4(8);
        let mut a = Network::new(shape.clone(), 0.0);
        let mut b = Network::new(shape.clone(), 0.0);
        for (i, (x, y)) in a
            .weights_mut()
            .unwrap()
            .iter_mut()
            .zip(b.weights_mut().unwrap().iter_mut())
            .enumerate()
        {
            *x = (i % 97) as f32;
            *y = 3.0 * (i % 89) as f32 - 40.0;
        }
        let c = b.quantised(Quantisation::I16);
        let (fa, fc) = (file("a.ntw", &a), file("c.ntw", &c));
        let out = base.join("mean.ntw");
        let export = |files: &[&str]| {
            let mut argv = vec!["train", "--export", out.to_str().unwrap()];
            for f in files {
                argv.extend(["--average", f]);
            }
            run(&Args::parse_from(argv))
        };
        export(&[&fa, &fc]).unwrap();
        let mean = decode(&fs::read(&out).unwrap()).unwrap();
        assert_eq!(mean.shape(), &shape);
        for i in 0..a.weights().len() {
            let want = (a.weights().get(i) + c.weights().get(i)) / 2.0;
            assert!((mean.weights().get(i) - want).abs() < 1e-3, "weight {i}");
        }
        let other = file("other.ntw", &Network::new(Shape::small_4x4(10), 1.0));
        let err = export(&[&fa, &other]).unwrap_err();
        assert!(
            err.contains("other.ntw") && err.contains("10 levels"),
            "{err}"
        );
        // A damaged file is refused, naming the option and the file.
        let bad = base.join("bad.ntw");
        fs::write(&bad, b"not a weights file").unwrap();
        let err = export(&[&fa, bad.to_str().unwrap()]).unwrap_err();
        assert!(
            err.starts_with("--average") && err.contains("bad.ntw"),
            "{err}"
        );
        let _ = fs::remove_dir_all(&base);
    }

    #[test]
    fn export_from_a_weights_file_writes_its_weights_again_as_planes() {
        let base = std::env::temp_dir().join(format!("train-reexport-{}", std::process::id()));
        run(&args(&base, 40)).unwrap();
        // An i16 file in the older encoding, as a network shipped before planes.
        let old = base.join("old.ntw");
        let i16 = weights_of(&base).quantised(Quantisation::I16);
        fs::write(&old, encode(&i16, Encoding::ZeroRuns)).unwrap();
        let out = base.join("new.ntw");
        let export = |quantise: &str| {
            Args::parse_from([
                "train",
                "--export",
                out.to_str().unwrap(),
                "--from",
                old.to_str().unwrap(),
                "--quantise",
                quantise,
            ])
        };
        run(&export("i16")).unwrap();
        let bytes = fs::read(&out).unwrap();
        assert_eq!(bytes[13], 2, "encoding 2, planes");
        let back = decode(&bytes).unwrap();
        assert_eq!(back.weights(), i16.weights(), "the same values and scale");
        // Another storage is written from the file's values.
        run(&export("f32")).unwrap();
        let f32s = decode(&fs::read(&out).unwrap()).unwrap();
        assert_eq!(f32s.weights().quantisation(), Quantisation::F32);
        assert!((0..i16.weights().len()).all(|i| f32s.weights().get(i) == i16.weights().get(i)));
        // With neither a checkpoint's folder nor a file, it says what it needs.
        let err = run(&Args::parse_from(["train", "--export", "x.ntw"])).unwrap_err();
        assert!(err.contains("--dir") && err.contains("--from"), "{err}");
        let _ = fs::remove_dir_all(&base);
    }

    #[test]
    fn keep_adds_back_the_weights_training_moved_most_up_to_the_count() {
        let base = std::env::temp_dir().join(format!("train-keep-{}", std::process::id()));
        let mut a = args(&base, 40);
        a.tc = true;
        a.alpha = 1.0;
        run(&a).unwrap();
        let c = checkpoint::load(&base.join("checkpoint.bin")).unwrap();
        let Weights::F32(w) = c.network.weights() else {
            panic!("a checkpoint holds f32")
        };
        let sizes = &c.coherence.as_ref().unwrap().sizes;
        let visits = visit_counts(c.network.features(), w, 20, C8_FIT_SEED);
        let read = (0..w.len())
            .filter(|&i| visits[i] >= 1 && w[i] != 0.0)
            .count();
        let trained = w.iter().filter(|&&x| x != 0.0).count();
        assert!(read < trained, "{read} read, {trained} trained");
        let total = (read + trained) / 2;
        let file = base.join("kept.ntw");
        let export = Args::parse_from([
            "train",
            "--export",
            file.to_str().unwrap(),
            "--dir",
            base.to_str().unwrap(),
            "--quantise",
            "f32",
            "--prune",
            "1",
            "--fit-games",
            "20",
            "--keep",
            &total.to_string(),
        ]);
        run(&export).unwrap();
        let kept = decode(&fs::read(&file).unwrap()).unwrap();
        let is_kept = |i: usize| kept.weights().get(i) != 0.0;
        let n = (0..w.len()).filter(|&i| is_kept(i)).count();
        assert!(n >= total && n < total + 50, "{n} kept for --keep {total}");
        let mut smallest_added = f32::INFINITY;
        let mut largest_dropped = 0f32;
        for i in 0..w.len() {
            if visits[i] >= 1 {
                assert_eq!(
                    kept.weights().get(i),
                    w[i],
                    "weight {i}: read, so kept as it is"
                );
            } else if is_kept(i) {
                assert_eq!(kept.weights().get(i), w[i]);
                smallest_added = smallest_added.min(sizes[i]);
            } else if w[i] != 0.0 {
                largest_dropped = largest_dropped.max(sizes[i]);
            }
        }
        assert!(
            smallest_added > largest_dropped,
            "added {smallest_added}, dropped {largest_dropped}"
        );
        // A network without the accumulators (a weights file) cannot say what training moved.
        let from = base.join("from.ntw");
        fs::write(&from, encode(&c.network, Encoding::ZeroRuns)).unwrap();
        let without = Args::parse_from([
            "train",
            "--export",
            file.to_str().unwrap(),
            "--from",
            from.to_str().unwrap(),
            "--prune",
            "1",
            "--fit-games",
            "20",
            "--keep",
            "10",
        ]);
        assert!(run(&without)
            .unwrap_err()
            .contains("coherence accumulators"));
        let _ = fs::remove_dir_all(&base);
    }

    #[test]
    fn pruning_zeroes_exactly_the_weights_the_networks_play_never_read() {
        let base = std::env::temp_dir().join(format!("train-prune-{}", std::process::id()));
        run(&args(&base, 40)).unwrap();
        let net = weights_of(&base);
        let Weights::F32(w) = net.weights() else {
            panic!("a checkpoint holds f32")
        };
        let visits = visit_counts(net.features(), w, 20, C8_FIT_SEED);
        let mut a = args(&base, 40);
        (a.prune, a.fit_games) = (1, 20);
        for q in [Quantisation::I16, Quantisation::F32] {
            let file = base.join(format!("pruned-{}.ntw", q.name()));
            write_weights(&net, None, q, &a, &file).unwrap();
            let pruned = decode(&fs::read(&file).unwrap()).unwrap();
            let full = net.quantised(q);
            let (mut kept, mut dropped) = (0, 0);
            for (i, &v) in visits.iter().enumerate() {
                let got = pruned.weights().get(i);
                if v == 0 {
                    assert_eq!(got, 0.0, "{q:?}: weight {i}, never read");
                    dropped += usize::from(w[i] != 0.0);
                } else {
                    assert_eq!(
                        got,
                        full.weights().get(i),
                        "{q:?}: weight {i}, read {v} times"
                    );
                    kept += 1;
                }
            }
            assert!(
                kept > 0 && dropped > 0,
                "{q:?}: {kept} kept, {dropped} dropped"
            );
        }
        let _ = fs::remove_dir_all(&base);
    }
}
