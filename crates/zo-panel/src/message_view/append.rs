//! Re-rendering the open Markdown block in place. Most deltas only add text at the end of
//! the block's HTML (`<p>Hello</p>` -> `<p>Hello wor</p>`); then the text is appended to the
//! block's last text node, which gives the same DOM as parsing the new HTML but does not
//! re-parse the block, re-create its nodes and recompute their style on every delta, and a
//! selection inside the block survives. Any other change replaces the block's HTML.

use wasm_bindgen::JsCast;
use web_sys::{CharacterData, Element, Node};

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

/// Appends the text that `new` adds to `old` in the DOM, when that is all it adds.
fn append_text(block: &Element, old: &str, new: &str) -> Option<()> {
    let tail = closing_tail(old);
    let head = &old[..old.len() - tail.len()];
    let added = new.strip_prefix(head)?.strip_suffix(tail)?;
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

/// The run of closing tags that ends `html` (`"</li></ul>"` for `"<ul><li>a</li></ul>"`).
fn closing_tail(html: &str) -> &str {
    let mut start = html.len();
    while let Some(rest) = html[..start].strip_suffix('>') {
        let Some(open) = rest.rfind("</") else {
            break;
        };
        let name = &rest[open + 2..];
        if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric()) {
            break;
        }
        start = open;
    }
    &html[start..]
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
