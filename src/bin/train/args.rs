//! The trainer's flags (clap derive).

use std::path::PathBuf;

use clap::Parser;

/// Trains an n-tuple network for 4x4 2048 by afterstate TD(0) learning, with checkpoints and a
/// learning curve, and writes a weights file.
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
    /// Exponents each cell tells apart (2..16): 14 reads every tile from 8,192 up as 8,192.
    #[arg(long, default_value_t = 14)]
    pub levels: u8,
    /// Learning rate per afterstate, shared among its features.
    #[arg(long, default_value_t = 0.1)]
    pub alpha: f32,
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
    /// Folder for checkpoint.bin and curve.jsonl (created if missing).
    #[arg(long)]
    pub dir: PathBuf,
    /// Go on from DIR/checkpoint.bin (its shape, levels and seed; --alpha applies from now).
    #[arg(long)]
    pub resume: bool,
    /// Write the network as a weights file at the end.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// How --out and --export store weights: f32, i16 or i8 (with one scale), or c8 (a byte
    /// per weight into 256 values per tuple, fitted to the weights 1,000 games of its play read).
    #[arg(long, default_value = "f32")]
    pub quantise: String,
    /// Train nothing: write DIR/checkpoint.bin's network to FILE as a weights file (with
    /// --quantise), e.g. while a run goes on.
    #[arg(long, value_name = "FILE")]
    pub export: Option<PathBuf>,
    /// Draw the learning curve (DIR/curve.jsonl) as SVG at every checkpoint.
    #[arg(long)]
    pub svg: Option<PathBuf>,
}
