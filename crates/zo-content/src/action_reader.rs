//! Reading one action from a parsed JSON value in the canonical (strict) form, by the rules
//! of `zo_core::canonical::from_canonical` and with its [`EntryError`] reasons: exact
//! lowercase `type`, unknown fields refused (the first in sorted order is named), `null`
//! never an absent optional, field values judged by zo-core's own validators
//! ([`HttpUrl`], [`Selector`], [`Direction`], [`WaitMs`], [`parse_attribute`]).

use wasm_bindgen::JsValue;
use zo_core::action::{
    parse_attribute, Action, ActionKind, Direction, FieldError, HttpUrl, Selector, WaitMs,
};
use zo_core::canonical::{fields_of, EntryError};

use crate::js_json::{self, Field};

/// Judges one entry against the canonical form.
pub fn action(entry: &JsValue) -> Result<Action, EntryError> {
    if !js_json::is_object(entry) {
        return Err(EntryError::NotObject);
    }
    let name = match js_json::field(entry, "type") {
        Field::Absent => return Err(EntryError::MissingType),
        Field::Str(name) => name,
        _ => return Err(EntryError::TypeNotString),
    };
    let kind = ActionKind::ALL
        .into_iter()
        .find(|k| k.as_str() == name)
        .ok_or(EntryError::UnknownKind(name))?;
    let extra = js_json::keys(entry)
        .into_iter()
        .filter(|k| k != "type" && !fields_of(kind).contains(&k.as_str()))
        .min();
    if let Some(field) = extra {
        return Err(EntryError::UnknownField { kind, field });
    }
    Fields { kind, obj: entry }.build()
}

/// The fields of one entry of a known kind.
struct Fields<'a> {
    kind: ActionKind,
    obj: &'a JsValue,
}

impl Fields<'_> {
    fn build(&self) -> Result<Action, EntryError> {
        let kind = self.kind;
        let field_err = |error| EntryError::Field { kind, error };
        Ok(match kind {
            ActionKind::Navigate => Action::Navigate {
                url: HttpUrl::parse(&self.required_str("url")?).map_err(field_err)?,
            },
            ActionKind::Click => Action::Click {
                selector: self.selector()?,
            },
            ActionKind::Fill => Action::Fill {
                selector: self.selector()?,
                value: self.required_str("value")?,
            },
            ActionKind::Extract => Action::Extract {
                selector: self.selector()?,
                attribute: match self.optional_str("attribute")? {
                    None => None,
                    Some(a) => Some(parse_attribute(&a).map_err(field_err)?),
                },
            },
            ActionKind::Scroll => Action::Scroll {
                direction: match self.optional_str("direction")? {
                    None => Direction::default(),
                    Some(d) => Direction::from_canonical(&d).map_err(field_err)?,
                },
                selector: match self.optional_str("selector")? {
                    None => None,
                    Some(s) => Some(Selector::parse(&s).map_err(field_err)?),
                },
                amount: match self.optional("amount", "a number")? {
                    None => None,
                    Some(Field::Num(a)) if a.is_finite() => Some(a),
                    Some(_) => return Err(self.wrong_type("amount", "a number")),
                },
            },
            ActionKind::Wait => {
                const EXPECTED: &str = "an integer number of milliseconds";
                Action::Wait {
                    ms: match self.optional("ms", EXPECTED)? {
                        None => WaitMs::default(),
                        Some(Field::Num(n)) => {
                            WaitMs::from_f64(n, || js_json::number_text(n)).map_err(field_err)?
                        }
                        Some(_) => return Err(self.wrong_type("ms", EXPECTED)),
                    },
                }
            }
            ActionKind::Done => Action::Done {
                response: self.required_str("response")?,
            },
        })
    }

    fn wrong_type(&self, field: &'static str, expected: &'static str) -> EntryError {
        EntryError::WrongType {
            kind: self.kind,
            field,
            expected,
        }
    }

    /// The field; `None` when absent (`null` is the wrong type).
    fn optional(
        &self,
        field: &'static str,
        expected: &'static str,
    ) -> Result<Option<Field>, EntryError> {
        match js_json::field(self.obj, field) {
            Field::Absent => Ok(None),
            Field::Null => Err(self.wrong_type(field, expected)),
            v => Ok(Some(v)),
        }
    }

    fn optional_str(&self, field: &'static str) -> Result<Option<String>, EntryError> {
        match self.optional(field, "a string")? {
            None => Ok(None),
            Some(Field::Str(s)) => Ok(Some(s)),
            Some(_) => Err(self.wrong_type(field, "a string")),
        }
    }

    fn required_str(&self, field: &'static str) -> Result<String, EntryError> {
        match js_json::field(self.obj, field) {
            Field::Str(s) => Ok(s),
            Field::Absent => Err(EntryError::MissingField {
                kind: self.kind,
                field,
            }),
            _ => Err(self.wrong_type(field, "a string")),
        }
    }

    fn selector(&self) -> Result<Selector, EntryError> {
        Selector::parse(&self.required_str("selector")?).map_err(|error: FieldError| {
            EntryError::Field {
                kind: self.kind,
                error,
            }
        })
    }
}
