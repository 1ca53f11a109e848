//! How much a search may spend, and the iterative deepening that spends it.
//!
//! A node budget counts positions (every move node, chance node and evaluated leaf) and
//! never looks at a clock, so the same position and budget give the same move everywhere.
//! A time budget looks at the [`Clock`] once every 1,024 nodes.

use super::clock::Clock;
pub use crate::ai::api::options::Budget;

/// Nodes between two looks at the clock under a time budget.
const CHECK_EVERY: u64 = 1024;

/// The running account of one search.
pub(crate) struct Control<'c> {
    budget: Budget,
    clock: &'c dyn Clock,
    start_ms: f64,
    nodes: u64,
    /// The node count at which to look at the budget again.
    next_check: u64,
    aborted: bool,
    /// Set when some leaf was cut by the depth limit (not by probability or a lost game):
    /// only then can a deeper iteration tell more.
    depth_cut: bool,
}

impl<'c> Control<'c> {
    pub fn new(budget: Budget, clock: &'c dyn Clock) -> Control<'c> {
        let start_ms = match budget {
            Budget::Millis(_) => clock.now_ms(),
            Budget::Nodes(_) => 0.0,
        };
        Control {
            budget,
            clock,
            start_ms,
            nodes: 0,
            next_check: u64::MAX,
            aborted: false,
            depth_cut: false,
        }
    }

    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    pub fn aborted(&self) -> bool {
        self.aborted
    }

    #[inline]
    pub fn note_depth_cut(&mut self) {
        self.depth_cut = true;
    }

    /// Counts a node; true when the search must stop now.
    #[inline]
    pub fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.next_check {
            self.check();
        }
        self.aborted
    }

    #[cold]
    fn check(&mut self) {
        match self.budget {
            Budget::Nodes(limit) => {
                self.aborted = self.nodes >= limit;
                self.next_check = limit;
            }
            Budget::Millis(ms) => {
                // A clock that reads NaN stops the search rather than letting it run on.
                let elapsed = self.elapsed_ms();
                self.aborted = elapsed.is_nan() || elapsed >= ms;
                self.next_check = self.nodes + CHECK_EVERY;
            }
        }
    }

    fn elapsed_ms(&self) -> f64 {
        self.clock.now_ms() - self.start_ms
    }

    /// From now on the budget binds (the first iteration runs unchecked so that every search
    /// returns a move).
    pub fn enforce(&mut self) {
        self.next_check = self.nodes;
    }

    /// Whether an iteration that costs about `expected` nodes (or, under a time budget, the
    /// time that many nodes took so far) fits in what is left.
    fn affords(&self, expected: u64) -> bool {
        match self.budget {
            Budget::Nodes(limit) => self.nodes.saturating_add(expected) <= limit,
            Budget::Millis(ms) => {
                let elapsed = self.elapsed_ms();
                let per_node = elapsed / self.nodes.max(1) as f64;
                elapsed + per_node * expected as f64 <= ms
            }
        }
    }
}

/// The outcome of iterative deepening: root values per direction and the depth they come
/// from (the nodes spent, aborted iterations included, stay on the [`Control`]).
pub(crate) struct Deepened {
    pub values: [Option<f64>; 4],
    pub depth: u32,
}

/// Searches at depth 1, 2, ... up to `max_depth` while the budget lasts; an iteration the
/// budget cuts short is thrown away. `search(depth, control)` returns the root values.
pub(crate) fn deepen(
    max_depth: u32,
    control: &mut Control,
    mut search: impl FnMut(u32, &mut Control) -> [Option<f64>; 4],
) -> Deepened {
    let mut best = Deepened {
        values: search(1, control),
        depth: 1,
    };
    control.enforce();
    let mut last_cost = control.nodes.max(1);
    // Each extra ply multiplies the cost by less than the one before (the probability cut
    // prunes more, the table hits more): about 40x, 15x, 12x, 8x, 5x, 3x from depth 1 on.
    let mut growth = 40.0f64;
    for depth in 2..=max_depth {
        if !control.depth_cut {
            break;
        }
        if !control.affords((last_cost as f64 * growth) as u64) {
            break;
        }
        control.depth_cut = false;
        let before = control.nodes;
        let values = search(depth, control);
        if control.aborted {
            break;
        }
        best = Deepened { values, depth };
        let cost = (control.nodes - before).max(1);
        growth = (0.75 * cost as f64 / last_cost as f64).clamp(1.5, 40.0);
        last_cost = cost;
    }
    best
}
