//! Stream shape discovery: which event names and field names a stream carried, and how many
//! events were unknown, invalid or dropped. Names only, never values; bounded in size.

use super::sorted::{SortedMap, SortedSet};
use crate::wire::json::{Json, Obj};

/// At most this many distinct names are recorded per table (a hostile stream cannot grow it).
const MAX_NAMES: usize = 128;
/// Names longer than this are cut (on a character boundary).
const MAX_NAME_LEN: usize = 64;

#[derive(Debug, Default, Clone, PartialEq)]
pub struct Diagnostics {
    events: SortedMap<String, u64>,
    fields: SortedMap<String, SortedSet<String>>,
    field_total: usize,
    unknown_events: u64,
    unknown_fields: u64,
    invalid_json: u64,
    invalid_shape: u64,
    dropped_model_requests: u64,
    retries: u64,
    /// The event name of the token deltas read by the fast path, once the first is recorded
    /// (see [`Diagnostics::fast_delta`]).
    fast_delta_name: Option<&'static str>,
    /// Token deltas after that first one, not yet added to `events`.
    fast_deltas: u64,
}

#[inline]
fn cut(name: &str) -> String {
    match name.char_indices().nth(MAX_NAME_LEN) {
        Some((at, _)) => name[..at].to_string(),
        None => name.to_string(),
    }
}

impl Diagnostics {
    pub fn new() -> Self {
        Self::default()
    }

    /// An event named `name` arrived. Not inlined: the per-chunk path is built for speed,
    /// this is built small (its lookups are the same either way).
    #[inline(never)]
    pub fn event(&mut self, name: &str) {
        if let Some(n) = self.events.get_mut(name) {
            *n += 1;
            return;
        }
        let name = cut(name);
        if let Some(n) = self.events.get_mut(&name) {
            *n += 1;
        } else if self.events.len() < MAX_NAMES {
            self.events.insert(name, 1);
        }
    }

    /// Field `field` (a dotted path such as `part.content`) was seen on event `name`.
    /// Called for every field of every event: a pair already recorded costs two lookups and
    /// no allocation (this runs tens of thousands of times per answer). Not inlined, as
    /// [`Diagnostics::event`].
    #[inline(never)]
    pub fn field(&mut self, name: &str, field: &str) {
        if self.fields.get(name).is_some_and(|set| set.contains(field)) {
            return;
        }
        if self.field_total >= MAX_NAMES * 4 {
            return;
        }
        if self.fields.get_or_default(cut(name)).add(cut(field)) {
            self.field_total += 1;
        }
    }

    /// A token delta read by the fast path: always an event `name` with the same `fields`.
    /// The first is recorded as [`Diagnostics::event`] and [`Diagnostics::field`] record it;
    /// the others are only counted, without a lookup, and added to `name`'s count when the
    /// report is written (a long answer brings thousands of them).
    #[inline]
    pub fn fast_delta(&mut self, name: &'static str, fields: &[&str]) {
        if self.fast_delta_name.is_some() {
            self.fast_deltas += 1;
        } else {
            self.first_fast_delta(name, fields);
        }
    }

    #[cold]
    #[inline(never)]
    fn first_fast_delta(&mut self, name: &'static str, fields: &[&str]) {
        self.event(name);
        for field in fields {
            self.field(name, field);
        }
        self.fast_delta_name = Some(name);
    }

    /// Events by name, the fast path's counted in.
    fn event_counts(&self) -> SortedMap<String, u64> {
        let mut events = self.events.clone();
        if let Some(n) = self.fast_delta_name.and_then(|name| events.get_mut(name)) {
            *n += self.fast_deltas;
        }
        events
    }

    #[inline]
    pub fn unknown_event(&mut self) {
        self.unknown_events += 1;
    }

    #[inline]
    pub fn unknown_field(&mut self) {
        self.unknown_fields += 1;
    }

    #[inline]
    pub fn invalid_json(&mut self) {
        self.invalid_json += 1;
    }

    #[inline]
    pub fn invalid_shape(&mut self) {
        self.invalid_shape += 1;
    }

    #[inline]
    pub fn dropped_model_request(&mut self) {
        self.dropped_model_requests += 1;
    }

    /// A valid SSE `retry:` field was received.
    pub fn retry_field(&mut self) {
        self.retries += 1;
    }

    pub fn invalid_json_count(&self) -> u64 {
        self.invalid_json
    }

    pub fn unknown_event_count(&self) -> u64 {
        self.unknown_events
    }

    pub fn unknown_field_count(&self) -> u64 {
        self.unknown_fields
    }

    /// The report as JSON: `{"droppedModelRequests":n,"events":{name:count},"fields":{name:
    /// [field,..]},"invalidJson":n,"invalidShape":n,"retryFields":n,"unknownEvents":n,
    /// "unknownFields":n}`, keys in sorted order (as a JSON object map writes them).
    pub fn to_json(&self) -> Json {
        self.report(&StreamFacts::default())
    }

    /// The report with the stream's own `facts` among its keys, all in sorted order.
    pub fn report(&self, facts: &StreamFacts) -> Json {
        let mut events = Obj::new();
        for (name, n) in self.event_counts().iter() {
            events = events.uint(name, *n);
        }
        let mut fields = Obj::new();
        for (name, set) in self.fields.iter() {
            fields = fields.json(name, &Json::array(set.keys().map(|f| Json::string(f))));
        }
        let obj = Obj::new();
        let obj = match facts.bytes {
            Some(bytes) => obj.uint("bytes", bytes),
            None => obj,
        };
        let obj = obj
            .uint("droppedModelRequests", self.dropped_model_requests)
            .json("events", &events.done())
            .json("fields", &fields.done())
            .uint("invalidJson", self.invalid_json)
            .uint("invalidShape", self.invalid_shape)
            .opt_str("limit", facts.limit.as_deref())
            .uint("retryFields", self.retries);
        let obj = match facts.bytes {
            Some(_) => obj
                .uint("sseEvents", facts.sse_events)
                .bool("terminal", facts.terminal)
                .uint("toolsDropped", facts.tools_dropped),
            None => obj,
        };
        obj.uint("unknownEvents", self.unknown_events)
            .uint("unknownFields", self.unknown_fields)
            .done()
    }

    /// [`Diagnostics::to_json`] as a `serde_json` value (for native callers: tests, tools).
    pub fn to_value(&self) -> serde_json::Value {
        serde_json::from_str(self.to_json().as_str()).unwrap_or_default()
    }
}

/// What a stream adds to its report: set together by the pipeline (`bytes` present), or none.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StreamFacts {
    pub bytes: Option<u64>,
    pub sse_events: u64,
    pub terminal: bool,
    pub tools_dropped: u64,
    /// The limit that ended the stream, if one did.
    pub limit: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_names_and_bounds_growth() {
        let mut d = Diagnostics::new();
        d.event("PartDeltaEvent");
        d.event("PartDeltaEvent");
        d.field("PartDeltaEvent", "delta.content_delta");
        for i in 0..1000 {
            d.event(&format!("E{i}"));
            d.field("X", &format!("f{i}"));
        }
        d.event(&"n".repeat(500));
        let j = d.to_value();
        assert_eq!(j["events"]["PartDeltaEvent"], 2);
        assert_eq!(j["events"].as_object().map(|o| o.len()), Some(MAX_NAMES));
        assert_eq!(j["fields"]["PartDeltaEvent"][0], "delta.content_delta");
        assert!(j["fields"]["X"].as_array().map(|a| a.len()) < Some(MAX_NAMES * 4));
    }

    #[test]
    fn repeated_fields_are_recorded_and_counted_once() {
        let mut d = Diagnostics::new();
        let long = "n".repeat(100);
        for _ in 0..10_000 {
            d.field("PartDeltaEvent", "delta");
            d.field(&long, "a");
        }
        for i in 0..MAX_NAMES * 4 {
            d.field("X", &format!("f{i}"));
        }
        let j = d.to_value();
        assert_eq!(
            j["fields"]["PartDeltaEvent"].as_array().map(Vec::len),
            Some(1)
        );
        assert_eq!(j["fields"]["n".repeat(MAX_NAME_LEN)][0], "a");
        // The repeats took one slot each of the bound, not 10 000.
        assert_eq!(
            j["fields"]["X"].as_array().map(Vec::len),
            Some(MAX_NAMES * 4 - 2)
        );
    }

    #[test]
    fn long_names_are_cut_on_char_boundaries() {
        let mut d = Diagnostics::new();
        d.event(&"é".repeat(100));
        let j = d.to_value();
        let name = j["events"]
            .as_object()
            .and_then(|o| o.keys().next().cloned());
        assert_eq!(name.map(|n| n.chars().count()), Some(MAX_NAME_LEN));
    }
}
