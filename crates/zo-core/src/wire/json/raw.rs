//! A JSON value held as its text, for values the extension carries but does not read (a model's
//! action entry that was dropped): written by the hand writer, so a module that holds one
//! carries no JSON tree type. Its serde form is the value itself, for the native tools and
//! tests that print or compare it.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::read::Node;
use super::write::Json;

/// One JSON value as compact text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawJson(String);

impl RawJson {
    /// `node` written back (members in the order read, numbers as written).
    pub fn of(node: &Node) -> RawJson {
        RawJson(Json::node(node).into_string())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The value as a `serde_json::Value` (for native callers: tests, `zo-dev`).
    pub fn to_value(&self) -> serde_json::Value {
        serde_json::from_str(&self.0).unwrap_or(serde_json::Value::Null)
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
    use crate::wire::json::parse;

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
        assert_eq!(back.to_value(), raw.to_value());
    }
}
