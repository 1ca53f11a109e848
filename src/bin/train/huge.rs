//! The weights in memory backed by huge pages where the system allows it.
//!
//! A 4x6 network with 16 levels is 268 MB of weights (805 MB with temporal coherence), read at
//! random: with 4 KB pages nearly every read also misses the TLB and walks the page tables.
//! Linux backs memory with 2 MB pages when asked (`madvise(MADV_HUGEPAGE)`, for transparent
//! huge pages set to `madvise` or `always`), which makes those walks rare. Elsewhere, or when
//! the kernel declines, the memory is ordinary and only slower.

use std::sync::atomic::AtomicU32;

/// `words` zeroed 32-bit atomics, asked for huge pages before any is touched.
pub fn atomics(words: usize) -> Vec<AtomicU32> {
    // `vec![0; n]` takes fresh zeroed pages from the system (calloc), untouched until written:
    // the advice applies before the first write faults them in.
    let mut zeroed = std::mem::ManuallyDrop::new(vec![0u32; words]);
    advise(zeroed.as_mut_ptr().cast(), words * 4);
    let (ptr, len, cap) = (zeroed.as_mut_ptr(), zeroed.len(), zeroed.capacity());
    // SAFETY: AtomicU32 has the size, alignment and bit validity of u32 (its documentation),
    // so the allocation is a valid Vec<AtomicU32> of the same length and capacity, and the
    // ManuallyDrop above gives up the Vec<u32>'s ownership of it.
    unsafe { Vec::from_raw_parts(ptr.cast::<AtomicU32>(), len, cap) }
}

#[cfg(target_os = "linux")]
fn advise(ptr: *mut u8, bytes: usize) {
    const HUGE: usize = 2 << 20;
    let start = (ptr as usize).next_multiple_of(HUGE);
    let end = (ptr as usize + bytes) / HUGE * HUGE;
    if end > start {
        // SAFETY: the range lies inside one live allocation; MADV_HUGEPAGE only changes how
        // the kernel backs it, never its contents. A failure (no THP) leaves it as it was.
        unsafe {
            libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise(_ptr: *mut u8, _bytes: usize) {}

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
