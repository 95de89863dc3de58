//! The module's memory allocator, replacing the standard one (dlmalloc, several KB of code):
//! power-of-two size classes from 16 bytes up, one free list per class, blocks carved from
//! pages taken with `memory.grow`. It suits what the module allocates (many small, short-lived
//! strings and vectors); memory is reused but never given back, as with dlmalloc on wasm.
//! The module runs on one thread (wasm32 without threads), which the `Sync` claim relies on.

use std::alloc::{GlobalAlloc, Layout};
use std::cell::UnsafeCell;
use std::ptr;

/// The smallest class: 2^4 = 16 bytes (room for the free-list link, and 16-byte alignment).
const MIN_SHIFT: usize = 4;
/// Classes 2^4 .. 2^31.
const CLASSES: usize = 28;
/// A wasm page.
const PAGE: usize = 65_536;

struct Heap {
    /// Head of each class's free list (a freed block holds the next block's address).
    free: [*mut u8; CLASSES],
    /// Next unused byte of the region taken from `memory.grow`, and its end.
    next: usize,
    end: usize,
}

/// Size-class allocator over `memory.grow` (see the module doc).
pub struct Allocator(UnsafeCell<Heap>);

// SAFETY: wasm32-unknown-unknown without the atomics feature runs on a single thread.
unsafe impl Sync for Allocator {}

#[global_allocator]
static ALLOCATOR: Allocator = Allocator(UnsafeCell::new(Heap {
    free: [ptr::null_mut(); CLASSES],
    next: 0,
    end: 0,
}));

/// The class of blocks that fit `size` bytes at alignment `align`, if any.
fn class(size: usize, align: usize) -> Option<usize> {
    if align > PAGE {
        return None;
    }
    let bytes = size
        .max(align)
        .max(1 << MIN_SHIFT)
        .checked_next_power_of_two()?;
    let c = bytes.trailing_zeros() as usize - MIN_SHIFT;
    (c < CLASSES).then_some(c)
}

impl Heap {
    /// A fresh block of class `c`, aligned to its size (at most a page), from the bump region.
    fn carve(&mut self, c: usize) -> *mut u8 {
        let size = 1usize << (c + MIN_SHIFT);
        let align = size.min(PAGE);
        if self.end == 0 {
            self.end = core::arch::wasm32::memory_size::<0>() * PAGE;
            self.next = self.end;
        }
        loop {
            let Some(start) = self.next.checked_add(align - 1).map(|n| n & !(align - 1)) else {
                return ptr::null_mut();
            };
            let Some(end) = start.checked_add(size) else {
                return ptr::null_mut();
            };
            if end <= self.end {
                self.next = end;
                return start as *mut u8;
            }
            let pages = (end - self.end).div_ceil(PAGE);
            let old = core::arch::wasm32::memory_grow::<0>(pages);
            if old == usize::MAX {
                return ptr::null_mut();
            }
            if old * PAGE != self.end {
                // Someone else grew the memory: continue from the new pages.
                self.next = old * PAGE;
            }
            self.end = (old + pages) * PAGE;
        }
    }
}

unsafe impl GlobalAlloc for Allocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let Some(c) = class(layout.size(), layout.align()) else {
            return ptr::null_mut();
        };
        // SAFETY: single-threaded (see `Sync`), and no reference into the heap outlives a call.
        let heap = unsafe { &mut *self.0.get() };
        let head = heap.free[c];
        if head.is_null() {
            return heap.carve(c);
        }
        // SAFETY: a free block of this class holds the address of the next one.
        heap.free[c] = unsafe { *(head as *mut *mut u8) };
        head
    }

    unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
        if let Some(c) = class(layout.size(), layout.align()) {
            // SAFETY: as in `alloc`; the block is at least 16 bytes, aligned, and now unused.
            let heap = unsafe { &mut *self.0.get() };
            unsafe { *(block as *mut *mut u8) = heap.free[c] };
            heap.free[c] = block;
        }
    }

    unsafe fn realloc(&self, block: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if class(layout.size(), layout.align()) == class(new_size, layout.align()) {
            return block;
        }
        // SAFETY: `layout.align()` is a valid alignment and `new_size` was checked by the caller.
        let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        // SAFETY: plain allocate, copy, free, as the default `realloc` does.
        unsafe {
            let fresh = self.alloc(new_layout);
            if !fresh.is_null() {
                ptr::copy_nonoverlapping(block, fresh, layout.size().min(new_size));
                self.dealloc(block, layout);
            }
            fresh
        }
    }
}
