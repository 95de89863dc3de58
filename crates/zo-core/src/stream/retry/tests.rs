//! Tests of the retry policy.

use super::*;

fn http(status: u16) -> Failure {
    Failure::Http {
        status,
        retry_after_ms: None,
        detail: None,
    }
}

#[test]
fn classification() {
    for f in [
        Failure::Network {
            message: "reset".into(),
        },
        http(500),
        http(502),
        http(503),
        http(429),
        Failure::StreamCut,
        Failure::Liveness,
        Failure::BadReply {
            message: "EOF while parsing".into(),
        },
    ] {
        assert_eq!(f.kind(), FailureKind::Transient, "{f:?}");
    }
    for f in [
        http(400),
        http(401),
        http(403),
        http(404),
        http(422),
        Failure::FailedEvent {
            message: "x".into(),
        },
        Failure::Redirect,
        Failure::NotAnAnswer {
            content_type: "text/html".into(),
        },
    ] {
        assert_eq!(f.kind(), FailureKind::Permanent, "{f:?}");
    }
}

#[test]
fn permanent_failures_give_up_at_once() {
    let mut p = RetryPolicy::new(1);
    match p.decide(1, &http(401)) {
        RetryDecision::GiveUp {
            kind,
            http_status,
            message,
        } => {
            assert_eq!(kind, FailureKind::Permanent);
            assert_eq!(http_status, Some(401));
            assert!(message.contains("API key"), "{message}");
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        p.decide(
            1,
            &Failure::FailedEvent {
                message: "quota".into()
            }
        ),
        RetryDecision::GiveUp {
            kind: FailureKind::Permanent,
            ..
        }
    ));
}

#[test]
fn at_most_three_attempts_in_total() {
    let mut p = RetryPolicy::new(7);
    assert!(matches!(
        p.decide(1, &http(503)),
        RetryDecision::RetryAfter {
            attempt: 2,
            max: 3,
            ..
        }
    ));
    assert!(matches!(
        p.decide(2, &Failure::StreamCut),
        RetryDecision::RetryAfter {
            attempt: 3,
            max: 3,
            ..
        }
    ));
    match p.decide(3, &http(503)) {
        RetryDecision::GiveUp {
            kind,
            http_status,
            message,
        } => {
            assert_eq!(kind, FailureKind::Transient);
            assert_eq!(http_status, Some(503));
            assert!(message.contains("3 attempts"), "{message}");
        }
        other => panic!("{other:?}"),
    }
}

fn delay(d: RetryDecision) -> u64 {
    match d {
        RetryDecision::RetryAfter { delay_ms, .. } => delay_ms,
        other => panic!("{other:?}"),
    }
}

#[test]
fn backoff_grows_exponentially_within_jitter_bounds() {
    for seed in 0..200 {
        let mut p = RetryPolicy::new(seed);
        let d1 = delay(p.decide(1, &Failure::Liveness));
        let d2 = delay(p.decide(2, &Failure::Liveness));
        assert!((250..=500).contains(&d1), "seed {seed}: {d1}");
        assert!((500..=1000).contains(&d2), "seed {seed}: {d2}");
    }
    let mut p = RetryPolicy::new(3);
    p.max_attempts = 30;
    let d = delay(p.decide(25, &Failure::Liveness));
    assert!((DEFAULT_MAX_DELAY_MS / 2..=DEFAULT_MAX_DELAY_MS).contains(&d));
}

#[test]
fn jitter_is_deterministic_per_seed_and_varies_across_seeds() {
    let run = |seed| {
        let mut p = RetryPolicy::new(seed);
        delay(p.decide(1, &http(500)))
    };
    assert_eq!(run(42), run(42));
    let distinct: std::collections::BTreeSet<u64> = (0..50).map(run).collect();
    assert!(distinct.len() > 10, "{distinct:?}");
}

#[test]
fn the_wait_the_server_asked_for_is_honoured() {
    let mut p = RetryPolicy::new(0);
    for (status, ms) in [(429, 2000), (503, 0), (500, 59_000)] {
        let f = Failure::Http {
            status,
            retry_after_ms: Some(ms),
            detail: None,
        };
        assert_eq!(delay(p.decide(1, &f)), ms);
    }
}

#[test]
fn huge_waits_give_up() {
    let mut p = RetryPolicy::new(0);
    let f = Failure::Http {
        status: 429,
        retry_after_ms: Some(3_600_000),
        detail: None,
    };
    match p.decide(1, &f) {
        RetryDecision::GiveUp { kind, message, .. } => {
            assert_eq!(kind, FailureKind::Transient);
            assert!(message.contains("3600 s"), "{message}");
        }
        other => panic!("{other:?}"),
    }
}

/// 2026-10-21T07:28:00Z in ms.
const NOW: u64 = 1_792_567_680_000;

#[test]
fn retry_after_in_seconds() {
    assert_eq!(retry_after_ms(" 2 ", None, NOW), Some(2000));
    assert_eq!(retry_after_ms("0", None, NOW), Some(0));
    assert_eq!(retry_after_ms("1.5", None, NOW), None);
    assert_eq!(retry_after_ms("-1", None, NOW), None);
    assert_eq!(retry_after_ms("", None, NOW), None);
    assert_eq!(retry_after_ms("soon", None, NOW), None);
}

#[test]
fn retry_after_as_a_date_is_measured_from_the_servers_clock_when_it_says() {
    let at = "Wed, 21 Oct 2026 07:28:03 GMT";
    // No Date header: from the time the response arrived.
    assert_eq!(retry_after_ms(at, None, NOW), Some(3000));
    assert_eq!(retry_after_ms(at, None, NOW + 500), Some(2500));
    // The server's Date says 07:27:58 although our clock says 07:28:00: 5 s by its clock.
    assert_eq!(
        retry_after_ms(at, Some("Wed, 21 Oct 2026 07:27:58 GMT"), NOW),
        Some(5000)
    );
    // An unreadable Date falls back to ours.
    assert_eq!(retry_after_ms(at, Some("yesterday"), NOW), Some(3000));
    // The obsolete forms count too.
    assert_eq!(
        retry_after_ms("Wednesday, 21-Oct-26 07:28:10 GMT", None, NOW),
        Some(10_000)
    );
    assert_eq!(
        retry_after_ms("Wed Oct 21 07:28:01 2026", None, NOW),
        Some(1000)
    );
    // A date already past: no wait.
    assert_eq!(
        retry_after_ms("Wed, 21 Oct 2026 07:00:00 GMT", None, NOW),
        Some(0)
    );
    // A date an hour away is a wait the policy gives up on.
    let mut p = RetryPolicy::new(0);
    let f = Failure::Http {
        status: 429,
        retry_after_ms: retry_after_ms("Wed, 21 Oct 2026 08:28:00 GMT", None, NOW),
        detail: None,
    };
    assert!(matches!(p.decide(1, &f), RetryDecision::GiveUp { .. }));
}

#[test]
fn messages_name_the_failure() {
    let html = Failure::NotAnAnswer {
        content_type: "text/html; charset=utf-8".into(),
    };
    assert!(html.describe().contains("text/html"), "{}", html.describe());
    assert!(html.describe().contains("API base URL"));
    let none = Failure::NotAnAnswer {
        content_type: String::new(),
    };
    assert!(none.describe().contains("without a content type"));
}

#[test]
fn an_http_failure_ends_with_the_servers_words() {
    let f = Failure::Http {
        status: 401,
        retry_after_ms: None,
        detail: Some("Missing or invalid API key".into()),
    };
    assert_eq!(
        f.describe(),
        "Zo rejected the API key (HTTP 401): Missing or invalid API key"
    );
    let f = Failure::Http {
        status: 400,
        retry_after_ms: None,
        detail: Some("input is empty".into()),
    };
    assert_eq!(
        f.describe(),
        "Zo rejected the request (HTTP 400): input is empty"
    );
    assert_eq!(
        http(401).describe(),
        "Zo rejected the API key (HTTP 401): check it in Options"
    );
}
