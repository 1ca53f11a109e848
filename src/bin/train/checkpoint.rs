//! A checkpoint: the games played so far, the seed, and the network as a weights file (f32,
//! zero runs, with its own checks). Game i's generator is seeded from (seed, i), so the
//! counter is the whole of the random state. Written to a temporary file, then renamed: a
//! kill never leaves half a checkpoint.

use std::fs;
use std::path::Path;

use game2048::ai::ntuple::{decode, encode, Encoding, Network};

const MAGIC: &[u8; 8] = b"2048ntc\n";

pub struct Checkpoint {
    pub games: u64,
    pub seed: u64,
    pub network: Network,
}

pub fn save(path: &Path, c: &Checkpoint) -> Result<(), String> {
    let mut bytes = Vec::new();
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&c.games.to_le_bytes());
    bytes.extend_from_slice(&c.seed.to_le_bytes());
    bytes.extend_from_slice(&encode(&c.network, Encoding::ZeroRuns));
    let tmp = path.with_extension("tmp");
    fs::write(&tmp, &bytes).map_err(|e| format!("cannot write {}: {e}", tmp.display()))?;
    fs::rename(&tmp, path).map_err(|e| format!("cannot rename to {}: {e}", path.display()))
}

pub fn load(path: &Path) -> Result<Checkpoint, String> {
    let bytes = fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if bytes.len() < 24 || &bytes[..8] != MAGIC {
        return Err(format!("{} is not a checkpoint", path.display()));
    }
    let word = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap_or([0; 8]));
    let network = decode(&bytes[24..]).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(Checkpoint {
        games: word(8),
        seed: word(16),
        network,
    })
}
