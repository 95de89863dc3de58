//! Re-rendering the open Markdown block in place. Most deltas only add text at the end of
//! the block's HTML (`<p>Hello</p>` -> `<p>Hello wor</p>`); then the text is appended to the
//! block's last text node, which gives the same DOM as parsing the new HTML but does not
//! re-parse the block, re-create its nodes and recompute their style on every delta, and a
//! selection inside the block survives. Any other change replaces the block's HTML. An open
//! code block that zo-core extends without rendering it again ([`append`]) takes the same
//! path without comparing the HTML.

use wasm_bindgen::JsCast;
use web_sys::{CharacterData, Element, Node};
use zo_core::ui::markdown::closing_tags_start;

/// Elements whose text the HTML parser keeps in place (no foster parenting, no implied end
/// tags), so appending to them matches parsing the new HTML.
const TEXT_TAGS: [&str; 16] = [
    "P",
    "LI",
    "H1",
    "H2",
    "H3",
    "H4",
    "H5",
    "H6",
    "CODE",
    "TD",
    "TH",
    "STRONG",
    "EM",
    "DEL",
    "A",
    "BLOCKQUOTE",
];

/// Show `new` in `block`, which currently shows `old`.
pub fn update(block: &Element, old: &str, new: &str) {
    if old == new {
        return;
    }
    if append_text(block, old, new).is_none() {
        block.set_inner_html(new);
    }
}

/// `block` shows `html`, which gains `escaped` (escaped text) before its closing tags:
/// append the text in place, else show the new HTML. `html` becomes the new HTML.
pub fn append(block: &Element, html: &mut String, escaped: &str) {
    let at = closing_tags_start(html);
    let in_place = insert(block, &html[..at], &html[at..], escaped).is_some();
    html.insert_str(at, escaped);
    if !in_place {
        block.set_inner_html(html);
    }
}

/// Appends the text that `new` adds to `old` in the DOM, when that is all it adds.
fn append_text(block: &Element, old: &str, new: &str) -> Option<()> {
    let (head, tail) = old.split_at(closing_tags_start(old));
    let added = new.strip_prefix(head)?.strip_suffix(tail)?;
    insert(block, head, tail, added)
}

/// Inserts the escaped text `added` between `head` and `tail` (a run of closing tags) of
/// the HTML `block` shows, in the DOM.
fn insert(block: &Element, head: &str, tail: &str, added: &str) -> Option<()> {
    let text = unescape(added)?;
    // The element the closing tags end, from the outermost; each must be its parent's last
    // child, as the HTML says.
    let mut target = block.clone();
    for name in tail.rsplit("</").filter(|s| !s.is_empty()) {
        let child: Element = target.last_child()?.dyn_into().ok()?;
        if !child
            .tag_name()
            .eq_ignore_ascii_case(name.strip_suffix('>')?)
        {
            return None;
        }
        target = child;
    }
    if !TEXT_TAGS.contains(&target.tag_name().as_str()) {
        return None;
    }
    let last = target.last_child();
    let last_text = last.filter(|n| n.node_type() == Node::TEXT_NODE);
    if head.ends_with('>') {
        // After a tag: a new text node (the parser would create one too).
        if last_text.is_some() {
            return None;
        }
        let node = target.owner_document()?.create_text_node(&text);
        target.append_child(&node).ok()?;
    } else {
        let node: CharacterData = last_text?.dyn_into().ok()?;
        node.append_data(&text).ok()?;
    }
    Some(())
}

/// The text of an HTML fragment without tags, decoding the entities the Markdown renderer
/// writes; None for anything else (tags, other entities, characters the parser rewrites).
fn unescape(html: &str) -> Option<String> {
    if html.contains(['<', '>', '\r', '\0']) {
        return None;
    }
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        rest = &rest[amp..];
        let (entity, c) = [
            ("&amp;", '&'),
            ("&lt;", '<'),
            ("&gt;", '>'),
            ("&quot;", '"'),
            ("&#39;", '\''),
        ]
        .into_iter()
        .find(|(e, _)| rest.starts_with(e))?;
        out.push(c);
        rest = &rest[entity.len()..];
    }
    out.push_str(rest);
    Some(out)
}
