//! The networks the learned strategies play with: `--network FILE`, for every player that
//! names none, and a compare spec's own `network=FILE`. Each is read once and shared by the
//! threads that play with it; a bad file is bad input (exit 2), named by where it was given.

use std::collections::HashMap;
use std::sync::Arc;

use game2048::ai::ntuple::network::{warm_up, Network, Quantisation};
use game2048::ai::ntuple::read::{decode, read_file};

use crate::fail::Fail;

/// The option key of a compare spec that names its network.
pub const SPEC_KEY: &str = "network";

/// Reads the network at `path`, an `i16` one expanded unless `sparse`; `origin` says where
/// the path was given, for the error message.
pub fn read(path: &str, sparse: bool, origin: &str) -> Result<Arc<Network>, Fail> {
    let bad = |e: &dyn std::fmt::Display| Fail::input(format!("{origin}: {e}"));
    let network = decode(&read_file(path).map_err(|e| bad(&e))?).map_err(|e| bad(&e))?;
    let network = if sparse { network } else { network.expanded() };
    warm_up();
    eprintln!(
        "arena: network {} (shape {}, levels {}{}, {}{}, {:.1} MB in memory)",
        path,
        network.shape().describe(),
        network.shape().levels(),
        match network.shape().stage_count() {
            1 => String::new(),
            _ => format!(", stages from {}", network.shape().describe_stages()),
        },
        network.weights().quantisation().name(),
        match network.weights().quantisation() {
            Quantisation::I16 if sparse => " held sparse as in the page",
            Quantisation::I16 => " held sparse and expanded",
            _ => "",
        },
        network.memory_bytes() as f64 / 1e6
    );
    Ok(Arc::new(network))
}

/// The networks a run has read, by path, so that specs naming the same file share it.
#[derive(Default)]
pub struct Networks(HashMap<String, Arc<Network>>);

impl Networks {
    /// The network at `path`, read on its first use.
    pub fn get(&mut self, path: &str, sparse: bool, origin: &str) -> Result<Arc<Network>, Fail> {
        if let Some(network) = self.0.get(path) {
            return Ok(network.clone());
        }
        let network = read(path, sparse, origin)?;
        self.0.insert(path.to_string(), network.clone());
        Ok(network)
    }
}
