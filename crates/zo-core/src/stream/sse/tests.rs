//! Tests of the SSE parser: one per WHATWG rule, chunking invariance and linear cost.

use super::*;
use crate::stream::limits::LimitExceeded;
use proptest::prelude::*;

fn parse_chunked(bytes: &[u8], size: usize) -> Vec<SseOutput> {
    let mut p = SseParser::new();
    let mut out = Vec::new();
    for chunk in bytes.chunks(size.max(1)) {
        p.push_into(chunk, &mut out);
    }
    p.finish();
    out
}

fn parse(s: &str) -> Vec<SseOutput> {
    parse_chunked(s.as_bytes(), s.len().max(1))
}

fn ev(event: &str, data: &str, id: &str) -> SseOutput {
    SseOutput::Event(SseEvent {
        event: event.into(),
        data: data.into(),
        id: id.into(),
    })
}

#[test]
fn simple_event_with_name_and_default_type() {
    assert_eq!(
        parse("event: PartDeltaEvent\ndata: {\"a\":1}\n\ndata: x\n\n"),
        vec![
            ev("PartDeltaEvent", "{\"a\":1}", ""),
            ev("message", "x", "")
        ]
    );
}

#[test]
fn crlf_cr_and_lf_line_ends() {
    let expected = vec![ev("e", "a\nb", ""), ev("message", "c", "")];
    assert_eq!(parse("event: e\ndata: a\ndata: b\n\ndata: c\n\n"), expected);
    assert_eq!(
        parse("event: e\r\ndata: a\r\ndata: b\r\n\r\ndata: c\r\n\r\n"),
        expected
    );
    assert_eq!(parse("event: e\rdata: a\rdata: b\r\rdata: c\r\r"), expected);
    assert_eq!(
        parse("event: e\r\ndata: a\rdata: b\n\r\ndata: c\n\r"),
        expected
    );
}

#[test]
fn cr_at_chunk_end_and_lf_at_next_start_are_one_line_end() {
    let mut p = SseParser::new();
    assert_eq!(p.push(b"data: a\r"), vec![]);
    // If the LF were a second line end, this would dispatch "a" now.
    assert_eq!(p.push(b"\ndata: b\r"), vec![]);
    assert_eq!(p.push(b"\n\r"), vec![ev("message", "a\nb", "")]);
    assert_eq!(p.push(b"\n"), vec![]);
}

#[test]
fn cr_then_empty_chunk_then_lf() {
    let mut p = SseParser::new();
    assert_eq!(p.push(b"data: a\r"), vec![]);
    assert_eq!(p.push(b""), vec![]);
    assert_eq!(p.push(b"\n"), vec![]);
    assert_eq!(p.push(b"\n"), vec![ev("message", "a", "")]);
}

#[test]
fn comments_are_ignored() {
    assert_eq!(
        parse(": keep-alive\ndata: a\n:another\ndata: b\n\n:\n\n"),
        vec![ev("message", "a\nb", "")]
    );
}

#[test]
fn first_colon_split_and_one_leading_space_removed() {
    assert_eq!(
        parse("data:no space\n\ndata:  two spaces\n\ndata: a:b: c\n\n"),
        vec![
            ev("message", "no space", ""),
            ev("message", " two spaces", ""),
            ev("message", "a:b: c", ""),
        ]
    );
}

#[test]
fn field_without_colon_has_empty_value() {
    // "data" alone appends an empty line; two of them give "\n".
    assert_eq!(parse("data\ndata\n\n"), vec![ev("message", "\n", "")]);
    // "event" alone sets an empty type, which means "message".
    assert_eq!(parse("event\ndata: x\n\n"), vec![ev("message", "x", "")]);
}

#[test]
fn unknown_fields_are_ignored() {
    assert_eq!(
        parse("foo: bar\nDATA: nope\ndata: yes\n\n"),
        vec![ev("message", "yes", "")]
    );
}

#[test]
fn empty_data_dispatches_nothing_but_resets_event_type() {
    assert_eq!(
        parse("event: a\n\ndata: x\n\n"),
        vec![ev("message", "x", "")]
    );
    assert_eq!(parse("event: a\ndata:\n\n"), vec![ev("a", "", "")]);
}

#[test]
fn only_the_final_data_newline_is_removed() {
    assert_eq!(
        parse("data: a\ndata:\ndata:\n\n"),
        vec![ev("message", "a\n\n", "")]
    );
}

#[test]
fn id_persists_across_events_and_nul_ids_are_ignored() {
    assert_eq!(
        parse("id: 1\ndata: a\n\ndata: b\n\nid: 2\0x\ndata: c\n\nid\ndata: d\n\n"),
        vec![
            ev("message", "a", "1"),
            ev("message", "b", "1"),
            ev("message", "c", "1"),
            ev("message", "d", ""),
        ]
    );
}

#[test]
fn id_is_set_even_by_an_event_without_data() {
    let mut p = SseParser::new();
    assert_eq!(p.push(b"id: 7\n\n"), vec![]);
    assert_eq!(p.last_event_id(), "7");
    assert_eq!(p.push(b"data: x\n\n"), vec![ev("message", "x", "7")]);
}

#[test]
fn retry_only_ascii_digits() {
    assert_eq!(
        parse("retry: 3000\nretry: 12a\nretry: -1\nretry:\nretry:  5\nretry: ٣\nretry:99999999999999999999999\n\n"),
        vec![SseOutput::Retry(3000), SseOutput::Retry(u64::MAX)]
    );
}

#[test]
fn one_leading_bom_is_skipped_only_once() {
    assert_eq!(parse("\u{FEFF}data: a\n\n"), vec![ev("message", "a", "")]);
    // A second BOM is part of the field name, so the line is an unknown field.
    assert_eq!(
        parse("\u{FEFF}\u{FEFF}data: a\n\ndata: b\n\n"),
        vec![ev("message", "b", "")]
    );
    // A BOM split across chunks is still skipped.
    assert_eq!(
        parse_chunked("\u{FEFF}data: a\n\n".as_bytes(), 1),
        vec![ev("message", "a", "")]
    );
}

#[test]
fn invalid_utf8_is_replaced_and_split_characters_are_joined() {
    let bytes = b"data: caf\xc3\xa9 \xff \xf0\x9f\x8e\x89 \xe2\x82\n\n";
    let expected = vec![ev("message", "café \u{FFFD} 🎉 \u{FFFD}", "")];
    for size in 1..=bytes.len() {
        assert_eq!(parse_chunked(bytes, size), expected, "chunk size {size}");
    }
}

#[test]
fn unterminated_final_event_is_discarded() {
    assert_eq!(parse("data: a\n\ndata: b\n"), vec![ev("message", "a", "")]);
    assert_eq!(parse("data: a\n\ndata: b"), vec![ev("message", "a", "")]);
    assert_eq!(parse("data: a\n\ndata: b\r"), vec![ev("message", "a", "")]);
}

#[test]
fn finish_discards_pending_state_for_the_next_stream() {
    let mut p = SseParser::new();
    assert_eq!(p.push(b"id: 3\n\nevent: x\ndata: half"), vec![]);
    p.finish();
    assert_eq!(p.push(b"data: new\n\n"), vec![ev("message", "new", "3")]);
}

const SAMPLE: &[u8] = b"\xef\xbb\xbf: hello\r\nid: 1\r\nevent: AgentRuntimeStreamChunk\r\ndata: {\"type\":\"status\"}\r\n\r\nretry: 1500\revent: PartStartEvent\rdata: {\"x\":\"\xe6\x97\xa5\xe6\x9c\xac\"}\r\rdata: a\ndata:b\n\nid: 2\x00\ndata: \xff\xc3\n\nevent: e\n\ndata: tail";

#[test]
fn every_chunk_size_gives_the_same_output() {
    let whole = parse_chunked(SAMPLE, SAMPLE.len());
    assert_eq!(whole.len(), 5);
    for size in 1..=SAMPLE.len() {
        assert_eq!(parse_chunked(SAMPLE, size), whole, "chunk size {size}");
    }
}

#[test]
fn ten_megabyte_event_in_1kb_chunks_is_scanned_once() {
    let payload = "x".repeat(10 * 1024 * 1024);
    let body = format!("event: big\ndata: {payload}\n\n");
    let mut p = SseParser::with_limits(SseLimits {
        line_bytes: 16 << 20,
        data_bytes: 16 << 20,
    });
    let mut out = Vec::new();
    for chunk in body.as_bytes().chunks(1024) {
        p.push_into(chunk, &mut out);
    }
    assert_eq!(p.bytes_scanned(), body.len() as u64);
    assert_eq!(out.len(), 1);
    match &out[0] {
        SseOutput::Event(e) => {
            assert_eq!(e.event, "big");
            assert_eq!(e.data.len(), payload.len());
        }
        other => panic!("unexpected {other:?}"),
    }
}

#[test]
fn many_small_lines_are_scanned_once() {
    let body = "data: ab\n".repeat(1000) + "\n";
    let mut p = SseParser::new();
    let mut n = 0;
    for chunk in body.as_bytes().chunks(7) {
        n += p.push(chunk).len();
    }
    assert_eq!(n, 1);
    assert_eq!(p.bytes_scanned(), body.len() as u64);
}

fn limited(line_bytes: usize, data_bytes: usize) -> SseParser {
    SseParser::with_limits(SseLimits {
        line_bytes,
        data_bytes,
    })
}

/// Feeds `body` in `size`-byte chunks: the events, the error, and the most the parser held.
fn run_limited(
    mut p: SseParser,
    body: &[u8],
    size: usize,
) -> (Vec<SseOutput>, Option<LimitExceeded>, usize) {
    let mut out = Vec::new();
    let mut held = 0;
    for chunk in body.chunks(size.max(1)) {
        p.push_into(chunk, &mut out);
        held = held.max(p.buffered_bytes());
    }
    (out, p.error(), held)
}

#[test]
fn a_kept_line_past_the_limit_stops_the_parser_whatever_the_chunking() {
    let body = b"data: a\n\nevent: e\ndata: 0123456789\n\ndata: b\n\n";
    for size in 1..=body.len() {
        let (out, error, _) = run_limited(limited(12, 64), body, size);
        assert_eq!(out, vec![ev("message", "a", "")], "chunk size {size}");
        assert_eq!(error, Some(LimitExceeded::Line), "chunk size {size}");
    }
    // At the limit exactly, the line is kept.
    let (out, error, _) = run_limited(limited(16, 64), body, 3);
    assert_eq!(error, None);
    assert_eq!(out.len(), 3);
}

#[test]
fn event_data_past_the_limit_stops_the_parser() {
    let body = b"data: 1234\ndata: 5678\n\ndata: 123\ndata: 4567\ndata: 89\n\ndata: z\n\n";
    for size in 1..=body.len() {
        let (out, error, _) = run_limited(limited(64, 10), body, size);
        assert_eq!(
            out,
            vec![ev("message", "1234\n5678", "")],
            "chunk size {size}"
        );
        assert_eq!(error, Some(LimitExceeded::EventData), "chunk size {size}");
    }
}

#[test]
fn the_rest_of_the_body_is_ignored_after_an_error_and_finish_resets() {
    let mut p = limited(8, 64);
    assert!(p.push(b"data: too long\n\n").is_empty());
    assert_eq!(p.error(), Some(LimitExceeded::Line));
    assert!(p.push(b"data: a\n\n").is_empty());
    p.finish();
    assert_eq!(p.error(), None);
    assert_eq!(p.push(b"data: a\n\n"), vec![ev("message", "a", "")]);
}

#[test]
fn comments_and_unknown_fields_stream_past_without_being_held() {
    let big = "x".repeat(3 << 20);
    for line in [
        format!(":{big}"),
        format!("{big}: v"),
        format!("comment: {big}"),
    ] {
        let body = format!("{line}\ndata: after\n\n");
        for size in [1024, 65_536, body.len()] {
            let (out, error, held) = run_limited(SseParser::new(), body.as_bytes(), size);
            assert_eq!(error, None);
            assert_eq!(out, vec![ev("message", "after", "")]);
            assert!(held < 64 * 1024, "held {held} bytes of an ignored line");
        }
    }
}

#[test]
fn skipped_event_data_is_dispatched_empty_and_never_held() {
    let big = "y".repeat(3 << 20);
    let body = format!(
        "event: Echo\ndata: {{\"p\":\"{big}\"}}\ndata: more\n\nevent: Echo\n\ndata: next\n\n"
    );
    for size in [7, 65_536, body.len()] {
        let p = SseParser::new().skipping_data_of("Echo");
        let (out, error, held) = run_limited(p, body.as_bytes(), size);
        assert_eq!(error, None);
        // The second Echo has no data line: no event, as for any event.
        assert_eq!(out, vec![ev("Echo", "", ""), ev("message", "next", "")]);
        assert!(held < 64 * 1024, "held {held} bytes of skipped data");
    }
    // Without skipping, the same stream passes the line limit.
    let (_, error, _) = run_limited(SseParser::new(), body.as_bytes(), 65_536);
    assert_eq!(error, Some(LimitExceeded::Line));
}

#[test]
fn a_large_event_is_held_once_and_given_back_after_dispatch() {
    let payload = "z".repeat(900 * 1024);
    let body = format!("data: {payload}\n\ndata: small\n\n");
    let mut p = SseParser::new();
    let mut sizes = Vec::new();
    let mut held = 0;
    for chunk in body.as_bytes().chunks(4096) {
        p.push_with(chunk, |item| {
            if let SseItem::Event(e) = item {
                sizes.push(e.data.len());
            }
        });
        held = held.max(p.buffered_bytes());
    }
    assert_eq!(sizes, vec![payload.len(), 5]);
    // The line, held in segments as it came, became a data buffer of its length.
    assert!(
        held <= 2 * payload.len(),
        "held {held} for a {} byte event",
        payload.len()
    );
    assert!(
        p.buffered_bytes() < 64 * 1024,
        "{} bytes kept after the event",
        p.buffered_bytes()
    );
}

#[test]
fn lines_longer_than_a_segment_are_read_whole_whatever_the_chunking() {
    // Characters of 1 to 4 bytes, so that segment ends fall inside some of them.
    let long = "aé日🎉".repeat(40_000);
    let body = format!(
        "data:{long}\n\n\
         data: short\ndata: {long}\nevent: {long}\n\n\
         id: {long}\nretry: 7\ndata: x\n\n\
         event: PartStartEvent\r\ndata: {long}\r\n\r\n"
    );
    let expected = vec![
        ev("message", &long, ""),
        ev(&long, &format!("short\n{long}"), ""),
        SseOutput::Retry(7),
        ev("message", "x", &long),
        ev("PartStartEvent", &long, &long),
    ];
    for size in [1, 7, 4096, 65_535, 65_536, 65_537, 200_000, body.len()] {
        assert_eq!(
            parse_chunked(body.as_bytes(), size),
            expected,
            "chunks of {size}"
        );
    }
}

fn chunk_at(bytes: &[u8], cuts: &[usize]) -> Vec<Vec<u8>> {
    let mut points: Vec<usize> = cuts.iter().map(|c| c % (bytes.len() + 1)).collect();
    points.sort_unstable();
    let mut out = Vec::new();
    let mut last = 0;
    for p in points {
        out.push(bytes[last..p].to_vec());
        last = p;
    }
    out.push(bytes[last..].to_vec());
    out
}

fn sse_like_bytes() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        Just(b"data: ".to_vec()),
        Just(b"data:".to_vec()),
        Just(b"event: e".to_vec()),
        Just(b"id: 4".to_vec()),
        Just(b"retry: 10".to_vec()),
        Just(b": c".to_vec()),
        Just(b"\n".to_vec()),
        Just(b"\r".to_vec()),
        Just(b"\r\n".to_vec()),
        Just("\u{FEFF}".as_bytes().to_vec()),
        Just("é日🎉".as_bytes().to_vec()),
        Just(b"\xff\xc3\xe2\x82".to_vec()),
        proptest::collection::vec(any::<u8>(), 0..4),
        "[a-z: ]{0,6}".prop_map(|s| s.into_bytes()),
    ];
    proptest::collection::vec(piece, 0..40).prop_map(|v| v.concat())
}

proptest! {
    /// With limits small enough to be hit, and data of one event type skipped: the same
    /// events, then the same error, whatever the chunking.
    #[test]
    fn limits_are_hit_at_the_same_point_whatever_the_chunking(
        bytes in sse_like_bytes(),
        cuts in proptest::collection::vec(any::<usize>(), 0..12),
    ) {
        let limits = SseLimits { line_bytes: 9, data_bytes: 14 };
        let run = |chunks: Vec<Vec<u8>>| {
            let mut p = SseParser::with_limits(limits).skipping_data_of("e");
            let mut out = Vec::new();
            for chunk in chunks {
                p.push_into(&chunk, &mut out);
            }
            let error = p.error();
            p.finish();
            (out, error)
        };
        prop_assert_eq!(run(chunk_at(&bytes, &cuts)), run(vec![bytes.clone()]));
    }

    #[test]
    fn arbitrary_chunking_gives_identical_output(
        bytes in sse_like_bytes(),
        cuts in proptest::collection::vec(any::<usize>(), 0..12),
    ) {
        let whole = parse_chunked(&bytes, bytes.len().max(1));
        let mut p = SseParser::new();
        let mut out = Vec::new();
        for chunk in chunk_at(&bytes, &cuts) {
            p.push_into(&chunk, &mut out);
        }
        p.finish();
        prop_assert_eq!(out, whole);
    }
}
