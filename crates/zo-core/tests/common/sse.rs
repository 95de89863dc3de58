//! Zo event streams for tests, built from text: the live event shapes (a thinking part, a text
//! part started with its first token and grown by deltas, `completed` or `failed`).

#![allow(dead_code)]

/// One SSE event.
pub fn event(name: &str, data: &serde_json::Value) -> String {
    format!("event: {name}\ndata: {data}\n\n")
}

/// A part of kind `kind` ("text" or "thinking") at `index`, its text streamed in `tokens`.
pub fn part(index: u32, kind: &str, tokens: &[&str]) -> String {
    let mut out = String::new();
    let Some((first, rest)) = tokens.split_first() else {
        return out;
    };
    out.push_str(&event(
        "PartStartEvent",
        &serde_json::json!({"index": index, "part": {"part_kind": kind, "content": first},
                            "event_kind": "part_start", "metadata": {"zmid": "m1"}}),
    ));
    for token in rest {
        out.push_str(&event(
            "PartDeltaEvent",
            &serde_json::json!({"index": index,
                                "delta": {"part_delta_kind": kind, "content_delta": token},
                                "event_kind": "part_delta"}),
        ));
    }
    out
}

/// `text` cut into tokens of about `size` characters.
pub fn tokens(text: &str, size: usize) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    chars
        .chunks(size.max(1))
        .map(|c| c.iter().collect())
        .collect()
}

/// A whole answer: thinking (when not empty), then the text, each in tokens of 3 characters,
/// then `completed`.
pub fn answer(thinking: &str, text: &str) -> String {
    let mut out = body(thinking, text);
    out.push_str(&completed());
    out
}

/// The events of an answer without its terminal event.
pub fn body(thinking: &str, text: &str) -> String {
    let mut out = String::new();
    let mut index = 0;
    if !thinking.is_empty() {
        let t = tokens(thinking, 3);
        let refs: Vec<&str> = t.iter().map(String::as_str).collect();
        out.push_str(&part(index, "thinking", &refs));
        index += 1;
    }
    let t = tokens(text, 3);
    let refs: Vec<&str> = t.iter().map(String::as_str).collect();
    out.push_str(&part(index, "text", &refs));
    out
}

pub fn completed() -> String {
    event("completed", &serde_json::json!({"status": "completed"}))
}

pub fn failed(error: &str) -> String {
    event(
        "failed",
        &serde_json::json!({"status": "failed", "error": error, "error_type": "ModelError"}),
    )
}
