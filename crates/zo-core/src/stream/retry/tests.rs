//! Tests of the retry policy.

use super::*;

fn http(status: u16) -> Failure {
    Failure::Http {
        status,
        retry_after: None,
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
fn retry_after_seconds_is_honoured() {
    let mut p = RetryPolicy::new(0);
    let f = Failure::Http {
        status: 429,
        retry_after: Some(" 2 ".into()),
    };
    assert_eq!(delay(p.decide(1, &f)), 2000);
    let f = Failure::Http {
        status: 503,
        retry_after: Some("0".into()),
    };
    assert_eq!(delay(p.decide(1, &f)), 0);
}

#[test]
fn retry_after_date_falls_back_to_backoff_and_huge_waits_give_up() {
    let mut p = RetryPolicy::new(0);
    let f = Failure::Http {
        status: 429,
        retry_after: Some("Wed, 21 Oct 2026 07:28:00 GMT".into()),
    };
    assert!((250..=500).contains(&delay(p.decide(1, &f))));
    let f = Failure::Http {
        status: 429,
        retry_after: Some("3600".into()),
    };
    assert!(matches!(
        p.decide(1, &f),
        RetryDecision::GiveUp {
            kind: FailureKind::Transient,
            ..
        }
    ));
}

#[test]
fn retry_after_parser() {
    assert_eq!(parse_retry_after_seconds("120"), Some(120));
    assert_eq!(parse_retry_after_seconds("-1"), None);
    assert_eq!(parse_retry_after_seconds("1.5"), None);
    assert_eq!(parse_retry_after_seconds(""), None);
}
