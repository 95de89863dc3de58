//! The ready question's codec held to serde (written as serde writes it, every altered copy
//! read or refused as serde reads it) and the claim rule.

use super::*;
use crate::wire::codec::tests::{alter, samples::ODD};

fn samples() -> Vec<ReadyQuestion> {
    let mut all = vec![ReadyQuestion {
        id: 0,
        created_ms: 0,
        tab_id: None,
        mode: None,
        text: String::new(),
        caret: Caret::Select,
        new_chat: false,
        quote: None,
    }];
    for (i, mode) in Mode::ALL.iter().enumerate() {
        all.push(ReadyQuestion {
            id: u64::MAX - i as u64,
            created_ms: 1_700_000_000_000 + i as u64,
            tab_id: Some(if i % 2 == 0 { i32::MIN } else { i32::MAX }),
            mode: Some(*mode),
            text: ODD.into(),
            caret: Caret::ALL[i % 2],
            new_chat: i % 3 == 0,
            quote: Some(Quote {
                kind: QuoteKind::ALL[i % 2],
                text: ODD.into(),
            }),
        });
    }
    all
}

#[test]
fn written_as_serde_writes_it() {
    for q in samples() {
        assert_eq!(q.to_json(), serde_json::to_string(&q).unwrap());
    }
}

#[test]
fn read_as_serde_reads_it_and_every_altered_copy_too() {
    let mut compared = 0;
    for q in samples() {
        let text = serde_json::to_string(&q).unwrap();
        assert_eq!(ReadyQuestion::from_json(&text).unwrap(), q);
        for altered in std::iter::once(text.clone()).chain(alter::altered(&text, &[])) {
            let ours = ReadyQuestion::from_json(&altered);
            let serde = serde_json::from_str::<ReadyQuestion>(&altered);
            match (&ours, &serde) {
                (Ok(a), Ok(b)) => assert_eq!(a, b, "{altered}"),
                (Err(_), Err(_)) => {}
                _ => panic!("{altered}\nours: {ours:?}\nserde: {serde:?}"),
            }
            compared += 1;
        }
    }
    assert!(compared > 200, "{compared}");
}

fn at(created_ms: u64, tab_id: Option<i32>) -> ReadyQuestion {
    ReadyQuestion {
        id: 1,
        created_ms,
        tab_id,
        mode: Some(Mode::Ask),
        text: "q".into(),
        caret: Caret::Select,
        new_chat: false,
        quote: None,
    }
}

#[test]
fn only_the_panel_of_its_tab_takes_it_while_it_is_fresh() {
    let q = at(1_000, Some(7));
    assert_eq!(q.claim(Some(7), 1_000), Claim::Take);
    assert_eq!(q.claim(Some(7), 1_000 + READY_TTL_MS), Claim::Take);
    // Another tab's panel, or a panel bound to no tab, leaves it for the right one.
    assert_eq!(q.claim(Some(8), 1_500), Claim::Keep);
    assert_eq!(q.claim(None, 1_500), Claim::Keep);
    // Stale: nobody gets it, and it goes.
    assert_eq!(q.claim(Some(7), 1_001 + READY_TTL_MS), Claim::Drop);
    assert_eq!(q.claim(Some(8), 1_001 + READY_TTL_MS), Claim::Drop);
    // Made "later" than now (the clock went back): not trusted to be fresh.
    assert_eq!(q.claim(Some(7), 999), Claim::Drop);
    // A question about no tab in particular goes to the first panel that asks.
    let any = at(1_000, None);
    assert_eq!(any.claim(Some(3), 2_000), Claim::Take);
    assert_eq!(any.claim(None, 2_000), Claim::Take);
}
