//! The canonical action protocol: the seven actions Zo may ask for in Co-browse mode,
//! with their validated field types. Parsing into these types is the validation: a value of
//! type [`Action`] is always safe to execute.
//!
//! Canonical form (what [`Action`] serializes to, and the only form its `Deserialize` accepts;
//! `tests/schemas/actions.ts` states the same rules in Zod):
//! - `{"type":"navigate","url":U}`: U an absolute `http:`/`https:` URL (see [`HttpUrl`]).
//! - `{"type":"click","selector":S}`: S a CSS selector, at least 1 character once surrounding
//!   ASCII whitespace is trimmed (see [`Selector`]).
//! - `{"type":"fill","selector":S,"value":V}`: V any string (empty clears the field).
//! - `{"type":"extract","selector":S,"attribute"?:A}`: A a non-blank string; `textContent` when absent.
//! - `{"type":"scroll","direction"?:"up"|"down","selector"?:S,"amount"?:N}`: direction `down`
//!   when absent, N any finite number of pixels.
//! - `{"type":"wait","ms"?:M}`: M an integer from 0 to [`MAX_WAIT_MS`] (30000) inclusive, 1000 when
//!   absent. A wait above the bound is REJECTED (never clamped): the entry is invalid.
//! - `{"type":"done","response":R}`: R any string.
//!
//! Optional fields are absent or of their type (`null` is not accepted in canonical form) and
//! unknown fields are refused. The lenient reading of model output is [`crate::answer::normalize`].

use serde::{Deserialize, Serialize};
use std::fmt;

mod quoted;
pub use quoted::Quoted;

/// Upper bound for a `wait` action, in milliseconds (30 s), inclusive. A `wait` asking for longer
/// is rejected (dropped with a reason by `normalize`, invalid in canonical form), never clamped:
/// the same bound is `MAX_WAIT_MS` in `tests/schemas/actions.ts`.
pub const MAX_WAIT_MS: u64 = 30_000;
/// Default pause of a `wait` action without `ms`.
pub const DEFAULT_WAIT_MS: u64 = 1_000;

/// One action, serialized type-first: `{"type":"click","selector":"#pricing"}`.
///
/// `Deserialize` is strict: it accepts exactly the canonical form (see the module doc and
/// [`crate::answer::canonical::from_canonical`]).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum Action {
    Navigate {
        url: HttpUrl,
    },
    Click {
        selector: Selector,
    },
    Fill {
        selector: Selector,
        value: String,
    },
    Extract {
        selector: Selector,
        /// Attribute or property to read (non-blank, trimmed); `textContent` when absent.
        #[serde(skip_serializing_if = "Option::is_none")]
        attribute: Option<String>,
    },
    Scroll {
        direction: Direction,
        #[serde(skip_serializing_if = "Option::is_none")]
        selector: Option<Selector>,
        /// Pixels (finite); about 70% of the viewport (or container) when absent. Serialized
        /// as an integer when it is one (`600`, not `600.0`), as JavaScript would.
        #[serde(skip_serializing_if = "Option::is_none", serialize_with = "ser_amount")]
        amount: Option<f64>,
    },
    Wait {
        ms: WaitMs,
    },
    Done {
        response: String,
    },
}

/// Largest integer below which every integer is exactly representable as an f64 (2^53).
pub(crate) const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_992.0;

fn ser_amount<S: serde::Serializer>(amount: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
    match amount {
        // Integral and exactly representable: the cast is exact.
        Some(a) if a.fract() == 0.0 && a.abs() < MAX_SAFE_INTEGER => s.serialize_i64(*a as i64),
        Some(a) => s.serialize_f64(*a),
        None => s.serialize_none(),
    }
}

/// The kind of an action, without its fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ActionKind {
    Navigate,
    Click,
    Fill,
    Extract,
    Scroll,
    Wait,
    Done,
}

impl ActionKind {
    pub const ALL: [ActionKind; 7] = [
        ActionKind::Navigate,
        ActionKind::Click,
        ActionKind::Fill,
        ActionKind::Extract,
        ActionKind::Scroll,
        ActionKind::Wait,
        ActionKind::Done,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ActionKind::Navigate => "navigate",
            ActionKind::Click => "click",
            ActionKind::Fill => "fill",
            ActionKind::Extract => "extract",
            ActionKind::Scroll => "scroll",
            ActionKind::Wait => "wait",
            ActionKind::Done => "done",
        }
    }

    pub fn parse(name: &str) -> Option<ActionKind> {
        ActionKind::ALL
            .into_iter()
            .find(|k| k.as_str().eq_ignore_ascii_case(name.trim()))
    }
}

impl fmt::Display for ActionKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Action {
    pub fn kind(&self) -> ActionKind {
        match self {
            Action::Navigate { .. } => ActionKind::Navigate,
            Action::Click { .. } => ActionKind::Click,
            Action::Fill { .. } => ActionKind::Fill,
            Action::Extract { .. } => ActionKind::Extract,
            Action::Scroll { .. } => ActionKind::Scroll,
            Action::Wait { .. } => ActionKind::Wait,
            Action::Done { .. } => ActionKind::Done,
        }
    }

    /// The selector this action targets, if any.
    pub fn selector(&self) -> Option<&Selector> {
        match self {
            Action::Click { selector }
            | Action::Fill { selector, .. }
            | Action::Extract { selector, .. } => Some(selector),
            Action::Scroll { selector, .. } => selector.as_ref(),
            _ => None,
        }
    }
}

/// Why a field value was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FieldError {
    #[error("url must be an absolute http or https URL, got {}", Quoted(.0))]
    BadUrl(String),
    #[error("url scheme {} is not allowed: only http and https", Quoted(.0))]
    ForbiddenScheme(String),
    #[error("selector must not be empty")]
    EmptySelector,
    #[error("direction must be \"up\" or \"down\", got {}", Quoted(.0))]
    BadDirection(String),
    #[error("ms must be an integer between 0 and {max}, got {got}")]
    BadWait { got: String, max: u64 },
    #[error("attribute must not be blank")]
    BlankAttribute,
}

/// An `extract` attribute name: trimmed of surrounding ASCII whitespace, and not blank.
pub fn parse_attribute(raw: &str) -> Result<String, FieldError> {
    match trim_ascii_ws(raw) {
        "" => Err(FieldError::BlankAttribute),
        t => Ok(t.to_string()),
    }
}

/// Leading and trailing ASCII whitespace (space, tab, LF, FF, CR: CSS and URL whitespace) removed.
pub(crate) fn trim_ascii_ws(s: &str) -> &str {
    s.trim_matches(|c: char| c.is_ascii_whitespace())
}

/// An absolute `http:` or `https:` URL. Every other scheme (`javascript:`, `data:`, `file:`,
/// `chrome:` ...) is refused: a remote model must not run script through us.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct HttpUrl(String);

impl HttpUrl {
    /// Rules, in order (the Zod schema applies the same ones): trim surrounding ASCII
    /// whitespace; refuse any whitespace, control character or backslash inside; a scheme
    /// `[A-Za-z][A-Za-z0-9+.-]*` before the first `:`, which must be `http` or `https` (any
    /// case); then `//`; an authority (up to `/`, `?` or `#`) whose host (after the last `@`)
    /// is non-empty and free of `<>[]^|`, or a bracketed IPv6 literal of hex digits, `:` and
    /// `.`; an optional `:port` of ASCII digits.
    pub fn parse(raw: &str) -> Result<HttpUrl, FieldError> {
        let s = trim_ascii_ws(raw);
        let bad = || FieldError::BadUrl(raw.to_string());
        if s.chars()
            .any(|c| c.is_whitespace() || c.is_control() || c == '\\')
        {
            return Err(bad());
        }
        let (scheme, rest) = s.split_once(':').ok_or_else(bad)?;
        let scheme_ok = scheme.starts_with(|c: char| c.is_ascii_alphabetic())
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
        if !scheme_ok {
            return Err(bad());
        }
        let lower = scheme.to_ascii_lowercase();
        if lower != "http" && lower != "https" {
            return Err(FieldError::ForbiddenScheme(lower));
        }
        let after = rest.strip_prefix("//").ok_or_else(bad)?;
        let authority_end = after.find(['/', '?', '#']).unwrap_or(after.len());
        let authority = &after[..authority_end];
        let host_port = authority.rsplit('@').next().unwrap_or("");
        let (host_ok, port) = match host_port.strip_prefix('[') {
            Some(v6) => {
                let (host, tail) = v6.split_once(']').ok_or_else(bad)?;
                let ok = !host.is_empty()
                    && host
                        .chars()
                        .all(|c| c.is_ascii_hexdigit() || c == ':' || c == '.');
                let port = match tail {
                    "" => "",
                    t => t.strip_prefix(':').ok_or_else(bad)?,
                };
                (ok, port)
            }
            None => {
                let (host, port) = host_port.split_once(':').unwrap_or((host_port, ""));
                let ok = !host.is_empty() && !host.contains(['<', '>', '[', ']', '^', '|']);
                (ok, port)
            }
        };
        if !host_ok || !port.chars().all(|c| c.is_ascii_digit()) {
            return Err(bad());
        }
        Ok(HttpUrl(s.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for HttpUrl {
    type Error = FieldError;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        HttpUrl::parse(&s)
    }
}

impl From<HttpUrl> for String {
    fn from(u: HttpUrl) -> String {
        u.0
    }
}

impl fmt::Display for HttpUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A CSS selector: surrounding ASCII whitespace is trimmed and at least one character must
/// remain. Whether it is valid CSS is for the page to judge when the action runs.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Selector(String);

impl Selector {
    pub fn parse(raw: &str) -> Result<Selector, FieldError> {
        let s = trim_ascii_ws(raw);
        if s.is_empty() {
            return Err(FieldError::EmptySelector);
        }
        Ok(Selector(s.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for Selector {
    type Error = FieldError;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        Selector::parse(&s)
    }
}

impl From<Selector> for String {
    fn from(s: Selector) -> String {
        s.0
    }
}

impl fmt::Display for Selector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Scroll direction; `down` when absent. Canonical form is exactly `"up"` or `"down"`;
/// [`Direction::parse`] (used by `normalize`) also accepts other cases and surrounding spaces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    Up,
    #[default]
    Down,
}

impl Direction {
    pub fn parse(raw: &str) -> Result<Direction, FieldError> {
        match raw.trim().to_ascii_lowercase().as_str() {
            "up" => Ok(Direction::Up),
            "down" => Ok(Direction::Down),
            _ => Err(FieldError::BadDirection(raw.to_string())),
        }
    }

    /// The canonical reading: exactly `"up"` or `"down"`.
    pub fn from_canonical(raw: &str) -> Result<Direction, FieldError> {
        match raw {
            "up" => Ok(Direction::Up),
            "down" => Ok(Direction::Down),
            _ => Err(FieldError::BadDirection(raw.to_string())),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Direction::Up => "up",
            Direction::Down => "down",
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Milliseconds to wait: an integer from 0 to [`MAX_WAIT_MS`] inclusive (larger values are
/// rejected, not clamped); [`DEFAULT_WAIT_MS`] when absent. A JSON number with an integral value
/// written as a float (`1000.0`, `1e3`) counts as that integer, as it does in JavaScript.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(into = "u64")]
pub struct WaitMs(u64);

impl WaitMs {
    pub fn new(ms: u64) -> Result<WaitMs, FieldError> {
        if ms > MAX_WAIT_MS {
            return Err(FieldError::BadWait {
                got: ms.to_string(),
                max: MAX_WAIT_MS,
            });
        }
        Ok(WaitMs(ms))
    }

    pub fn get(self) -> u64 {
        self.0
    }

    /// Reads a JSON number (see the type's doc).
    pub fn from_number(n: &serde_json::Number) -> Result<WaitMs, FieldError> {
        if let Some(u) = n.as_u64() {
            return WaitMs::new(u);
        }
        WaitMs::from_f64(n.as_f64().unwrap_or(f64::NAN), || n.to_string())
    }

    /// Reads a number held as an f64 (a JavaScript number), by the same rule as
    /// [`WaitMs::from_number`]; `shown` writes the number for the error message.
    pub fn from_f64(f: f64, shown: impl FnOnce() -> String) -> Result<WaitMs, FieldError> {
        if f.fract() == 0.0 && (0.0..=MAX_WAIT_MS as f64).contains(&f) {
            // Integral, non-negative and at most MAX_WAIT_MS: the cast is exact.
            return Ok(WaitMs(f as u64));
        }
        Err(FieldError::BadWait {
            got: shown(),
            max: MAX_WAIT_MS,
        })
    }
}

impl<'de> Deserialize<'de> for WaitMs {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let n = serde_json::Number::deserialize(d)?;
        WaitMs::from_number(&n).map_err(serde::de::Error::custom)
    }
}

impl Default for WaitMs {
    fn default() -> Self {
        WaitMs(DEFAULT_WAIT_MS)
    }
}

impl TryFrom<u64> for WaitMs {
    type Error = FieldError;
    fn try_from(ms: u64) -> Result<Self, Self::Error> {
        WaitMs::new(ms)
    }
}

impl From<WaitMs> for u64 {
    fn from(w: WaitMs) -> u64 {
        w.0
    }
}

#[cfg(test)]
mod tests;
