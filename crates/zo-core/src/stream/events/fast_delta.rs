//! Fast path for the commonest Zo event: a `PartDeltaEvent` carrying a text or thinking token
//! in exactly the live shape `{index, delta:{part_delta_kind, content_delta}, event_kind,
//! metadata:{zmid, runner_id}}`. It is read in one pass by [`Scanner`] (no JSON
//! tree; strings borrowed unless escaped) and gives the same event and the same diagnostics as the general
//! decoder; anything else (another field, a missing or null one, another kind, a duplicate key,
//! invalid JSON) returns `None` and the general decoder handles it. Most of a long answer's
//! events take this path.

use std::borrow::Cow;

use super::json_scan::Scanner;
use super::TokenDelta;
use crate::stream::diagnostics::Diagnostics;

const NAME: &str = "PartDeltaEvent";

/// The field names the general decoder records for this shape (top level, then the structural
/// objects one level down).
const FIELDS: [&str; 8] = [
    "delta",
    "event_kind",
    "index",
    "metadata",
    "delta.content_delta",
    "delta.part_delta_kind",
    "metadata.runner_id",
    "metadata.zmid",
];

/// The token, when `data` (of an SSE event named `PartDeltaEvent`) has exactly the live shape
/// of a text or thinking delta; `diag` is updated only then.
#[inline]
pub(super) fn decode<'a>(data: &'a str, diag: &mut Diagnostics) -> Option<TokenDelta<'a>> {
    let token = in_wire_order(data).or_else(|| in_any_order(data))?;
    diag.fast_delta(NAME, &FIELDS);
    Some(token)
}

/// The fields in the order and spacing Zo sends them: matched as a template (literal key runs
/// between the values), the cheapest read. Accepts a subset of what [`in_any_order`] accepts.
#[inline]
fn in_wire_order(data: &str) -> Option<TokenDelta<'_>> {
    let mut scan = Scanner::new(data);
    scan.literal(br#"{"delta":{"content_delta":"#)?;
    let content = scan.string()?;
    scan.literal(br#","part_delta_kind":"#)?;
    let kind = scan.string()?;
    scan.literal(br#"},"event_kind":"#)?;
    scan.string()?;
    scan.literal(br#","index":"#)?;
    let index = scan.uint()?;
    scan.literal(br#","metadata":{"runner_id":"#)?;
    scan.string()?;
    scan.literal(br#","zmid":"#)?;
    let zmid = scan.string()?;
    scan.literal(b"}}")?;
    scan.end()?;
    token(kind, zmid, index, content)
}

/// The text or thinking token from its fields; `None` for another delta kind.
#[inline]
fn token<'a>(
    kind: Cow<'_, str>,
    zmid: Cow<'a, str>,
    index: u64,
    content: Cow<'a, str>,
) -> Option<TokenDelta<'a>> {
    let thinking = match kind.as_ref() {
        "text" => false,
        "thinking" => true,
        _ => return None,
    };
    Some(TokenDelta {
        zmid,
        index,
        thinking,
        content,
    })
}

/// The fields in any order, with any whitespace: each exactly once, no other field.
#[inline]
fn in_any_order(data: &str) -> Option<TokenDelta<'_>> {
    let mut scan = Scanner::new(data);
    let (mut index, mut kind, mut content, mut zmid) = (None, None, None, None);
    // Each field exactly once, no other field (a duplicate or unknown one declines).
    let mut seen = Seen::default();
    scan.object(|scan, key| match key {
        "index" => {
            seen.once(0)?;
            index = Some(scan.uint()?);
            Some(())
        }
        "event_kind" => {
            seen.once(1)?;
            scan.string().map(drop)
        }
        "delta" => {
            seen.once(2)?;
            let mut inner = Seen::default();
            scan.object(|scan, key| match key {
                "part_delta_kind" => {
                    inner.once(0)?;
                    kind = Some(scan.string()?);
                    Some(())
                }
                "content_delta" => {
                    inner.once(1)?;
                    content = Some(scan.string()?);
                    Some(())
                }
                _ => None,
            })?;
            inner.all(2)
        }
        "metadata" => {
            seen.once(3)?;
            let mut inner = Seen::default();
            scan.object(|scan, key| match key {
                "zmid" => {
                    inner.once(0)?;
                    zmid = Some(scan.string()?);
                    Some(())
                }
                "runner_id" => {
                    inner.once(1)?;
                    scan.string().map(drop)
                }
                _ => None,
            })?;
            inner.all(2)
        }
        _ => None,
    })?;
    scan.end()?;
    seen.all(4)?;
    token(kind?, zmid?, index?, content?)
}

/// Which fields of an object were read (bit n: field n).
#[derive(Default)]
struct Seen(u8);

impl Seen {
    /// Field `n` is read now; `None` when it was already.
    #[inline]
    fn once(&mut self, n: u8) -> Option<()> {
        let bit = 1 << n;
        if self.0 & bit != 0 {
            return None;
        }
        self.0 |= bit;
        Some(())
    }

    /// Whether all of the first `count` fields were read.
    #[inline]
    fn all(&self, count: u8) -> Option<()> {
        (self.0 == (1u8 << count) - 1).then_some(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::{decode as decode_any, decode_general};
    use super::*;
    use crate::stream::sse::SseEvent;
    use proptest::prelude::*;

    fn event(data: &str) -> SseEvent {
        SseEvent {
            event: NAME.to_string(),
            data: data.to_string(),
            id: String::new(),
        }
    }

    /// Both decoders on `data`: same result, same diagnostics; and whether the fast path took it.
    fn check(data: &str) -> bool {
        let (mut d_fast, mut d_general) = (Diagnostics::new(), Diagnostics::new());
        let fast = decode_any(&event(data), &mut d_fast);
        let general = decode_general(NAME, data, &mut d_general);
        assert_eq!(fast, general, "{data}");
        assert_eq!(d_fast.to_json(), d_general.to_json(), "{data}");
        let mut d = Diagnostics::new();
        decode(data, &mut d).is_some()
    }

    const LIVE: &str = r#"{"index":0,"delta":{"part_delta_kind":"text","content_delta":" word"},"event_kind":"part_delta","metadata":{"zmid":"zmid_1","runner_id":"runner_1"}}"#;

    #[test]
    fn the_live_shape_takes_the_fast_path_with_the_same_result() {
        assert!(check(LIVE));
        assert!(check(&LIVE.replace("\"text\"", "\"thinking\"")));
        assert!(check(
            r#"{"metadata":{"runner_id":"r","zmid":"z"},"event_kind":"x","delta":{"content_delta":"a\"\\n\u00e9 🚀","part_delta_kind":"text"},"index":7}"#
        ));
        assert!(check(
            " {\"index\" : 1 ,\n\"delta\":{\"part_delta_kind\":\"text\",\"content_delta\":\"\"},\"event_kind\":\"p\",\"metadata\":{\"zmid\":\"z\",\"runner_id\":\"r\"}}\r\n"
        ));
    }

    /// The live shape in the order and spacing Zo sends it.
    const WIRE: &str = r#"{"delta":{"content_delta":" w\"o\u00e9","part_delta_kind":"thinking"},"event_kind":"part_delta","index":12,"metadata":{"runner_id":"runner_1","zmid":"zmid_1"}}"#;

    #[test]
    fn the_wire_order_is_read_as_a_template_with_the_same_token() {
        assert!(check(WIRE));
        let token = in_wire_order(WIRE).unwrap();
        assert_eq!(Some(&token), in_any_order(WIRE).as_ref());
        assert_eq!(
            (&*token.content, token.index, token.thinking),
            (" w\"oé", 12, true)
        );
        // Another order or spacing is not the template; the general reader still takes it.
        for other in [
            LIVE.to_string(),
            WIRE.replace(r#","index":"#, r#", "index":"#),
        ] {
            assert!(in_wire_order(&other).is_none(), "{other}");
            assert!(in_any_order(&other).is_some(), "{other}");
        }
        // The template is exact to the end.
        for bad in [
            WIRE.replace("}}", "},\"x\":1}"),
            WIRE.replace("\"index\":12", "\"index\":1.5"),
            WIRE.replace("\"thinking\"", "\"tool_call\""),
            format!("{WIRE},"),
        ] {
            assert!(in_wire_order(&bad).is_none(), "{bad}");
            assert!(!check(&bad), "{bad}");
        }
    }

    #[test]
    fn every_other_shape_falls_back_to_the_general_decoder() {
        let variants = [
            LIVE.replace("\"text\"", "\"tool_call\""),
            LIVE.replace("\"text\"", "\"\""),
            LIVE.replace(r#""index":0"#, r#""index":1.0"#),
            LIVE.replace(r#""index":0"#, r#""index":-1"#),
            LIVE.replace(r#""index":0"#, r#""index":"0""#),
            LIVE.replace(r#""index":0,"#, ""),
            LIVE.replace(r#""index":0"#, r#""index":0,"index":1"#),
            LIVE.replace(r#""zmid":"zmid_1""#, r#""zmid":null"#),
            LIVE.replace(r#""zmid":"zmid_1","#, ""),
            LIVE.replace(r#""runner_id":"runner_1""#, r#""runner_id":3"#),
            LIVE.replace(
                r#","metadata":{"zmid":"zmid_1","runner_id":"runner_1"}"#,
                "",
            ),
            LIVE.replace(
                r#""metadata":{"zmid":"zmid_1","runner_id":"runner_1"}"#,
                r#""metadata":null"#,
            ),
            LIVE.replace(r#""event_kind":"part_delta""#, r#""event_kind":null"#),
            LIVE.replace(r#""content_delta":" word""#, r#""content_delta":5"#),
            LIVE.replace(
                r#""content_delta":" word""#,
                r#""content_delta":" word","extra":1"#,
            ),
            LIVE.replace(
                r#""runner_id":"runner_1""#,
                r#""runner_id":"runner_1","x":{}"#,
            ),
            LIVE.replace(
                r#""event_kind":"part_delta""#,
                r#""event_kind":"part_delta","surprise":true"#,
            ),
            LIVE.replace('}', ""),
            format!("{LIVE} trailing"),
            // An escaped key is left to the general decoder (same result).
            LIVE.replace(r#""index""#, r#""ind\u0065x""#),
            LIVE.replace(
                r#""content_delta":" word""#,
                r#""content_delta":" w\ud800""#,
            ),
            "[]".to_string(),
            String::new(),
        ];
        for v in &variants {
            assert!(!check(v), "took the fast path: {v}");
        }
    }

    #[test]
    fn a_mixed_sequence_reports_the_same_diagnostics() {
        let events = [
            LIVE.replace(r#""runner_id":"runner_1""#, r#""runner_id":"r","extra":1"#),
            LIVE.to_string(),
            LIVE.replace("\"text\"", "\"thinking\""),
            LIVE.replace(r#""index":0"#, r#""index":-1"#),
            LIVE.to_string(),
        ];
        let (mut d_fast, mut d_general) = (Diagnostics::new(), Diagnostics::new());
        for data in &events {
            let fast = decode_any(&event(data), &mut d_fast);
            assert_eq!(fast, decode_general(NAME, data, &mut d_general), "{data}");
        }
        assert_eq!(d_fast.to_json(), d_general.to_json());
        assert_eq!(d_fast.to_value()["events"][NAME], 5);
    }

    proptest! {
        #[test]
        fn same_result_and_diagnostics_on_random_shapes(
            keys in proptest::collection::vec(
                prop::sample::select(vec!["index", "delta", "event_kind", "metadata", "x"]), 0..6),
            kind in prop::sample::select(vec!["text", "thinking", "tool_call", ""]),
            index in prop::sample::select(vec!["0", "3", "1.5", "null", "\"2\""]),
            content in ".{0,6}",
            meta_keys in proptest::collection::vec(
                prop::sample::select(vec!["zmid", "runner_id", "y"]), 0..4),
        ) {
            let mut fields = Vec::new();
            for k in &keys {
                let value = match *k {
                    "index" => index.to_string(),
                    "delta" => format!(
                        r#"{{"part_delta_kind":{:?},"content_delta":{}}}"#,
                        kind,
                        serde_json::Value::String(content.clone())
                    ),
                    "metadata" => {
                        let inner: Vec<String> =
                            meta_keys.iter().map(|m| format!(r#""{m}":"v_{m}""#)).collect();
                        format!("{{{}}}", inner.join(","))
                    }
                    _ => "\"k\"".to_string(),
                };
                fields.push(format!(r#""{k}":{value}"#));
            }
            check(&format!("{{{}}}", fields.join(",")));
        }
    }
}
