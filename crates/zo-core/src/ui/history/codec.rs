//! The stored history as JSON text without serde (the side panel reads and writes it on every
//! open and save; serde's derived code for these types and for `serde_json::Value` was about a
//! sixth of the panel module): [`History::from_json`] reads what the panel stored, tolerantly
//! (a damaged chat is skipped, the others survive), [`History::to_json`] writes it. Field for
//! field what serde reads and writes for the types in `history.rs` (the tests hold the two to
//! each other, on every field and on altered copies).

use crate::ui::page_context::PageRef;
use crate::wire::codec::parts::{
    read_action_error, read_failure, read_origin, read_tool, write_action_error, write_failure,
    write_origin, write_tool,
};
use crate::wire::json::fields::{boolean, list, name, read_action, string, uint, uint32, Fields};
use crate::wire::json::{parse, serde_float, Json, Node, Obj, RawJson, WireError, WireName};

use super::{
    Alternative, ApprovalRecord, Chat, History, Message, MessageStatus, ModeRef, ResumeRecord,
    Role, RunPlace, SendOfferRecord, TimelineEntry,
};

impl WireName for Role {
    const ALL: &'static [Role] = &[Role::User, Role::Assistant];
    const WHAT: &'static str = "a message role";
    fn wire_name(self) -> &'static str {
        match self {
            Role::User => "user",
            Role::Assistant => "assistant",
        }
    }
}

impl WireName for MessageStatus {
    const ALL: &'static [MessageStatus] = &[
        MessageStatus::Streaming,
        MessageStatus::Done,
        MessageStatus::Stopped,
        MessageStatus::Failed,
        MessageStatus::Interrupted,
    ];
    const WHAT: &'static str = "a message status";
    fn wire_name(self) -> &'static str {
        match self {
            MessageStatus::Streaming => "streaming",
            MessageStatus::Done => "done",
            MessageStatus::Stopped => "stopped",
            MessageStatus::Failed => "failed",
            MessageStatus::Interrupted => "interrupted",
        }
    }
}

impl History {
    /// Reads the stored history (its JSON text), keeping every chat that reads. Anything but
    /// an object (`null`: nothing stored yet, or text that is not JSON) gives an empty history.
    /// Messages still marked streaming were cut off when the panel closed: they become
    /// interrupted. An `activeChatId` naming no stored chat is dropped.
    pub fn from_json(text: &str) -> History {
        let mut history = History::default();
        let Ok(node @ Node::Obj(_)) = parse(text) else {
            return history;
        };
        let Ok(f) = Fields::of_message(&node) else {
            return history;
        };
        if let Ok(Some(Node::Arr(chats))) = f.get("chats") {
            history.chats = chats.iter().filter_map(|c| read_chat(c).ok()).collect();
        }
        for chat in &mut history.chats {
            for m in &mut chat.messages {
                if m.status == MessageStatus::Streaming && m.role == Role::Assistant {
                    m.status = MessageStatus::Interrupted;
                }
            }
        }
        history.active_chat_id = match f.get("activeChatId") {
            Ok(Some(Node::Str(id))) if history.chats.iter().any(|c| c.id == *id) => {
                Some(id.to_string())
            }
            _ => None,
        };
        history
    }

    /// The history's JSON text, as serde writes it.
    pub fn to_json(&self) -> String {
        Obj::new()
            .json("chats", &Json::array(self.chats.iter().map(Chat::to_json)))
            .opt_str("activeChatId", self.active_chat_id.as_deref())
            .done()
            .into_string()
    }
}

impl Chat {
    /// The chat's JSON text, as serde writes it.
    pub fn to_json(&self) -> Json {
        Obj::new()
            .str("id", &self.id)
            .str("title", &self.title)
            .str("mode", self.mode.wire_name())
            .uint("createdAt", self.created_at)
            .uint("updatedAt", self.updated_at)
            .json(
                "messages",
                &Json::array(self.messages.iter().map(Message::to_json)),
            )
            .done()
    }
}

pub(super) fn read_chat(node: &Node) -> Result<Chat, WireError> {
    let f = Fields::of(
        node,
        &["id", "title", "mode", "createdAt", "updatedAt", "messages"],
    )?;
    Ok(Chat {
        id: f.req("id", string)?,
        title: f.req("title", string)?,
        mode: f.or_default("mode", name)?,
        created_at: f.or_default("createdAt", uint)?,
        updated_at: f.or_default("updatedAt", uint)?,
        messages: f.or_default("messages", |n| list(n, read_message))?,
    })
}

/// A list field written only when it has items (`skip_serializing_if = "Vec::is_empty"`).
fn items<T>(obj: Obj, key: &str, all: &[T], write: impl Fn(&T) -> Json) -> Obj {
    if all.is_empty() {
        obj
    } else {
        obj.json(key, &Json::array(all.iter().map(write)))
    }
}

impl Message {
    /// The message's JSON text, as serde writes it.
    pub fn to_json(&self) -> Json {
        let obj = Obj::new()
            .str("id", &self.id)
            .str("role", self.role.wire_name())
            .str("mode", self.mode.wire_name())
            .opt_str("sessionId", self.session_id.as_deref())
            .str("text", &self.text)
            .opt_str("reasoning", self.reasoning.as_deref());
        let obj = items(obj, "thoughts", &self.thoughts, |t| Json::string(t));
        let obj = items(obj, "tools", &self.tools, write_tool);
        let obj = items(obj, "timeline", &self.timeline, write_entry)
            .str("status", self.status.wire_name())
            .opt_json("error", self.error.as_ref().map(write_failure).as_ref())
            .opt_uint("elapsedMs", self.elapsed_ms)
            .opt_str("input", self.input.as_deref());
        let obj = items(obj, "scope", &self.scope, write_origin);
        let obj = items(obj, "approvals", &self.approvals, write_approval);
        let obj = items(obj, "notes", &self.notes, |n| Json::string(n));
        let obj = items(obj, "resumes", &self.resumes, write_resume);
        let obj = items(obj, "sendOffers", &self.send_offers, write_send_offer)
            .opt_json("page", self.page.as_ref().map(write_page).as_ref());
        let obj = items(obj, "tabs", &self.tabs, write_page)
            .opt_json(
                "quote",
                self.quote
                    .as_ref()
                    .map(crate::wire::ready_question::write_quote)
                    .as_ref(),
            )
            .opt_str("model", self.model.as_deref())
            .opt_json(
                "customMode",
                self.custom_mode
                    .as_ref()
                    .map(|c| Obj::new().str("id", &c.id).str("name", &c.name).done())
                    .as_ref(),
            );
        items(obj, "alternatives", &self.alternatives, write_alternative).done()
    }
}

pub(crate) fn write_alternative(a: &Alternative) -> Json {
    Obj::new()
        .str("text", &a.text)
        .str("status", a.status.wire_name())
        .opt_uint("elapsedMs", a.elapsed_ms)
        .opt_str("model", a.model.as_deref())
        .done()
}

fn read_alternative(node: &Node) -> Result<Alternative, WireError> {
    let f = Fields::of(node, &["text", "status", "elapsedMs", "model"])?;
    Ok(Alternative {
        text: f.or_default("text", string)?,
        status: f.or_default("status", name)?,
        elapsed_ms: f.opt("elapsedMs", uint)?,
        model: f.opt("model", string)?,
    })
}

const MESSAGE_FIELDS: &[&str] = &[
    "id",
    "role",
    "mode",
    "sessionId",
    "text",
    "reasoning",
    "thoughts",
    "tools",
    "timeline",
    "status",
    "error",
    "elapsedMs",
    "input",
    "scope",
    "approvals",
    "notes",
    "resumes",
    "sendOffers",
    "page",
    "tabs",
    "quote",
    "model",
    "customMode",
    "alternatives",
];

fn read_message(node: &Node) -> Result<Message, WireError> {
    let f = Fields::of(node, MESSAGE_FIELDS)?;
    Ok(Message {
        id: f.req("id", string)?,
        role: f.req("role", name)?,
        mode: f.or_default("mode", name)?,
        session_id: f.opt("sessionId", string)?,
        text: f.or_default("text", string)?,
        reasoning: f.opt("reasoning", string)?,
        thoughts: f.or_default("thoughts", |n| list(n, string))?,
        tools: f.or_default("tools", |n| list(n, read_tool))?,
        timeline: f.or_default("timeline", |n| list(n, read_entry))?,
        status: f.or_default("status", name)?,
        error: f.opt("error", read_failure)?,
        elapsed_ms: f.opt("elapsedMs", uint)?,
        input: f.opt("input", string)?,
        scope: f.or_default("scope", |n| list(n, read_origin))?,
        approvals: f.or_default("approvals", |n| list(n, read_approval))?,
        notes: f.or_default("notes", |n| list(n, string))?,
        resumes: f.or_default("resumes", |n| list(n, read_resume))?,
        send_offers: f.or_default("sendOffers", |n| list(n, read_send_offer))?,
        page: f.opt("page", read_page)?,
        tabs: f.or_default("tabs", |n| list(n, read_page))?,
        quote: f.opt("quote", crate::wire::ready_question::read_quote)?,
        model: f.opt("model", string)?,
        custom_mode: f.opt("customMode", |n| {
            let f = Fields::of(n, &["id", "name"])?;
            Ok(ModeRef {
                id: f.req("id", string)?,
                name: f.req("name", string)?,
            })
        })?,
        alternatives: f.or_default("alternatives", |n| list(n, read_alternative))?,
    })
}

fn read_page(node: &Node) -> Result<PageRef, WireError> {
    let f = Fields::of(node, &["title", "origin", "shared"])?;
    Ok(PageRef {
        title: f.req("title", string)?,
        origin: f.req("origin", string)?,
        shared: f.req("shared", boolean)?,
    })
}

fn write_page(p: &PageRef) -> Json {
    Obj::new()
        .str("title", &p.title)
        .str("origin", &p.origin)
        .bool("shared", p.shared)
        .done()
}

fn read_entry(node: &Node) -> Result<TimelineEntry, WireError> {
    let f = Fields::of(
        node,
        &[
            "step",
            "index",
            "action",
            "status",
            "value",
            "error",
            "targetName",
        ],
    )?;
    Ok(TimelineEntry {
        step: f.req("step", uint32)?,
        index: f.req("index", uint32)?,
        action: f.req("action", |n| read_action(n, serde_float))?,
        status: f.req("status", name)?,
        value: f.opt("value", |n| Ok(RawJson::of(n)))?,
        error: f.opt("error", read_action_error)?,
        target_name: f.opt("targetName", string)?,
    })
}

pub(crate) fn write_entry(e: &TimelineEntry) -> Json {
    Obj::new()
        .uint("step", u64::from(e.step))
        .uint("index", u64::from(e.index))
        .json("action", &e.action.to_json())
        .str("status", e.status.wire_name())
        .opt_json("value", e.value.as_ref().map(RawJson::to_json).as_ref())
        .opt_json("error", e.error.as_ref().map(write_action_error).as_ref())
        .opt_str("targetName", e.target_name.as_deref())
        .done()
}

fn read_approval(node: &Node) -> Result<ApprovalRecord, WireError> {
    let f = Fields::of(
        node,
        &[
            "id",
            "kind",
            "description",
            "origin",
            "reasons",
            "decision",
            "destination",
            "at",
        ],
    )?;
    Ok(ApprovalRecord {
        id: f.req("id", uint32)?,
        kind: f.req("kind", name)?,
        description: f.req("description", string)?,
        origin: f.req("origin", string)?,
        reasons: f.or_default("reasons", |n| list(n, string))?,
        decision: f.opt("decision", name)?,
        destination: f.opt("destination", string)?,
        at: f.opt("at", read_place)?,
    })
}

pub(crate) fn write_approval(a: &ApprovalRecord) -> Json {
    Obj::new()
        .uint("id", u64::from(a.id))
        .str("kind", a.kind.wire_name())
        .str("description", &a.description)
        .str("origin", &a.origin)
        .json(
            "reasons",
            &Json::array(a.reasons.iter().map(|r| Json::string(r))),
        )
        .opt_str("decision", a.decision.map(WireName::wire_name))
        .opt_str("destination", a.destination.as_deref())
        .opt_json("at", a.at.as_ref().map(write_place).as_ref())
        .done()
}

fn read_place(node: &Node) -> Result<RunPlace, WireError> {
    let f = Fields::of(node, &["step", "index"])?;
    Ok(RunPlace {
        step: f.req("step", uint32)?,
        index: f.req("index", uint32)?,
    })
}

fn write_place(p: &RunPlace) -> Json {
    Obj::new()
        .uint("step", u64::from(p.step))
        .uint("index", u64::from(p.index))
        .done()
}

fn read_resume(node: &Node) -> Result<ResumeRecord, WireError> {
    let f = Fields::of(node, &["at", "number", "remaining", "runRest"])?;
    Ok(ResumeRecord {
        at: f.req("at", read_place)?,
        number: f.req("number", uint32)?,
        remaining: f.req("remaining", uint32)?,
        run_rest: f.opt("runRest", boolean)?,
    })
}

fn write_resume(r: &ResumeRecord) -> Json {
    let obj = Obj::new()
        .json("at", &write_place(&r.at))
        .uint("number", u64::from(r.number))
        .uint("remaining", u64::from(r.remaining));
    match r.run_rest {
        Some(run) => obj.bool("runRest", run),
        None => obj,
    }
    .done()
}

fn read_send_offer(node: &Node) -> Result<SendOfferRecord, WireError> {
    let f = Fields::of(node, &["origin", "after", "allowed"])?;
    Ok(SendOfferRecord {
        origin: f.req("origin", string)?,
        after: f.opt("after", read_place)?,
        allowed: f.or_default("allowed", boolean)?,
    })
}

fn write_send_offer(o: &SendOfferRecord) -> Json {
    Obj::new()
        .str("origin", &o.origin)
        .opt_json("after", o.after.as_ref().map(write_place).as_ref())
        .bool("allowed", o.allowed)
        .done()
}

#[cfg(test)]
mod tests;
