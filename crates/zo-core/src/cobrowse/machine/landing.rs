//! Where the task's tabs really went, whatever made them go (a navigate, a click, a redirect,
//! the page's own script): the worker reports each committed top-level page of the task's
//! tabs ([`Cobrowse::on_landed`]) and each top-level navigation the network guard blocked
//! ([`Cobrowse::on_blocked`]).
//!
//! - A page outside the task's origin set (and outside the sites the user named) ends the task
//!   at once, saying where the tab went: something slipped past the guard.
//! - A move to another origin of the set that the policy did not count (a click that was not
//!   on a link, a redirect, a script's navigation) counts towards the task's navigation cap;
//!   past it the task ends.
//! - A blocked navigation, and a blocked request that sent data (once per origin), are told
//!   to the panel and, in the next follow-up prompt, to Zo. A blocked send comes with the
//!   offer to let the task's tabs send data to that origin's site; the user's yes is told to Zo too
//!   ([`Cobrowse::on_send_allowed`]).
//! - A click the policy allowed that sends a form to an origin outside the set (the user
//!   allowed it, once or for the task) lets that origin through ([`Cobrowse::on_allowed`]):
//!   the network guard must let the form go, and the tab may land there.
//!
//! Only the origin of an address is shown or sent: a blocked address may carry the page's data.

use super::{Cobrowse, Command, FinishReason, Phase};
use crate::trust::policy::named::site_of;
use crate::trust::policy::{Destination, Origin, Proposal};
use crate::trust::site::origin_of;
use crate::wire::facts::TargetFacts;

/// Most form destinations let through in one task.
pub(super) const MAX_PASSAGES: usize = 16;

/// Most blocked navigations told to Zo in one follow-up prompt (the panel hears of each).
pub(super) const MAX_BLOCKED_NOTES: usize = 3;

/// What the machine remembers of the task's landings.
#[derive(Debug, Clone, Default)]
pub(super) struct Landing {
    /// The origin of the last page committed (`None`: the task's first origin).
    last: Option<Origin>,
    /// The navigations the policy had counted at the last landing.
    counted: u32,
    /// Origins outside the set that an allowed form submission goes to.
    passages: Vec<Origin>,
    /// Origins a blocked request sent data to, each told once.
    sends_blocked: Vec<String>,
}

/// How a note to Zo about a blocked navigation starts.
const BLOCKED_NOTE: &str = "The page tried to go to ";

/// How a note to Zo about a blocked request that sent data starts.
const SEND_BLOCKED_NOTE: &str = "The page tried to send data to ";

/// Most origins a task remembers having told of a blocked send (past it, no more are told).
pub(super) const MAX_SEND_BLOCKED: usize = 8;

impl Cobrowse {
    /// A top-level page committed in one of the task's tabs at `url` (the browser's address).
    pub fn on_landed(&mut self, url: &str) -> Vec<Command> {
        if matches!(self.phase, Phase::Idle | Phase::Finished) {
            return Vec::new();
        }
        let origin = match Destination::parse(url) {
            Ok(Destination::Web { origin, .. }) => origin,
            // A window opened empty, before it goes anywhere.
            Ok(Destination::Other { scheme }) if scheme == "about" => return Vec::new(),
            _ => return self.left(url),
        };
        if !self.in_set(&origin) {
            return self.left(url);
        }
        let last = self.landing.last.clone().or_else(|| {
            self.scope
                .origins()
                .first()
                .and_then(|o| Origin::of(&o.origin))
        });
        self.landing.last = Some(origin.clone());
        if last.as_ref() == Some(&origin) {
            return Vec::new();
        }
        if self.scope.navigations() > self.landing.counted {
            // The policy counted this move (a navigate, a link).
            self.landing.counted = self.scope.navigations();
            return Vec::new();
        }
        let mut out = Vec::new();
        if self.scope.record(&Proposal::Navigate { url }) {
            out.push(Command::Scope {
                origins: self.scope.origins(),
            });
        }
        self.landing.counted = self.scope.navigations();
        let max = self.scope.max_navigations();
        if self.scope.navigations() > max {
            out.extend(self.end_contained(format!(
                "I stopped this task: the page moved the tab to {origin} by itself, past the \
                 limit of {max} navigations in one task."
            )));
        }
        out
    }

    /// The network guard blocked a top-level navigation of the task's tabs to `url`.
    pub fn on_blocked(&mut self, url: &str) -> Vec<Command> {
        if matches!(self.phase, Phase::Idle | Phase::Finished) {
            return Vec::new();
        }
        let to = origin_of(url);
        let noted = self
            .notes
            .iter()
            .filter(|n| n.starts_with(BLOCKED_NOTE))
            .count();
        if noted < MAX_BLOCKED_NOTES {
            self.notes.push(format!(
                "{BLOCKED_NOTE}{to}, outside this task; the extension blocked it. Do not \
                 try to reach that site."
            ));
        }
        vec![Command::Note {
            text: format!("Blocked: the page tried to go to {to} (outside this task)."),
        }]
    }

    /// The network guard blocked a request of the task's tabs that sent data to `url`: told
    /// once per origin (a page may retry a beacon without end).
    pub fn on_send_blocked(&mut self, url: &str) -> Vec<Command> {
        if matches!(self.phase, Phase::Idle | Phase::Finished) {
            return Vec::new();
        }
        let to = origin_of(url);
        if self.landing.sends_blocked.contains(&to)
            || self.landing.sends_blocked.len() >= MAX_SEND_BLOCKED
        {
            return Vec::new();
        }
        self.landing.sends_blocked.push(to.clone());
        if self.landing.sends_blocked.len() <= MAX_BLOCKED_NOTES {
            self.notes.push(format!(
                "{SEND_BLOCKED_NOTE}{to}, outside this task; the extension blocked it."
            ));
        }
        let mut out = vec![Command::Note {
            text: format!("Blocked: the page tried to send data to {to} (outside this task)."),
        }];
        if let Some(origin) = Origin::of(url) {
            out.push(Command::OfferSend {
                origin: origin.to_string(),
            });
        }
        out
    }

    /// The user let the task's tabs send data to `origin` for the rest of the task (the
    /// network guard took it: an origin a blocked request went to).
    pub fn on_send_allowed(&mut self, origin: &Origin) -> Vec<Command> {
        if matches!(self.phase, Phase::Idle | Phase::Finished) {
            return Vec::new();
        }
        let site = site_of(origin, &self.suffixes).describe();
        self.notes.push(format!(
            "The user allowed the page to send data to {site} for the rest of this task."
        ));
        vec![Command::Note {
            text: format!("Allowed: the page may send data to {site} for the rest of this task."),
        }]
    }

    /// Content action `facts` describe was just allowed (its verdict allows it): when it
    /// sends a form to an origin outside the set, that origin is let through for the rest of
    /// the task and returned, for the network guard.
    pub fn on_allowed(&mut self, facts: Option<&TargetFacts>) -> Option<Origin> {
        let action = facts?.submits.as_ref()?.action.as_deref()?;
        let to = Origin::of(action)?;
        if self.in_set(&to) || self.landing.passages.len() >= MAX_PASSAGES {
            return None;
        }
        self.landing.passages.push(to.clone());
        Some(to)
    }

    /// Whether the task may be on `origin`: an origin of its set, a site the user named, or
    /// where a form it was allowed to send went.
    fn in_set(&self, origin: &Origin) -> bool {
        self.landing.passages.contains(origin)
            || self.scope.read_write(origin)
            || self
                .scope
                .origins()
                .iter()
                .any(|o| Origin::of(&o.origin).as_ref() == Some(origin))
    }

    /// A tab of the task is on `url`, outside the set: the task ends.
    fn left(&mut self, url: &str) -> Vec<Command> {
        self.end_contained(format!(
            "I stopped this task: the tab went to {}, outside this task.",
            origin_of(url)
        ))
    }

    /// Ends the task as Stop does (a running batch cancelled, pending actions skipped), with
    /// `text` as its answer.
    fn end_contained(&mut self, text: String) -> Vec<Command> {
        let mut out = Vec::new();
        self.guard.pending = None;
        if matches!(self.phase, Phase::Running { .. }) {
            out.push(Command::CancelBatch);
        }
        if !matches!(self.phase, Phase::AwaitSnapshot | Phase::AwaitAnswer) {
            out.extend(self.skip_rest(0, "the tab left the task"));
        }
        self.phase = Phase::Finished;
        out.push(Command::Finish {
            text,
            reason: FinishReason::Contained,
        });
        out
    }
}
