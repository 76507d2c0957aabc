//! The transposition table's memory: zeroed atomic words, on 2 MiB pages
//! where the system gives them. A table of hundreds of MiB in 4 KiB pages
//! makes nearly every probe a TLB miss as well as a cache miss (the TLB
//! covers a few MiB); in 2 MiB pages it covers the whole table.

use std::alloc::{alloc, dealloc, handle_alloc_error, Layout};
use std::ops::Deref;
use std::ptr::NonNull;
use std::sync::atomic::AtomicU64;

/// A huge page on Linux (x86-64 and arm64).
const HUGE_PAGE: usize = 2 << 20;
/// A cache line: buckets never straddle two.
const LINE: usize = 64;

/// `len` atomic words, zeroed, freed on drop.
pub struct Words {
    ptr: NonNull<AtomicU64>,
    len: usize,
    layout: Layout,
}

// SAFETY: the words are atomics, shared as `&[AtomicU64]`; the allocation
// is owned by `Words` alone.
unsafe impl Send for Words {}
unsafe impl Sync for Words {}

impl Words {
    /// `len` words, all zero.
    pub fn zeroed(len: usize) -> Words {
        let len = len.max(1);
        let bytes = len * std::mem::size_of::<AtomicU64>();
        let huge = cfg!(target_os = "linux") && bytes >= HUGE_PAGE;
        let layout = Layout::from_size_align(bytes, if huge { HUGE_PAGE } else { LINE }).expect("a table size that fits in memory");
        // SAFETY: `layout` has a non-zero size; the pointer is checked; the
        // bytes are zeroed before any word is read, and zero is a valid
        // AtomicU64.
        unsafe {
            let raw = alloc(layout);
            if raw.is_null() {
                handle_alloc_error(layout);
            }
            #[cfg(target_os = "linux")]
            if huge {
                // Before the first touch, so that the pages are faulted in
                // huge. A hint: where refused the table works as before.
                libc::madvise(raw.cast(), bytes, libc::MADV_HUGEPAGE);
            }
            std::ptr::write_bytes(raw, 0, bytes);
            Words { ptr: NonNull::new_unchecked(raw.cast()), len, layout }
        }
    }
}

impl Deref for Words {
    type Target = [AtomicU64];

    #[inline(always)]
    fn deref(&self) -> &[AtomicU64] {
        // SAFETY: `ptr` holds `len` initialised words for as long as `self`.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl Drop for Words {
    fn drop(&mut self) {
        // SAFETY: allocated in `zeroed` with this layout.
        unsafe { dealloc(self.ptr.as_ptr().cast(), self.layout) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::Ordering::Relaxed;

    #[test]
    fn words_start_at_zero_and_hold_what_is_stored() {
        for len in [2, 7, 1 << 10, (HUGE_PAGE / 8) * 3 + 5] {
            let w = Words::zeroed(len);
            assert_eq!(w.len(), len);
            assert!(w.iter().all(|x| x.load(Relaxed) == 0));
            w[len - 1].store(42, Relaxed);
            w[0].store(7, Relaxed);
            assert_eq!((w[0].load(Relaxed), w[len - 1].load(Relaxed)), (7, 42));
            assert_eq!(w.as_ptr() as usize % LINE, 0);
        }
        assert_eq!(Words::zeroed(0).len(), 1);
    }
}
