//! One-off messages between the extension's pages and the worker over
//! `chrome.runtime.sendMessage` (the `stream` port carries the questions, see
//! [`crate::wire::protocol`]). The side panel asks for the settings when it opens, and the worker
//! sends them again to every open extension page whenever they or the key change. What travels
//! is a [`SettingsView`]: the settings and whether a key is set, never the key. The panel also
//! asks for the model and persona lists (fetched with the key, so by the worker, and cached:
//! [`crate::wire::choices`]) and sets the model and persona its questions go to.
//!
//! JSON shape: `{"type":"GET_SETTINGS"}`, `{"type":"SETTINGS","settings":{...,"hasApiKey":true}}`,
//! `{"type":"GET_CHOICES","refresh":false}`, `{"type":"CHOICES","choices":{"models":[..],
//! "personas":[..]}}`, `{"type":"SET_CHOICES","model":"..","personaId":".."}` (absent: Zo's
//! default; answered with SETTINGS), `{"type":"SET_SCREENSHOTS","on":true}` (answered with
//! SETTINGS), `{"type":"GET_CONTEXT","mode":"ask","tabId":7}` (the panel's /context: answered
//! with `{"type":"CONTEXT","text":"..."}`, the page context a question in that mode would
//! carry now), `{"type":"TAKE_QUESTION","tabId":12}` (answered with `{"type":"QUESTION",
//! "question":{...}}`, see [`crate::wire::ready_question`]), `{"type":"QUESTION_READY"}`. The
//! panel writes its messages with the hand JSON writer
//! ([`PageToWorker::to_json`]) and reads CHOICES with `ChoiceLists::from_json`.

use serde::{Deserialize, Serialize};

use crate::wire::api_key::API_KEY_KEY;
use crate::wire::choices::ChoiceLists;
use crate::wire::json::{Obj, WireName};
use crate::wire::protocol::Mode;
use crate::wire::ready_question::{write_quote, Quote, ReadyQuestion};
use crate::wire::settings::{SettingsView, SETTINGS_KEY};

/// An extension page -> the worker.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum PageToWorker {
    /// Answered with [`WorkerToPage::Settings`].
    GetSettings,
    /// Answered with [`WorkerToPage::Choices`]: the cached lists, fetched again when stale or
    /// when `refresh` is set.
    GetChoices {
        #[serde(default)]
        refresh: bool,
    },
    /// The model and persona the questions go to (None: Zo's default), stored in the settings.
    /// Answered with [`WorkerToPage::Settings`].
    #[serde(rename_all = "camelCase")]
    SetChoices {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        model: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        persona_id: Option<String>,
    },
    /// Screenshots in Visual mode on or off (the side panel's switch; turning them on needs
    /// Chrome's permission for all sites, asked for by the panel in the user's click, and
    /// checked by the worker). Answered with [`WorkerToPage::Settings`].
    SetScreenshots { on: bool },
    /// The page context a question in `mode` about tab `tab_id` would carry now (the side
    /// panel's /context), built as the real prompt builds it. Answered with
    /// [`WorkerToPage::Context`].
    #[serde(rename_all = "camelCase")]
    GetContext {
        mode: Mode,
        /// The custom mode picked, by its id (the worker reads what it is from the settings).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        custom_mode: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tab_id: Option<i32>,
        /// The other tabs chosen to go along (`@`), as in ASK_ZO.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        context_tabs: Vec<i32>,
        /// The page content that goes with the next question (from the context menu).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        quote: Option<Quote>,
    },
    /// The side panel bound to `tab_id` asks for the question an entry point made ready for
    /// it (when it opens, and on [`WorkerToPage::QuestionReady`]). Answered with
    /// [`WorkerToPage::Question`]; a question is handed out once.
    #[serde(rename_all = "camelCase")]
    TakeQuestion {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tab_id: Option<i32>,
    },
}

impl PageToWorker {
    /// The message as JSON text, as serde writes it (without serde's code, for the panel).
    pub fn to_json(&self) -> String {
        match self {
            PageToWorker::GetSettings => Obj::new().str("type", "GET_SETTINGS"),
            PageToWorker::GetChoices { refresh } => Obj::new()
                .str("type", "GET_CHOICES")
                .bool("refresh", *refresh),
            PageToWorker::SetChoices { model, persona_id } => Obj::new()
                .str("type", "SET_CHOICES")
                .opt_str("model", model.as_deref())
                .opt_str("personaId", persona_id.as_deref()),
            PageToWorker::SetScreenshots { on } => {
                Obj::new().str("type", "SET_SCREENSHOTS").bool("on", *on)
            }
            PageToWorker::GetContext {
                mode,
                custom_mode,
                tab_id,
                context_tabs,
                quote,
            } => {
                let obj = Obj::new()
                    .str("type", "GET_CONTEXT")
                    .str("mode", mode.wire_name())
                    .opt_str("customMode", custom_mode.as_deref());
                let obj = match tab_id {
                    Some(id) => obj.int("tabId", i64::from(*id)),
                    None => obj,
                };
                crate::wire::codec::panel::write_tab_ids(obj, "contextTabs", context_tabs)
                    .opt_json("quote", quote.as_ref().map(write_quote).as_ref())
            }
            PageToWorker::TakeQuestion { tab_id } => {
                let o = Obj::new().str("type", "TAKE_QUESTION");
                match tab_id {
                    Some(tab) => o.int("tabId", i64::from(*tab)),
                    None => o,
                }
            }
        }
        .done()
        .into_string()
    }
}

/// The worker -> extension pages (the answer to GET_SETTINGS, and each change).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum WorkerToPage {
    Settings {
        settings: SettingsView,
    },
    Choices {
        choices: ChoiceLists,
    },
    /// The answer to GET_CONTEXT: the page context, as the prompt would carry it.
    Context {
        text: String,
    },
    /// An entry point made a question ready (sent to every open extension page): the side
    /// panel asks for it with [`PageToWorker::TakeQuestion`].
    QuestionReady,
    /// The answer to TAKE_QUESTION: the question, or None (none ready for that panel).
    Question {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        question: Option<ReadyQuestion>,
    },
}

/// Whether a `chrome.storage.onChanged` of storage `area` with these changed `keys` changes
/// what the pages are shown (the settings or whether a key is set).
pub fn settings_changed(area: &str, keys: &[String]) -> bool {
    area == "local" && keys.iter().any(|k| k == SETTINGS_KEY || k == API_KEY_KEY)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::settings::Settings;
    use serde_json::json;

    #[test]
    fn wire_shapes() {
        assert_eq!(
            serde_json::to_value(PageToWorker::GetSettings).unwrap(),
            json!({"type": "GET_SETTINGS"})
        );
        let msg = WorkerToPage::Settings {
            settings: SettingsView {
                settings: Settings::default(),
                has_api_key: true,
            },
        };
        let v = serde_json::to_value(&msg).unwrap();
        assert_eq!(v["type"], "SETTINGS");
        assert_eq!(v["settings"]["hasApiKey"], true);
        assert_eq!(v["settings"]["maxSteps"], 10);
        assert_eq!(serde_json::from_value::<WorkerToPage>(v).unwrap(), msg);
        assert!(serde_json::from_value::<PageToWorker>(json!({"type": "ASK_ZO"})).is_err());
        assert_eq!(
            serde_json::from_value::<PageToWorker>(json!({"type": "GET_CHOICES"})).unwrap(),
            PageToWorker::GetChoices { refresh: false }
        );
        let choices = WorkerToPage::Choices {
            choices: ChoiceLists::default(),
        };
        assert_eq!(
            serde_json::to_value(&choices).unwrap(),
            json!({"type": "CHOICES", "choices": {"models": [], "personas": []}})
        );
    }

    #[test]
    fn the_hand_written_text_is_serdes() {
        for msg in [
            PageToWorker::GetSettings,
            PageToWorker::GetChoices { refresh: true },
            PageToWorker::GetChoices { refresh: false },
            PageToWorker::SetChoices {
                model: Some("zo/\"fast\"".into()),
                persona_id: None,
            },
            PageToWorker::SetChoices {
                model: None,
                persona_id: Some("p1".into()),
            },
            PageToWorker::SetScreenshots { on: true },
            PageToWorker::GetContext {
                mode: Mode::Visual,
                custom_mode: Some("c-1".into()),
                tab_id: Some(-3),
                context_tabs: vec![4, 5],
                quote: Some(Quote {
                    kind: crate::wire::QuoteKind::Link,
                    text: "https://a.example/".into(),
                }),
            },
            PageToWorker::GetContext {
                mode: Mode::Ask,
                custom_mode: None,
                tab_id: None,
                context_tabs: Vec::new(),
                quote: None,
            },
            PageToWorker::TakeQuestion { tab_id: None },
            PageToWorker::TakeQuestion {
                tab_id: Some(i32::MIN),
            },
        ] {
            assert_eq!(msg.to_json(), serde_json::to_string(&msg).unwrap());
            assert_eq!(
                serde_json::from_str::<PageToWorker>(&msg.to_json()).unwrap(),
                msg
            );
        }
    }

    #[test]
    fn settings_and_key_changes_reach_the_pages_history_saves_do_not() {
        let keys = |k: &[&str]| k.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert!(settings_changed("local", &keys(&["settings"])));
        assert!(settings_changed("local", &keys(&["history", "apiKey"])));
        assert!(!settings_changed(
            "local",
            &keys(&["history", "conversations"])
        ));
        assert!(!settings_changed("session", &keys(&["settings"])));
    }
}
