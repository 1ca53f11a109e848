//! Finding a table for a board: in each of the eight symmetries, a formation whose fixed cells
//! hold distinct tiles, its chain's end the table's target and the rest above it, with every
//! free tile at most the target and the goal below it. The formation with the most fixed tiles
//! wins (its sub-game is the nearer step); then the first symmetry in [`Symmetry::ALL`].

use super::formation::{Formation, Symmetry};
use super::table::Table;

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

    /// The rule named `name` (one of [`Breaks::NAMES`]).
    pub fn named(name: &str) -> Option<Breaks> {
        Breaks::NAMES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, b)| b)
    }
}

/// The tables a search may consult, passed to it as a value.
#[derive(Clone, Debug, Default)]
pub struct Tables {
    /// Most fixed tiles first.
    tables: Vec<Table>,
    breaks: Breaks,
}

/// A board a table covers: which table, in which symmetry, and the sub-game's board.
pub struct Found<'t> {
    pub table: &'t Table,
    pub symmetry: Symmetry,
    /// The canonical board with the fixed tiles' stand-ins.
    pub board: u64,
}

impl Found<'_> {
    /// The chance of winning the sub-game after each move of the board's `Direction::ALL`
    /// (None for a move the sub-game does not allow).
    pub fn chances(&self) -> [Option<f64>; 4] {
        let game = self.table.game();
        let chance = |i: u64| self.table.chance(i);
        let mut out = [None; 4];
        for (d, after) in crate::direction::Direction::ALL
            .into_iter()
            .zip(game.moves(self.board))
        {
            if let Some(after) = after {
                out[self.symmetry.direction(d).index()] = Some(game.after_value(after, &chance));
            }
        }
        out
    }
}

impl Tables {
    pub fn new(mut tables: Vec<Table>) -> Tables {
        tables.sort_by_key(|t| {
            (
                std::cmp::Reverse(t.game().formation().fixed_count()),
                t.game().target(),
            )
        });
        Tables {
            tables,
            breaks: Breaks::default(),
        }
    }

    /// Every table (`*.egt`) in the folder `dir`, in file-name order, none when it holds none;
    /// the error names the folder, or the file and what is wrong with it.
    pub fn read_dir(dir: &std::path::Path) -> Result<Tables, String> {
        let entries =
            std::fs::read_dir(dir).map_err(|e| format!("{}: cannot read: {e}", dir.display()))?;
        let mut paths: Vec<std::path::PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "egt"))
            .collect();
        paths.sort();
        let tables = paths
            .iter()
            .map(|p| Table::read_file(p))
            .collect::<Result<_, _>>()?;
        Ok(Tables::new(tables))
    }

    /// These tables, with `breaks` for the moves that break a formation.
    pub fn with_breaks(self, breaks: Breaks) -> Tables {
        Tables { breaks, ..self }
    }

    pub fn breaks(&self) -> Breaks {
        self.breaks
    }

    pub fn is_empty(&self) -> bool {
        self.tables.is_empty()
    }

    pub fn tables(&self) -> &[Table] {
        &self.tables
    }

    /// The tables by formation, as game lines and messages name them: `snake-7 t3-8, snake-8 t7,
    /// parallel-7 t8`,
    /// followed by `; breaking moves searched` under [`Breaks::Searched`].
    pub fn describe(&self) -> String {
        let mut parts: Vec<(Formation, u8, u8)> = Vec::new();
        let mut sorted: Vec<(Formation, u8)> = self
            .tables
            .iter()
            .map(|t| (t.game().formation(), t.game().target()))
            .collect();
        sorted.sort_unstable();
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
        let names = names.join(", ");
        match self.breaks {
            Breaks::RuledOut => names,
            Breaks::Searched => format!("{names}; breaking moves searched"),
        }
    }

    /// The table that covers `board` (a nibble per cell, row-major), if any.
    pub fn find(&self, board: u64) -> Option<Found<'_>> {
        // The board's eight views once, not once per table.
        let views = Symmetry::ALL.map(|s| s.canonical(board));
        for table in &self.tables {
            let game = table.game();
            let formation = game.formation();
            let mask = formation
                .fixed()
                .iter()
                .fold(0u64, |m, &cell| m | 0xf << (4 * u32::from(cell)));
            for (symmetry, c) in Symmetry::ALL.into_iter().zip(views) {
                if formation.target_in(c) == Some(game.target()) {
                    return Some(Found {
                        table,
                        symmetry,
                        board: game.board(0) | (c & !mask),
                    });
                }
            }
        }
        None
    }

    /// The chance of winning the covering table's sub-game after each move of the board's
    /// `Direction::ALL` (None for a move the sub-game does not allow), or None when no table
    /// covers `board`.
    pub fn chances(&self, board: u64) -> Option<[Option<f64>; 4]> {
        self.find(board).map(|found| found.chances())
    }
}
