//! Fast path for a `PartStartEvent` of a text or thinking part: the first token of a part, and
//! in one-event answers the whole answer. Read in one pass by [`Scanner`] (no JSON tree,
//! whose reader would hold an escaped text once more while decoding it), giving the same event and the same diagnostics as the general decoder. Any other shape
//! (another part kind, a value that is not a string, unsigned integer or null where a scalar
//! is read, a duplicate or escaped key, invalid JSON) returns `None` and the general decoder
//! handles it.

use super::json_scan::{unescape_in_place, Scalar, Scanner};
use super::{known_fields, Part, PartRef, ZoEvent};
use crate::stream::diagnostics::Diagnostics;

const NAME: &str = "PartStartEvent";

/// The structural objects whose keys the diagnostics record one level down.
const NESTED: [&str; 2] = ["metadata", "part"];

/// The keys this reader takes at the top level, and in its structural objects together; an
/// event with more goes to the general decoder (the live events have a handful).
const MAX_KEYS: usize = 32;

/// The event, when `data` (of an SSE event named `PartStartEvent`) starts a text or thinking
/// part in a shape this reader takes; `diag` is updated only then.
#[inline]
pub(super) fn decode(data: &str, diag: &mut Diagnostics) -> Option<ZoEvent> {
    let mut fields = read(data, Scanner::string)?;
    let content = std::mem::take(&mut fields.content).into_owned();
    let (part_ref, thinking) = fields.header(diag);
    Some(event(part_ref, thinking, content))
}

/// As [`decode`], for an event whose data the caller owns: the part's text is unescaped in
/// `data`'s own buffer, which becomes the text (a one-event answer is never held twice). When
/// this reader does not take the shape, `data` comes back unchanged.
#[inline]
pub(super) fn decode_in_place(data: String, diag: &mut Diagnostics) -> Result<ZoEvent, String> {
    let Some(fields) = read(&data, Scanner::string_span) else {
        return Err(data);
    };
    let span = fields.content.clone();
    let (part_ref, thinking) = fields.header(diag);
    // The span was checked as `Scanner::string` checks a string: unescaping it cannot fail.
    let content = unescape_in_place(data, span).unwrap_or_default();
    Ok(event(part_ref, thinking, content))
}

#[inline]
fn event(part_ref: PartRef, thinking: bool, content: String) -> ZoEvent {
    let part = if thinking {
        Part::Thinking { content }
    } else {
        Part::Text { content }
    };
    ZoEvent::PartStart { part_ref, part }
}

/// A text or thinking part's start, read; its content as `C` (decoded, or where it is).
struct Fields<'a, C> {
    keys: Vec<&'a str>,
    nested: Vec<(&'a str, &'a str)>,
    index: u64,
    thinking: bool,
    content: C,
    zmid: Option<Scalar<'a>>,
}

impl<C> Fields<'_, C> {
    /// Records the diagnostics; which part this is, and whether it is thinking.
    #[inline]
    fn header(self, diag: &mut Diagnostics) -> (PartRef, bool) {
        let zmid = match self.zmid {
            Some(Scalar::Str(z)) => Some(z.into_owned()),
            _ => None,
        };
        record(diag, self.keys, self.nested);
        let part_ref = PartRef {
            zmid,
            index: self.index,
        };
        (part_ref, self.thinking)
    }
}

/// Reads the shape, the part's content with `content_of`.
#[inline]
fn read<'a, C>(
    data: &'a str,
    mut content_of: impl FnMut(&mut Scanner<'a>) -> Option<C>,
) -> Option<Fields<'a, C>> {
    let mut scan = Scanner::new(data);
    let mut keys: Vec<&str> = Vec::new();
    let mut nested: Vec<(&str, &str)> = Vec::new();
    let (mut index, mut kind, mut content, mut zmid) = (None, None, None, None);
    scan.object(|scan, key| {
        if keys.len() == MAX_KEYS || keys.contains(&key) {
            return None;
        }
        keys.push(key);
        match key {
            "index" => index = Some(scan.uint()?),
            "part" | "metadata" => scan.object(|scan, inner| {
                if nested.len() == MAX_KEYS || nested.contains(&(key, inner)) {
                    return None;
                }
                nested.push((key, inner));
                match (key, inner) {
                    ("part", "part_kind") => kind = Some(scan.string()?),
                    ("part", "content") => content = Some(content_of(scan)?),
                    ("metadata", "zmid") => zmid = Some(scan.scalar()?),
                    _ => drop(scan.scalar()?),
                }
                Some(())
            })?,
            _ => drop(scan.scalar()?),
        }
        Some(())
    })?;
    scan.end()?;
    let thinking = match kind?.as_ref() {
        "text" => false,
        "thinking" => true,
        _ => return None,
    };
    Some(Fields {
        keys,
        nested,
        index: index?,
        thinking,
        content: content?,
        zmid,
    })
}

/// The diagnostics the general decoder records for these keys: each top-level key (counted
/// unknown when the event does not define it), then the keys of its structural objects, in
/// key order.
#[inline]
fn record(diag: &mut Diagnostics, mut keys: Vec<&str>, mut nested: Vec<(&str, &str)>) {
    diag.event(NAME);
    sort_few(&mut keys);
    sort_few(&mut nested);
    let known = known_fields(NAME);
    for key in keys {
        diag.field(NAME, key);
        if !known.contains(&key) {
            diag.unknown_field();
        }
        if NESTED.contains(&key) {
            for (_, inner) in nested.iter().filter(|(k, _)| *k == key) {
                diag.field(NAME, &format!("{key}.{inner}"));
            }
        }
    }
}

/// Sorts at most [`MAX_KEYS`] items by insertion: a few comparisons, and none of the code of
/// the standard library's sort (kilobytes in the worker's wasm for each item type).
#[inline]
fn sort_few<T: Ord>(items: &mut [T]) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && items[j - 1] > items[j] {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::decode_general;
    use super::*;
    use proptest::prelude::*;

    /// Both decoders on `data`: same result, same diagnostics; and whether the fast path took it.
    /// The in-place reader takes the same shapes with the same result, or gives `data` back.
    fn check(data: &str) -> bool {
        let (mut d_fast, mut d_general) = (Diagnostics::new(), Diagnostics::new());
        let general = decode_general(NAME, data, &mut d_general);
        let mut d_place = Diagnostics::new();
        let in_place = decode_in_place(data.to_string(), &mut d_place);
        match decode(data, &mut d_fast) {
            Some(fast) => {
                assert_eq!(in_place.as_ref(), Ok(&fast), "{data}");
                assert_eq!(d_place.to_json(), d_general.to_json(), "{data}");
                assert_eq!(Ok(fast), general, "{data}");
                assert_eq!(d_fast.to_json(), d_general.to_json(), "{data}");
                true
            }
            None => {
                assert_eq!(in_place.as_ref().err().map(String::as_str), Some(data));
                assert_eq!(d_place.to_json(), Diagnostics::new().to_json(), "{data}");
                assert_eq!(d_fast.to_json(), Diagnostics::new().to_json(), "{data}");
                false
            }
        }
    }

    #[test]
    fn escapes_decode_in_place_as_the_borrowing_reader_decodes_them() {
        let escapes = LIVE.replace(
            r#"Hello \"you\"\n"#,
            r#"\u00e9\ud83d\ude80 a\/b \\ \b\f\r\t end \"q\""#,
        );
        assert!(check(&escapes));
        match decode_in_place(escapes, &mut Diagnostics::new()) {
            Ok(ZoEvent::PartStart {
                part: Part::Text { content },
                ..
            }) => assert_eq!(content, "é🚀 a/b \\ \u{8}\u{c}\r\t end \"q\""),
            other => panic!("{other:?}"),
        }
        // An invalid escape or a lone surrogate: not taken, the data comes back.
        assert!(!check(&LIVE.replace(r#"\n""#, r#"\x""#)));
        assert!(!check(&LIVE.replace(r#"\n""#, r#"\ud83d""#)));
    }

    /// A long text whose escapes and multibyte characters fall at every place of an 8-byte
    /// word: the fast path gives the general decoder's text.
    #[test]
    fn long_texts_with_escapes_at_every_offset_decode_alike() {
        // As JSON text: escapes of every kind, raw multibyte characters.
        let piece = r#"ab\"c\\d\n é日🚀\u00e9\ud83d\ude80 \t/\/"#;
        for lead in 0..17 {
            let json = format!(
                "\"{}{}{}\"",
                "x".repeat(lead),
                piece.repeat(9),
                "y".repeat(lead)
            );
            let data = LIVE.replace(r#""Hello \"you\"\n""#, &json);
            assert!(check(&data), "lead {lead}");
            // Raw control characters are not JSON: never taken, wherever they are.
            let raw = format!("\"{}{}\u{1f}z\"", "x".repeat(lead), piece);
            assert!(
                !check(&LIVE.replace(r#""Hello \"you\"\n""#, &raw)),
                "lead {lead}"
            );
        }
    }

    const LIVE: &str = r#"{"index":0,"part":{"part_kind":"text","content":"Hello \"you\"\n","id":null},"previous_part_kind":null,"event_kind":"part_start","metadata":{"zmid":"zmid_1","runner_id":"runner_1"}}"#;

    #[test]
    fn the_live_shapes_take_the_fast_path_with_the_same_result() {
        assert!(check(LIVE));
        assert!(check(&LIVE.replace("\"text\"", "\"thinking\"")));
        assert!(check(&LIVE.replace(
            "\"previous_part_kind\":null",
            "\"previous_part_kind\":\"thinking\""
        )));
        assert!(check(
            r#"{"index":3,"part":{"part_kind":"text","content":""}}"#
        ));
        assert!(check(
            r#" { "part" : {"content":"é 🚀\u00e9","part_kind":"text"} , "index":1 , "x":7 } "#
        ));
        assert!(check(&LIVE.replace("\"zmid\":\"zmid_1\"", "\"zmid\":null")));
        assert!(check(&LIVE.replace("\"zmid\":\"zmid_1\"", "\"zmid\":5")));
        match decode(LIVE, &mut Diagnostics::new()) {
            Some(ZoEvent::PartStart {
                part: Part::Text { content },
                ..
            }) => assert_eq!(content, "Hello \"you\"\n"),
            other => panic!("{other:?}"),
        }
    }

    /// `LIVE` with `n` more top-level keys, named in descending order.
    fn with_keys(n: usize) -> String {
        let extra: String = (0..n).rev().map(|i| format!(r#""k{i:02}":{i},"#)).collect();
        LIVE.replacen('{', &format!("{{{extra}"), 1)
    }

    #[test]
    fn keys_in_any_order_up_to_the_cap_take_the_fast_path_beyond_it_the_general_one() {
        assert!(check(&with_keys(MAX_KEYS - 5)));
        assert!(!check(&with_keys(MAX_KEYS)));
        let nested: String = (0..MAX_KEYS)
            .rev()
            .map(|i| format!(r#""n{i:02}":{i},"#))
            .collect();
        assert!(!check(&LIVE.replacen(
            r#""zmid""#,
            &format!(r#"{nested}"zmid""#),
            1
        )));
    }

    #[test]
    fn near_the_diagnostics_field_cap_the_same_keys_are_recorded() {
        // Room for three more field names (the cap is 512): which three depends on the order
        // the keys are recorded in, the general decoder's (sorted).
        let fill = |d: &mut Diagnostics| {
            for i in 0..509 {
                d.field("Other", &format!("f{i}"));
            }
        };
        let data = with_keys(10);
        let (mut fast, mut general) = (Diagnostics::new(), Diagnostics::new());
        fill(&mut fast);
        fill(&mut general);
        let expected = decode_general(NAME, &data, &mut general);
        assert_eq!(decode(&data, &mut fast).map(Ok), Some(expected));
        assert_eq!(fast.to_json(), general.to_json());
    }

    #[test]
    fn every_other_shape_falls_back_to_the_general_decoder() {
        for v in [
            LIVE.replace("\"text\"", "\"tool-call\""),
            LIVE.replace(r#""index":0"#, r#""index":1.0"#),
            LIVE.replace(r#""index":0"#, r#""index":-1"#),
            LIVE.replace(r#""index":0,"#, ""),
            LIVE.replace(r#""index":0"#, r#""index":0,"index":1"#),
            LIVE.replace(r#""id":null"#, r#""id":null,"id":1"#),
            LIVE.replace(r#""id":null"#, r#""id":true"#),
            LIVE.replace(r#""id":null"#, r#""id":{"a":1}"#),
            LIVE.replace(r#""content":"Hello \"you\"\n""#, r#""content":null"#),
            LIVE.replace(r#""content":"Hello \"you\"\n","#, ""),
            LIVE.replace(r#""event_kind":"part_start""#, r#""event_kind":["x"]"#),
            LIVE.replace(
                r#""metadata":{"zmid":"zmid_1","runner_id":"runner_1"}"#,
                r#""metadata":null"#,
            ),
            LIVE.replace("\"index\"", "\"ind\\u0065x\""),
            LIVE.replace("}}", "}"),
            format!("{LIVE} x"),
            "[]".to_string(),
            String::new(),
        ] {
            assert!(!check(&v), "took the fast path: {v}");
        }
    }

    proptest! {
        #[test]
        fn same_result_and_diagnostics_on_random_shapes(
            keys in proptest::collection::vec(
                prop::sample::select(vec!["index", "part", "event_kind", "metadata", "x", "delta"]), 0..6),
            kind in prop::sample::select(vec!["text", "thinking", "tool-call", ""]),
            index in prop::sample::select(vec!["0", "3", "1.5", "null", "\"2\""]),
            content in ".{0,6}",
            part_keys in proptest::collection::vec(
                prop::sample::select(vec!["part_kind", "content", "id", "y"]), 0..5),
            meta_keys in proptest::collection::vec(
                prop::sample::select(vec!["zmid", "runner_id", "y"]), 0..4),
            scalar in prop::sample::select(vec!["null", "\"s\"", "4", "true", "{}"]),
        ) {
            let mut fields = Vec::new();
            for k in &keys {
                let value = match *k {
                    "index" => index.to_string(),
                    "part" => {
                        let inner: Vec<String> = part_keys.iter().map(|p| match *p {
                            "part_kind" => format!(r#""part_kind":{kind:?}"#),
                            "content" => format!(r#""content":{}"#, serde_json::Value::String(content.clone())),
                            other => format!(r#""{other}":{scalar}"#),
                        }).collect();
                        format!("{{{}}}", inner.join(","))
                    }
                    "metadata" => {
                        let inner: Vec<String> =
                            meta_keys.iter().map(|m| format!(r#""{m}":"v_{m}""#)).collect();
                        format!("{{{}}}", inner.join(","))
                    }
                    "delta" => "{\"a\":1}".to_string(),
                    _ => scalar.to_string(),
                };
                fields.push(format!(r#""{k}":{value}"#));
            }
            check(&format!("{{{}}}", fields.join(",")));
        }
    }
}
