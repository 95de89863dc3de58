//! Facts about web pages that need no DOM: text shaping and budgets, CSS selector escaping,
//! lower-casing and word characters without Unicode tables ([`fold`]), the words that set a
//! two-state control, how a `fill` writes to a field or why it is refused ([`fill`]), which
//! form fields hold secrets ([`secret_field`]),
//! the DOM-free rules of an element's accessible name ([`accessible_name`]), which element ids
//! look generated (and so anchor no stable selector), when a page has settled after an
//! action, and the page's main content as a reader view sees it ([`reader`]).

pub mod accessible_name;
pub(crate) mod css;
pub mod fill;
pub mod fold;
pub(crate) mod generated_id;
pub mod lexicon;
pub mod reader;
pub mod secret_field;
pub(crate) mod secret_label;
pub mod selector_probe;
pub(crate) mod settle;
pub(crate) mod text;
pub(crate) mod toggle;

pub use css::{attribute_equals, escape_ident, quote_string};
pub use generated_id::looks_generated;
pub use settle::{Settle, SettleStep, SETTLE_MAX_MS};
pub use text::{
    budget_text, cap, collapse_whitespace, short_label, Capped, DEFAULT_TEXT_BUDGET,
    EXTRACT_MAX_CHARS, LABEL_MAX_CHARS, VALUE_MAX_CHARS,
};
pub use toggle::parse_checked;
