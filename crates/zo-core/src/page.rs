//! Facts about web pages that need no DOM: text shaping and budgets, CSS selector escaping,
//! the words that set a two-state control, and which form fields hold secrets
//! ([`secret_field`]).

pub(crate) mod css;
pub mod secret_field;
pub(crate) mod text;
pub(crate) mod toggle;

pub use css::{attribute_equals, escape_ident, quote_string};
pub use text::{
    budget_text, cap, collapse_whitespace, short_label, Capped, DEFAULT_TEXT_BUDGET,
    EXTRACT_MAX_CHARS, LABEL_MAX_CHARS, VALUE_MAX_CHARS,
};
pub use toggle::parse_checked;
