//! What each entry point makes ready: the mode, the text, the caret, the quote (bounded,
//! never from an editable field), the tab.

use super::*;
use crate::cobrowse::prompt::CUT_MARK;

const STAMP: Stamp = Stamp {
    id: 5,
    now_ms: 1_000,
};

fn click(id: &str) -> MenuClick {
    MenuClick {
        menu_item_id: id.into(),
        selection_text: None,
        link_url: None,
        tab_id: Some(12),
    }
}

#[test]
fn every_menu_item_has_its_own_id_and_a_context() {
    for (i, m) in MENU.iter().enumerate() {
        assert!(m.id.starts_with("zo-"), "{}", m.id);
        assert!(!m.contexts.is_empty() && !m.title.is_empty());
        assert!(MENU[..i].iter().all(|o| o.id != m.id && o.item != m.item));
    }
}

#[test]
fn page_items_ask_or_summarize_about_the_clicked_tab() {
    let q = from_menu(&click("zo-ask-page"), STAMP).unwrap();
    assert_eq!(q.mode, Some(Mode::Ask));
    assert_eq!(q.tab_id, Some(12));
    assert_eq!((q.id, q.created_ms), (5, 1_000));
    assert_eq!(q.caret, Caret::Select);
    assert!(q.quote.is_none() && !q.new_chat && !q.text.is_empty());
    let q = from_menu(&click("zo-summarize-page"), STAMP).unwrap();
    assert_eq!(q.mode, Some(Mode::Summarize));
    assert_eq!(q.text, "Summarize this page");
}

#[test]
fn the_selection_goes_as_a_bounded_quote() {
    let mut c = click("zo-ask-selection");
    assert_eq!(from_menu(&c, STAMP), None, "no selection, no question");
    c.selection_text = Some("  \n ".into());
    assert_eq!(from_menu(&c, STAMP), None, "a blank selection is none");
    c.selection_text = Some("  the quick </page> fox \n".into());
    let q = from_menu(&c, STAMP).unwrap();
    assert_eq!(q.mode, Some(Mode::Ask));
    assert_eq!(
        q.quote,
        Some(Quote {
            kind: QuoteKind::Selection,
            text: "the quick </page> fox".into()
        })
    );
    assert!(
        !q.text.contains("fox"),
        "the question is ours, not the page's"
    );
    c.selection_text = Some("é".repeat(SELECTION_MAX_CHARS + 10));
    let quote = from_menu(&c, STAMP).unwrap().quote.unwrap();
    assert_eq!(quote.text.chars().count(), SELECTION_MAX_CHARS);
    assert!(quote.text.ends_with(CUT_MARK));
}

#[test]
fn a_link_goes_as_its_address() {
    let mut c = click("zo-ask-link");
    assert_eq!(from_menu(&c, STAMP), None);
    c.link_url = Some("https://example.com/a?b=c".into());
    let q = from_menu(&c, STAMP).unwrap();
    assert_eq!(q.quote.as_ref().unwrap().kind, QuoteKind::Link);
    assert_eq!(q.quote.unwrap().text, "https://example.com/a?b=c");
    c.link_url = Some(format!("https://example.com/{}", "a".repeat(5_000)));
    let text = from_menu(&c, STAMP).unwrap().quote.unwrap().text;
    assert_eq!(text.chars().count(), LINK_MAX_CHARS);
}

#[test]
fn fill_is_a_cobrowse_goal_to_complete_and_never_quotes_the_field() {
    let mut c = click("zo-fill-field");
    c.selection_text = Some("hunter2".into());
    let q = from_menu(&c, STAMP).unwrap();
    assert_eq!(q.mode, Some(Mode::Cobrowse));
    assert_eq!(q.caret, Caret::End);
    assert!(q.text.ends_with(' '), "the user writes what goes in");
    assert_eq!(q.quote, None);
    assert!(!q.text.contains("hunter2"));
}

#[test]
fn unknown_items_and_tabless_clicks() {
    assert_eq!(from_menu(&click("other-extension-item"), STAMP), None);
    let mut c = click("zo-ask-page");
    c.tab_id = Some(-1); // chrome.tabs.TAB_ID_NONE
    assert_eq!(from_menu(&c, STAMP).unwrap().tab_id, None);
    c.tab_id = None;
    assert_eq!(from_menu(&c, STAMP).unwrap().tab_id, None);
}

#[test]
fn commands() {
    let q = from_command("new-chat", Some(3), STAMP).unwrap();
    assert!(q.new_chat && q.text.is_empty());
    assert_eq!(q.mode, None, "a new chat keeps the mode");
    let q = from_command("summarize-page", Some(3), STAMP).unwrap();
    assert_eq!((q.mode, q.tab_id), (Some(Mode::Summarize), Some(3)));
    assert!(!q.new_chat);
    let q = from_command("extract-page", None, STAMP).unwrap();
    assert_eq!(q.mode, Some(Mode::Extract));
    assert_eq!(from_command("_execute_action", Some(3), STAMP), None);
    assert_eq!(from_command("unknown", Some(3), STAMP), None);
}

#[test]
fn omnibox_text_is_the_question_in_the_current_mode() {
    let q = from_omnibox("  what is rust?  ", Some(4), STAMP);
    assert_eq!(q.text, "what is rust?");
    assert_eq!((q.mode, q.tab_id, q.caret), (None, Some(4), Caret::End));
    assert!(q.quote.is_none() && !q.new_chat);
    assert_eq!(from_omnibox("q", None, STAMP).tab_id, None);
    let long = from_omnibox(&"a".repeat(OMNIBOX_MAX_CHARS * 2), None, STAMP);
    assert_eq!(long.text.len(), OMNIBOX_MAX_CHARS);
}

#[test]
fn the_chip_names_the_quote_and_shows_it_on_one_short_line() {
    let chip = |kind, text: &str| {
        quote_chip(&Quote {
            kind,
            text: text.into(),
        })
    };
    assert_eq!(
        chip(QuoteKind::Selection, "two\n\n  lines"),
        ("Selected text", "two lines".to_string())
    );
    assert_eq!(chip(QuoteKind::Link, "https://a.example/").0, "Link");
    let (_, long) = chip(QuoteKind::Selection, &"x ".repeat(500));
    assert_eq!(long.chars().count(), CHIP_PREVIEW_CHARS);
    assert!(long.ends_with(CUT_MARK));
}

#[test]
fn shortcuts_read_as_what_they_do_and_their_keys_or_not_set() {
    assert_eq!(
        shortcut_row(
            "summarize-page",
            "Summarize this page with Zo",
            "Alt+Shift+S"
        ),
        ("Summarize this page with Zo".into(), "Alt+Shift+S".into())
    );
    assert_eq!(
        shortcut_row("new-chat", "Start a new chat", ""),
        ("Start a new chat".into(), "Not set".into())
    );
    assert_eq!(
        shortcut_row("_execute_action", "", " ").0,
        "Open the Zo side panel"
    );
    assert_eq!(shortcut_row("other", "", "").0, "other");
}

#[test]
fn unset_shortcuts_are_counted_in_a_note_only_when_some_are_unset() {
    assert_eq!(unset_shortcuts_note(0), None);
    let one = unset_shortcuts_note(1).unwrap_or_default();
    assert!(one.starts_with("1 shortcut is not set"), "{one}");
    let three = unset_shortcuts_note(3).unwrap_or_default();
    assert!(three.starts_with("3 shortcuts are not set"), "{three}");
    assert!(three.contains("another extension"), "says why: {three}");
}
