//! A checkpoint: the games played so far, the seed, the network as a weights file (f32, zero
//! runs, with its own checks), and, for temporal coherence, its two accumulators as two more
//! weights files of the same shape. Game i's generator is seeded from (seed, i), so the counter
//! is the whole of the random state. Written to a temporary file, then renamed: a kill never
//! leaves half a checkpoint.
//!
//! | bytes | field |
//! | --- | --- |
//! | 8 | magic `2048ntk\n` |
//! | 8 | games played |
//! | 8 | seed |
//! | 1 | parts: 1 (weights) or 3 (weights, then the coherence sums E and sizes A) |
//! | each part: 8 + n | its length n, then a weights file |

use std::fs;
use std::path::Path;

use game2048::ai::ntuple::{decode, encode, Encoding, Network, Weights};

const MAGIC: &[u8; 8] = b"2048ntk\n";
/// The magic of the trainer's first checkpoints (weights only, no parts).
const OLD_MAGIC: &[u8; 8] = b"2048ntc\n";

/// Temporal coherence's accumulators, one of each per weight.
pub struct Accumulators {
    pub sums: Vec<f32>,
    pub sizes: Vec<f32>,
}

pub struct Checkpoint {
    pub games: u64,
    pub seed: u64,
    pub network: Network,
    pub coherence: Option<Accumulators>,
}

fn part(bytes: &mut Vec<u8>, network: &Network) {
    let file = encode(network, Encoding::ZeroRuns);
    bytes.extend_from_slice(&(file.len() as u64).to_le_bytes());
    bytes.extend_from_slice(&file);
}

pub fn save(path: &Path, c: &Checkpoint) -> Result<(), String> {
    let mut bytes = Vec::new();
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&c.games.to_le_bytes());
    bytes.extend_from_slice(&c.seed.to_le_bytes());
    bytes.push(if c.coherence.is_some() { 3 } else { 1 });
    part(&mut bytes, &c.network);
    if let Some(acc) = &c.coherence {
        for values in [&acc.sums, &acc.sizes] {
            let network =
                Network::from_parts(c.network.shape().clone(), Weights::F32(values.clone()))
                    .ok_or("the coherence accumulators are not the network's size")?;
            part(&mut bytes, &network);
        }
    }
    let tmp = path.with_extension("tmp");
    fs::write(&tmp, &bytes).map_err(|e| format!("cannot write {}: {e}", tmp.display()))?;
    fs::rename(&tmp, path).map_err(|e| format!("cannot rename to {}: {e}", path.display()))
}

pub fn load(path: &Path) -> Result<Checkpoint, String> {
    let bytes = fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let name = path.display();
    if bytes.len() >= 8 && &bytes[..8] == OLD_MAGIC {
        return Err(format!(
            "{name} is a checkpoint of an older trainer: export its network (an older \
             `train --export`) and start from that"
        ));
    }
    if bytes.len() < 25 || &bytes[..8] != MAGIC {
        return Err(format!("{name} is not a checkpoint"));
    }
    let word = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap_or([0; 8]));
    let parts = bytes[24];
    if parts != 1 && parts != 3 {
        return Err(format!(
            "{name}: {parts} parts, where a checkpoint has 1 or 3"
        ));
    }
    let mut at = 25;
    let mut networks = Vec::new();
    for k in 0..parts {
        let len = (bytes.len() >= at + 8)
            .then(|| word(at))
            .ok_or_else(|| format!("{name} is cut short before part {}", k + 1))?;
        let end = (at as u64 + 8)
            .checked_add(len)
            .filter(|&end| end <= bytes.len() as u64)
            .ok_or_else(|| format!("{name} is cut short in part {}", k + 1))?
            as usize;
        networks
            .push(decode(&bytes[at + 8..end]).map_err(|e| format!("{name}, part {}: {e}", k + 1))?);
        at = end;
    }
    if at != bytes.len() {
        return Err(format!(
            "{name} has {} bytes after its parts",
            bytes.len() - at
        ));
    }
    let floats = |n: Network| match n.weights() {
        Weights::F32(w) => Ok(w.clone()),
        _ => Err(format!("{name}: a part is quantised; a checkpoint is f32")),
    };
    let mut networks = networks.into_iter();
    let network = networks.next().ok_or("no parts")?;
    let coherence = match (networks.next(), networks.next()) {
        (Some(e), Some(a)) => {
            if e.shape() != network.shape() || a.shape() != network.shape() {
                return Err(format!(
                    "{name}: the accumulators' shape is not the network's"
                ));
            }
            Some(Accumulators {
                sums: floats(e)?,
                sizes: floats(a)?,
            })
        }
        _ => None,
    };
    Ok(Checkpoint {
        games: word(8),
        seed: word(16),
        network,
        coherence,
    })
}
