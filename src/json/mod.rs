//! The JSON the crate writes and reads by hand, in one place: one writer ([`write`]) and one
//! reader ([`read`]). The saved game (`state.rs`) and the JS API's reports (`wasm/reports/`)
//! are written with them.
//!
//! Why by hand: the page's modules must stay small (the first visit's budget), and serde_json
//! with the derived code was most of them. Text written here is serde_json's, byte for byte,
//! and messages about bad input are serde_json's, word for word (tests compare both), so
//! nothing the page or a saved game relies on changed when serde_json left. serde_json stays
//! where size does not count: the AI's options (`ai::api::options`, the `ai` build only), the
//! native tools, and the tests, as the reference.
//!
//! `write` imports nothing from the crate; `read` imports `error`'s message helpers.

pub mod read;
pub mod write;
