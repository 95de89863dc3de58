//! The models and personas Zo offers (`GET /models/available`, `GET /personas/available`) as
//! picker choices, and the worker's cache of them. Both lists need the API key, so only the
//! worker (and the options page, where the key is typed) fetches them; the side panel asks the
//! worker (`PageToWorker::GetChoices`) and gets [`ChoiceLists`], never the key.
//!
//! The answers are read with the hand JSON reader ([`parse_choices`]), bounded; the panel reads
//! the worker's CHOICES message the same way ([`ChoiceLists::from_json`]), so it links no serde
//! code for them. The cache lives in `chrome.storage.session` under [`CHOICES_KEY`] (gone when
//! the browser closes, out of reach of content scripts): lists fetched for one API base URL,
//! fresh for [`CHOICES_TTL_MS`]. A change of the settings or the key drops it.

use serde::{Deserialize, Serialize};

use crate::wire::json::{parse, Json, Node, Obj};

/// Storage key of the cache in `chrome.storage.session`.
pub const CHOICES_KEY: &str = "choices";
/// How long fetched lists are used before they are fetched again.
pub const CHOICES_TTL_MS: u64 = 10 * 60 * 1000;
/// Most entries kept per list (a hostile or broken answer cannot grow it).
pub const MAX_CHOICES: usize = 200;
/// Longest id or label kept, in characters.
pub const MAX_CHOICE_CHARS: usize = 120;
/// Most bytes of a list answer read, by the worker and by the options page alike (the rest
/// of a longer answer is not read).
pub const MAX_LIST_BODY_BYTES: usize = 512 * 1024;

/// One entry of the model or persona picker.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Choice {
    pub id: String,
    pub label: String,
}

/// The two lists, and why they are empty when fetching failed.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ChoiceLists {
    #[serde(default)]
    pub models: Vec<Choice>,
    #[serde(default)]
    pub personas: Vec<Choice>,
    /// Set when a list could not be fetched (no key, an HTTP error...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl ChoiceLists {
    /// The label of model `id`, when the list has it.
    pub fn model_label(&self, id: &str) -> Option<&str> {
        label_of(&self.models, id)
    }

    /// The label of persona `id`, when the list has it.
    pub fn persona_label(&self, id: &str) -> Option<&str> {
        label_of(&self.personas, id)
    }

    /// The lists of the worker's CHOICES message (`{"type":"CHOICES","choices":{...}}`, or
    /// the bare lists), read without serde; None when it is not one.
    pub fn from_json(text: &str) -> Option<ChoiceLists> {
        let node = parse(text).ok()?;
        let lists = match node.get("type") {
            Some(Node::Str(t)) if t == "CHOICES" => node.get("choices")?,
            Some(_) => return None,
            None => &node,
        };
        Some(ChoiceLists::read(lists))
    }

    /// The lists in `lists` (`{models, personas, error?}`); what is not a choice is left out.
    fn read(lists: &Node) -> ChoiceLists {
        let list = |key: &str| -> Vec<Choice> {
            let Some(Node::Arr(items)) = lists.get(key) else {
                return Vec::new();
            };
            items
                .iter()
                .filter_map(|item| {
                    let text = |k: &str| match item.get(k) {
                        Some(Node::Str(s)) => Some(cut(s)),
                        _ => None,
                    };
                    Some(Choice {
                        id: text("id")?,
                        label: text("label")?,
                    })
                })
                .take(MAX_CHOICES)
                .collect()
        };
        let error = match lists.get("error") {
            Some(Node::Str(s)) => Some(s.to_string()),
            _ => None,
        };
        ChoiceLists {
            models: list("models"),
            personas: list("personas"),
            error,
        }
    }
}

impl ChoiceLists {
    /// The lists as JSON text, as serde writes them.
    pub fn to_json(&self) -> Json {
        let list = |items: &[Choice]| {
            Json::array(
                items
                    .iter()
                    .map(|c| Obj::new().str("id", &c.id).str("label", &c.label).done()),
            )
        };
        Obj::new()
            .json("models", &list(&self.models))
            .json("personas", &list(&self.personas))
            .opt_str("error", self.error.as_deref())
            .done()
    }
}

fn label_of<'a>(list: &'a [Choice], id: &str) -> Option<&'a str> {
    list.iter().find(|c| c.id == id).map(|c| c.label.as_str())
}

/// What the worker keeps in `chrome.storage.session`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChoicesCache {
    /// Milliseconds since the epoch.
    pub fetched_at: u64,
    /// The API base URL the lists came from.
    pub api_base_url: String,
    pub lists: ChoiceLists,
}

impl ChoicesCache {
    /// The cache as stored, written as serde writes it.
    pub fn to_json(&self) -> Json {
        Obj::new()
            .uint("fetchedAt", self.fetched_at)
            .str("apiBaseUrl", &self.api_base_url)
            .json("lists", &self.lists.to_json())
            .done()
    }

    /// The stored cache, read without serde; None when it is not one.
    pub fn from_json(text: &str) -> Option<ChoicesCache> {
        let node = parse(text).ok()?;
        let fetched_at = match node.get("fetchedAt") {
            Some(Node::Num(n)) => n.parse().ok()?,
            _ => return None,
        };
        Some(ChoicesCache {
            fetched_at,
            api_base_url: node.get("apiBaseUrl")?.as_str()?.to_string(),
            lists: ChoiceLists::read(node.get("lists")?),
        })
    }

    /// Whether the lists can be used at `now` for `api_base_url`: same API, fetched less than
    /// [`CHOICES_TTL_MS`] ago (a clock that went back counts as stale), and complete.
    pub fn is_fresh(&self, now: u64, api_base_url: &str) -> bool {
        self.api_base_url == api_base_url
            && self.lists.error.is_none()
            && now >= self.fetched_at
            && now - self.fetched_at < CHOICES_TTL_MS
    }
}

/// `s` trimmed and cut to [`MAX_CHOICE_CHARS`].
fn cut(s: &str) -> String {
    s.trim().chars().take(MAX_CHOICE_CHARS).collect()
}

/// The first non-empty string of `keys` in `obj`.
fn first_str(obj: &Node, keys: &[&str]) -> Option<String> {
    keys.iter().find_map(|k| match obj.get(k) {
        Some(Node::Str(s)) => Some(cut(s)).filter(|s| !s.is_empty()),
        _ => None,
    })
}

/// Picker choices from a models or personas answer (JSON text). Accepts an array, or an object
/// holding one under `models`, `personas`, `data`, `items` or `available`; entries may be
/// strings or objects with an id (`model_name`, `id`, `name`, `slug`, `model`) and a label
/// (`label`, `display_name`, `displayName`, `name`, `title`). Duplicates are dropped; at most
/// [`MAX_CHOICES`] are kept. Anything else is an empty list.
pub fn parse_choices(body: &str) -> Vec<Choice> {
    let Ok(node) = parse(body.trim()) else {
        return Vec::new();
    };
    let list = match &node {
        Node::Arr(items) => Some(items),
        Node::Obj(_) => ["models", "personas", "data", "items", "available"]
            .iter()
            .find_map(|k| match node.get(k) {
                Some(Node::Arr(items)) => Some(items),
                _ => None,
            }),
        _ => None,
    };
    let mut out: Vec<Choice> = Vec::new();
    for entry in list.into_iter().flatten() {
        if out.len() >= MAX_CHOICES {
            break;
        }
        let choice = match entry {
            Node::Str(s) => Some(cut(s)).filter(|id| !id.is_empty()).map(|id| Choice {
                id: id.clone(),
                label: id,
            }),
            Node::Obj(_) => {
                first_str(entry, &["model_name", "id", "name", "slug", "model"]).map(|id| Choice {
                    label: first_str(
                        entry,
                        &["label", "display_name", "displayName", "name", "title"],
                    )
                    .unwrap_or_else(|| id.clone()),
                    id,
                })
            }
            _ => None,
        };
        if let Some(c) = choice {
            if !out.iter().any(|x| x.id == c.id) {
                out.push(c);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn choice(id: &str, label: &str) -> Choice {
        Choice {
            id: id.into(),
            label: label.into(),
        }
    }

    #[test]
    fn lists_from_zo_answers() {
        let models = parse_choices(
            &json!({"models": [
                {"model_name": "a/fast", "label": "Fast"},
                {"model_name": "a/fast", "label": "Again"},
                {"id": "b"},
                "  ",
                "c/plain",
                7,
            ]})
            .to_string(),
        );
        assert_eq!(
            models,
            [
                choice("a/fast", "Fast"),
                choice("b", "b"),
                choice("c/plain", "c/plain")
            ]
        );
        let personas = parse_choices(r#"{"personas": [{"id": "p1", "name": "Zo"}]}"#);
        assert_eq!(personas, [choice("p1", "Zo")]);
        for nothing in ["\"nope\"", "<html>", "{\"models\": 3}", "[]", "null"] {
            assert!(parse_choices(nothing).is_empty(), "{nothing}");
        }
    }

    #[test]
    fn a_hostile_answer_stays_bounded() {
        let many: Vec<serde_json::Value> = (0..5000)
            .map(|i| json!({"id": format!("m{i}"), "label": "x".repeat(1_000)}))
            .collect();
        let list = parse_choices(&serde_json::Value::Array(many).to_string());
        assert_eq!(list.len(), MAX_CHOICES);
        assert!(list
            .iter()
            .all(|c| c.label.chars().count() <= MAX_CHOICE_CHARS));
    }

    #[test]
    fn the_panel_reads_what_the_worker_writes() {
        let lists = ChoiceLists {
            models: vec![choice("m", "Model M")],
            personas: vec![choice("p", "Persona P")],
            error: Some("personas: HTTP 500".into()),
        };
        let message = json!({"type": "CHOICES", "choices": lists}).to_string();
        assert_eq!(ChoiceLists::from_json(&message), Some(lists.clone()));
        assert_eq!(
            ChoiceLists::from_json(&serde_json::to_string(&lists).unwrap()),
            Some(lists.clone())
        );
        assert_eq!(ChoiceLists::from_json(r#"{"type":"SETTINGS"}"#), None);
        assert_eq!(
            lists.to_json().as_str(),
            serde_json::to_string(&lists).unwrap()
        );
        let message = crate::wire::WorkerToPage::Choices {
            choices: lists.clone(),
        };
        assert_eq!(
            message.to_json().as_str(),
            serde_json::to_string(&message).unwrap()
        );
        assert_eq!(ChoiceLists::from_json("nope"), None);
        assert_eq!(lists.model_label("m"), Some("Model M"));
        assert_eq!(lists.persona_label("m"), None);
    }

    #[test]
    fn the_cache_is_fresh_for_its_api_and_ttl_only() {
        let cache = ChoicesCache {
            fetched_at: 1_000,
            api_base_url: "https://api.zo.computer".into(),
            lists: ChoiceLists::default(),
        };
        assert!(cache.is_fresh(1_000 + CHOICES_TTL_MS - 1, "https://api.zo.computer"));
        assert!(!cache.is_fresh(1_000 + CHOICES_TTL_MS, "https://api.zo.computer"));
        assert!(!cache.is_fresh(2_000, "http://127.0.0.1:9"));
        assert!(
            !cache.is_fresh(999, "https://api.zo.computer"),
            "clock went back"
        );
        let failed = ChoicesCache {
            lists: ChoiceLists {
                error: Some("HTTP 500".into()),
                ..ChoiceLists::default()
            },
            ..cache.clone()
        };
        assert!(!failed.is_fresh(1_001, "https://api.zo.computer"));
    }

    #[test]
    fn the_cache_is_stored_as_serde_writes_it_and_read_back() {
        let cache = ChoicesCache {
            fetched_at: 1_733_100_000_000,
            api_base_url: "https://api.zo.computer".to_string(),
            lists: ChoiceLists {
                models: vec![Choice {
                    id: "m\"1".to_string(),
                    label: "Model one".to_string(),
                }],
                personas: Vec::new(),
                error: None,
            },
        };
        let text = cache.to_json().into_string();
        assert_eq!(text, serde_json::to_string(&cache).unwrap());
        assert_eq!(ChoicesCache::from_json(&text), Some(cache));
        assert_eq!(ChoicesCache::from_json("null"), None);
        assert_eq!(ChoicesCache::from_json(r#"{"fetchedAt":"1"}"#), None);
    }
}
