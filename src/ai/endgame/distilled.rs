//! A distilled table: of one sub-game, only the chances of the boards just moved (before the
//! spawn) that a player's games reach, chosen from them (`tablebase distill`), where a full
//! table holds every state's. Small enough to carry where a full one is not; a board it does
//! not hold has no value there, and the search goes on without it.
//!
//! A file holds a set of them. Little-endian throughout:
//!
//! | offset | bytes | field |
//! | --- | --- | --- |
//! | 0 | 8 | magic `2048egd\n` |
//! | 8 | 2 | version: 1 |
//! | 10 | 2 | the number of sub-games, S |
//! | 12 | S x 6 | each sub-game: its formation byte (as a table's header), its target exponent, its entries N (`u32`) |
//! | then | for each sub-game, N x 4 then N x 2 | the boards' states (`Subgame::after_index`, ascending, each below `u32::MAX`), then their chances (a `u16` in 65535ths) |
//! | end | 4 | CRC-32 of every byte before it |
//!
//! Reading checks the magic, the version, the fields, that each sub-game's states ascend
//! within its range, the length and the checksum, and names the first that fails.

use std::io::{Read, Write};

use super::subgame::Subgame;
use super::table::{
    formation_byte, game_of_bytes, read_values, write_values, Checked, Summed, TableError, ONE,
};

pub const DISTILLED_MAGIC: &[u8; 8] = b"2048egd\n";
pub const DISTILLED_VERSION: u16 = 1;

/// Bytes one entry takes in the file and in memory: its state and its chance.
pub const ENTRY_BYTES: u64 = 6;

/// Bytes a file of `games` sub-games takes besides its entries.
pub fn overhead(games: usize) -> u64 {
    12 + 6 * games as u64 + 4
}

/// One sub-game's distilled chances.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Distilled {
    game: Subgame,
    /// Ascending.
    states: Vec<u32>,
    values: Vec<u16>,
    /// The checksum of the file it was read from (0 for one not read from a file): which
    /// games chose its states, since two sets of the same sub-games can hold different ones.
    set: u32,
}

impl Distilled {
    /// The chances `entries` give (a board's state, its chance in 65535ths), in any order;
    /// None when a state repeats or lies outside the sub-game.
    pub fn new(game: Subgame, mut entries: Vec<(u32, u16)>) -> Option<Distilled> {
        entries.sort_unstable();
        Distilled::ascending(
            game,
            entries.iter().map(|e| e.0).collect(),
            entries.iter().map(|e| e.1).collect(),
        )
    }

    /// The chances `values` give the states `states` (ascending, as a file holds them, each
    /// with its value); None when they do not ascend, lie outside the sub-game or differ in
    /// count.
    pub fn ascending(game: Subgame, states: Vec<u32>, values: Vec<u16>) -> Option<Distilled> {
        let fits = states.len() == values.len()
            && states.windows(2).all(|w| w[0] < w[1])
            && states.last().is_none_or(|&s| u64::from(s) < game.states());
        fits.then_some(Distilled {
            game,
            states,
            values,
            set: 0,
        })
    }

    pub fn game(&self) -> &Subgame {
        &self.game
    }

    /// The checksum of the set's file ([`read_set`]), 0 for a set made in memory.
    pub fn set(&self) -> u32 {
        self.set
    }

    pub fn len(&self) -> usize {
        self.states.len()
    }

    pub fn is_empty(&self) -> bool {
        self.states.is_empty()
    }

    /// The chance of winning from the board just moved whose state is `state`, if it is held.
    #[inline]
    pub fn chance(&self, state: u64) -> Option<f64> {
        let state = u32::try_from(state).ok()?;
        let at = self.states.binary_search(&state).ok()?;
        Some(f64::from(self.values[at]) / f64::from(ONE))
    }
}

/// Writes a set of distilled tables as one file.
pub fn write_set<W: Write>(set: &[Distilled], out: W) -> std::io::Result<W> {
    let mut out = Summed::new(out);
    let mut header = Vec::new();
    header.extend_from_slice(DISTILLED_MAGIC);
    header.extend_from_slice(&DISTILLED_VERSION.to_le_bytes());
    header.extend_from_slice(&(set.len() as u16).to_le_bytes());
    for d in set {
        header.push(formation_byte(d.game.formation()));
        header.push(d.game.target());
        header.extend_from_slice(&(d.len() as u32).to_le_bytes());
    }
    out.put(&header)?;
    for d in set {
        write_values(&mut out, &d.states)?;
        write_values(&mut out, &d.values)?;
    }
    out.finish()
}

/// Reads a file of distilled tables, each marked with the file's checksum ([`Distilled::set`]).
pub fn read_set<R: Read>(input: R) -> Result<Vec<Distilled>, TableError> {
    let mut input = Checked::new(input);
    let mut head = [0u8; 12];
    input.take(&mut head)?;
    if &head[..8] != DISTILLED_MAGIC {
        return Err(TableError::BadMagic);
    }
    let version = u16::from_le_bytes([head[8], head[9]]);
    if version != DISTILLED_VERSION {
        return Err(TableError::BadVersion(version));
    }
    let count = usize::from(u16::from_le_bytes([head[10], head[11]]));
    let mut games = Vec::with_capacity(count);
    for _ in 0..count {
        let mut field = [0u8; 6];
        input.take(&mut field)?;
        let game = game_of_bytes(field[0], field[1])?;
        let formation = game.formation();
        let entries = u32::from_le_bytes(field[2..6].try_into().expect("4 bytes"));
        if u64::from(entries) > game.states() {
            return Err(TableError::BadField(format!(
                "{entries} entries for {} t{}, which has {} states",
                formation.name(),
                game.target(),
                game.states()
            )));
        }
        games.push((game, entries as usize));
    }
    let mut set = Vec::with_capacity(count);
    for (game, entries) in games {
        let states: Vec<u32> = read_values(&mut input, entries)?;
        let values: Vec<u16> = read_values(&mut input, entries)?;
        let name = format!("{} t{}", game.formation().name(), game.target());
        let d = Distilled::ascending(game, states, values).ok_or_else(|| {
            TableError::BadField(format!(
                "{name}: its states do not ascend within the sub-game"
            ))
        })?;
        set.push(d);
    }
    let crc = input.finish()?;
    Ok(set
        .into_iter()
        .map(|d| Distilled { set: crc, ..d })
        .collect())
}

/// The set in the file at `path`; the error names the file and what is wrong with it.
pub fn read_file(path: &std::path::Path) -> Result<Vec<Distilled>, String> {
    let file =
        std::fs::File::open(path).map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    read_set(std::io::BufReader::new(file)).map_err(|e| format!("{}: {e}", path.display()))
}
