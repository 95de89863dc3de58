//! A chat as the Markdown file: its title and dates, then each question and each answer as a
//! person reads them, with what Co-browse did (its actions, the values an `extract` returned,
//! the approvals and offers between them in the order they happened, notes) and how it ended.

use super::local_date_time;
use crate::ui::history::{ApprovalRecord, Chat, Message, MessageStatus, Role};
use crate::ui::modes::mode_label;
use crate::ui::run_order::{run_order, RunItem};
use crate::ui::view::{plain, timeline_row};
use crate::wire::action::Action;
use crate::wire::json::{parse, Node, RawJson};
use crate::wire::protocol::ApprovalDecision;

/// The chat as a Markdown document: its title and dates, then each question (its mode and
/// page) and each answer (its Markdown as written, its reasoning quoted, its tool calls, its
/// Co-browse actions with their statuses, approvals and notes, how it ended).
pub fn to_markdown(chat: &Chat, tz_offset_min: i32) -> String {
    let title = if chat.title.trim().is_empty() {
        "Zo chat"
    } else {
        chat.title.trim()
    };
    let (day, time) = local_date_time(chat.created_at, tz_offset_min);
    let mut out = format!(
        "# {}\n\nA chat with Zo, started {day} at {time}, exported from Zo Co-browse.\n",
        inline(title)
    );
    for m in &chat.messages {
        out.push_str("\n---\n\n");
        match m.role {
            Role::User => question_md(&mut out, m),
            Role::Assistant => answer_md(&mut out, m),
        }
    }
    out
}

fn question_md(out: &mut String, m: &Message) {
    out.push_str(&format!("## You ({})\n\n", mode_label(m.mode)));
    if let Some(page) = &m.page {
        let shared = if page.shared {
            "Page"
        } else {
            "Page (not shared with Zo)"
        };
        out.push_str(&format!(
            "*{shared}: {} — {}*\n\n",
            inline(&page.title),
            inline(&page.origin)
        ));
    }
    out.push_str(m.text.trim_end());
    out.push('\n');
}

fn answer_md(out: &mut String, m: &Message) {
    let mut head = vec![mode_label(m.mode).to_string()];
    if let Some(model) = &m.model {
        head.push(inline(model));
    }
    if let Some(ms) = m.elapsed_ms {
        head.push(crate::ui::view::format_elapsed(ms));
    }
    out.push_str(&format!("## Zo ({})\n", head.join(", ")));
    if let Some(reasoning) = m.reasoning.as_deref().filter(|r| !r.trim().is_empty()) {
        out.push_str("\n**Reasoning**\n\n");
        quote(out, reasoning);
    }
    for (step, thought) in m.thoughts.iter().enumerate() {
        if !thought.trim().is_empty() {
            out.push_str(&format!("\n**Reasoning, step {}**\n\n", step + 1));
            quote(out, thought);
        }
    }
    if !m.tools.is_empty() {
        out.push_str("\n**Tool calls**\n\n");
        for t in &m.tools {
            out.push_str(&format!("- {}\n", code(&t.name)));
            if !t.args.trim().is_empty() {
                out.push_str(&format!("  - arguments: {}\n", code(&t.args)));
            }
            if let Some(result) = &t.result {
                out.push_str(&format!("  - result: {}\n", code(result)));
            }
        }
    }
    run_md(out, m);
    let text = m.text.trim();
    if !text.is_empty() {
        out.push('\n');
        out.push_str(text);
        out.push('\n');
    }
    for note in &m.notes {
        out.push_str(&format!("\n*{}*\n", inline(note)));
    }
    let total = m.versions();
    for (i, alt) in m.alternatives.iter().enumerate() {
        out.push_str(&format!("\n**Earlier answer {} of {total}**\n\n", i + 1));
        quote(out, &alt.text);
    }
    let ending = match m.status {
        MessageStatus::Done => None,
        MessageStatus::Streaming => Some("Still answering when exported."),
        MessageStatus::Stopped => Some("Stopped."),
        MessageStatus::Failed | MessageStatus::Interrupted => {
            Some(if m.status == MessageStatus::Failed {
                "Failed"
            } else {
                "Interrupted"
            })
        }
    };
    if let Some(ending) = ending {
        match &m.error {
            Some(e) => out.push_str(&format!("\n*{ending}: {}*\n", inline(&e.message))),
            None => out.push_str(&format!("\n*{ending}*\n")),
        }
    }
}

/// A Co-browse run: its actions, numbered, each followed by the cards about it (approvals
/// and what was decided, the offer of the rest of a step after a failure, blocked sends), in
/// the order the panel shows them.
fn run_md(out: &mut String, m: &Message) {
    let order = run_order(m);
    if order.is_empty() {
        return;
    }
    out.push_str("\n**Actions**\n\n");
    let rows: Vec<_> = m
        .timeline
        .iter()
        .filter(|e| !matches!(e.action, Action::Done { .. }))
        .collect();
    let mut shown_row = false;
    for item in order {
        let bullet = if shown_row { "   - " } else { "- " };
        match item {
            RunItem::Row(i) => {
                let Some(e) = rows.get(i) else { continue };
                shown_row = true;
                let row = timeline_row(&e.action, Some(&e.result()));
                let mut line = format!("{}. {} {}", i + 1, row.title, code(&row.target));
                if let Action::Fill { value, .. } = &e.action {
                    line.push_str(&format!(" with {}", code(value)));
                }
                line.push_str(&format!(": **{}**", row.status_text()));
                if let Some(err) = &e.error {
                    line.push_str(&format!(" ({})", inline(&err.message)));
                }
                out.push_str(&line);
                out.push('\n');
                if let (Action::Extract { .. }, Some(value)) = (&e.action, &e.value) {
                    extracted_md(out, value);
                }
            }
            RunItem::Approval(i) => {
                let Some(a) = m.approvals.get(i) else {
                    continue;
                };
                out.push_str(&format!(
                    "{bullet}Approval: {}: **{}**\n",
                    inline(&a.description),
                    decision_label(a)
                ));
            }
            RunItem::Resume(i) => {
                let Some(r) = m.resumes.get(i) else { continue };
                let chosen = match r.run_rest {
                    Some(true) => "ran the rest",
                    Some(false) => "skipped the rest",
                    None => "not answered",
                };
                out.push_str(&format!(
                    "{bullet}Action {} failed, {} more did not run: **{chosen}**\n",
                    r.number, r.remaining
                ));
            }
            RunItem::SendOffer(i) => {
                let Some(o) = m.send_offers.get(i) else {
                    continue;
                };
                let chosen = if o.allowed { "allowed" } else { "not allowed" };
                out.push_str(&format!(
                    "{bullet}Blocked: sending data to {}: **{chosen}**\n",
                    inline(&o.origin)
                ));
            }
        }
    }
}

/// The value an `extract` returned, under its action: on one line as a code span, several
/// lines as a fenced block; a value the page cut short says from how many characters.
fn extracted_md(out: &mut String, value: &RawJson) {
    let Ok(node) = parse(value.as_str()) else {
        return;
    };
    let text = match (&node, node.get("value")) {
        (Node::Obj(_), Some(v)) => plain(v),
        _ => plain(&node),
    };
    let text = text.trim();
    if text.is_empty() {
        return;
    }
    if text.contains('\n') {
        let fence = "`".repeat(longest_run(text, '`').max(2) + 1);
        out.push_str(&format!("   - Extracted:\n\n     {fence}text\n"));
        for line in text.lines() {
            out.push_str("     ");
            out.push_str(line);
            out.push('\n');
        }
        out.push_str(&format!("     {fence}\n"));
    } else {
        out.push_str(&format!("   - Extracted: {}\n", code(text)));
    }
    if node.get("truncated").and_then(|t| match t {
        Node::Bool(b) => Some(*b),
        _ => None,
    }) == Some(true)
    {
        let length = node.get("length").map(plain).unwrap_or_default();
        out.push_str(&format!(
            "   - *Cut from {length} characters by the page.*\n"
        ));
    }
}

/// The longest run of `c` in `text`.
fn longest_run(text: &str, c: char) -> usize {
    let (mut longest, mut run) = (0, 0);
    for ch in text.chars() {
        run = if ch == c { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    longest
}

fn decision_label(a: &ApprovalRecord) -> &'static str {
    match a.decision {
        Some(ApprovalDecision::Once) => "allowed once",
        Some(ApprovalDecision::Task) => "allowed for the task",
        Some(ApprovalDecision::Deny) => "denied",
        None => "not answered",
    }
}

/// `text` quoted, line by line.
fn quote(out: &mut String, text: &str) {
    for line in text.trim_end().lines() {
        out.push('>');
        if !line.is_empty() {
            out.push(' ');
            out.push_str(line);
        }
        out.push('\n');
    }
}

/// One line of text inside Markdown: line breaks as spaces, the marks that would format it
/// escaped.
pub(super) fn inline(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' | '\r' => out.push(' '),
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '#' | '|' | '~' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

/// `text` as a code span on one line: fenced by more backticks than it holds in a row.
pub(super) fn code(text: &str) -> String {
    let flat: String = text
        .chars()
        .map(|c| if c == '\n' || c == '\r' { ' ' } else { c })
        .collect();
    let fence = "`".repeat(longest_run(&flat, '`') + 1);
    let pad = if flat.starts_with('`') || flat.ends_with('`') || flat.is_empty() {
        " "
    } else {
        ""
    };
    format!("{fence}{pad}{flat}{pad}{fence}")
}
