//! What the panel is told about a Co-browse task's containment: the origins the task may act on
//! (and why each is there) and the kind of each approval request. The policy that decides them
//! is `crate::trust`; these are the shapes that travel to the panel and are kept in its history.

use serde::{Deserialize, Serialize};

/// What the task may do on an origin of its set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Access {
    ReadWrite,
    ReadOnly,
}

/// Why an origin is in the set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// The tab was there when the user asked.
    Start,
    /// The user's message names it.
    Named,
    /// The user allowed it for this task.
    Allowed,
    /// The user let the tab go there once.
    Visited,
}

/// One origin of the set, as the panel shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ScopeOrigin {
    pub origin: String,
    pub access: Access,
    pub source: Source,
}

/// The kind of an approval request, for the panel (its first concern's kind).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ApprovalKind {
    Navigate,
    OutsidePage,
    SecretFill,
    FormElsewhere,
    SubmitSecret,
    SensitiveControl,
}
