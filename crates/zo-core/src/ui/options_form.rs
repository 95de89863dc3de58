//! Decisions of the options page: reading the form's fields into validated [`Settings`] and
//! the API key, which permissions saving them needs (the API base URL's host; all sites for
//! screenshots), and what a "Test connection" outcome tells the user (the picker choices in an
//! answer are read by `crate::wire::choices`, as the worker reads them for the side panel).

use crate::trust::site;
use crate::wire::api_key::ApiKey;
use crate::wire::choices::parse_choices;
use crate::wire::protocol::Mode;
use crate::wire::settings::{
    check_modes, quick_actions, CustomMode, EditedInstructions, FontSize, QuickAction, Settings,
    Theme,
};

/// The options form's fields as the user left them.
#[derive(Debug, Clone, PartialEq)]
pub struct FormFields {
    pub api_key: String,
    pub api_base_url: String,
    /// Blank: Zo's default model.
    pub model: String,
    /// Blank: Zo's default persona.
    pub persona_id: String,
    pub default_mode: Mode,
    pub max_steps: String,
    pub max_actions: String,
    pub max_navigations: String,
    pub screenshots: bool,
    /// The liveness timeout, in seconds.
    pub liveness_secs: String,
    pub theme: Theme,
    pub font_size: FontSize,
    /// The read-aloud voice's `voiceURI`; blank: the browser's default voice.
    pub speech_voice: String,
    /// The read-aloud rate, in percent.
    pub speech_rate: u32,
    /// The custom modes, as the mode editor left them.
    pub custom_modes: Vec<CustomMode>,
    /// The built-in modes' instructions the user edited.
    pub mode_instructions: Vec<EditedInstructions>,
    /// The quick-action chips as edited (checked by [`quick_actions::checked`]).
    pub quick_actions: Vec<QuickAction>,
}

/// What the form describes: the settings, validated, and the key (None when left blank).
#[derive(Debug, Clone, PartialEq)]
pub struct FormValues {
    pub settings: Settings,
    pub api_key: Option<ApiKey>,
}

/// The settings and key the form describes; the error says what to fix.
pub fn values_from_form(fields: FormFields) -> Result<FormValues, String> {
    let api_key = ApiKey::from_text(&fields.api_key);
    let settings = settings_from_form(fields)?;
    Ok(FormValues { settings, api_key })
}

/// The settings the form describes, validated; the error says what to fix.
fn settings_from_form(fields: FormFields) -> Result<Settings, String> {
    let max_steps: u32 = fields
        .max_steps
        .trim()
        .parse()
        .map_err(|_| "Max steps must be a whole number.".to_string())?;
    let max_actions: u32 = fields
        .max_actions
        .trim()
        .parse()
        .map_err(|_| "Max actions must be a whole number.".to_string())?;
    let max_navigations: u32 = fields
        .max_navigations
        .trim()
        .parse()
        .map_err(|_| "Max navigations must be a whole number.".to_string())?;
    let secs: f64 = fields
        .liveness_secs
        .trim()
        .parse()
        .map_err(|_| "The liveness timeout must be a number of seconds.".to_string())?;
    if !secs.is_finite() || secs < 0.0 {
        return Err("The liveness timeout must be a positive number of seconds.".into());
    }
    check_modes(&fields.custom_modes, &fields.mode_instructions).map_err(|e| e.to_string())?;
    let some = |v: String| Some(v).filter(|s| !s.trim().is_empty());
    let quick_actions = quick_actions::checked(fields.quick_actions).map_err(|e| e.to_string())?;
    Settings {
        api_base_url: fields.api_base_url,
        model: some(fields.model),
        persona_id: some(fields.persona_id),
        default_mode: fields.default_mode,
        max_steps,
        max_actions,
        max_navigations,
        screenshots: fields.screenshots,
        liveness_timeout_ms: (secs * 1000.0).round() as u64,
        theme: fields.theme,
        font_size: fields.font_size,
        speech_voice: some(fields.speech_voice),
        speech_rate: fields.speech_rate,
        custom_modes: fields.custom_modes,
        mode_instructions: fields.mode_instructions,
        quick_actions,
    }
    .validated()
    .map_err(|e| e.to_string())
}

/// The liveness timeout as the form shows it, in seconds.
pub fn liveness_secs(liveness_timeout_ms: u64) -> String {
    (liveness_timeout_ms as f64 / 1000.0).to_string()
}

/// The permissions (Chrome match patterns) to ask for in the click that saves `settings`: the
/// API base URL's host unless the manifest grants it (Zo's public API), and all sites when
/// screenshots are on (`chrome.tabs.captureVisibleTab` accepts nothing narrower). Asked for
/// every time: Chrome answers at once, without asking the user, for what is already granted.
pub fn origins_to_request(settings: &Settings) -> Vec<String> {
    let mut origins: Vec<String> = site::host_pattern(&settings.api_base_url)
        .filter(|p| !site::granted_by_manifest(p))
        .into_iter()
        .collect();
    if settings.screenshots {
        origins.push(site::ALL_URLS.to_string());
    }
    origins
}

/// What "Test connection" found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConnectionReport {
    pub ok: bool,
    pub message: String,
}

/// Judge `GET {base}/models/available`: `status` is the HTTP status (None when the request
/// failed before an answer, with `error` saying why).
pub fn connection_report(
    url: &str,
    status: Option<u16>,
    body: &str,
    error: Option<&str>,
) -> ConnectionReport {
    let fail = |message: String| ConnectionReport { ok: false, message };
    match status {
        None => fail(format!(
            "Could not reach {url}: {}. Check the API base URL and your network.",
            error.unwrap_or("network error")
        )),
        Some(200..=299) => {
            let count = parse_choices(body).len();
            ConnectionReport {
                ok: true,
                message: if count > 0 {
                    format!("Connected: {count} models available.")
                } else {
                    "Connected.".to_string()
                },
            }
        }
        Some(401) | Some(403) => fail(format!(
            "The API key was rejected ({}). Check that it is your Zo API key (zo_sk_…).",
            status.unwrap_or(401)
        )),
        Some(404) => fail(format!(
            "{url} was not found (404). Check the API base URL."
        )),
        Some(429) => fail("Zo is rate limiting requests (429). Try again in a moment.".into()),
        Some(code) if code >= 500 => fail(format!(
            "Zo answered with a server error ({code}). Try again later."
        )),
        Some(code) => fail(format!("Zo answered with HTTP {code}.")),
    }
}

/// "Test connection" when the API base URL answered with a redirect: the key was not carried
/// on to the other address.
pub fn redirect_report(url: &str) -> ConnectionReport {
    ConnectionReport {
        ok: false,
        message: format!(
            "{url} answered with a redirect to another address. Zo Co-browse never sends your \
             API key on to a redirect: enter the final address as the API base URL."
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::settings::DEFAULT_API_BASE_URL;

    fn fields() -> FormFields {
        FormFields {
            api_key: " zo_sk_x ".into(),
            api_base_url: "".into(),
            model: " ".into(),
            persona_id: "p1".into(),
            default_mode: Mode::Ask,
            max_steps: " 7 ".into(),
            max_actions: "40".into(),
            max_navigations: "3".into(),
            screenshots: true,
            liveness_secs: "1.5".into(),
            theme: Theme::Dark,
            font_size: FontSize::Small,
            speech_voice: " ".into(),
            speech_rate: 150,
            custom_modes: Vec::new(),
            mode_instructions: Vec::new(),
            quick_actions: vec![QuickAction::new(" Tl;dr ", Mode::Summarize, "One line.")],
        }
    }

    #[test]
    fn form_fields_become_validated_settings() {
        let v = values_from_form(fields()).unwrap();
        assert_eq!(v.api_key.unwrap().expose(), "zo_sk_x");
        let s = v.settings;
        assert_eq!(s.api_base_url, DEFAULT_API_BASE_URL);
        assert_eq!((s.model, s.persona_id), (None, Some("p1".into())));
        assert_eq!((s.default_mode, s.max_steps), (Mode::Ask, 7));
        assert!(s.screenshots);
        assert_eq!((s.speech_voice, s.speech_rate), (None, 150));
        assert_eq!(s.liveness_timeout_ms, 1500);
        assert_eq!(liveness_secs(s.liveness_timeout_ms), "1.5");
        assert_eq!(liveness_secs(60_000), "60");
        assert_eq!(
            s.quick_actions,
            vec![QuickAction::new("Tl;dr", Mode::Summarize, "One line.")]
        );
    }

    #[test]
    fn bad_form_fields_say_what_to_fix() {
        let bad = |f: fn(&mut FormFields)| {
            let mut fields = fields();
            f(&mut fields);
            values_from_form(fields).unwrap_err()
        };
        assert_eq!(
            bad(|f| f.max_steps = "ten".into()),
            "Max steps must be a whole number."
        );
        assert_eq!(
            bad(|f| f.quick_actions[0].prompt = " ".into()),
            "Quick action 1: give it a prompt."
        );
        assert_eq!(
            bad(|f| f.liveness_secs = "soon".into()),
            "The liveness timeout must be a number of seconds."
        );
        assert_eq!(
            bad(|f| f.liveness_secs = "-1".into()),
            "The liveness timeout must be a positive number of seconds."
        );
        assert!(bad(|f| f.max_steps = "0".into()).contains("max steps"));
        assert!(bad(|f| f.api_base_url = "ftp://x".into()).contains("not usable"));
        assert!(bad(|f| f.api_base_url = "http://example.com".into()).contains("https://"));
        // Custom modes are held to their rules, with the rule's own words.
        assert_eq!(
            bad(|f| f.custom_modes = vec![CustomMode::default()]),
            "Give the mode a name."
        );
        let blank_key = FormFields {
            api_key: "  ".into(),
            ..fields()
        };
        assert_eq!(values_from_form(blank_key).unwrap().api_key, None);
    }

    #[test]
    fn saving_asks_for_the_api_host_and_for_all_sites_with_screenshots() {
        let with = |base: &str, screenshots: bool| Settings {
            api_base_url: base.into(),
            screenshots,
            ..Settings::default()
        };
        assert!(origins_to_request(&with("https://api.zo.computer", false)).is_empty());
        assert_eq!(
            origins_to_request(&with("http://127.0.0.1:8080/base", false)),
            vec!["http://127.0.0.1/*"]
        );
        assert_eq!(
            origins_to_request(&with("https://zo.example.com", true)),
            vec!["https://zo.example.com/*", "<all_urls>"]
        );
        assert_eq!(
            origins_to_request(&with("https://api.zo.computer", true)),
            vec!["<all_urls>"]
        );
    }

    #[test]
    fn connection_reports() {
        let r = connection_report("u", Some(200), r#"{"models":["a","b"]}"#, None);
        assert!(r.ok);
        assert_eq!(r.message, "Connected: 2 models available.");
        let r = connection_report("u", Some(401), "", None);
        assert!(!r.ok && r.message.contains("API key was rejected"));
        let r = connection_report("http://x", None, "", Some("Failed to fetch"));
        assert!(r
            .message
            .contains("Could not reach http://x: Failed to fetch"));
        assert!(connection_report("u", Some(503), "", None)
            .message
            .contains("503"));
        let r = redirect_report("https://x/models/available");
        assert!(!r.ok && r.message.contains("redirect"), "{}", r.message);
    }
}
