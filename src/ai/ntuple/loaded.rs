//! The network the learned strategies play with: one per process (per Web Worker in the
//! page), loaded from a weights file by `loadWeights` (wasm) or `--network` (the arena).
//! Until one is loaded, `td` and `expectimax-td` answer with an error that says so.

use std::sync::{Arc, PoisonError, RwLock};

use super::format::WeightsError;
use super::network::{warm_up, Network};
use super::read::decode;

static NETWORK: RwLock<Option<Arc<Network>>> = RwLock::new(None);

/// Makes `network` the one the learned strategies use, replacing any other.
pub fn install(network: Network) -> Arc<Network> {
    warm_up();
    let network = Arc::new(network);
    *NETWORK.write().unwrap_or_else(PoisonError::into_inner) = Some(network.clone());
    network
}

/// Reads a weights file and installs its network; on error the network loaded before (if
/// any) stays.
pub fn load(bytes: &[u8]) -> Result<Arc<Network>, WeightsError> {
    Ok(install(decode(bytes)?))
}

/// The network loaded, if any.
pub fn current() -> Option<Arc<Network>> {
    NETWORK
        .read()
        .unwrap_or_else(PoisonError::into_inner)
        .clone()
}

/// Forgets the network (the learned strategies become unavailable again).
pub fn unload() {
    *NETWORK.write().unwrap_or_else(PoisonError::into_inner) = None;
}
