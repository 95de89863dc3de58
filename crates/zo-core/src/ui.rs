//! The side panel and options page without a DOM: a turn folded into the history and the view
//! changes it needs ([`Turn`]), rendering decisions ([`view`]), the containment's cards, the
//! persisted history, the options form ([`options_form`]) and Markdown ([`markdown`]).

pub(crate) mod chat;
pub(crate) mod history;
pub mod markdown;
pub mod options_form;
pub(crate) mod trust_view;
pub mod view;

pub use chat::{stored_cards, stored_error_card, timeline_rows, Change, Turn, MAX_LOG_ENTRIES};
pub use history::{
    Chat, History, Message, MessageStatus, Role, HISTORY_KEY, MAX_BYTES, MAX_CHATS, MAX_MESSAGES,
};
pub use trust_view::{scope_chips, ApprovalCard, CardState, ScopeChip, CARD_BUTTONS, SCOPE_LABEL};
