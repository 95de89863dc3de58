//! Whether a selector singles out exactly one element across the searched roots, checked
//! without running it over the whole page for each candidate. The candidate must match the
//! element (`matches`) in a root that is searched; then only the elements that could also
//! match are tried, by what the candidate's subject requires ([`Key`]): those carrying its
//! attribute value (every element with the attribute, read once per root and attribute into
//! a sorted list, values compared ASCII case-insensitively and confirmed by `matches`), or
//! those inside the unique ancestor it is scoped to (the first there must be the element);
//! a child path down from a unique ancestor is unique when it matches. Other selectors are
//! run in every root, as actions look them up ([`crate::locate`]).

use web_sys::Element;

use crate::dom;
use crate::locate::{count_in, query_in, Root};

/// Most elements listed for one attribute in one root; past it, the selector is run instead.
const MAX_LISTED: usize = 20_000;

/// What an element must have to match a candidate, besides matching it.
pub enum Key {
    /// The attribute with this value (the candidate's subject tests it with `=`).
    Attr(&'static str, String),
    /// Being matched by the selector inside this element, whose own anchor is unique: the
    /// candidate is `ANCHOR INNER`, INNER one compound.
    Within(Element, String),
    /// Nothing: the candidate is `ANCHOR > STEP > ...` down from an ancestor whose anchor
    /// is unique, each step singling out one child (by `:nth-of-type` or as the only child
    /// of its tag), so what matches it is the one element at the end of that path.
    Path,
    /// Nothing known: the selector is run in every root.
    Any,
}

/// One attribute's values in one root, sorted, with their elements.
struct Listed {
    root: usize,
    attr: &'static str,
    /// `None` when the root has more than [`MAX_LISTED`] such elements.
    values: Option<Vec<(String, Element)>>,
}

/// The checks of one set of roots, with the attribute lists read so far.
pub struct Check<'r> {
    roots: &'r [Root],
    listed: Vec<Listed>,
}

impl<'r> Check<'r> {
    pub fn new(roots: &'r [Root]) -> Check<'r> {
        Check {
            roots,
            listed: Vec::new(),
        }
    }

    pub fn roots(&self) -> &'r [Root] {
        self.roots
    }

    /// True when `sel` matches `el` and nothing else in any root (so lookups find `el`).
    pub fn unique(&mut self, sel: &str, key: &Key, el: &Element) -> bool {
        // Run as actions run it (also the `HOST >>> INNER` form, which no element matches).
        if let Key::Any = key {
            return self.run(sel, el);
        }
        let js = dom::Selector::new(sel);
        if !js.matches(el) || self.root_of(el).is_none() {
            return false;
        }
        match key {
            Key::Attr(attr, value) => match self.count_with(attr, value, &js) {
                Some(n) => n == 1,
                None => self.run(sel, el),
            },
            // The first match inside must be `el`, and the only one.
            Key::Within(scope, inner) => {
                matches!(crate::tree::query(scope, inner), Ok(Some(first)) if first == *el)
                    && crate::tree::query_all(scope, inner).is_ok_and(|l| l.length() == 1)
            }
            Key::Path | Key::Any => true,
        }
    }

    /// The selector run in every root: `el` found first and nothing else.
    fn run(&self, sel: &str, el: &Element) -> bool {
        matches!(query_in(self.roots, sel), Ok(Some(found)) if found == *el)
            && count_in(self.roots, sel) == 1
    }

    /// Which of the roots `el` is in.
    fn root_of(&self, el: &Element) -> Option<usize> {
        let node = el.get_root_node();
        self.roots.iter().position(|r| *r.node() == node)
    }

    /// How many elements with `attr` equal to `value` match `sel`, over all roots, counted up
    /// to 2; `None` when a root has too many elements with the attribute to list.
    fn count_with(
        &mut self,
        attr: &'static str,
        value: &str,
        sel: &dom::Selector,
    ) -> Option<usize> {
        let key = value.to_ascii_lowercase();
        let mut n = 0;
        for root in 0..self.roots.len() {
            let at = match self
                .listed
                .iter()
                .position(|l| l.root == root && l.attr == attr)
            {
                Some(at) => at,
                None => {
                    self.listed.push(self.list(root, attr));
                    self.listed.len() - 1
                }
            };
            let values = self.listed.get(at)?.values.as_ref()?;
            let start = values.partition_point(|(v, _)| *v < key);
            n += values
                .get(start..)
                .unwrap_or_default()
                .iter()
                .take_while(|(v, _)| *v == key)
                .filter(|(_, e)| sel.matches(e))
                .take(2 - n.min(2))
                .count();
            if n >= 2 {
                break;
            }
        }
        Some(n)
    }

    /// The elements of one root carrying `attr`, by lower-cased value.
    fn list(&self, root: usize, attr: &'static str) -> Listed {
        let all = self
            .roots
            .get(root)
            .and_then(|r| r.query_all(&format!("[{attr}]")).ok())
            .unwrap_or_default();
        let values = (all.len() <= MAX_LISTED).then(|| {
            let mut v: Vec<(String, Element)> = all
                .into_iter()
                .map(|e| {
                    let value = e.get_attribute(attr).unwrap_or_default();
                    (value.to_ascii_lowercase(), e)
                })
                .collect();
            // Unstable: which of the elements with equal values comes first does not change
            // a count of them (`count_with`), and its code is smaller than a stable sort's.
            v.sort_unstable_by(|a, b| a.0.cmp(&b.0));
            v
        });
        Listed { root, attr, values }
    }
}
