//! The trainer's flags (clap derive).

use std::path::PathBuf;

use clap::Parser;

/// Trains an n-tuple network for 4x4 2048 by afterstate TD learning (TD(λ), temporal
/// coherence, restarts), with checkpoints and a learning curve, and writes a weights file.
///
/// Game i (from 0) is played from seed (--seed, i), so one thread repeats exactly, and a run
/// resumed from a checkpoint equals an uninterrupted one. With --threads N > 1 several games
/// learn into the one network at once, lock-free: faster, not repeatable.
#[derive(Parser, Debug, Clone)]
#[command(name = "train", version)]
pub struct Args {
    /// Train until this many games in all have been played (a resumed run counts the games
    /// before it).
    #[arg(long, default_value_t = 100_000)]
    pub games: u64,
    /// The tuples: "4x6" (Yeh's four 6-tuples), "4x4" (four 4-tuples, small), or cells such as
    /// "0,1,2,3,4,5;4,5,6,7,8,9" (0..15 row by row; tuples of 4 to 6 cells, `;` between them).
    #[arg(long, default_value = "4x6")]
    pub shape: String,
    /// Exponents each cell tells apart (2..16): 16 is a nibble per cell (tiles to 32,768, the
    /// fast path); 14 reads every tile from 8,192 up as 8,192.
    #[arg(long, default_value_t = 16)]
    pub levels: u8,
    /// Learning rate per afterstate, shared among its features (with --tc, the rate a weight
    /// learns at while its errors agree; 1.0 is the usual choice).
    #[arg(long, default_value_t = 0.1)]
    pub alpha: f32,
    /// TD(λ): 0 is TD(0); the target mixes the next afterstate's value and its own target.
    #[arg(long, default_value_t = 0.0)]
    pub lambda: f32,
    /// Learn while playing (online TD(0), TDL2048's default), rather than in a backward pass
    /// after each game (which TD(λ) needs).
    #[arg(long, conflicts_with = "lambda")]
    pub online: bool,
    /// Temporal coherence: each weight learns at alpha x |sum of its errors| / (sum of their
    /// sizes). The accumulators are kept in the checkpoint (a run without --tc drops them).
    #[arg(long)]
    pub tc: bool,
    /// Restart: a game that ends goes on from an afterstate part-way through its last stretch
    /// (--restart-at), until a stretch is shorter than --restart-min moves.
    #[arg(long)]
    pub restart: bool,
    #[arg(long, default_value_t = 10, requires = "restart")]
    pub restart_min: usize,
    #[arg(long, default_value_t = 0.5, requires = "restart")]
    pub restart_at: f32,
    /// Stages: from each of these tiles up (the board's largest), the network reads tables of
    /// its own, e.g. "16384" (two stages) or "8192,16384". With --from a one-stage file, each
    /// stage starts as a copy of its weights (weight promotion).
    #[arg(long, value_name = "TILES", conflicts_with = "resume")]
    pub stages: Option<String>,
    /// Learn only from where each game's largest tile first reaches TILE: the moves before are
    /// played by the network at 1 ply and not learned, so every move learned is a late one
    /// (with --stages TILE, the last stage's training). The curve's games then start there.
    #[arg(long, value_name = "TILE")]
    pub start_at: Option<u32>,
    /// Optimistic initialisation: every afterstate starts valued at this (0: none).
    #[arg(long, default_value_t = 0.0)]
    pub init: f32,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Threads playing at once (more than 1: not repeatable).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Games per point of the learning curve.
    #[arg(long, default_value_t = 1000)]
    pub block: u64,
    /// A checkpoint every this many games (rounded up to whole blocks); 0: only at the end.
    #[arg(long, default_value_t = 20_000)]
    pub checkpoint_every: u64,
    /// At every checkpoint, play this many games with the network's 1-ply policy, learning
    /// nothing (seeds 2^41 onwards), and add a line to DIR/eval.jsonl: the curve of whole games.
    #[arg(long, default_value_t = 0)]
    pub eval_games: u64,
    /// Stop at the first checkpoint where the last GAMES games added less than one point to
    /// the 1-ply share reaching 16384, each share the mean of 5 checkpoints' evaluations
    /// (needs --eval-games). Every checkpoint's log line gives that reading, with GAMES
    /// 1,000,000 when this is not given.
    #[arg(long, value_name = "GAMES", requires = "eval_games")]
    pub until_flat: Option<u64>,
    /// Folder for checkpoint.bin, curve.jsonl and eval.jsonl (created if missing).
    #[arg(long, required_unless_present_any = ["bench", "export"])]
    pub dir: Option<PathBuf>,
    /// Measure only: train --games games from scratch, write nothing, and print the moves
    /// learned per second (one line on stdout).
    #[arg(long, conflicts_with_all = ["resume", "export", "out", "svg", "dir"])]
    pub bench: bool,
    /// Go on from DIR/checkpoint.bin (its shape, levels and seed; --alpha applies from now).
    #[arg(long)]
    pub resume: bool,
    /// Start from the weights of this weights file (any quantisation, gzipped or not; its
    /// shape and levels replace --shape and --levels) rather than from zero: a new run goes on
    /// from a shipped network when the checkpoint is lost. Coherence starts afresh; give a
    /// --seed the earlier run did not use, so that its games are new ones.
    #[arg(long, value_name = "FILE", conflicts_with = "resume")]
    pub from: Option<PathBuf>,
    /// With --from and --tc: first play this many chains (restarts as --restart says) with the
    /// file's network, learning nothing, to rebuild the coherence accumulators from its own
    /// errors, so that it learns on at the rates its weights' history would give rather than
    /// at full rate everywhere. Their games are not training's (seeds of their own).
    #[arg(long, value_name = "CHAINS", default_value_t = 0, requires_all = ["from", "tc"])]
    pub rebuild: u64,
    /// Write the network as a weights file at the end.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// How --out and --export store weights: f32, i16 or i8 (with one scale; i16 is held
    /// sparse in memory, so it suits a pruned network), or c8 (a byte per weight into 256
    /// values per tuple, fitted to the weights that --fit-games games of its play read).
    #[arg(long, default_value = "f32")]
    pub quantise: String,
    /// Weights read fewer than this many times in --fit-games games of the network's play
    /// become 0 (untrained), which shrinks the file and the sparse i16 in memory; 0 keeps all.
    #[arg(long, default_value_t = 0)]
    pub prune: u32,
    /// With --prune, from a checkpoint of a --tc run: keep this many weights in all, the
    /// weights --prune keeps and then, of those it drops, the ones training moved most (the
    /// largest coherence sums of error sizes), so that positions the fit games rarely reach
    /// (the late game that restarts train) keep theirs. 0: only --prune's.
    #[arg(long, value_name = "N", default_value_t = 0, requires = "prune")]
    pub keep: u64,
    /// With c8 or --prune: games the network plays (1 ply) to count how often each weight is
    /// read.
    #[arg(long, default_value_t = 1000)]
    pub fit_games: u64,
    /// Train nothing: write DIR/checkpoint.bin's network to FILE as a weights file (with
    /// --quantise), e.g. while a run goes on; with --from, that file's network instead (as it
    /// is, newly encoded, when --quantise names its storage and nothing is pruned).
    #[arg(long, value_name = "FILE")]
    pub export: Option<PathBuf>,
    /// With --export: write the mean of these weights files' weights instead (checkpoint
    /// averaging: give the option once per file; one shape, levels and stages, any
    /// quantisation, gzipped or not).
    #[arg(long, value_name = "FILE", requires = "export", conflicts_with_all = ["from", "dir"])]
    pub average: Vec<PathBuf>,
    /// Draw the learning curve (DIR/curve.jsonl) as SVG at every checkpoint.
    #[arg(long)]
    pub svg: Option<PathBuf>,
}
