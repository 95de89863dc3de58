//! Zo's HTTP API as this extension speaks it: the body of `POST {base}/zo/ask` and the
//! non-streaming reply `{output, conversation_id}`. A streamed answer (`text/event-stream`,
//! its conversation id in the `x-conversation-id` header) is read by [`crate::stream`].

use serde::{Deserialize, Serialize};

use crate::wire::json::fields::{string, Fields};
use crate::wire::json::{parse, Obj};

/// The JSON body of `POST /zo/ask`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct AskBody {
    /// The whole text Zo reads (the mode's prompt included).
    pub input: String,
    /// The conversation this ask continues; absent for a new one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conversation_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub persona_id: Option<String>,
    /// Ask for Server-Sent Events (the extension always does).
    #[serde(default)]
    pub stream: bool,
}

impl AskBody {
    /// The body as JSON text, as serde writes it.
    pub fn to_json(&self) -> String {
        Obj::new()
            .str("input", &self.input)
            .opt_str("conversation_id", self.conversation_id.as_deref())
            .opt_str("model_name", self.model_name.as_deref())
            .opt_str("persona_id", self.persona_id.as_deref())
            .bool("stream", self.stream)
            .done()
            .into_string()
    }
}

/// Zo's non-streaming reply, `{output, conversation_id}` (`application/json`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct AskReply {
    /// The whole answer text (a Co-browse answer's action envelope included).
    pub output: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conversation_id: Option<String>,
}

impl AskReply {
    /// Reads a reply body: UTF-8 JSON `{output, conversation_id}` (read as text, as every other
    /// JSON the extension reads, so the wasm carries one JSON reader).
    pub fn from_json(body: &[u8]) -> Result<AskReply, String> {
        let text = std::str::from_utf8(body).map_err(|e| format!("not UTF-8: {e}"))?;
        let node = parse(text).map_err(|e| e.to_string())?;
        let f = Fields::of(&node, &["output", "conversation_id"]).map_err(|e| e.to_string())?;
        Ok(AskReply {
            output: f.req("output", string).map_err(|e| e.to_string())?,
            conversation_id: f
                .opt("conversation_id", string)
                .map_err(|e| e.to_string())?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_body_leaves_out_what_is_not_set() {
        let body = AskBody {
            input: "hi".into(),
            stream: true,
            ..AskBody::default()
        };
        let value: serde_json::Value = serde_json::from_str(&body.to_json()).unwrap();
        assert_eq!(value, json!({"input": "hi", "stream": true}));
        let body = AskBody {
            input: "again".into(),
            conversation_id: Some("conv_1".into()),
            model_name: Some("m".into()),
            persona_id: Some("p".into()),
            stream: true,
        };
        let value: serde_json::Value = serde_json::from_str(&body.to_json()).unwrap();
        assert_eq!(
            value,
            json!({"input": "again", "conversation_id": "conv_1", "model_name": "m",
                   "persona_id": "p", "stream": true})
        );
    }

    #[test]
    fn the_reply_reads_with_or_without_a_conversation() {
        let r: AskReply = serde_json::from_value(json!({"output": "Hi", "x": 1})).unwrap();
        assert_eq!((r.output.as_str(), r.conversation_id), ("Hi", None));
        let r: AskReply =
            serde_json::from_value(json!({"output": "", "conversation_id": "c"})).unwrap();
        assert_eq!(r.conversation_id.as_deref(), Some("c"));
        assert!(serde_json::from_value::<AskReply>(json!({"text": "Hi"})).is_err());
    }

    #[test]
    fn a_reply_body_is_read_as_utf8_json() {
        let r = AskReply::from_json("{\"output\": \"Grüß dich\"}".as_bytes()).unwrap();
        assert_eq!(r.output, "Grüß dich");
        assert!(AskReply::from_json(b"{\"output\": \"\xff\"}")
            .unwrap_err()
            .contains("UTF-8"));
        assert!(AskReply::from_json(b"<!doctype html>").is_err());
    }

    #[test]
    fn body_and_reply_are_written_and_read_as_serde_does() {
        for body in [
            AskBody::default(),
            AskBody {
                input: "a \"quoted\"\nline \u{1}".to_string(),
                conversation_id: Some("c".to_string()),
                model_name: Some("m".to_string()),
                persona_id: Some("p".to_string()),
                stream: true,
            },
        ] {
            assert_eq!(body.to_json(), serde_json::to_string(&body).unwrap());
        }
        for text in [
            r#"{"output":"Hi"}"#,
            r#"{"output":"Hi","conversation_id":null,"x":[1]}"#,
            r#"{"output":"Hi","conversation_id":"c"}"#,
            r#"["Hi","c"]"#,
            r#"{"output":"a","output":"b"}"#,
            r#"{"output":1}"#,
            r#"{"conversation_id":"c"}"#,
            r#"{"output":"Hi","conversation_id":2}"#,
            r#"[]"#,
            r#""Hi""#,
            "{",
        ] {
            let hand = AskReply::from_json(text.as_bytes());
            let serde = serde_json::from_str::<AskReply>(text);
            assert_eq!(hand.is_ok(), serde.is_ok(), "{text}");
            if let (Ok(hand), Ok(serde)) = (hand, serde) {
                assert_eq!(hand, serde, "{text}");
            }
        }
    }
}
