//! Reading typed values out of a [`Node`] by serde's rules for the derived types of
//! `zo_core::wire`: a required field is missing or of its type, an `Option` field is absent,
//! `null` or of its type, a `#[serde(default)]` field is absent or of its type (not `null`),
//! a field named twice is refused, other fields are ignored; integers are written as integers
//! (no fraction, no exponent, not `-0`) within their type's range; enums are their wire name.

use std::borrow::Cow;

use crate::wire::action::{Action, Quoted};
use crate::wire::json::read::{JsonError, Node};

/// Why a message (or a part of it) could not be read.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum WireError {
    #[error("not JSON: {0}")]
    NotJson(#[from] JsonError),
    #[error("expected {0}")]
    Expected(&'static str),
    #[error("missing \"type\"")]
    MissingType,
    #[error("unknown message type {}", Quoted(.0))]
    UnknownType(String),
    #[error("missing field \"{0}\"")]
    MissingField(&'static str),
    #[error("field \"{0}\" appears twice")]
    DuplicateField(&'static str),
    /// Why an entry is not an action in canonical form (`zo_core::answer::EntryError`'s text).
    #[error("{0}")]
    Action(String),
    #[error("in \"{field}\": {error}")]
    In {
        field: &'static str,
        error: Box<WireError>,
    },
    #[error("item {index}: {error}")]
    Item { index: usize, error: Box<WireError> },
}

impl WireError {
    fn within(self, field: &'static str) -> WireError {
        WireError::In {
            field,
            error: Box::new(self),
        }
    }
}

/// A unit enum written as its name (`"running"`, `"not_found"`...), as serde writes it.
pub trait WireName: Copy + 'static {
    /// Every variant.
    const ALL: &'static [Self];
    /// What the value is, for errors ("an action status").
    const WHAT: &'static str;
    fn wire_name(self) -> &'static str;

    fn from_wire_name(name: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|v| v.wire_name() == name)
    }
}

/// How the number text of an action's field becomes an f64 (see [`read_action`]).
pub type ParseFloat = fn(&str) -> Option<f64>;

/// The number serde_json reads from `text` (as `serde_json::Number::as_f64`).
pub fn serde_float(text: &str) -> Option<f64> {
    text.parse::<serde_json::Number>().ok()?.as_f64()
}

/// The fields of a struct: an object's members by name, or (as serde also reads a struct) an
/// array of the fields' values in declaration order.
#[derive(Debug, Clone, Copy)]
pub struct Fields<'n, 'a> {
    members: Members<'n, 'a>,
}

#[derive(Debug, Clone, Copy)]
enum Members<'n, 'a> {
    Named(&'n [(Cow<'a, str>, Node<'a>)]),
    /// The values, and the field names in declaration order.
    Positional(&'n [Node<'a>], &'static [&'static str]),
}

impl<'n, 'a> Fields<'n, 'a> {
    /// The fields of `node`, a struct with the fields `names` (in declaration order).
    pub fn of(
        node: &'n Node<'a>,
        names: &'static [&'static str],
    ) -> Result<Fields<'n, 'a>, WireError> {
        let members = match node {
            Node::Obj(members) => Members::Named(members),
            Node::Arr(items) if items.len() <= names.len() => Members::Positional(items, names),
            Node::Arr(_) => return Err(WireError::Expected("fewer fields")),
            _ => return Err(WireError::Expected("a JSON object")),
        };
        Ok(Fields { members })
    }

    /// A message's fields (a tagged message is always an object).
    pub fn of_message(node: &'n Node<'a>) -> Result<Fields<'n, 'a>, WireError> {
        match node {
            Node::Obj(members) => Ok(Fields {
                members: Members::Named(members),
            }),
            _ => Err(WireError::Expected("a JSON object")),
        }
    }

    /// The field `name`; None when absent; an error when it appears twice.
    pub fn get(&self, name: &'static str) -> Result<Option<&'n Node<'a>>, WireError> {
        let members = match self.members {
            Members::Named(members) => members,
            Members::Positional(items, names) => {
                return Ok(names
                    .iter()
                    .position(|n| *n == name)
                    .and_then(|i| items.get(i)))
            }
        };
        let mut found = None;
        for (key, value) in members {
            if key == name {
                if found.is_some() {
                    return Err(WireError::DuplicateField(name));
                }
                found = Some(value);
            }
        }
        Ok(found)
    }

    /// A required field, read by `read`.
    pub fn req<T>(
        &self,
        name: &'static str,
        read: impl FnOnce(&'n Node<'a>) -> Result<T, WireError>,
    ) -> Result<T, WireError> {
        read(self.required(name)?).map_err(|e| e.within(name))
    }

    /// An `Option` field: None when absent or `null`.
    pub fn opt<T>(
        &self,
        name: &'static str,
        read: impl FnOnce(&'n Node<'a>) -> Result<T, WireError>,
    ) -> Result<Option<T>, WireError> {
        match self.present(name)? {
            None => Ok(None),
            Some(node) => read(node).map(Some).map_err(|e| e.within(name)),
        }
    }

    /// The node of a required field (the lookup [`Fields::req`] shares across the types it
    /// reads: not generic, so compiled once).
    fn required(&self, name: &'static str) -> Result<&'n Node<'a>, WireError> {
        self.get(name)?.ok_or(WireError::MissingField(name))
    }

    /// The node of an `Option` field; None when absent or `null` (as [`Fields::required`]).
    fn present(&self, name: &'static str) -> Result<Option<&'n Node<'a>>, WireError> {
        Ok(self.get(name)?.filter(|node| !matches!(node, Node::Null)))
    }

    /// A `#[serde(default)]` field: the default when absent (`null` is of the wrong type).
    pub fn or_default<T: Default>(
        &self,
        name: &'static str,
        read: impl FnOnce(&'n Node<'a>) -> Result<T, WireError>,
    ) -> Result<T, WireError> {
        self.or(name, T::default(), read)
    }

    /// A field of a struct that is `#[serde(default)]` as a whole: `default` (the default
    /// struct's value) when absent (`null` is of the wrong type).
    pub fn or<T>(
        &self,
        name: &'static str,
        default: T,
        read: impl FnOnce(&'n Node<'a>) -> Result<T, WireError>,
    ) -> Result<T, WireError> {
        match self.get(name)? {
            None => Ok(default),
            Some(node) => read(node).map_err(|e| e.within(name)),
        }
    }

    /// The message's `type` tag.
    pub fn tag(&self) -> Result<&'n str, WireError> {
        match self.get("type")? {
            None => Err(WireError::MissingType),
            Some(Node::Str(t)) => Ok(t),
            Some(_) => Err(WireError::Expected("\"type\" to be a string")),
        }
    }
}

pub fn string(node: &Node) -> Result<String, WireError> {
    match node {
        Node::Str(s) => Ok(s.to_string()),
        _ => Err(WireError::Expected("a string")),
    }
}

pub fn boolean(node: &Node) -> Result<bool, WireError> {
    match node {
        Node::Bool(b) => Ok(*b),
        _ => Err(WireError::Expected("true or false")),
    }
}

/// A number written as an integer: (negative, magnitude). serde_json reads `-0`, fractions,
/// exponents and integers beyond 64 bits as floats, which no integer field takes.
fn integer(node: &Node) -> Option<(bool, u64)> {
    let Node::Num(text) = node else {
        return None;
    };
    let (negative, digits) = match text.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, *text),
    };
    let mut n: u64 = 0;
    for b in digits.bytes() {
        if !b.is_ascii_digit() {
            return None;
        }
        n = n.checked_mul(10)?.checked_add(u64::from(b - b'0'))?;
    }
    if negative && n == 0 {
        return None;
    }
    Some((negative, n))
}

pub fn uint(node: &Node) -> Result<u64, WireError> {
    match integer(node) {
        Some((false, n)) => Ok(n),
        _ => Err(WireError::Expected("a whole number from 0")),
    }
}

pub fn uint32(node: &Node) -> Result<u32, WireError> {
    uint(node)
        .ok()
        .and_then(|n| u32::try_from(n).ok())
        .ok_or(WireError::Expected("a whole number from 0 to 4294967295"))
}

pub fn uint16(node: &Node) -> Result<u16, WireError> {
    uint(node)
        .ok()
        .and_then(|n| u16::try_from(n).ok())
        .ok_or(WireError::Expected("a whole number from 0 to 65535"))
}

pub fn int32(node: &Node) -> Result<i32, WireError> {
    let value = match integer(node) {
        Some((false, n)) => i64::try_from(n).ok(),
        Some((true, n)) => i64::try_from(n).ok().map(|n| -n),
        None => None,
    };
    value
        .and_then(|n| i32::try_from(n).ok())
        .ok_or(WireError::Expected("a 32-bit whole number"))
}

/// A unit enum by its wire name.
pub fn name<T: WireName>(node: &Node) -> Result<T, WireError> {
    match node {
        Node::Str(s) => T::from_wire_name(s).ok_or(WireError::Expected(T::WHAT)),
        _ => Err(WireError::Expected(T::WHAT)),
    }
}

/// An array, each item read by `read`.
pub fn list<'n, 'a, T>(
    node: &'n Node<'a>,
    read: impl Fn(&'n Node<'a>) -> Result<T, WireError>,
) -> Result<Vec<T>, WireError> {
    let Node::Arr(items) = node else {
        return Err(WireError::Expected("an array"));
    };
    // A plain loop: the iterator chain that `collect` into a `Result` makes is larger code,
    // once per item type.
    let mut out = Vec::with_capacity(items.len());
    for (index, item) in items.iter().enumerate() {
        out.push(read(item).map_err(|e| WireError::Item {
            index,
            error: Box::new(e),
        })?);
    }
    Ok(out)
}

/// Any JSON, as serde_json reads it into a `Value` (a key named twice: the last one counts).
pub fn value(node: &Node) -> Result<serde_json::Value, WireError> {
    use serde_json::Value;
    Ok(match node {
        Node::Null => Value::Null,
        Node::Bool(b) => Value::Bool(*b),
        Node::Num(text) => Value::Number(
            text.parse()
                .map_err(|_| WireError::Expected("a number serde_json can hold"))?,
        ),
        Node::Str(s) => Value::String(s.to_string()),
        Node::Arr(items) => Value::Array(items.iter().map(value).collect::<Result<_, _>>()?),
        Node::Obj(members) => {
            let mut map = serde_json::Map::new();
            for (k, v) in members {
                map.insert(k.to_string(), value(v)?);
            }
            Value::Object(map)
        }
    })
}

/// A type read from a [`Node`] by rules written by hand rather than derived, as its
/// `Deserialize` is: [`Action`], whose canonical reading is implemented beside its
/// `Deserialize`, in `crate::answer` (a wing that builds on this one). `parse_float` reads
/// the numbers; an error is the reason, as text.
pub trait FromNode: Sized {
    fn from_node(node: &Node, parse_float: ParseFloat) -> Result<Self, WireError>;
}

/// One action in canonical form (see [`FromNode`]).
pub fn read_action(node: &Node, parse_float: ParseFloat) -> Result<Action, WireError> {
    Action::from_node(node, parse_float)
}
