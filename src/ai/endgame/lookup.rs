//! The wall tables a search consults, passed to it as a value: tables of reachable positions
//! ([`ReachTable`](super::reachable::ReachTable), looked up in its mapped file natively) or
//! sets distilled from them ([`DistilledTable`], [`PackedSet`]), largest target first.
//! Where one holds the board at the root, its best move is played when the search scores it
//! within a margin of its best ([`Tables::wall_move`]).

use super::reachable::distilled::best_moves;
#[cfg(not(target_arch = "wasm32"))]
use super::reachable::Chances;
use super::reachable::{Covered, DistilledTable, PackedSet, WallGame};
use crate::ai::search::bitboard::Bitboard;
use crate::direction::Direction;

/// A wall table: a whole table of reachable positions (natively), or a set distilled from one,
/// as it is or packed.
#[derive(Clone, Debug)]
pub enum WallTable {
    /// A whole table looked up in its mapped file, as the arena reads `*.egr` files.
    #[cfg(not(target_arch = "wasm32"))]
    Mapped(std::sync::Arc<super::reachable::MappedTable>),
    Distilled(DistilledTable),
    Packed(PackedSet),
}

impl WallTable {
    pub fn game(&self) -> &WallGame {
        match self {
            #[cfg(not(target_arch = "wasm32"))]
            WallTable::Mapped(t) => t.game(),
            WallTable::Distilled(t) => t.game(),
            WallTable::Packed(t) => t.game(),
        }
    }

    pub fn covers(&self, board: u64) -> Option<Covered> {
        match self {
            #[cfg(not(target_arch = "wasm32"))]
            WallTable::Mapped(t) => t.covers(board),
            WallTable::Distilled(t) => t.covers(board),
            WallTable::Packed(t) => t.covers(board),
        }
    }

    /// As game lines name it: `443-t9`, or `443-t9 distilled` for a distilled set, or
    /// `443-t9 packed 1a2b3c4d` for a packed one (its file's checksum).
    pub fn name(&self) -> String {
        match self {
            #[cfg(not(target_arch = "wasm32"))]
            WallTable::Mapped(t) => t.game().name(),
            WallTable::Distilled(t) => format!("{} distilled", t.game().name()),
            WallTable::Packed(t) => format!("{} packed {:08x}", t.game().name(), t.sum()),
        }
    }

    /// The wall tables in the file `path`: a table (`*.egr`, looked up in its mapped file
    /// natively), a distilled set (`*.ewd`) or the packed sets of a `*.ews` (one or more, one
    /// after another); the error names the file and what is wrong with it.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn read_file(path: &std::path::Path) -> Result<Vec<WallTable>, String> {
        let named = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
        let open = || std::fs::File::open(path).map(std::io::BufReader::new);
        match path.extension().and_then(|x| x.to_str()) {
            Some("ewd") => DistilledTable::read(open().map_err(|e| named(&e))?)
                .map(|t| vec![WallTable::Distilled(t)])
                .map_err(|e| named(&e)),
            Some("ews") => PackedSet::read_all(&std::fs::read(path).map_err(|e| named(&e))?)
                .map(|sets| sets.into_iter().map(WallTable::Packed).collect())
                .map_err(|e| named(&e)),
            _ => super::reachable::MappedTable::open(path)
                .map(|t| vec![WallTable::Mapped(std::sync::Arc::new(t))]),
        }
    }
}

/// The tables a search may consult, passed to it as a value.
#[derive(Clone, Debug)]
pub struct Tables {
    /// The tile's exponent from which the search consults the tables: only once the board
    /// holds a tile of at least 2^from (0: at every stage).
    from: u8,
    /// Tables of reachable positions of a wall formation, largest target first: where one
    /// holds the board, its best move is played when the search scores it within `margin`.
    walls: Vec<WallTable>,
    margin: f64,
    /// Moves whose chances lie within `tie` of the best are the table's best alike.
    tie: f64,
    /// How many decisions a wall table held the board for, and how many of them played its move.
    counts: std::sync::Arc<WallCounts>,
}

/// What the wall tables did, over every search that consulted them.
#[derive(Debug, Default)]
pub struct WallCounts {
    pub held: std::sync::atomic::AtomicU64,
    pub played: std::sync::atomic::AtomicU64,
    /// Of `played`, those where the search alone would have played another move.
    pub changed: std::sync::atomic::AtomicU64,
}

/// How far below the search's best value, as a share of it, the value of a wall table's move
/// may be for the table's move to be played.
pub const WALL_MARGIN: f64 = 0.01;
/// Moves whose chances lie this close to the best are the table's best alike; the search
/// chooses among them.
pub const WALL_TIE: f64 = 1e-3;

impl Tables {
    /// These wall tables, checked with [`WALL_MARGIN`], at every stage.
    pub fn new(walls: Vec<WallTable>) -> Tables {
        Tables {
            from: 0,
            walls: Vec::new(),
            margin: WALL_MARGIN,
            tie: WALL_TIE,
            counts: Default::default(),
        }
        .with_walls(walls)
    }

    /// These tables with the wall tables `walls`.
    pub fn with_walls(self, mut walls: Vec<WallTable>) -> Tables {
        walls.sort_by_key(|t| std::cmp::Reverse(t.game().target()));
        Tables { walls, ..self }
    }

    /// These tables, the wall tables' moves checked with `margin` (see [`WALL_MARGIN`]).
    pub fn with_margin(self, margin: f64) -> Tables {
        Tables { margin, ..self }
    }

    /// These tables, moves whose chances lie within `tie` of the best counted as its equals
    /// (see [`WALL_TIE`]).
    pub fn with_tie(self, tie: f64) -> Tables {
        Tables { tie, ..self }
    }

    pub fn walls(&self) -> &[WallTable] {
        &self.walls
    }

    pub fn counts(&self) -> &WallCounts {
        &self.counts
    }

    /// The move a wall table gives the board (a nibble per cell), checked against the search's
    /// values of its moves: the first table, largest target first, that holds the board and
    /// can still win its sub-game names its best move, and that move is played when the search
    /// scores it within the margin of its best. None where no table holds the board, or the
    /// search refuses the table's move.
    pub fn wall_move(&self, board: u64, values: &[Option<f64>; 4]) -> Option<Direction> {
        use std::sync::atomic::Ordering::Relaxed;
        let covered = self
            .walls
            .iter()
            .filter_map(|t| t.covers(board))
            .find(|c| c.held)?;
        self.counts.held.fetch_add(1, Relaxed);
        let best = best_moves(&covered.chances, self.tie);
        // Among the moves the table cannot tell from its best, the search's choice.
        let value = |d: Direction| values[d.index()].unwrap_or(f64::MIN);
        let dir = Direction::ALL
            .into_iter()
            .filter(|d| best >> d.index() & 1 == 1)
            .max_by(|&a, &b| {
                value(a)
                    .total_cmp(&value(b))
                    .then(b.index().cmp(&a.index()))
            })?;
        let best = values.iter().flatten().copied().fold(f64::MIN, f64::max);
        let value = values[dir.index()]?;
        (value >= best - self.margin * best.abs()).then(|| {
            self.counts.played.fetch_add(1, Relaxed);
            if value < best {
                self.counts.changed.fetch_add(1, Relaxed);
            }
            dir
        })
    }

    /// Where the tables apply to the 4x4 board `cells` (exponents) and one holds it, the move
    /// [`Tables::wall_move`] gives for the search's values of the moves: the move to play
    /// instead of the search's.
    pub fn steer(&self, cells: &[u8], values: &[Option<f64>; 4]) -> Option<Direction> {
        let board = Bitboard::from_exponents(cells).filter(|_| self.apply_to(cells))?;
        self.wall_move(board.0, values)
    }

    /// Every wall table (`*.egr`) and distilled set (`*.ewd`, packed `*.ews`) in the folder
    /// `dir`, none when it holds none; the error names the folder, or the file and what is wrong with it.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn read_dir(dir: &std::path::Path) -> Result<Tables, String> {
        let entries =
            std::fs::read_dir(dir).map_err(|e| format!("{}: cannot read: {e}", dir.display()))?;
        let mut paths: Vec<std::path::PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                p.extension()
                    .is_some_and(|x| x == "egr" || x == "ewd" || x == "ews")
            })
            .collect();
        paths.sort();
        let walls = paths
            .iter()
            .map(|p| WallTable::read_file(p))
            .collect::<Result<Vec<_>, _>>()?
            .into_iter()
            .flatten()
            .collect();
        Ok(Tables::new(walls))
    }

    /// These tables, consulted only once a board holds a tile of at least 2^`from` (0: at
    /// every stage).
    pub fn with_from(self, from: u8) -> Tables {
        Tables { from, ..self }
    }

    /// Whether a search from `cells` (a board's exponents) consults these tables: the board
    /// holds a tile of at least 2^from.
    pub fn apply_to(&self, cells: &[u8]) -> bool {
        cells.iter().any(|&e| e >= self.from)
    }

    pub fn is_empty(&self) -> bool {
        self.walls.is_empty()
    }

    /// The tables as game lines and messages name them: `walls 442-t9 (margin 0.01, tie 0.001)`,
    /// followed by `; from 16384` when they apply only from a tile on ([`Tables::with_from`]).
    pub fn describe(&self) -> String {
        let walls: Vec<String> = self.walls.iter().map(WallTable::name).collect();
        let mut out = format!(
            "walls {} (margin {}, tie {})",
            walls.join(", "),
            self.margin,
            self.tie
        );
        if self.from > 0 {
            out += &format!("; from {}", 1u64 << self.from);
        }
        out
    }
}

impl Default for Tables {
    fn default() -> Tables {
        Tables::new(Vec::new())
    }
}
