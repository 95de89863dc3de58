//! User settings: what lives in `chrome.storage.local` under the key `settings` (camelCase JSON),
//! with the defaults for missing fields and their validation (the API base URL rule is
//! [`crate::wire::base_url`]). The API key is not a setting: it has its own entry
//! ([`crate::wire::api_key`]), so settings can be shown to the side panel ([`SettingsView`]) without it.
//!
//! The worker reads them before every ask; the options page writes them. Unknown fields are
//! ignored, missing fields take their defaults, a field of the wrong type is a clear error.

use serde::{Deserialize, Serialize};

use crate::wire::protocol::Mode;

mod appearance;
mod codec;
mod modes;

pub use appearance::{FontSize, Theme};
pub use modes::{
    check as check_modes, check_mode, new_id as new_mode_id, ContextLevel, CustomMode,
    EditedInstructions, ModeError, CUSTOM_ID_PREFIX, DEFAULT_MODE_BUDGET, EXCERPT_CHARS,
    MAX_CUSTOM_MODES, MAX_INSTRUCTIONS_CHARS, MAX_MODE_BUDGET, MAX_MODE_NAME_CHARS,
    MIN_MODE_BUDGET,
};
pub mod quick_actions;

pub use quick_actions::{default_quick_actions, QuickAction};

pub use crate::wire::base_url::parse_api_base_url;

/// Storage key of the settings object in `chrome.storage.local`.
pub const SETTINGS_KEY: &str = "settings";
/// Zo's public API.
pub const DEFAULT_API_BASE_URL: &str = "https://api.zo.computer";
pub const DEFAULT_MAX_STEPS: u32 = 10;
/// Hard ceiling on Co-browse steps per query: a larger stored value is lowered to it.
pub const MAX_STEPS_CEILING: u32 = 25;
/// Most Co-browse actions one task runs, over all its answers, unless the user lowers it.
pub const DEFAULT_MAX_ACTIONS: u32 = 60;
/// Hard ceiling on actions per task: a larger stored value is lowered to it.
pub const MAX_ACTIONS_CEILING: u32 = 150;
/// Most navigations one Co-browse task makes (navigate actions, clicks that leave the page's
/// origin, redirects and page-made navigations the browser reports), unless lowered.
pub const DEFAULT_MAX_NAVIGATIONS: u32 = 5;
/// Hard ceiling on navigations per task.
pub const MAX_NAVIGATIONS_CEILING: u32 = 10;
pub const DEFAULT_LIVENESS_TIMEOUT_MS: u64 = 60_000;
/// The normal speaking rate of read aloud, in percent.
pub const DEFAULT_SPEECH_RATE: u32 = 100;
/// Slowest and fastest speaking rate kept, in percent (what `SpeechSynthesisUtterance` takes
/// well in every engine).
pub const MIN_SPEECH_RATE: u32 = 50;
pub const MAX_SPEECH_RATE: u32 = 200;
/// Shortest accepted liveness timeout: below this a slow but healthy stream would be cut.
pub const MIN_LIVENESS_TIMEOUT_MS: u64 = 500;

/// The user's settings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Settings {
    /// Absolute URL of the Zo API (https, or http on loopback), without a trailing slash once
    /// validated.
    pub api_base_url: String,
    /// `model_name` sent with each ask; Zo's default when absent.
    pub model: Option<String>,
    /// `persona_id` sent with each ask; Zo's default when absent.
    pub persona_id: Option<String>,
    /// Mode the panel starts in.
    pub default_mode: Mode,
    /// Most Co-browse steps (asks) per query, at most [`MAX_STEPS_CEILING`].
    pub max_steps: u32,
    /// Most Co-browse actions per task, at most [`MAX_ACTIONS_CEILING`].
    pub max_actions: u32,
    /// Most navigations per Co-browse task, at most [`MAX_NAVIGATIONS_CEILING`].
    pub max_navigations: u32,
    /// Attach screenshots in Visual mode.
    pub screenshots: bool,
    /// A stream that delivers no bytes for this long is treated as hung: aborted and retried.
    pub liveness_timeout_ms: u64,
    /// Colours of the side panel and the options page.
    pub theme: Theme,
    /// Text size of the side panel and the options page.
    pub font_size: FontSize,
    /// The voice answers are read aloud in (`SpeechSynthesisVoice.voiceURI`); the browser's
    /// default when absent.
    pub speech_voice: Option<String>,
    /// How fast answers are read aloud, in percent of the normal rate
    /// ([`MIN_SPEECH_RATE`]`..=`[`MAX_SPEECH_RATE`]).
    pub speech_rate: u32,
    /// The user's own modes, in the mode picker after the built-in ones.
    pub custom_modes: Vec<CustomMode>,
    /// Built-in modes whose instructions the user edited (the others use their own).
    pub mode_instructions: Vec<EditedInstructions>,
    /// The quick-action chips under the side panel's input ([`quick_actions`]).
    pub quick_actions: Vec<QuickAction>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            api_base_url: DEFAULT_API_BASE_URL.to_string(),
            model: None,
            persona_id: None,
            default_mode: Mode::default(),
            max_steps: DEFAULT_MAX_STEPS,
            max_actions: DEFAULT_MAX_ACTIONS,
            max_navigations: DEFAULT_MAX_NAVIGATIONS,
            screenshots: false,
            liveness_timeout_ms: DEFAULT_LIVENESS_TIMEOUT_MS,
            theme: Theme::System,
            font_size: FontSize::Medium,
            speech_voice: None,
            speech_rate: DEFAULT_SPEECH_RATE,
            custom_modes: Vec::new(),
            mode_instructions: Vec::new(),
            quick_actions: default_quick_actions(),
        }
    }
}

/// Why settings cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SettingsError {
    #[error("settings are not valid JSON of the expected shape: {0}")]
    Shape(String),
    #[error("API base URL {} is not usable: {reason}", crate::wire::action::Quoted(.url))]
    BaseUrl { url: String, reason: &'static str },
    #[error("no API key is set: open the options page and paste your Zo API key")]
    MissingApiKey,
    /// The browser has not let the extension contact the API's host: the key is not sent.
    #[error(
        "Zo Co-browse has no permission to contact {origin}, so your key was not sent there: \
         open the options page and press Save to allow it"
    )]
    HostNotGranted { origin: String },
    #[error("max steps must be at least 1")]
    MaxSteps,
    #[error("max actions must be at least 1")]
    MaxActions,
    #[error("liveness timeout must be at least {MIN_LIVENESS_TIMEOUT_MS} ms, got {0}")]
    LivenessTimeout(u64),
}

impl Settings {
    /// Reads settings from stored JSON. `null` (nothing stored yet) gives the defaults.
    /// The result is validated. A legacy `apiKey` field is ignored here (see
    /// [`crate::wire::api_key::split_legacy_key`]).
    pub fn from_json(value: serde_json::Value) -> Result<Settings, SettingsError> {
        if value.is_null() {
            return Ok(Settings::default());
        }
        let settings: Settings =
            serde_json::from_value(value).map_err(|e| SettingsError::Shape(e.to_string()))?;
        settings.validated()
    }

    /// Checks every field and normalizes the base URL (trailing slashes removed, blanks
    /// trimmed; an empty URL means the default). Optional strings that are blank become None.
    pub fn validated(mut self) -> Result<Settings, SettingsError> {
        self.api_base_url = if self.api_base_url.trim().is_empty() {
            DEFAULT_API_BASE_URL.to_string()
        } else {
            parse_api_base_url(&self.api_base_url)?
        };
        self.model = non_blank(self.model.take());
        self.persona_id = non_blank(self.persona_id.take());
        if self.max_steps == 0 {
            return Err(SettingsError::MaxSteps);
        }
        self.max_steps = self.max_steps.min(MAX_STEPS_CEILING);
        if self.max_actions == 0 {
            return Err(SettingsError::MaxActions);
        }
        self.max_actions = self.max_actions.min(MAX_ACTIONS_CEILING);
        self.max_navigations = self.max_navigations.min(MAX_NAVIGATIONS_CEILING);
        if self.liveness_timeout_ms < MIN_LIVENESS_TIMEOUT_MS {
            return Err(SettingsError::LivenessTimeout(self.liveness_timeout_ms));
        }
        if self.theme == Theme::Unknown {
            self.theme = Theme::System;
        }
        if self.font_size == FontSize::Unknown {
            self.font_size = FontSize::Medium;
        }
        self.speech_voice = non_blank(self.speech_voice.take());
        self.speech_rate = self.speech_rate.clamp(MIN_SPEECH_RATE, MAX_SPEECH_RATE);
        modes::normalize(&mut self.custom_modes, &mut self.mode_instructions);
        Ok(self)
    }

    /// `{apiBaseUrl}/zo/ask`.
    pub fn ask_url(&self) -> String {
        format!("{}/zo/ask", self.api_base_url.trim_end_matches('/'))
    }
}

fn non_blank(value: Option<String>) -> Option<String> {
    value
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
}

/// What the side panel is told about the settings: all of them, and whether an API key is set,
/// never the key itself. Serialized flat: the settings' fields plus `hasApiKey`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SettingsView {
    #[serde(flatten)]
    pub settings: Settings,
    #[serde(default)]
    pub has_api_key: bool,
}

impl SettingsView {
    /// Reads a view sent by the worker; `null` gives the defaults (no key). The settings are
    /// validated as stored ones are.
    pub fn from_json(value: serde_json::Value) -> Result<SettingsView, SettingsError> {
        if value.is_null() {
            return Ok(SettingsView::default());
        }
        let view: SettingsView =
            serde_json::from_value(value).map_err(|e| SettingsError::Shape(e.to_string()))?;
        view.validated()
    }

    /// The view with its settings validated (see [`Settings::validated`]).
    pub fn validated(self) -> Result<SettingsView, SettingsError> {
        Ok(SettingsView {
            settings: self.settings.validated()?,
            has_api_key: self.has_api_key,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn nothing_stored_gives_defaults() {
        let s = Settings::from_json(serde_json::Value::Null).unwrap();
        assert_eq!(s, Settings::default());
        assert_eq!(s.api_base_url, "https://api.zo.computer");
        assert_eq!(s.max_steps, 10);
        assert_eq!(s.liveness_timeout_ms, 60_000);
        assert!(!s.screenshots);
        assert_eq!(s.default_mode, Mode::Cobrowse);
    }

    #[test]
    fn missing_fields_take_defaults_and_unknown_fields_are_ignored() {
        let s = Settings::from_json(json!({"apiKey": "zo_sk_1", "somethingNew": 3})).unwrap();
        assert_eq!(s, Settings::default(), "a legacy apiKey is not a setting");
        assert_eq!(s.api_base_url, DEFAULT_API_BASE_URL);
        assert_eq!(s.max_steps, DEFAULT_MAX_STEPS);
    }

    #[test]
    fn task_caps_are_lowered_to_their_ceilings_never_raised() {
        let s = Settings::from_json(json!({ "maxActions": 1000, "maxNavigations": 99 })).unwrap();
        assert_eq!(
            (s.max_actions, s.max_navigations),
            (MAX_ACTIONS_CEILING, MAX_NAVIGATIONS_CEILING)
        );
        let s = Settings::from_json(json!({ "maxActions": 12, "maxNavigations": 0 })).unwrap();
        assert_eq!((s.max_actions, s.max_navigations), (12, 0));
        let d = Settings::from_json(json!({})).unwrap();
        assert_eq!((d.max_actions, d.max_navigations), (60, 5));
        assert_eq!(
            Settings::from_json(json!({ "maxActions": 0 })),
            Err(SettingsError::MaxActions)
        );
    }

    #[test]
    fn max_steps_is_lowered_to_the_ceiling_never_raised() {
        let steps = |n: u32| {
            Settings::from_json(json!({ "maxSteps": n }))
                .unwrap()
                .max_steps
        };
        assert_eq!(steps(100), MAX_STEPS_CEILING);
        assert_eq!(steps(MAX_STEPS_CEILING + 1), MAX_STEPS_CEILING);
        assert_eq!(steps(MAX_STEPS_CEILING), MAX_STEPS_CEILING);
        assert_eq!(steps(3), 3);
    }

    #[test]
    fn camel_case_round_trip() {
        let s = Settings {
            api_base_url: "http://127.0.0.1:8080".into(),
            model: Some("m".into()),
            persona_id: Some("p".into()),
            default_mode: Mode::Ask,
            max_steps: 4,
            max_actions: 30,
            max_navigations: 2,
            screenshots: true,
            liveness_timeout_ms: 2000,
            theme: Theme::Dark,
            font_size: FontSize::Large,
            speech_voice: Some("Google UK English Female".into()),
            speech_rate: 125,
            custom_modes: vec![CustomMode {
                id: "c-pirate".into(),
                name: "Pirate".into(),
                instructions: "Arr.".into(),
                context: ContextLevel::Title,
                actions: false,
                budget: 900,
            }],
            mode_instructions: vec![EditedInstructions {
                mode: Mode::Ask,
                instructions: "Be brief.".into(),
            }],
            quick_actions: vec![QuickAction::new("Links", Mode::Extract, "All links")],
        };
        let v = serde_json::to_value(&s).unwrap();
        assert_eq!(
            v,
            json!({"apiBaseUrl":"http://127.0.0.1:8080","model":"m",
                   "personaId":"p","defaultMode":"ask","maxSteps":4,"maxActions":30,
                   "maxNavigations":2,"screenshots":true,
                   "livenessTimeoutMs":2000,"theme":"dark","fontSize":"large",
                   "speechVoice":"Google UK English Female","speechRate":125,
                   "customModes":[{"id":"c-pirate","name":"Pirate","instructions":"Arr.",
                                   "context":1,"actions":false,"budget":900}],
                   "modeInstructions":[{"mode":"ask","instructions":"Be brief."}],
                   "quickActions":[{"label":"Links","mode":"extract","prompt":"All links"}]})
        );
        assert_eq!(Settings::from_json(v).unwrap(), s);
    }

    #[test]
    fn the_read_aloud_rate_is_kept_within_its_range_and_a_blank_voice_is_the_default() {
        let s = Settings::from_json(json!({"speechRate": 5, "speechVoice": "  "})).unwrap();
        assert_eq!((s.speech_rate, s.speech_voice), (MIN_SPEECH_RATE, None));
        let s = Settings::from_json(json!({"speechRate": 900})).unwrap();
        assert_eq!(s.speech_rate, MAX_SPEECH_RATE);
        assert_eq!(Settings::default().speech_rate, DEFAULT_SPEECH_RATE);
    }

    #[test]
    fn an_appearance_a_later_version_stored_reads_as_the_default() {
        let s = Settings::from_json(json!({"theme": "sepia", "fontSize": "huge"})).unwrap();
        assert_eq!((s.theme, s.font_size), (Theme::System, FontSize::Medium));
        let s = Settings::from_json(json!({"theme": "contrast"})).unwrap();
        assert_eq!(s.theme, Theme::Contrast);
        let s = Settings::from_json(json!({"theme": "light", "fontSize": "larger"})).unwrap();
        assert_eq!((s.theme, s.font_size.px()), (Theme::Light, 18));
    }

    #[test]
    fn wrong_type_is_a_clear_error() {
        let e = Settings::from_json(json!({"maxSteps": "ten"})).unwrap_err();
        assert!(matches!(e, SettingsError::Shape(_)), "{e:?}");
        let e = Settings::from_json(json!({"defaultMode": "teleport"})).unwrap_err();
        assert!(matches!(e, SettingsError::Shape(_)), "{e:?}");
        assert!(Settings::from_json(json!([1, 2])).is_err());
    }

    #[test]
    fn stored_bad_url_fails_and_blank_url_means_default() {
        let e = Settings::from_json(json!({"apiBaseUrl": "zo.computer"})).unwrap_err();
        assert!(e.to_string().contains("zo.computer"), "{e}");
        // A plain-http URL off this computer (say, written before the rule existed) is refused.
        let e = Settings::from_json(json!({"apiBaseUrl": "http://attacker.example"})).unwrap_err();
        assert!(matches!(e, SettingsError::BaseUrl { .. }), "{e:?}");
        let s = Settings::from_json(json!({"apiBaseUrl": "   "})).unwrap();
        assert_eq!(s.api_base_url, DEFAULT_API_BASE_URL);
    }

    #[test]
    fn ask_url_joins_base_and_path() {
        let s = Settings::from_json(json!({"apiBaseUrl": "http://127.0.0.1:4000/base/"})).unwrap();
        assert_eq!(s.ask_url(), "http://127.0.0.1:4000/base/zo/ask");
        assert_eq!(
            Settings::default().ask_url(),
            "https://api.zo.computer/zo/ask"
        );
    }

    #[test]
    fn settings_never_carry_a_key_and_the_view_only_says_whether_one_is_set() {
        let view = SettingsView {
            settings: Settings::default(),
            has_api_key: true,
        };
        let v = serde_json::to_value(&view).unwrap();
        assert_eq!(v["hasApiKey"], true);
        assert_eq!(v["apiBaseUrl"], DEFAULT_API_BASE_URL);
        assert!(v.get("apiKey").is_none(), "{v}");
        assert_eq!(SettingsView::from_json(v).unwrap(), view);
        // A view that somehow names a key does not carry it on.
        let odd =
            SettingsView::from_json(json!({"apiKey": "zo_sk_x", "defaultMode": "ask"})).unwrap();
        assert!(!serde_json::to_string(&odd).unwrap().contains("zo_sk_x"));
        assert_eq!(odd.settings.default_mode, Mode::Ask);
        assert!(!odd.has_api_key);
        assert_eq!(
            SettingsView::from_json(serde_json::Value::Null).unwrap(),
            SettingsView::default()
        );
    }

    /// The panel shows these refusals as they are, not as a rejected key.
    #[test]
    fn refusals_to_send_the_key_read_as_what_they_are() {
        use crate::stream::retry::Failure;
        use crate::ui::view::{error_card, ErrorKind};
        use crate::wire::protocol::{FailureKind, StreamFailure};
        for message in [
            SettingsError::HostNotGranted {
                origin: "https://zo.example".into(),
            }
            .to_string(),
            Failure::Redirect.describe(),
        ] {
            let card = error_card(&StreamFailure {
                kind: FailureKind::Permanent,
                http_status: None,
                message: message.clone(),
                partial_text: String::new(),
            });
            assert_eq!(card.kind, ErrorKind::Permanent, "{message}");
            assert_eq!(card.detail, message);
        }
    }

    #[test]
    fn quick_actions_default_when_absent_and_are_kept_as_stored_when_present() {
        let s = Settings::from_json(json!({})).unwrap();
        assert_eq!(s.quick_actions, default_quick_actions());
        let s = Settings::from_json(json!({"quickActions": []})).unwrap();
        assert!(s.quick_actions.is_empty(), "all removed stays removed");
        let s = Settings::from_json(json!({"quickActions": [
            {"label": "Tl;dr", "mode": "summarize", "prompt": "One line."}
        ]}))
        .unwrap();
        assert_eq!(
            s.quick_actions,
            vec![QuickAction::new("Tl;dr", Mode::Summarize, "One line.")]
        );
        assert!(Settings::from_json(json!({"quickActions": [{"label": "x"}]})).is_err());
    }

    #[test]
    fn blank_optionals_become_none() {
        let s = Settings::from_json(json!({"model": " ", "personaId": ""})).unwrap();
        assert_eq!(s.model, None);
        assert_eq!(s.persona_id, None);
    }

    #[test]
    fn out_of_range_numbers_are_rejected() {
        assert_eq!(
            Settings::from_json(json!({"maxSteps": 0})),
            Err(SettingsError::MaxSteps)
        );
        assert_eq!(
            Settings::from_json(json!({"livenessTimeoutMs": 10})),
            Err(SettingsError::LivenessTimeout(10))
        );
        assert!(Settings::from_json(json!({"livenessTimeoutMs": 2000})).is_ok());
    }
}
