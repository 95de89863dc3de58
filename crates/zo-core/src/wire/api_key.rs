//! The Zo API key: its own `chrome.storage.local` entry ([`API_KEY_KEY`], a string), apart from
//! the settings, so that what the side panel is shown can never contain it. Only the worker (to
//! send it) and the options page (where it is typed) read it.
//!
//! Settings stored by earlier versions carried the key inside (`settings.apiKey`): the worker
//! moves it out once ([`split_legacy_key`]).

use std::fmt;

use crate::wire::json::{Json, Node, RawJson};
use crate::wire::settings::SettingsError;

/// Storage key of the API key in `chrome.storage.local`.
pub const API_KEY_KEY: &str = "apiKey";
/// The field earlier versions kept the key in, inside the settings object.
const LEGACY_FIELD: &str = "apiKey";

/// A non-blank API key. `Debug` never shows it, so it cannot end up in a log by accident.
#[derive(Clone, PartialEq, Eq)]
pub struct ApiKey(String);

impl ApiKey {
    /// The key from a stored value (None: nothing stored): a string, trimmed; None when blank
    /// or not a string.
    pub fn from_node(node: Option<&Node>) -> Option<ApiKey> {
        node.and_then(Node::as_str).and_then(ApiKey::from_text)
    }

    /// The key from text, trimmed; None when blank.
    pub fn from_text(text: &str) -> Option<ApiKey> {
        let trimmed = text.trim();
        (!trimmed.is_empty()).then(|| ApiKey(trimmed.to_string()))
    }

    /// The stored key, or the error telling the user to set one.
    pub fn require(node: Option<&Node>) -> Result<ApiKey, SettingsError> {
        ApiKey::from_node(node).ok_or(SettingsError::MissingApiKey)
    }

    /// The key itself, for the `Authorization` header and for storage.
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// The key as stored under [`API_KEY_KEY`]: a JSON string.
    pub fn to_json(&self) -> Json {
        Json::string(&self.0)
    }
}

impl fmt::Debug for ApiKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ApiKey(<redacted>)")
    }
}

/// What to write back when stored settings still carry the key inside.
#[derive(Debug, Clone, PartialEq)]
pub struct KeyMigration {
    /// The settings object without the key field (write it under `settings`).
    pub settings: RawJson,
    /// The key to store under [`API_KEY_KEY`]: the legacy one, unless a key entry already
    /// exists (the entry is newer and wins). None: leave the entry as it is.
    pub key: Option<ApiKey>,
}

/// Settings from an earlier version keep the key inside: returns the migration to write, or
/// None when `stored_settings` (None: nothing stored) has no key field (nothing to do).
pub fn split_legacy_key(
    stored_settings: Option<&Node>,
    stored_key: Option<&Node>,
) -> Option<KeyMigration> {
    let Some(object @ Node::Obj(members)) = stored_settings else {
        return None;
    };
    let legacy = object.get(LEGACY_FIELD)?;
    let rest: Vec<_> = members
        .iter()
        .filter(|(k, _)| k != LEGACY_FIELD)
        .cloned()
        .collect();
    let key = match ApiKey::from_node(stored_key) {
        Some(_) => None,
        None => ApiKey::from_node(Some(legacy)),
    };
    Some(KeyMigration {
        settings: RawJson::of(&Node::Obj(rest)),
        key,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::json::parse;
    use serde_json::{json, Value};

    /// `f` given `v` as a stored node (`null`: nothing stored).
    fn stored<T>(v: &Value, f: impl FnOnce(Option<&Node>) -> T) -> T {
        let text = v.to_string();
        let node = parse(&text).unwrap();
        f((!matches!(node, Node::Null)).then_some(&node))
    }

    fn split(settings: &Value, key: &Value) -> Option<KeyMigration> {
        stored(settings, |s| stored(key, |k| split_legacy_key(s, k)))
    }

    #[test]
    fn keys_are_trimmed_and_blank_means_none() {
        assert_eq!(ApiKey::from_text(" zo_sk_1 ").unwrap().expose(), "zo_sk_1");
        assert!(ApiKey::from_text("   ").is_none());
        assert!(stored(&json!(42), ApiKey::from_node).is_none());
        assert!(stored(&Value::Null, ApiKey::from_node).is_none());
        assert_eq!(
            stored(&json!(" "), ApiKey::require),
            Err(SettingsError::MissingApiKey)
        );
        assert_eq!(
            stored(&json!("zo_sk_2"), ApiKey::require).unwrap().expose(),
            "zo_sk_2"
        );
    }

    #[test]
    fn debug_output_never_shows_the_key() {
        let key = ApiKey::from_text("zo_sk_secret").unwrap();
        let shown = format!("{key:?} {:?}", Some(key.clone()));
        assert!(!shown.contains("zo_sk_secret"), "{shown}");
    }

    #[test]
    fn a_legacy_key_moves_out_of_the_settings() {
        let stored =
            json!({"apiKey": " zo_sk_old ", "apiBaseUrl": "https://a.example", "maxSteps": 3});
        let m = split(&stored, &Value::Null).unwrap();
        assert_eq!(
            m.settings,
            RawJson::from_value(&json!({"apiBaseUrl": "https://a.example", "maxSteps": 3}))
        );
        assert_eq!(m.key.unwrap().expose(), "zo_sk_old");
    }

    #[test]
    fn an_existing_key_entry_wins_over_the_legacy_copy() {
        let stored = json!({"apiKey": "zo_sk_old", "defaultMode": "ask"});
        let m = split(&stored, &json!("zo_sk_new")).unwrap();
        assert_eq!(
            m.settings,
            RawJson::from_value(&json!({"defaultMode": "ask"}))
        );
        assert_eq!(m.key, None, "the entry is left as it is");
        // A blank legacy key is simply dropped.
        let m = split(&json!({"apiKey": ""}), &Value::Null).unwrap();
        assert_eq!((m.settings, m.key), (RawJson::from_value(&json!({})), None));
    }

    #[test]
    fn settings_without_a_key_need_nothing() {
        assert_eq!(split(&json!({"maxSteps": 4}), &Value::Null), None);
        assert_eq!(split(&Value::Null, &json!("zo_sk_1")), None);
        assert_eq!(split(&json!([1]), &Value::Null), None);
    }
}
