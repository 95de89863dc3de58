//! Which instructions a prompt carries and how much of the page goes with it: a built-in
//! mode's own text, the user's edit of it, or a custom mode (its instructions, page context
//! level and budget; for a mode that acts, Co-browse's action format and rules follow its
//! instructions, whatever they say). The worker resolves it from the settings
//! ([`ModeText::resolve`]), never from the panel's words: the panel names a mode, the
//! settings say what it is. The options page builds its preview with the same code.

use crate::wire::protocol::Mode;
use crate::wire::settings::{ContextLevel, CustomMode, Settings, EXCERPT_CHARS};
use crate::wire::snapshot::{PageSnapshot, SnapshotElement};

use super::render::PageBudget;

/// A mode's instructions, owned (what the worker resolved for a query).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum ModeText {
    /// The built-in mode's own instructions.
    #[default]
    BuiltIn,
    /// The built-in mode's instructions as the user edited them.
    Edited(String),
    /// A custom mode.
    Custom(CustomMode),
}

/// A mode's instructions, borrowed (what a prompt is built from).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Instructions<'a> {
    #[default]
    BuiltIn,
    Edited(&'a str),
    Custom(&'a CustomMode),
}

/// Why a query's mode cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ModeGone {
    #[error(
        "This question's custom mode is no longer in the settings (it was deleted): pick \
         another mode and ask again."
    )]
    Deleted,
    #[error("The custom mode “{0}” changed in the options as this question left: ask again.")]
    Changed(String),
}

impl ModeText {
    /// What a query in `mode` (and custom mode `custom`, when it names one) carries, as the
    /// settings say. A custom mode must still exist and still take the path `mode` says (its
    /// actions on: Co-browse; off: Ask), so the panel and the worker agree on how the answer
    /// runs.
    pub fn resolve(
        settings: &Settings,
        mode: Mode,
        custom: Option<&str>,
    ) -> Result<ModeText, ModeGone> {
        if let Some(id) = custom {
            let m = settings
                .custom_modes
                .iter()
                .find(|m| m.id == id)
                .ok_or(ModeGone::Deleted)?;
            if m.base_mode() != mode {
                return Err(ModeGone::Changed(m.name.clone()));
            }
            return Ok(ModeText::Custom(m.clone()));
        }
        Ok(settings
            .mode_instructions
            .iter()
            .find(|e| e.mode == mode)
            .map_or(ModeText::BuiltIn, |e| {
                ModeText::Edited(e.instructions.clone())
            }))
    }

    pub fn as_instructions(&self) -> Instructions<'_> {
        match self {
            ModeText::BuiltIn => Instructions::BuiltIn,
            ModeText::Edited(t) => Instructions::Edited(t),
            ModeText::Custom(m) => Instructions::Custom(m),
        }
    }
}

/// The page's share of a custom mode's prompt: nothing (levels 0 and 1: level 1's title and
/// address are the page block's header), the excerpt (level 2) or the whole budget (level 3)
/// for the text; a mode that acts gives the rest of its budget to the page's elements (and
/// at level 3 splits it, two fifths for the text).
pub fn custom_page_budget(m: &CustomMode) -> PageBudget {
    let budget = m.budget as usize;
    let text = match m.context {
        ContextLevel::None | ContextLevel::Title => 0,
        ContextLevel::Excerpt => budget.min(EXCERPT_CHARS as usize),
        ContextLevel::Full if m.actions => budget * 2 / 5,
        ContextLevel::Full => budget,
    };
    let elements = if m.actions && m.context >= ContextLevel::Excerpt {
        budget - text
    } else {
        0
    };
    PageBudget { elements, text }
}

/// The page the options page's preview is built with: what a snapshot of a small shop page
/// holds.
pub fn sample_page() -> PageSnapshot {
    let el = |selector: &str, tag: &str, label: &str| SnapshotElement {
        selector: selector.into(),
        tag: tag.into(),
        label: label.into(),
        ..SnapshotElement::default()
    };
    PageSnapshot {
        omitted: Vec::new(),
        url: "https://shop.example/kettles/steel-2l".into(),
        title: "Steel kettle, 2 L – Example Shop".into(),
        text: "Steel kettle, 2 L. €39.90, in stock. Boils a full kettle in four minutes; \
               auto shut-off; 2-year warranty. Reviews: 4.6 of 5 (212)."
            .into(),
        text_truncated: false,
        text_kind: crate::page::reader::TextKind::Page,
        elements: vec![
            el("#search", "input", "Search the shop"),
            el("#add-to-cart", "button", "Add to cart"),
            el("a[href=\"/kettles\"]", "a", "All kettles"),
        ],
    }
}

/// The question the preview is built with.
pub const SAMPLE_QUESTION: &str = "Is this a good deal?";
