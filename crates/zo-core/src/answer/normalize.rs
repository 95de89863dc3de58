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

use crate::answer::canonical::{build, main_field, EntryError, Reading};
use crate::wire::action::{Action, ActionKind};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// An entry that did not become an action, with the reason (for diagnostics, never shown raw).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Dropped {
    pub entry: Value,
    pub reason: String,
}

/// The outcome of [`normalize`]: actions in entry order, and what was dropped.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Normalized {
    pub actions: Vec<Action>,
    pub dropped: Vec<Dropped>,
}

/// Normalizes every entry; each one ends up either in `actions` or in `dropped`.
pub fn normalize(entries: &[Value]) -> Normalized {
    let mut out = Normalized::default();
    for entry in entries {
        match normalize_entry(entry) {
            Ok(action) => out.actions.push(action),
            Err(e) => out.dropped.push(Dropped {
                entry: entry.clone(),
                reason: e.to_string(),
            }),
        }
    }
    out
}

/// Normalizes one entry (see the module doc for the accepted shapes).
pub fn normalize_entry(entry: &Value) -> Result<Action, EntryError> {
    read_entry(entry, true)
}

fn read_entry(entry: &Value, may_unwrap: bool) -> Result<Action, EntryError> {
    let obj = entry.as_object().ok_or(EntryError::NotObject)?;
    if let Some(t) = obj.get("type") {
        let kind = kind_named(t)?;
        let fields = with_args(kind, without(obj, &["type", "args"]), obj.get("args"))?;
        return build(kind, &fields, Reading::Lenient);
    }
    if let Some(a) = obj.get("action") {
        return match a {
            Value::String(_) => {
                let kind = kind_named(a)?;
                let fields = with_args(kind, without(obj, &["action", "args"]), obj.get("args"))?;
                build(kind, &fields, Reading::Lenient)
            }
            Value::Object(_) if may_unwrap => read_entry(a, false),
            _ => Err(EntryError::BadActionField),
        };
    }
    let named: Vec<(&String, ActionKind)> = obj
        .keys()
        .filter_map(|k| ActionKind::parse(k).map(|kind| (k, kind)))
        .collect();
    match named.as_slice() {
        [] => Err(EntryError::NoActionKey),
        [(key, kind)] => {
            let fields = with_args(*kind, without(obj, &[key.as_str()]), obj.get(key.as_str()))?;
            build(*kind, &fields, Reading::Lenient)
        }
        several => Err(EntryError::SeveralActionKeys(
            several
                .iter()
                .map(|(k, _)| k.as_str())
                .collect::<Vec<_>>()
                .join(", "),
        )),
    }
}

fn kind_named(v: &Value) -> Result<ActionKind, EntryError> {
    match v {
        Value::String(name) => {
            ActionKind::parse(name).ok_or_else(|| EntryError::UnknownKind(name.clone()))
        }
        _ => Err(EntryError::TypeNotString),
    }
}

fn without(obj: &Map<String, Value>, keys: &[&str]) -> Map<String, Value> {
    // A copy with the keys taken out, rather than collected anew: collecting a map sorts its
    // entries first, which links a sort (kilobytes in the worker's wasm) for nothing.
    let mut rest = obj.clone();
    for key in keys {
        rest.remove(*key);
    }
    rest
}

/// Overlays an argument on inline fields: an object's fields win, a scalar fills the main
/// field, `null` or absence adds nothing. An array is refused.
fn with_args(
    kind: ActionKind,
    mut fields: Map<String, Value>,
    args: Option<&Value>,
) -> Result<Map<String, Value>, EntryError> {
    match args {
        None | Some(Value::Null) => {}
        Some(Value::Object(inner)) => {
            for (k, v) in inner {
                fields.insert(k.clone(), v.clone());
            }
        }
        Some(Value::Array(_)) => return Err(EntryError::BadArgs),
        Some(scalar) => {
            fields.insert(main_field(kind).to_string(), scalar.clone());
        }
    }
    Ok(fields)
}
