//! What every strategy shares: what an AI decides ([`Decision`]), the one [`Strategy`]
//! trait every strategy implements, and `root_moves`. The strategies import this module;
//! the dispatcher (`dispatch.rs`) imports the strategies.

use serde::Serialize;

use crate::ai::search::clock::Clock;
use crate::ai::search::grid::Grid;
use crate::ai::search::position::Position;
use crate::direction::Direction;

/// What an AI chose, and why. Serializes as the JS API's
/// `{ dir: "left" | null, values: { up, right, down, left }, nodes, depth, ms }`
/// (a value is null for a move that changes nothing).
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// The move to play; None when no move changes the board.
    pub dir: Option<Direction>,
    /// The value of each move in [`Direction::ALL`] order; None for a move that changes nothing.
    pub values: [Option<f64>; 4],
    /// Positions visited (Monte Carlo: moves played in roll-outs, root moves included).
    pub nodes: u64,
    /// The depth (in moves) of the deepest completed search; 0 when no move exists.
    pub depth: u32,
    /// Wall time the decision took, by the caller's clock.
    pub ms: f64,
}

impl Serialize for Decision {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeMap, SerializeStruct};

        struct Values<'a>(&'a [Option<f64>; 4]);
        impl Serialize for Values<'_> {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut map = serializer.serialize_map(Some(4))?;
                for (dir, value) in Direction::ALL.iter().zip(self.0) {
                    map.serialize_entry(dir.name(), value)?;
                }
                map.end()
            }
        }

        let mut s = serializer.serialize_struct("Decision", 5)?;
        s.serialize_field("dir", &self.dir.map(Direction::name))?;
        s.serialize_field("values", &Values(&self.values))?;
        s.serialize_field("nodes", &self.nodes)?;
        s.serialize_field("depth", &self.depth)?;
        s.serialize_field("ms", &self.ms)?;
        s.end()
    }
}

impl Decision {
    /// The decision that plays the highest of `values`, the first in [`Direction::ALL`]
    /// order among equals (the rule by which the page's worker pool merges split searches);
    /// `depth` is reported only when there is a move.
    pub fn from_values(values: [Option<f64>; 4], nodes: u64, depth: u32) -> Decision {
        let mut dir = None;
        let mut best = f64::NEG_INFINITY;
        for (d, value) in Direction::ALL.iter().zip(values) {
            if let Some(v) = value {
                if dir.is_none() || v > best {
                    best = v;
                    dir = Some(*d);
                }
            }
        }
        Decision {
            dir,
            values,
            nodes,
            depth: if dir.is_some() { depth } else { 0 },
            ms: 0.0,
        }
    }
}

/// The position after each move of [`Direction::ALL`] that `moves` allows; None where it
/// is not allowed or changes nothing.
pub(crate) fn root_moves(cells: &[u8], size: usize, moves: [bool; 4]) -> [Option<Grid>; 4] {
    let grid = Grid::new(size, cells);
    Direction::ALL.map(|dir| {
        if moves[dir.index()] {
            grid.after(dir)
        } else {
            None
        }
    })
}

/// A way of choosing moves. Every strategy is a pure function of the position, its options
/// and (only under a time budget) the clock.
pub trait Strategy {
    fn name(&self) -> &'static str;
    /// `cells` are exponents of a `size` x `size` board, already checked.
    fn decide(&self, cells: &[u8], size: usize, clock: &dyn Clock) -> Decision;
}
