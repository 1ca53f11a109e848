//! Native memory for large tables read at random, backed by huge pages where the system allows
//! it. A 4x6 network's dense table is 134 MB (`i16`) to 805 MB (the trainer's `f32` with
//! coherence); with 4 KB pages nearly every read also misses the TLB and walks the page tables.
//! Linux backs memory with 2 MB pages when asked (`madvise(MADV_HUGEPAGE)`, for transparent
//! huge pages set to `madvise` or `always`), which makes those walks rare. Elsewhere, or when
//! the kernel declines, the memory is ordinary and only slower.

/// Asks the kernel to back the whole 2 MB pages inside `bytes` from `ptr` with huge pages.
/// Call it before the memory is first written: pages already faulted in stay as they are.
#[cfg(target_os = "linux")]
pub fn advise(ptr: *mut u8, bytes: usize) {
    const HUGE: usize = 2 << 20;
    let start = (ptr as usize).next_multiple_of(HUGE);
    let end = (ptr as usize + bytes) / HUGE * HUGE;
    if end > start {
        // SAFETY: the range lies inside the allocation the caller names; MADV_HUGEPAGE only
        // changes how the kernel backs it, never its contents. A failure (no THP) leaves it as
        // it was.
        unsafe {
            libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
pub fn advise(_ptr: *mut u8, _bytes: usize) {}

/// `n` zeroed values, asked for huge pages before any is touched: `vec![0; n]` takes fresh
/// zeroed pages from the system (calloc), untouched until written.
pub fn zeroed<T: Copy + Default>(n: usize) -> Vec<T> {
    let mut v = vec![T::default(); n];
    advise(v.as_mut_ptr().cast(), n * std::mem::size_of::<T>());
    v
}
