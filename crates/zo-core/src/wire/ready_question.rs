//! A question made ready for the side panel by one of the browser's entry points (the context
//! menu, a keyboard command, the omnibox keyword): what the panel puts in its input, in which
//! mode, with which text of the page as context. The worker holds the latest one and hands it
//! to the one panel that claims it ([`ReadyQuestion::claim`]): the panel bound to its tab,
//! while it is fresh, once.
//!
//! A [`Quote`] is page content (text the user selected, a link's address): untrusted, bounded
//! when it is made (`zo_core::ui::entry`), shown to the user before it is sent, and fenced as
//! page content in the prompt. It never goes to a content script.
//!
//! JSON shape (camelCase, in the worker's QUESTION message): `{"id":7,"createdMs":1700000000000,
//! "tabId":12,"mode":"ask","text":"...","caret":"select","newChat":false,
//! "quote":{"kind":"selection","text":"..."}}`;
//! `tabId`, `mode` and `quote` are left out when absent. Written by hand by the worker, read
//! by hand by the panel (neither carries serde code for it); the tests hold both to serde's
//! derived code.

use serde::{Deserialize, Serialize};

use crate::wire::json::fields::{boolean, int32, name, string, uint, Fields};
use crate::wire::json::{parse, Json, Obj, WireError, WireName};
use crate::wire::protocol::Mode;

/// How long a ready question waits for its panel (the panel opens in a second or two; a
/// question found later than this is about a moment the user has left).
pub const READY_TTL_MS: u64 = 120_000;

/// What a quote is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum QuoteKind {
    /// Text the user selected on the page.
    Selection,
    /// The address of a link the user right-clicked.
    Link,
}

impl WireName for QuoteKind {
    const ALL: &'static [Self] = &[Self::Selection, Self::Link];
    const WHAT: &'static str = "a quote kind";
    fn wire_name(self) -> &'static str {
        match self {
            Self::Selection => "selection",
            Self::Link => "link",
        }
    }
}

/// Page content the user chose to ask about (untrusted, bounded).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Quote {
    pub kind: QuoteKind,
    pub text: String,
}

/// Where the caret goes in the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Caret {
    /// The whole text selected: Enter sends it, typing replaces it.
    #[default]
    Select,
    /// At the end: the text is the start of what the user writes.
    End,
}

impl WireName for Caret {
    const ALL: &'static [Self] = &[Self::Select, Self::End];
    const WHAT: &'static str = "a caret position";
    fn wire_name(self) -> &'static str {
        match self {
            Self::Select => "select",
            Self::End => "end",
        }
    }
}

/// A question ready for the panel's input (never sent by itself: the user presses Send).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReadyQuestion {
    /// Unique among the worker's ready questions.
    pub id: u64,
    /// When it was made (ms since the epoch).
    pub created_ms: u64,
    /// The tab it is about; None: whatever tab the panel that opens is bound to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tab_id: Option<i32>,
    /// The mode to ask in; None: the panel's current mode.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mode: Option<Mode>,
    /// The input's text.
    pub text: String,
    #[serde(default)]
    pub caret: Caret,
    /// Start a new chat first.
    #[serde(default)]
    pub new_chat: bool,
    /// Page content that goes with the question.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quote: Option<Quote>,
}

/// What a panel's claim does with the stored question.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claim {
    /// The panel takes it (and it is removed).
    Take,
    /// It is for another tab's panel: left where it is.
    Keep,
    /// Too old, or from the future (a clock change): removed, shown to nobody.
    Drop,
}

impl ReadyQuestion {
    /// Whether the panel bound to `tab_id` may show this question at `now_ms`.
    pub fn claim(&self, tab_id: Option<i32>, now_ms: u64) -> Claim {
        let age = now_ms.checked_sub(self.created_ms);
        if age.is_none_or(|age| age > READY_TTL_MS) {
            return Claim::Drop;
        }
        match self.tab_id {
            Some(mine) if tab_id != Some(mine) => Claim::Keep,
            _ => Claim::Take,
        }
    }

    /// The question as JSON text, as serde writes it.
    pub fn to_json(&self) -> String {
        self.write().into_string()
    }

    pub(crate) fn write(&self) -> Json {
        let mut o = Obj::new()
            .uint("id", self.id)
            .uint("createdMs", self.created_ms);
        if let Some(tab) = self.tab_id {
            o = o.int("tabId", i64::from(tab));
        }
        o.opt_str("mode", self.mode.map(Mode::wire_name))
            .str("text", &self.text)
            .str("caret", self.caret.wire_name())
            .bool("newChat", self.new_chat)
            .opt_json("quote", self.quote.as_ref().map(write_quote).as_ref())
            .done()
    }

    /// Reads a question from its JSON text, as serde reads it.
    pub fn from_json(text: &str) -> Result<ReadyQuestion, WireError> {
        read(&parse(text)?)
    }
}

pub(crate) fn write_quote(q: &Quote) -> Json {
    Obj::new()
        .str("kind", q.kind.wire_name())
        .str("text", &q.text)
        .done()
}

pub(crate) fn read_quote(node: &crate::wire::json::Node) -> Result<Quote, WireError> {
    let f = Fields::of(node, &["kind", "text"])?;
    Ok(Quote {
        kind: f.req("kind", name)?,
        text: f.req("text", string)?,
    })
}

pub(crate) fn read(node: &crate::wire::json::Node) -> Result<ReadyQuestion, WireError> {
    let f = Fields::of(
        node,
        &[
            "id",
            "createdMs",
            "tabId",
            "mode",
            "text",
            "caret",
            "newChat",
            "quote",
        ],
    )?;
    Ok(ReadyQuestion {
        id: f.req("id", uint)?,
        created_ms: f.req("createdMs", uint)?,
        tab_id: f.opt("tabId", int32)?,
        mode: f.opt("mode", name)?,
        text: f.req("text", string)?,
        caret: f.or_default("caret", name)?,
        new_chat: f.or_default("newChat", boolean)?,
        quote: f.opt("quote", read_quote)?,
    })
}

#[cfg(test)]
mod tests;
