//! The one walk over the page that main-content extraction reads: the composed tree (open
//! shadow roots in place of their hosts' children, slotted nodes in their slots, same-origin
//! iframe documents in their frames) becomes a DOM-free [`Summary`]: per element its tag,
//! landmark role, id/class hints, `itemprop`, and whether it is rendered (`checkVisibility`),
//! with its text runs. Layout is only read (never written) during the walk, so it is computed
//! once. The walk keeps each node's element (for the boxes read after it, [`crate::boxes`])
//! and notes the interactive elements a snapshot lists, in the composed tree's order. The
//! summary's caps bound the walk; deciding what is content is `zo_core::page::reader`'s job.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, Node};
use zo_core::page::reader::summary::{Node as Item, NodeId, Role, Summary, Tag};
use zo_core::page::reader::Lead;

use crate::dict::Dict;
use crate::dom;
use crate::tree;

#[wasm_bindgen]
extern "C" {
    /// An element, for `checkVisibility` (bound here: no web-sys options dictionary).
    #[wasm_bindgen(extends = Element)]
    type Shown;

    #[wasm_bindgen(method, js_name = checkVisibility)]
    fn check_visibility(this: &Shown, options: &JsValue) -> bool;
}

impl Shown {
    fn of(el: &Element) -> &Shown {
        el.unchecked_ref()
    }
}

thread_local! {
    /// `checkVisibility`'s options: `visibility: hidden` counts as not shown.
    static VISIBILITY: JsValue = Dict::new().set("visibilityProperty", true).finish();
    static RARE: dom::Selector = dom::Selector::new(RARE_ATTRIBUTES);
}

/// Deepest iframe nesting walked into.
const MAX_FRAME_DEPTH: usize = 3;
/// Attributes most elements do not have, checked with one selector match.
const RARE_ATTRIBUTES: &str = "[role],[aria-hidden],[hidden],[itemprop],[rel],[contenteditable]";
/// Most interactive elements noted.
const MAX_INTERACTIVE: usize = 4_000;

/// The walk's result: the summary, each node's element (index = node id), and the nodes of
/// the elements matching `interactive`, in order.
pub struct Walked {
    pub summary: Summary,
    pub elements: Vec<Element>,
    pub interactive: Vec<NodeId>,
}
/// `Node.TEXT_NODE`.
const TEXT_NODE: u16 = 3;

/// Where the walk continues in one parent: the next sibling, or the rest of a slot's
/// assigned nodes.
enum Frame {
    Siblings(Option<Node>, NodeId, usize),
    List(js_sys::Array, u32, NodeId, usize),
}

/// The walk of `doc`'s body (an empty body when it has none), noting the elements that match
/// the selector `interactive`, if given.
pub fn of(doc: &Document, interactive: Option<&str>) -> Walked {
    let interactive = interactive.map(dom::Selector::new);
    let interactive = interactive.as_ref();
    let mut w = Walked {
        summary: Summary::new(Item::new(Tag::Body)),
        elements: Vec::new(),
        interactive: Vec::new(),
    };
    if let Some(body) = doc.body() {
        // A page that hides its whole body until its scripts run (an anti-flicker style) shows
        // nothing yet: its elements are then read as if shown.
        let check = visible(&body);
        w.elements.push(body.clone().into());
        walk(&mut w, &body, interactive, check);
    }
    w
}

/// The title, and the byline and publication date the page's metadata states.
pub fn lead(doc: &Document) -> Lead {
    let meta = |sel: &str| {
        tree::query(doc, sel)
            .ok()
            .flatten()
            .and_then(|m| m.get_attribute("content"))
            .map(|c| c.trim().to_string())
            .filter(|c| !c.is_empty() && c.len() <= 200 && !c.starts_with("http"))
    };
    Lead {
        title: doc.title(),
        byline: meta("meta[name=\"author\" i], meta[property=\"article:author\" i]"),
        date: meta(
            "meta[property=\"article:published_time\" i], meta[itemprop=\"datePublished\" i], \
             meta[name=\"date\" i]",
        )
        .map(|d| match d.get(..10) {
            Some(day) if d.as_bytes().get(4) == Some(&b'-') => day.to_string(),
            _ => d,
        }),
    }
}

/// Walks the children of `el` (its shown children) into the root.
fn walk(w: &mut Walked, el: &Element, interactive: Option<&dom::Selector>, check: bool) {
    let mut stack = vec![first_frame(el, false, Summary::ROOT, 0)];
    while let Some(frame) = stack.last_mut() {
        if w.summary.full() {
            return;
        }
        let (node, parent, frames) = match frame {
            Frame::Siblings(next, parent, frames) => match next.take() {
                Some(n) => {
                    *next = n.next_sibling();
                    (n, *parent, *frames)
                }
                None => {
                    stack.pop();
                    continue;
                }
            },
            Frame::List(list, i, parent, frames) => {
                if *i >= list.length() {
                    stack.pop();
                    continue;
                }
                let n: Node = list.get(*i).unchecked_into();
                *i += 1;
                (n, *parent, *frames)
            }
        };
        match node.node_type() {
            TEXT_NODE => {
                if let Some(t) = node.node_value() {
                    w.summary.push_text(parent, &t);
                }
            }
            dom::ELEMENT_NODE => {
                let el: Element = node.unchecked_into();
                let Some((item, next, maybe)) = describe(&el, check, interactive.is_some()) else {
                    continue;
                };
                // Below the depth cap, deeper content joins the deepest kept node.
                let tag = item.tag;
                let pushed = w.summary.push(parent, item);
                let id = pushed.unwrap_or(parent);
                if let (Some(id), Some(sel)) = (pushed, interactive) {
                    let maybe = maybe || matches!(tag, Tag::A | Tag::Control);
                    if maybe && w.interactive.len() < MAX_INTERACTIVE && sel.matches(&el) {
                        w.interactive.push(id);
                    }
                }
                match next {
                    Walk::Skip => {}
                    Walk::Frame => {
                        let body = frame_document(&el).and_then(|d| d.body());
                        if let Some(body) = body.filter(|_| frames < MAX_FRAME_DEPTH) {
                            stack.push(first_frame(&body, false, id, frames + 1));
                        }
                    }
                    Walk::Children => stack.push(first_frame(&el, false, id, frames)),
                    Walk::Slot => stack.push(first_frame(&el, true, id, frames)),
                }
                if pushed.is_some() {
                    w.elements.push(el);
                }
            }
            _ => {}
        }
    }
}

/// Where the walk of `el`'s shown children starts.
fn first_frame(el: &Element, slot: bool, parent: NodeId, frames: usize) -> Frame {
    if let Some(sr) = el.shadow_root() {
        return Frame::Siblings(sr.first_child(), parent, frames);
    }
    if slot {
        let assigned = tree::assigned_nodes(el);
        if assigned.length() > 0 {
            return Frame::List(assigned, 0, parent, frames);
        }
    }
    Frame::Siblings(el.first_child(), parent, frames)
}

/// A same-origin frame's document.
fn frame_document(el: &Element) -> Option<Document> {
    js_sys::Reflect::get(el, &"contentDocument".into())
        .ok()
        .filter(|d| d.is_object())
        .map(JsCast::unchecked_into)
}

/// What the walk does after an element's node.
enum Walk {
    Skip,
    Children,
    Slot,
    Frame,
}

/// The summary node of `el` (`all`: walk into `aria-hidden` subtrees too), what the walk
/// does next, and whether it may be interactive
/// beyond its tag (a role, `contenteditable`, `<summary>`); `None` for elements whose content
/// is never page text.
fn describe(el: &Element, check: bool, all: bool) -> Option<(Item, Walk, bool)> {
    let name = el.local_name();
    let tag = Tag::of(&name)?;
    // Frames hold a document of their own: walk them as a block.
    let frame = name == "iframe" || name == "frame";
    let tag = if frame { Tag::Block } else { tag };
    let mut item = Item::new(tag);
    let mut maybe = name == "summary";
    if el.has_attributes() {
        let mut hints = el.id();
        let class = el.class_name();
        if !class.is_empty() {
            hints.push(' ');
            hints.push_str(&class);
        }
        // One check for the rarer attributes, read one by one only when present.
        if RARE.with(|r| r.matches(el)) {
            maybe |= el.has_attribute("role") || el.has_attribute("contenteditable");
            for name in ["itemprop", "rel"] {
                if let Some(v) = el.get_attribute(name) {
                    hints.push(' ');
                    hints.push_str(&v);
                }
            }
            item.role = el.get_attribute("role").and_then(|r| Role::of(&r));
            item.flags.aria_hidden = el
                .get_attribute("aria-hidden")
                .is_some_and(|v| v.eq_ignore_ascii_case("true"));
            item.flags.hidden = el.has_attribute("hidden");
        }
        item.set_hints(&hints);
        item.flags.article_body = item.hints.contains("articlebody");
    }
    // Blocks only: inline text is shown or hidden with its block.
    if check && !item.flags.hidden && tag.is_block() && !visible(el) {
        item.flags.hidden = not_rendered(el);
    }
    // Text under `aria-hidden` is never page text, but its controls still take clicks: walked
    // when the interactive elements are noted (`all`).
    let walk = if item.flags.hidden || (item.flags.aria_hidden && !all) {
        Walk::Skip
    } else if frame {
        Walk::Frame
    } else if name == "slot" {
        Walk::Slot
    } else {
        Walk::Children
    };
    Some((item, walk, maybe))
}

/// `checkVisibility`, with `visibility: hidden` counting as not shown.
fn visible(el: &Element) -> bool {
    VISIBILITY.with(|v| Shown::of(el).check_visibility(v))
}

/// Whether an element `checkVisibility` calls invisible is hidden by its own style (as
/// opposed to having no box of its own: a `display: contents` wrapper, or an element
/// `checkVisibility` does not lay out, such as MathML's).
fn not_rendered(el: &Element) -> bool {
    let Ok(win) = dom::owner_window(el) else {
        return true;
    };
    let Ok(Some(style)) = win.get_computed_style(el) else {
        return true;
    };
    style.get_property_value("display").unwrap_or_default() == "none"
        || matches!(
            style
                .get_property_value("visibility")
                .unwrap_or_default()
                .as_str(),
            "hidden" | "collapse"
        )
}
