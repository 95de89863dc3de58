//! Where the text a task holds came from: every page Zo read (the bound page's snapshots, the
//! tabs shared with `@`, the quote, values extracted) is learned under the origin it was read
//! on, as fingerprints (hashed runs of [`GRAM`] letters and digits). A `fill` whose value
//! carries text learned from another origin than the page it is written into, text that is
//! neither on that page already nor in the user's own words, is a flow of data between sites:
//! the policy asks before it ([`super::Concern::CrossOriginText`]).
//!
//! Linear in what is learned and in the value; memory is bounded by [`MAX_GRAMS`]. Past it
//! nothing more is learned and the store remembers it: the policy
//! then treats text that is not the page's or the user's as of unknown origin, and asks.

use std::collections::{HashMap, HashSet};

use super::origin::Origin;
use crate::page::fold;

/// Letters and digits in one fingerprint.
pub const GRAM: usize = 6;
/// Most fingerprints held for one task (about 16 MiB at worst).
pub const MAX_GRAMS: usize = 1 << 20;

/// Text a task learned, by origin.
#[derive(Debug, Clone, Default)]
pub struct Provenance {
    by_origin: HashMap<Origin, HashSet<u64>>,
    user: HashSet<u64>,
    held: usize,
    overflowed: bool,
}

/// Where a value's text came from, when it came from elsewhere.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Foreign {
    /// Learned on this origin (the one that contributed most of it).
    From(Origin),
    /// Past the store's bound: text that is neither the page's nor the user's.
    Unknown,
}

impl Provenance {
    /// The user's own words (their message): text there may go anywhere.
    pub fn learn_user(&mut self, text: &str) {
        for g in grams(text) {
            self.user.insert(g);
        }
    }

    /// `text` was read on `origin`.
    pub fn learn(&mut self, origin: &Origin, text: &str) {
        if self.overflowed {
            return;
        }
        let set = self.by_origin.entry(origin.clone()).or_default();
        for g in grams(text) {
            if self.held >= MAX_GRAMS {
                self.overflowed = true;
                return;
            }
            if set.insert(g) {
                self.held += 1;
            }
        }
    }

    /// Where `value`, written into a page on `page`, came from when it carries text of another
    /// origin: fingerprints learned there (and neither on `page` nor in the user's words) cover
    /// at least half of its letters and digits.
    pub fn foreign(&self, value: &str, page: &Origin) -> Option<Foreign> {
        let value_grams: Vec<u64> = grams(value).collect();
        if value_grams.is_empty() {
            return None;
        }
        let own = self.by_origin.get(page);
        let outside: Vec<Option<u64>> = value_grams
            .iter()
            .map(|g| (!self.user.contains(g) && !own.is_some_and(|s| s.contains(g))).then_some(*g))
            .collect();
        let chars = value_grams.len() + GRAM - 1;
        let enough = |covered: usize| covered * 2 >= chars;
        let best = self
            .by_origin
            .iter()
            .filter(|(o, _)| *o != page)
            .map(|(o, set)| (o, covered(&outside, |g| set.contains(&g))))
            .max_by(|a, b| {
                a.1.cmp(&b.1)
                    .then_with(|| b.0.to_string().cmp(&a.0.to_string()))
            });
        match best {
            Some((origin, n)) if enough(n) => Some(Foreign::From(origin.clone())),
            _ if self.overflowed && enough(covered(&outside, |_| true)) => Some(Foreign::Unknown),
            _ => None,
        }
    }
}

/// How many letters and digits the fingerprints at their positions in `grams` cover, counting
/// those `found` knows (`None`: not to be counted).
fn covered(grams: &[Option<u64>], found: impl Fn(u64) -> bool) -> usize {
    let mut total = 0;
    let mut until = 0;
    for (i, g) in grams.iter().enumerate() {
        if g.is_some_and(&found) {
            let start = i.max(until);
            let end = i + GRAM;
            total += end - start;
            until = end;
        }
    }
    total
}

/// The fingerprints of `text`: every run of [`GRAM`] letters and digits, lower-cased, with
/// everything else left out ("12345-678" and "12345 678" have the same ones).
fn grams(text: &str) -> impl Iterator<Item = u64> + '_ {
    let mut window: [char; GRAM] = ['\0'; GRAM];
    let mut seen = 0usize;
    text.chars()
        .filter(|c| fold::is_word_char(*c))
        .map(fold::lower)
        .filter_map(move |c| {
            window.rotate_left(1);
            window[GRAM - 1] = c;
            seen += 1;
            (seen >= GRAM).then(|| hash(&window))
        })
}

/// FNV-1a over the window's characters.
fn hash(window: &[char; GRAM]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for c in window {
        for b in (*c as u32).to_le_bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    fn origin(s: &str) -> Origin {
        Origin::of(s).unwrap()
    }

    #[test]
    fn text_from_another_tab_is_foreign_on_the_page() {
        let bank = origin("https://bank.example");
        let forum = origin("https://forum.example");
        let mut p = Provenance::default();
        p.learn_user("Search the forum for my question");
        p.learn(
            &bank,
            "Balance 4,210.77 EUR. Account number 12345-678. IBAN DE44 5001",
        );
        p.learn(&forum, "Welcome to the forum. Search posts");
        assert_eq!(
            p.foreign("12345 678", &forum),
            Some(Foreign::From(bank.clone()))
        );
        assert_eq!(
            p.foreign("Account number 12345-678", &forum),
            Some(Foreign::From(bank.clone()))
        );
        // On its own page it flows nowhere.
        assert_eq!(p.foreign("12345-678", &bank), None);
        // The user's words and the page's own text are not foreign.
        assert_eq!(p.foreign("my question", &forum), None);
        assert_eq!(p.foreign("Welcome to the forum", &forum), None);
        // Short values carry nothing to recognize.
        assert_eq!(p.foreign("EUR", &forum), None);
        // Text nobody read anywhere is the model's own.
        assert_eq!(p.foreign("Ada Lovelace", &forum), None);
    }

    #[test]
    fn past_the_bound_unknown_text_is_asked_about() {
        let a = origin("https://a.example");
        let mut p = Provenance {
            held: MAX_GRAMS - 1,
            ..Provenance::default()
        };
        p.learn(&a, "abcdefghijkl");
        assert!(p.overflowed);
        assert_eq!(
            p.foreign("zyxwvutsrq", &origin("https://b.example")),
            Some(Foreign::Unknown)
        );
        assert_eq!(p.foreign("zyx", &origin("https://b.example")), None);
    }
}
