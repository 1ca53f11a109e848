//! The search a page's set is checked against (`walls-sample --network`): the learned search
//! at a budget of nodes, as `arena --strategy expectimax-td` plays it. A set changes that
//! search's play only at the positions where the table's move, checked by the search's values,
//! is another than the search's own (`table_move`); those come first in the set.

use std::path::PathBuf;

use game2048::ai::api::options::SearchOptions;
use game2048::ai::endgame::lookup::{table_move, WALL_MARGIN};
use game2048::ai::ntuple::network::{warm_up, Network};
use game2048::ai::ntuple::read::{decode, read_file};
use game2048::ai::search::bitboard::Bitboard;
use game2048::ai::search::clock::NoClock;
use game2048::ai::strategies::decision::Strategy;
use game2048::ai::strategies::expectimax_td::ExpectimaxTd;

use crate::Fail;

#[derive(clap::Args)]
pub struct CheckArgs {
    /// The learned network of the search the set serves: the positions where the table changes
    /// that search's move come first in the set, the others after them
    #[arg(long)]
    pub network: Option<PathBuf>,
    /// That search's budget in nodes (the arena's --nodes)
    #[arg(long, default_value_t = 20_000)]
    pub nodes: u64,
    /// How far below the search's best value the table's move may be (the arena's
    /// --table-margin)
    #[arg(long, default_value_t = WALL_MARGIN)]
    pub margin: f64,
}

/// The search, ready to check positions.
pub struct Checker {
    network: Network,
    options: SearchOptions,
    margin: f64,
}

impl Checker {
    /// The search `args` names; None where it names no network.
    pub fn new(args: &CheckArgs) -> Result<Option<Checker>, Fail> {
        let Some(path) = &args.network else {
            return Ok(None);
        };
        let bad = |e: &dyn std::fmt::Display| Fail::input(format!("{}: {e}", path.display()));
        let network = decode(&read_file(path).map_err(|e| bad(&e))?).map_err(|e| bad(&e))?;
        warm_up();
        Ok(Some(Checker {
            network: network.expanded(),
            options: SearchOptions::nodes(args.nodes),
            margin: args.margin,
        }))
    }

    /// Whether a table whose best moves are `best` (bits of `Direction::ALL`) changes the
    /// search's move on `board` (a nibble per cell, in the same view as `best`).
    pub fn changes(&self, board: u64, best: u8) -> bool {
        let search = ExpectimaxTd {
            options: self.options.clone(),
            network: Some(&self.network),
            tables: None,
        };
        let decision = search.decide(&Bitboard(board).to_exponents(), 4, &NoClock);
        table_move(best, &decision.values, self.margin).is_some_and(|(_, changed)| changed)
    }
}
