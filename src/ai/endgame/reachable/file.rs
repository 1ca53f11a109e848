//! What every table file shares: a writer and a reader that checksum the bytes passing
//! through them (CRC-32, written at the end), and what may be wrong with a file.

use std::fmt;
use std::io::{Read, Write};

use crate::crc32::Crc32;

/// What is wrong with a table file.
#[derive(Debug)]
pub enum TableError {
    BadMagic,
    /// A version this build does not read: the file's, and the one it reads.
    BadVersion {
        found: u16,
        reads: u16,
    },
    /// A formation, a target or a layer no builder makes.
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
                "not a wall table (its first bytes are not 2048egr, 2048ewd or 2048ews)"
            ),
            TableError::BadVersion { found, reads } => write!(
                f,
                "wall table version {found}; this build reads version {reads}"
            ),
            TableError::BadField(what) => write!(f, "wall table: {what}"),
            TableError::BadLength => write!(f, "wall table cut short or with bytes past its end"),
            TableError::BadChecksum => write!(
                f,
                "wall table corrupt: its checksum does not match its bytes"
            ),
            TableError::Io(e) => write!(f, "wall table: {e}"),
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
