//! Whether two byte strings are equal, compared eight bytes at a time. On wasm, slice
//! equality is a call to the runtime's `memcmp`, which compares one byte per step; the stream
//! compares a large event's text with what it assembled (whether what is shown still continues
//! it), so that compare runs a word per step here.

/// Whether `a` and `b` hold the same bytes.
#[inline]
pub(crate) fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let (mut left, mut right) = (a.chunks_exact(8), b.chunks_exact(8));
    for (l, r) in left.by_ref().zip(right.by_ref()) {
        let (Some(&l), Some(&r)) = (l.first_chunk::<8>(), r.first_chunk::<8>()) else {
            return false;
        };
        if u64::from_ne_bytes(l) != u64::from_ne_bytes(r) {
            return false;
        }
    }
    left.remainder() == right.remainder()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_only_when_every_byte_is_equal_wherever_the_difference_is() {
        for len in 0..=27 {
            let a: Vec<u8> = (0..len).map(|i| (i * 29 % 251) as u8).collect();
            assert!(same_bytes(&a, &a.clone()), "len {len}");
            for at in 0..len {
                for flip in [0x01, 0x80, 0xff] {
                    let mut b = a.clone();
                    b[at] ^= flip;
                    assert!(!same_bytes(&a, &b), "len {len} at {at} flip {flip:#x}");
                    assert!(!same_bytes(&b, &a), "len {len} at {at} flip {flip:#x}");
                }
            }
            // A prefix is not equal, even when the bytes it has agree.
            if len > 0 {
                assert!(!same_bytes(&a, &a[..len - 1]), "len {len}");
                assert!(!same_bytes(&a[..len - 1], &a), "len {len}");
            }
        }
    }

    #[test]
    fn compares_unaligned_slices_of_one_text() {
        let text = "naïve 日本 🚀 naïve 日本 🚀 naïve 日本 🚀".as_bytes();
        let period = "naïve 日本 🚀 ".len();
        for from in 0..period {
            let n = text.len() - period - from;
            assert!(same_bytes(
                &text[from..from + n],
                &text[from + period..from + period + n]
            ));
            if n > 1 {
                assert!(!same_bytes(
                    &text[from..from + n],
                    &text[from + 1..from + 1 + n]
                ));
            }
        }
    }
}
