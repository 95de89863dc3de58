//! User settings: what lives in `chrome.storage.local` under the key `settings` (camelCase JSON),
//! with the defaults for missing fields and the validation of the API base URL.
//!
//! The worker reads them before every ask; the options page writes them. Unknown fields are
//! ignored, missing fields take their defaults, a field of the wrong type is a clear error.

use serde::{Deserialize, Serialize};

use crate::protocol::Mode;

/// Storage key of the settings object in `chrome.storage.local`.
pub const SETTINGS_KEY: &str = "settings";
/// Zo's public API.
pub const DEFAULT_API_BASE_URL: &str = "https://api.zo.computer";
pub const DEFAULT_MAX_STEPS: u32 = 10;
/// Hard ceiling on Co-browse steps per query: a larger stored value is lowered to it.
pub const MAX_STEPS_CEILING: u32 = 25;
pub const DEFAULT_LIVENESS_TIMEOUT_MS: u64 = 60_000;
/// Shortest accepted liveness timeout: below this a slow but healthy stream would be cut.
pub const MIN_LIVENESS_TIMEOUT_MS: u64 = 500;

/// The user's settings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Settings {
    /// Zo API key (`zo_sk_...`), sent as a Bearer token. Empty until the user sets it.
    pub api_key: String,
    /// Absolute http(s) URL of the Zo API, without a trailing slash once validated.
    pub api_base_url: String,
    /// `model_name` sent with each ask; Zo's default when absent.
    pub model: Option<String>,
    /// `persona_id` sent with each ask; Zo's default when absent.
    pub persona_id: Option<String>,
    /// Mode the panel starts in.
    pub default_mode: Mode,
    /// Most Co-browse steps (asks) per query, at most [`MAX_STEPS_CEILING`].
    pub max_steps: u32,
    /// Attach screenshots in Visual mode.
    pub screenshots: bool,
    /// A stream that delivers no bytes for this long is treated as hung: aborted and retried.
    pub liveness_timeout_ms: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            api_key: String::new(),
            api_base_url: DEFAULT_API_BASE_URL.to_string(),
            model: None,
            persona_id: None,
            default_mode: Mode::default(),
            max_steps: DEFAULT_MAX_STEPS,
            screenshots: false,
            liveness_timeout_ms: DEFAULT_LIVENESS_TIMEOUT_MS,
        }
    }
}

/// Why settings cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SettingsError {
    #[error("settings are not valid JSON of the expected shape: {0}")]
    Shape(String),
    #[error("API base URL {url:?} is not usable: {reason}")]
    BaseUrl { url: String, reason: &'static str },
    #[error("no API key is set: open the options page and paste your Zo API key")]
    MissingApiKey,
    #[error("max steps must be at least 1")]
    MaxSteps,
    #[error("liveness timeout must be at least {MIN_LIVENESS_TIMEOUT_MS} ms, got {0}")]
    LivenessTimeout(u64),
}

impl Settings {
    /// Reads settings from stored JSON. `null` (nothing stored yet) gives the defaults.
    /// The result is validated except for the API key (see [`Settings::require_api_key`]).
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
        self.api_key = self.api_key.trim().to_string();
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
        if self.liveness_timeout_ms < MIN_LIVENESS_TIMEOUT_MS {
            return Err(SettingsError::LivenessTimeout(self.liveness_timeout_ms));
        }
        Ok(self)
    }

    /// The API key, or the error telling the user to set one.
    pub fn require_api_key(&self) -> Result<&str, SettingsError> {
        if self.api_key.is_empty() {
            Err(SettingsError::MissingApiKey)
        } else {
            Ok(&self.api_key)
        }
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

/// Validates an API base URL: absolute `http://` or `https://` with a host, an optional numeric
/// port and an optional path; no credentials, query, fragment or whitespace. Returns it with
/// surrounding blanks and trailing slashes removed and the scheme lowercased.
pub fn parse_api_base_url(input: &str) -> Result<String, SettingsError> {
    let url = input.trim();
    let err = |reason| SettingsError::BaseUrl {
        url: input.to_string(),
        reason,
    };
    let (scheme, rest) = url
        .split_once("://")
        .ok_or_else(|| err("it must be an absolute URL starting with http:// or https://"))?;
    let scheme = scheme.to_ascii_lowercase();
    if scheme != "http" && scheme != "https" {
        return Err(err("only http:// and https:// are supported"));
    }
    if url.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(err("it contains spaces or control characters"));
    }
    if rest.contains(['?', '#']) {
        return Err(err("a base URL cannot have a query or a fragment"));
    }
    let (authority, path) = match rest.find('/') {
        Some(i) => rest.split_at(i),
        None => (rest, ""),
    };
    if authority.contains('@') {
        return Err(err(
            "credentials in the URL are not allowed; use the API key field",
        ));
    }
    let host = split_port(authority).map_err(err)?;
    if host.is_empty() {
        return Err(err("it has no host"));
    }
    let path = path.trim_end_matches('/');
    Ok(format!("{scheme}://{authority}{path}"))
}

/// Returns the host part of `host[:port]` (IPv6 in brackets), checking the port is numeric.
fn split_port(authority: &str) -> Result<&str, &'static str> {
    let (host, port) = if let Some(rest) = authority.strip_prefix('[') {
        let end = rest
            .find(']')
            .ok_or("an IPv6 host is missing its closing bracket")?;
        let after = &rest[end + 1..];
        let port = match after.strip_prefix(':') {
            Some(p) => Some(p),
            None if after.is_empty() => None,
            None => return Err("unexpected text after the IPv6 host"),
        };
        (&authority[..end + 2], port)
    } else {
        match authority.split_once(':') {
            Some((h, p)) => (h, Some(p)),
            None => (authority, None),
        }
    };
    if let Some(port) = port {
        if port.is_empty() || !port.bytes().all(|b| b.is_ascii_digit()) || port.len() > 5 {
            return Err("the port must be a number");
        }
        if port.parse::<u32>().map_or(true, |p| p > 65_535) {
            return Err("the port must be at most 65535");
        }
    }
    if host.contains(['[', ']']) && !host.starts_with('[') {
        return Err("brackets are only allowed around an IPv6 host");
    }
    Ok(host)
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
        assert_eq!(s.api_key, "zo_sk_1");
        assert_eq!(s.api_base_url, DEFAULT_API_BASE_URL);
        assert_eq!(s.max_steps, DEFAULT_MAX_STEPS);
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
            api_key: "zo_sk_x".into(),
            api_base_url: "http://127.0.0.1:8080".into(),
            model: Some("m".into()),
            persona_id: Some("p".into()),
            default_mode: Mode::Ask,
            max_steps: 4,
            screenshots: true,
            liveness_timeout_ms: 2000,
        };
        let v = serde_json::to_value(&s).unwrap();
        assert_eq!(
            v,
            json!({"apiKey":"zo_sk_x","apiBaseUrl":"http://127.0.0.1:8080","model":"m",
                   "personaId":"p","defaultMode":"ask","maxSteps":4,"screenshots":true,
                   "livenessTimeoutMs":2000})
        );
        assert_eq!(Settings::from_json(v).unwrap(), s);
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
    fn base_url_is_normalized() {
        for (input, want) in [
            ("https://api.zo.computer", "https://api.zo.computer"),
            ("https://api.zo.computer/", "https://api.zo.computer"),
            ("  http://127.0.0.1:8080//  ", "http://127.0.0.1:8080"),
            (
                "HTTP://localhost:3000/api/v1/",
                "http://localhost:3000/api/v1",
            ),
            ("http://[::1]:9000", "http://[::1]:9000"),
            ("https://[::1]", "https://[::1]"),
        ] {
            assert_eq!(parse_api_base_url(input).unwrap(), want, "{input}");
        }
    }

    #[test]
    fn bad_base_urls_are_rejected() {
        for input in [
            "api.zo.computer",
            "/zo",
            "ftp://api.zo.computer",
            "javascript://alert(1)",
            "https://",
            "https:///path",
            "https://user:pw@api.zo.computer",
            "https://api.zo.computer?x=1",
            "https://api.zo.computer/#frag",
            "https://api zo.computer",
            "http://127.0.0.1:port",
            "http://127.0.0.1:",
            "http://127.0.0.1:99999",
            "http://[::1",
            "http://[::1]x",
            "http://a]b",
        ] {
            let e = parse_api_base_url(input).unwrap_err();
            assert!(matches!(e, SettingsError::BaseUrl { .. }), "{input}: {e:?}");
        }
    }

    #[test]
    fn stored_bad_url_fails_and_blank_url_means_default() {
        let e = Settings::from_json(json!({"apiBaseUrl": "zo.computer"})).unwrap_err();
        assert!(e.to_string().contains("zo.computer"), "{e}");
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
    fn api_key_is_required_for_asking() {
        let s = Settings::from_json(json!({"apiKey": "  "})).unwrap();
        assert_eq!(s.require_api_key(), Err(SettingsError::MissingApiKey));
        let s = Settings::from_json(json!({"apiKey": " zo_sk_dev "})).unwrap();
        assert_eq!(s.require_api_key(), Ok("zo_sk_dev"));
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
