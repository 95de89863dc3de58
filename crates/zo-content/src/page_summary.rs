//! The one walk over the page that main-content extraction reads: the composed tree (open
//! shadow roots in place of their hosts' children, slotted nodes in their slots, same-origin
//! iframe documents in their frames) becomes a DOM-free [`Summary`]: per element its tag,
//! landmark role, id/class hints, `itemprop`, and whether it is rendered, with its text runs.
//! Boxes are only read (never written) during the walk, so layout is computed once. The
//! summary's caps bound the walk; deciding what is content is `zo_core::page::reader`'s job.

use wasm_bindgen::JsCast;
use web_sys::{Document, Element, Node};
use zo_core::page::reader::summary::{Node as Item, NodeId, Role, Summary, Tag};
use zo_core::page::reader::Lead;

use crate::dom;
use crate::tree;

/// Deepest iframe nesting walked into.
const MAX_FRAME_DEPTH: usize = 3;
/// `Node.TEXT_NODE`.
const TEXT_NODE: u16 = 3;

/// Where the walk continues in one parent: the next sibling, or the rest of a slot's
/// assigned nodes.
enum Frame {
    Siblings(Option<Node>, NodeId, usize),
    List(js_sys::Array, u32, NodeId, usize),
}

/// The summary of `doc`'s body (an empty body when it has none).
pub fn of(doc: &Document) -> Summary {
    let mut summary = Summary::new(Item::new(Tag::Body));
    if let Some(body) = doc.body() {
        walk(&mut summary, &body, Summary::ROOT, 0);
    }
    summary
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

/// Walks the children of `el` (its shown children) into `parent`.
fn walk(summary: &mut Summary, el: &Element, parent: NodeId, frames: usize) {
    let mut stack = vec![first_frame(el, parent, frames)];
    while let Some(frame) = stack.last_mut() {
        if summary.full() {
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
                    summary.push_text(parent, &t);
                }
            }
            dom::ELEMENT_NODE => {
                let el: Element = node.unchecked_into();
                let Some((item, descend)) = describe(&el) else {
                    continue;
                };
                // Below the depth cap, deeper content joins the deepest kept node.
                let id = summary.push(parent, item).unwrap_or(parent);
                if !descend {
                    continue;
                }
                if let Some(doc) = frame_document(&el) {
                    if frames < MAX_FRAME_DEPTH {
                        if let Some(body) = doc.body() {
                            stack.push(first_frame(&body, id, frames + 1));
                        }
                    }
                    continue;
                }
                stack.push(first_frame(&el, id, frames));
            }
            _ => {}
        }
    }
}

/// Where the walk of `el`'s shown children starts.
fn first_frame(el: &Element, parent: NodeId, frames: usize) -> Frame {
    if let Some(sr) = el.shadow_root() {
        return Frame::Siblings(sr.first_child(), parent, frames);
    }
    if el.local_name() == "slot" {
        let assigned = tree::assigned_nodes(el);
        if assigned.length() > 0 {
            return Frame::List(assigned, 0, parent, frames);
        }
    }
    Frame::Siblings(el.first_child(), parent, frames)
}

/// A same-origin iframe's document.
fn frame_document(el: &Element) -> Option<Document> {
    let name = el.local_name();
    if name != "iframe" && name != "frame" {
        return None;
    }
    js_sys::Reflect::get(el, &"contentDocument".into())
        .ok()
        .filter(|d| d.is_object())
        .map(JsCast::unchecked_into)
}

/// The summary node of `el` and whether to walk into it; `None` for elements whose content
/// is never page text.
fn describe(el: &Element) -> Option<(Item, bool)> {
    let name = el.local_name();
    let tag = Tag::of(&name)?;
    // Frames hold a document of their own: walk them as a block.
    let tag = if name == "iframe" || name == "frame" {
        Tag::Block
    } else {
        tag
    };
    let mut item = Item::new(tag);
    if el.has_attributes() {
        let attr = |n: &str| el.get_attribute(n).unwrap_or_default();
        let mut hints = attr("id");
        for extra in [attr("class"), attr("itemprop"), attr("rel")] {
            if !extra.is_empty() {
                hints.push(' ');
                hints.push_str(&extra);
            }
        }
        item.set_hints(&hints);
        item.role = el.get_attribute("role").and_then(|r| Role::of(&r));
        item.flags.article_body = item.hints.contains("articlebody");
        item.flags.aria_hidden = el
            .get_attribute("aria-hidden")
            .is_some_and(|v| v.eq_ignore_ascii_case("true"));
        item.flags.hidden = el.has_attribute("hidden");
    }
    if !item.flags.hidden && !matches!(tag, Tag::Br | Tag::Img) {
        let html = dom::html(el);
        let (w, h) = (html.offset_width(), html.offset_height());
        if w == 0 && h == 0 {
            item.flags.hidden = not_rendered(el);
        } else if w <= 1 && h <= 1 {
            item.flags.off_screen = true;
        }
    }
    let descend = !item.flags.hidden && !item.flags.aria_hidden;
    Some((item, descend))
}

/// Whether an element with no box is not rendered at all (as opposed to a pass-through
/// `display: contents` wrapper or an empty one).
fn not_rendered(el: &Element) -> bool {
    let Ok(win) = dom::owner_window(el) else {
        return false;
    };
    let Ok(Some(style)) = win.get_computed_style(el) else {
        return false;
    };
    let display = style.get_property_value("display").unwrap_or_default();
    if display == "contents" {
        return false;
    }
    display == "none"
        || matches!(
            style
                .get_property_value("visibility")
                .unwrap_or_default()
                .as_str(),
            "hidden" | "collapse"
        )
}
