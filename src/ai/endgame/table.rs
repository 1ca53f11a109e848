//! A solved sub-game and its file. Little-endian throughout.
//!
//! | offset | bytes | field |
//! | --- | --- | --- |
//! | 0 | 8 | magic `2048egt\n` (a table) or `2048egc\n` (a build's checkpoint) |
//! | 8 | 2 | version: 4 (version 3 kept a parallel formation's chain's end from a join; version 2 kept a free target from merging into the chain's end; version 1 also counted a free tile past the target as lost) |
//! | 10 | 1 | the formation: its fixed tiles N, plus 128 for the parallel layout (`snake-N`: N, `parallel-N`: 128 + N) |
//! | 11 | 1 | the target exponent (the chain's end) |
//! | 12 | 4 | a table: 0; a checkpoint: the sum (in 2s) of the next layer to solve, every larger one solved |
//! | 16 | 8 | states: `(target + 1)^free cells` |
//! | 24 | states x 2 (table) or x 4 (checkpoint) | each state's chance of winning: a `u16` in 65535ths, or the builder's `f32` |
//! | end | 4 | CRC-32 of every byte before it |
//!
//! The same formation and target give the same bytes on every build, whatever the threads.
//! Reading checks the magic, the version, the fields, the length and the checksum, in that
//! order, and names the first that fails ([`TableError`]).

use std::fmt;
use std::io::{Read, Write};

use super::formation::{Formation, Layout};
use super::subgame::Subgame;
use crate::crc32::Crc32;

pub const TABLE_MAGIC: &[u8; 8] = b"2048egt\n";
pub const CHECKPOINT_MAGIC: &[u8; 8] = b"2048egc\n";
pub const VERSION: u16 = 4;
const HEADER: usize = 24;
/// A chance of 1 in a table's `u16`.
pub const ONE: u16 = u16::MAX;

/// What is wrong with a table or checkpoint file.
#[derive(Debug)]
pub enum TableError {
    BadMagic,
    BadVersion(u16),
    /// A formation or target no builder makes.
    BadField(String),
    /// Shorter or longer than its header says.
    BadLength,
    BadChecksum,
    Io(std::io::Error),
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::BadMagic => write!(
                f,
                "not an endgame table (its first bytes are not 2048egt, 2048egc or 2048egd)"
            ),
            TableError::BadVersion(v) => write!(
                f,
                "endgame table version {v}; this build reads version {VERSION}"
            ),
            TableError::BadField(what) => write!(f, "endgame table: {what}"),
            TableError::BadLength => {
                write!(f, "endgame table cut short or with bytes past its end")
            }
            TableError::BadChecksum => write!(
                f,
                "endgame table corrupt: its checksum does not match its bytes"
            ),
            TableError::Io(e) => write!(f, "endgame table: {e}"),
        }
    }
}

impl std::error::Error for TableError {}

impl From<std::io::Error> for TableError {
    fn from(e: std::io::Error) -> TableError {
        if e.kind() == std::io::ErrorKind::UnexpectedEof {
            TableError::BadLength
        } else {
            TableError::Io(e)
        }
    }
}

/// The header's fields: which file, which sub-game, and (a checkpoint) where the build is.
pub(crate) struct Header {
    pub checkpoint: bool,
    pub game: Subgame,
    pub next_sum: u32,
}

/// A writer that checksums what passes through it.
pub(crate) struct Summed<W> {
    inner: W,
    crc: Crc32,
}

impl<W: Write> Summed<W> {
    pub fn new(inner: W) -> Self {
        Summed {
            inner,
            crc: Crc32::new(),
        }
    }

    pub fn put(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.crc.update(bytes);
        self.inner.write_all(bytes)
    }

    /// Writes the checksum of every byte put.
    pub fn finish(mut self) -> std::io::Result<W> {
        let crc = self.crc.value();
        self.inner.write_all(&crc.to_le_bytes())?;
        self.inner.flush()?;
        Ok(self.inner)
    }
}

/// A reader that checksums what it reads.
pub(crate) struct Checked<R> {
    inner: R,
    crc: Crc32,
}

impl<R: Read> Checked<R> {
    pub fn new(inner: R) -> Self {
        Checked {
            inner,
            crc: Crc32::new(),
        }
    }

    pub fn take(&mut self, buf: &mut [u8]) -> Result<(), TableError> {
        self.inner.read_exact(buf)?;
        self.crc.update(buf);
        Ok(())
    }

    /// Reads the checksum, and then requires the end of the file; the checksum.
    pub fn finish(mut self) -> Result<u32, TableError> {
        let expected = self.crc.value();
        let mut crc = [0u8; 4];
        self.inner.read_exact(&mut crc)?;
        let mut extra = [0u8; 1];
        if self.inner.read(&mut extra)? != 0 {
            return Err(TableError::BadLength);
        }
        if u32::from_le_bytes(crc) != expected {
            return Err(TableError::BadChecksum);
        }
        Ok(expected)
    }
}

/// The parallel layout's mark in the header's formation byte.
const PARALLEL_MARK: u8 = 128;

pub(crate) fn formation_byte(f: Formation) -> u8 {
    let mark = if f.layout() == Layout::Parallel {
        PARALLEL_MARK
    } else {
        0
    };
    mark | f.fixed_count() as u8
}

pub(crate) fn formation_of_byte(byte: u8) -> Option<Formation> {
    let layout = if byte & PARALLEL_MARK != 0 {
        Layout::Parallel
    } else {
        Layout::Snake
    };
    Formation::new(layout, usize::from(byte & !PARALLEL_MARK))
}

/// The sub-game a file names by its formation byte and target exponent; the error says which
/// of the two no builder makes.
pub(crate) fn game_of_bytes(formation: u8, target: u8) -> Result<Subgame, TableError> {
    let f = formation_of_byte(formation)
        .ok_or_else(|| TableError::BadField(format!("no formation is numbered {formation}")))?;
    Subgame::new(f, target).ok_or_else(|| {
        TableError::BadField(format!("target 2^{target} is outside {}'s range", f.name()))
    })
}

pub(crate) fn write_header<W: Write>(out: &mut Summed<W>, h: &Header) -> std::io::Result<()> {
    let mut bytes = Vec::with_capacity(HEADER);
    bytes.extend_from_slice(if h.checkpoint {
        CHECKPOINT_MAGIC
    } else {
        TABLE_MAGIC
    });
    bytes.extend_from_slice(&VERSION.to_le_bytes());
    bytes.push(formation_byte(h.game.formation()));
    bytes.push(h.game.target());
    bytes.extend_from_slice(&h.next_sum.to_le_bytes());
    bytes.extend_from_slice(&h.game.states().to_le_bytes());
    out.put(&bytes)
}

pub(crate) fn read_header<R: Read>(input: &mut Checked<R>) -> Result<Header, TableError> {
    let mut bytes = [0u8; HEADER];
    input.take(&mut bytes)?;
    let checkpoint = match &bytes[..8] {
        m if m == TABLE_MAGIC => false,
        m if m == CHECKPOINT_MAGIC => true,
        _ => return Err(TableError::BadMagic),
    };
    let version = u16::from_le_bytes([bytes[8], bytes[9]]);
    if version != VERSION {
        return Err(TableError::BadVersion(version));
    }
    let game = game_of_bytes(bytes[10], bytes[11])?;
    let formation = game.formation();
    let next_sum = u32::from_le_bytes(bytes[12..16].try_into().expect("4 bytes"));
    let states = u64::from_le_bytes(bytes[16..24].try_into().expect("8 bytes"));
    if states != game.states() {
        return Err(TableError::BadField(format!(
            "{states} states where {} with target 2^{} has {}",
            formation.name(),
            game.target(),
            game.states()
        )));
    }
    if !checkpoint && next_sum != 0 || next_sum > game.max_sum() + 1 {
        return Err(TableError::BadField(format!("next layer {next_sum}")));
    }
    Ok(Header {
        checkpoint,
        game,
        next_sum,
    })
}

/// Values read or written in blocks, so that a table of hundreds of millions of states needs no
/// second copy of itself as bytes.
const BLOCK: usize = 1 << 16;

/// A solved sub-game: every state's chance of winning under best play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    game: Subgame,
    values: Vec<u16>,
}

impl Table {
    /// The table of `game` with these values (`ONE` = certain), one per state.
    pub fn new(game: Subgame, values: Vec<u16>) -> Table {
        assert_eq!(values.len() as u64, game.states(), "one value per state");
        Table { game, values }
    }

    pub fn game(&self) -> &Subgame {
        &self.game
    }

    /// The chance of winning from state `index`.
    #[inline]
    pub fn chance(&self, index: u64) -> f64 {
        f64::from(self.values[index as usize]) / f64::from(ONE)
    }

    /// Every state's value in 65535ths.
    pub fn values(&self) -> &[u16] {
        &self.values
    }

    pub fn write<W: Write>(&self, out: W) -> std::io::Result<W> {
        let mut out = Summed::new(out);
        write_header(
            &mut out,
            &Header {
                checkpoint: false,
                game: self.game.clone(),
                next_sum: 0,
            },
        )?;
        write_values(&mut out, &self.values)?;
        out.finish()
    }

    /// The table in the file at `path`; the error names the file and what is wrong with it.
    pub fn read_file(path: &std::path::Path) -> Result<Table, String> {
        let file = std::fs::File::open(path)
            .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
        Table::read(std::io::BufReader::with_capacity(1 << 20, file))
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    pub fn read<R: Read>(input: R) -> Result<Table, TableError> {
        let mut input = Checked::new(input);
        let header = read_header(&mut input)?;
        if header.checkpoint {
            return Err(TableError::BadField(
                "a build's checkpoint, not a finished table".into(),
            ));
        }
        let values = read_values(&mut input, header.game.states() as usize)?;
        input.finish()?;
        Ok(Table::new(header.game, values))
    }

    /// The file name a build writes it under: `snake-7-t8.egt`.
    pub fn file_name(game: &Subgame) -> String {
        format!("{}-t{}.egt", game.formation().name(), game.target())
    }
}

/// A value stored little-endian in a fixed number of bytes: a table's `u16`, a checkpoint's
/// `f32`, a distilled table's state `u32`.
pub(crate) trait Stored: Copy {
    const BYTES: usize;
    fn from_le(bytes: &[u8]) -> Self;
    fn put_le(self, out: &mut Vec<u8>);
}

impl Stored for u16 {
    const BYTES: usize = 2;
    fn from_le(b: &[u8]) -> u16 {
        u16::from_le_bytes([b[0], b[1]])
    }
    fn put_le(self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
}

impl Stored for u32 {
    const BYTES: usize = 4;
    fn from_le(b: &[u8]) -> u32 {
        u32::from_le_bytes([b[0], b[1], b[2], b[3]])
    }
    fn put_le(self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
}

impl Stored for f32 {
    const BYTES: usize = 4;
    fn from_le(b: &[u8]) -> f32 {
        f32::from_le_bytes([b[0], b[1], b[2], b[3]])
    }
    fn put_le(self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
}

/// `count` values read block by block.
pub(crate) fn read_values<R: Read, T: Stored>(
    input: &mut Checked<R>,
    count: usize,
) -> Result<Vec<T>, TableError> {
    let mut values = Vec::with_capacity(count);
    let mut bytes = vec![0u8; BLOCK * T::BYTES];
    while values.len() < count {
        let n = (count - values.len()).min(BLOCK);
        input.take(&mut bytes[..T::BYTES * n])?;
        values.extend(bytes[..T::BYTES * n].chunks_exact(T::BYTES).map(T::from_le));
    }
    Ok(values)
}

/// `values` written block by block.
pub(crate) fn write_values<W: Write, T: Stored>(
    out: &mut Summed<W>,
    values: &[T],
) -> std::io::Result<()> {
    let mut bytes = Vec::with_capacity(BLOCK * T::BYTES);
    for block in values.chunks(BLOCK) {
        bytes.clear();
        block.iter().for_each(|v| v.put_le(&mut bytes));
        out.put(&bytes)?;
    }
    Ok(())
}
