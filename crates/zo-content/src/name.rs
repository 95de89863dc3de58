//! Accessible names over the composed tree, for snapshot labels and the facts an action is
//! checked on. Which source names an element, in which order, is `zo_core::page::accessible_name`;
//! this walks the DOM for each: aria-labelledby (in the element's own tree), aria-label, the
//! `<label>`s of a form control, `alt`, a submit button's value, the content as rendered (a
//! host's shadow tree, what is slotted into it, a slot's fallback; hidden parts skipped,
//! blocks kept apart), title, placeholder.
//!
//! What a form control holds is never part of a name (a field inside a label, say): a secret
//! field's value must not reach a label.

use wasm_bindgen::JsCast;
use web_sys::{Element, Node, Window};
use zo_core::page::accessible_name::{
    choose, default_button_label, explicit_role, implicit_role, sources, FlatText, Source,
};

use crate::composed;
use crate::dom;
use crate::tree;

/// Longest name computed, in characters (snapshot labels are cut shorter).
const MAX_CHARS: usize = 400;
/// At most this many nodes are visited for one name.
const MAX_NODES: usize = 2_000;

/// `Node.TEXT_NODE`.
const TEXT_NODE: u16 = 3;

/// The accessible name of `el`.
pub fn of(el: &Element) -> String {
    let mut walk = Walk::new(el);
    let (tag, input_type) = kind(el);
    let role = role(el, &tag, input_type.as_deref());
    choose(role.as_deref(), false, |source| match source {
        Source::Content => Some(walk.content(el)),
        other => walk.attribute_source(el, other, &tag, input_type.as_deref()),
    })
}

/// The text `el` shows over the composed tree (hidden parts left out), whatever its role.
pub fn content(el: &Element) -> String {
    Walk::new(el).content(el)
}

/// Lower-case tag, and the type of an `<input>`.
fn kind(el: &Element) -> (String, Option<String>) {
    let tag = dom::tag(el);
    let input_type = (tag == "input").then(|| dom::input_type(el));
    (tag, input_type)
}

fn role(el: &Element, tag: &str, input_type: Option<&str>) -> Option<String> {
    el.get_attribute("role")
        .and_then(|r| explicit_role(&r))
        .or_else(|| implicit_role(tag, input_type, el.has_attribute("href")).map(str::to_string))
}

/// A control whose value would stand for it inside another's name.
fn holds_value(tag: &str, input_type: Option<&str>, role: Option<&str>) -> bool {
    matches!(tag, "select" | "textarea")
        || (tag == "input"
            && !matches!(
                input_type,
                Some("button" | "submit" | "reset" | "image" | "checkbox" | "radio")
            ))
        || matches!(
            role,
            Some("textbox" | "searchbox" | "combobox" | "listbox" | "slider" | "spinbutton")
        )
}

/// One name computation: the element named (skipped when met inside its own label) and a cap
/// on the nodes visited.
struct Walk {
    root: Element,
    win: Option<Window>,
    nodes: usize,
}

impl Walk {
    fn new(el: &Element) -> Walk {
        Walk {
            root: el.clone(),
            win: dom::owner_window(el).ok(),
            nodes: 0,
        }
    }

    fn content(&mut self, el: &Element) -> String {
        let mut text = FlatText::new(MAX_CHARS);
        self.children(el, &mut text);
        text.finish()
    }

    /// A source other than the content, as text.
    fn attribute_source(
        &mut self,
        el: &Element,
        source: Source,
        tag: &str,
        input_type: Option<&str>,
    ) -> Option<String> {
        match source {
            Source::LabelledBy => self.labelled_by(el),
            Source::AriaLabel => el.get_attribute("aria-label"),
            Source::Native => self.native(el, tag, input_type),
            Source::Title => el.get_attribute("title"),
            Source::Placeholder => el.get_attribute("placeholder"),
            Source::Content => None,
        }
    }

    /// The elements aria-labelledby names (in `el`'s own tree), each walked as a name part.
    fn labelled_by(&mut self, el: &Element) -> Option<String> {
        let ids = el.get_attribute("aria-labelledby")?;
        let root = el.get_root_node();
        let mut text = FlatText::new(MAX_CHARS);
        for id in ids.split_ascii_whitespace() {
            let sel = format!("#{}", crate::selector::escape_ident(id));
            if let Ok(Some(named)) = tree::query(&root, &sel) {
                text.boundary();
                self.part(&named, &mut text);
            }
        }
        Some(text.finish())
    }

    /// What the host language names `el` by.
    fn native(&mut self, el: &Element, tag: &str, input_type: Option<&str>) -> Option<String> {
        let mut text = FlatText::new(MAX_CHARS);
        if let Ok(labels) = js_sys::Reflect::get(el, &"labels".into()) {
            if labels.is_object() {
                let list: &web_sys::NodeList = labels.unchecked_ref();
                for i in 0..list.length() {
                    if let Some(label) = list.item(i) {
                        text.boundary();
                        self.part(label.unchecked_ref(), &mut text);
                    }
                }
            }
        }
        if !text.is_empty() {
            return Some(text.finish());
        }
        match (tag, input_type) {
            ("input", Some("image")) | ("img" | "area", _) => el.get_attribute("alt"),
            ("input", Some(ty @ ("button" | "submit" | "reset"))) => el
                .get_attribute("value")
                .or_else(|| default_button_label(ty).map(str::to_string)),
            _ => None,
        }
    }

    /// `el` walked as part of another element's name: its first source with text, the
    /// content written straight into `text` (so inline parts join as rendered).
    fn part(&mut self, el: &Element, text: &mut FlatText) {
        let (tag, input_type) = kind(el);
        let role = role(el, &tag, input_type.as_deref());
        if holds_value(&tag, input_type.as_deref(), role.as_deref()) {
            return;
        }
        for source in sources(role.as_deref(), true) {
            if source == Source::Content {
                let before = text.len();
                self.children(el, text);
                if text.len() > before {
                    return;
                }
                continue;
            }
            let found = self.attribute_source(el, source, &tag, input_type.as_deref());
            if let Some(t) = found.filter(|t| !t.trim().is_empty()) {
                text.boundary();
                text.push(&t);
                text.boundary();
                return;
            }
        }
    }

    /// The children of `node` as rendered, into `text`.
    fn children(&mut self, node: &Node, text: &mut FlatText) {
        for child in composed::children(node) {
            if text.full() || self.nodes >= MAX_NODES {
                return;
            }
            self.nodes += 1;
            match child.node_type() {
                TEXT_NODE => text.push(&child.text_content().unwrap_or_default()),
                dom::ELEMENT_NODE => {
                    let el: &Element = child.unchecked_ref();
                    if *el == self.root {
                        continue;
                    }
                    let Some(block) = self.shown(el) else {
                        continue;
                    };
                    if block {
                        text.boundary();
                    }
                    self.part(el, text);
                    if block {
                        text.boundary();
                    }
                }
                _ => {}
            }
        }
    }

    /// Whether `el` is rendered as a block (its text kept apart from its neighbours'), or
    /// `None` when it is hidden (not rendered, invisible, or aria-hidden).
    fn shown(&self, el: &Element) -> Option<bool> {
        let tag = dom::tag(el);
        if matches!(tag.as_str(), "script" | "style" | "template" | "noscript")
            || el
                .get_attribute("aria-hidden")
                .is_some_and(|v| v.eq_ignore_ascii_case("true"))
        {
            return None;
        }
        if tag == "br" {
            return Some(true);
        }
        let style = self
            .win
            .as_ref()
            .and_then(|w| w.get_computed_style(el).ok().flatten());
        let Some(style) = style else {
            return Some(false);
        };
        let prop = |p: &str| style.get_property_value(p).unwrap_or_default();
        let display = prop("display");
        let visibility = prop("visibility");
        if display == "none" || visibility == "hidden" || visibility == "collapse" {
            return None;
        }
        Some(!(display.starts_with("inline") || display == "contents"))
    }
}
