//! References across blocks. A link reference definition (`[label]: url`) or a footnote
//! definition (`[^label]: text`) changes how every block that mentions its label renders,
//! before or after it. The stream renders blocks one range at a time, so it keeps the
//! definitions itself: those of finished blocks (final: the first definition of a label wins)
//! and those of the open tail as of its last rendering (they may still change).

use std::collections::{HashMap, HashSet};

use unicase::UniCase;

/// A link or footnote label, compared as CommonMark matches labels (Unicode case folding;
/// the parser has already collapsed whitespace runs).
pub(crate) type Label = UniCase<String>;

pub(crate) fn label(text: &str) -> Label {
    UniCase::new(text.to_string())
}

/// Where a link reference definition points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LinkTarget {
    pub(crate) dest: String,
    pub(crate) title: String,
}

/// A label a block refers to: a link reference or a footnote reference.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum Key {
    Link(Label),
    Note(Label),
}

/// What a key resolves to at one moment (compared to find the blocks to render again).
#[derive(Debug, Clone, PartialEq, Eq)]
enum Resolution {
    Link(Option<LinkTarget>),
    Note(bool),
}

/// The definitions the renderer knows.
#[derive(Debug, Default, Clone)]
pub(crate) struct Definitions {
    links: HashMap<Label, LinkTarget>,
    notes: HashSet<Label>,
    tail_links: HashMap<Label, LinkTarget>,
    tail_notes: HashSet<Label>,
}

impl Definitions {
    /// The target of a finished definition of `label`.
    pub(crate) fn finished_link(&self, label: &Label) -> Option<&LinkTarget> {
        self.links.get(label)
    }

    /// The target a reference to `label` has now (finished definitions first).
    pub(crate) fn link(&self, label: &Label) -> Option<&LinkTarget> {
        self.links.get(label).or_else(|| self.tail_links.get(label))
    }

    pub(crate) fn finished_note(&self, label: &Label) -> bool {
        self.notes.contains(label)
    }

    /// Whether a footnote `label` is defined now.
    pub(crate) fn note(&self, label: &Label) -> bool {
        self.notes.contains(label) || self.tail_notes.contains(label)
    }

    /// Whether `key` is resolved by a finished definition: its rendering cannot change.
    pub(crate) fn is_final(&self, key: &Key) -> bool {
        match key {
            Key::Link(l) => self.links.contains_key(l),
            Key::Note(l) => self.notes.contains(l),
        }
    }

    fn resolution(&self, key: &Key) -> Resolution {
        match key {
            Key::Link(l) => Resolution::Link(self.link(l).cloned()),
            Key::Note(l) => Resolution::Note(self.note(l)),
        }
    }

    /// Records the definitions of newly finished blocks (a label already defined keeps its
    /// first definition) and replaces those of the open tail. Returns the keys that now
    /// resolve differently.
    pub(crate) fn update(
        &mut self,
        finished_links: Vec<(Label, LinkTarget)>,
        finished_notes: Vec<Label>,
        tail_links: HashMap<Label, LinkTarget>,
        tail_notes: HashSet<Label>,
    ) -> Vec<Key> {
        // The labels whose resolution may change (a label may come twice: harmless).
        let mut before: Vec<(Key, Resolution)> = Vec::new();
        let links = self.tail_links.keys().chain(tail_links.keys());
        for l in links.chain(finished_links.iter().map(|(l, _)| l)) {
            let key = Key::Link(l.clone());
            before.push((key.clone(), self.resolution(&key)));
        }
        for l in self
            .tail_notes
            .iter()
            .chain(&tail_notes)
            .chain(&finished_notes)
        {
            let key = Key::Note(l.clone());
            before.push((key.clone(), self.resolution(&key)));
        }
        for (label, target) in finished_links {
            self.links.entry(label).or_insert(target);
        }
        self.notes.extend(finished_notes);
        self.tail_links = tail_links;
        self.tail_notes = tail_notes;
        before
            .into_iter()
            .filter(|(k, r)| self.resolution(k) != *r)
            .map(|(k, _)| k)
            .collect()
    }
}

/// Longest label CommonMark allows, in characters.
const MAX_LABEL: usize = 999;

/// The labels of everything in `src` shaped like a footnote reference (`[^label]`), defined
/// or not, as the parser would read them. Linear: a label never contains `[`, so the scans
/// of two candidates never overlap.
pub(crate) fn note_labels(src: &str) -> Vec<String> {
    let bytes = src.as_bytes();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(pos) = memchr::memmem::find(&bytes[from..], b"[^") {
        let start = from + pos + 2;
        let mut i = start;
        let mut breaks = 0;
        let end = loop {
            match bytes.get(i) {
                None | Some(b'[') => break None,
                Some(b']') => break Some(i),
                Some(b'\\') if bytes.get(i + 1).is_some_and(u8::is_ascii_punctuation) => i += 2,
                Some(b'\n') if breaks == 0 => {
                    breaks += 1;
                    i += 1;
                }
                Some(b'\n') => break None,
                Some(_) => i += 1,
            }
            if i - start > 4 * MAX_LABEL {
                break None;
            }
        };
        from = start;
        if let Some(end) = end {
            let text: Vec<&str> = src[start..end].split_ascii_whitespace().collect();
            if !text.is_empty() {
                out.push(text.join(" "));
            }
            from = end;
        }
    }
    out
}
