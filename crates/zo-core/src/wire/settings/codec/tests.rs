//! The settings codec held to the serde definitions: written as serde writes them, and every
//! altered copy read (or refused) as serde reads it.

use std::fmt::Debug;

use serde::de::DeserializeOwned;

use super::*;
use crate::wire::codec::tests::{alter, samples};
use crate::wire::protocol::Mode;
use crate::wire::settings::{
    ContextLevel, CustomMode, EditedInstructions, FontSize, QuickAction, Theme,
};

fn samples() -> Vec<Settings> {
    let mut all = vec![Settings::default()];
    for (i, mode) in Mode::ALL.iter().enumerate() {
        all.push(Settings {
            api_base_url: samples::ODD.into(),
            model: Some(format!("model-{i}")),
            persona_id: (i % 2 == 0).then(|| samples::ODD.into()),
            default_mode: *mode,
            max_steps: u32::MAX - i as u32,
            max_actions: 7 + i as u32,
            max_navigations: i as u32,
            screenshots: i % 2 == 1,
            liveness_timeout_ms: u64::MAX - i as u64,
            theme: Theme::ALL[i % Theme::ALL.len()],
            font_size: FontSize::ALL[i % FontSize::ALL.len()],
            speech_voice: (i % 2 == 1).then(|| samples::ODD.into()),
            speech_rate: u32::MAX - i as u32,
            custom_modes: (0..i % 3)
                .map(|j| CustomMode {
                    id: format!("c-{i}-{j}"),
                    name: samples::ODD.into(),
                    instructions: if j == 0 {
                        samples::ODD.into()
                    } else {
                        String::new()
                    },
                    context: ContextLevel::ALL[(i + j) % ContextLevel::ALL.len()],
                    actions: (i + j) % 2 == 0,
                    budget: u32::MAX - j as u32,
                })
                .collect(),
            mode_instructions: Mode::ALL[..i]
                .iter()
                .map(|m| EditedInstructions {
                    mode: *m,
                    instructions: samples::ODD.into(),
                })
                .collect(),
            quick_actions: (0..i)
                .map(|n| QuickAction::new(samples::ODD, Mode::ALL[n], &format!("prompt {n}")))
                .collect(),
        });
    }
    all
}

/// `ours` and serde agree on `text` and on every altered copy of it.
fn agree<T: DeserializeOwned + PartialEq + Debug>(
    text: &str,
    tags: &[String],
    ours: impl Fn(&str) -> Result<T, String>,
) -> usize {
    let mut compared = 0;
    for altered in std::iter::once(text.to_string()).chain(alter::altered(text, tags)) {
        let a = ours(&altered);
        let b = serde_json::from_str::<T>(&altered);
        match (&a, &b) {
            (Ok(a), Ok(b)) => assert_eq!(a, b, "{altered}"),
            (Err(_), Err(_)) => {}
            _ => panic!("{altered}\nours: {a:?}\nserde: {b:?}"),
        }
        compared += 1;
    }
    compared
}

fn read_with<T>(
    read: impl Fn(&Node) -> Result<T, WireError>,
) -> impl Fn(&str) -> Result<T, String> {
    move |text| {
        let node = parse(text).map_err(|e| e.to_string())?;
        read(&node).map_err(|e| e.to_string())
    }
}

#[test]
fn settings_are_written_as_serde_writes_them() {
    for s in samples() {
        assert_eq!(s.to_json().as_str(), serde_json::to_string(&s).unwrap());
    }
}

#[test]
fn the_settings_message_is_written_as_serde_writes_it() {
    for (i, settings) in samples().into_iter().enumerate() {
        let msg = WorkerToPage::Settings {
            settings: SettingsView {
                settings,
                has_api_key: i % 2 == 1,
            },
        };
        assert_eq!(msg.to_json().as_str(), serde_json::to_string(&msg).unwrap());
    }
}

#[test]
fn settings_are_read_as_serde_reads_them() {
    let mut compared = 0;
    for s in samples() {
        let text = serde_json::to_string(&s).unwrap();
        compared += agree::<Settings>(&text, &[], read_with(Settings::read));
        // Every field absent but one: the others take the default settings' values.
        compared += agree::<Settings>(r#"{"maxSteps":3}"#, &[], read_with(Settings::read));
    }
    assert!(compared > 300, "{compared}");
}

#[test]
fn the_settings_view_and_its_message_are_read_as_serde_reads_them() {
    let mut compared = 0;
    for (i, settings) in samples().into_iter().enumerate() {
        let view = SettingsView {
            settings,
            has_api_key: i % 2 == 0,
        };
        let text = serde_json::to_string(&view).unwrap();
        compared += agree::<SettingsView>(&text, &[], read_with(SettingsView::read));
        let msg = WorkerToPage::Settings { settings: view };
        let text = serde_json::to_string(&msg).unwrap();
        let tags = ["SETTINGS".to_string(), "GET_SETTINGS".to_string()];
        compared += agree::<WorkerToPage>(&text, &tags, |t| {
            WorkerToPage::from_json(t).map_err(|e| e.to_string())
        });
    }
    assert!(compared > 500, "{compared}");
}

#[test]
fn stored_settings_are_validated_and_nothing_stored_gives_the_defaults() {
    assert_eq!(Settings::from_node(None), Ok(Settings::default()));
    assert_eq!(
        Settings::from_node(Some(&Node::Null)),
        Ok(Settings::default())
    );
    let node = parse(r#"{"apiBaseUrl":"http://127.0.0.1:9/","maxSteps":99,"model":" "}"#).unwrap();
    let s = Settings::from_node(Some(&node)).unwrap();
    assert_eq!(s.api_base_url, "http://127.0.0.1:9");
    assert_eq!(s.max_steps, crate::wire::settings::MAX_STEPS_CEILING);
    assert_eq!(s.model, None);
    let node = parse(r#"{"maxSteps":"ten"}"#).unwrap();
    assert!(matches!(
        Settings::from_node(Some(&node)),
        Err(SettingsError::Shape(e)) if e.contains("maxSteps")
    ));
    let node = parse(r#"{"apiBaseUrl":"ftp://x"}"#).unwrap();
    assert!(matches!(
        Settings::from_node(Some(&node)),
        Err(SettingsError::BaseUrl { .. })
    ));
}

#[test]
fn the_context_message_is_written_and_read_as_serde_does() {
    let mut compared = 0;
    for text in [
        "",
        samples::ODD,
        "<page>\nURL: https://a.example/\n</page>\n",
    ] {
        let msg = WorkerToPage::Context { text: text.into() };
        let json = serde_json::to_string(&msg).unwrap();
        assert_eq!(msg.to_json().as_str(), json);
        let tags = ["CONTEXT".to_string(), "SETTINGS".to_string()];
        compared += agree::<WorkerToPage>(&json, &tags, |t| {
            WorkerToPage::from_json(t).map_err(|e| e.to_string())
        });
    }
    assert!(compared > 30, "{compared}");
}

#[test]
fn the_ready_question_messages_are_written_and_read_as_serde_does() {
    use crate::wire::ready_question::{Caret, Quote, QuoteKind, ReadyQuestion};
    let question = ReadyQuestion {
        id: 9,
        created_ms: 1_700_000_000_000,
        tab_id: Some(4),
        mode: Some(Mode::Ask),
        text: samples::ODD.into(),
        caret: Caret::End,
        new_chat: true,
        quote: Some(Quote {
            kind: QuoteKind::Selection,
            text: samples::ODD.into(),
        }),
    };
    let tags = ["QUESTION".to_string(), "QUESTION_READY".to_string()];
    let mut compared = 0;
    for msg in [
        WorkerToPage::QuestionReady,
        WorkerToPage::Question { question: None },
        WorkerToPage::Question {
            question: Some(question),
        },
    ] {
        let text = serde_json::to_string(&msg).unwrap();
        assert_eq!(msg.to_json().as_str(), text);
        assert_eq!(WorkerToPage::from_json(&text), Ok(msg.clone()));
        compared += agree::<WorkerToPage>(&text, &tags, |t| {
            WorkerToPage::from_json(t).map_err(|e| e.to_string())
        });
    }
    assert!(compared > 60, "{compared}");
}
