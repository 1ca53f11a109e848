//! The `ai` build's reports: the AI's decision (`bestMove`), a network just loaded
//! (`loadWeights`), an endgame set just loaded (`loadEndgame`), the games a trainer learned
//! from (`Trainer.train`).

use crate::ai::endgame::distilled::ENTRY_BYTES;
use crate::ai::endgame::{Solved, Tables};
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

/// A set's checksum as the arena's game lines name it (`31c8f25b`), or "" for a set of no
/// distilled tables.
pub fn set_name(tables: &Tables) -> String {
    tables
        .tables()
        .iter()
        .find_map(|t| match t {
            Solved::Distilled(d) => Some(format!("{:08x}", d.set())),
            Solved::Full(_) => None,
        })
        .unwrap_or_default()
}

/// `{bytes, from, set, tables, values}`: a distilled set just loaded (`loadEndgame`; from, the
/// tile from which the search consults it), keys sorted as serde_json's map writes them.
pub fn loaded_endgame(tables: &Tables, from: u64) -> String {
    let values: u64 = tables
        .tables()
        .iter()
        .map(|t| match t {
            Solved::Distilled(d) => d.len() as u64,
            Solved::Full(_) => 0,
        })
        .sum();
    let mut out = String::with_capacity(96);
    out.push('{');
    key(&mut out, "bytes", true);
    whole(&mut out, values * ENTRY_BYTES);
    key(&mut out, "from", false);
    whole(&mut out, from);
    key(&mut out, "set", false);
    string(&mut out, &set_name(tables));
    key(&mut out, "tables", false);
    whole(&mut out, tables.tables().len() as u64);
    key(&mut out, "values", false);
    whole(&mut out, values);
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
    use crate::ai::endgame::distilled::{read_set, write_set};
    use crate::ai::endgame::{Distilled, Formation, Solved, Subgame, Tables};
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

    /// What `loadEndgame` returns for a set of two sub-games (its checksum as the file ends
    /// with it) and for a set of none: serde_json's text.
    #[test]
    fn endgame_sets_are_serde_json_text() {
        let game = |name, target| Subgame::new(Formation::named(name).unwrap(), target).unwrap();
        let set = vec![
            Distilled::new(game("snake-12", 3), vec![(1, 7), (5, 65535)]).unwrap(),
            Distilled::new(game("snake-11", 4), vec![(2, 0), (3, 9), (8, 1)]).unwrap(),
        ];
        let bytes = write_set(&set, Vec::new()).unwrap();
        let crc = u32::from_le_bytes(bytes[bytes.len() - 4..].try_into().unwrap());
        let read = read_set(&bytes[..]).unwrap();
        let tables = Tables::of(read.into_iter().map(Solved::Distilled).collect());
        let serde = serde_json::json!({
            "set": format!("{crc:08x}"), "tables": 2, "values": 5, "bytes": 30, "from": 16384,
        });
        assert_eq!(loaded_endgame(&tables, 16384), serde.to_string());
        let none = serde_json::json!({"set": "", "tables": 0, "values": 0, "bytes": 0, "from": 2});
        assert_eq!(loaded_endgame(&Tables::of(Vec::new()), 2), none.to_string());
    }
}
