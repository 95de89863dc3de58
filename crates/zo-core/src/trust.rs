//! Who may do what: the containment policy of Co-browse (origin sets, approvals, refusals, on
//! facts from the page), which extension pages the worker serves ([`sender`]), which tab a
//! request may touch, the network guard of a running task ([`net_rules`]), and the sites and
//! host permissions of URLs ([`site`]), and which domains are registrable ([`suffixes`]).

pub mod net_rules;
pub(crate) mod policy;
pub mod sender;
pub mod site;
pub mod suffixes;
pub(crate) mod tab_reach;

pub use policy::{
    declared_secret, AddressSpace, ApprovalRequest, Concern, Destination, Grant, Host, Origin,
    Proposal, Refusal, SensitiveField, TaskScope, Verdict, MAX_NAVIGATIONS,
};
pub use tab_reach::{
    may_act_on, may_read_as_context, readable_as_context, TabFacts, TabRefusal, TabUnread,
};
