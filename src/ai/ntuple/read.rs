//! Reads a weights file as its bytes arrive ([`Reader`]), so that a page can hand a download
//! to the engine chunk by chunk: the file is never whole in memory, only the network it
//! holds (a worker's memory never shrinks back after a peak, so the peak is what counts).
//! [`decode`] is the same reader given every byte at once.
//!
//! The errors are those of the whole file, in the order the format's text gives: the magic
//! and the version as soon as they arrive, bytes past the end as soon as they arrive, then
//! at [`Reader::finish`] a file cut short, the checksum, and only then a field no writer
//! makes (found while reading, kept until the checksum says the bytes are the writer's).

use super::format::{Encoding, WeightsError, HEADER, MAGIC, VERSION};
use super::network::{Network, Quantisation, Weights};
use super::shape::Shape;
use super::sparse::Builder;
use crate::crc32::Crc32;

fn bad(what: impl Into<String>) -> WeightsError {
    WeightsError::BadField(what.into())
}

/// Where the payload's bytes go once the header is read.
enum Payload {
    /// A field was wrong: the rest is only counted and checksummed.
    Skip,
    Raw,
    /// Zero runs: reading the count of zeros, or of literals (a LEB128 number so far), or
    /// copying `left` bytes of literals.
    Zeros {
        n: u64,
        shift: u32,
    },
    Literals {
        zeros: u64,
        n: u64,
        shift: u32,
    },
    Copy {
        left: usize,
    },
    /// Planes: byte `plane` of the `at`-th value that is not 0 comes next.
    Planes {
        plane: usize,
        at: usize,
    },
    /// Every weight read: nothing more may follow.
    Done,
}

/// Adds one byte to a LEB128 number being read; Some(value) when it is the last byte.
fn leb_step(n: &mut u64, shift: &mut u32, byte: u8) -> Result<Option<u64>, WeightsError> {
    if *shift >= 64 {
        return Err(bad("a run length is too long"));
    }
    *n |= u64::from(byte & 0x7f) << *shift;
    *shift += 7;
    Ok((byte & 0x80 == 0).then_some(*n))
}

/// Where the weights' bytes go: kept as bytes, or (`i16`) straight into sparse weights, with
/// a value's first byte kept when a chunk ends between its two.
enum Sink {
    Bytes(Vec<u8>),
    Sparse(Builder, Option<u8>),
}

impl Sink {
    /// Bytes taken so far.
    fn len(&self) -> usize {
        match self {
            Sink::Bytes(v) => v.len(),
            Sink::Sparse(b, carry) => b.entries() * 2 + usize::from(carry.is_some()),
        }
    }

    /// `n` zero bytes (whole weights: the caller checked that they fit).
    fn zeros(&mut self, n: usize) {
        match self {
            Sink::Bytes(v) => v.resize(v.len() + n, 0),
            Sink::Sparse(b, _) => {
                b.skip(n / 2);
            }
        }
    }

    /// `n` weights that are not 0, `width` bytes each, their bytes to come plane by plane
    /// (the caller checked that they fit).
    fn mark(&mut self, n: usize, width: usize, runs: &mut Vec<(usize, usize)>) {
        match self {
            Sink::Bytes(v) => {
                runs.push((v.len() / width, n));
                v.resize(v.len() + n * width, 0);
            }
            Sink::Sparse(b, _) => {
                b.mark(n);
            }
        }
    }

    /// Byte `plane` of the marked weights from the `at`-th on (the caller checked that they
    /// fit): into the sparse values, or kept in `staged` until every plane is in.
    fn fill(&mut self, plane: usize, at: usize, bytes: &[u8], staged: &mut Vec<u8>) {
        match self {
            Sink::Bytes(_) => staged.extend_from_slice(bytes),
            Sink::Sparse(b, _) => {
                b.fill(plane, at, bytes);
            }
        }
    }

    /// Every plane in: the staged bytes (`kept` a plane, `kept` above 0) to their weights
    /// (`runs`: each run of weights that are not 0, its first weight and its length).
    fn place(&mut self, width: usize, kept: usize, runs: &[(usize, usize)], staged: &[u8]) {
        let Sink::Bytes(v) = self else { return };
        for (plane, bytes) in staged.chunks_exact(kept).enumerate() {
            let mut bytes = bytes.iter();
            for &(start, n) in runs {
                for (entry, &b) in (start..start + n).zip(&mut bytes) {
                    v[entry * width + plane] = b;
                }
            }
        }
    }

    /// Weights' bytes (the caller checked that they fit).
    fn extend(&mut self, mut bytes: &[u8]) {
        match self {
            Sink::Bytes(v) => v.extend_from_slice(bytes),
            Sink::Sparse(b, carry) => {
                if let (Some(lo), Some((&hi, rest))) = (*carry, bytes.split_first()) {
                    b.push(i16::from_le_bytes([lo, hi]));
                    *carry = None;
                    bytes = rest;
                }
                let mut pairs = bytes.chunks_exact(2);
                for p in &mut pairs {
                    b.push(i16::from_le_bytes([p[0], p[1]]));
                }
                if let [last] = pairs.remainder() {
                    *carry = Some(*last);
                }
            }
        }
    }
}

/// What the header said, once it is read.
struct Header {
    shape: Shape,
    quant: Quantisation,
    scale: f32,
    books: Vec<[f32; 256]>,
    /// Weights x bytes per weight.
    size: usize,
}

/// A weights file read chunk by chunk: [`Reader::push`] each chunk, then
/// [`Reader::finish`].
pub struct Reader {
    /// The bytes up to the end of the header (and of the codebooks, for `c8`).
    head: Vec<u8>,
    /// How long the head is, once the tuple list is known.
    head_len: Option<usize>,
    /// The whole file's length, once the header says.
    total: Option<u64>,
    seen: u64,
    crc: Crc32,
    trailer: Vec<u8>,
    header: Option<Header>,
    payload: Payload,
    payload_seen: u64,
    out: Sink,
    /// Planes: the weights that are not 0 so far, and (weights not held sparse) their runs
    /// and their bytes until every plane is in.
    kept: usize,
    runs: Vec<(usize, usize)>,
    staged: Vec<u8>,
    /// The first wrong field, reported only under a good checksum.
    wrong: Option<WeightsError>,
}

/// Reads a weights file, checking everything (see the module's text for the order): a
/// [`Reader`] given every byte at once.
pub fn decode(bytes: &[u8]) -> Result<Network, WeightsError> {
    let mut reader = Reader::new();
    reader.push(bytes)?;
    reader.finish()
}

/// A weights file's bytes from disk, decompressed if it is gzip-compressed (as the page ships
/// its network: `networks/*.ntw.gz`).
#[cfg(not(target_arch = "wasm32"))]
pub fn read_file(path: impl AsRef<std::path::Path>) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let bytes = std::fs::read(path)?;
    if !bytes.starts_with(&[0x1f, 0x8b]) {
        return Ok(bytes);
    }
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(&bytes[..])
        .read_to_end(&mut out)
        .map_err(|e| std::io::Error::new(e.kind(), format!("bad gzip data: {e}")))?;
    Ok(out)
}

impl Default for Reader {
    fn default() -> Reader {
        Reader::new()
    }
}

impl Reader {
    pub fn new() -> Reader {
        Reader {
            head: Vec::with_capacity(HEADER + 128),
            head_len: None,
            total: None,
            seen: 0,
            crc: Crc32::new(),
            trailer: Vec::with_capacity(4),
            header: None,
            payload: Payload::Skip,
            payload_seen: 0,
            out: Sink::Bytes(Vec::new()),
            kept: 0,
            runs: Vec::new(),
            staged: Vec::new(),
            wrong: None,
        }
    }

    /// Bytes received so far.
    pub fn received(&self) -> u64 {
        self.seen
    }

    /// The file's length, once its header has arrived.
    pub fn expected(&self) -> Option<u64> {
        self.total
    }

    /// Takes the next bytes of the file. Fails at once on a foreign file, an unknown version
    /// or bytes past the file's end; other problems wait for [`Reader::finish`].
    pub fn push(&mut self, mut chunk: &[u8]) -> Result<(), WeightsError> {
        while !chunk.is_empty() {
            let Some(total) = self.total else {
                // The head, byte by byte through the fixed fields (it is short).
                let (first, rest) = chunk.split_at(1);
                self.head.push(first[0]);
                self.seen += 1;
                chunk = rest;
                self.check_start()?;
                continue;
            };
            let body_end = total - 4;
            if self.seen >= total {
                return Err(WeightsError::TrailingBytes(
                    (self.seen - total) as usize + chunk.len(),
                ));
            }
            if self.seen >= body_end {
                let take = ((total - self.seen) as usize).min(chunk.len());
                self.trailer.extend_from_slice(&chunk[..take]);
                self.seen += take as u64;
                chunk = &chunk[take..];
                continue;
            }
            let take = ((body_end - self.seen) as usize).min(chunk.len());
            let (body, rest) = chunk.split_at(take);
            self.crc.update(body);
            self.seen += take as u64;
            chunk = rest;
            self.body(body);
        }
        Ok(())
    }

    /// The magic, the version and the tuple list, as the first bytes arrive.
    fn check_start(&mut self) -> Result<(), WeightsError> {
        let n = self.head.len();
        if n <= MAGIC.len() {
            if self.head[n - 1] != MAGIC[n - 1] {
                return Err(WeightsError::BadMagic);
            }
            return Ok(());
        }
        if n == 10 {
            let version = u16::from_le_bytes([self.head[8], self.head[9]]);
            if !(1..=VERSION).contains(&version) {
                return Err(WeightsError::BadVersion(version));
            }
        }
        if n < HEADER {
            return Ok(());
        }
        // The tuple list: walk it as far as the bytes go.
        let tuples = usize::from(self.head[11]);
        let mut at = HEADER;
        for _ in 0..tuples {
            match self.head.get(at) {
                Some(&len) => at += 1 + usize::from(len),
                None => return Ok(()),
            }
        }
        if n < at {
            return Ok(());
        }
        let payload_len = u64::from_le_bytes(self.head[20..28].try_into().unwrap_or([0; 8]));
        self.total = Some(at as u64 + payload_len + 4);
        self.crc.update(&self.head);
        self.head_len = Some(at);
        self.start_payload(payload_len);
        Ok(())
    }

    /// The header's fields, checked; the payload's reading set up.
    fn start_payload(&mut self, payload_len: u64) {
        match self.read_header() {
            Ok(header) => {
                self.payload = if self.encoding() == Some(Encoding::Raw) {
                    Payload::Raw
                } else {
                    Payload::Zeros { n: 0, shift: 0 }
                };
                self.out = if header.quant == Quantisation::I16 {
                    // Held sparse: never the dense table, not even while reading.
                    let entries = header.shape.entries();
                    // Planes say how many values come before they come: room for exactly those.
                    let most = match self.encoding() {
                        Some(Encoding::Planes) => 0,
                        _ => usize::try_from(payload_len / 2).unwrap_or(entries),
                    };
                    Sink::Sparse(Builder::new(entries, most), None)
                } else {
                    Sink::Bytes(Vec::with_capacity(header.size))
                };
                self.header = Some(header);
            }
            Err(e) => {
                self.wrong = Some(e);
                self.payload = Payload::Skip;
            }
        }
    }

    fn encoding(&self) -> Option<Encoding> {
        match self.head[13] {
            0 => Some(Encoding::Raw),
            1 => Some(Encoding::ZeroRuns),
            2 => Some(Encoding::Planes),
            _ => None,
        }
    }

    fn read_header(&self) -> Result<Header, WeightsError> {
        let bytes = &self.head;
        let version = u16::from_le_bytes([bytes[8], bytes[9]]);
        let levels = bytes[10];
        let mut tuples = Vec::new();
        let mut at = HEADER;
        for _ in 0..bytes[11] {
            let len = usize::from(bytes[at]);
            // The file lists a tuple's cells highest digit first, the network lowest first.
            tuples.push(bytes[at + 1..at + 1 + len].iter().rev().copied().collect());
            at += 1 + len;
        }
        // Version 4 names the stages' thresholds in the two bytes earlier versions keep at 0.
        let stages: Vec<u8> = match version {
            4.. => bytes[14..16].iter().copied().filter(|&t| t != 0).collect(),
            _ => Vec::new(),
        };
        let shape = Shape::new(tuples, levels)
            .and_then(|s| s.with_stages(stages))
            .map_err(|e| bad(format!("its shape: {e}")))?;
        let scale = f32::from_le_bytes(bytes[16..20].try_into().unwrap_or([0; 4]));
        let quant = match bytes[12] {
            0 => Quantisation::F32,
            1 => Quantisation::I16,
            2 => Quantisation::I8,
            3 if version >= 2 => Quantisation::C8,
            3 => return Err(bad("quantisation 3 (c8) in a version 1 file")),
            q => {
                return Err(bad(format!(
                    "quantisation {q} is unknown (0 f32, 1 i16, 2 i8, 3 c8)"
                )))
            }
        };
        if !(scale.is_finite() && scale > 0.0) {
            return Err(bad(format!("scale {scale} is not a positive number")));
        }
        match self.encoding() {
            None => {
                return Err(bad(format!(
                    "encoding {} is unknown (0 raw, 1 zero runs, 2 planes)",
                    bytes[13]
                )))
            }
            Some(Encoding::Planes) if version < 3 => {
                return Err(bad(format!(
                    "encoding 2 (planes) in a version {version} file"
                )))
            }
            _ => {}
        }
        Ok(Header {
            size: shape.entries() * quant.width(),
            shape,
            quant,
            scale,
            books: Vec::new(),
        })
    }

    /// Payload bytes, in order.
    fn body(&mut self, mut bytes: &[u8]) {
        // The c8 codebooks first: 1 KB a tuple, at the payload's start.
        if let Some(h) = &mut self.header {
            if h.quant == Quantisation::C8 && self.wrong.is_none() {
                let need = h.shape.tables().len() * 1024;
                let have = self.payload_seen as usize;
                if have < need {
                    let take = (need - have).min(bytes.len());
                    self.head.extend_from_slice(&bytes[..take]);
                    self.payload_seen += take as u64;
                    bytes = &bytes[take..];
                    if have + take == need {
                        let start = self.head_len.unwrap_or(HEADER);
                        for (t, book) in self.head[start..].chunks_exact(1024).enumerate() {
                            let mut values = [0f32; 256];
                            for (v, c) in values.iter_mut().zip(book.chunks_exact(4)) {
                                *v = f32::from_le_bytes([c[0], c[1], c[2], c[3]]);
                            }
                            if let Some(v) = values.iter().find(|v| !v.is_finite()) {
                                let e = bad(format!("tuple {}'s codebook holds {v}", t + 1));
                                self.wrong = Some(e);
                                self.payload = Payload::Skip;
                                break;
                            }
                            h.books.push(values);
                        }
                    }
                }
            }
        }
        self.payload_seen += bytes.len() as u64;
        let width = self.header.as_ref().map_or(1, |h| h.quant.width());
        let size = self.header.as_ref().map_or(0, |h| h.size);
        while !bytes.is_empty() {
            match &mut self.payload {
                Payload::Skip => return,
                Payload::Raw => {
                    let take = (size - self.out.len()).min(bytes.len());
                    self.out.extend(&bytes[..take]);
                    // Bytes past the shape's size are counted by `payload_seen`.
                    return;
                }
                Payload::Zeros { n, shift } => {
                    let byte = bytes[0];
                    bytes = &bytes[1..];
                    match leb_step(n, shift, byte) {
                        Ok(Some(zeros)) => {
                            self.payload = Payload::Literals {
                                zeros,
                                n: 0,
                                shift: 0,
                            }
                        }
                        Ok(None) => {}
                        Err(e) => return self.fail(e),
                    }
                }
                Payload::Literals { zeros, n, shift } => {
                    let byte = bytes[0];
                    bytes = &bytes[1..];
                    let literals = match leb_step(n, shift, byte) {
                        Ok(Some(literals)) => literals,
                        Ok(None) => continue,
                        Err(e) => return self.fail(e),
                    };
                    let zeros = (*zeros as usize).saturating_mul(width);
                    let literals = (literals as usize).saturating_mul(width);
                    if self
                        .out
                        .len()
                        .saturating_add(zeros)
                        .saturating_add(literals)
                        > size
                    {
                        let entries = size / width;
                        return self.fail(bad(format!("more weights than the shape's {entries}")));
                    }
                    self.out.zeros(zeros);
                    if self.encoding() == Some(Encoding::Planes) {
                        self.out.mark(literals / width, width, &mut self.runs);
                        self.kept += literals / width;
                        self.payload = if self.out.len() < size {
                            Payload::Zeros { n: 0, shift: 0 }
                        } else if self.kept == 0 {
                            Payload::Done
                        } else {
                            Payload::Planes { plane: 0, at: 0 }
                        };
                        continue;
                    }
                    self.payload = if literals == 0 {
                        Payload::Zeros { n: 0, shift: 0 }
                    } else {
                        Payload::Copy { left: literals }
                    };
                }
                Payload::Copy { left } => {
                    let take = (*left).min(bytes.len());
                    self.out.extend(&bytes[..take]);
                    bytes = &bytes[take..];
                    *left -= take;
                    if *left == 0 {
                        self.payload = Payload::Zeros { n: 0, shift: 0 };
                    }
                }
                Payload::Planes { plane, at } => {
                    let (plane, at) = (*plane, *at);
                    let take = (self.kept - at).min(bytes.len());
                    self.out.fill(plane, at, &bytes[..take], &mut self.staged);
                    bytes = &bytes[take..];
                    self.payload = match (plane + 1, at + take) {
                        (next, end) if end == self.kept && next == width => {
                            self.out.place(width, self.kept, &self.runs, &self.staged);
                            self.staged = Vec::new();
                            Payload::Done
                        }
                        (next, end) if end == self.kept => Payload::Planes { plane: next, at: 0 },
                        (_, end) => Payload::Planes { plane, at: end },
                    };
                }
                Payload::Done => {
                    return self.fail(bad("bytes follow the weights' last plane"));
                }
            }
        }
    }

    /// Keeps the first wrong field and reads nothing more of the payload.
    fn fail(&mut self, e: WeightsError) {
        self.wrong.get_or_insert(e);
        self.payload = Payload::Skip;
    }

    /// The network, once every byte has arrived; or what is wrong with the file.
    pub fn finish(self) -> Result<Network, WeightsError> {
        let got = self.seen as usize;
        let Some(total) = self.total else {
            // Cut short inside the header, as far as its bytes say.
            let bytes = &self.head;
            if bytes.is_empty() {
                return Err(WeightsError::BadMagic);
            }
            let mut expected = HEADER as u64 + 4;
            if bytes.len() >= HEADER {
                let payload_len = u64::from_le_bytes(bytes[20..28].try_into().unwrap_or([0; 8]));
                let mut at = HEADER;
                for _ in 0..bytes[11] {
                    match bytes.get(at) {
                        Some(&len) => at += 1 + usize::from(len),
                        None => break,
                    }
                }
                expected = at as u64 + payload_len + 4;
            }
            return Err(WeightsError::Truncated { expected, got });
        };
        if self.seen < total {
            return Err(WeightsError::Truncated {
                expected: total,
                got,
            });
        }
        if self.crc.value().to_le_bytes()[..] != self.trailer[..] {
            return Err(WeightsError::BadChecksum);
        }
        if let Some(e) = self.wrong {
            return Err(e);
        }
        let Some(header) = self.header else {
            return Err(bad("no header"));
        };
        let width = header.quant.width();
        let entries = header.shape.entries();
        if header.quant == Quantisation::C8 {
            let need = header.shape.tables().len() * 1024;
            if (self.payload_seen as usize) < need {
                return Err(bad(format!(
                    "{} bytes of payload where the codebooks alone need {need}",
                    self.payload_seen
                )));
            }
        }
        match self.payload {
            Payload::Raw => {
                let books = if header.quant == Quantisation::C8 {
                    header.shape.tables().len() * 1024
                } else {
                    0
                };
                let weights = self.payload_seen as usize - books;
                if weights != header.size {
                    return Err(bad(format!(
                        "{weights} bytes of weights where the shape needs {}",
                        header.size
                    )));
                }
            }
            Payload::Zeros { shift: 0, .. } | Payload::Done => {}
            Payload::Copy { .. } => return Err(bad("the weights end inside a run")),
            Payload::Planes { plane, at } => {
                return Err(bad(format!(
                    "the weights end inside their values (byte {} of value {} of {})",
                    plane + 1,
                    at + 1,
                    self.kept
                )))
            }
            _ => return Err(bad("the weights end inside a run length")),
        }
        if self.out.len() != header.size {
            return Err(bad(format!(
                "{} weights where the shape needs {entries}",
                self.out.len() / width
            )));
        }
        let raw = match self.out {
            Sink::Bytes(raw) => raw,
            Sink::Sparse(builder, _) => {
                let weights = builder.finish().map(|values| Weights::I16 {
                    values,
                    scale: header.scale,
                });
                return weights
                    .and_then(|w| Network::from_parts(header.shape, w))
                    .ok_or_else(|| bad("the weights do not fill the shape"));
            }
        };
        let weights = match header.quant {
            Quantisation::F32 => Weights::F32(
                raw.chunks_exact(4)
                    .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                    .collect(),
            ),
            Quantisation::I16 => unreachable!("read into sparse weights above"),
            // In place (the same allocation): a worker's memory never shrinks after a peak.
            Quantisation::I8 => Weights::I8 {
                values: raw.into_iter().map(|b| b as i8).collect(),
                scale: header.scale,
            },
            Quantisation::C8 => Weights::C8 {
                codes: raw,
                entries: header.shape.tables(),
                books: header.books,
            },
        };
        Network::from_parts(header.shape, weights)
            .ok_or_else(|| bad("the weights do not fill the shape"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::ntuple::format::encode;
    use crate::ai::search::bitboard::Bitboard;
    use crate::crc32::crc32;

    fn files() -> Vec<Vec<u8>> {
        let mut net = Network::new(Shape::parse("0,1,2,3;0,1,4,5", 8).unwrap(), 0.0);
        for (i, w) in net.weights_mut().unwrap().iter_mut().enumerate() {
            if i % 97 < 30 {
                *w = (i as f32 * 0.37).sin() * 1000.0;
            }
        }
        // And one trained in few places: zero runs longer than a LEB128 byte holds.
        let mut sparse = Network::new(Shape::parse("0,1,2,3;0,1,4,5", 8).unwrap(), 0.0);
        for (i, w) in sparse.weights_mut().unwrap().iter_mut().enumerate() {
            if i % 1500 < 3 {
                *w = i as f32;
            }
        }
        let mut out = Vec::new();
        for net in [net, sparse] {
            for q in Quantisation::ALL {
                for e in Encoding::ALL {
                    out.push(encode(&net.quantised(q), e));
                }
            }
        }
        out
    }

    fn in_chunks(bytes: &[u8], size: usize) -> Result<Network, WeightsError> {
        let mut reader = Reader::new();
        for chunk in bytes.chunks(size) {
            reader.push(chunk)?;
        }
        reader.finish()
    }

    fn same(a: &Result<Network, WeightsError>, b: &Result<Network, WeightsError>) -> bool {
        match (a, b) {
            (Ok(x), Ok(y)) => x.shape() == y.shape() && x.weights() == y.weights(),
            (Err(x), Err(y)) => x == y,
            _ => false,
        }
    }

    #[test]
    fn chunks_of_any_size_read_as_the_whole_file_does() {
        for file in files() {
            let whole = decode(&file);
            assert!(whole.is_ok());
            for size in [1, 2, 3, 7, 64, 1000, 4096] {
                assert!(same(&in_chunks(&file, size), &whole), "chunks of {size}");
            }
        }
    }

    #[test]
    fn a_damaged_download_fails_as_the_whole_file_does() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut next = |n: usize| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % n as u64) as usize
        };
        for file in files() {
            for _ in 0..40 {
                let cut = &file[..next(file.len())];
                assert!(
                    same(&in_chunks(cut, 1 + next(300)), &decode(cut)),
                    "cut at {}",
                    cut.len()
                );
                let mut changed = file.clone();
                let at = next(changed.len());
                changed[at] ^= 1 << next(8);
                let (a, b) = (in_chunks(&changed, 1 + next(300)), decode(&changed));
                assert!(
                    same(&a, &b),
                    "byte {at}: {:?} against {:?}",
                    a.err(),
                    b.err()
                );
                assert!(a.is_err(), "byte {at} changed and still read");
            }
        }
    }

    #[test]
    fn a_foreign_file_is_refused_at_its_first_wrong_byte() {
        let mut reader = Reader::new();
        assert_eq!(reader.push(b"20"), Ok(()));
        assert_eq!(reader.push(b"49"), Err(WeightsError::BadMagic));
        let mut file = files().remove(0);
        file[8] = 7;
        let mut reader = Reader::new();
        assert_eq!(reader.push(&file[..9]), Ok(()));
        assert_eq!(reader.push(&file[9..10]), Err(WeightsError::BadVersion(7)));
        let file = files().remove(0);
        let mut reader = Reader::new();
        reader.push(&file).unwrap();
        assert_eq!(reader.expected(), Some(file.len() as u64));
        assert_eq!(reader.push(b"xyz"), Err(WeightsError::TrailingBytes(3)));
    }

    // The file's checks, read whole.

    fn network() -> Network {
        let mut net = Network::new(Shape::parse("0,1,2,3;0,1,4,5", 8).unwrap(), 0.0);
        for (i, w) in net.weights_mut().unwrap().iter_mut().enumerate() {
            // Runs of zeros between trained entries, as after training.
            if i % 97 < 30 {
                *w = (i as f32 * 0.37).sin() * 1000.0;
            }
        }
        net
    }

    fn file() -> Vec<u8> {
        encode(&network(), Encoding::ZeroRuns)
    }

    fn c8_file() -> Vec<u8> {
        encode(&network().quantised(Quantisation::C8), Encoding::ZeroRuns)
    }

    /// `bytes` with its checksum made to match again (a writer's bug, not a changed byte).
    fn resealed(mut bytes: Vec<u8>) -> Vec<u8> {
        let n = bytes.len() - 4;
        let crc = crc32(&[&bytes[..n]]);
        bytes[n..].copy_from_slice(&crc.to_le_bytes());
        bytes
    }

    #[test]
    fn every_quantisation_and_encoding_reads_back_exactly() {
        for q in Quantisation::ALL {
            for e in Encoding::ALL {
                let net = network().quantised(q);
                let back = decode(&encode(&net, e)).unwrap();
                assert_eq!(back.shape(), net.shape(), "{q:?} {e:?}");
                assert_eq!(back.weights(), net.weights(), "{q:?} {e:?}");
            }
        }
        let raw = encode(&network(), Encoding::Raw).len();
        let runs = file().len();
        assert!(runs < raw * 2 / 3, "zero runs {runs} bytes, raw {raw}");
    }

    /// `network()` in two stages, the second's weights its own.
    fn staged() -> Network {
        let one = network();
        let shape = one.shape().clone().with_stages(vec![9]).unwrap();
        let Weights::F32(w) = one.weights() else {
            unreachable!()
        };
        // The second stage's values far from the first's, so that reading one stage's values
        // (or codebooks) for the other is seen.
        let two: Vec<f32> = w
            .iter()
            .copied()
            .chain(w.iter().map(|&x| -3.0 * x))
            .collect();
        Network::from_parts(shape, Weights::F32(two)).unwrap()
    }

    #[test]
    fn a_network_in_stages_reads_back_as_version_4_in_every_kind() {
        for q in Quantisation::ALL {
            for e in Encoding::ALL {
                let net = staged().quantised(q);
                let bytes = encode(&net, e);
                assert_eq!(u16::from_le_bytes([bytes[8], bytes[9]]), 4, "{q:?} {e:?}");
                let back = decode(&bytes).unwrap();
                assert_eq!(back.shape().stages(), &[9], "{q:?} {e:?}");
                assert_eq!(back.weights(), net.weights(), "{q:?} {e:?}");
                // Each stage's board reads its own values, as the network written did, and near
                // the f32 values it was quantised from.
                for board in [0x0000_0000_0012_3456u64, 0x0000_0000_0012_3459] {
                    let b = Bitboard(board);
                    let exact = staged().value(b);
                    assert_eq!(back.value(b), net.value(b), "{q:?} {e:?} {board:x}");
                    assert!(
                        (net.value(b) - exact).abs() < 0.02 * exact.abs(),
                        "{q:?} {e:?} {board:x}: {} against {exact}",
                        net.value(b)
                    );
                }
            }
        }
        // Stages out of order are named.
        let mut bytes = encode(&staged(), Encoding::Planes);
        bytes[14..16].copy_from_slice(&[12, 11]);
        let err = decode(&resealed(bytes)).unwrap_err();
        assert!(
            err.to_string().contains("stage thresholds are ascending"),
            "{err}"
        );
    }

    #[test]
    fn a_truncated_file_says_it_is_cut_short() {
        let bytes = file();
        for cut in [1, 4, 9, 20, HEADER + 3, bytes.len() / 2, bytes.len() - 1] {
            let err = decode(&bytes[..cut]).unwrap_err();
            assert!(
                matches!(err, WeightsError::Truncated { .. }),
                "cut at {cut}: {err}"
            );
            assert!(err.to_string().contains("cut short"));
        }
    }

    #[test]
    fn a_changed_byte_fails_the_checksum() {
        let bytes = file();
        for at in [16, 40, bytes.len() / 2, bytes.len() - 5, bytes.len() - 1] {
            let mut changed = bytes.clone();
            changed[at] ^= 0x10;
            let err = decode(&changed).unwrap_err();
            assert_eq!(err, WeightsError::BadChecksum, "byte {at}");
            assert!(err.to_string().contains("checksum"));
        }
    }

    #[test]
    fn a_foreign_file_has_the_wrong_magic() {
        let mut bytes = file();
        bytes[0] = b'P';
        assert_eq!(decode(&bytes).unwrap_err(), WeightsError::BadMagic);
        assert_eq!(decode(b"").unwrap_err(), WeightsError::BadMagic);
        let err = decode(b"<!doctype html><html>not found</html>").unwrap_err();
        assert!(err.to_string().contains("not a weights file"), "{err}");
    }

    #[test]
    fn another_version_is_named() {
        let mut bytes = file();
        bytes[8] = 9;
        let err = decode(&bytes).unwrap_err();
        assert_eq!(err, WeightsError::BadVersion(9));
        assert!(err.to_string().contains("version 9"), "{err}");
    }

    #[test]
    fn the_old_kinds_stay_version_1_and_c8_is_version_2() {
        for q in [Quantisation::F32, Quantisation::I16, Quantisation::I8] {
            let bytes = encode(&network().quantised(q), Encoding::ZeroRuns);
            assert_eq!(&bytes[8..10], &[1, 0], "{q:?}");
        }
        for q in Quantisation::ALL {
            let bytes = encode(&network().quantised(q), Encoding::Planes);
            assert_eq!(&bytes[8..10], &[3, 0], "{q:?}");
        }
        let bytes = c8_file();
        assert_eq!(&bytes[8..10], &[2, 0]);
        assert_eq!(bytes[12], 3);
        let back = decode(&bytes).unwrap();
        assert_eq!(back.weights().quantisation(), Quantisation::C8);
        // A byte per weight plus 2 codebooks of 256 values.
        assert_eq!(back.memory_bytes(), back.weights().len() + 2 * 1024);
    }

    #[test]
    fn c8_values_are_the_weights_nearest_codebook_entries() {
        let net = network();
        let c8 = net.quantised(Quantisation::C8);
        let back = decode(&encode(&c8, Encoding::ZeroRuns)).unwrap();
        let mut worst = 0f32;
        for i in 0..net.weights().len() {
            let (w, q) = (net.weights().get(i), back.weights().get(i));
            if w == 0.0 {
                assert_eq!(q, 0.0, "weight {i}: an untrained weight stays 0");
            }
            worst = worst.max((w - q).abs());
        }
        // 2 x 2,401 entries of sines x 1,000 in 255 values a tuple: steps of about 8.
        assert!(worst < 10.0, "a weight moved by {worst}");
    }

    #[test]
    fn a_truncated_c8_file_says_it_is_cut_short() {
        let bytes = c8_file();
        // Inside the header, the codebooks, the codes, and the checksum.
        for cut in [
            9,
            HEADER + 3,
            HEADER + 12 + 500,
            bytes.len() / 2,
            bytes.len() - 1,
        ] {
            let err = decode(&bytes[..cut]).unwrap_err();
            assert!(
                matches!(err, WeightsError::Truncated { .. }),
                "cut at {cut}: {err}"
            );
        }
    }

    #[test]
    fn a_changed_byte_in_a_c8_file_fails_the_checksum() {
        let bytes = c8_file();
        // A codebook value, a code, the checksum itself.
        for at in [HEADER + 12 + 1024 + 7, bytes.len() - 100, bytes.len() - 2] {
            let mut changed = bytes.clone();
            changed[at] ^= 0x01;
            assert_eq!(
                decode(&changed).unwrap_err(),
                WeightsError::BadChecksum,
                "byte {at}"
            );
        }
    }

    #[test]
    fn c8_in_a_version_1_file_or_a_later_version_is_named() {
        let mut bytes = c8_file();
        bytes[8] = 1;
        let err = decode(&resealed(bytes)).unwrap_err();
        assert!(err.to_string().contains("c8) in a version 1 file"), "{err}");
        let mut bytes = c8_file();
        bytes[8] = 5;
        let err = decode(&bytes).unwrap_err();
        assert_eq!(err, WeightsError::BadVersion(5));
        assert!(err.to_string().contains("versions 1 to 4"), "{err}");
    }

    #[test]
    fn a_codebook_that_is_not_numbers_is_named() {
        let mut bytes = c8_file();
        // Tuple 2's codebook, entry 5: a NaN.
        let at = HEADER + 2 * 5 + 1024 + 5 * 4;
        bytes[at..at + 4].copy_from_slice(&f32::NAN.to_le_bytes());
        let err = decode(&resealed(bytes)).unwrap_err();
        assert!(
            err.to_string().contains("tuple 2's codebook holds NaN"),
            "{err}"
        );
    }

    #[test]
    fn a_c8_payload_shorter_than_its_codebooks_is_named() {
        // A writer's bug: the payload length says 100 bytes, the file is as long as that.
        let bytes = c8_file();
        let start = HEADER + 2 * 5;
        let mut short = bytes[..start].to_vec();
        short[20..28].copy_from_slice(&100u64.to_le_bytes());
        short.extend_from_slice(&bytes[start..start + 100]);
        short.extend_from_slice(&[0; 4]);
        let err = decode(&resealed(short)).unwrap_err();
        assert!(
            err.to_string().contains("the codebooks alone need 2048"),
            "{err}"
        );
    }

    #[test]
    fn bytes_after_the_end_are_refused() {
        let mut bytes = file();
        bytes.extend_from_slice(b"xx");
        assert_eq!(decode(&bytes).unwrap_err(), WeightsError::TrailingBytes(2));
    }

    #[test]
    fn a_bad_field_under_a_good_checksum_is_named() {
        // A writer's bug: quantisation 7, with a checksum made to match.
        let mut bytes = file();
        bytes[12] = 7;
        let n = bytes.len() - 4;
        let crc = crc32(&[&bytes[..n]]);
        bytes[n..].copy_from_slice(&crc.to_le_bytes());
        let err = decode(&bytes).unwrap_err();
        assert!(err.to_string().contains("quantisation 7"), "{err}");
        assert!(err.to_string().contains("3 c8"), "{err}");
    }

    /// A network like a trained one: most entries 0, the others spread around 0 (a few
    /// hundred), as `i16`.
    fn trained_like() -> Network {
        let mut net = Network::new(Shape::parse("0,1,2,3;0,1,4,5", 8).unwrap(), 0.0);
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for w in net.weights_mut().unwrap().iter_mut() {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            if x.is_multiple_of(5) {
                *w = ((x >> 8) % 2001) as f32 - 1000.0;
            }
        }
        net.quantised(Quantisation::I16)
    }

    #[test]
    fn planes_pack_smaller_under_gzip_than_zero_runs() {
        use std::io::Write;
        let gz = |bytes: &[u8]| {
            let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
            e.write_all(bytes).unwrap();
            e.finish().unwrap().len()
        };
        let net = trained_like();
        let (planes, runs) = (
            gz(&encode(&net, Encoding::Planes)),
            gz(&encode(&net, Encoding::ZeroRuns)),
        );
        assert!(
            planes * 100 < runs * 95,
            "planes {planes} bytes gzipped, zero runs {runs}"
        );
    }

    #[test]
    fn an_i16_planes_file_takes_room_for_exactly_its_values() {
        let net = trained_like();
        let kept = (0..net.weights().len())
            .filter(|&i| net.weights().get(i) != 0.0)
            .count();
        let back = decode(&encode(&net, Encoding::Planes)).unwrap();
        assert_eq!(back.weights(), net.weights());
        let blocks = net.weights().len().div_ceil(64) * 16;
        assert_eq!(back.memory_bytes(), blocks + 2 * kept);
    }

    #[test]
    fn planes_in_an_older_version_or_cut_inside_the_values_are_named() {
        let planes = encode(&network(), Encoding::Planes);
        let mut bytes = planes.clone();
        bytes[8] = 2;
        let err = decode(&resealed(bytes)).unwrap_err();
        assert!(
            err.to_string()
                .contains("encoding 2 (planes) in a version 2 file"),
            "{err}"
        );
        // A writer's bug: the payload one byte short of the last value (its length and checksum made to match).
        let tuples_end = HEADER + 2 * 5;
        let mut short = planes[..planes.len() - 5].to_vec();
        let len = u64::from_le_bytes(short[20..28].try_into().unwrap()) - 1;
        short[20..28].copy_from_slice(&len.to_le_bytes());
        short.extend_from_slice(&[0; 4]);
        assert!(short.len() > tuples_end);
        let err = decode(&resealed(short)).unwrap_err();
        assert!(
            err.to_string()
                .contains("the weights end inside their values"),
            "{err}"
        );
        // And one byte too many after the last plane.
        let mut long = planes[..planes.len() - 4].to_vec();
        long.push(7);
        let len = u64::from_le_bytes(long[20..28].try_into().unwrap()) + 1;
        long[20..28].copy_from_slice(&len.to_le_bytes());
        long.extend_from_slice(&[0; 4]);
        let err = decode(&resealed(long)).unwrap_err();
        assert!(
            err.to_string()
                .contains("bytes follow the weights' last plane"),
            "{err}"
        );
    }
}
