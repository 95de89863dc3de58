//! JSON from the network (Zo's events, the model's answer) read into a `serde_json::Value` of
//! bounded size. A `Value` node takes tens of bytes while its JSON may take two (`{},{},...`),
//! so a tree read whole could be 30 times its text: past [`MAX_JSON_NODES`] arrays and objects
//! the rest of each container is skipped, not kept. Within the budget the value is exactly
//! what `serde_json::from_str` gives; the text must be valid JSON either way.

use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};

/// The most array elements and object members kept in one value, all levels together.
pub const MAX_JSON_NODES: usize = 4096;

/// `text` (one JSON value, whitespace around it allowed) as a `Value` of at most
/// [`MAX_JSON_NODES`] elements and members.
pub fn from_str(text: &str) -> Result<Value, serde_json::Error> {
    from_str_within(text, MAX_JSON_NODES)
}

/// Like [`from_str`] with another budget.
pub fn from_str_within(text: &str, nodes: usize) -> Result<Value, serde_json::Error> {
    let mut de = serde_json::Deserializer::from_str(text);
    let mut budget = nodes;
    let value = Budget(&mut budget).deserialize(&mut de)?;
    de.end()?;
    Ok(value)
}

/// A value read within the remaining node budget (shared by all levels).
struct Budget<'b>(&'b mut usize);

impl<'de> DeserializeSeed<'de> for Budget<'_> {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<Value, D::Error> {
        de.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Budget<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Number::from_f64(v).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut out = Vec::new();
        while *self.0 > 0 {
            *self.0 -= 1;
            match seq.next_element_seed(Budget(&mut *self.0))? {
                Some(v) => out.push(v),
                None => {
                    // No element: nothing was kept.
                    *self.0 += 1;
                    return Ok(Value::Array(out));
                }
            }
        }
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(Value::Array(out))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = Map::new();
        while *self.0 > 0 {
            *self.0 -= 1;
            match map.next_key::<String>()? {
                Some(key) => {
                    let value = map.next_value_seed(Budget(&mut *self.0))?;
                    out.insert(key, value);
                }
                None => {
                    *self.0 += 1;
                    return Ok(Value::Object(out));
                }
            }
        }
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(Value::Object(out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn within_the_budget_the_value_is_serde_json_s() {
        for text in [
            r#"{"a":[1,-2,3.5,true,null,"x\n\u00e9"],"b":{"c":{}},"a2":[]}"#,
            r#" [ {"k":1,"k":2} ] "#,
            "\"plain\"",
            "12345678901234567890",
            "-0.0",
        ] {
            let theirs: Value = serde_json::from_str(text).unwrap();
            assert_eq!(from_str(text).unwrap(), theirs, "{text}");
        }
    }

    #[test]
    fn invalid_json_is_an_error_as_for_serde_json() {
        for text in ["", "{", "[1,]", "{\"a\":1} x", "[1] [2]", "nul"] {
            assert!(from_str(text).is_err(), "{text}");
            assert!(serde_json::from_str::<Value>(text).is_err(), "{text}");
        }
        // Past the budget, what is skipped must still be valid JSON.
        assert!(from_str_within("[1,2,[3,}]", 1).is_err());
    }

    #[test]
    fn past_the_budget_the_rest_of_each_container_is_skipped() {
        let text = format!("[{}]", vec!["{}"; 100_000].join(","));
        let v = from_str(&text).unwrap();
        assert_eq!(v.as_array().map(Vec::len), Some(MAX_JSON_NODES));
        let v = from_str_within(r#"{"a":[1,2,3],"b":4,"c":5}"#, 3).unwrap();
        assert_eq!(v, serde_json::json!({"a":[1,2]}));
    }
}
