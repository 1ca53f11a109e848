//! A fixed-size transposition table for chance nodes, allocated once per thread and reused
//! by every search. Entries carry the generation (search) that wrote them, so starting a
//! search costs nothing and never sees an earlier search's values: a result depends only on
//! the position and the options, which keeps node budgets deterministic.
//!
//! A search uses only as much of the table as its node budget can fill
//! ([`TranspositionTable::start_search`]): fewer cache misses for small budgets (a root
//! move's share of 200,000 nodes runs 27% faster), and still a pure function of the budget.
//! Buckets of two or four entries keeping the deeper ones were measured too and did not
//! pay: no fewer nodes a move at 200k, 800k or 2.5M nodes, and slower (docs/ai.md). Keeping the
//! previous move's entries would answer 3-5% of the probes, but would make a move's value
//! depend on which searches ran before on this thread: the page's split (root moves on
//! different workers) would no longer give the one-thread answer (docs/ai.md).

use std::cell::RefCell;

/// At most 2^18 entries of 16 bytes: 4 MiB, small enough for a Web Worker.
const INDEX_BITS: u32 = 18;
/// The fewest entries a search uses (2^10).
const MIN_BITS: u32 = 10;

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    value: f32,
    /// Generation in the high 24 bits, remaining depth in the low 8; 0 = never written.
    stamp: u32,
}

pub struct TranspositionTable {
    entries: Box<[Entry]>,
    generation: u32,
    /// This search's entry count, as a power of two.
    bits: u32,
}

impl TranspositionTable {
    fn new() -> TranspositionTable {
        TranspositionTable {
            entries: vec![Entry::default(); 1 << INDEX_BITS].into_boxed_slice(),
            generation: 0,
            bits: INDEX_BITS,
        }
    }

    /// Forgets every entry (in O(1) except once every 16 million searches); the search may
    /// visit about `nodes` nodes (None: no bound known), which sizes the part of the table
    /// it uses: about one entry per four nodes, rounded up to a power of two.
    pub fn start_search(&mut self, nodes: Option<u64>) {
        self.generation += 1;
        if self.generation >= 1 << 24 {
            self.entries.fill(Entry::default());
            self.generation = 1;
        }
        self.bits = match nodes {
            Some(n) => (n / 4)
                .max(1)
                .next_power_of_two()
                .trailing_zeros()
                .clamp(MIN_BITS, INDEX_BITS),
            None => INDEX_BITS,
        };
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - self.bits)) as usize
    }

    /// The value stored for `key` by this search with at least `depth` plies left.
    #[inline]
    pub fn get(&self, key: u64, depth: u32) -> Option<f64> {
        let e = &self.entries[self.slot(key)];
        let fresh = e.stamp >> 8 == self.generation;
        (fresh && e.key == key && e.stamp & 0xff >= depth).then_some(f64::from(e.value))
    }

    /// Asks the processor to bring `key`'s slot into the cache ahead of its probe; no
    /// effect on what the table holds or answers.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        let entry = &self.entries[self.slot(key)];
        // SAFETY: a prefetch is a hint that reads nothing the program sees and cannot fault;
        // the pointer comes from a reference, so it is valid anyway. `_mm_prefetch` is only
        // `unsafe` because of its `#[target_feature(enable = "sse")]`, which every x86_64 has.
        #[cfg(target_arch = "x86_64")]
        unsafe {
            use core::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(entry).cast());
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = entry;
    }

    #[inline]
    pub fn put(&mut self, key: u64, depth: u32, value: f64) {
        let generation = self.generation;
        let slot = self.slot(key);
        self.entries[slot] = Entry {
            key,
            value: value as f32,
            stamp: (generation << 8) | depth.min(0xff),
        };
    }
}

thread_local! {
    static TABLE: RefCell<Option<TranspositionTable>> = const { RefCell::new(None) };
}

/// Runs `f` with this thread's table, fresh for a new search of about `nodes` nodes.
pub fn with_table<R>(nodes: Option<u64>, f: impl FnOnce(&mut TranspositionTable) -> R) -> R {
    TABLE.with(|cell| {
        let mut slot = cell.borrow_mut();
        let table = slot.get_or_insert_with(TranspositionTable::new);
        table.start_search(nodes);
        f(table)
    })
}
