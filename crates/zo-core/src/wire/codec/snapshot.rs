//! The page snapshot of a `SNAPSHOT_RESULT` without serde: read (by the worker) and written
//! (by the content module), field for field as serde does (held to it by the codec tests).

use crate::wire::json::fields::{boolean, list, name, string, uint32, Fields};
use crate::wire::json::{Json, Node, Obj, WireError, WireName};
use crate::wire::snapshot::{OmittedLinks, PageSnapshot, SnapshotElement};

pub fn read(node: &Node) -> Result<PageSnapshot, WireError> {
    let f = Fields::of(
        node,
        &[
            "url",
            "title",
            "text",
            "textTruncated",
            "textKind",
            "elements",
            "omitted",
        ],
    )?;
    Ok(PageSnapshot {
        url: f.req("url", string)?,
        title: f.req("title", string)?,
        text: f.req("text", string)?,
        text_truncated: f.or_default("textTruncated", boolean)?,
        text_kind: f.or_default("textKind", name)?,
        elements: f.req("elements", |n| list(n, read_element))?,
        omitted: f.or_default("omitted", |n| list(n, read_omitted))?,
    })
}

fn read_element(node: &Node) -> Result<SnapshotElement, WireError> {
    let f = Fields::of(
        node,
        &[
            "selector",
            "tag",
            "role",
            "inputType",
            "label",
            "value",
            "secret",
            "disabled",
        ],
    )?;
    Ok(SnapshotElement {
        selector: f.req("selector", string)?,
        tag: f.req("tag", string)?,
        role: f.opt("role", string)?,
        input_type: f.opt("inputType", string)?,
        label: f.or_default("label", string)?,
        value: f.opt("value", string)?,
        secret: f.opt("secret", name)?,
        disabled: f.or_default("disabled", boolean)?,
    })
}

pub fn write(s: &PageSnapshot) -> Json {
    let elements = Json::array(s.elements.iter().map(|e| {
        let obj = Obj::new()
            .str("selector", &e.selector)
            .str("tag", &e.tag)
            .opt_str("role", e.role.as_deref())
            .opt_str("inputType", e.input_type.as_deref())
            .str("label", &e.label)
            .opt_str("value", e.value.as_deref())
            .opt_str("secret", e.secret.map(WireName::wire_name));
        if e.disabled {
            obj.bool("disabled", true).done()
        } else {
            obj.done()
        }
    }));
    let obj = Obj::new()
        .str("url", &s.url)
        .str("title", &s.title)
        .str("text", &s.text)
        .bool("textTruncated", s.text_truncated)
        .str("textKind", s.text_kind.wire_name())
        .json("elements", &elements);
    if s.omitted.is_empty() {
        return obj.done();
    }
    let omitted = Json::array(s.omitted.iter().map(|o| {
        Obj::new()
            .uint("after", u64::from(o.after))
            .uint("count", u64::from(o.count))
            .str("region", o.region.wire_name())
            .str("selector", &o.selector)
            .done()
    }));
    obj.json("omitted", &omitted).done()
}

fn read_omitted(node: &Node) -> Result<OmittedLinks, WireError> {
    let f = Fields::of(node, &["after", "count", "region", "selector"])?;
    Ok(OmittedLinks {
        after: f.req("after", uint32)?,
        count: f.req("count", uint32)?,
        region: f.req("region", name)?,
        selector: f.or_default("selector", string)?,
    })
}
