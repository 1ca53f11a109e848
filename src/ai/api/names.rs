//! The names of the strategies and which options each reads: plain data, imported by the
//! errors (to list them), the options (to check them) and the catalogue (to describe them).

/// The strategies there are; names may grow, existing ones keep working.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StrategyName {
    Random,
    Corner,
    Cycle,
    Greedy,
    MonteCarlo,
    MonteCarloDynamic,
    Minimax,
    MinimaxId,
    Expectimax,
    /// The learned player: one ply, the afterstate an n-tuple network values most.
    Td,
    /// Expectimax with the n-tuple network as its evaluation.
    ExpectimaxTd,
}

impl StrategyName {
    /// Every strategy that plays with nothing loaded, weakest and cheapest first: the page's
    /// picker and `strategies()` list these. The learned ones are [`StrategyName::LEARNED`].
    pub const ALL: [StrategyName; 9] = [
        StrategyName::Random,
        StrategyName::Corner,
        StrategyName::Cycle,
        StrategyName::Greedy,
        StrategyName::MonteCarlo,
        StrategyName::MonteCarloDynamic,
        StrategyName::Minimax,
        StrategyName::MinimaxId,
        StrategyName::Expectimax,
    ];

    /// The strategies that play with a trained network, once one is loaded (`loadWeights`
    /// in JS, `--network` in the arena); 4x4 only.
    pub const LEARNED: [StrategyName; 2] = [StrategyName::Td, StrategyName::ExpectimaxTd];

    /// Whether this strategy needs a loaded network (and a 4x4 board).
    pub fn needs_network(self) -> bool {
        StrategyName::LEARNED.contains(&self)
    }

    pub fn name(self) -> &'static str {
        match self {
            StrategyName::Random => "random",
            StrategyName::Corner => "corner",
            StrategyName::Cycle => "cycle",
            StrategyName::Greedy => "greedy",
            StrategyName::MonteCarlo => "montecarlo",
            StrategyName::MonteCarloDynamic => "montecarlo-dynamic",
            StrategyName::Minimax => "minimax",
            StrategyName::MinimaxId => "minimax-id",
            StrategyName::Expectimax => "expectimax",
            StrategyName::Td => "td",
            StrategyName::ExpectimaxTd => "expectimax-td",
        }
    }

    /// The strategy called `name`; None for a name no strategy has.
    pub fn parse(name: &str) -> Option<StrategyName> {
        StrategyName::ALL
            .into_iter()
            .chain(StrategyName::LEARNED)
            .find(|s| s.name() == name)
    }

    /// The options this strategy reads (besides `strategy`, and `seed`, which the
    /// deterministic strategies accept and ignore).
    pub fn options(self) -> &'static [&'static str] {
        match self {
            StrategyName::Random => &["seed", "moves"],
            StrategyName::Corner
            | StrategyName::Cycle
            | StrategyName::Greedy
            | StrategyName::Td => &["moves"],
            StrategyName::ExpectimaxTd => &["ms", "nodes", "depth", "moves"],
            StrategyName::MonteCarlo | StrategyName::MonteCarloDynamic => {
                &["k", "nodes", "seed", "moves"]
            }
            StrategyName::Minimax => &["depth", "nodes", "weights", "moves"],
            StrategyName::MinimaxId | StrategyName::Expectimax => {
                &["ms", "nodes", "depth", "weights", "moves"]
            }
        }
    }

    pub fn reads(self, option: &str) -> bool {
        option == "seed" || self.options().contains(&option)
    }
}
