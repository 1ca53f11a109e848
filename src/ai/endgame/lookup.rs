//! Finding a table for a board: in each of the eight symmetries, a formation whose fixed cells
//! hold distinct tiles, its chain's end the table's target and the rest above it, with every
//! free tile at most the target and the goal below it. The formation with the most fixed tiles
//! wins (its sub-game is the nearer step); then the first symmetry in [`Symmetry::ALL`].
//!
//! A search that uses the tables at its leaves looks a board up at every leaf, so the lookup
//! reads each view once: only views whose corner holds the board's largest tile can hold a
//! chain, each path is read off the board through `PATHS`, and along each path the chain's
//! length and the free tiles' largest say which formations fit, each found in an index by
//! formation and target rather than table by table; only the covering view is turned.

use super::distilled::Distilled;
use super::formation::{Formation, Layout, Symmetry, MAX_FIXED};
use super::reachable::ReachTable;
use super::subgame::Subgame;
use super::table::Table;
use crate::direction::Direction;

/// A sub-game's chances as a search reads them: every state's ([`Table`]), or those of the
/// boards a player reaches ([`Distilled`], which serves the leaves only).
#[derive(Clone, Debug)]
pub enum Solved {
    Full(Table),
    Distilled(Distilled),
}

impl Solved {
    pub fn game(&self) -> &Subgame {
        match self {
            Solved::Full(t) => t.game(),
            Solved::Distilled(d) => d.game(),
        }
    }

    /// The chance of winning the sub-game from `after`, a sub-game board just moved (before
    /// its spawn); None where a distilled table does not hold it.
    #[inline]
    pub fn after_value(&self, after: u64) -> Option<f64> {
        match self {
            Solved::Full(t) => Some(t.game().after_value(after, &|i| t.chance(i))),
            Solved::Distilled(d) => match d.game().after_state(after) {
                Err(chance) => Some(chance),
                Ok(state) => d.chance(state),
            },
        }
    }
}

/// What a search does with a move that breaks the covering table's formation (moves a fixed
/// tile), which the sub-game counts as lost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Breaks {
    /// Ruled out with the moves the table rates low.
    #[default]
    RuledOut,
    /// Left to the search: the table only rules among the moves that keep its formation.
    Searched,
}

impl Breaks {
    /// Each rule by the name the arena's `--table-breaks` takes.
    pub const NAMES: [(&'static str, Breaks); 2] = [
        ("ruled-out", Breaks::RuledOut),
        ("searched", Breaks::Searched),
    ];
}

/// Where a search uses the tables.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Use {
    /// At the root: the covering table rules out the moves it rates low
    /// (`expectimax_td`'s `CHANCE_SLACK`), [`Breaks`] says what of those that break it.
    #[default]
    Root,
    /// At the leaves: a leaf a table covers is worth the points made plus the network's
    /// value of what is to come times the table's chance of its sub-game
    /// ([`NetworkEval::with_tables`](crate::ai::eval::learned::NetworkEval::with_tables)).
    Leaves,
}

impl Use {
    /// Each use by the name the arena's `--table-use` takes.
    pub const NAMES: [(&'static str, Use); 2] = [("root", Use::Root), ("leaves", Use::Leaves)];
}

/// The tables a search may consult, passed to it as a value.
#[derive(Clone, Debug, Default)]
pub struct Tables {
    /// Most fixed tiles first.
    tables: Vec<Solved>,
    breaks: Breaks,
    uses: Use,
    /// The tile's exponent from which the search consults the tables: only once the board
    /// holds a tile of at least 2^from (0: at every stage).
    from: u8,
    /// The rank in `tables` of the first table of each layout, fixed count and target
    /// ([`slot`]), for [`Tables::find`].
    ranks: Vec<Option<u16>>,
    /// For each layout (`layout as usize`, as [`slot`] reads it), the fewest fixed tiles of its tables (None: it has none),
    /// so that [`Tables::find`] passes over a layout or a chain no table can cover.
    fewest: [Option<usize>; Layout::ALL.len()],
    /// Which tables these are, as [`Network::id`](crate::ai::ntuple::network::Network::id)
    /// says which values a network holds: the key of the values a search caches.
    id: u64,
    /// Tables of reachable positions of a wall formation, largest target first: where one
    /// holds the board, its best move is played when the search scores it within `margin`.
    walls: Vec<ReachTable>,
    margin: f64,
    /// Moves whose chances lie within `tie` of the best are the table's best alike.
    tie: f64,
    /// Whether the search holds the 442 walls, and from which tile's exponent up they count.
    hold: Option<u8>,
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

/// A (layout, fixed count, target)'s place in [`Tables::ranks`].
fn slot(layout: Layout, fixed: usize, target: u8) -> usize {
    ((layout as usize * (MAX_FIXED + 1)) + fixed) * 16 + usize::from(target)
}

const SLOTS: usize = Layout::ALL.len() * (MAX_FIXED + 1) * 16;

/// A fresh [`Tables::id`], never 0.
fn next_id() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// `PATHS[s][layout as usize][k]`: the board cell of the k-th cell of `layout`'s path in
/// `Symmetry::ALL[s]`'s view, so that [`Tables::find`] reads a view's path off the board and
/// turns only the covering view into a canonical board.
const PATHS: [[[u8; 16]; Layout::ALL.len()]; 8] = {
    let mut paths = [[[0u8; 16]; Layout::ALL.len()]; 8];
    let mut s = 0;
    while s < 8 {
        let mut l = 0;
        while l < Layout::ALL.len() {
            let layout = Layout::ALL[l];
            let path = layout.path();
            let mut k = 0;
            while k < 16 {
                paths[s][layout as usize][k] = Symmetry::ALL[s].cell(path[k]);
                k += 1;
            }
            l += 1;
        }
        s += 1;
    }
    paths
};

#[inline]
fn nibble(board: u64, cell: u8) -> u8 {
    ((board >> (4 * u32::from(cell))) & 0xf) as u8
}

/// A board a table covers: which table, in which symmetry, and the sub-game's board.
pub struct Found<'t> {
    pub table: &'t Solved,
    /// `table`'s place in [`Tables::tables`].
    pub rank: usize,
    pub symmetry: Symmetry,
    /// The canonical board with the fixed tiles' stand-ins.
    pub board: u64,
}

impl Found<'_> {
    /// The chance of winning the sub-game after each move of the board's `Direction::ALL`
    /// (None for a move the sub-game does not allow, or one a distilled table does not hold).
    pub fn chances(&self) -> [Option<f64>; 4] {
        let mut out = [None; 4];
        for (d, after) in crate::direction::Direction::ALL
            .into_iter()
            .zip(self.table.game().moves(self.board))
        {
            if let Some(after) = after {
                out[self.symmetry.direction(d).index()] = self.table.after_value(after);
            }
        }
        out
    }
}

impl Tables {
    /// These full tables.
    pub fn new(tables: Vec<Table>) -> Tables {
        Tables::of(tables.into_iter().map(Solved::Full).collect())
    }

    /// These tables, full or distilled.
    pub fn of(mut tables: Vec<Solved>) -> Tables {
        // Most fixed tiles first, then by target, equals kept in order: an insertion sort of
        // the few tables, whose code is a fraction of the library's sort in the page's wasm.
        let key = |t: &Solved| {
            (
                std::cmp::Reverse(t.game().formation().fixed_count()),
                t.game().target(),
            )
        };
        for i in 1..tables.len() {
            let mut j = i;
            while j > 0 && key(&tables[j - 1]) > key(&tables[j]) {
                tables.swap(j - 1, j);
                j -= 1;
            }
        }
        let mut ranks = vec![None; SLOTS];
        let mut fewest = [None; Layout::ALL.len()];
        for (rank, t) in tables.iter().enumerate() {
            let f = t.game().formation();
            let (n, least) = (f.fixed_count(), &mut fewest[f.layout() as usize]);
            *least = Some(least.map_or(n, |m: usize| m.min(n)));
            let at = &mut ranks[slot(f.layout(), f.fixed_count(), t.game().target())];
            if at.is_none() {
                *at = Some(rank as u16);
            }
        }
        Tables {
            tables,
            breaks: Breaks::default(),
            uses: Use::default(),
            from: 0,
            ranks,
            fewest,
            id: next_id(),
            walls: Vec::new(),
            margin: WALL_MARGIN,
            tie: WALL_TIE,
            hold: None,
            counts: Default::default(),
        }
    }

    /// These tables with the wall tables `walls` beside them.
    pub fn with_walls(self, mut walls: Vec<ReachTable>) -> Tables {
        walls.sort_by_key(|t| std::cmp::Reverse(t.game().target()));
        Tables { walls, ..self }
    }

    /// These tables, the wall tables' moves checked with `margin` (see [`WALL_MARGIN`]).
    pub fn with_margin(self, margin: f64) -> Tables {
        Tables { margin, ..self }
    }

    /// These tables, the search holding the 442 walls where six tiles of at least `2^from`
    /// stand on them (None: it does not hold them).
    pub fn with_hold(self, hold: Option<u8>) -> Tables {
        Tables { hold, ..self }
    }

    pub fn hold(&self) -> Option<u8> {
        self.hold
    }

    /// These tables, moves whose chances lie within `tie` of the best counted as its equals
    /// (see [`WALL_TIE`]).
    pub fn with_tie(self, tie: f64) -> Tables {
        Tables { tie, ..self }
    }

    pub fn walls(&self) -> &[ReachTable] {
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
        let top = covered
            .chances
            .iter()
            .flatten()
            .copied()
            .fold(0.0, f64::max);
        if top <= 0.0 {
            return None;
        }
        // Among the moves the table cannot tell from its best, the search's choice.
        let value = |d: Direction| values[d.index()].unwrap_or(f64::MIN);
        let dir = Direction::ALL
            .into_iter()
            .filter(|d| covered.chances[d.index()].is_some_and(|c| c >= top - self.tie))
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

    /// Every table in the folder `dir`: the full ones (`*.egt`) and the distilled sets
    /// (`*.egd`), in file-name order, none when it holds none; the error names the folder, or
    /// the file and what is wrong with it.
    pub fn read_dir(dir: &std::path::Path) -> Result<Tables, String> {
        let entries =
            std::fs::read_dir(dir).map_err(|e| format!("{}: cannot read: {e}", dir.display()))?;
        let mut paths: Vec<std::path::PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                p.extension()
                    .is_some_and(|x| x == "egt" || x == "egd" || x == "egr")
            })
            .collect();
        paths.sort();
        let mut tables = Vec::new();
        let mut walls = Vec::new();
        for p in &paths {
            if p.extension().is_some_and(|x| x == "egr") {
                walls.push(ReachTable::read_file(p)?);
                continue;
            }
            match p.extension().is_some_and(|x| x == "egd") {
                true => tables.extend(
                    super::distilled::read_file(p)?
                        .into_iter()
                        .map(Solved::Distilled),
                ),
                false => tables.push(Solved::Full(Table::read_file(p)?)),
            }
        }
        Ok(Tables::of(tables).with_walls(walls))
    }

    /// These tables, with `breaks` for the moves that break a formation.
    pub fn with_breaks(self, breaks: Breaks) -> Tables {
        Tables { breaks, ..self }
    }

    pub fn breaks(&self) -> Breaks {
        self.breaks
    }

    /// These tables, used as `uses` says.
    pub fn with_use(self, uses: Use) -> Tables {
        Tables { uses, ..self }
    }

    pub fn uses(&self) -> Use {
        self.uses
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

    /// See the field.
    pub fn id(&self) -> u64 {
        self.id
    }

    pub fn is_empty(&self) -> bool {
        self.tables.is_empty() && self.walls.is_empty()
    }

    pub fn tables(&self) -> &[Solved] {
        &self.tables
    }

    /// Whether any of these tables is distilled (which serves the leaves only).
    pub fn has_distilled(&self) -> bool {
        self.tables
            .iter()
            .any(|t| matches!(t, Solved::Distilled(_)))
    }

    /// The tables by formation, as game lines and messages name them: `snake-7 t3-8, snake-8 t7,
    /// parallel-7 t8`, the distilled ones after the word `distilled` and followed by their
    /// files' checksums (`(set 1a2b3c4d)`, [`Distilled::set`]),
    /// followed by `; at the leaves` under [`Use::Leaves`] (where [`Breaks`] plays no part),
    /// else by `; breaking moves searched` under [`Breaks::Searched`], and by `; from 16384`
    /// when they apply only from a tile on ([`Tables::with_from`]).
    pub fn describe(&self) -> String {
        let full = names(self.tables.iter().filter(|t| matches!(t, Solved::Full(_))));
        let distilled = names(
            self.tables
                .iter()
                .filter(|t| matches!(t, Solved::Distilled(_))),
        );
        let mut sets: Vec<String> = self
            .tables
            .iter()
            .filter_map(|t| match t {
                Solved::Distilled(d) => Some(format!("{:08x}", d.set())),
                Solved::Full(_) => None,
            })
            .collect();
        sets.sort_unstable();
        sets.dedup();
        let distilled = format!("distilled {distilled} (set {})", sets.join(", "));
        let names = match (full.is_empty(), sets.is_empty()) {
            (_, true) => full,
            (true, false) => distilled,
            (false, false) => format!("{full}, {distilled}"),
        };
        let walls: Vec<String> = self.walls.iter().map(|t| t.game().name()).collect();
        let names = match (names.is_empty(), walls.is_empty()) {
            (_, true) => names,
            (true, false) => format!(
                "walls {} (margin {}, tie {})",
                walls.join(", "),
                self.margin,
                self.tie
            ),
            (false, false) => format!(
                "{names}, walls {} (margin {}, tie {})",
                walls.join(", "),
                self.margin,
                self.tie
            ),
        };
        let uses = match (self.uses, self.breaks) {
            (Use::Leaves, _) => format!("{names}; at the leaves"),
            (Use::Root, Breaks::RuledOut) => names,
            (Use::Root, Breaks::Searched) => format!("{names}; breaking moves searched"),
        };
        let uses = match self.hold {
            Some(hold) => format!("{uses}; holding walls of {} up", 1u64 << hold),
            None => uses,
        };
        match self.from {
            0 => uses,
            from => format!("{uses}; from {}", 1u64 << from),
        }
    }

    /// The table that covers `board` (a nibble per cell, row-major), if any.
    pub fn find(&self, board: u64) -> Option<Found<'_>> {
        let largest = (0..16).map(|cell| nibble(board, cell)).max()?;
        if largest == 0 || self.tables.is_empty() {
            return None;
        }
        // The best (rank, symmetry) found so far.
        let mut best: Option<(u16, usize)> = None;
        for (s, symmetry) in Symmetry::ALL.into_iter().enumerate() {
            // Every formation's chain starts at the view's corner with the board's largest.
            if nibble(board, symmetry.cell(0)) != largest {
                continue;
            }
            for layout in Layout::ALL {
                let Some(fewest) = self.fewest[layout as usize] else {
                    continue;
                };
                let path = &PATHS[s][layout as usize];
                let at = |k: usize| nibble(board, path[k]);
                let mut chain = 1;
                while chain < MAX_FIXED && at(chain) < at(chain - 1) {
                    chain += 1;
                }
                if chain < fewest {
                    continue;
                }
                // past[k]: the largest tile along the path from cell k on (k >= fewest).
                let mut past = [0u8; 17];
                for k in (fewest..16).rev() {
                    past[k] = past[k + 1].max(at(k));
                }
                for fixed in (fewest..=chain).rev() {
                    let target = at(fixed - 1);
                    let Some(rank) = self.ranks[slot(layout, fixed, target)] else {
                        continue;
                    };
                    if past[fixed] <= target
                        && at(fixed) < target
                        && best.is_none_or(|(r, b)| (rank, s) < (r, b))
                    {
                        best = Some((rank, s));
                    }
                }
            }
        }
        let (rank, s) = best?;
        let view = Symmetry::ALL[s].canonical(board);
        let table = &self.tables[usize::from(rank)];
        let game = table.game();
        Some(Found {
            table,
            rank: usize::from(rank),
            symmetry: Symmetry::ALL[s],
            board: game.board(0) | (view & !game.fixed_mask()),
        })
    }

    /// The chance of winning the covering table's sub-game from `after`, a board just moved
    /// (before its spawn), or None when no table covers it (or a distilled one does not hold
    /// it).
    pub fn after_chance(&self, after: u64) -> Option<f64> {
        let found = self.find(after)?;
        found.table.after_value(found.board)
    }

    /// The chance of winning the covering table's sub-game after each move of the board's
    /// `Direction::ALL` (None for a move the sub-game does not allow), or None when no table
    /// covers `board`.
    pub fn chances(&self, board: u64) -> Option<[Option<f64>; 4]> {
        self.find(board).map(|found| found.chances())
    }
}

/// Tables by formation, as [`Tables::describe`] names them: `snake-7 t3-8, snake-8 t7`.
fn names<'t>(tables: impl Iterator<Item = &'t Solved>) -> String {
    let mut sorted: Vec<(Formation, u8)> = tables
        .map(|t| (t.game().formation(), t.game().target()))
        .collect();
    sorted.sort_unstable();
    let mut parts: Vec<(Formation, u8, u8)> = Vec::new();
    for (f, t) in sorted {
        match parts.last_mut() {
            Some((pf, _, high)) if *pf == f && *high + 1 == t => *high = t,
            _ => parts.push((f, t, t)),
        }
    }
    let names: Vec<String> = parts
        .iter()
        .map(|&(f, low, high)| match low == high {
            true => format!("{} t{low}", f.name()),
            false => format!("{} t{low}-{high}", f.name()),
        })
        .collect();
    names.join(", ")
}
