//! The rules of custom and edited modes: clear errors for the options page, lenient repair of
//! what storage holds.

use super::*;

fn mode(name: &str) -> CustomMode {
    CustomMode {
        id: new_id(name, &[]),
        name: name.into(),
        instructions: "Answer like a pirate.".into(),
        ..CustomMode::default()
    }
}

#[test]
fn a_well_formed_mode_passes() {
    let m = mode("Pirate");
    assert_eq!(m.id, "c-pirate");
    assert_eq!(check(std::slice::from_ref(&m), &[]), Ok(()));
    assert_eq!(m.base_mode(), Mode::Ask);
    let acts = CustomMode { actions: true, ..m };
    assert_eq!(acts.base_mode(), Mode::Cobrowse);
}

#[test]
fn each_rule_says_what_to_fix() {
    let bad = |f: fn(&mut CustomMode)| {
        let mut m = mode("Pirate");
        f(&mut m);
        check(&[m], &[]).unwrap_err()
    };
    assert_eq!(bad(|m| m.name = "  ".into()), ModeError::NameMissing);
    assert!(matches!(
        bad(|m| m.name = "x".repeat(33)),
        ModeError::NameTooLong(_)
    ));
    assert_eq!(
        bad(|m| m.instructions = " \n".into()),
        ModeError::InstructionsMissing("Pirate".into())
    );
    assert_eq!(
        bad(|m| m.instructions = "y".repeat(MAX_INSTRUCTIONS_CHARS + 1)),
        ModeError::InstructionsTooLong {
            name: "Pirate".into(),
            chars: MAX_INSTRUCTIONS_CHARS + 1
        }
    );
    assert_eq!(bad(|m| m.budget = 10), ModeError::Budget("Pirate".into()));
    assert_eq!(
        bad(|m| m.budget = MAX_MODE_BUDGET + 1),
        ModeError::Budget("Pirate".into())
    );
    assert_eq!(bad(|m| m.id = "ask".into()), ModeError::BadId("ask".into()));
    assert_eq!(bad(|m| m.id = "c-".into()), ModeError::BadId("c-".into()));
    assert_eq!(
        bad(|m| m.id = "c-A b".into()),
        ModeError::BadId("c-A b".into())
    );
    let e = bad(|m| {
        m.actions = true;
        m.context = ContextLevel::Title;
    });
    assert_eq!(e, ModeError::ActionsNeedPage("Pirate".into()));
    assert!(e.to_string().contains("page context 2 or 3"), "{e}");
    // The limits themselves pass.
    let mut m = mode("x");
    m.name = "n".repeat(MAX_MODE_NAME_CHARS);
    m.instructions = "i".repeat(MAX_INSTRUCTIONS_CHARS);
    m.budget = MIN_MODE_BUDGET;
    assert_eq!(check(&[m], &[]), Ok(()));
}

#[test]
fn names_and_ids_are_unique_and_the_list_is_capped() {
    let a = mode("Pirate");
    let mut b = mode("PIRATE ");
    b.id = "c-other".into();
    assert_eq!(
        check(&[a.clone(), b], &[]),
        Err(ModeError::NameTaken("PIRATE".into()))
    );
    let mut c = mode("Poet");
    c.id = a.id.clone();
    assert_eq!(
        check(&[a.clone(), c], &[]),
        Err(ModeError::DuplicateId("c-pirate".into()))
    );
    // A built-in mode's name is taken too.
    assert_eq!(
        check(&[mode("co-browse")], &[]),
        Err(ModeError::NameTaken("co-browse".into()))
    );
    let many: Vec<CustomMode> = (0..=MAX_CUSTOM_MODES)
        .map(|i| mode(&format!("Mode {i}")))
        .collect();
    assert_eq!(check(&many, &[]), Err(ModeError::TooMany));
    assert_eq!(check(&many[..MAX_CUSTOM_MODES], &[]), Ok(()));
}

#[test]
fn edited_built_ins_are_capped_and_edited_once() {
    let e = |mode, text: &str| EditedInstructions {
        mode,
        instructions: text.into(),
    };
    assert_eq!(check(&[], &[e(Mode::Ask, "Be brief.")]), Ok(()));
    assert_eq!(
        check(&[], &[e(Mode::Ask, "a"), e(Mode::Ask, "b")]),
        Err(ModeError::EditedTwice("Ask"))
    );
    let long = "z".repeat(MAX_INSTRUCTIONS_CHARS + 1);
    assert!(matches!(
        check(&[], &[e(Mode::Summarize, &long)]),
        Err(ModeError::InstructionsTooLong { name, .. }) if name == "Summarize"
    ));
}

#[test]
fn new_ids_are_slugs_made_unique() {
    assert_eq!(new_id("Code review!", &[]), "c-code-review");
    assert_eq!(new_id("  ", &[]), "c-mode");
    assert_eq!(new_id("Été", &[]), "c-t");
    let taken = [mode("Pirate"), {
        let mut m = mode("Pirate");
        m.id = "c-pirate-2".into();
        m
    }];
    assert_eq!(new_id("pirate", &taken), "c-pirate-3");
    let long = new_id(&"word ".repeat(40), &[]);
    assert!(long.len() <= MAX_MODE_ID_CHARS, "{long}");
    assert!(valid_id(&long), "{long}");
}

#[test]
fn stored_modes_are_repaired_not_refused() {
    let mut custom: Vec<CustomMode> = (0..MAX_CUSTOM_MODES + 3)
        .map(|i| mode(&format!("M{i}")))
        .collect();
    custom[0].id = "bad id".into();
    custom[1].id = custom[2].id.clone();
    custom[3].budget = 1;
    custom[4].actions = true;
    custom[4].context = ContextLevel::None;
    custom[5].name = "n".repeat(100);
    custom[6].instructions = "i".repeat(MAX_INSTRUCTIONS_CHARS * 2);
    let e = |mode, text: &str| EditedInstructions {
        mode,
        instructions: text.into(),
    };
    let mut edited = vec![
        e(Mode::Ask, "first"),
        e(Mode::Ask, "second"),
        e(Mode::Extract, " "),
    ];
    normalize(&mut custom, &mut edited);
    assert_eq!(custom.len(), MAX_CUSTOM_MODES);
    assert_eq!(edited, vec![e(Mode::Ask, "first")]);
    assert_eq!(check(&custom, &edited), Ok(()));
}

#[test]
fn context_levels_are_numbers_on_the_wire() {
    for l in ContextLevel::ALL {
        let v = serde_json::to_value(l).unwrap();
        assert_eq!(v, u64::from(l.number()));
        assert_eq!(serde_json::from_value::<ContextLevel>(v).unwrap(), l);
        assert!(l.label().starts_with(&l.number().to_string()));
    }
    assert!(serde_json::from_str::<ContextLevel>("4").is_err());
    assert_eq!(ContextLevel::from_number(9), None);
}
