//! Which card a failed answer gets, and whether it offers Retry and a link to the settings.
//! Every failure can be retried: the new answer takes the failed one's place. What the card
//! says depends on the cause: no key yet (never read as a rejected key), a key Zo refused (with
//! the server's own words), an answer that came back empty, an interrupted stream, or another
//! error Zo or the network reported.

use crate::stream::Failure;
use crate::wire::protocol::{FailureKind, StreamFailure};
use crate::wire::settings::SettingsError;

/// Which card a failure gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// Transient failure after retries, or a lost connection.
    Interrupted,
    /// Zo refused the key (401/403): the server's detail and a link to settings.
    Auth,
    /// No key is set: what to do, and a link to settings.
    MissingKey,
    /// Zo answered successfully with nothing.
    Empty,
    /// Any other permanent failure: says what happened.
    Permanent,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ErrorCard {
    pub kind: ErrorKind,
    pub title: String,
    pub detail: String,
    pub retry: bool,
    pub settings_link: bool,
}

/// The failure message of an answer that ended successfully with nothing to show.
pub const EMPTY_ANSWER: &str = "Zo's answer was empty: nothing came back this time.";

/// The failure recorded for an empty answer.
pub fn empty_answer_failure() -> StreamFailure {
    StreamFailure {
        kind: FailureKind::Permanent,
        http_status: None,
        message: EMPTY_ANSWER.into(),
        partial_text: String::new(),
    }
}

/// `text` as a sentence: a capital first letter and a closing full stop.
fn sentence(text: &str) -> String {
    let text = text.trim();
    let mut chars = text.chars();
    let Some(first) = chars.next() else {
        return String::new();
    };
    let mut out: String = first.to_uppercase().chain(chars).collect();
    if !out.ends_with(['.', '!', '?', ':', ')']) {
        out.push('.');
    }
    out
}

pub fn error_card(failure: &StreamFailure) -> ErrorCard {
    let message = failure.message.trim().to_string();
    let card = |kind, title: &str, detail: String, settings_link| ErrorCard {
        kind,
        title: title.to_string(),
        detail,
        retry: true,
        settings_link,
    };
    if failure.http_status.is_none() && message == SettingsError::MissingApiKey.to_string() {
        return card(
            ErrorKind::MissingKey,
            "Add your Zo API key",
            "Zo Co-browse needs your Zo API key to ask Zo. Create one in Zo under Settings › \
             Advanced and paste it in the settings."
                .into(),
            true,
        );
    }
    if failure.http_status.is_none() && message == EMPTY_ANSWER {
        return card(ErrorKind::Empty, "Zo sent an empty answer", message, false);
    }
    match (failure.http_status, failure.kind) {
        (Some(401), _) => card(
            ErrorKind::Auth,
            "Zo did not accept the API key",
            message,
            true,
        ),
        (Some(403), _) => card(ErrorKind::Auth, "Zo refused access", message, true),
        // Refused before any answer started: nothing was interrupted.
        (status, FailureKind::Transient) if failure.partial_text.trim().is_empty() => card(
            ErrorKind::Interrupted,
            &match status {
                Some(code) => format!("Zo couldn't answer right now ({code})"),
                None => "Zo couldn't be reached".to_string(),
            },
            if message.is_empty() {
                "The connection to Zo failed. Try again in a moment.".into()
            } else {
                format!("{} Try again in a moment.", sentence(&message))
            },
            false,
        ),
        (_, FailureKind::Transient) => card(
            ErrorKind::Interrupted,
            "Response interrupted",
            if message.is_empty() {
                "The connection to Zo failed. Try again.".into()
            } else {
                message
            },
            false,
        ),
        (status, FailureKind::Permanent) => {
            let title = match status {
                Some(400) | Some(422) => "Zo could not process this request".to_string(),
                Some(404) => "The Zo API was not found at the configured URL".to_string(),
                Some(code) => format!("Zo answered with an error ({code})"),
                None => "Zo could not answer".to_string(),
            };
            // Errors about where the key may go are fixed in the settings.
            let settings_link = status == Some(404)
                || message == Failure::Redirect.describe()
                || message.contains("no permission to contact");
            card(ErrorKind::Permanent, &title, message, settings_link)
        }
    }
}

/// The card for a connection to the worker lost mid-answer.
pub fn connection_lost_card() -> ErrorCard {
    ErrorCard {
        kind: ErrorKind::Interrupted,
        title: "Response interrupted".into(),
        detail: "The answer was cut off before it finished.".into(),
        retry: true,
        settings_link: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn failure(kind: FailureKind, status: Option<u16>, message: &str) -> StreamFailure {
        StreamFailure {
            kind,
            http_status: status,
            message: message.into(),
            partial_text: String::new(),
        }
    }

    #[test]
    fn every_failure_can_be_retried() {
        for f in [
            failure(FailureKind::Transient, Some(503), "Service unavailable"),
            failure(FailureKind::Permanent, Some(401), "unauthorized"),
            failure(FailureKind::Permanent, Some(400), "bad input"),
            failure(FailureKind::Permanent, None, "Zo failed: model overloaded"),
            failure(
                FailureKind::Permanent,
                None,
                &SettingsError::MissingApiKey.to_string(),
            ),
            empty_answer_failure(),
        ] {
            assert!(error_card(&f).retry, "{f:?}");
        }
        assert!(connection_lost_card().retry);
    }

    #[test]
    fn a_missing_key_is_not_a_rejected_key() {
        let card = error_card(&failure(
            FailureKind::Permanent,
            None,
            &SettingsError::MissingApiKey.to_string(),
        ));
        assert_eq!(card.kind, ErrorKind::MissingKey);
        assert_eq!(card.title, "Add your Zo API key");
        assert!(!card.title.contains("did not accept"));
        assert!(card.settings_link);
        // Other messages that merely mention a key are not taken for a rejected key either.
        let card = error_card(&failure(
            FailureKind::Permanent,
            None,
            "the API key field is fine, but Zo failed",
        ));
        assert_eq!(card.kind, ErrorKind::Permanent);
    }

    #[test]
    fn a_rejected_key_shows_the_servers_detail() {
        let detail = "Zo rejected the API key (HTTP 401): Missing or invalid API key: send \
                      Authorization: Bearer <key>";
        let card = error_card(&failure(FailureKind::Permanent, Some(401), detail));
        assert_eq!(card.kind, ErrorKind::Auth);
        assert_eq!(card.title, "Zo did not accept the API key");
        assert_eq!(card.detail, detail);
        assert!(card.settings_link);
    }

    #[test]
    fn empty_answers_interruptions_and_other_errors() {
        let card = error_card(&empty_answer_failure());
        assert_eq!(
            (card.kind, card.title.as_str()),
            (ErrorKind::Empty, "Zo sent an empty answer")
        );
        let mut cut = failure(FailureKind::Transient, Some(503), "Service unavailable");
        cut.partial_text = "Half an ans".into();
        let card = error_card(&cut);
        assert_eq!(
            (card.kind, card.title.as_str()),
            (ErrorKind::Interrupted, "Response interrupted")
        );
        assert!(!card.settings_link);
        // Refused before any answer: not "interrupted", and it says what to do.
        let card = error_card(&failure(
            FailureKind::Transient,
            Some(503),
            "service unavailable",
        ));
        assert_eq!(card.title, "Zo couldn't answer right now (503)");
        assert_eq!(card.detail, "Service unavailable. Try again in a moment.");
        let card = error_card(&failure(FailureKind::Permanent, Some(400), "bad input"));
        assert_eq!(
            (card.kind, card.detail.as_str()),
            (ErrorKind::Permanent, "bad input")
        );
        let card = error_card(&failure(FailureKind::Permanent, Some(404), "not found"));
        assert!(card.settings_link);
        let card = error_card(&failure(
            FailureKind::Permanent,
            None,
            &Failure::Redirect.describe(),
        ));
        assert!(card.settings_link);
    }
}
