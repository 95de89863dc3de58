//! The history codec held to the serde definitions in `history.rs`: a history using every
//! field (and every action, status and enum value) is written as serde writes it and read back
//! as serde reads it, and every altered copy of a chat is accepted or refused exactly as serde
//! does, with the same value when accepted.

use serde_json::json;

use super::super::*;
use super::read_chat;
use crate::ui::page_context::PageRef;
use crate::wire::approval::{ApprovalKind, ScopeOrigin};
use crate::wire::codec::tests::{alter, samples};
use crate::wire::json::{parse, RawJson, WireName};
use crate::wire::protocol::{
    ActionError, ActionErrorCode, ActionStatus, ApprovalDecision, FailureKind, Mode, StreamFailure,
    ToolActivity,
};

fn entry(step: u32, index: u32, action: Action) -> TimelineEntry {
    let statuses = <ActionStatus as WireName>::ALL;
    let values = [
        None,
        Some(json!("ok")),
        Some(json!({"value": samples::ODD, "checked": true, "n": [1, -2, 2.5, 1e300, null]})),
    ];
    TimelineEntry {
        step,
        index,
        action,
        status: statuses[index as usize % statuses.len()],
        value: values[index as usize % values.len()]
            .as_ref()
            .map(RawJson::from_value),
        error: (index % 3 == 1).then(|| ActionError {
            code: ActionErrorCode::ALL[index as usize % ActionErrorCode::ALL.len()],
            message: samples::ODD.into(),
        }),
        target_name: index
            .is_multiple_of(2)
            .then(|| format!("{} {index}", samples::ODD)),
    }
}

/// An answer using every field, with lists of every kind of item. Written as a literal: a new
/// field does not compile here until it is given a value, so the tests below see it.
fn rich_answer(id: &str, mode: Mode, status: MessageStatus) -> Message {
    Message {
        id: id.into(),
        role: Role::Assistant,
        mode,
        session_id: Some("s-1".into()),
        text: format!("Answer {}", samples::ODD),
        reasoning: Some("thinking".into()),
        thoughts: vec!["step one".into(), String::new(), samples::ODD.into()],
        tools: vec![
            ToolActivity {
                tool_call_id: "t1".into(),
                name: "web_search".into(),
                args: "{\"q\":1}".into(),
                result: Some("3 hits".into()),
            },
            ToolActivity {
                tool_call_id: "t2".into(),
                name: "read".into(),
                args: String::new(),
                result: None,
            },
        ],
        timeline: samples::actions()
            .into_iter()
            .enumerate()
            .map(|(i, a)| entry(1 + i as u32 / 4, i as u32, a))
            .collect(),
        status,
        error: Some(StreamFailure {
            kind: FailureKind::Permanent,
            http_status: Some(u16::MAX),
            message: samples::ODD.into(),
            partial_text: "part".into(),
        }),
        elapsed_ms: Some(u64::MAX),
        input: Some(samples::ODD.into()),
        scope: vec![ScopeOrigin {
            origin: "https://example.com".into(),
            access: crate::wire::approval::Access::ALL[0],
            source: crate::wire::approval::Source::ALL[0],
        }],
        approvals: ApprovalKind::ALL
            .iter()
            .enumerate()
            .map(|(i, kind)| ApprovalRecord {
                id: i as u32,
                kind: *kind,
                description: samples::ODD.into(),
                origin: "https://example.com".into(),
                reasons: vec!["r".into(); i],
                decision: [None, Some(ApprovalDecision::Once)]
                    .into_iter()
                    .chain(ApprovalDecision::ALL.iter().copied().map(Some))
                    .nth(i % 5)
                    .flatten(),
                destination: (i % 2 == 1).then(|| "https://example.com/x".into()),
                at: (i % 3 != 2).then_some(RunPlace {
                    step: 1 + i as u32,
                    index: u32::MAX - i as u32,
                }),
            })
            .collect(),
        notes: vec!["note".into(), samples::ODD.into()],
        resumes: [None, Some(true), Some(false)]
            .into_iter()
            .enumerate()
            .map(|(i, run_rest)| ResumeRecord {
                at: RunPlace {
                    step: i as u32,
                    index: u32::MAX,
                },
                number: 1 + i as u32,
                remaining: u32::MAX - i as u32,
                run_rest,
            })
            .collect(),
        send_offers: (0..3)
            .map(|i| SendOfferRecord {
                origin: format!("https://o{i}.example/{}", samples::ODD),
                after: (i != 1).then_some(RunPlace { step: i, index: 0 }),
                allowed: i == 2,
            })
            .collect(),
        page: (status == MessageStatus::Done).then(|| PageRef {
            title: samples::ODD.into(),
            origin: "https://example.com".into(),
            shared: true,
        }),
        tabs: (0..status as usize % 3)
            .map(|i| PageRef {
                title: samples::ODD.into(),
                origin: format!("https://t{i}.example"),
                shared: i % 2 == 0,
            })
            .collect(),
        quote: (status != MessageStatus::Streaming).then(|| crate::wire::Quote {
            kind: crate::wire::QuoteKind::Selection,
            text: samples::ODD.into(),
        }),
        model: (status != MessageStatus::Done).then(|| samples::ODD.into()),
        custom_mode: (status != MessageStatus::Failed).then(|| crate::ui::history::ModeRef {
            id: "c-pirate".into(),
            name: samples::ODD.into(),
        }),
        alternatives: (0..status as usize % 3)
            .map(|i| crate::ui::history::Alternative {
                text: format!("earlier {i} {}", samples::ODD),
                status: MessageStatus::ALL[i % MessageStatus::ALL.len()],
                elapsed_ms: (i % 2 == 0).then_some(u64::MAX),
                model: (i % 2 == 1).then(|| samples::ODD.into()),
            })
            .collect(),
    }
}

/// Chats covering every mode, role and message status, with sparse and full messages.
fn chats() -> Vec<Chat> {
    let mut out = Vec::new();
    for (i, mode) in Mode::ALL.iter().enumerate() {
        let mut messages = vec![Message::user("u".into(), *mode, samples::ODD.into())];
        for (j, status) in MessageStatus::ALL.iter().enumerate() {
            messages.push(rich_answer(&format!("a{j}"), *mode, *status));
        }
        messages.push(Message::assistant(
            "bare".into(),
            *mode,
            String::new(),
            String::new(),
        ));
        // A literal, as `rich_answer`.
        out.push(Chat {
            id: format!("c{i}"),
            title: samples::ODD.into(),
            mode: *mode,
            created_at: i as u64,
            updated_at: u64::MAX - i as u64,
            messages,
        });
    }
    out.push(Chat::new("empty".into(), Mode::default(), 0));
    out
}

fn chat_with_user(id: &str) -> Chat {
    let mut chat = Chat::new(id.into(), Mode::Ask, 7);
    chat.title = "t".into();
    chat.messages
        .push(Message::user("u".into(), Mode::Ask, samples::ODD.into()));
    chat
}

#[test]
fn names_are_serde_names() {
    for r in Role::ALL {
        assert_eq!(json!(r), json!(r.wire_name()));
    }
    for s in MessageStatus::ALL {
        assert_eq!(json!(s), json!(s.wire_name()));
    }
    let serde_statuses = serde_json::from_str::<MessageStatus>("\"~\"")
        .unwrap_err()
        .to_string();
    // "unknown variant `~`, expected one of `streaming`, ...".
    assert_eq!(
        serde_statuses.matches('`').count() / 2 - 1,
        MessageStatus::ALL.len()
    );
}

#[test]
fn the_history_is_written_as_serde_writes_it() {
    let mut history = History {
        chats: chats(),
        active_chat_id: None,
    };
    assert_eq!(history.to_json(), serde_json::to_string(&history).unwrap());
    history.active_chat_id = Some("c1".into());
    assert_eq!(history.to_json(), serde_json::to_string(&history).unwrap());
    assert_eq!(
        History::default().to_json(),
        serde_json::to_string(&History::default()).unwrap()
    );
}

#[test]
fn the_history_reads_back_whole() {
    let mut history = History {
        chats: chats(),
        active_chat_id: Some("c2".into()),
    };
    // Streaming answers come back interrupted (the panel closed while they streamed).
    let restored = History::from_json(&serde_json::to_string(&history).unwrap());
    for chat in &mut history.chats {
        for m in &mut chat.messages {
            if m.status == MessageStatus::Streaming && m.role == Role::Assistant {
                m.status = MessageStatus::Interrupted;
            }
        }
    }
    assert_eq!(restored, history);
    let pretty = serde_json::to_string_pretty(&history).unwrap();
    assert_eq!(History::from_json(&pretty), history);
}

#[test]
fn a_chat_is_read_as_serde_reads_it() {
    let mut compared = 0;
    // A chat with one of each kind of item (the altered copies grow with every field).
    let mut answer = rich_answer("a", Mode::Cobrowse, MessageStatus::Failed);
    answer.timeline.drain(3..);
    answer.approvals.drain(2..);
    let mut chat = chat_with_user("c");
    chat.messages.push(answer);
    for chat in [chat, chat_with_user("d")] {
        let text = serde_json::to_string(&chat).unwrap();
        for altered in alter::altered(&text, &[]) {
            let ours = parse(&altered)
                .map_err(|e| e.to_string())
                .and_then(|n| read_chat(&n).map_err(|e| e.to_string()));
            let theirs = serde_json::from_str::<Chat>(&altered);
            match (&ours, &theirs) {
                (Ok(a), Ok(b)) => assert_eq!(a, b, "{altered}"),
                (Err(_), Err(_)) => {}
                _ => panic!("{altered}\nours: {ours:?}\nserde: {theirs:?}"),
            }
            compared += 1;
        }
    }
    assert!(compared > 1000, "{compared}");
}
