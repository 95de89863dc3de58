//! The options page's mode editor without a DOM: which mode is being edited (a new custom
//! mode, one of the user's, or a built-in mode), what its fields show, what Save, Delete and
//! Reset make of the settings' lists (every rule checked by `wire::settings::check_modes`, with
//! its error), and the live preview: the exact prompt the worker would send for a sample page
//! and question, built by `cobrowse::prompt::build` itself.

use crate::cobrowse::prompt::{
    self, default_instructions, sample_page, Instructions, PromptRequest, Screenshot,
    SAMPLE_QUESTION,
};
use crate::ui::modes::{mode_from_id, mode_id, mode_label, MODES};
use crate::wire::protocol::Mode;
use crate::wire::settings::{
    check_modes, new_mode_id, ContextLevel, CustomMode, EditedInstructions, DEFAULT_MODE_BUDGET,
};

/// What the editor edits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EditTarget {
    /// A custom mode not saved yet.
    New,
    /// The user's custom mode of this id.
    Custom(String),
    /// A built-in mode's instructions.
    BuiltIn(Mode),
}

const BUILTIN_PREFIX: &str = "builtin:";

impl EditTarget {
    /// The value of its option in the "Mode to edit" picker.
    pub fn value(&self) -> String {
        match self {
            EditTarget::New => "new".into(),
            EditTarget::Custom(id) => id.clone(),
            EditTarget::BuiltIn(mode) => format!("{BUILTIN_PREFIX}{}", mode_id(*mode)),
        }
    }

    pub fn from_value(value: &str) -> EditTarget {
        if let Some(mode) = value.strip_prefix(BUILTIN_PREFIX).and_then(mode_from_id) {
            return EditTarget::BuiltIn(mode);
        }
        match value {
            "" | "new" => EditTarget::New,
            id => EditTarget::Custom(id.to_string()),
        }
    }
}

/// The editor's fields as the user left them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModeFields {
    pub name: String,
    pub instructions: String,
    pub context: ContextLevel,
    pub actions: bool,
    /// The page budget in characters, as typed.
    pub budget: String,
}

/// The custom modes and the edited built-in instructions (what the settings hold).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ModeLists {
    pub custom: Vec<CustomMode>,
    pub edited: Vec<EditedInstructions>,
}

/// The "Mode to edit" picker's options, in order: (value, label, group).
pub fn picker_options(lists: &ModeLists) -> Vec<(String, String, &'static str)> {
    let mut out = vec![(EditTarget::New.value(), "New custom mode".to_string(), "")];
    for m in &lists.custom {
        out.push((m.id.clone(), m.name.clone(), "Your modes"));
    }
    for (mode, _, label) in MODES {
        out.push((
            EditTarget::BuiltIn(mode).value(),
            format!("{label} (built-in)"),
            "Built-in modes",
        ));
    }
    out
}

/// What the fields show for `target` (a custom mode no longer there shows as new).
pub fn fields_of(lists: &ModeLists, target: &EditTarget) -> ModeFields {
    let blank = ModeFields {
        name: String::new(),
        instructions: String::new(),
        context: ContextLevel::default(),
        actions: false,
        budget: DEFAULT_MODE_BUDGET.to_string(),
    };
    match target {
        EditTarget::New => blank,
        EditTarget::Custom(id) => match lists.custom.iter().find(|m| &m.id == id) {
            Some(m) => ModeFields {
                name: m.name.clone(),
                instructions: m.instructions.clone(),
                context: m.context,
                actions: m.actions,
                budget: m.budget.to_string(),
            },
            None => blank,
        },
        EditTarget::BuiltIn(mode) => ModeFields {
            name: mode_label(*mode).to_string(),
            instructions: lists
                .edited
                .iter()
                .find(|e| e.mode == *mode)
                .map_or(default_instructions(*mode), |e| e.instructions.as_str())
                .to_string(),
            ..blank
        },
    }
}

fn budget(fields: &ModeFields) -> Result<u32, String> {
    fields
        .budget
        .trim()
        .parse()
        .map_err(|_| "The page budget must be a whole number of characters.".to_string())
}

/// The lists once `fields` are saved into `target`, checked against every rule, and what the
/// editor edits then (a new mode, once saved, is that mode). A built-in mode's instructions
/// left blank or as they were built are not kept as an edit.
pub fn save(
    lists: &ModeLists,
    target: &EditTarget,
    fields: &ModeFields,
) -> Result<(ModeLists, EditTarget), String> {
    let mut next = lists.clone();
    let target = match target {
        EditTarget::BuiltIn(mode) => {
            next.edited.retain(|e| e.mode != *mode);
            let text = fields.instructions.trim();
            if !text.is_empty() && text != default_instructions(*mode) {
                next.edited.push(EditedInstructions {
                    mode: *mode,
                    instructions: text.to_string(),
                });
            }
            target.clone()
        }
        EditTarget::New | EditTarget::Custom(_) => {
            let existing = match target {
                EditTarget::Custom(id) => next.custom.iter().position(|m| &m.id == id),
                _ => None,
            };
            let mode = CustomMode {
                id: match existing {
                    Some(i) => next.custom[i].id.clone(),
                    None => new_mode_id(&fields.name, &next.custom),
                },
                name: fields.name.trim().to_string(),
                instructions: fields.instructions.trim().to_string(),
                context: fields.context,
                actions: fields.actions,
                budget: budget(fields)?,
            };
            let id = mode.id.clone();
            match existing {
                Some(i) => next.custom[i] = mode,
                None => next.custom.push(mode),
            }
            EditTarget::Custom(id)
        }
    };
    check_modes(&next.custom, &next.edited).map_err(|e| e.to_string())?;
    Ok((next, target))
}

/// The lists without custom mode `id`.
pub fn delete(lists: &ModeLists, id: &str) -> ModeLists {
    let mut next = lists.clone();
    next.custom.retain(|m| m.id != id);
    next
}

/// The lists with built-in `mode`'s instructions as built.
pub fn reset(lists: &ModeLists, mode: Mode) -> ModeLists {
    let mut next = lists.clone();
    next.edited.retain(|e| e.mode != mode);
    next
}

/// The exact prompt a question would carry in `target` with `fields`, for the sample page and
/// question (`max_steps`: the settings' step limit, which a mode that acts is told).
pub fn preview(target: &EditTarget, fields: &ModeFields, max_steps: u32) -> String {
    let page = sample_page();
    let custom;
    let (mode, instructions) = match target {
        EditTarget::BuiltIn(mode) => (*mode, Instructions::Edited(&fields.instructions)),
        EditTarget::New | EditTarget::Custom(_) => {
            custom = CustomMode {
                id: String::new(),
                name: fields.name.clone(),
                instructions: fields.instructions.clone(),
                context: fields.context,
                actions: fields.actions,
                budget: budget(fields).unwrap_or(DEFAULT_MODE_BUDGET).clamp(
                    crate::wire::settings::MIN_MODE_BUDGET,
                    crate::wire::settings::MAX_MODE_BUDGET,
                ),
            };
            (custom.base_mode(), Instructions::Custom(&custom))
        }
    };
    prompt::build(&PromptRequest {
        mode,
        input: SAMPLE_QUESTION,
        page: Ok(&page),
        max_steps,
        screenshot: if mode == Mode::Visual {
            Screenshot::Disabled
        } else {
            Screenshot::None
        },
        instructions,
        tabs: &[],
        quote: None,
    })
}

#[cfg(test)]
mod tests;
