//! The assembler's token fast path: `Assembler::push_token` (the borrowed path for live token
//! deltas) must give exactly what `Assembler::push` gives for the same `ZoEvent::PartDelta`.

#![cfg(test)]

use std::borrow::Cow;

use proptest::prelude::*;
use zo_core::stream::{Assembler, Delta, Part, PartRef, TokenDelta, ZoEvent};
use zo_core::wire::Mode;

fn completed() -> ZoEvent {
    ZoEvent::Completed {
        failed: false,
        error: None,
        output: None,
        conversation_id: None,
    }
}

#[derive(Debug, Clone)]
enum Step {
    Start {
        zmid: Option<u8>,
        index: u64,
        thinking: bool,
        content: String,
    },
    Token {
        zmid: u8,
        index: u64,
        thinking: bool,
        content: String,
    },
    /// A tool-call argument delta: moves the "last zmid" without touching a text part.
    ToolArgs {
        zmid: u8,
        index: u64,
    },
    Done,
}

fn zmid(n: u8) -> String {
    format!("zmid_{n}")
}

fn event(step: &Step) -> ZoEvent {
    match step.clone() {
        Step::Start {
            zmid: z,
            index,
            thinking,
            content,
        } => ZoEvent::PartStart {
            part_ref: PartRef {
                zmid: z.map(zmid),
                index,
            },
            part: if thinking {
                Part::Thinking { content }
            } else {
                Part::Text { content }
            },
        },
        Step::Token {
            zmid: z,
            index,
            thinking,
            content,
        } => ZoEvent::PartDelta {
            part_ref: PartRef {
                zmid: Some(zmid(z)),
                index,
            },
            delta: if thinking {
                Delta::Thinking { content }
            } else {
                Delta::Text { content }
            },
        },
        Step::ToolArgs { zmid: z, index } => ZoEvent::PartDelta {
            part_ref: PartRef {
                zmid: Some(zmid(z)),
                index,
            },
            delta: Delta::ToolCall {
                tool_call_id: None,
                tool_name: "t".into(),
                args: "{".into(),
            },
        },
        Step::Done => completed(),
    }
}

fn step() -> impl Strategy<Value = Step> {
    let content = prop::sample::select(vec!["", " a", "b", "{\"actions\":", "é", "\n\n"])
        .prop_map(str::to_string);
    prop_oneof![
        2 => (prop::option::of(0u8..2), 0u64..3, any::<bool>(), content.clone()).prop_map(
            |(zmid, index, thinking, content)| Step::Start { zmid, index, thinking, content }
        ),
        8 => (0u8..2, 0u64..3, any::<bool>(), content).prop_map(
            |(zmid, index, thinking, content)| Step::Token { zmid, index, thinking, content }
        ),
        1 => (0u8..3, 0u64..3).prop_map(|(zmid, index)| Step::ToolArgs { zmid, index }),
        1 => Just(Step::Done),
    ]
}

/// Both assemblers through `steps`; every update and the result must agree.
fn check_same(mode: Mode, steps: &[Step]) -> Result<(), TestCaseError> {
    let (mut general, mut fast) = (Assembler::new(mode), Assembler::new(mode));
    let (mut out_general, mut out_fast) = (Vec::new(), Vec::new());
    for s in steps {
        general.push(event(s), &mut out_general);
        match s {
            Step::Token {
                zmid: z,
                index,
                thinking,
                content,
            } => fast.push_token(
                TokenDelta {
                    zmid: Cow::Owned(zmid(*z)),
                    index: *index,
                    thinking: *thinking,
                    content: Cow::Borrowed(content),
                },
                &mut out_fast,
            ),
            other => fast.push(event(other), &mut out_fast),
        }
        prop_assert_eq!(&out_fast, &out_general);
    }
    prop_assert_eq!(fast.finish(), general.finish());
    prop_assert_eq!(fast.raw_answer(), general.raw_answer());
    prop_assert_eq!(fast.thinking(), general.thinking());
    Ok(())
}

#[test]
fn a_token_after_another_responses_event_moves_the_last_zmid_back() {
    let token = |zmid, index, thinking| Step::Token {
        zmid,
        index,
        thinking,
        content: "x".into(),
    };
    let steps = [
        token(0, 0, false),
        Step::ToolArgs { zmid: 1, index: 0 },
        token(0, 0, false),
        // No zmid: belongs to the last zmid seen (0, from the token just before).
        Step::Start {
            zmid: None,
            index: 1,
            thinking: true,
            content: "t".into(),
        },
        token(0, 1, false),
    ];
    check_same(Mode::Ask, &steps).unwrap();
}

proptest! {
    #[test]
    fn same_updates_and_result_as_the_general_path(
        steps in proptest::collection::vec(step(), 0..40),
        cobrowse in any::<bool>(),
    ) {
        let mode = if cobrowse { Mode::Cobrowse } else { Mode::Ask };
        check_same(mode, &steps)?;
    }
}
