//! The browser's entry points into Zo and what each makes ready for the side panel: the
//! context menu's items (their ids, titles and the contexts Chrome shows them in), the
//! keyboard commands of the manifest, and the omnibox keyword. Each event becomes a
//! [`ReadyQuestion`]: the text for the panel's input, the mode, where the caret goes, and the
//! page content that goes with it (a [`Quote`]: the selection or the link's address, bounded
//! here and fenced as page content in the prompt). Nothing is sent by itself: the user reads
//! the question in the panel and presses Send, which asks for the site's permission in that
//! click as every question does.
//!
//! Text from an editable field is never quoted ("Fill with Zo"): it may be what the user is
//! typing, a password included.

use crate::cobrowse::prompt::truncate;
use crate::wire::{Caret, Mode, Quote, QuoteKind, ReadyQuestion};

/// Most characters of a selection that go with a question (about a page of text; the rest is
/// cut, marked with the cut mark).
pub const SELECTION_MAX_CHARS: usize = 4_000;
/// Most characters of a link's address that go with a question.
pub const LINK_MAX_CHARS: usize = 2_048;
/// Most characters of a question typed in the omnibox.
pub const OMNIBOX_MAX_CHARS: usize = 2_000;

/// The context menu's items.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MenuItem {
    AskPage,
    AskSelection,
    AskLink,
    SummarizePage,
    FillField,
}

/// One item as `chrome.contextMenus.create` takes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MenuSpec {
    pub item: MenuItem,
    pub id: &'static str,
    pub title: &'static str,
    /// `contexts` of the item (`page`, `selection`, `link`, `editable`).
    pub contexts: &'static [&'static str],
}

/// The items, in the order the menu shows them (Chrome groups an extension's items under its
/// name when there are several).
pub const MENU: [MenuSpec; 5] = [
    MenuSpec {
        item: MenuItem::AskSelection,
        id: "zo-ask-selection",
        title: "Ask Zo about the selection",
        contexts: &["selection"],
    },
    MenuSpec {
        item: MenuItem::AskLink,
        id: "zo-ask-link",
        title: "Ask Zo about this link",
        contexts: &["link"],
    },
    MenuSpec {
        item: MenuItem::FillField,
        id: "zo-fill-field",
        title: "Fill with Zo",
        contexts: &["editable"],
    },
    MenuSpec {
        item: MenuItem::AskPage,
        id: "zo-ask-page",
        title: "Ask Zo about this page",
        contexts: &["page"],
    },
    MenuSpec {
        item: MenuItem::SummarizePage,
        id: "zo-summarize-page",
        title: "Summarize this page",
        contexts: &["page"],
    },
];

/// The manifest's keyboard commands (besides `_execute_action`, which opens the panel).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyCommand {
    NewChat,
    SummarizePage,
    ExtractPage,
}

/// (command, its name in the manifest's `commands`).
pub const COMMANDS: [(KeyCommand, &str); 3] = [
    (KeyCommand::NewChat, "new-chat"),
    (KeyCommand::SummarizePage, "summarize-page"),
    (KeyCommand::ExtractPage, "extract-page"),
];

/// What Chrome says about a context-menu click (`contextMenus.OnClickData` and the tab).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MenuClick {
    pub menu_item_id: String,
    pub selection_text: Option<String>,
    pub link_url: Option<String>,
    pub tab_id: Option<i32>,
}

/// Where a ready question is made: its id and the time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stamp {
    pub id: u64,
    pub now_ms: u64,
}

fn question(stamp: Stamp, tab_id: Option<i32>, mode: Option<Mode>, text: &str) -> ReadyQuestion {
    ReadyQuestion {
        id: stamp.id,
        created_ms: stamp.now_ms,
        // A tab id below 0 is chrome.tabs.TAB_ID_NONE (a click outside any tab).
        tab_id: tab_id.filter(|id| *id >= 0),
        mode,
        text: text.to_string(),
        caret: Caret::Select,
        new_chat: false,
        quote: None,
    }
}

/// Page text as a quote: trimmed, and cut to `max` characters (with the cut mark). None when
/// nothing is left.
pub fn quote(kind: QuoteKind, text: &str, max: usize) -> Option<Quote> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    Some(Quote {
        kind,
        text: truncate(text, max),
    })
}

/// The question a context-menu click makes ready; None for an item that is not ours, or a
/// selection or link item without its selection or link.
pub fn from_menu(click: &MenuClick, stamp: Stamp) -> Option<ReadyQuestion> {
    let item = MENU.iter().find(|m| m.id == click.menu_item_id)?.item;
    let tab = click.tab_id;
    Some(match item {
        MenuItem::AskPage => question(stamp, tab, Some(Mode::Ask), "What is this page about?"),
        MenuItem::SummarizePage => {
            question(stamp, tab, Some(Mode::Summarize), "Summarize this page")
        }
        MenuItem::AskSelection => {
            let selection = click.selection_text.as_deref()?;
            ReadyQuestion {
                quote: Some(quote(QuoteKind::Selection, selection, SELECTION_MAX_CHARS)?),
                ..question(
                    stamp,
                    tab,
                    Some(Mode::Ask),
                    "Explain the selected text in its context",
                )
            }
        }
        MenuItem::AskLink => {
            let link = click.link_url.as_deref()?;
            ReadyQuestion {
                quote: Some(quote(QuoteKind::Link, link, LINK_MAX_CHARS)?),
                ..question(
                    stamp,
                    tab,
                    Some(Mode::Ask),
                    "What will I find at this link, and is it worth opening?",
                )
            }
        }
        MenuItem::FillField => ReadyQuestion {
            caret: Caret::End,
            ..question(
                stamp,
                tab,
                Some(Mode::Cobrowse),
                "Fill the field I right-clicked (it has focus) with ",
            )
        },
    })
}

/// The question a keyboard command makes ready; None for a command that is not ours.
pub fn from_command(name: &str, tab_id: Option<i32>, stamp: Stamp) -> Option<ReadyQuestion> {
    let command = COMMANDS.iter().find(|(_, n)| *n == name)?.0;
    Some(match command {
        KeyCommand::NewChat => ReadyQuestion {
            new_chat: true,
            ..question(stamp, tab_id, None, "")
        },
        KeyCommand::SummarizePage => {
            question(stamp, tab_id, Some(Mode::Summarize), "Summarize this page")
        }
        KeyCommand::ExtractPage => question(
            stamp,
            tab_id,
            Some(Mode::Extract),
            "Extract the main data on this page",
        ),
    })
}

/// The question typed after the omnibox keyword: in the panel's current mode, the caret at
/// its end, for the panel of `tab_id` (the tab in front when it was typed; None: the first
/// panel that asks).
pub fn from_omnibox(text: &str, tab_id: Option<i32>, stamp: Stamp) -> ReadyQuestion {
    let text: String = text.trim().chars().take(OMNIBOX_MAX_CHARS).collect();
    ReadyQuestion {
        caret: Caret::End,
        ..question(stamp, tab_id, None, &text)
    }
}

/// Chrome's page where the user sets the extensions' keyboard shortcuts.
pub const SHORTCUTS_URL: &str = "chrome://extensions/shortcuts";

/// What the options page lists for one of `chrome.commands.getAll()`: what the command does
/// (Chrome's description, or for the toolbar action, which may have none, what it does) and
/// its shortcut, "Not set" when it has none (Chrome leaves a suggested key unset when another
/// extension or Chrome already uses it).
pub fn shortcut_row(name: &str, description: &str, shortcut: &str) -> (String, String) {
    let what = match description.trim() {
        "" if name == "_execute_action" => "Open the Zo side panel",
        "" => name,
        d => d,
    };
    let keys = match shortcut.trim() {
        "" => "Not set",
        k => k,
    };
    (what.to_string(), keys.to_string())
}

/// The options page's note when Chrome left `unset` of the suggested shortcuts without a key
/// (another extension or Chrome uses it): how many, and where to choose one. None when every
/// command has its key.
pub fn unset_shortcuts_note(unset: usize) -> Option<String> {
    match unset {
        0 => None,
        1 => Some(
            "1 shortcut is not set: Chrome leaves a key unassigned when another extension or Chrome already uses it. Choose one in Chrome's shortcut settings:".into(),
        ),
        n => Some(format!(
            "{n} shortcuts are not set: Chrome leaves a key unassigned when another extension or Chrome already uses it. Choose them in Chrome's shortcut settings:"
        )),
    }
}

/// Most characters of a quote the panel's chip shows (all of it goes with the question).
pub const CHIP_PREVIEW_CHARS: usize = 160;

/// The panel's chip for a quote waiting to go with the question: its label, and the quote
/// on one line, cut to [`CHIP_PREVIEW_CHARS`].
pub fn quote_chip(quote: &Quote) -> (&'static str, String) {
    let label = match quote.kind {
        QuoteKind::Selection => "Selected text",
        QuoteKind::Link => "Link",
    };
    let one_line = crate::page::text::collapse_whitespace(&quote.text);
    (label, truncate(one_line.trim(), CHIP_PREVIEW_CHARS))
}

#[cfg(test)]
mod tests;
