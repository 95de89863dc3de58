//! The module's size-class allocator (src/allocator.rs) is this test binary's global allocator
//! too: blocks of every size and alignment keep their bytes, are aligned, do not overlap, and
//! survive growing and shrinking; freed blocks are reused without corrupting live ones.

use std::alloc::{alloc, dealloc, realloc, Layout};
use wasm_bindgen_test::*;

fn fill(ptr: *mut u8, len: usize, seed: u8) {
    for i in 0..len {
        // SAFETY: `ptr` points to at least `len` bytes the test owns.
        unsafe { *ptr.add(i) = seed.wrapping_add(i as u8) };
    }
}

fn holds(ptr: *const u8, len: usize, seed: u8) -> bool {
    // SAFETY: as in `fill`.
    (0..len).all(|i| unsafe { *ptr.add(i) } == seed.wrapping_add(i as u8))
}

#[wasm_bindgen_test]
fn blocks_of_every_size_and_alignment_keep_their_bytes() {
    let mut live = Vec::new();
    let sizes = [
        1usize, 7, 16, 17, 31, 64, 100, 255, 4096, 65_535, 65_536, 300_000,
    ];
    for (n, &size) in sizes.iter().enumerate() {
        for align in [1usize, 8, 16, 64, 4096] {
            let layout = Layout::from_size_align(size, align).unwrap();
            // SAFETY: non-zero size.
            let ptr = unsafe { alloc(layout) };
            assert!(!ptr.is_null(), "{size} @ {align}");
            assert_eq!(ptr as usize % align, 0, "{size} @ {align}");
            let seed = (n * 7 + align) as u8;
            fill(ptr, size, seed);
            live.push((ptr, layout, seed));
        }
    }
    // No block overlaps another: every one still holds its own pattern.
    for &(ptr, layout, seed) in &live {
        assert!(holds(ptr, layout.size(), seed), "{layout:?}");
    }
    for (ptr, layout, _) in live {
        // SAFETY: allocated above with this layout.
        unsafe { dealloc(ptr, layout) };
    }
}

#[wasm_bindgen_test]
fn realloc_keeps_the_prefix_when_growing_and_shrinking() {
    let mut layout = Layout::from_size_align(10, 8).unwrap();
    // SAFETY: non-zero size.
    let mut ptr = unsafe { alloc(layout) };
    fill(ptr, 10, 3);
    for new_size in [12, 16, 17, 1000, 70_000, 40, 9] {
        let keep = layout.size().min(new_size);
        // SAFETY: `ptr` was allocated with `layout`; `new_size` is non-zero.
        ptr = unsafe { realloc(ptr, layout, new_size) };
        assert!(!ptr.is_null());
        assert!(holds(ptr, keep.min(10), 3), "to {new_size}");
        layout = Layout::from_size_align(new_size, 8).unwrap();
    }
    // SAFETY: the last realloc gave `ptr` with `layout`.
    unsafe { dealloc(ptr, layout) };
}

#[wasm_bindgen_test]
fn freed_blocks_are_reused_without_touching_live_ones() {
    let layout = Layout::from_size_align(48, 8).unwrap();
    // SAFETY: non-zero size (here and below).
    let keep = unsafe { alloc(layout) };
    fill(keep, 48, 9);
    let first = unsafe { alloc(layout) };
    // SAFETY: allocated above with this layout.
    unsafe { dealloc(first, layout) };
    let again = unsafe { alloc(layout) };
    assert_eq!(
        again, first,
        "a freed block of the class is handed out again"
    );
    fill(again, 48, 1);
    assert!(holds(keep, 48, 9));
    // Many short-lived strings, as the module makes: memory stays reused.
    for i in 0..10_000 {
        let s = format!("selector #{i} .item > a[href]");
        assert!(s.ends_with("a[href]"));
    }
    assert!(holds(keep, 48, 9));
    // SAFETY: allocated above with this layout.
    unsafe {
        dealloc(again, layout);
        dealloc(keep, layout);
    }
}
