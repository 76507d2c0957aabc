//! Large zeroed buffers on 2 MiB pages where the system gives them. A table
//! of tens or hundreds of MiB in 4 KiB pages makes nearly every random read
//! a TLB miss as well as a cache miss (the TLB covers a few MiB); in 2 MiB
//! pages it covers the whole table. The transposition table's words and the
//! pattern network's rows live in them.

use std::alloc::{alloc, dealloc, handle_alloc_error, Layout};
use std::ops::{Deref, DerefMut};
use std::ptr::NonNull;

/// A huge page on Linux (x86-64 and arm64).
const HUGE_PAGE: usize = 2 << 20;
/// A cache line: buffers start on one.
const LINE: usize = 64;

/// A type whose value of all-zero bytes is a valid one, and which owns
/// nothing (no drop to run).
///
/// # Safety
/// Implement only for such types: [`Pages::zeroed`] makes its values by
/// writing zero bytes.
pub unsafe trait Zeroed: Sized {}

// SAFETY: zero is a valid atomic word, which owns nothing.
unsafe impl Zeroed for std::sync::atomic::AtomicU64 {}

/// `len` values of `T`, zeroed at first, on huge pages when at least one
/// huge page long (on Linux), freed on drop.
pub struct Pages<T: Zeroed> {
    ptr: NonNull<T>,
    len: usize,
    layout: Layout,
}

// SAFETY: `Pages` owns its values as a `Vec` would; sharing or sending it
// shares or sends them.
unsafe impl<T: Zeroed + Send> Send for Pages<T> {}
unsafe impl<T: Zeroed + Sync> Sync for Pages<T> {}

impl<T: Zeroed> Pages<T> {
    /// `len` values, all zero (at least one).
    pub fn zeroed(len: usize) -> Pages<T> {
        let len = len.max(1);
        let bytes = len.checked_mul(std::mem::size_of::<T>()).expect("a buffer size that fits in memory").max(1);
        let huge = cfg!(target_os = "linux") && bytes >= HUGE_PAGE;
        let align = if huge { HUGE_PAGE } else { LINE.max(std::mem::align_of::<T>()) };
        let layout = Layout::from_size_align(bytes, align).expect("a buffer size that fits in memory");
        // SAFETY: `layout` has a non-zero size; the pointer is checked; the
        // bytes are zeroed before any value is read, and zero is a valid `T`.
        unsafe {
            let raw = alloc(layout);
            if raw.is_null() {
                handle_alloc_error(layout);
            }
            #[cfg(target_os = "linux")]
            if huge {
                // Before the first touch, so that the pages are faulted in
                // huge. A hint: where refused the buffer works as before.
                libc::madvise(raw.cast(), bytes, libc::MADV_HUGEPAGE);
            }
            std::ptr::write_bytes(raw, 0, bytes);
            Pages { ptr: NonNull::new_unchecked(raw.cast()), len, layout }
        }
    }
}

impl<T: Zeroed> Deref for Pages<T> {
    type Target = [T];

    #[inline(always)]
    fn deref(&self) -> &[T] {
        // SAFETY: `ptr` holds `len` initialised values for as long as `self`.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl<T: Zeroed> DerefMut for Pages<T> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [T] {
        // SAFETY: as in `deref`, and `&mut self` makes the borrow unique.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

impl<T: Zeroed + Clone> Clone for Pages<T> {
    fn clone(&self) -> Pages<T> {
        let mut copy = Pages::zeroed(self.len);
        copy.clone_from_slice(self);
        copy
    }
}

impl<T: Zeroed + PartialEq> PartialEq for Pages<T> {
    fn eq(&self, other: &Pages<T>) -> bool {
        **self == **other
    }
}

impl<T: Zeroed> Drop for Pages<T> {
    fn drop(&mut self) {
        // SAFETY: allocated in `zeroed` with this layout; `T` has no drop.
        unsafe { dealloc(self.ptr.as_ptr().cast(), self.layout) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

    #[test]
    fn pages_start_at_zero_and_hold_what_is_stored() {
        for len in [2, 7, 1 << 10, (HUGE_PAGE / 8) * 3 + 5] {
            let w = Pages::<AtomicU64>::zeroed(len);
            assert_eq!(w.len(), len);
            assert!(w.iter().all(|x| x.load(Relaxed) == 0));
            w[len - 1].store(42, Relaxed);
            w[0].store(7, Relaxed);
            assert_eq!((w[0].load(Relaxed), w[len - 1].load(Relaxed)), (7, 42));
            assert_eq!(w.as_ptr() as usize % LINE, 0);
        }
        assert_eq!(Pages::<AtomicU64>::zeroed(0).len(), 1);
    }

    /// A row of bytes, as the network's lines are.
    #[derive(Clone, PartialEq)]
    struct Row([i8; 64]);

    // SAFETY: zero bytes are a valid row, which owns nothing.
    unsafe impl Zeroed for Row {}

    #[test]
    fn rows_are_written_cloned_and_compared() {
        for len in [1, 3, HUGE_PAGE / 64 + 9] {
            let mut rows = Pages::<Row>::zeroed(len);
            rows[len - 1].0[63] = -5;
            rows[0].0[0] = 9;
            let copy = rows.clone();
            assert!(copy == rows);
            assert_eq!((copy[0].0[0], copy[len - 1].0[63]), (9, -5));
            assert_eq!(copy.as_ptr() as usize % LINE, 0);
            rows[0].0[1] = 1;
            assert!(copy != rows);
        }
    }
}
