//! The modes the user defines or edits, kept in the settings: custom modes (a name, the
//! instructions Zo gets, how much of the page goes with a question, whether Zo answers with
//! actions, a budget) and the built-in modes' instructions as edited. [`check`] holds them to
//! the rules with an error that says what to fix (the options page saves nothing else);
//! stored settings are read leniently ([`normalize`]): a rule broken by hand-edited storage
//! is repaired, so one bad mode never makes every question fail.

use serde::{Deserialize, Serialize};

use crate::wire::protocol::Mode;

/// Most custom modes.
pub const MAX_CUSTOM_MODES: usize = 12;
/// Longest name of a custom mode, in characters.
pub const MAX_MODE_NAME_CHARS: usize = 32;
/// Longest instructions of a mode, in characters.
pub const MAX_INSTRUCTIONS_CHARS: usize = 4_000;
/// A custom mode's page budget, in characters: at least, at most, and by default.
pub const MIN_MODE_BUDGET: u32 = 500;
pub const MAX_MODE_BUDGET: u32 = 40_000;
pub const DEFAULT_MODE_BUDGET: u32 = 8_000;
/// Longest id of a custom mode.
pub const MAX_MODE_ID_CHARS: usize = 40;
/// The prefix of every custom mode's id (no built-in mode's id starts with it).
pub const CUSTOM_ID_PREFIX: &str = "c-";

/// How much of the page goes with a question in a custom mode. On the wire, the number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub enum ContextLevel {
    /// 0: nothing about the page.
    None,
    /// 1: the page's title and address.
    Title,
    /// 2: the title, the address and the beginning of the page's text (at most
    /// [`EXCERPT_CHARS`]), with the page's elements when the mode acts.
    #[default]
    Excerpt,
    /// 3: the title, the address and the page's text, as much as the budget holds.
    Full,
}

/// The excerpt of [`ContextLevel::Excerpt`], in characters.
pub const EXCERPT_CHARS: u32 = 1_500;

impl ContextLevel {
    pub const ALL: [ContextLevel; 4] = [Self::None, Self::Title, Self::Excerpt, Self::Full];

    pub fn number(self) -> u8 {
        match self {
            Self::None => 0,
            Self::Title => 1,
            Self::Excerpt => 2,
            Self::Full => 3,
        }
    }

    pub fn from_number(n: u64) -> Option<ContextLevel> {
        Self::ALL.into_iter().find(|l| u64::from(l.number()) == n)
    }

    /// What the level sends, as the options page lists it.
    pub fn label(self) -> &'static str {
        match self {
            Self::None => "0 · None: nothing about the page",
            Self::Title => "1 · Title and address",
            Self::Excerpt => "2 · Title, address and the start of the page's text",
            Self::Full => "3 · The page's text, as much as the budget holds",
        }
    }
}

impl From<ContextLevel> for u8 {
    fn from(l: ContextLevel) -> u8 {
        l.number()
    }
}

impl TryFrom<u8> for ContextLevel {
    type Error = String;
    fn try_from(n: u8) -> Result<ContextLevel, String> {
        ContextLevel::from_number(u64::from(n))
            .ok_or_else(|| format!("page context level {n} is not 0 to 3"))
    }
}

/// A mode the user made.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct CustomMode {
    /// Stable id (`c-...`): what the panel names when it asks, and what history keeps.
    pub id: String,
    pub name: String,
    /// What Zo is told to do in this mode (before the page and the question).
    pub instructions: String,
    pub context: ContextLevel,
    /// Zo answers with actions, run like Co-browse's (the same machine and trust policy).
    pub actions: bool,
    /// Characters of page content that may go with a question.
    pub budget: u32,
}

impl Default for CustomMode {
    fn default() -> Self {
        CustomMode {
            id: String::new(),
            name: String::new(),
            instructions: String::new(),
            context: ContextLevel::default(),
            actions: false,
            budget: DEFAULT_MODE_BUDGET,
        }
    }
}

impl CustomMode {
    /// The built-in mode whose path the worker and the panel take: Co-browse (the action
    /// machine) when the mode acts, else a single ask like Ask's.
    pub fn base_mode(&self) -> Mode {
        if self.actions {
            Mode::Cobrowse
        } else {
            Mode::Ask
        }
    }
}

/// A built-in mode's instructions as the user edited them (absent: the built-in text).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EditedInstructions {
    pub mode: Mode,
    pub instructions: String,
}

/// Why modes cannot be saved, in words for the options page.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ModeError {
    #[error("Give the mode a name.")]
    NameMissing,
    #[error("A mode's name is at most {MAX_MODE_NAME_CHARS} characters (“{0}” is longer).")]
    NameTooLong(String),
    #[error("There is already a mode named “{0}”: pick another name.")]
    NameTaken(String),
    #[error("Write the instructions of “{0}”: what Zo should do in this mode.")]
    InstructionsMissing(String),
    #[error(
        "The instructions of “{name}” are {chars} characters long; at most \
         {MAX_INSTRUCTIONS_CHARS} fit."
    )]
    InstructionsTooLong { name: String, chars: usize },
    #[error("At most {MAX_CUSTOM_MODES} custom modes: delete one first.")]
    TooMany,
    #[error("Two custom modes have the id “{0}”.")]
    DuplicateId(String),
    #[error("“{0}” is not a custom mode's id (c- and up to 38 letters, digits or dashes).")]
    BadId(String),
    #[error(
        "The budget of “{0}” must be between {MIN_MODE_BUDGET} and {MAX_MODE_BUDGET} characters."
    )]
    Budget(String),
    #[error(
        "“{0}” acts in the page, so it needs page context 2 or 3: Zo must see the page's \
         elements to act on them."
    )]
    ActionsNeedPage(String),
    #[error("The instructions of {0} are edited twice.")]
    EditedTwice(&'static str),
}

fn chars(s: &str) -> usize {
    s.chars().count()
}

fn valid_id(id: &str) -> bool {
    id.strip_prefix(CUSTOM_ID_PREFIX).is_some_and(|rest| {
        !rest.is_empty()
            && chars(id) <= MAX_MODE_ID_CHARS
            && rest
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    })
}

/// The label of a built-in mode (for names custom modes may not take).
fn builtin_label(mode: Mode) -> &'static str {
    match mode {
        Mode::Cobrowse => "Co-browse",
        Mode::Ask => "Ask",
        Mode::Summarize => "Summarize",
        Mode::Extract => "Extract",
        Mode::Research => "Research",
        Mode::Visual => "Visual",
    }
}

const BUILTINS: [Mode; 6] = [
    Mode::Cobrowse,
    Mode::Ask,
    Mode::Summarize,
    Mode::Extract,
    Mode::Research,
    Mode::Visual,
];

/// One custom mode against the rules of its own fields.
pub fn check_mode(mode: &CustomMode) -> Result<(), ModeError> {
    let name = mode.name.trim();
    if name.is_empty() {
        return Err(ModeError::NameMissing);
    }
    if chars(name) > MAX_MODE_NAME_CHARS {
        return Err(ModeError::NameTooLong(name.chars().take(40).collect()));
    }
    if !valid_id(&mode.id) {
        return Err(ModeError::BadId(mode.id.chars().take(60).collect()));
    }
    if mode.instructions.trim().is_empty() {
        return Err(ModeError::InstructionsMissing(name.into()));
    }
    let n = chars(&mode.instructions);
    if n > MAX_INSTRUCTIONS_CHARS {
        return Err(ModeError::InstructionsTooLong {
            name: name.into(),
            chars: n,
        });
    }
    if !(MIN_MODE_BUDGET..=MAX_MODE_BUDGET).contains(&mode.budget) {
        return Err(ModeError::Budget(name.into()));
    }
    if mode.actions && mode.context < ContextLevel::Excerpt {
        return Err(ModeError::ActionsNeedPage(name.into()));
    }
    Ok(())
}

impl PartialOrd for ContextLevel {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for ContextLevel {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.number().cmp(&other.number())
    }
}

/// Custom modes and edited instructions against every rule: each mode's fields, at most
/// [`MAX_CUSTOM_MODES`], ids and names unique (names also apart from the built-in modes',
/// whatever the case), each built-in edited once and within [`MAX_INSTRUCTIONS_CHARS`].
pub fn check(custom: &[CustomMode], edited: &[EditedInstructions]) -> Result<(), ModeError> {
    if custom.len() > MAX_CUSTOM_MODES {
        return Err(ModeError::TooMany);
    }
    for (i, mode) in custom.iter().enumerate() {
        check_mode(mode)?;
        let name = mode.name.trim().to_lowercase();
        let earlier = &custom[..i];
        if earlier.iter().any(|m| m.id == mode.id) {
            return Err(ModeError::DuplicateId(mode.id.clone()));
        }
        let builtin = BUILTINS
            .iter()
            .any(|b| builtin_label(*b).to_lowercase() == name);
        if builtin || earlier.iter().any(|m| m.name.trim().to_lowercase() == name) {
            return Err(ModeError::NameTaken(mode.name.trim().into()));
        }
    }
    for (i, e) in edited.iter().enumerate() {
        if edited[..i].iter().any(|x| x.mode == e.mode) {
            return Err(ModeError::EditedTwice(builtin_label(e.mode)));
        }
        let n = chars(&e.instructions);
        if n > MAX_INSTRUCTIONS_CHARS {
            return Err(ModeError::InstructionsTooLong {
                name: builtin_label(e.mode).into(),
                chars: n,
            });
        }
    }
    Ok(())
}

/// A fresh id for a mode named `name`: `c-` and the name's ASCII letters and digits,
/// lowercased, dashes between words, made unique among `taken` with a number.
pub fn new_id(name: &str, taken: &[CustomMode]) -> String {
    let mut slug = String::new();
    // ASCII only (other letters count as separators): no Unicode case tables in the modules
    // that read stored settings.
    for c in name.chars().map(|c| c.to_ascii_lowercase()) {
        if c.is_ascii_alphanumeric() {
            slug.push(c);
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
        if slug.len() >= 24 {
            break;
        }
    }
    let slug = slug.trim_end_matches('-');
    let base = if slug.is_empty() {
        format!("{CUSTOM_ID_PREFIX}mode")
    } else {
        format!("{CUSTOM_ID_PREFIX}{slug}")
    };
    let free = |id: &str| !taken.iter().any(|m| m.id == id);
    if free(&base) {
        return base;
    }
    (2..)
        .map(|n| format!("{base}-{n}"))
        .find(|id| free(id))
        .unwrap_or(base)
}

fn cut(s: &str, max: usize) -> String {
    s.chars().take(max).collect()
}

/// Stored modes made to follow the rules without refusing them: at most
/// [`MAX_CUSTOM_MODES`], ids unique and well formed, names and instructions cut to their
/// caps, the budget within its range, a mode that acts given at least an excerpt of the page;
/// blank edits dropped, each built-in edited once (the first edit counts).
pub(crate) fn normalize(custom: &mut Vec<CustomMode>, edited: &mut Vec<EditedInstructions>) {
    let mut kept: Vec<CustomMode> = Vec::with_capacity(custom.len().min(MAX_CUSTOM_MODES));
    for mut m in custom.drain(..) {
        if kept.len() == MAX_CUSTOM_MODES {
            break;
        }
        m.name = cut(m.name.trim(), MAX_MODE_NAME_CHARS);
        if m.name.is_empty() {
            m.name = "Custom mode".into();
        }
        if !valid_id(&m.id) || kept.iter().any(|k| k.id == m.id) {
            m.id = new_id(&m.name, &kept);
        }
        m.instructions = cut(&m.instructions, MAX_INSTRUCTIONS_CHARS);
        m.budget = m.budget.clamp(MIN_MODE_BUDGET, MAX_MODE_BUDGET);
        if m.actions && m.context < ContextLevel::Excerpt {
            m.context = ContextLevel::Excerpt;
        }
        kept.push(m);
    }
    *custom = kept;
    let mut seen: Vec<Mode> = Vec::new();
    edited.retain_mut(|e| {
        let keep = !e.instructions.trim().is_empty() && !seen.contains(&e.mode);
        seen.push(e.mode);
        e.instructions = cut(&e.instructions, MAX_INSTRUCTIONS_CHARS);
        keep
    });
}

#[cfg(test)]
mod tests;
