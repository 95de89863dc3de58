//! Unique CSS selectors for elements, preferring anchors that survive a reload or a re-render: the
//! id (unless it looks generated: `zo_core::page::looks_generated`), a test id, `name`,
//! `aria-label`, the role with what names it (`title`, `placeholder`, `alt`; a link's `href`); then
//! one of those under the nearest ancestor that has a stable unique anchor (`[data-testid="cart"]
//! button`); a structural `>` path with `:nth-of-type` (from that ancestor) only as the last
//! resort. A candidate is only returned after checking it resolves, through the same lookup actions
//! use, to exactly this element and matches nothing else in any searched root. Inside a shadow root
//! or iframe whose elements no plain selector singles out, `HOST >>> INNER` is used (see `locate`).

use wasm_bindgen::prelude::*;
use web_sys::Element;
use zo_core::page::{looks_generated, quote_string};

use crate::dom;
use crate::locate::{self, Root, PIERCE};
use crate::uniqueness::{Check, Key};

#[wasm_bindgen]
extern "C" {
    /// The browser's `CSS.escape()`: the algorithm `zo_core::page::escape_ident` implements,
    /// without its code in the module.
    #[wasm_bindgen(js_namespace = CSS, js_name = escape)]
    pub fn escape_ident(ident: &str) -> String;
}

/// `prefix[name="value"]`, the attribute test as `zo_core::page::attribute_equals` writes it
/// (`name` needs no escaping: it is one of ours).
fn with_attr(prefix: &str, name: &str, value: &str) -> String {
    let mut s = String::from(prefix);
    s.push('[');
    s.push_str(name);
    s.push('=');
    s.push_str(&quote_string(value));
    s.push(']');
    s
}

/// Attributes that name an element for tests, most common first.
const TEST_ID_ATTRS: [&str; 5] = [
    "data-testid",
    "data-test-id",
    "data-test",
    "data-qa",
    "data-cy",
];

/// Attributes an element needs for [`anchors`] to give it any (checked with one `matches`).
const ANCHORED: &str = "[id],[data-testid],[data-test-id],[data-test],[data-qa],[data-cy],[name],\
    [aria-label],[title],[placeholder],[alt],a[href]";

thread_local! {
    static ANCHORED_SEL: dom::Selector = dom::Selector::new(ANCHORED);
}

/// A selector that resolves to exactly `el` across `roots`, if one can be built.
pub fn unique_selector(el: &Element, roots: &[Root]) -> Option<String> {
    unique_with(el, &mut Check::new(roots))
}

/// [`unique_selector`] with the checks of several elements sharing what they read
/// (a snapshot's).
pub fn unique_with(el: &Element, check: &mut Check<'_>) -> Option<String> {
    if let Some(c) = in_tree(el, check) {
        return Some(c);
    }
    // Not unique page-wide: single it out inside its own shadow root or frame.
    let (own, host) = locate::own_root(el);
    let host_sel = unique_with(&host?, check)?;
    let own = [own];
    let inner = in_tree(el, &mut Check::new(&own))?;
    let full = format!("{host_sel} {PIERCE} {inner}");
    resolves_exactly(&full, el, check.roots()).then_some(full)
}

/// The best selector of `el` that is unique across the checked roots: its own stable
/// anchors, then one under a stable ancestor, then the structural path.
fn in_tree(el: &Element, check: &mut Check<'_>) -> Option<String> {
    let own = anchors(el);
    if let Some((c, _)) = own.iter().find(|(c, k)| check.unique(c, k, el)) {
        return Some(c.clone());
    }
    let anchor = stable_ancestor(el, check);
    if let Some((a_el, a)) = &anchor {
        let tag = escape_ident(&dom::tag(el));
        let typed = el
            .get_attribute("type")
            .map(|t| (with_attr(&tag, "type", &t), Key::Attr("type", t)));
        let bare = (tag.clone(), Key::Within(a_el.clone(), tag));
        // The element's own anchors keep their key: what matches `A c` matches `c`.
        let mut under = own;
        if let Some(typed) = typed {
            under.push(typed);
        }
        under.push(bare);
        for (c, key) in under {
            let full = format!("{a} {c}");
            if check.unique(&full, &key, el) {
                return Some(full);
            }
        }
    }
    let path = structural_path(el, anchor.as_ref());
    let key = if anchor.is_some() {
        Key::Path
    } else {
        Key::Any
    };
    check.unique(&path, &key, el).then_some(path)
}

/// The nearest ancestor (in `el`'s own tree) with an anchor unique across the roots.
fn stable_ancestor(el: &Element, check: &mut Check<'_>) -> Option<(Element, String)> {
    let mut cur = el.parent_element();
    while let Some(a) = cur {
        if ANCHORED_SEL.with(|s| s.matches(&a)) {
            for (c, k) in anchors(&a) {
                if check.unique(&c, &k, &a) {
                    return Some((a, c));
                }
            }
        }
        cur = a.parent_element();
    }
    None
}

/// Selectors from what names `el` stably, most stable first: a non-generated id, test ids,
/// `name`, `aria-label`, the role with its name, other naming attributes, a link's `href`;
/// each with the attribute value its subject requires.
fn anchors(el: &Element) -> Vec<(String, Key)> {
    let tag = escape_ident(&dom::tag(el));
    let attr = |n: &str| el.get_attribute(n).filter(|v| !v.trim().is_empty());
    let mut out = Vec::new();
    let id = el.id();
    if !looks_generated(&id) {
        // The browser finds ids by its own index.
        out.push((format!("#{}", escape_ident(&id)), Key::Any));
    }
    let key = |name: &'static str, v: &str| Key::Attr(name, v.to_string());
    for name in TEST_ID_ATTRS {
        if let Some(v) = attr(name) {
            out.push((with_attr("", name, &v), key(name, &v)));
            out.push((with_attr(&tag, name, &v), key(name, &v)));
        }
    }
    if let Some(v) = attr("name") {
        out.push((with_attr(&tag, "name", &v), key("name", &v)));
    }
    let role = attr("role").map(|r| with_attr(&tag, "role", &r));
    for name in ["aria-label", "title", "placeholder", "alt"] {
        if let Some(v) = attr(name) {
            out.push((with_attr(&tag, name, &v), key(name, &v)));
            if let Some(r) = &role {
                out.push((with_attr(r, name, &v), key(name, &v)));
            }
        }
    }
    if let (Some(v), "a") = (attr("href"), tag.as_str()) {
        out.push((with_attr("a", "href", &v), key("href", &v)));
    }
    out
}

/// True when `sel` finds `el` first and matches nothing else anywhere.
pub fn resolves_exactly(sel: &str, el: &Element, roots: &[Root]) -> bool {
    Check::new(roots).unique(sel, &Key::Any, el)
}

/// `ANCHOR > div:nth-of-type(2) > button`, from the stable ancestor (or the top of the
/// element's tree) down to `el`.
fn structural_path(el: &Element, anchor: Option<&(Element, String)>) -> String {
    let mut parts = Vec::new();
    let mut cur = Some(el.clone());
    while let Some(node) = cur {
        if let Some((_, sel)) = anchor.filter(|(a, _)| *a == node) {
            parts.push(sel.clone());
            break;
        }
        parts.push(step(&node));
        cur = node.parent_element();
    }
    parts.reverse();
    dom::join(&parts, " > ")
}

/// `tag` or `tag:nth-of-type(k)` when siblings share the tag.
fn step(el: &Element) -> String {
    let name = dom::tag(el);
    let tag = escape_ident(&name);
    let Some(parent) = el.parent_node() else {
        return tag;
    };
    let children = parent.child_nodes();
    let (mut index, mut same) = (0, 0);
    for i in 0..children.length() {
        let Some(c) = children.item(i) else { continue };
        if c.node_type() != dom::ELEMENT_NODE {
            continue;
        }
        let ce: &Element = wasm_bindgen::JsCast::unchecked_ref(&c);
        if dom::tag(ce) == name {
            same += 1;
            if ce == el {
                index = same;
            }
        }
    }
    if same > 1 {
        format!("{tag}:nth-of-type({index})")
    } else {
        tag
    }
}
