//! One-off messages between the extension's pages and the worker over
//! `chrome.runtime.sendMessage` (the `stream` port carries the questions, see
//! [`crate::wire::protocol`]). The side panel asks for the settings when it opens, and the worker
//! sends them again to every open extension page whenever they or the key change. What travels
//! is a [`SettingsView`]: the settings and whether a key is set, never the key.
//!
//! JSON shape: `{"type":"GET_SETTINGS"}`, `{"type":"SETTINGS","settings":{...,"hasApiKey":true}}`.

use serde::{Deserialize, Serialize};

use crate::wire::api_key::API_KEY_KEY;
use crate::wire::settings::{SettingsView, SETTINGS_KEY};

/// An extension page -> the worker.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum PageToWorker {
    /// Answered with [`WorkerToPage::Settings`].
    GetSettings,
}

/// The worker -> extension pages (the answer to GET_SETTINGS, and each change).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum WorkerToPage {
    Settings { settings: SettingsView },
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
