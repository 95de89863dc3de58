//! Where a run of plain JSON string characters ends: at the next quote, backslash or control
//! character (a byte below 0x20, invalid raw in a JSON string). Looked for eight bytes at a
//! time in one `u64` (a large answer's text is read at a word per step, not a byte), the
//! bytes left over one by one.
//!
//! For each of the three kinds, a byte of the word that is one sets the high bit of its byte
//! in a mask. The subtraction behind a mask may borrow into the bytes above a byte that is
//! one, so a mask may have false bits, but only above a true one: its lowest bit is exact, and
//! so is the lowest bit of the three masks together.

/// `byte` in every byte of a word.
const fn splat(byte: u8) -> u64 {
    u64::from_le_bytes([byte; 8])
}

const LOW: u64 = splat(0x01);
const HIGH: u64 = splat(0x80);
const QUOTE: u64 = splat(b'"');
const BACKSLASH: u64 = splat(b'\\');
const SPACE: u64 = splat(0x20);

/// The high bit of each byte of `word` below `bytes`' value (a splat of at most 0x80); exact
/// up to the lowest set bit.
#[inline(always)]
fn below(word: u64, bytes: u64) -> u64 {
    word.wrapping_sub(bytes) & !word & HIGH
}

/// The high bit of each byte of `word` that is a quote, a backslash or a control character;
/// exact up to the lowest set bit.
#[inline(always)]
fn specials(word: u64) -> u64 {
    below(word ^ QUOTE, LOW) | below(word ^ BACKSLASH, LOW) | below(word, SPACE)
}

#[inline(always)]
fn is_special(byte: u8) -> bool {
    byte == b'"' || byte == b'\\' || byte < 0x20
}

/// The index of the first quote, backslash or control character in `bytes`, if any.
#[inline]
pub(super) fn special(bytes: &[u8]) -> Option<usize> {
    let mut words = bytes.chunks_exact(8);
    let mut at = 0;
    for chunk in words.by_ref() {
        let Some(&word) = chunk.first_chunk::<8>() else {
            break;
        };
        let found = specials(u64::from_le_bytes(word));
        if found != 0 {
            return Some(at + (found.trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    let rest = words.remainder();
    rest.iter().position(|&b| is_special(b)).map(|i| at + i)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The byte-at-a-time answer the word scan must give.
    fn plain(bytes: &[u8]) -> Option<usize> {
        bytes.iter().position(|&b| is_special(b))
    }

    #[test]
    fn finds_each_special_byte_at_every_position_of_a_word_and_of_the_tail() {
        let specials: Vec<u8> = (0..0x20).chain([b'"', b'\\']).collect();
        for len in 0..=26 {
            for at in 0..len {
                for &s in &specials {
                    // Bytes around the special one that are close to it but plain.
                    let mut bytes: Vec<u8> = (0..len)
                        .map(|i| [b'!', b'#', b'[', b']', 0x20, 0x7f, 0x80, 0xff][i % 8])
                        .collect();
                    bytes[at] = s;
                    assert_eq!(special(&bytes), Some(at), "len {len} at {at} byte {s:#x}");
                }
            }
            let none: Vec<u8> = (0..len)
                .map(|i| 0x20 + (i * 37 % 0xe0) as u8)
                .map(|b| if is_special(b) { b'a' } else { b })
                .collect();
            assert_eq!(special(&none), None, "len {len}");
        }
    }

    #[test]
    fn the_first_of_several_is_found_even_when_a_borrow_flags_the_bytes_above() {
        // 0x00 then 0x01, 0x21 (one above the quote), 0x5d (one above the backslash): the
        // subtractions borrow out of the 0x00 byte into the ones above.
        for first in [0x00u8, b'"', b'\\', 0x1f] {
            for lead in 0..8 {
                let mut bytes = vec![b'a'; lead];
                bytes.extend([first, 0x01, 0x21, 0x5d, b'"', b'\\', 0x20, b'z', b'x', b'y']);
                assert_eq!(special(&bytes), Some(lead), "first {first:#x} lead {lead}");
                assert_eq!(special(&bytes), plain(&bytes));
            }
        }
    }

    #[test]
    fn agrees_with_a_byte_scan_on_every_byte_value_in_every_place() {
        for value in 0..=255u8 {
            for at in 0..17 {
                let mut bytes = b"abcdefghijklmnopqrstu".to_vec();
                bytes[at] = value;
                assert_eq!(special(&bytes), plain(&bytes), "value {value:#x} at {at}");
                assert_eq!(special(&bytes[at..]), plain(&bytes[at..]));
            }
        }
        let text = "naïve 日本 🚀 \"q\" a\\b\u{1}".as_bytes();
        for from in 0..text.len() {
            assert_eq!(special(&text[from..]), plain(&text[from..]), "from {from}");
        }
    }
}
