//! Building an [`Action`] from a JSON object's fields, in two readings: strict (the canonical
//! form, what `Action`'s `Deserialize` and `zo-dev actions --check` accept) and lenient (what
//! [`crate::normalize`] accepts from model output). Owns the reasons an entry is refused.

use crate::action::{
    trim_ascii_ws, Action, ActionKind, Direction, FieldError, HttpUrl, Selector, WaitMs,
};
use serde::{Deserialize, Deserializer};
use serde_json::{Map, Value};

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
        crate::action::Quoted(.0)
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
    #[error("{kind}: unknown field {}", crate::action::Quoted(.field))]
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

/// Judges one entry against the canonical form, strictly.
pub fn from_canonical(entry: &Value) -> Result<Action, EntryError> {
    let obj = entry.as_object().ok_or(EntryError::NotObject)?;
    let name = match obj.get("type") {
        None => return Err(EntryError::MissingType),
        Some(Value::String(name)) => name,
        Some(_) => return Err(EntryError::TypeNotString),
    };
    let kind = ActionKind::ALL
        .into_iter()
        .find(|k| k.as_str() == name)
        .ok_or_else(|| EntryError::UnknownKind(name.clone()))?;
    let mut fields = obj.clone();
    fields.remove("type");
    build(kind, &fields, Reading::Strict)
}

impl<'de> Deserialize<'de> for Action {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Value::deserialize(d)?;
        from_canonical(&v).map_err(serde::de::Error::custom)
    }
}

/// Builds an action of `kind` from `fields` (which must not contain `type`).
pub fn build(
    kind: ActionKind,
    fields: &Map<String, Value>,
    reading: Reading,
) -> Result<Action, EntryError> {
    if reading == Reading::Strict {
        if let Some(extra) = fields
            .keys()
            .find(|k| !fields_of(kind).contains(&k.as_str()))
        {
            return Err(EntryError::UnknownField {
                kind,
                field: extra.clone(),
            });
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
            url: HttpUrl::parse(f.required_str("url")?).map_err(field_err)?,
        },
        ActionKind::Click => Action::Click {
            selector: f.selector()?,
        },
        ActionKind::Fill => Action::Fill {
            selector: f.selector()?,
            value: f.required_str("value")?.to_string(),
        },
        ActionKind::Extract => Action::Extract {
            selector: f.selector()?,
            attribute: match f.optional_str("attribute")? {
                None => None,
                Some(a) => match trim_ascii_ws(a) {
                    "" => return Err(field_err(FieldError::BlankAttribute)),
                    t => Some(t.to_string()),
                },
            },
        },
        ActionKind::Scroll => Action::Scroll {
            direction: match f.optional_str("direction")? {
                None => Direction::default(),
                Some(d) => match (reading, d) {
                    (Reading::Strict, "up") => Direction::Up,
                    (Reading::Strict, "down") => Direction::Down,
                    (Reading::Strict, other) => {
                        return Err(field_err(FieldError::BadDirection(other.to_string())))
                    }
                    (Reading::Lenient, d) => Direction::parse(d).map_err(field_err)?,
                },
            },
            selector: match f.optional_str("selector")? {
                None => None,
                Some(s) => Some(Selector::parse(s).map_err(field_err)?),
            },
            amount: match f.optional("amount", "a number")? {
                None => None,
                Some(v) => Some(
                    v.as_f64()
                        .filter(|a| a.is_finite())
                        .ok_or_else(|| f.wrong_type("amount", "a number"))?,
                ),
            },
        },
        ActionKind::Wait => Action::Wait {
            ms: match f.optional("ms", "an integer number of milliseconds")? {
                None => WaitMs::default(),
                Some(Value::Number(n)) => WaitMs::from_number(n).map_err(field_err)?,
                Some(_) => return Err(f.wrong_type("ms", "an integer number of milliseconds")),
            },
        },
        ActionKind::Done => Action::Done {
            response: f.required_str("response")?.to_string(),
        },
    })
}

/// Typed access to one entry's fields under a reading.
struct Fields<'a> {
    kind: ActionKind,
    fields: &'a Map<String, Value>,
    reading: Reading,
}

impl<'a> Fields<'a> {
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
    ) -> Result<Option<&'a Value>, EntryError> {
        match (self.fields.get(field), self.reading) {
            (None, _) | (Some(Value::Null), Reading::Lenient) => Ok(None),
            (Some(Value::Null), Reading::Strict) => Err(self.wrong_type(field, expected)),
            (Some(v), _) => Ok(Some(v)),
        }
    }

    fn optional_str(&self, field: &'static str) -> Result<Option<&'a str>, EntryError> {
        match self.optional(field, "a string")? {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(_) => Err(self.wrong_type(field, "a string")),
        }
    }

    fn required_str(&self, field: &'static str) -> Result<&'a str, EntryError> {
        match self.fields.get(field) {
            Some(Value::String(s)) => Ok(s),
            None => Err(EntryError::MissingField {
                kind: self.kind,
                field,
            }),
            Some(Value::Null) if self.reading == Reading::Lenient => {
                Err(EntryError::MissingField {
                    kind: self.kind,
                    field,
                })
            }
            Some(_) => Err(self.wrong_type(field, "a string")),
        }
    }

    fn selector(&self) -> Result<Selector, EntryError> {
        Selector::parse(self.required_str("selector")?).map_err(|error| EntryError::Field {
            kind: self.kind,
            error,
        })
    }
}
