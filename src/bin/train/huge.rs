//! The trainer's weights in memory backed by huge pages where the system allows it
//! (`game2048::ai::ntuple::huge`): a 4x6 network with 16 levels is 268 MB of weights (805 MB
//! with temporal coherence), read at random.

use std::sync::atomic::AtomicU32;

/// `words` zeroed 32-bit atomics, asked for huge pages before any is touched.
pub fn atomics(words: usize) -> Vec<AtomicU32> {
    let mut zeroed = std::mem::ManuallyDrop::new(game2048::ai::ntuple::huge::zeroed::<u32>(words));
    let (ptr, len, cap) = (zeroed.as_mut_ptr(), zeroed.len(), zeroed.capacity());
    // SAFETY: AtomicU32 has the size, alignment and bit validity of u32 (its documentation),
    // so the allocation is a valid Vec<AtomicU32> of the same length and capacity, and the
    // ManuallyDrop above gives up the Vec<u32>'s ownership of it.
    unsafe { Vec::from_raw_parts(ptr.cast::<AtomicU32>(), len, cap) }
}

/// `n` zeroed weights with their coherence accumulators, asked for huge pages likewise.
pub fn coherent(n: usize) -> Vec<game2048::ai::ntuple::learn::CoherentWeight> {
    use game2048::ai::ntuple::learn::CoherentWeight;
    const _: () = assert!(std::mem::size_of::<CoherentWeight>() == 12);
    const _: () = assert!(std::mem::align_of::<CoherentWeight>() == 4);
    let mut words = std::mem::ManuallyDrop::new(atomics(3 * n));
    let ptr = words.as_mut_ptr();
    // SAFETY: CoherentWeight is repr(C): three AtomicU32, 12 bytes, aligned to 4 (asserted
    // above), so 3n atomics are n of them with the allocation's size and alignment unchanged.
    unsafe { Vec::from_raw_parts(ptr.cast::<CoherentWeight>(), n, n) }
}
