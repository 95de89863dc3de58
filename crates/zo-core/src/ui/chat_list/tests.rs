//! Tests of the history list: date groups in the user's time zone, search, states.

use super::*;
use crate::ui::history::{Chat, Message};
use crate::wire::protocol::Mode;

const DAY: u64 = 86_400_000;
const HOUR: u64 = 3_600_000;
/// Noon UTC of some day, as "now".
const NOW: u64 = 20_000 * DAY + DAY / 2;

fn chat(id: &str, updated_at: u64, question: &str, answer: &str) -> Chat {
    let mut c = Chat::new(id.into(), Mode::Ask, updated_at);
    c.put_message(
        Message::user(format!("{id}-q"), Mode::Ask, question.into()),
        updated_at,
    );
    let mut a = Message::assistant(format!("{id}-a"), Mode::Ask, "s".into(), question.into());
    a.text = answer.into();
    c.put_message(a, updated_at);
    c
}

fn history(chats: Vec<Chat>) -> History {
    History {
        chats,
        active_chat_id: None,
    }
}

fn titles(groups: &[ListGroup]) -> Vec<(&'static str, Vec<&str>)> {
    groups
        .iter()
        .map(|g| {
            (
                g.group.label(),
                g.items.iter().map(|i| i.title.as_str()).collect(),
            )
        })
        .collect()
}

fn at(now: u64, tz: i32) -> ListQuery<'static> {
    ListQuery {
        now,
        tz_offset_min: tz,
        ..ListQuery::default()
    }
}

#[test]
fn local_days_follow_the_time_zone() {
    // 23:30 UTC is already tomorrow two hours east of UTC (offset -120) and still today west.
    let late = 20_000 * DAY + DAY - 30 * 60_000;
    assert_eq!(local_day(late, 0), 20_000);
    assert_eq!(local_day(late, -120), 20_001);
    assert_eq!(local_day(late, 300), 20_000);
    // 00:30 UTC is still yesterday five hours west of UTC.
    assert_eq!(local_day(20_000 * DAY + 30 * 60_000, 300), 19_999);
    assert_eq!(local_day(0, 60), -1);
}

#[test]
fn chats_are_grouped_by_date_newest_first() {
    let h = history(vec![
        chat("old", NOW - 40 * DAY, "Older question", ""),
        chat("t2", NOW - 60_000, "Today later", ""),
        chat("y", NOW - DAY, "Yesterday question", ""),
        chat("t1", NOW - HOUR, "Today earlier", ""),
        chat("w", NOW - 7 * DAY, "A week ago", ""),
        chat("w2", NOW - 8 * DAY, "Eight days ago", ""),
        chat("f", NOW + DAY, "Clock ahead", ""),
    ]);
    assert_eq!(
        titles(&chat_list(&h, &at(NOW, 0))),
        vec![
            ("Today", vec!["Clock ahead", "Today later", "Today earlier"]),
            ("Yesterday", vec!["Yesterday question"]),
            ("Previous 7 days", vec!["A week ago"]),
            ("Older", vec!["Eight days ago", "Older question"]),
        ]
    );
    assert!(chat_list(&History::default(), &at(NOW, 0)).is_empty());
}

#[test]
fn groups_use_the_local_calendar_not_24_hour_spans() {
    // Now is 00:30 local time in UTC+2 (22:30 UTC); a chat from 23:50 local is yesterday,
    // though only 40 minutes ago; in UTC both are on the same day.
    let now = 20_000 * DAY + 22 * HOUR + 30 * 60_000;
    let h = history(vec![chat("a", now - 40 * 60_000, "Late night", "")]);
    assert_eq!(
        titles(&chat_list(&h, &at(now, -120))),
        vec![("Yesterday", vec!["Late night"])]
    );
    assert_eq!(
        titles(&chat_list(&h, &at(now, 0))),
        vec![("Today", vec!["Late night"])]
    );
}

#[test]
fn search_matches_every_word_in_titles_or_messages_ignoring_case() {
    let h = history(vec![
        chat(
            "a",
            NOW,
            "Pricing of the Pro plan",
            "The Pro plan costs $20.",
        ),
        chat(
            "b",
            NOW - 1,
            "Weather in Zürich",
            "Sunny, 24 °C in ZÜRICH today.",
        ),
        chat(
            "c",
            NOW - 2,
            "Recipe",
            "Preheat the oven. Then bake the CAKE for 40 minutes.",
        ),
    ]);
    let search = |s: &str| {
        let q = ListQuery {
            search: s,
            ..at(NOW, 0)
        };
        chat_list(&h, &q)
            .into_iter()
            .flat_map(|g| g.items)
            .map(|i| (i.id, i.snippet))
            .collect::<Vec<_>>()
    };
    assert_eq!(search("pro PLAN"), vec![("a".into(), None)]);
    assert_eq!(search("zürich"), vec![("b".into(), None)]);
    // A match in the messages only shows where it matched.
    let hits = search("cake minutes");
    assert_eq!(hits.len(), 1);
    let snippet = hits[0].1.clone().expect("a snippet");
    assert!(snippet.contains("CAKE for 40 minutes"), "{snippet}");
    assert!(snippet.starts_with('…'), "{snippet}");
    // The question counts as message text too.
    assert_eq!(search("preheat")[0].0, "c");
    // Every word must match somewhere in the chat.
    assert!(search("cake zürich").is_empty());
    assert!(search("nothing-like-this").is_empty());
    assert_eq!(search("   ").len(), 3);
    // Non-ASCII case folding.
    assert_eq!(search("ZÜRICH").len(), 1);
}

#[test]
fn the_current_chat_and_running_ones_are_marked() {
    let h = history(vec![
        chat("a", NOW, "One", ""),
        chat("b", NOW - 1, "Two", ""),
    ]);
    let states = [
        ("a".to_string(), ChatState::Running),
        ("b".to_string(), ChatState::NeedsYou),
    ];
    let q = ListQuery {
        current: Some("b"),
        states: &states,
        ..at(NOW, 0)
    };
    let items: Vec<ListItem> = chat_list(&h, &q)
        .into_iter()
        .flat_map(|g| g.items)
        .collect();
    assert_eq!(
        items
            .iter()
            .map(|i| (i.id.as_str(), i.current, i.state.label()))
            .collect::<Vec<_>>(),
        vec![("a", false, "Running"), ("b", true, "Needs you")]
    );
}

#[test]
fn snippets_stay_short_and_on_one_line() {
    let long = format!("{}\nneedle\n{}", "x".repeat(500), "y ".repeat(500));
    let h = history(vec![chat("a", NOW, "Title", &long)]);
    let q = ListQuery {
        search: "needle",
        ..at(NOW, 0)
    };
    let item = chat_list(&h, &q).remove(0).items.remove(0);
    let snippet = item.snippet.expect("a snippet");
    assert!(
        snippet.contains("needle") && !snippet.contains('\n'),
        "{snippet}"
    );
    assert!(snippet.chars().count() <= SNIPPET_CHARS + 2, "{snippet}");
}

#[test]
fn case_folds_like_unicode_for_latin_greek_and_cyrillic() {
    // Where the fold deliberately differs: final sigma searches as sigma, and dotted capital
    // I as i (Unicode lowers it to two characters).
    let own = |c: char| match c {
        'ς' => Some('σ'),
        'İ' => Some('i'),
        _ => None,
    };
    let covered = [0..0x180u32, 0x386..0x3CF, 0x400..0x450];
    for u in covered.into_iter().flatten() {
        let Some(c) = char::from_u32(u) else { continue };
        let expected = own(c).unwrap_or_else(|| {
            let mut full = c.to_lowercase();
            match (full.next(), full.next()) {
                (Some(l), None) => l,
                _ => c,
            }
        });
        assert_eq!(fold(c), expected, "U+{u:04X}");
    }
    assert_eq!(
        "ÀÉÎÕÜ ŁŚŻ ΑΒΓΔ ЖЁЯ".chars().map(fold).collect::<String>(),
        "àéîõü łśż αβγδ жёя"
    );
    // Beyond its scripts, a character is itself.
    assert_eq!(fold('你'), '你');
    assert_eq!(fold('Ａ'), 'Ａ');
}
