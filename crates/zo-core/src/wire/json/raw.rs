//! A JSON value held as its text, for values the extension carries but does not read (a model's
//! action entry that was dropped, an action's reported value, a stream's diagnostics): written
//! by the hand writer, so a module that holds one carries no JSON tree type. Its serde form is the value itself, for the native tools and
//! tests that print or compare it.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::fields::value;
use super::read::{parse, Node};
use super::write::Json;

/// One JSON value as compact text. Two are equal when their values are, as two
/// `serde_json::Value`s would be (object members in any order, a key named twice counting
/// with its last value), numbers compared as written.
#[derive(Debug, Clone)]
pub struct RawJson(String);

impl PartialEq for RawJson {
    fn eq(&self, other: &RawJson) -> bool {
        match (parse(&self.0), parse(&other.0)) {
            (Ok(a), Ok(b)) => same(&a, &b),
            _ => self.0 == other.0,
        }
    }
}

/// Whether two values are the same JSON value (see [`RawJson`]).
fn same(a: &Node, b: &Node) -> bool {
    match (a, b) {
        (Node::Arr(a), Node::Arr(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| same(x, y))
        }
        (Node::Obj(members), Node::Obj(others)) => {
            let distinct = |m: &[(std::borrow::Cow<str>, Node)]| {
                m.iter()
                    .enumerate()
                    .filter(|(i, (k, _))| !m[i + 1..].iter().any(|(later, _)| later == k))
                    .count()
            };
            distinct(members) == distinct(others)
                && members.iter().all(|(k, _)| match (a.get(k), b.get(k)) {
                    (Some(x), Some(y)) => same(x, y),
                    _ => false,
                })
        }
        _ => a == b,
    }
}

impl RawJson {
    /// `node` written back (members in the order read, numbers as written).
    pub fn of(node: &Node) -> RawJson {
        RawJson(Json::node(node).into_string())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The value as JSON to write into a message.
    pub fn to_json(&self) -> Json {
        Json::trusted(self.0.clone())
    }

    /// A `serde_json` value's text (for native callers: tests, `zo-dev`).
    pub fn from_value(value: &serde_json::Value) -> RawJson {
        RawJson(value.to_string())
    }

    /// The value as a `serde_json::Value` (where one is kept: the panel's history; tests),
    /// built by the hand reader (no serde_json parser).
    pub fn to_value(&self) -> serde_json::Value {
        parse(&self.0)
            .ok()
            .and_then(|node| value(&node).ok())
            .unwrap_or(serde_json::Value::Null)
    }
}

impl From<Json> for RawJson {
    fn from(json: Json) -> RawJson {
        RawJson(json.into_string())
    }
}

impl Serialize for RawJson {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_value().serialize(s)
    }
}

impl<'de> Deserialize<'de> for RawJson {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(RawJson(serde_json::Value::deserialize(d)?.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_the_value_and_serializes_as_it() {
        let node = parse(r#" { "a" : [1, "x\n"], "b": null } "#).unwrap();
        let raw = RawJson::of(&node);
        assert_eq!(raw.as_str(), r#"{"a":[1,"x\n"],"b":null}"#);
        assert_eq!(
            serde_json::to_value(&raw).unwrap(),
            serde_json::json!({"a": [1, "x\n"], "b": null})
        );
        let back: RawJson = serde_json::from_str(r#"{"b":null,"a":[1,"x\n"]}"#).unwrap();
        assert_eq!(back, raw);
        let twice = RawJson::of(&parse(r#"{"a":0,"b":null,"a":[1,"x\n"]}"#).unwrap());
        assert_eq!(twice, raw);
        let other = RawJson::of(&parse(r#"{"a":[1,"x"],"b":null}"#).unwrap());
        assert_ne!(other, raw);
        assert_ne!(RawJson::of(&parse(r#"{"a":[1,"x\n"]}"#).unwrap()), raw);
    }
}
