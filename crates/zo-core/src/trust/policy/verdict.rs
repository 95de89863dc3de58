//! What the policy answers about one proposed action: [`Verdict::Allow`], [`Verdict::Ask`]
//! the user (an [`ApprovalRequest`] that says in plain words what will happen and where), or
//! [`Verdict::Refuse`] with a [`Refusal`] no approval can lift.

use std::fmt;

use super::host::AddressSpace;
use super::origin::{Origin, UrlError};
use super::sensitive::SensitiveField;
use crate::wire::approval::ApprovalKind;

/// The policy's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    Allow,
    Ask(ApprovalRequest),
    Refuse(Refusal),
}

/// One reason an action needs the user's approval.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Concern {
    /// Going to an origin outside the task (a navigate, or a click on a link).
    Leave { to: Origin, carries_data: bool },
    /// Clicking or filling on a page whose origin is outside the task.
    OutsidePage { page: Origin },
    /// Filling a field that holds a secret, in the form named `form` (see
    /// [`crate::wire::TargetFacts::form`]): a grant for the task covers that kind of field in
    /// that form only.
    SecretFill {
        kind: SensitiveField,
        page: Origin,
        form: Option<String>,
    },
    /// Submitting a form to an origin outside the task, or to an address that could not be
    /// read (`None`).
    FormElsewhere { to: Option<Origin> },
    /// Submitting a form that holds a password or payment field.
    SubmitSecret { kind: SensitiveField, page: Origin },
    /// Clicking a control whose name says it pays, buys, deletes, sends... (the list word),
    /// or filling one that toggles or picks (the same click, done by the fill).
    SensitiveControl { word: &'static str, page: Origin },
    /// Going to an address (a navigate, a link) whose path or query says it deletes, pays,
    /// sends...: a GET can act as much as a button.
    SensitiveAddress { word: &'static str, to: Origin },
    /// Writing text into a page of `page`, or sending it there in an address, that was read on
    /// another origin (`from`; `None` when the task read too much to tell): data flowing
    /// between sites.
    CrossOriginText { from: Option<Origin>, page: Origin },
}

/// What a grant covers: the kind of concern and the origin it is about.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Grant {
    key: GrantKey,
    origin: Option<Origin>,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum GrantKey {
    Leave,
    OutsidePage,
    SecretFill(SensitiveField, Option<String>),
    FormElsewhere,
    SubmitSecret(SensitiveField),
    SensitiveControl(&'static str),
    CrossOriginText(Option<Origin>),
}

impl Concern {
    /// The grant that lifts this concern.
    pub fn grant(&self) -> Grant {
        let (key, origin) = match self {
            Concern::Leave { to, .. } => (GrantKey::Leave, Some(to)),
            Concern::OutsidePage { page } => (GrantKey::OutsidePage, Some(page)),
            Concern::SecretFill { kind, page, form } => {
                (GrantKey::SecretFill(*kind, form.clone()), Some(page))
            }
            Concern::FormElsewhere { to } => (GrantKey::FormElsewhere, to.as_ref()),
            Concern::SubmitSecret { kind, page } => (GrantKey::SubmitSecret(*kind), Some(page)),
            Concern::SensitiveControl { word, page } => {
                (GrantKey::SensitiveControl(word), Some(page))
            }
            Concern::SensitiveAddress { word, to } => (GrantKey::SensitiveControl(word), Some(to)),
            Concern::CrossOriginText { from, page } => {
                (GrantKey::CrossOriginText(from.clone()), Some(page))
            }
        };
        Grant {
            key,
            origin: origin.cloned(),
        }
    }

    /// The origin a grant "for this task" adds to the task's read-write set, if any.
    pub fn widens_to(&self) -> Option<&Origin> {
        match self {
            Concern::Leave { to, .. } => Some(to),
            Concern::OutsidePage { page } => Some(page),
            _ => None,
        }
    }

    pub fn kind(&self) -> ApprovalKind {
        match self {
            Concern::Leave { .. } => ApprovalKind::Navigate,
            Concern::OutsidePage { .. } => ApprovalKind::OutsidePage,
            Concern::SecretFill { .. } => ApprovalKind::SecretFill,
            Concern::FormElsewhere { .. } => ApprovalKind::FormElsewhere,
            Concern::SubmitSecret { .. } => ApprovalKind::SubmitSecret,
            Concern::SensitiveControl { .. } | Concern::SensitiveAddress { .. } => {
                ApprovalKind::SensitiveControl
            }
            Concern::CrossOriginText { .. } => ApprovalKind::OutsidePage,
        }
    }
}

impl fmt::Display for Concern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Concern::Leave { to, carries_data } => {
                write!(f, "{to} is a site outside this task")?;
                if *carries_data {
                    f.write_str(", and the address carries data")?;
                }
                Ok(())
            }
            Concern::OutsidePage { page } => {
                write!(f, "the page is on {page}, a site outside this task")
            }
            Concern::SecretFill { kind, .. } => write!(f, "it is a {kind}"),
            Concern::FormElsewhere { to: Some(to) } => {
                write!(f, "it sends the form to {to}, a site outside this task")
            }
            Concern::FormElsewhere { to: None } => {
                f.write_str("it sends the form to an address that could not be checked")
            }
            Concern::SubmitSecret { kind, .. } => write!(f, "the form holds a {kind}"),
            Concern::SensitiveControl { word, .. } => {
                write!(f, "its name says \u{201c}{word}\u{201d}")
            }
            Concern::SensitiveAddress { word, .. } => {
                write!(f, "the address says \u{201c}{word}\u{201d}")
            }
            Concern::CrossOriginText {
                from: Some(from),
                page,
            } => write!(f, "the text was read on {from} and would go to {page}"),
            Concern::CrossOriginText { from: None, page } => write!(
                f,
                "the text may come from another site than {page} (this task read too much to tell)"
            ),
        }
    }
}

/// A question for the user about one action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApprovalRequest {
    /// What will happen, in plain words, sensitive values masked: "Fill the password field
    /// “Password” on `https://bank.example`".
    pub description: String,
    /// Where it happens (the destination of a navigation, else the page): an origin.
    pub origin: String,
    /// Why it needs approval (at least one).
    pub concerns: Vec<Concern>,
}

impl ApprovalRequest {
    pub fn kind(&self) -> ApprovalKind {
        self.concerns
            .first()
            .map_or(ApprovalKind::OutsidePage, Concern::kind)
    }

    /// The origin an allowed request takes the tab to (a navigation, or a click on a link to
    /// another origin), if it does.
    pub fn destination(&self) -> Option<&Origin> {
        self.concerns.iter().find_map(|c| match c {
            Concern::Leave { to, .. } => Some(to),
            _ => None,
        })
    }

    /// The reasons, one sentence each ("it is a password field").
    pub fn reasons(&self) -> Vec<String> {
        self.concerns.iter().map(ToString::to_string).collect()
    }
}

/// Why an action is refused outright.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// An address that is not http(s) (`mailto:`, `file:`, `data:`...).
    NotWeb { scheme: String },
    /// An address with `user:pass@` credentials.
    Credentials,
    /// A private-network or loopback address, from a task that started in a more public one.
    Local {
        origin: Origin,
        space: AddressSpace,
        start: AddressSpace,
    },
    /// An address the policy cannot read.
    Unreadable(UrlError),
    /// The task used its navigations.
    NavigationLimit { max: u32 },
    /// A click or fill came without the facts about its element.
    NoFacts,
    /// A click or fill on a page that is not a web page.
    NotWebPage,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::NotWeb { scheme } => write!(
                f,
                "the address is a {scheme}: address, and Co-browse only opens web pages (http and https)"
            ),
            Refusal::Credentials => f.write_str(
                "the address carries a user name or password (user:pass@), which is never allowed",
            ),
            Refusal::Local {
                origin,
                space,
                start,
            } => write!(
                f,
                "{origin} is {}, and this task started on {}: open that page yourself and ask there",
                space.describe(),
                start.describe()
            ),
            Refusal::Unreadable(e) => write!(f, "the address could not be checked ({e})"),
            Refusal::NavigationLimit { max } => write!(
                f,
                "this task already made {max} navigations, the most one task may make"
            ),
            Refusal::NoFacts => {
                f.write_str("the page did not say what the element is, so it cannot be checked")
            }
            Refusal::NotWebPage => f.write_str("the tab does not show a web page"),
        }
    }
}
