//! Tests of a chat exported as Markdown and as JSON, and of the file's name.

use super::markdown::{code, inline};
use super::*;
use crate::cobrowse::MASK;
use crate::ui::history::MessageStatus;
use crate::ui::history::{ApprovalRecord, TimelineEntry};
use crate::ui::page_context::PageRef;
use crate::wire::action::{Action, Selector};
use crate::wire::approval::ApprovalKind;
use crate::wire::protocol::ApprovalDecision;
use crate::wire::protocol::{
    ActionError, ActionErrorCode, ActionStatus, FailureKind, Mode, StreamFailure, ToolActivity,
};
use serde_json::{json, Value};

/// 2026-12-02 02:30 UTC.
const CREATED: u64 = 1_796_178_600_000;

fn entry(
    index: u32,
    action: Action,
    status: ActionStatus,
    error: Option<ActionError>,
) -> TimelineEntry {
    TimelineEntry {
        step: 1,
        index,
        action,
        status,
        value: None,
        error,
        target_name: None,
    }
}

/// A chat with a question on a page, an Ask answer with reasoning and a tool call, and a
/// Co-browse task (a secret fill masked, a refusal, an approval) that was stopped.
fn sample() -> Chat {
    let mut chat = Chat::new("c1".into(), Mode::Ask, CREATED);
    let mut q = Message::user("u1".into(), Mode::Ask, "What does this page sell?".into());
    q.page = Some(PageRef {
        title: "Shop [best]".into(),
        origin: "https://shop.example".into(),
        shared: true,
    });
    chat.put_message(q, CREATED);
    let mut a = Message::assistant("a1".into(), Mode::Ask, "s1".into(), "What…".into());
    a.text = "It sells **tea**.\n\n- green\n- black".into();
    a.reasoning = Some("The title says tea.\nAnd the list.".into());
    a.tools.push(ToolActivity {
        tool_call_id: "t1".into(),
        name: "web_search".into(),
        args: "{\"q\":\"tea `shop`\"}".into(),
        result: Some("3 hits".into()),
    });
    a.status = MessageStatus::Done;
    a.model = Some("Fast model".into());
    a.elapsed_ms = Some(2_300);
    chat.put_message(a, CREATED + 1);
    let mut q2 = Message::user("u2".into(), Mode::Cobrowse, "Log me in".into());
    q2.page = Some(PageRef {
        title: "Sign in".into(),
        origin: "https://shop.example".into(),
        shared: false,
    });
    chat.put_message(q2, CREATED + 2);
    let mut b = Message::assistant("a2".into(), Mode::Cobrowse, "s2".into(), "Log me in".into());
    b.thoughts = vec!["Fill the password first.".into()];
    b.timeline.push(entry(
        0,
        Action::Fill {
            selector: Selector::parse("#password").unwrap(),
            value: MASK.into(),
        },
        ActionStatus::Done,
        None,
    ));
    b.timeline.push(entry(
        1,
        Action::Navigate {
            url: crate::wire::action::HttpUrl::parse("https://evil.example/").unwrap(),
        },
        ActionStatus::Failed,
        Some(ActionError {
            code: ActionErrorCode::Refused,
            message: "outside this task".into(),
        }),
    ));
    b.timeline.push(entry(
        2,
        Action::Click {
            selector: Selector::parse("#go").unwrap(),
        },
        ActionStatus::Skipped,
        None,
    ));
    b.approvals.push(ApprovalRecord {
        id: 1,
        kind: ApprovalKind::SecretFill,
        description: "Fill the password field “Password”".into(),
        origin: "https://shop.example".into(),
        reasons: vec!["it is a password field".into()],
        decision: Some(ApprovalDecision::Once),
        destination: None,
        at: Some(crate::ui::history::RunPlace {
            step: b.timeline[0].step,
            index: b.timeline[0].index,
        }),
    });
    b.notes.push("1 action was dropped".into());
    b.status = MessageStatus::Stopped;
    chat.put_message(b, CREATED + 3);
    chat
}

#[test]
fn markdown_has_questions_answers_reasoning_tools_and_actions() {
    let md = to_markdown(&sample(), 0);
    assert!(md.starts_with("# What does this page sell?\n"), "{md}");
    assert!(md.contains("started 2026-12-02 at 02:30"), "{md}");
    assert!(md.contains("## You (Ask)\n\n*Page: Shop \\[best\\] — https://shop.example*\n\nWhat does this page sell?\n"), "{md}");
    // The answer's Markdown as written.
    assert!(
        md.contains("\nIt sells **tea**.\n\n- green\n- black\n"),
        "{md}"
    );
    assert!(
        md.contains("## Zo (Ask, Fast model, 2.3s)")
            || md.contains("## Zo (Ask, Fast model, 2.3 s)"),
        "{md}"
    );
    assert!(
        md.contains("**Reasoning**\n\n> The title says tea.\n> And the list.\n"),
        "{md}"
    );
    assert!(
        md.contains(
            "- `web_search`\n  - arguments: ``{\"q\":\"tea `shop`\"}``\n  - result: `3 hits`\n"
        ),
        "{md}"
    );
    assert!(
        md.contains(
            "## You (Co-browse)\n\n*Page (not shared with Zo): Sign in — https://shop.example*"
        ),
        "{md}"
    );
    assert!(
        md.contains("**Reasoning, step 1**\n\n> Fill the password first.\n"),
        "{md}"
    );
    // The approval right under the action it was about, in run order.
    assert!(
        md.contains(&format!(
            "1. Fill `#password` with `{MASK}`: **done**\n   - Approval: Fill the password field “Password”: **allowed once**\n2. Navigate"
        )),
        "{md}"
    );
    assert!(
        md.contains("2. Navigate `https://evil.example/`: **refused** (outside this task)\n"),
        "{md}"
    );
    assert!(md.contains("3. Click `#go`: **skipped**\n"), "{md}");
    assert!(md.contains("*1 action was dropped*"), "{md}");
    assert!(md.trim_end().ends_with("*Stopped.*"), "{md}");
    // One rule between messages, in order.
    assert_eq!(md.matches("\n---\n").count(), 4);
    let you = md.find("## You (Ask)").unwrap();
    let zo = md.find("## Zo (Ask").unwrap();
    let you2 = md.find("## You (Co-browse)").unwrap();
    assert!(you < zo && zo < you2);
}

#[test]
fn markdown_says_how_a_failed_answer_ended() {
    let mut chat = Chat::new("c".into(), Mode::Ask, CREATED);
    chat.put_message(Message::user("u".into(), Mode::Ask, "Hi".into()), CREATED);
    let mut a = Message::assistant("a".into(), Mode::Ask, "s".into(), "Hi".into());
    a.status = MessageStatus::Failed;
    a.error = Some(StreamFailure {
        kind: FailureKind::Permanent,
        http_status: Some(401),
        message: "Zo did not accept\nthe key".into(),
        partial_text: String::new(),
    });
    chat.put_message(a, CREATED);
    let md = to_markdown(&chat, 0);
    assert!(
        md.trim_end()
            .ends_with("*Failed: Zo did not accept the key*"),
        "{md}"
    );
}

#[test]
fn json_has_the_documented_shape() {
    let text = to_json(&sample());
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["format"], JSON_FORMAT);
    assert_eq!(v["version"], 1);
    assert_eq!(
        v["chat"],
        json!({"id": "c1", "title": "What does this page sell?", "mode": "ask",
               "createdAt": CREATED, "updatedAt": CREATED + 3})
    );
    let m = v["messages"].as_array().unwrap();
    assert_eq!(m.len(), 4);
    assert_eq!(
        m[0],
        json!({"role": "user", "mode": "ask", "text": "What does this page sell?",
               "page": {"title": "Shop [best]", "origin": "https://shop.example", "shared": true}})
    );
    assert_eq!(
        m[1],
        json!({"role": "assistant", "mode": "ask", "text": "It sells **tea**.\n\n- green\n- black",
               "status": "done", "model": "Fast model", "elapsedMs": 2300,
               "reasoning": "The title says tea.\nAnd the list.",
               "tools": [{"toolCallId": "t1", "name": "web_search",
                          "args": "{\"q\":\"tea `shop`\"}", "result": "3 hits"}]})
    );
    let b = &m[3];
    assert_eq!(b["status"], "stopped");
    assert_eq!(b["mode"], "cobrowse");
    assert_eq!(b["thoughts"], json!(["Fill the password first."]));
    assert_eq!(
        b["actions"][0],
        json!({"step": 1, "index": 0, "status": "done",
               "action": {"type": "fill", "selector": "#password", "value": MASK}})
    );
    assert_eq!(b["actions"][1]["status"], "failed");
    assert_eq!(
        b["actions"][1]["error"],
        json!({"code": "refused", "message": "outside this task"})
    );
    assert_eq!(b["approvals"][0]["decision"], "once");
    assert_eq!(b["notes"], json!(["1 action was dropped"]));
    // Nothing the panel keeps for itself: no session ids, no copy of the question.
    for message in m {
        assert!(message.get("sessionId").is_none() && message.get("input").is_none());
        assert!(message.get("id").is_none());
    }
}

#[test]
fn a_secret_fill_stays_masked_in_both_formats() {
    let chat = sample();
    for format in [ExportFormat::Markdown, ExportFormat::Json] {
        let file = export(&chat, format, 0);
        assert!(file.text.contains(MASK), "{format:?}");
    }
}

#[test]
fn file_names_are_the_title_and_day_in_safe_characters() {
    let name = |title: &str, tz: i32, f| file_name(title, CREATED, tz, f);
    assert_eq!(
        name("What does this page sell?", 0, ExportFormat::Markdown),
        "What-does-this-page-sell-2026-12-02.md"
    );
    assert_eq!(
        name("a/b\\c:d*e?\"f<g>|h", 0, ExportFormat::Json),
        "a-b-c-d-e-f-g-h-2026-12-02.json"
    );
    assert_eq!(
        name("Café déjà vu", 0, ExportFormat::Json),
        "Café-déjà-vu-2026-12-02.json"
    );
    // Quotes, dashes and emoji are not part of a plain file name.
    assert_eq!(
        name(
            "\u{201c}Pricing\u{201d} \u{2014} plans \u{1f680}",
            0,
            ExportFormat::Markdown
        ),
        "Pricing-plans-2026-12-02.md"
    );
    assert_eq!(
        name("../../etc", 0, ExportFormat::Json),
        "etc-2026-12-02.json"
    );
    assert_eq!(name("", 0, ExportFormat::Markdown), "Zo-chat-2026-12-02.md");
    assert_eq!(
        name(" !! ", 0, ExportFormat::Markdown),
        "Zo-chat-2026-12-02.md"
    );
    assert_eq!(
        name("日本語\u{3000}テスト\u{7}", 0, ExportFormat::Markdown),
        "日本語-テスト-2026-12-02.md"
    );
    // The user's day: 02:30 UTC is still the 1st in New York (UTC-5, offset +300).
    assert_eq!(name("x", 300, ExportFormat::Markdown), "x-2026-12-01.md");
    assert_eq!(name("x", -120, ExportFormat::Markdown), "x-2026-12-02.md");
    let long = name(&"word ".repeat(40), 0, ExportFormat::Markdown);
    assert!(
        long.chars().count() <= NAME_CHARS + "-2026-12-02.md".len(),
        "{long}"
    );
    assert!(
        long.starts_with("word-word-") && !long.contains("--"),
        "{long}"
    );
}

#[test]
fn dates_are_the_gregorian_calendar() {
    assert_eq!(civil_from_days(0), (1970, 1, 1));
    assert_eq!(civil_from_days(-1), (1969, 12, 31));
    assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    assert_eq!(
        local_date_time(CREATED, 0),
        ("2026-12-02".into(), "02:30".into())
    );
    assert_eq!(
        local_date_time(CREATED, -90),
        ("2026-12-02".into(), "04:00".into())
    );
}

#[test]
fn code_spans_and_inline_text_cannot_break_out() {
    assert_eq!(code("a`b"), "``a`b``");
    assert_eq!(code("`x`"), "`` `x` ``");
    assert_eq!(code("two\nlines"), "`two lines`");
    assert_eq!(inline("# *hi* [x](y)\nz"), "\\# \\*hi\\* \\[x\\](y) z");
}

#[test]
fn formats_by_id() {
    for (f, _) in ExportFormat::CHOICES {
        assert_eq!(ExportFormat::from_id(f.id()), Some(f));
    }
    assert_eq!(ExportFormat::from_id("pdf"), None);
    let file = export(&sample(), ExportFormat::Json, 0);
    assert_eq!(file.mime, "application/json;charset=utf-8");
}

mod values;
