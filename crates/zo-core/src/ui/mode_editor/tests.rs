//! The mode editor: targets, fields, Save / Delete / Reset on the lists, and the preview built
//! by the worker's own prompt code.

use super::*;

fn fields(name: &str, instructions: &str) -> ModeFields {
    ModeFields {
        name: name.into(),
        instructions: instructions.into(),
        context: ContextLevel::Full,
        actions: false,
        budget: "2000".into(),
    }
}

#[test]
fn targets_round_trip_through_the_picker() {
    for t in [
        EditTarget::New,
        EditTarget::Custom("c-pirate".into()),
        EditTarget::BuiltIn(Mode::Extract),
    ] {
        assert_eq!(EditTarget::from_value(&t.value()), t);
    }
    assert_eq!(EditTarget::from_value(""), EditTarget::New);
    let opts = picker_options(&ModeLists::default());
    assert_eq!(opts[0].1, "New custom mode");
    assert_eq!(opts.len(), 1 + MODES.len());
    assert_eq!(opts[2].1, "Ask (built-in)");
}

#[test]
fn a_new_mode_is_saved_edited_and_deleted() {
    let lists = ModeLists::default();
    let (lists, target) = save(
        &lists,
        &EditTarget::New,
        &fields(" Pirate ", " Talk like a pirate. "),
    )
    .unwrap();
    assert_eq!(target, EditTarget::Custom("c-pirate".into()));
    let m = &lists.custom[0];
    assert_eq!(
        (m.name.as_str(), m.instructions.as_str()),
        ("Pirate", "Talk like a pirate.")
    );
    assert_eq!((m.context, m.budget), (ContextLevel::Full, 2000));
    assert_eq!(
        fields_of(&lists, &target).instructions,
        "Talk like a pirate."
    );

    // Edited in place: same id, new name.
    let (lists, again) = save(&lists, &target, &fields("Corsair", "Arr.")).unwrap();
    assert_eq!(again, target);
    assert_eq!(lists.custom.len(), 1);
    assert_eq!(lists.custom[0].name, "Corsair");
    // A second mode may not take its name.
    let e = save(&lists, &EditTarget::New, &fields("corsair", "x")).unwrap_err();
    assert_eq!(
        e,
        "There is already a mode named “corsair”: pick another name."
    );
    // A budget that is not a number says so.
    let mut bad = fields("Other", "x");
    bad.budget = "lots".into();
    assert_eq!(
        save(&lists, &EditTarget::New, &bad).unwrap_err(),
        "The page budget must be a whole number of characters."
    );
    let lists = delete(&lists, "c-pirate");
    assert!(lists.custom.is_empty());
    assert_eq!(fields_of(&lists, &target).name, "");
}

#[test]
fn a_built_in_mode_is_edited_and_reset() {
    let lists = ModeLists::default();
    let ask = EditTarget::BuiltIn(Mode::Ask);
    assert_eq!(
        fields_of(&lists, &ask).instructions,
        default_instructions(Mode::Ask)
    );
    let (lists, _) = save(&lists, &ask, &fields("ignored", "Be brief.")).unwrap();
    assert_eq!(
        lists.edited,
        vec![EditedInstructions {
            mode: Mode::Ask,
            instructions: "Be brief.".into()
        }]
    );
    assert_eq!(fields_of(&lists, &ask).instructions, "Be brief.");
    assert_eq!(fields_of(&lists, &ask).name, "Ask");
    // Saving the built text (or nothing) keeps no edit.
    let (same, _) = save(&lists, &ask, &fields("", default_instructions(Mode::Ask))).unwrap();
    assert!(same.edited.is_empty());
    let (blank, _) = save(&lists, &ask, &fields("", "  ")).unwrap();
    assert!(blank.edited.is_empty());
    assert!(reset(&lists, Mode::Ask).edited.is_empty());
}

#[test]
fn the_preview_is_the_prompt_the_worker_builds() {
    let f = fields("Pirate", "Talk like a pirate.");
    let p = preview(&EditTarget::New, &f, 10);
    assert!(p.starts_with("Talk like a pirate.\n"), "{p}");
    assert!(p.contains("Title: Steel kettle"), "{p}");
    assert!(
        p.contains("no article was found):\nSteel kettle, 2 L."),
        "{p}"
    );
    assert!(
        p.ends_with(&format!("User's question:\n{SAMPLE_QUESTION}")),
        "{p}"
    );
    // Level 1: the title and address, no text; level 0: nothing of the page.
    let title = ModeFields {
        context: ContextLevel::Title,
        ..f.clone()
    };
    let p = preview(&EditTarget::New, &title, 10);
    assert!(
        p.contains("URL: https://shop.example/") && !p.contains("Text:"),
        "{p}"
    );
    let none = ModeFields {
        context: ContextLevel::None,
        ..f.clone()
    };
    let p = preview(&EditTarget::New, &none, 10);
    assert!(!p.contains("shop.example") && !p.contains("<page>"), "{p}");
    // A mode that acts gets the action format and the page's elements.
    let acts = ModeFields { actions: true, ..f };
    let p = preview(&EditTarget::New, &acts, 7);
    assert!(p.contains("Reply following this schema"), "{p}");
    assert!(p.contains("#add-to-cart"), "{p}");
    assert!(p.contains("at most 7 steps"), "{p}");
    assert!(p.contains("User's goal:"), "{p}");
    // A built-in mode's edit replaces its own text; the page note stays.
    let p = preview(
        &EditTarget::BuiltIn(Mode::Summarize),
        &fields("", "Three bullets."),
        10,
    );
    assert!(
        p.starts_with("Three bullets.\nEverything in the <page> block"),
        "{p}"
    );
}
