//! The stream-shape record: which Zo event types and field names arrived, summed over the
//! answers seen (names and counts only, never values), bounded in size. The worker folds each
//! answer's diagnostics (`STREAM_DIAGNOSTIC`, see [`crate::stream::Diagnostics`]) into it and
//! keeps it in `chrome.storage.local` under [`STREAM_SHAPE_KEY`]; the options page shows it, so
//! a changed Zo wire format is noticed. Read with the hand JSON reader (the options page carries
//! no serde), tolerantly: what is not a name and a count is left out.

use super::sorted::{SortedMap, SortedSet};
use crate::wire::json::{Json, Node, Obj};

/// The storage key of the record.
pub const STREAM_SHAPE_KEY: &str = "streamShape";
/// Most event names kept.
pub const MAX_EVENTS: usize = 128;
/// Most (event, field) names kept in all.
pub const MAX_FIELDS: usize = 512;
/// Names longer than this many characters are cut.
const MAX_NAME_CHARS: usize = 64;

/// The counters of what did not fit the known wire format: key and label.
pub const COUNTERS: [(&str, &str); 5] = [
    ("unknownEvents", "unknown events"),
    ("unknownFields", "unknown fields"),
    ("invalidJson", "invalid JSON"),
    ("invalidShape", "events of an unexpected shape"),
    ("droppedModelRequests", "prompt echoes dropped"),
];

/// What arrived, over `streams` streams (one per attempt of an ask).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StreamShape {
    pub streams: u64,
    /// When it last changed (ms since the epoch).
    pub updated_at: u64,
    pub events: SortedMap<String, u64>,
    pub fields: SortedMap<String, SortedSet<String>>,
    /// The [`COUNTERS`], by key.
    pub counters: SortedMap<String, u64>,
}

/// One event type as the options page lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShapeRow {
    pub event: String,
    pub count: u64,
    /// Its field names, comma separated.
    pub fields: String,
}

fn cut(name: &str) -> String {
    name.chars().take(MAX_NAME_CHARS).collect()
}

fn count(node: &Node) -> Option<u64> {
    match node {
        Node::Num(n) => n.parse().ok(),
        _ => None,
    }
}

impl StreamShape {
    /// The record (or one answer's diagnostics, which have the same fields) from its JSON.
    pub fn read(node: &Node) -> StreamShape {
        let mut shape = StreamShape {
            streams: node.get("streams").and_then(count).unwrap_or(0),
            updated_at: node.get("updatedAt").and_then(count).unwrap_or(0),
            ..StreamShape::default()
        };
        shape.merge_node(node);
        shape
    }

    /// Folds one stream's diagnostics in, at `now_ms`.
    pub fn add(&mut self, diagnostics: &Node, now_ms: u64) {
        self.merge_node(diagnostics);
        self.streams = self.streams.saturating_add(1);
        self.updated_at = now_ms;
    }

    fn merge_node(&mut self, node: &Node) {
        if let Some(Node::Obj(events)) = node.get("events") {
            for (name, n) in events {
                let Some(n) = count(n) else { continue };
                let name = cut(name);
                if let Some(total) = self.events.get_mut(&name) {
                    *total = total.saturating_add(n);
                } else if self.events.len() < MAX_EVENTS {
                    self.events.insert(name, n);
                }
            }
        }
        if let Some(Node::Obj(fields)) = node.get("fields") {
            let mut total: usize = self.fields.values().map(SortedSet::len).sum();
            for (event, names) in fields {
                let Node::Arr(names) = names else { continue };
                for field in names.iter().filter_map(Node::as_str) {
                    if total >= MAX_FIELDS {
                        return;
                    }
                    if self.fields.get_or_default(cut(event)).add(cut(field)) {
                        total += 1;
                    }
                }
            }
        }
        for (key, _) in COUNTERS {
            if let Some(n) = node.get(key).and_then(count) {
                let c = self.counters.get_or_default(key.to_string());
                *c = c.saturating_add(n);
            }
        }
    }

    /// The record's JSON, as stored.
    pub fn to_json(&self) -> Json {
        let mut events = Obj::new();
        for (name, n) in self.events.iter() {
            events = events.uint(name, *n);
        }
        let mut fields = Obj::new();
        for (name, set) in self.fields.iter() {
            fields = fields.json(name, &Json::array(set.keys().map(|f| Json::string(f))));
        }
        let mut obj = Obj::new()
            .uint("streams", self.streams)
            .uint("updatedAt", self.updated_at)
            .json("events", &events.done())
            .json("fields", &fields.done());
        for (key, _) in COUNTERS {
            obj = obj.uint(key, self.counters.get(key).copied().unwrap_or(0));
        }
        obj.done()
    }

    /// One line on what did not fit (see [`oddities_of`]).
    pub fn oddities(&self) -> String {
        oddities_of(|key| self.counters.get(key).copied().unwrap_or(0))
    }
}

/// A stored record as the options page shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShapeView {
    pub streams: u64,
    /// What did not fit the known format, in one line.
    pub oddities: String,
    /// Each event type (in the record's order), its count and its fields.
    pub rows: Vec<ShapeRow>,
}

/// The options page's view of a stored record, read straight from its JSON (the page needs
/// none of the record's bookkeeping).
pub fn view(node: &Node) -> ShapeView {
    let fields_of = |event: &str| match node.get("fields").and_then(|f| f.get(event)) {
        Some(Node::Arr(names)) => names
            .iter()
            .filter_map(Node::as_str)
            .collect::<Vec<_>>()
            .join(", "),
        _ => String::new(),
    };
    let rows = match node.get("events") {
        Some(Node::Obj(events)) => events
            .iter()
            .filter_map(|(event, n)| {
                Some(ShapeRow {
                    event: event.to_string(),
                    count: count(n)?,
                    fields: fields_of(event),
                })
            })
            .collect(),
        _ => Vec::new(),
    };
    ShapeView {
        streams: node.get("streams").and_then(count).unwrap_or(0),
        oddities: oddities_of(|key| node.get(key).and_then(count).unwrap_or(0)),
        rows,
    }
}

/// "Nothing unexpected." or "3 unknown events, 1 invalid JSON", from the counters `get` gives.
fn oddities_of(get: impl Fn(&str) -> u64) -> String {
    let odd: Vec<String> = COUNTERS
        .iter()
        .filter(|(key, _)| *key != "droppedModelRequests")
        .filter_map(|(key, label)| {
            let n = get(key);
            (n > 0).then(|| format!("{n} {label}"))
        })
        .collect();
    if odd.is_empty() {
        "Nothing unexpected.".to_string()
    } else {
        odd.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stream::Diagnostics;
    use crate::wire::json::parse;

    fn diagnostics() -> String {
        let mut d = Diagnostics::new();
        d.event("PartStartEvent");
        d.event("PartDeltaEvent");
        d.event("PartDeltaEvent");
        d.field("PartStartEvent", "part.content");
        d.field("PartDeltaEvent", "delta.content_delta");
        d.unknown_event();
        d.to_json().into_string()
    }

    #[test]
    fn answers_add_up_names_and_counts_only() {
        let text = diagnostics();
        let diag = parse(&text).unwrap();
        let mut shape = StreamShape::default();
        shape.add(&diag, 5);
        shape.add(&diag, 9);
        assert_eq!((shape.streams, shape.updated_at), (2, 9));
        assert_eq!(shape.oddities(), "2 unknown events");
        // Stored and read back as it was; the options page's view of it.
        let stored = shape.to_json().into_string();
        assert_eq!(StreamShape::read(&parse(&stored).unwrap()), shape);
        let v = view(&parse(&stored).unwrap());
        assert_eq!((v.streams, v.oddities.as_str()), (2, "2 unknown events"));
        assert_eq!(
            v.rows,
            vec![
                ShapeRow {
                    event: "PartDeltaEvent".into(),
                    count: 4,
                    fields: "delta.content_delta".into()
                },
                ShapeRow {
                    event: "PartStartEvent".into(),
                    count: 2,
                    fields: "part.content".into()
                }
            ]
        );
        assert!(
            !stored.contains("content\":\""),
            "values never stored: {stored}"
        );
    }

    #[test]
    fn the_record_stays_bounded_and_reads_anything_tolerantly() {
        let mut shape = StreamShape::default();
        for round in 0..3 {
            let mut events = Obj::new();
            let mut fields = Obj::new();
            for i in 0..200 {
                events = events.uint(&format!("E{round}-{i}-{}", "x".repeat(100)), 1);
                fields = fields.json(
                    &format!("E{i}"),
                    &Json::array((0..10).map(|f| Json::string(&format!("f{f}")))),
                );
            }
            let text = Obj::new()
                .json("events", &events.done())
                .json("fields", &fields.done())
                .done()
                .into_string();
            shape.add(&parse(&text).unwrap(), 1);
        }
        assert_eq!(shape.events.len(), MAX_EVENTS);
        assert!(shape.events.keys().all(|k| k.chars().count() <= 64));
        assert_eq!(
            shape.fields.values().map(SortedSet::len).sum::<usize>(),
            MAX_FIELDS
        );
        for junk in [
            "null",
            "[]",
            "{\"events\":[1],\"fields\":{\"a\":\"b\"},\"streams\":\"x\"}",
        ] {
            assert_eq!(
                StreamShape::read(&parse(junk).unwrap()),
                StreamShape::default()
            );
        }
        assert_eq!(StreamShape::default().oddities(), "Nothing unexpected.");
        let v = view(&parse("{\"events\":{\"A\":\"x\",\"B\":3}}").unwrap());
        assert_eq!(
            (v.streams, v.rows.len(), v.oddities.as_str()),
            (0, 1, "Nothing unexpected.")
        );
    }
}
