//! What the ask driver reads of a response head: the status and the few headers it decides on,
//! and how the `Content-Type` says to read the body.

/// The response head, as far as the driver needs it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ResponseHead {
    pub status: u16,
    /// `Content-Type` (empty when absent).
    pub content_type: String,
    /// `x-conversation-id`.
    pub conversation_id: Option<String>,
    /// `Retry-After`, as sent.
    pub retry_after: Option<String>,
    /// `Date`, as sent (the server's clock, for a `Retry-After` date).
    pub date: Option<String>,
    /// When the head arrived, ms since the Unix epoch.
    pub received_at_ms: u64,
}

pub(crate) enum Media {
    EventStream,
    Json,
    Other,
}

/// How a reply's `Content-Type` is read: its media type, case-insensitive, parameters ignored.
pub(crate) fn media_type(content_type: &str) -> Media {
    let essence = content_type
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    if essence == "text/event-stream" {
        Media::EventStream
    } else if essence == "application/json" || essence.ends_with("+json") {
        Media::Json
    } else {
        Media::Other
    }
}
