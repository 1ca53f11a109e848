//! The JS API's reports as JSON text, written by hand with [`write`](crate::json::write): what
//! `Game.move`, `tiles()`, `strategies()`, `Replay.move`, `bestMove`, `loadWeights` and
//! `Trainer.train` return (the bindings beside them turn the text into JS values). Each text
//! is exactly what serde_json writes for the same values (the tests compare the two), so the page sees the
//! objects serde_json gave it; written here, serde_json's writer and the `Serialize` code stay
//! out of the page's modules.
//!
//! One file per build's part, gated here once, as the bindings are. Unlike the bindings they
//! are also built natively, for their tests.
//!
//! | file | reports | build |
//! | --- | --- | --- |
//! | `game.rs` | a move's transitions, the tiles to draw | every build |
//! | `catalog.rs` | the strategy catalogue (finished text in the page's modules) | every build |
//! | `records.rs` | a recorded move | `records` |
//! | `search.rs` | the AI's decision, a loaded network, a trainer's games | `ai` |

pub mod catalog;
pub mod game;
#[cfg(feature = "records")]
pub mod records;
#[cfg(feature = "ai")]
pub mod search;
