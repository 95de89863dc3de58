//! Building an [`Action`] from a JSON object's fields, in two readings: strict (the canonical
//! form, what `Action`'s `Deserialize` and `zo-dev actions --check` accept) and lenient (what
//! [`crate::answer::normalize`] accepts from model output). Owns the reasons an entry is refused.
//! The fields come through [`EntryFields`]: an object node of the hand JSON reader
//! (`crate::wire::json`), which the port messages' codecs and the model's answer use alike.

use std::borrow::Cow;

use crate::wire::action::{
    parse_attribute, Action, ActionKind, Direction, FieldError, HttpUrl, Selector, WaitMs,
};
use crate::wire::json::fields::FromNode;
use crate::wire::json::{parse, serde_float, Node, ParseFloat, WireError};
use serde::{Deserialize, Deserializer};
use serde_json::Value;

/// How forgiving a reading is.
///
/// | rule                         | `Strict` (canonical)          | `Lenient` (`normalize`)          |
/// |------------------------------|-------------------------------|----------------------------------|
/// | action name                  | exact lowercase               | any case, surrounding spaces     |
/// | `direction`                  | exactly `"up"` / `"down"`     | any case, surrounding spaces     |
/// | unknown fields               | refused                       | ignored                          |
/// | `null` optional field        | refused                       | same as absent                   |
/// | `null` required field        | wrong type                    | missing                          |
///
/// Field values are otherwise judged identically (urls, selectors, wait bound, types).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reading {
    Strict,
    Lenient,
}

/// Why one entry is not an action. `Display` is the reason kept for diagnostics.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EntryError {
    #[error("entry is not a JSON object")]
    NotObject,
    #[error("missing \"type\"")]
    MissingType,
    #[error("\"type\" must be a string")]
    TypeNotString,
    #[error(
        "unknown action {}: expected navigate, click, fill, extract, scroll, wait or done",
        crate::wire::action::Quoted(.0)
    )]
    UnknownKind(String),
    #[error("no action named: expected \"type\", \"action\" or an action name as key")]
    NoActionKey,
    #[error("several action names as keys: {0}")]
    SeveralActionKeys(String),
    #[error("\"action\" must be an action name or an action object")]
    BadActionField,
    #[error(
        "the argument (\"args\" or the action key's value) must be an object or a single value"
    )]
    BadArgs,
    #[error("{kind}: missing field \"{field}\"")]
    MissingField {
        kind: ActionKind,
        field: &'static str,
    },
    #[error("{kind}: field \"{field}\" must be {expected}")]
    WrongType {
        kind: ActionKind,
        field: &'static str,
        expected: &'static str,
    },
    #[error("{kind}: unknown field {}", crate::wire::action::Quoted(.field))]
    UnknownField { kind: ActionKind, field: String },
    #[error("{kind}: {error}")]
    Field { kind: ActionKind, error: FieldError },
}

/// The fields each action may carry (besides `type`).
pub fn fields_of(kind: ActionKind) -> &'static [&'static str] {
    match kind {
        ActionKind::Navigate => &["url"],
        ActionKind::Click => &["selector"],
        ActionKind::Fill => &["selector", "value"],
        ActionKind::Extract => &["selector", "attribute"],
        ActionKind::Scroll => &["direction", "selector", "amount"],
        ActionKind::Wait => &["ms"],
        ActionKind::Done => &["response"],
    }
}

/// The field a lone scalar argument fills (`{"click":"#a"}` -> selector).
pub fn main_field(kind: ActionKind) -> &'static str {
    match kind {
        ActionKind::Navigate => "url",
        ActionKind::Click | ActionKind::Fill | ActionKind::Extract => "selector",
        ActionKind::Scroll => "direction",
        ActionKind::Wait => "ms",
        ActionKind::Done => "response",
    }
}

/// One field of an entry, as the rules see it.
#[derive(Debug, Clone, PartialEq)]
pub enum FieldValue<'a> {
    Absent,
    Null,
    Str(Cow<'a, str>),
    /// A number and how it is written in a reason.
    Num {
        value: f64,
        text: Cow<'a, str>,
    },
    /// A boolean, an array or an object.
    Other,
}

/// An entry's fields, as the rules read them.
pub trait EntryFields {
    fn get(&self, name: &str) -> FieldValue<'_>;
    /// The first field (in sorted order) that is neither `type` nor in `allowed`.
    fn unknown(&self, allowed: &[&str]) -> Option<String>;
}

/// Judges one entry (a `serde_json` value: native callers, `Action`'s `Deserialize`) against
/// the canonical form, strictly.
pub fn from_canonical(entry: &Value) -> Result<Action, EntryError> {
    let text = entry.to_string();
    match parse(&text) {
        Ok(Node::Obj(members)) => from_canonical_fields(&NodeEntry {
            members: &members,
            parse_float: serde_float,
        }),
        _ => Err(EntryError::NotObject),
    }
}

/// Judges the fields of one entry (an object) against the canonical form, strictly.
pub fn from_canonical_fields(entry: &impl EntryFields) -> Result<Action, EntryError> {
    let name = match entry.get("type") {
        FieldValue::Absent => return Err(EntryError::MissingType),
        FieldValue::Str(name) => name,
        _ => return Err(EntryError::TypeNotString),
    };
    let kind = ActionKind::ALL
        .into_iter()
        .find(|k| k.as_str() == name)
        .ok_or_else(|| EntryError::UnknownKind(name.into_owned()))?;
    build(kind, entry, Reading::Strict)
}

/// The port messages' codec reads actions by the rules of `Action`'s `Deserialize` (below).
impl FromNode for Action {
    fn from_node(node: &Node, parse_float: ParseFloat) -> Result<Action, WireError> {
        let Node::Obj(members) = node else {
            return Err(WireError::Action(EntryError::NotObject.to_string()));
        };
        from_canonical_fields(&NodeEntry {
            members,
            parse_float,
        })
        .map_err(|e| WireError::Action(e.to_string()))
    }
}

/// An action's members in a JSON node, as the rules read them (as from a JSON object map:
/// a key named twice counts once, with its last value).
pub(crate) struct NodeEntry<'n, 'a> {
    pub(crate) members: &'n [(Cow<'a, str>, Node<'a>)],
    pub(crate) parse_float: ParseFloat,
}

impl EntryFields for NodeEntry<'_, '_> {
    fn get(&self, name: &str) -> FieldValue<'_> {
        let last = self.members.iter().rev().find(|(k, _)| k == name);
        match last.map(|(_, v)| v) {
            None => FieldValue::Absent,
            Some(Node::Null) => FieldValue::Null,
            Some(Node::Str(s)) => FieldValue::Str(Cow::Borrowed(s)),
            Some(Node::Num(text)) => FieldValue::Num {
                value: (self.parse_float)(text).unwrap_or(f64::NAN),
                text: Cow::Borrowed(text),
            },
            Some(_) => FieldValue::Other,
        }
    }

    fn unknown(&self, allowed: &[&str]) -> Option<String> {
        // A plain loop: smaller code than the map/filter/min chain, same answer.
        let mut first: Option<&str> = None;
        for (k, _) in self.members {
            let k = k.as_ref();
            if k != "type" && !allowed.contains(&k) && first.is_none_or(|f| k < f) {
                first = Some(k);
            }
        }
        first.map(str::to_string)
    }
}

impl<'de> Deserialize<'de> for Action {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Value::deserialize(d)?;
        from_canonical(&v).map_err(serde::de::Error::custom)
    }
}

/// Builds an action of `kind` from `fields` (a `type` field among them is not read).
pub fn build(
    kind: ActionKind,
    fields: &impl EntryFields,
    reading: Reading,
) -> Result<Action, EntryError> {
    if reading == Reading::Strict {
        if let Some(field) = fields.unknown(fields_of(kind)) {
            return Err(EntryError::UnknownField { kind, field });
        }
    }
    let f = Fields {
        kind,
        fields,
        reading,
    };
    let field_err = |error| EntryError::Field { kind, error };
    Ok(match kind {
        ActionKind::Navigate => Action::Navigate {
            url: HttpUrl::parse(&f.required_str("url")?).map_err(field_err)?,
        },
        ActionKind::Click => Action::Click {
            selector: f.selector()?,
        },
        ActionKind::Fill => Action::Fill {
            selector: f.selector()?,
            value: f.required_str("value")?.into_owned(),
        },
        ActionKind::Extract => Action::Extract {
            selector: f.selector()?,
            attribute: match f.optional_str("attribute")? {
                None => None,
                Some(a) => Some(parse_attribute(&a).map_err(field_err)?),
            },
        },
        ActionKind::Scroll => Action::Scroll {
            direction: match f.optional_str("direction")? {
                None => Direction::default(),
                Some(d) => match reading {
                    Reading::Strict => Direction::from_canonical(&d),
                    Reading::Lenient => Direction::parse(&d),
                }
                .map_err(field_err)?,
            },
            selector: match f.optional_str("selector")? {
                None => None,
                Some(s) => Some(Selector::parse(&s).map_err(field_err)?),
            },
            amount: match f.optional("amount", "a number")? {
                None => None,
                Some(FieldValue::Num { value, .. }) if value.is_finite() => Some(value),
                Some(_) => return Err(f.wrong_type("amount", "a number")),
            },
        },
        ActionKind::Wait => Action::Wait {
            ms: match f.optional("ms", WAIT_EXPECTED)? {
                None => WaitMs::default(),
                Some(FieldValue::Num { value, text }) => {
                    WaitMs::from_f64(value, || text.into_owned()).map_err(field_err)?
                }
                Some(_) => return Err(f.wrong_type("ms", WAIT_EXPECTED)),
            },
        },
        ActionKind::Done => Action::Done {
            response: f.required_str("response")?.into_owned(),
        },
    })
}

const WAIT_EXPECTED: &str = "an integer number of milliseconds";

/// Typed access to one entry's fields under a reading.
struct Fields<'a, E> {
    kind: ActionKind,
    fields: &'a E,
    reading: Reading,
}

impl<'a, E: EntryFields> Fields<'a, E> {
    fn wrong_type(&self, field: &'static str, expected: &'static str) -> EntryError {
        EntryError::WrongType {
            kind: self.kind,
            field,
            expected,
        }
    }

    /// The field's value; `None` when absent (or `null` in the lenient reading).
    fn optional(
        &self,
        field: &'static str,
        expected: &'static str,
    ) -> Result<Option<FieldValue<'a>>, EntryError> {
        match (self.fields.get(field), self.reading) {
            (FieldValue::Absent, _) | (FieldValue::Null, Reading::Lenient) => Ok(None),
            (FieldValue::Null, Reading::Strict) => Err(self.wrong_type(field, expected)),
            (v, _) => Ok(Some(v)),
        }
    }

    fn optional_str(&self, field: &'static str) -> Result<Option<Cow<'a, str>>, EntryError> {
        match self.optional(field, "a string")? {
            None => Ok(None),
            Some(FieldValue::Str(s)) => Ok(Some(s)),
            Some(_) => Err(self.wrong_type(field, "a string")),
        }
    }

    fn required_str(&self, field: &'static str) -> Result<Cow<'a, str>, EntryError> {
        let missing = EntryError::MissingField {
            kind: self.kind,
            field,
        };
        match self.fields.get(field) {
            FieldValue::Str(s) => Ok(s),
            FieldValue::Absent => Err(missing),
            FieldValue::Null if self.reading == Reading::Lenient => Err(missing),
            _ => Err(self.wrong_type(field, "a string")),
        }
    }

    fn selector(&self) -> Result<Selector, EntryError> {
        Selector::parse(&self.required_str("selector")?).map_err(|error| EntryError::Field {
            kind: self.kind,
            error,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::json::{parse, serde_float};

    /// The codec's reading of an action (a JSON node) judges every contract fixture as
    /// `from_canonical` (a `serde_json` value) does, with the same reason.
    #[test]
    fn every_canonical_fixture_is_judged_the_same_from_a_json_node() {
        let fixtures: Vec<Value> = serde_json::from_str(include_str!(
            "../../../../tests/contract/fixtures/canonical.json"
        ))
        .unwrap();
        assert!(fixtures.len() > 50);
        for f in &fixtures {
            let text = f["entry"].to_string();
            let ours = Action::from_node(&parse(&text).unwrap(), serde_float);
            let core = from_canonical(&f["entry"]).map_err(|e| WireError::Action(e.to_string()));
            assert_eq!(ours, core, "{}", f["name"]);
        }
    }
}
