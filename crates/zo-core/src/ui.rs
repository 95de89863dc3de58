//! The side panel and options page without a DOM: a turn folded into the history and the view
//! changes it needs ([`Turn`]), rendering decisions ([`view`], which card a failure gets), the
//! containment's cards, the persisted history (and its edits: an answer again in its old
//! place, a question edited), the composer's rules ([`composer`]: onboarding, input height),
//! modes and starter prompts ([`modes`]), which Zo conversation each chat continues
//! ([`conversations`], as the worker stores it), slash commands ([`slash`]), `@` tabs
//! ([`tab_mention`]) and the list over the input ([`listbox`]), where Zo looks
//! ([`page_context`]: the page bar, a question's page chip), the options form
//! ([`options_form`]), the options search ([`options_search`]), a chat exported as Markdown
//! or JSON ([`export`]) and Markdown
//! ([`markdown`]).

pub mod banners;
pub(crate) mod chat;
pub mod chat_list;
pub mod composer;
pub mod conversations;
pub mod entry;
pub mod export;
pub(crate) mod failure_view;
pub(crate) mod history;
pub mod listbox;
pub mod markdown;
pub mod mode_editor;
pub mod modes;
pub mod options_form;
pub mod options_search;
pub mod page_context;
pub mod reasoning;
pub mod run_order;
pub(crate) mod runs;
pub mod slash;
pub mod speech;
pub mod tab_mention;
pub(crate) mod trust_view;
pub mod view;

pub use chat::{
    stored_error_card, stored_run, timeline_rows, Change, ResumeCard, ResumeState, SendOfferCard,
    SendOfferState, Turn, MAX_LOG_ENTRIES, MAX_SEND_OFFERS, RESUME_BUTTONS, SEND_OFFER_BUTTON,
};
pub use history::{delete_all_prompt, save_failure_text, Restored, Trash, UndoOffer, UNDO_MS};
pub use history::{
    Alternative, Chat, History, Message, MessageStatus, ModeRef, Pager, Role, CHAT_FLOOR_BYTES,
    HISTORY_KEY, MAX_ALTERNATIVES, MAX_BYTES, MAX_CHATS, MAX_MESSAGES, MAX_STORED_ENTRIES,
    MAX_STORED_FIELD_BYTES, MAX_STORED_REASONING_BYTES, MAX_STORED_TEXT_BYTES, MAX_STORED_TOOLS,
};
pub use runs::{Run, Runs, SendBlocked};
pub use trust_view::{scope_chips, ApprovalCard, CardState, ScopeChip, CARD_BUTTONS, SCOPE_LABEL};
