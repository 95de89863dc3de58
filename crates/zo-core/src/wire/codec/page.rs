//! The one-off messages of the extension's pages read without serde: [`PageToWorker`] (read by
//! the worker), as serde reads it (the tests compare the two on every variant and on altered
//! copies). serde's derived reader of an internally tagged enum buffers the message first, which
//! linked that whole machinery into the worker for one message.

use crate::wire::json::fields::{boolean, int32, list, name, string, Fields};
use crate::wire::json::{parse, WireError};
use crate::wire::page_messages::PageToWorker;

impl PageToWorker {
    /// Reads one message from its JSON text, as serde reads it (other fields are ignored).
    pub fn from_json(text: &str) -> Result<PageToWorker, WireError> {
        let node = parse(text)?;
        let f = Fields::of_message(&node)?;
        Ok(match f.tag()? {
            "GET_SETTINGS" => PageToWorker::GetSettings,
            "GET_CHOICES" => PageToWorker::GetChoices {
                refresh: f.or_default("refresh", boolean)?,
            },
            "SET_CHOICES" => PageToWorker::SetChoices {
                model: f.opt("model", string)?,
                persona_id: f.opt("personaId", string)?,
            },
            "SET_SCREENSHOTS" => PageToWorker::SetScreenshots {
                on: f.req("on", boolean)?,
            },
            "GET_CONTEXT" => PageToWorker::GetContext {
                mode: f.req("mode", name)?,
                custom_mode: f.opt("customMode", string)?,
                tab_id: f.opt("tabId", int32)?,
                context_tabs: f.or_default("contextTabs", |n| list(n, int32))?,
                quote: f.opt("quote", crate::wire::ready_question::read_quote)?,
            },
            "TAKE_QUESTION" => PageToWorker::TakeQuestion {
                tab_id: f.opt("tabId", int32)?,
            },
            other => return Err(WireError::UnknownType(other.to_string())),
        })
    }
}
