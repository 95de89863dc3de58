//! The Co-browse loop as a sans-IO state machine: the user's goal, Zo's answers, page snapshots,
//! batch results and navigations go in; commands for the worker come out (take a snapshot, ask
//! Zo, run a batch in the content module, navigate the tab, report an action's status, finish).
//!
//! One step = one ask to Zo. A step's actions are split at each `navigate`: the content module
//! runs the actions before it, the worker navigates and waits for the load, then the rest runs on
//! the new page. The first failure ends the step (the rest are skipped) and is reported back to
//! Zo in the follow-up prompt, with a fresh snapshot, in the same conversation. The loop ends at
//! a `done` action (its response is the answer), at a prose answer, at the step limit (never more
//! than `max_steps` asks, itself at most [`MAX_STEPS_CEILING`]), at Stop, or when actions were
//! refused too often. Inputs that do not fit the current phase (late results after Stop, a
//! duplicate answer) are ignored and produce no command.
//!
//! Containment (`guard`): the machine owns the task's [`TaskScope`]. Each navigate is judged
//! before the tab moves, and each content action before the page acts on it (the content
//! module's ACTION_CHECK, answered with [`Command::Verdict`]); an action the policy refuses, or
//! the user declines, fails as `refused` and goes back to Zo as its result. At most
//! [`MAX_ACTIONS_PER_ANSWER`] actions of an answer run (`caps`). What the browser does while an
//! allowed action acts (a link followed, a form submitted, a window opened) and that differs
//! from what was checked is judged as a click on what the browser activates (`effect`). An
//! answer becomes a step and runs in `step`; a batch's reports are folded in by `results`,
//! navigations by `navigation`.
//!
//! Where the tabs really went (`landing`): each committed top-level page of the task's tabs
//! is checked against the set (outside it the task ends), moves the policy did not count
//! count towards the navigation cap, and navigations the network guard blocked are told to
//! the panel and to Zo.
//!
//! After a failure that leaves actions of the step unrun, the machine pauses and offers them to
//! the user (`resume`): run the rest (each action still judged by the policy), or skip them
//! (then Zo re-plans from the results, as without the offer).

mod caps;
mod command;
mod effect;
mod guard;
mod landing;
mod mask;
mod navigation;
mod results;
mod resume;
mod step;
#[cfg(test)]
mod tests;

pub use caps::{MAX_ACTIONS_PER_ANSWER, MAX_REFUSALS};
pub use command::{BatchOutcome, Command, FinishReason};
pub use mask::MASK;

use crate::cobrowse::prompt::{self, FollowUp, ModeText, PromptRequest, Screenshot, StepOutcome};
use crate::trust::policy::{TaskScope, MAX_NAVIGATIONS};
use crate::trust::suffixes::PublicSuffixes;
use crate::wire::action::Action;
use crate::wire::protocol::{ActionError, ActionResult, ActionStatus, Mode};
use crate::wire::ready_question::Quote;
use crate::wire::settings::{DEFAULT_MAX_ACTIONS, MAX_ACTIONS_CEILING, MAX_STEPS_CEILING};
use crate::wire::snapshot::PageSnapshot;
use std::sync::Arc;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Idle,
    AwaitSnapshot,
    AwaitAnswer,
    Running {
        first: usize,
        len: usize,
    },
    /// Waiting for the user's answer about the navigate at `index`.
    Approving {
        index: usize,
    },
    Navigating {
        index: usize,
    },
    /// Action `failed` of the step failed with actions left after it: waiting for the user to
    /// run them or skip them.
    Paused {
        failed: usize,
    },
    Finished,
}

/// The actions of the current step and what happened to them.
#[derive(Debug, Clone, Default)]
struct Step {
    actions: Vec<Action>,
    results: Vec<ActionResult>,
    cursor: usize,
    interrupted: Option<String>,
    /// Actions the machine refused (by the policy or the user), with the error they fail with
    /// whatever the content module reports.
    refused: Vec<(usize, ActionError)>,
    /// Fills whose facts showed a secret field: their value is masked for the panel.
    secret: Vec<usize>,
    /// The page address (from the browser) each checked action ran on.
    pages: Vec<(usize, String)>,
    /// What the element of each checked action is called (its accessible name, from the
    /// facts), for the panel's timeline.
    names: Vec<(usize, String)>,
}

fn result(index: usize, status: ActionStatus) -> ActionResult {
    ActionResult {
        index: to_u32(index),
        status,
        value: None,
        error: None,
        settle_ms: None,
        target_name: None,
    }
}

/// The text of a page snapshot that could be copied elsewhere: its title, text, and the labels
/// and values of its elements.
fn page_words(page: &PageSnapshot) -> String {
    let mut out = format!("{}\n{}", page.title, page.text);
    for el in &page.elements {
        out.push('\n');
        out.push_str(&el.label);
        if let Some(v) = &el.value {
            out.push(' ');
            out.push_str(v);
        }
    }
    out
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The Co-browse loop of one query.
#[derive(Debug, Clone)]
pub struct Cobrowse {
    goal: String,
    max_steps: u32,
    asks: u32,
    conversation_id: Option<String>,
    phase: Phase,
    step: Step,
    /// The page as Zo last saw it: tells which fills target password fields.
    page: Option<PageSnapshot>,
    /// Where the task may act, and what the user allowed.
    scope: TaskScope,
    /// Approvals and refusals.
    guard: guard::Guard,
    /// Where the task's tabs went (`landing`).
    landing: landing::Landing,
    /// The extension's notes about the last step, for the next follow-up prompt.
    notes: Vec<String>,
    /// The first prompt's instructions (built in, edited, or a custom mode that acts).
    text: ModeText,
    /// Other open tabs the user chose to send with the goal (`@`): their snapshots, or why
    /// each could not be read; in the first prompt only.
    tabs: Vec<Result<PageSnapshot, String>>,
    /// Page content the user chose to ask about (a selection, a link): in the first prompt's
    /// page block only.
    quote: Option<Quote>,
    /// Most actions the task runs over all its answers, and how many it ran.
    max_actions: u32,
    actions_run: u32,
    /// Set when an answer's actions were all dropped by the task's action cap.
    task_capped: bool,
    /// Most navigations the task makes (its scope's cap).
    max_navigations: u32,
    /// What counts as a site the goal names.
    suffixes: Arc<PublicSuffixes>,
}

impl Cobrowse {
    /// A loop for `goal`, asking Zo at most `max_steps` times (at least once, at most
    /// [`MAX_STEPS_CEILING`]). Pass the chat's conversation id to continue it.
    pub fn new(goal: &str, max_steps: u32, conversation_id: Option<String>) -> Cobrowse {
        Cobrowse {
            goal: goal.to_string(),
            max_steps: max_steps.clamp(1, MAX_STEPS_CEILING),
            asks: 0,
            conversation_id,
            phase: Phase::Idle,
            step: Step::default(),
            page: None,
            scope: TaskScope::new("", goal, &PublicSuffixes::unavailable()),
            guard: guard::Guard::default(),
            landing: landing::Landing::default(),
            notes: Vec::new(),
            text: ModeText::BuiltIn,
            tabs: Vec::new(),
            quote: None,
            max_actions: DEFAULT_MAX_ACTIONS,
            actions_run: 0,
            task_capped: false,
            max_navigations: MAX_NAVIGATIONS,
            suffixes: Arc::new(PublicSuffixes::unavailable()),
        }
    }

    /// The loop with the public suffix list, which says what a site the goal names covers
    /// (without it, a named domain covers only itself).
    pub fn with_suffixes(mut self, suffixes: Arc<PublicSuffixes>) -> Cobrowse {
        self.suffixes = suffixes;
        self
    }

    /// The loop with the settings' caps: at most `max_actions` actions over the task (never
    /// above [`crate::wire::MAX_ACTIONS_CEILING`]) and `max_navigations` navigations.
    pub fn with_caps(mut self, max_actions: u32, max_navigations: u32) -> Cobrowse {
        self.max_actions = max_actions.clamp(1, MAX_ACTIONS_CEILING);
        self.max_navigations = max_navigations;
        self
    }

    /// The loop with `text` as its first prompt's instructions: the user's edit of
    /// Co-browse's, or a custom mode that acts (its instructions, page context and budget).
    /// Everything after them, the action format, the follow-ups, the policy, is Co-browse's.
    pub fn with_mode_text(mut self, text: ModeText) -> Cobrowse {
        self.text = text;
        self
    }

    /// What the user chose to send with the goal, for the first prompt: the other tabs
    /// (read), and page content they asked about.
    pub fn with_context(
        mut self,
        tabs: Vec<Result<PageSnapshot, String>>,
        quote: Option<Quote>,
    ) -> Cobrowse {
        self.tabs = tabs;
        self.quote = quote;
        self
    }

    /// Number of asks so far (the current step).
    pub fn step(&self) -> u32 {
        self.asks
    }

    pub fn max_steps(&self) -> u32 {
        self.max_steps
    }

    /// The Zo conversation the loop runs in, once known.
    pub fn conversation_id(&self) -> Option<&str> {
        self.conversation_id.as_deref()
    }

    pub fn is_finished(&self) -> bool {
        self.phase == Phase::Finished
    }

    /// Starts the loop on the tab at `tab_url` (the browser's address of the tab when the user
    /// asked, never the model's or the page's word): its origin is the task's first, read-write
    /// origin. Then the first snapshot.
    pub fn start(&mut self, tab_url: &str) -> Vec<Command> {
        if self.phase != Phase::Idle {
            return Vec::new();
        }
        self.scope = TaskScope::new(tab_url, &self.goal, &self.suffixes)
            .with_max_navigations(self.max_navigations);
        for tab in self.tabs.iter().flatten() {
            self.scope.learn(&tab.url, &page_words(tab));
        }
        if let Some(quote) = &self.quote {
            self.scope.learn(tab_url, &quote.text);
        }
        self.phase = Phase::AwaitSnapshot;
        vec![
            Command::Scope {
                origins: self.scope.origins(),
            },
            Command::RequestSnapshot {
                text_budget: prompt::snapshot_budget(
                    Mode::Cobrowse,
                    self.text.as_instructions(),
                    self.tabs.len(),
                )
                .unwrap_or(0),
            },
        ]
    }

    /// A snapshot arrived (or could not be taken: the reason).
    pub fn on_snapshot(&mut self, page: Result<PageSnapshot, String>) -> Vec<Command> {
        if self.phase != Phase::AwaitSnapshot {
            return Vec::new();
        }
        let page_ref = page.as_ref().map_err(String::as_str);
        let prompt = if self.asks == 0 {
            let tabs = prompt::tab_refs(&self.tabs);
            prompt::build(&PromptRequest {
                mode: Mode::Cobrowse,
                input: &self.goal,
                page: page_ref,
                max_steps: self.max_steps,
                screenshot: Screenshot::None,
                instructions: self.text.as_instructions(),
                tabs: &tabs,
                quote: self.quote.as_ref(),
            })
        } else {
            let outcomes: Vec<StepOutcome<'_>> = self
                .step
                .actions
                .iter()
                .zip(&self.step.results)
                .map(|(action, result)| StepOutcome { action, result })
                .collect();
            prompt::cobrowse_followup(&FollowUp {
                goal: &self.goal,
                step: self.asks + 1,
                max_steps: self.max_steps,
                outcomes: &outcomes,
                interrupted: self.step.interrupted.as_deref(),
                page: page_ref,
                notes: &self.notes,
            })
        };
        self.notes.clear();
        if let Ok(p) = &page {
            self.scope.learn(&p.url, &page_words(p));
        }
        self.page = page.ok();
        self.asks += 1;
        self.phase = Phase::AwaitAnswer;
        vec![Command::Ask {
            step: self.asks,
            prompt,
            conversation_id: self.conversation_id.clone(),
        }]
    }

    /// The user pressed Stop: cancel what runs, skip what is pending, finish.
    pub fn stop(&mut self) -> Vec<Command> {
        if self.phase == Phase::Finished {
            return Vec::new();
        }
        let mut out = Vec::new();
        self.guard.pending = None;
        if matches!(self.phase, Phase::Running { .. }) {
            out.push(Command::CancelBatch);
        }
        if !matches!(
            self.phase,
            Phase::Idle | Phase::AwaitSnapshot | Phase::AwaitAnswer
        ) {
            out.extend(self.skip_rest(0, "stopped by the user"));
        }
        self.phase = Phase::Finished;
        out.push(Command::Finish {
            text: String::new(),
            reason: FinishReason::Stopped,
        });
        out
    }
}
