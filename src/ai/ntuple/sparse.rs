//! `i16` weights held sparse: a trained network leaves most of its table at 0 (the patterns
//! play never reached, and those the export prunes), so memory holds only the other values,
//! in order, and a bitmap of which entries have one. Each 64 entries take a block: their bits
//! and the count of values before them, 16 bytes read together, so that reading a weight is
//! one block, one popcount and one value. The 16-level 4x6 network's 67 M entries take
//! 16.8 MB of blocks, plus 2 bytes a kept value.

/// 64 entries: which have a value, and how many values come before them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Block {
    bits: u64,
    before: u32,
}

/// `len` weights, all 0 but `values` (in entry order).
#[derive(Clone, Debug)]
pub struct Sparse {
    blocks: Vec<Block>,
    values: Vec<i16>,
    len: usize,
    /// Natively, where memory is plentiful, every entry as well ([`Sparse::expand`]): a read
    /// is then one access, not a block and then a value that depends on it.
    #[cfg(not(target_arch = "wasm32"))]
    every: Option<Box<[i16]>>,
}

/// The same weights, however they are held.
impl PartialEq for Sparse {
    fn eq(&self, other: &Sparse) -> bool {
        (self.len, &self.blocks, &self.values) == (other.len, &other.blocks, &other.values)
    }
}

impl Eq for Sparse {}

impl Sparse {
    /// The sparse form of `dense`.
    pub fn from_dense(dense: &[i16]) -> Sparse {
        let kept = dense.iter().filter(|&&v| v != 0).count();
        let mut b = Builder::new(dense.len(), kept);
        for &v in dense {
            b.push(v);
        }
        b.finish()
            .unwrap_or_else(|| unreachable!("every entry was given"))
    }

    /// Entries, zeros included.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Entries that are not 0.
    #[cfg(test)]
    pub fn kept(&self) -> usize {
        self.values.len()
    }

    /// Bytes in memory (the values' room as reserved while reading, a little more than they
    /// fill).
    pub fn memory_bytes(&self) -> usize {
        #[cfg(not(target_arch = "wasm32"))]
        let every = self.every.as_ref().map_or(0, |e| e.len() * 2);
        #[cfg(target_arch = "wasm32")]
        let every = 0;
        self.blocks.len() * std::mem::size_of::<Block>() + self.values.capacity() * 2 + every
    }

    /// Holds every entry too, 2 bytes each (134 MB for the 16-level 4x6 network), so that a
    /// read takes one memory access: more than twice as fast a search natively. The values
    /// read are the same. Not in wasm, whose workers have no room for it.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn expand(&mut self) {
        if self.every.is_none() {
            // 134 MB for the page's network, read at random by the search: huge pages spare
            // most of the TLB's misses (1.2x the arena's moves a second, docs/arena.md).
            let mut every = super::huge::zeroed::<i16>(self.len);
            for (i, w) in every.iter_mut().enumerate() {
                *w = self.get(i);
            }
            self.every = Some(every.into_boxed_slice());
        }
    }

    /// Entry `i` (below [`Sparse::len`]).
    #[inline(always)]
    pub fn get(&self, i: usize) -> i16 {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(every) = &self.every {
            return every[i];
        }
        let block = self.blocks[i >> 6];
        let bit = 1u64 << (i & 63);
        if block.bits & bit == 0 {
            return 0;
        }
        let rank = (block.bits & (bit - 1)).count_ones();
        self.values[(block.before + rank) as usize]
    }
}

/// Builds a [`Sparse`] entry by entry, as a file's payload arrives: runs of zeros skipped,
/// the others pushed.
#[derive(Debug)]
pub struct Builder {
    blocks: Vec<Block>,
    values: Vec<i16>,
    len: usize,
    at: usize,
    /// Entries marked as values to come ([`Builder::mark`]).
    marked: usize,
}

impl Builder {
    /// For `len` entries, at most `most` of them not 0 (the values' room, reserved at once so
    /// that it never grows by doubling).
    pub fn new(len: usize, most: usize) -> Builder {
        Builder {
            blocks: vec![Block::default(); len.div_ceil(64)],
            values: Vec::with_capacity(most.min(len)),
            len,
            at: 0,
            marked: 0,
        }
    }

    /// Entries given so far.
    pub fn entries(&self) -> usize {
        self.at
    }

    /// `n` entries of 0; false (and nothing done) past the end.
    pub fn skip(&mut self, n: usize) -> bool {
        match self.at.checked_add(n) {
            Some(end) if end <= self.len => {
                self.at = end;
                true
            }
            _ => false,
        }
    }

    /// The next entry; false (and nothing done) past the end.
    pub fn push(&mut self, v: i16) -> bool {
        if self.at >= self.len {
            return false;
        }
        if v != 0 {
            self.blocks[self.at >> 6].bits |= 1 << (self.at & 63);
            self.values.push(v);
        }
        self.at += 1;
        true
    }

    /// `n` entries that are not 0, their values to come by [`Builder::fill`] once every
    /// entry is placed (a file's planes); false (and nothing done) past the end.
    pub fn mark(&mut self, n: usize) -> bool {
        let Some(end) = self.at.checked_add(n).filter(|&end| end <= self.len) else {
            return false;
        };
        for i in self.at..end {
            self.blocks[i >> 6].bits |= 1 << (i & 63);
        }
        self.marked += n;
        self.at = end;
        true
    }

    /// Byte `plane` (0 the low one) of the marked values from the `at`-th on, one a byte of
    /// `bytes`; their room is taken, exactly, on the first call. False (and nothing done) past
    /// the marked values.
    pub fn fill(&mut self, plane: usize, at: usize, bytes: &[u8]) -> bool {
        if plane > 1 || at.saturating_add(bytes.len()) > self.marked {
            return false;
        }
        if self.values.len() < self.marked {
            self.values.reserve_exact(self.marked - self.values.len());
            self.values.resize(self.marked, 0);
        }
        let shift = 8 * plane;
        for (v, &b) in self.values[at..at + bytes.len()].iter_mut().zip(bytes) {
            *v = (*v as u16 | u16::from(b) << shift) as i16;
        }
        true
    }

    /// The weights; None until every entry was given, and every marked entry its value.
    /// (A builder either pushes its entries or marks them and fills their values, not both.)
    pub fn finish(mut self) -> Option<Sparse> {
        if self.at != self.len {
            return None;
        }
        let mut before = 0u32;
        for b in &mut self.blocks {
            b.before = before;
            before += b.bits.count_ones();
        }
        if self.values.len() != before as usize {
            return None;
        }
        // Not shrunk to fit: in wasm the copy would raise the memory's peak, which stays.
        Some(Sparse {
            blocks: self.blocks,
            values: self.values,
            len: self.len,
            #[cfg(not(target_arch = "wasm32"))]
            every: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_reads_back_with_the_zeros_between() {
        // Runs across block edges, a full block, an empty one, a last partial block.
        let dense: Vec<i16> = (0..1000)
            .map(|i: i32| match i {
                64..=127 => -(i as i16),
                128..=191 => 0,
                _ if i % 7 == 0 || i % 11 == 3 => (i * 31 % 30_000) as i16 + 1,
                _ => 0,
            })
            .collect();
        let s = Sparse::from_dense(&dense);
        for (i, &v) in dense.iter().enumerate() {
            assert_eq!(s.get(i), v, "entry {i}");
        }
        assert_eq!(s.len(), 1000);
        assert_eq!(s.kept(), dense.iter().filter(|&&v| v != 0).count());
        // Expanded (natively), every entry reads the same, and the memory says so.
        let mut e = s.clone();
        e.expand();
        for (i, &v) in dense.iter().enumerate() {
            assert_eq!(e.get(i), v, "entry {i} expanded");
        }
        assert_eq!(e.memory_bytes(), s.memory_bytes() + 2 * dense.len());
        assert_eq!(e, s);
    }

    #[test]
    fn a_builder_refuses_entries_past_the_end_and_is_unfinished_short_of_it() {
        let mut b = Builder::new(10, 10);
        assert!(b.skip(4) && b.push(5) && b.push(0));
        assert!(Builder::new(3, 3).skip(3));
        assert!(!b.skip(5), "4 + 2 + 5 entries of 10");
        let short = Builder::new(10, 10);
        assert!(short.finish().is_none());
        assert!(b.skip(4));
        assert!(!b.push(1));
        let s = b.finish().unwrap();
        assert_eq!((s.get(4), s.get(5), s.get(9)), (5, 0, 0));
    }
}
