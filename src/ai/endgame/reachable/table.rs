//! A solved table of reachable positions and its file. Little-endian throughout.
//!
//! | offset | bytes | field |
//! | --- | --- | --- |
//! | 0 | 8 | magic `2048egr\n` |
//! | 8 | 2 | version: 1 |
//! | 10 | 1 | the walls: 1 for `442`, 2 for `L3`, 3 for `443` |
//! | 11 | 1 | the target exponent |
//! | 12 | 4 | the layers' count, L |
//! | 16 | L x 12 | each layer's sum of free tiles (in 2s, `u32`) and its positions' count (`u64`), by sum ascending |
//! | then | per layer | its keys, ascending, a nibble a free cell (5 bytes for ten, 6 for eleven), then its chances, a `u16` each in 65535ths |
//! | end | 4 | CRC-32 of every byte before it |
//!
//! The same walls and target give the same bytes on every build, whatever the threads. Reading
//! checks the magic, the version, the fields, the order of the keys, the length and the
//! checksum, and names the first that fails ([`TableError`]).

use std::io::{BufReader, BufWriter, Read, Write};

use super::file::{Checked, Summed, TableError};
use super::walls::{WallGame, Walls};
use crate::direction::Direction;

pub const MAGIC: &[u8; 8] = b"2048egr\n";
pub const VERSION: u16 = 1;
/// A key's bytes in the file: a nibble for each free cell.
pub(crate) fn key_bytes(game: &WallGame) -> usize {
    (game.free().len() * 4).div_ceil(8)
}
/// A chance of 1 in the file's `u16`.
const ONE: f64 = u16::MAX as f64;

/// A chance as the file holds it, in 65535ths.
pub fn stored(chance: f32) -> u16 {
    (f64::from(chance).clamp(0.0, 1.0) * ONE).round() as u16
}

/// Starts a wall table file: a writer that checksums what passes, with the 12 bytes of head
/// every wall table file shares (the magic, the version, the walls' code and the target, as
/// [`read_head`] reads them) written.
pub(crate) fn write_head<W: Write>(
    out: W,
    magic: &[u8; 8],
    version: u16,
    game: &WallGame,
) -> std::io::Result<Summed<W>> {
    let mut out = Summed::new(out);
    out.put(magic)?;
    out.put(&version.to_le_bytes())?;
    out.put(&[game.walls().code(), game.target()])?;
    Ok(out)
}

/// Reads a wall table file's head into `head` (at least 12 bytes) and checks its first 12, which
/// every wall table file shares: the magic, the version, the walls' code and the target; the
/// sub-game they name.
pub(crate) fn read_head<R: Read>(
    input: &mut Checked<R>,
    head: &mut [u8],
    magic: &[u8; 8],
    version: u16,
) -> Result<WallGame, TableError> {
    // The magic first, so that a foreign file shorter than the head is named as foreign.
    input
        .take(&mut head[..8])
        .map_err(|_| TableError::BadMagic)?;
    if &head[..8] != magic {
        return Err(TableError::BadMagic);
    }
    input.take(&mut head[8..])?;
    let found = u16::from_le_bytes([head[8], head[9]]);
    if found != version {
        return Err(TableError::BadVersion {
            found,
            reads: version,
        });
    }
    let walls = Walls::from_code(head[10])
        .ok_or_else(|| TableError::BadField(format!("no walls numbered {}", head[10])))?;
    WallGame::new(walls, head[11])
        .ok_or_else(|| TableError::BadField(format!("no target {}", head[11])))
}

/// A table file written a layer at a time, so that a table larger than memory can be written
/// from its layers on disk: the head from each layer's sum and count, then the layers in order.
pub struct TableWriter<W: Write> {
    out: Summed<W>,
    width: usize,
    /// The counts of the layers still to come, last first.
    to_come: Vec<u64>,
}

impl<W: Write> TableWriter<W> {
    /// `sizes`: each layer's sum (consecutive, ascending) and its positions' count.
    pub fn new(out: W, game: &WallGame, sizes: &[(u32, u64)]) -> std::io::Result<Self> {
        let mut out = write_head(out, MAGIC, VERSION, game)?;
        out.put(&(sizes.len() as u32).to_le_bytes())?;
        for &(sum, len) in sizes {
            out.put(&sum.to_le_bytes())?;
            out.put(&len.to_le_bytes())?;
        }
        Ok(TableWriter {
            out,
            width: key_bytes(game),
            to_come: sizes.iter().rev().map(|&(_, len)| len).collect(),
        })
    }

    /// The next layer: its keys, ascending, and their chances.
    pub fn layer(&mut self, keys: &[u64], chances: &[u16]) -> std::io::Result<()> {
        let expected = self.to_come.pop();
        if expected != Some(keys.len() as u64) || chances.len() != keys.len() {
            return Err(std::io::Error::other(format!(
                "a layer of {} keys and {} chances where the head says {expected:?}",
                keys.len(),
                chances.len()
            )));
        }
        let mut bytes = Vec::with_capacity(keys.len() * (self.width + 2));
        for &key in keys {
            bytes.extend_from_slice(&key.to_le_bytes()[..self.width]);
        }
        for &chance in chances {
            bytes.extend_from_slice(&chance.to_le_bytes());
        }
        self.out.put(&bytes)
    }

    /// Writes the checksum, once every layer the head names is written.
    pub fn finish(self) -> std::io::Result<W> {
        if !self.to_come.is_empty() {
            return Err(std::io::Error::other(format!(
                "{} layers the head names are not written",
                self.to_come.len()
            )));
        }
        self.out.finish()
    }
}

/// The positions of one sum of free tiles, and each one's chance.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Layer {
    pub keys: Vec<u64>,
    pub chances: Vec<u16>,
}

impl Layer {
    pub fn chance(&self, key: u64) -> Option<f64> {
        let i = self.keys.binary_search(&key).ok()?;
        Some(f64::from(self.chances[i]) / ONE)
    }
}

/// A solved sub-game: every position reached from its seeds, by layer.
#[derive(Clone, Debug, PartialEq)]
pub struct ReachTable {
    game: WallGame,
    /// The sum (in 2s) of `layers[0]`.
    first: u32,
    layers: Vec<Layer>,
}

/// A board a table covers: the chance of each of the board's moves (None where the move is not
/// legal in the sub-game), and whether the position itself is one the table holds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Covered {
    pub chances: [Option<f64>; 4],
    pub held: bool,
}

impl Covered {
    /// The move with the best chance (the first of [`Direction::ALL`] among equals).
    pub fn best(&self) -> Option<(Direction, f64)> {
        Direction::ALL
            .into_iter()
            .filter_map(|d| self.chances[d.index()].map(|c| (d, c)))
            .fold(None, |best: Option<(Direction, f64)>, (d, c)| match best {
                Some((_, b)) if b >= c => best,
                _ => Some((d, c)),
            })
    }
}

/// A solved table's chances, wherever it is held: in memory ([`ReachTable`]) or in its file,
/// mapped (`MappedTable`, natively).
pub trait Chances {
    fn game(&self) -> &WallGame;

    /// The chance of position `key` of the layer of free tiles' sum `sum`, when the table holds it.
    fn chance_in(&self, sum: u32, key: u64) -> Option<f64>;

    /// The chance of position `key`, when the table holds it.
    fn chance(&self, key: u64) -> Option<f64> {
        self.chance_in(self.game().layer(key), key)
    }

    /// The chance of each move of position `key` in its own (canonical) view: None where the
    /// move is not legal in the sub-game. A position the table does not hold was never reached
    /// from its seeds, and counts as lost.
    fn move_chances(&self, key: u64) -> [Option<f64>; 4] {
        let game = self.game();
        game.moves(key)
            .map(|o| o.map(|o| game.expect(o, &|l, k| self.chance_in(l, k).unwrap_or(0.0))))
    }

    /// Where the board (a nibble per cell) is in the formation, each of its moves' chances.
    fn covers(&self, board: u64) -> Option<Covered> {
        let (sym, key) = self.game().find(board)?;
        let canonical = self.move_chances(key);
        let mut chances = [None; 4];
        for dir in Direction::ALL {
            chances[sym.direction(dir).index()] = canonical[dir.index()];
        }
        Some(Covered {
            chances,
            held: self.chance(key).is_some(),
        })
    }
}

impl Chances for ReachTable {
    fn game(&self) -> &WallGame {
        &self.game
    }

    fn chance_in(&self, sum: u32, key: u64) -> Option<f64> {
        self.layers
            .get(sum.checked_sub(self.first)? as usize)?
            .chance(key)
    }
}

impl ReachTable {
    /// The layers by sum ascending, with the sum of each.
    pub fn layers(&self) -> impl Iterator<Item = (u32, &Layer)> {
        (self.first..).zip(&self.layers)
    }

    pub fn positions(&self) -> u64 {
        self.layers.iter().map(|l| l.keys.len() as u64).sum()
    }

    /// The file name a table of `game` has: `442-t9.egr`.
    pub fn file_name(game: &WallGame) -> String {
        format!("{}.egr", game.name())
    }

    pub fn write<W: Write>(&self, out: W) -> std::io::Result<W> {
        let sizes: Vec<(u32, u64)> = self
            .layers()
            .map(|(sum, l)| (sum, l.keys.len() as u64))
            .collect();
        let mut out = TableWriter::new(out, &self.game, &sizes)?;
        for layer in &self.layers {
            out.layer(&layer.keys, &layer.chances)?;
        }
        out.finish()
    }

    pub fn write_file(&self, path: &std::path::Path) -> std::io::Result<()> {
        let file = std::fs::File::create(path)?;
        self.write(BufWriter::new(file))?;
        Ok(())
    }

    pub fn read_file(path: &std::path::Path) -> Result<ReachTable, String> {
        let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        ReachTable::read(BufReader::new(file)).map_err(|e| format!("{}: {e}", path.display()))
    }

    pub fn read<R: Read>(input: R) -> Result<ReachTable, TableError> {
        let mut input = TableReader::new(input)?;
        let first = input.sizes().first().map_or(0, |&(sum, _)| sum);
        let mut layers = Vec::with_capacity(input.sizes().len());
        while let Some((_, layer)) = input.layer()? {
            layers.push(layer);
        }
        let game = input.finish()?;
        Ok(ReachTable {
            game,
            first,
            layers,
        })
    }
}

/// A table file read a layer at a time, so that a table larger than memory can be read
/// through: the head first, then each layer in order, then the checksum. Each step checks
/// what it reads and names the first thing wrong ([`TableError`]).
pub struct TableReader<R: Read> {
    input: Checked<R>,
    game: WallGame,
    /// Each layer's sum and count, and how many layers are read.
    sizes: Vec<(u32, u64)>,
    read: usize,
}

impl<R: Read> TableReader<R> {
    pub fn new(input: R) -> Result<Self, TableError> {
        let mut input = Checked::new(input);
        let mut head = [0u8; 16];
        let game = read_head(&mut input, &mut head, MAGIC, VERSION)?;
        let count = u32::from_le_bytes(head[12..16].try_into().expect("4 bytes"));
        if count > 1 << 20 {
            return Err(TableError::BadField(format!("{count} layers")));
        }
        let mut sizes = Vec::with_capacity(count as usize);
        for _ in 0..count {
            let mut entry = [0u8; 12];
            input.take(&mut entry)?;
            let sum = u32::from_le_bytes(entry[..4].try_into().expect("4 bytes"));
            let len = u64::from_le_bytes(entry[4..].try_into().expect("8 bytes"));
            sizes.push((sum, len));
        }
        let first = sizes.first().map_or(0, |&(sum, _)| sum);
        if sizes
            .iter()
            .enumerate()
            .any(|(i, &(sum, len))| sum != first + i as u32 || len > 1 << 36)
        {
            return Err(TableError::BadField(
                "layers not by consecutive sums".to_owned(),
            ));
        }
        Ok(TableReader {
            input,
            game,
            sizes,
            read: 0,
        })
    }

    pub fn game(&self) -> &WallGame {
        &self.game
    }

    /// Each layer's sum of free tiles and its positions' count, by sum ascending.
    pub fn sizes(&self) -> &[(u32, u64)] {
        &self.sizes
    }

    /// The next layer and its sum, or None after the last.
    pub fn layer(&mut self) -> Result<Option<(u32, Layer)>, TableError> {
        let Some(&(sum, len)) = self.sizes.get(self.read) else {
            return Ok(None);
        };
        self.read += 1;
        let (input, game) = (&mut self.input, &self.game);
        let width = key_bytes(game);
        let len = len as usize;
        let mut keys = Vec::new();
        let mut chances = Vec::new();
        // Read in pieces, so that a count a cut or corrupt file overstates fails at its
        // end rather than asking for its memory first.
        let mut piece = Vec::new();
        while keys.len() < len {
            let n = (len - keys.len()).min(1 << 20);
            piece.resize(n * width, 0);
            input.take(&mut piece)?;
            keys.extend(piece.chunks_exact(width).map(|b| {
                let mut k = [0u8; 8];
                k[..width].copy_from_slice(b);
                u64::from_le_bytes(k)
            }));
        }
        if keys.windows(2).any(|w| w[0] >= w[1]) || keys.iter().any(|&k| game.layer(k) != sum) {
            return Err(TableError::BadField(format!(
                "layer {sum}'s keys are out of order or of another sum"
            )));
        }
        while chances.len() < len {
            let n = (len - chances.len()).min(1 << 20);
            piece.resize(n * 2, 0);
            input.take(&mut piece)?;
            chances.extend(
                piece
                    .chunks_exact(2)
                    .map(|b| u16::from_le_bytes([b[0], b[1]])),
            );
        }
        Ok(Some((sum, Layer { keys, chances })))
    }

    /// Reads what layers are left, then checks the checksum and the end of the file; the game.
    pub fn finish(mut self) -> Result<WallGame, TableError> {
        while self.layer()?.is_some() {}
        self.input.finish()?;
        Ok(self.game)
    }
}
