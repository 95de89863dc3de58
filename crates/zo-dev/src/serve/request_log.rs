//! The request log behind `GET /__requests`: what each request carried (method, path,
//! headers without the Authorization value, JSON body) and how its response ended, including
//! whether the client closed the connection before the response was complete.

use serde::Serialize;
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::Mutex;

/// What the Authorization header held (never its value).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum AuthState {
    Absent,
    Valid,
    Invalid,
}

/// How a response ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// Fully written.
    Complete,
    /// The client closed the connection first.
    ClientClosed,
    /// The server cut the connection on purpose (`fault=cut`).
    ServerCut,
    /// Writing failed for another reason.
    WriteError,
}

/// One recorded request.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Entry {
    /// 1, 2, 3... in arrival order (not reset by clearing).
    pub seq: u64,
    pub method: String,
    pub path: String,
    pub query: Option<String>,
    /// Lowercased names; repeated headers joined with ", "; no `authorization`.
    pub headers: BTreeMap<String, String>,
    pub authorization: AuthState,
    /// The body parsed as JSON; a string when it is not JSON; null when empty.
    pub body: Value,
    /// The response status, once known.
    pub status: Option<u16>,
    pub conversation_id: Option<String>,
    /// The fault applied to this request, if any.
    pub fault: Option<String>,
    /// The response handling is over (see `outcome`).
    pub finished: bool,
    pub outcome: Option<Outcome>,
    /// The client closed the connection before the response was complete.
    pub client_closed_early: bool,
    /// With `[[zo:stamps=1]]`: when the write of each token of the stream started, in ms since
    /// the Unix epoch (microsecond precision), for latency measurements.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token_written_at: Option<Vec<f64>>,
}

/// The shared log.
#[derive(Debug, Default)]
pub struct RequestLog {
    inner: Mutex<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    next_seq: u64,
    entries: Vec<Entry>,
}

impl RequestLog {
    /// Records a new request (its `seq` is assigned here) and returns the seq.
    pub fn record(&self, mut entry: Entry) -> u64 {
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        inner.next_seq += 1;
        entry.seq = inner.next_seq;
        inner.entries.push(entry);
        inner.next_seq
    }

    /// Changes the entry `seq` (no-op when it was cleared meanwhile).
    pub fn update(&self, seq: u64, change: impl FnOnce(&mut Entry)) {
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(entry) = inner.entries.iter_mut().find(|e| e.seq == seq) {
            change(entry);
        }
    }

    /// Every entry, oldest first, as JSON.
    pub fn to_json(&self) -> Value {
        let inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        serde_json::to_value(&inner.entries).unwrap_or(Value::Null)
    }

    pub fn clear(&self) {
        self.inner
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entries
            .clear();
    }
}

/// Headers as recorded: lowercased, without `authorization`.
pub fn loggable_headers(headers: &[(String, String)]) -> BTreeMap<String, String> {
    let mut map: BTreeMap<String, String> = BTreeMap::new();
    for (name, value) in headers.iter().filter(|(n, _)| n != "authorization") {
        map.entry(name.clone())
            .and_modify(|v| {
                v.push_str(", ");
                v.push_str(value);
            })
            .or_insert_with(|| value.clone());
    }
    map
}

/// The body as recorded.
pub fn loggable_body(body: &[u8]) -> Value {
    if body.is_empty() {
        return Value::Null;
    }
    serde_json::from_slice(body)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(body).into_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_drop_authorization() {
        let h = loggable_headers(&[
            ("authorization".into(), "Bearer secret".into()),
            ("accept".into(), "a".into()),
            ("accept".into(), "b".into()),
        ]);
        assert_eq!(h.len(), 1);
        assert_eq!(h["accept"], "a, b");
    }

    #[test]
    fn record_update_clear() {
        let log = RequestLog::default();
        let entry = Entry {
            seq: 0,
            method: "GET".into(),
            path: "/".into(),
            query: None,
            headers: BTreeMap::new(),
            authorization: AuthState::Absent,
            body: loggable_body(b"{\"a\":1}"),
            status: None,
            conversation_id: None,
            fault: None,
            finished: false,
            outcome: None,
            client_closed_early: false,
            token_written_at: None,
        };
        let seq = log.record(entry.clone());
        log.update(seq, |e| e.client_closed_early = true);
        let json = log.to_json();
        assert_eq!(json[0]["clientClosedEarly"], true);
        assert_eq!(json[0]["body"]["a"], 1);
        assert_eq!(json[0]["authorization"], "absent");
        log.clear();
        assert_eq!(log.to_json(), serde_json::json!([]));
        assert_eq!(log.record(entry), 2);
    }
}
