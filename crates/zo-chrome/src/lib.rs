//! zo-chrome: the chrome.* APIs the wasm crates use, as typed `wasm_bindgen` imports
//! (`chrome.tabs.get` is [`tabs::get`], a `chrome.runtime.Port` is [`Port`]), and
//! [`error_text`], the one way a thrown JS value becomes text. Every call catches what
//! JavaScript throws (chrome.* absent, as in tests, or an API refusing) and returns it as an
//! `Err`, never a trap; promise-returning APIs are `async`. Argument objects are built field by
//! field through typed setters, not written as JSON text. Property reads of Chrome's own
//! objects (a port's name, a sender's url) are plain getters: they do not throw.
//!
//! Beside them, the two pieces of reading a fetch that the worker and the options page share
//! ([`fetch`]). Only bindings live here, no decisions: the worker keeps them behind its `ChromeApi` and
//! `TabApi` traits, which its tests replace with fakes.

mod error;
mod event;
mod runtime;

pub mod context_menus;
pub mod fetch;
pub mod net_guard;
pub mod permissions;
pub mod scripting;
pub mod storage;
pub mod tabs;

pub use error::{error_name, error_text};
pub use event::Event;
pub use runtime::{get_platform_info, send_message, MessageSender, Port, SenderTab};
