//! `normalize`: the lenient reading of the action entries a model wrote, turning every shape
//! seen in the wild into canonical [`Action`]s and dropping the rest with a reason.
//!
//! Accepted shapes for one entry (an object):
//! - type-first: `{"type":"click","selector":"#a"}`;
//! - key-first: exactly one key names an action: `{"extract":{"selector":"h1"}}`, or with a scalar
//!   argument filling the action's main field: `{"click":"#a"}` (click/fill/extract -> selector,
//!   navigate -> url, wait -> ms, done -> response, scroll -> direction); `null` means no argument;
//!   sibling keys are fields too (`{"fill":"#q","value":"x"}`), the argument object wins on a clash;
//! - the `action` variant: `{"action":"click","selector":"#a"}` or
//!   `{"action":"click","args":{"selector":"#a"}}` (a scalar `args` fills the main field), or
//!   `{"action":{...an entry...}}`.
//!
//! `args` is also honoured next to `type`. Field values are then read by
//! [`crate::answer::canonical::build`] in the [`Reading::Lenient`] reading: action names and directions
//! in any case, unknown fields ignored, `null` optional fields treated as absent. Everything else
//! (wrong types, forbidden urls, blank selectors, a wait above the bound, ...) drops the entry.

use std::borrow::Cow;

use crate::answer::canonical::{build, main_field, EntryError, NodeEntry, Reading};
use crate::wire::action::{Action, ActionKind};
use crate::wire::json::{parse, serde_float, Node, RawJson};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// An entry that did not become an action, with the reason (for diagnostics, never shown raw).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Dropped {
    pub entry: RawJson,
    pub reason: String,
}

/// The outcome of [`normalize`]: actions in entry order, and what was dropped.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Normalized {
    pub actions: Vec<Action>,
    pub dropped: Vec<Dropped>,
}

/// An object's members as read (a key named twice: the last one counts).
type Members<'a> = Vec<(Cow<'a, str>, Node<'a>)>;

/// Normalizes every entry of `serde_json` values (for native callers; the extension reads
/// answers with [`normalize_nodes`]).
pub fn normalize(entries: &[Value]) -> Normalized {
    match parse(&Value::Array(entries.to_vec()).to_string()) {
        Ok(Node::Arr(nodes)) => normalize_nodes(&nodes),
        _ => Normalized::default(),
    }
}

/// Normalizes every entry; each one ends up either in `actions` or in `dropped`.
pub(crate) fn normalize_nodes(entries: &[Node]) -> Normalized {
    let mut out = Normalized::default();
    for entry in entries {
        match read_entry(entry, true) {
            Ok(action) => out.actions.push(action),
            Err(e) => out.dropped.push(Dropped {
                entry: RawJson::of(entry),
                reason: e.to_string(),
            }),
        }
    }
    out
}

/// Normalizes one entry (see the module doc for the accepted shapes).
pub fn normalize_entry(entry: &Value) -> Result<Action, EntryError> {
    let text = entry.to_string();
    let node = parse(&text).map_err(|_| EntryError::NotObject)?;
    read_entry(&node, true)
}

fn read_entry(entry: &Node, may_unwrap: bool) -> Result<Action, EntryError> {
    let Node::Obj(obj) = entry else {
        return Err(EntryError::NotObject);
    };
    if let Some(t) = entry.get("type") {
        let kind = kind_named(t)?;
        let fields = with_args(kind, without(obj, &["type", "args"]), entry.get("args"))?;
        return lenient(kind, &fields);
    }
    if let Some(a) = entry.get("action") {
        return match a {
            Node::Str(_) => {
                let kind = kind_named(a)?;
                let fields = with_args(kind, without(obj, &["action", "args"]), entry.get("args"))?;
                lenient(kind, &fields)
            }
            Node::Obj(_) if may_unwrap => read_entry(a, false),
            _ => Err(EntryError::BadActionField),
        };
    }
    // Each distinct key once, as an object map holds them.
    let mut named: Vec<(&str, ActionKind)> = Vec::new();
    for (k, _) in obj {
        if let Some(kind) = ActionKind::parse(k) {
            if !named.iter().any(|(seen, _)| *seen == k.as_ref()) {
                named.push((k, kind));
            }
        }
    }
    match named.as_slice() {
        [] => Err(EntryError::NoActionKey),
        [(key, kind)] => {
            let fields = with_args(*kind, without(obj, &[key]), entry.get(key))?;
            lenient(*kind, &fields)
        }
        several => {
            // Named in key order, as a JSON object map lists them.
            let mut keys: Vec<&str> = several.iter().map(|(k, _)| *k).collect();
            sort_keys(&mut keys);
            Err(EntryError::SeveralActionKeys(keys.join(", ")))
        }
    }
}

/// Sorts a few keys by insertion (the standard library's sort would add kilobytes to the
/// worker's wasm for a list of at most seven).
fn sort_keys(keys: &mut [&str]) {
    for i in 1..keys.len() {
        let mut j = i;
        while j > 0 && keys[j - 1] > keys[j] {
            keys.swap(j - 1, j);
            j -= 1;
        }
    }
}

fn lenient(kind: ActionKind, fields: &Members) -> Result<Action, EntryError> {
    build(
        kind,
        &NodeEntry {
            members: fields,
            parse_float: serde_float,
        },
        Reading::Lenient,
    )
}

fn kind_named(v: &Node) -> Result<ActionKind, EntryError> {
    match v {
        Node::Str(name) => {
            ActionKind::parse(name).ok_or_else(|| EntryError::UnknownKind(name.to_string()))
        }
        _ => Err(EntryError::TypeNotString),
    }
}

/// A copy of `obj` without `keys`.
fn without<'a>(obj: &Members<'a>, keys: &[&str]) -> Members<'a> {
    obj.iter()
        .filter(|(k, _)| !keys.contains(&k.as_ref()))
        .cloned()
        .collect()
}

/// Overlays an argument on inline fields: an object's fields win, a scalar fills the main
/// field, `null` or absence adds nothing. An array is refused.
fn with_args<'a>(
    kind: ActionKind,
    mut fields: Members<'a>,
    args: Option<&Node<'a>>,
) -> Result<Members<'a>, EntryError> {
    match args {
        None | Some(Node::Null) => {}
        Some(Node::Obj(inner)) => {
            // Appended after the inline fields: the last of a key counts, so these win.
            fields.extend(inner.iter().cloned());
        }
        Some(Node::Arr(_)) => return Err(EntryError::BadArgs),
        Some(scalar) => {
            fields.push((Cow::Borrowed(main_field(kind)), scalar.clone()));
        }
    }
    Ok(fields)
}
