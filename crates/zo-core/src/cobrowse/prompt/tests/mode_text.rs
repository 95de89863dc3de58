//! What a question's mode tells Zo, resolved from the settings: built-in, edited, custom; a
//! custom mode deleted or changed since the panel named it is refused with a clear reason.

use super::super::*;
use crate::wire::settings::{ContextLevel, CustomMode};
use crate::wire::settings::{EditedInstructions, Settings};

fn pirate(actions: bool) -> CustomMode {
    CustomMode {
        id: "c-pirate".into(),
        name: "Pirate".into(),
        instructions: "Talk like a pirate.".into(),
        context: ContextLevel::Excerpt,
        actions,
        budget: 3_000,
    }
}

fn settings() -> Settings {
    Settings {
        custom_modes: vec![pirate(false)],
        mode_instructions: vec![EditedInstructions {
            mode: Mode::Summarize,
            instructions: "Three bullets.".into(),
        }],
        ..Settings::default()
    }
}

#[test]
fn the_settings_say_what_a_mode_is() {
    let s = settings();
    assert_eq!(
        ModeText::resolve(&s, Mode::Ask, None),
        Ok(ModeText::BuiltIn)
    );
    assert_eq!(
        ModeText::resolve(&s, Mode::Summarize, None),
        Ok(ModeText::Edited("Three bullets.".into()))
    );
    assert_eq!(
        ModeText::resolve(&s, Mode::Ask, Some("c-pirate")),
        Ok(ModeText::Custom(pirate(false)))
    );
}

#[test]
fn a_deleted_or_changed_custom_mode_is_refused() {
    let s = settings();
    let gone = ModeText::resolve(&s, Mode::Ask, Some("c-kraken")).unwrap_err();
    assert_eq!(gone, ModeGone::Deleted);
    assert!(gone.to_string().contains("deleted"), "{gone}");
    // The panel asked on Co-browse's path, but the mode does not act (any more).
    let changed = ModeText::resolve(&s, Mode::Cobrowse, Some("c-pirate")).unwrap_err();
    assert_eq!(changed, ModeGone::Changed("Pirate".into()));
}

#[test]
fn a_custom_prompt_follows_its_level_and_budget() {
    let page = PageSnapshot {
        omitted: Vec::new(),
        url: "https://example.com/".into(),
        title: "Example".into(),
        text: "word ".repeat(2_000),
        ..PageSnapshot::default()
    };
    let build_with = |m: &CustomMode| {
        build(&PromptRequest {
            mode: m.base_mode(),
            input: "q?",
            page: Ok(&page),
            max_steps: 4,
            screenshot: Screenshot::None,
            tabs: &[],
            instructions: Instructions::Custom(m),
            quote: None,
        })
    };
    let m = pirate(false);
    let out = build_with(&m);
    assert!(
        out.starts_with("Talk like a pirate.\nEverything in the <page> block"),
        "{out}"
    );
    assert_eq!(
        snapshot_budget(Mode::Ask, Instructions::Custom(&m), 0),
        Some(1_500)
    );
    let text = out.split("Text").nth(1).unwrap_or_default();
    assert!(
        char_len(text) < 1_700,
        "level 2 sends an excerpt: {}",
        char_len(text)
    );
    let full = CustomMode {
        context: ContextLevel::Full,
        ..m.clone()
    };
    assert_eq!(
        snapshot_budget(Mode::Ask, Instructions::Custom(&full), 0),
        Some(3_000)
    );
    let out = build_with(&full);
    assert!(
        char_len(&out) > 3_000 && char_len(&out) < 3_000 + 2_000,
        "{}",
        char_len(&out)
    );
    let none = CustomMode {
        context: ContextLevel::None,
        ..m
    };
    assert_eq!(
        snapshot_budget(Mode::Ask, Instructions::Custom(&none), 0),
        None
    );
    let out = build_with(&none);
    assert_eq!(out, "Talk like a pirate.\n\nUser's question:\nq?");
    // A mode that acts: the action format follows its instructions, and its elements.
    let acts = pirate(true);
    let out = build_with(&acts);
    assert!(out.contains(COMPACT_ACTION_SCHEMA), "{out}");
    assert!(out.contains("at most 4 steps"), "{out}");
    assert!(out.contains("User's goal:\nq?"), "{out}");
}
