//! A tool's result as the panel shows it: a one-line summary and the expanded text. A JSON
//! result reads as `key: value` in the summary and is pretty-printed (two-space indents) when
//! expanded, never as raw JSON on one line. Read with the hand JSON reader, so the panel links
//! no serde code for it; anything that is not a JSON object or array is shown as it came.

use super::{detail, summary};
use crate::wire::json::{parse, Json, Node};

/// (one-line summary, expanded text) of a tool result.
pub fn tool_result(text: &str) -> (String, String) {
    match parse(text.trim()) {
        Ok(node @ (Node::Obj(_) | Node::Arr(_))) => {
            let mut pretty = String::new();
            write_pretty(&node, 0, &mut pretty);
            (summary(&plain(&node)), detail(&pretty))
        }
        _ => (summary(text), detail(text)),
    }
}

/// A value as words: strings bare, objects as `key: value, ...`, arrays joined by commas.
fn plain(node: &Node) -> String {
    match node {
        Node::Str(s) => s.to_string(),
        Node::Null => String::new(),
        Node::Bool(b) => b.to_string(),
        Node::Num(n) => n.to_string(),
        Node::Arr(items) => items.iter().map(plain).collect::<Vec<_>>().join(", "),
        Node::Obj(members) => members
            .iter()
            .map(|(k, v)| format!("{k}: {}", plain(v)))
            .collect::<Vec<_>>()
            .join(", "),
    }
}

fn write_pretty(node: &Node, depth: usize, out: &mut String) {
    let indent = |out: &mut String, depth: usize| {
        out.push('\n');
        out.push_str(&"  ".repeat(depth));
    };
    match node {
        Node::Null => out.push_str("null"),
        Node::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Node::Num(n) => out.push_str(n),
        Node::Str(s) => out.push_str(Json::string(s).as_str()),
        Node::Arr(items) if items.is_empty() => out.push_str("[]"),
        Node::Obj(members) if members.is_empty() => out.push_str("{}"),
        Node::Arr(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                indent(out, depth + 1);
                write_pretty(item, depth + 1, out);
            }
            indent(out, depth);
            out.push(']');
        }
        Node::Obj(members) => {
            out.push('{');
            for (i, (k, v)) in members.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                indent(out, depth + 1);
                out.push_str(Json::string(k).as_str());
                out.push_str(": ");
                write_pretty(v, depth + 1, out);
            }
            indent(out, depth);
            out.push('}');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_results_read_as_words_and_expand_pretty() {
        let (line, expanded) =
            tool_result(r#"{"city":"Paris","temp":21.5,"tags":["sun","wind"],"ok":true}"#);
        assert_eq!(line, "city: Paris, temp: 21.5, tags: sun, wind, ok: true");
        assert_eq!(
            expanded,
            "{\n  \"city\": \"Paris\",\n  \"temp\": 21.5,\n  \"tags\": [\n    \"sun\",\n    \"wind\"\n  ],\n  \"ok\": true\n}"
        );
        // Pretty text is JSON that reads back the same.
        let back: serde_json::Value = serde_json::from_str(&expanded).unwrap();
        assert_eq!(back["tags"][1], "wind");
        assert_eq!(tool_result("[]").1, "[]");
        assert_eq!(
            tool_result(r#"{"q":"a \"b\""}"#).1,
            "{\n  \"q\": \"a \\\"b\\\"\"\n}"
        );
    }

    #[test]
    fn other_results_are_shown_as_they_came() {
        assert_eq!(tool_result("3 hits").0, "3 hits");
        assert_eq!(tool_result("\"just a string\"").1, "\"just a string\"");
        assert_eq!(tool_result("{not json").1, "{not json");
    }
}
