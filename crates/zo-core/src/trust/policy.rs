//! The containment policy of Co-browse, sans-IO: what an action may do is decided here, on
//! facts from the browser and the page, never on the model's words. The Co-browse machine
//! ([`crate::cobrowse::machine`]) feeds each proposed action to a [`TaskScope`] and gets back Allow,
//! Ask the user (an approval request in plain words), or Refuse with a reason.
//!
//! - [`host`], [`origin`]: reading addresses as the browser does; the address space (public,
//!   private network, this computer) of a host.
//! - [`named`]: the sites the user's own message names.
//! - what the content module reports about an action's element is [`crate::wire::facts`].
//! - [`sensitive`]: secret fields and the words that make a control sensitive
//!   (`consequential.rs`: the words, in many languages).
//! - [`scope`]: the task's origin set, grants and counters; `rules.rs`: the rules it judges by.
//! - [`flow`]: where the text a task read came from, so text does not flow between sites
//!   unasked.
//! - [`verdict`]: the answers, with their plain-words descriptions.

mod consequential;
pub mod flow;
pub mod host;
pub mod named;
pub mod origin;
mod rules;
pub mod scope;
pub mod sensitive;
pub mod verdict;

#[cfg(test)]
mod tests;

pub use host::{AddressSpace, Host};
pub use origin::{Destination, Origin};
pub use scope::{Proposal, TaskScope, MAX_NAVIGATIONS};
pub use sensitive::{declared_secret, field_secret, SensitiveField};
pub use verdict::{ApprovalRequest, Concern, Grant, Refusal, Verdict};
