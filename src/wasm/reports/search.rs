//! The `ai` build's reports: the AI's decision (`bestMove`), a network just loaded
//! (`loadWeights`), an endgame set just loaded (`loadEndgame`), the games a trainer learned
//! from (`Trainer.train`).

use crate::ai::endgame::reachable::PackedSet;
use crate::ai::ntuple::learn::Episode;
use crate::ai::ntuple::Network;
use crate::ai::Decision;
use crate::direction::Direction;
use crate::json::write::{key, list, number, string, whole};

/// `{dir, values: {up, right, down, left}, nodes, depth, ms}`: the AI's decision (`bestMove`),
/// null for no move and for a move that changes nothing.
pub fn decision(d: &Decision) -> String {
    let mut out = String::with_capacity(128);
    out.push('{');
    key(&mut out, "dir", true);
    match d.dir {
        Some(dir) => string(&mut out, dir.name()),
        None => out.push_str("null"),
    }
    key(&mut out, "values", false);
    out.push('{');
    for (i, (dir, value)) in Direction::ALL.iter().zip(d.values).enumerate() {
        key(&mut out, dir.name(), i == 0);
        match value {
            Some(v) => number(&mut out, v),
            None => out.push_str("null"),
        }
    }
    out.push('}');
    key(&mut out, "nodes", false);
    whole(&mut out, d.nodes);
    key(&mut out, "depth", false);
    whole(&mut out, d.depth.into());
    key(&mut out, "ms", false);
    number(&mut out, d.ms);
    out.push('}');
    out
}

/// `{bytes, levels, quantisation, shape, stages, weights}`: a network just loaded
/// (`loadWeights`; `stages`, the tiles where its stages after the first begin). The keys in the
/// order serde_json's map (sorted) wrote them.
pub fn loaded_network(network: &Network) -> String {
    let mut out = String::with_capacity(96);
    out.push('{');
    key(&mut out, "bytes", true);
    whole(&mut out, network.memory_bytes() as u64);
    key(&mut out, "levels", false);
    whole(&mut out, network.shape().levels().into());
    key(&mut out, "quantisation", false);
    string(&mut out, network.weights().quantisation().name());
    key(&mut out, "shape", false);
    string(&mut out, &network.shape().describe());
    key(&mut out, "stages", false);
    list(&mut out, network.shape().stages(), |out, &t| {
        whole(out, 1u64 << t)
    });
    key(&mut out, "weights", false);
    whole(&mut out, network.weights().len() as u64);
    out.push('}');
    out
}

/// `{bytes, from, positions, set, table}`: the packed wall sets just loaded (`loadEndgame`; set,
/// their name; from, the tile from which the search consults them; table, their tables' names
/// joined by "+"), keys sorted as serde_json's map writes them.
pub fn loaded_endgame(sets: &[PackedSet], name: &str, from: u64) -> String {
    let mut out = String::with_capacity(96);
    out.push('{');
    key(&mut out, "bytes", true);
    whole(&mut out, sets.iter().map(|s| s.bytes() as u64).sum());
    key(&mut out, "from", false);
    whole(&mut out, from);
    key(&mut out, "positions", false);
    whole(&mut out, sets.iter().map(|s| s.positions() as u64).sum());
    key(&mut out, "set", false);
    string(&mut out, name);
    key(&mut out, "table", false);
    let tables: Vec<String> = sets.iter().map(|s| s.game().name()).collect();
    string(&mut out, &tables.join("+"));
    out.push('}');
    out
}

/// `[{largest, moves, score}]`: the games a trainer just learned from (`Trainer.train`), keys
/// sorted as serde_json's map wrote them.
pub fn trained_games(games: &[Episode]) -> String {
    let mut out = String::with_capacity(2 + 48 * games.len());
    list(&mut out, games, |out, e| {
        out.push('{');
        key(out, "largest", true);
        whole(out, 1u64 << e.max_exponent);
        key(out, "moves", false);
        whole(out, e.moves.into());
        key(out, "score", false);
        whole(out, e.score);
        out.push('}');
    });
    out
}

#[cfg(test)]
mod tests {
    use super::{decision, loaded_endgame, loaded_network, trained_games};
    use crate::ai::endgame::reachable::{DistilledTable, PackedSet, WallGame, Walls};
    use crate::ai::ntuple::learn::{train_game, Method};
    use crate::ai::ntuple::{decode, Network, Shape};
    use crate::ai::{self, Decision, NoClock, SearchOptions};
    use crate::game::Game;
    use crate::rng::GameRng;

    /// The decisions of a few strategies over a seeded game, and decisions with no move, with
    /// moves that change nothing and with values that are not finite: serde_json's text.
    #[test]
    fn decisions_are_serde_json_text() {
        let mut decisions = vec![
            Decision::from_values([None; 4], 0, 3),
            Decision {
                ms: 12.5,
                ..Decision::from_values([Some(1.5), None, Some(f64::NAN), Some(-0.0)], 7, 2)
            },
            Decision {
                ms: f64::INFINITY,
                ..Decision::from_values([Some(1e300), Some(3.0), None, None], u64::MAX, 9)
            },
        ];
        let mut game = Game::new(4, Some(3)).unwrap();
        for (i, text) in [
            r#"{"strategy":"expectimax","nodes":2000}"#,
            r#"{"strategy":"minimax","depth":2}"#,
            r#"{"strategy":"greedy"}"#,
            r#"{"strategy":"montecarlo","nodes":500,"seed":"1"}"#,
        ]
        .iter()
        .cycle()
        .take(40)
        .enumerate()
        {
            let options = SearchOptions::from_json(text).unwrap();
            let d = ai::best_move(game.board().cells(), 4, &options, None, &NoClock).unwrap();
            let Some(dir) = d.dir else { break };
            decisions.push(Decision {
                ms: i as f64 / 3.0,
                ..d
            });
            game.play(dir);
        }
        assert!(decisions.len() > 30);
        for d in &decisions {
            assert_eq!(decision(d), serde_json::to_string(d).unwrap(), "{d:?}");
        }
    }

    /// What `loadWeights` and `Trainer.train` returned when serde_json's `json!` wrote them
    /// (its map sorts the keys).
    #[test]
    fn networks_and_trained_games_are_serde_json_text() {
        let bytes = std::fs::read("tests/data/tiny-4x4-l8-c8.ntw").unwrap();
        let networks = [
            decode(&bytes).unwrap(),
            Network::new(Shape::parse("4x4", 8).unwrap(), 0.0),
            Network::new(
                Shape::parse("4x4", 8)
                    .unwrap()
                    .with_stages(vec![6, 7])
                    .unwrap(),
                0.0,
            ),
        ];
        for network in &networks {
            let serde = serde_json::json!({
                "shape": network.shape().describe(),
                "stages": network.shape().stages().iter().map(|&t| 1u64 << t).collect::<Vec<_>>(),
                "levels": network.shape().levels(),
                "quantisation": network.weights().quantisation().name(),
                "weights": network.weights().len(),
                "bytes": network.memory_bytes(),
            });
            assert_eq!(loaded_network(network), serde.to_string());
        }
        let mut network = Network::new(Shape::parse("4x4", 8).unwrap(), 0.0);
        let features = network.features().clone();
        let weights = network.weights_mut().unwrap();
        let mut rng = GameRng::from_seed(5);
        let games: Vec<_> = (0..5)
            .map(|_| {
                train_game(
                    &features,
                    weights,
                    &mut rng,
                    &Method::td0(0.1),
                    &mut Vec::new(),
                )
            })
            .collect();
        let serde: Vec<_> = games
            .iter()
            .map(|e| {
                serde_json::json!({
                    "score": e.score,
                    "largest": 1u64 << e.max_exponent,
                    "moves": e.moves,
                })
            })
            .collect();
        assert_eq!(
            trained_games(&games),
            serde_json::to_string(&serde).unwrap()
        );
    }

    /// What `loadEndgame` returns for a file of packed sets: serde_json's text, with the
    /// sets' sizes and positions summed and their tables named in order.
    #[test]
    fn endgame_sets_are_serde_json_text() {
        let set = |target, entries| {
            let game = WallGame::new(Walls::F443, target).unwrap();
            PackedSet::pack(&DistilledTable::new(game, 0.001, entries))
        };
        let sets = [set(10, vec![(1, 3)]), set(9, vec![(1, 3), (0x25, 8)])];
        let serde = serde_json::json!({
            "set": "0badf00d+0ddba11", "table": "443-t10+443-t9", "positions": 3,
            "bytes": sets[0].bytes() + sets[1].bytes(), "from": 16384,
        });
        assert_eq!(
            loaded_endgame(&sets, "0badf00d+0ddba11", 16384),
            serde.to_string()
        );
    }
}
