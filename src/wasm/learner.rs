//! `Trainer`: TD learning in the page (the learn page's worker), over the same learner as the
//! native `train` (`src/ai/ntuple/learn.rs`): games played and learned from in blocks, the
//! network saved as a weights file or handed to the search to play with. The `ai` build only.

use wasm_bindgen::prelude::*;

use super::convert::{js_error, parse};
use super::reports::search::trained_games;
use super::search::play_with;
use crate::ai::ntuple::learn::{train_game, Method};
use crate::ai::ntuple::{decode, encode, Encoding, Network, Quantisation, Shape};
use crate::rng::GameRng;

#[wasm_bindgen]
pub struct Trainer {
    network: Network,
    alpha: f32,
    seed: u64,
    games: u64,
    path: Vec<(u64, u32)>,
}

#[wasm_bindgen]
impl Trainer {
    /// `new Trainer(shape, levels, alpha, seed)`: a network of every weight 0. shape: "4x4",
    /// "4x6" or cells as the trainer's `--shape`; levels 2..16; alpha above 0. Throws an
    /// Error naming the problem.
    #[wasm_bindgen(constructor)]
    pub fn new(shape: &str, levels: u8, alpha: f32, seed: u32) -> Result<Trainer, JsError> {
        let shape = Shape::parse(shape, levels).map_err(js_error)?;
        Trainer::of(Network::new(shape, 0.0), alpha, seed)
    }

    /// `Trainer.fromFile(bytes, alpha, seed, games)`: goes on from a weights file (f32
    /// only: the others lost precision).
    #[wasm_bindgen(js_name = fromFile)]
    pub fn from_file(bytes: &[u8], alpha: f32, seed: u32, games: f64) -> Result<Trainer, JsError> {
        let network = decode(bytes).map_err(js_error)?;
        if network.weights().quantisation() != Quantisation::F32 {
            return Err(JsError::new(
                "only an f32 weights file can be trained further",
            ));
        }
        let mut t = Trainer::of(network, alpha, seed)?;
        t.games = games.max(0.0) as u64;
        Ok(t)
    }

    fn of(network: Network, alpha: f32, seed: u32) -> Result<Trainer, JsError> {
        if !(alpha.is_finite() && alpha > 0.0 && alpha <= 1.0) {
            return Err(JsError::new("alpha must be above 0 and at most 1"));
        }
        Ok(Trainer {
            network,
            alpha,
            seed: u64::from(seed),
            games: 0,
            path: Vec::new(),
        })
    }

    /// `train(n)`: plays and learns from n more games; returns `[{score, largest, moves}]`.
    #[wasm_bindgen(unchecked_return_type = "TrainedGame[]")]
    pub fn train(&mut self, n: u32) -> JsValue {
        let features = self.network.features().clone();
        let weights = self
            .network
            .weights_mut()
            .unwrap_or_else(|| unreachable!("a trainer's weights are f32"));
        let mut out = Vec::with_capacity(n as usize);
        for _ in 0..n {
            // Game i from (seed, i) alone, as the native trainer's `game_rng`.
            let mut rng = GameRng::from_seed(
                self.seed.rotate_left(32) ^ self.games.wrapping_mul(0x9E37_79B9_7F4A_7C15),
            );
            let e = train_game(
                &features,
                weights,
                &mut rng,
                &Method::td0(self.alpha),
                &mut self.path,
            );
            self.games += 1;
            out.push(e);
        }
        parse(&trained_games(&out))
    }

    /// Games learned from so far.
    #[wasm_bindgen(getter)]
    pub fn games(&self) -> f64 {
        self.games as f64
    }

    /// `save(quantisation)`: the network as a weights file ("f32", "i16", "i8", or "c8"
    /// with evenly spaced codebooks: the native trainer's export fits them to play).
    pub fn save(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Quantisation")] quantisation: &str,
    ) -> Result<Vec<u8>, JsError> {
        let q = Quantisation::parse(quantisation)
            .ok_or_else(|| JsError::new("quantisation is f32, i16, i8 or c8"))?;
        Ok(encode(&self.network.quantised(q), Encoding::ZeroRuns))
    }

    /// `useForPlay()`: makes the current network the one `td` and `expectimax-td` play with in
    /// this module (a copy: training goes on without changing it).
    #[wasm_bindgen(js_name = useForPlay)]
    pub fn use_for_play(&self) {
        play_with(self.network.quantised(Quantisation::F32));
    }
}
