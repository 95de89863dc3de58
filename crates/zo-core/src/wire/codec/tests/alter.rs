//! Altered copies of a message's JSON text, for comparing two readers on input neither was
//! written for: at every object, each field removed, replaced by values of every JSON type,
//! named twice, and an unknown field added; at every array, items added and removed; the
//! whole message replaced by non-objects; the message's own `type` swapped for each of `tags`.

use serde_json::{json, Value};

/// A string no message holds, marking where a hand-written object goes in the text.
const MARK: &str = "@@alter@@";

fn replacements() -> Vec<Value> {
    vec![
        Value::Null,
        json!(0),
        json!(-1),
        json!(1.5),
        json!(1e300),
        json!(4_294_967_296u64),
        json!(-2_147_483_649i64),
        json!(""),
        json!("x"),
        json!(true),
        json!([]),
        json!({}),
    ]
}

/// Paths (object keys and array indices) to every object and array, the root first.
fn containers(v: &Value, path: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    match v {
        Value::Object(map) => {
            out.push(path.clone());
            for (k, child) in map {
                path.push(Step::Key(k.clone()));
                containers(child, path, out);
                path.pop();
            }
        }
        Value::Array(items) => {
            out.push(path.clone());
            for (i, child) in items.iter().enumerate() {
                path.push(Step::Index(i));
                containers(child, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

#[derive(Clone, Debug)]
enum Step {
    Key(String),
    Index(usize),
}

fn at<'v>(v: &'v mut Value, path: &[Step]) -> &'v mut Value {
    path.iter().fold(v, |v, step| match step {
        Step::Key(k) => &mut v[k.as_str()],
        Step::Index(i) => &mut v[*i],
    })
}

/// Every altered copy of `text` (a JSON object).
pub fn altered(text: &str, tags: &[String]) -> Vec<String> {
    let root: Value = serde_json::from_str(text).unwrap();
    let mut out: Vec<String> = ["null", "[]", "\"x\"", "1", "{}", "{\"type\":null}"]
        .map(str::to_string)
        .to_vec();
    for tag in tags {
        let mut r = root.clone();
        r["type"] = json!(tag);
        out.push(r.to_string());
    }
    let mut paths = Vec::new();
    containers(&root, &mut Vec::new(), &mut paths);
    for path in paths {
        let mut probe = root.clone();
        match at(&mut probe, &path).clone() {
            Value::Object(map) => {
                for (k, v) in &map {
                    let mut r = root.clone();
                    at(&mut r, &path).as_object_mut().unwrap().remove(k);
                    out.push(r.to_string());
                    for rep in replacements() {
                        let mut r = root.clone();
                        at(&mut r, &path)[k.as_str()] = rep;
                        out.push(r.to_string());
                    }
                    // The field named twice: first with a different value, then as it was.
                    for first in [v.clone(), Value::Null, json!("x")] {
                        let doubled = format!(
                            "{{{}:{},{}",
                            Value::String(k.clone()),
                            first,
                            &Value::Object(map.clone()).to_string()[1..]
                        );
                        let mut r = root.clone();
                        *at(&mut r, &path) = json!(MARK);
                        out.push(r.to_string().replace(&format!("\"{MARK}\""), &doubled));
                    }
                }
                for (k, v) in [("zzUnknown", json!(1)), ("", Value::Null)] {
                    let mut r = root.clone();
                    at(&mut r, &path)[k] = v;
                    out.push(r.to_string());
                }
            }
            Value::Array(items) => {
                for extra in [Value::Null, json!({}), json!("x")] {
                    let mut r = root.clone();
                    at(&mut r, &path).as_array_mut().unwrap().push(extra);
                    out.push(r.to_string());
                }
                if !items.is_empty() {
                    let mut r = root.clone();
                    at(&mut r, &path).as_array_mut().unwrap().remove(0);
                    out.push(r.to_string());
                }
            }
            _ => {}
        }
    }
    out
}
