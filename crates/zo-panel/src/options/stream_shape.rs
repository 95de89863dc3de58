//! The options page's details view of the stream-shape record (kept by the worker; read by
//! `zo_core::stream::shape_view`): which Zo event types arrived and how often, each with its field names,
//! and whether anything did not fit the known format. Names only, never values.

use web_sys::{Document, Element};
use zo_core::stream::ShapeView;

use crate::dom::{append, clear, el, set_attr, text_el, DomResult};

/// The folded view of the "Diagnostics" section; its body is filled by [`show`].
pub fn build(doc: &Document) -> DomResult<(Element, Element)> {
    let details = el(doc, "details", "stream-shape")?;
    set_attr(&details, "id", "stream-shape")?;
    append(
        &details,
        &text_el(doc, "summary", "", "Zo's stream format as received")?,
    )?;
    append(
        &details,
        &text_el(
            doc,
            "p",
            "help",
            "Which Zo event types and field names this browser received (names only, never what they said), so a change in Zo's format shows here.",
        )?,
    )?;
    let body = el(doc, "div", "stream-shape-body")?;
    append(&details, &body)?;
    Ok((details, body))
}

/// Shows `shape` in `body`.
pub fn show(doc: &Document, body: &Element, shape: &ShapeView) -> DomResult<()> {
    clear(body);
    if shape.streams == 0 {
        return append(
            body,
            &text_el(
                doc,
                "p",
                "help",
                "Nothing recorded yet: ask Zo something first.",
            )?,
        );
    }
    let noun = if shape.streams == 1 {
        "stream"
    } else {
        "streams"
    };
    append(
        body,
        &text_el(
            doc,
            "p",
            "shape-summary",
            &format!("Over {} {noun}: {}", shape.streams, shape.oddities),
        )?,
    )?;
    let table = el(doc, "table", "shape-table")?;
    let head = el(doc, "tr", "")?;
    for h in ["Event", "Count", "Fields"] {
        append(&head, &text_el(doc, "th", "", h)?)?;
    }
    append(&table, &head)?;
    for row in &shape.rows {
        let tr = el(doc, "tr", "")?;
        append(&tr, &text_el(doc, "td", "shape-event", &row.event)?)?;
        append(
            &tr,
            &text_el(doc, "td", "shape-count", &row.count.to_string())?,
        )?;
        append(&tr, &text_el(doc, "td", "shape-fields", &row.fields)?)?;
        append(&table, &tr)?;
    }
    append(body, &table)
}
