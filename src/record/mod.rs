//! Game records: every game as a compact, versioned text that replays it exactly (the share
//! link, a downloaded file, the replay page and the tests use the one format).
//!
//! | file | holds |
//! | --- | --- |
//! | `model.rs` | [`Record`], [`RecordedMove`], [`Mode`] |
//! | `codec.rs` | [`Record::encode`] and [`Record::decode`]: the text, byte by byte |
//! | `replay.rs` | [`Replay`]: every position of a record, by move number |
//! | `step.rs` | one move checked against the rules (shared by the three above) |
//! | `bits.rs` | bits, base64url |
//! | `error.rs` | [`RecordError`]: the move number and the problem |
//!
//! This file only declares and re-exports; nothing under `src/record` imports it back.

mod bits;
mod codec;
mod error;
mod model;
mod replay;
mod step;

pub use error::{MoveProblem, RecordError};
pub use model::{Mode, Record, RecordedMove, MAGIC, VERSION};
pub use replay::Replay;
