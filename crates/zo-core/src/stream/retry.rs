//! Retry policy for one query, sans-IO: classifies a failure as transient or permanent and says
//! whether to try again and after how long (exponential backoff with jitter).
//!
//! Transient: network error, HTTP 5xx, 429 (Retry-After honoured), stream cut before a terminal
//! event, liveness timeout, a JSON reply that cannot be read. Permanent: 400/401/403/404/422 (and
//! any other 4xx), a `failed` event, a redirect, a reply that is neither an event stream nor
//! JSON, a reply too large to read, an answer past one of the stream limits. At most [`DEFAULT_MAX_ATTEMPTS`] attempts in total.
//!
//! `Retry-After` is honoured in both its forms ([`retry_after_ms`]): delay-seconds, and an
//! HTTP-date, which is measured from the response's own `Date` (the server's clock) when it
//! has one, else from the time the response arrived.

use crate::stream::limits::LimitExceeded;
use crate::wire::protocol::FailureKind;

mod detail;
mod http_date;
pub use detail::{error_detail, MAX_ERROR_BODY_BYTES};
pub use http_date::parse_http_date;

pub const DEFAULT_MAX_ATTEMPTS: u32 = 3;
pub const DEFAULT_BASE_DELAY_MS: u64 = 500;
pub const DEFAULT_MAX_DELAY_MS: u64 = 8_000;
/// A server asking us to wait longer than this is not waited for: we give up instead.
pub const MAX_RETRY_AFTER_MS: u64 = 60_000;

/// Why an attempt failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// fetch rejected (DNS, connection refused, reset before a response...).
    Network { message: String },
    /// A non-2xx HTTP status before the stream started; `retry_after_ms` is the wait its
    /// `Retry-After` header asked for ([`retry_after_ms`]), `detail` what the server said
    /// about it ([`error_detail`] of its body, read for permanent statuses).
    Http {
        status: u16,
        retry_after_ms: Option<u64>,
        detail: Option<String>,
    },
    /// The body ended (or broke) before a terminal event.
    StreamCut,
    /// No bytes for the liveness period.
    Liveness,
    /// Zo sent a `failed` event (or `completed` with status failed).
    FailedEvent { message: String },
    /// The API answered with a redirect, which is never followed: the API key would go along.
    Redirect,
    /// A JSON reply (`{output, conversation_id}`) that could not be read.
    BadReply { message: String },
    /// A reply larger than the extension reads.
    TooLarge { limit_bytes: usize },
    /// The answer passed one of the limits on what one answer may make us hold.
    Limit(LimitExceeded),
    /// A 2xx reply that is neither an event stream nor JSON (a web page, say): the base URL
    /// points at something that is not Zo.
    NotAnAnswer { content_type: String },
}

impl Failure {
    pub fn kind(&self) -> FailureKind {
        match self {
            Failure::Network { .. }
            | Failure::StreamCut
            | Failure::Liveness
            | Failure::BadReply { .. } => FailureKind::Transient,
            Failure::Http { status, .. } if *status == 429 || (500..600).contains(status) => {
                FailureKind::Transient
            }
            Failure::Http { .. }
            | Failure::FailedEvent { .. }
            | Failure::Redirect
            | Failure::NotAnAnswer { .. }
            | Failure::TooLarge { .. }
            | Failure::Limit(_) => FailureKind::Permanent,
        }
    }

    /// A short message for people (an HTTP failure ends with the server's own words).
    pub fn describe(&self) -> String {
        match self {
            Failure::Network { message } => format!("network error: {message}"),
            Failure::Http {
                status,
                detail: Some(detail),
                ..
            } => match status {
                401 => format!("Zo rejected the API key (HTTP 401): {detail}"),
                _ => {
                    let base = Failure::Http {
                        status: *status,
                        retry_after_ms: None,
                        detail: None,
                    }
                    .describe();
                    format!("{base}: {detail}")
                }
            },
            Failure::Http { status, .. } => match status {
                400 => "Zo rejected the request (HTTP 400)".to_string(),
                401 => "Zo rejected the API key (HTTP 401): check it in Options".to_string(),
                403 => "access denied by Zo (HTTP 403)".to_string(),
                404 => "Zo endpoint not found (HTTP 404): check the API base URL".to_string(),
                422 => "Zo could not process the request (HTTP 422)".to_string(),
                429 => "Zo is rate limiting requests (HTTP 429)".to_string(),
                s => format!("Zo answered HTTP {s}"),
            },
            Failure::StreamCut => "the answer stream ended before it was complete".to_string(),
            Failure::Liveness => "Zo sent nothing for too long".to_string(),
            Failure::FailedEvent { message } => format!("Zo failed: {message}"),
            Failure::Redirect => "the API base URL answered with a redirect to another address; \
                 Zo Co-browse never sends your key on to a redirect: set the final address \
                 as the API base URL in Options"
                .to_string(),
            Failure::BadReply { message } => format!("Zo's answer could not be read: {message}"),
            Failure::TooLarge { limit_bytes } => format!(
                "Zo's answer is larger than {} MiB, more than the extension reads",
                limit_bytes >> 20
            ),
            Failure::Limit(limit) => limit.describe(),
            Failure::NotAnAnswer { content_type } => {
                let what = if content_type.is_empty() {
                    "an answer without a content type"
                } else {
                    content_type.as_str()
                };
                format!(
                    "the API base URL answered with {what}, neither an event stream nor \
                     JSON: check the API base URL in Options"
                )
            }
        }
    }
}

/// What to do after a failed attempt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RetryDecision {
    /// Start attempt `attempt` (1-based) of `max` after `delay_ms`.
    RetryAfter {
        attempt: u32,
        max: u32,
        delay_ms: u64,
    },
    /// Stop: report the failure.
    GiveUp {
        kind: FailureKind,
        http_status: Option<u16>,
        message: String,
    },
}

/// The policy plus its jitter source (a small deterministic generator seeded by the caller, so
/// tests can pin it; the worker seeds it from `Math.random`/the clock).
#[derive(Debug, Clone)]
pub struct RetryPolicy {
    pub max_attempts: u32,
    pub base_delay_ms: u64,
    pub max_delay_ms: u64,
    rng: u64,
}

impl RetryPolicy {
    /// The default policy (3 attempts, 500 ms base, 8 s cap) with a jitter seed.
    pub fn new(seed: u64) -> Self {
        RetryPolicy {
            max_attempts: DEFAULT_MAX_ATTEMPTS,
            base_delay_ms: DEFAULT_BASE_DELAY_MS,
            max_delay_ms: DEFAULT_MAX_DELAY_MS,
            // xorshift must not start at 0.
            rng: seed ^ 0x9E37_79B9_7F4A_7C15,
        }
    }

    /// Decides after attempt `failed_attempt` (1-based) failed with `failure`.
    pub fn decide(&mut self, failed_attempt: u32, failure: &Failure) -> RetryDecision {
        let http_status = match failure {
            Failure::Http { status, .. } => Some(*status),
            _ => None,
        };
        let give_up = |kind: FailureKind, message: String| RetryDecision::GiveUp {
            kind,
            http_status,
            message,
        };
        let kind = failure.kind();
        if kind == FailureKind::Permanent {
            return give_up(kind, failure.describe());
        }
        if failed_attempt >= self.max_attempts {
            return give_up(
                kind,
                format!(
                    "{} (gave up after {} attempts)",
                    failure.describe(),
                    self.max_attempts
                ),
            );
        }
        let server_delay = match failure {
            Failure::Http { retry_after_ms, .. } => *retry_after_ms,
            _ => None,
        };
        let delay_ms = match server_delay {
            Some(ms) if ms > MAX_RETRY_AFTER_MS => {
                return give_up(
                    kind,
                    format!(
                        "{}: the server asked to wait {} s",
                        failure.describe(),
                        ms / 1000
                    ),
                )
            }
            Some(ms) => ms,
            None => self.backoff(failed_attempt),
        };
        RetryDecision::RetryAfter {
            attempt: failed_attempt + 1,
            max: self.max_attempts,
            delay_ms,
        }
    }

    /// "Equal jitter": half the exponential delay fixed, the other half random.
    fn backoff(&mut self, failed_attempt: u32) -> u64 {
        let exp = failed_attempt.saturating_sub(1).min(20);
        let full = self
            .base_delay_ms
            .saturating_mul(1u64 << exp)
            .min(self.max_delay_ms);
        let half = full / 2;
        half + self.next_random() % (full - half + 1)
    }

    fn next_random(&mut self) -> u64 {
        let mut x = self.rng;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.rng = x;
        x
    }
}

/// The wait a `Retry-After` header value asks for, in ms: delay-seconds, or an HTTP-date minus
/// the response's `Date` header (`server_date`, the same clock) or, without one, minus `now_ms`
/// (ms since the Unix epoch, when the response arrived). A date in the past is no wait; a value
/// that is neither form gives `None` (the computed backoff applies).
pub fn retry_after_ms(value: &str, server_date: Option<&str>, now_ms: u64) -> Option<u64> {
    if let Some(seconds) = parse_retry_after_seconds(value) {
        return Some(seconds.saturating_mul(1000));
    }
    let at = parse_http_date(value, now_ms)?;
    let reference = server_date
        .and_then(|d| parse_http_date(d, now_ms))
        .map_or(i64::try_from(now_ms).unwrap_or(i64::MAX), |s| {
            s.saturating_mul(1000)
        });
    let wait = at.saturating_mul(1000).saturating_sub(reference);
    Some(u64::try_from(wait).unwrap_or(0))
}

/// `Retry-After` as delay-seconds (ASCII digits, surrounding whitespace allowed). HTTP-dates and
/// anything else give `None`.
pub fn parse_retry_after_seconds(value: &str) -> Option<u64> {
    let v = value.trim();
    if v.is_empty() || !v.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(v.bytes().fold(0u64, |acc, b| {
        acc.saturating_mul(10).saturating_add(u64::from(b - b'0'))
    }))
}

#[cfg(test)]
mod tests;
