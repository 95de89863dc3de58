//! Settings as JSON text without serde (the options page and the side panel read and write
//! them; serde's derived readers, with the flattened [`SettingsView`], cost kilobytes in each
//! module): field for field what serde reads and writes for [`Settings`], [`SettingsView`] and
//! [`WorkerToPage`] (the tests hold the two to each other on altered copies).

use crate::wire::json::fields::{boolean, list, name, string, uint, uint32, Fields};
use crate::wire::json::{parse, Json, Node, Obj, WireError, WireName};
use crate::wire::page_messages::WorkerToPage;
use crate::wire::ready_question::ReadyQuestion;
use crate::wire::settings::{
    ContextLevel, CustomMode, EditedInstructions, QuickAction, Settings, SettingsError,
    SettingsView,
};

/// The fields of [`Settings`], in declaration order.
const FIELDS: &[&str] = &[
    "apiBaseUrl",
    "model",
    "personaId",
    "defaultMode",
    "maxSteps",
    "maxActions",
    "maxNavigations",
    "screenshots",
    "livenessTimeoutMs",
    "theme",
    "fontSize",
    "speechVoice",
    "speechRate",
    "customModes",
    "modeInstructions",
    "quickActions",
];

/// The fields of [`QuickAction`], in declaration order.
const QUICK_ACTION_FIELDS: &[&str] = &["label", "mode", "prompt"];

fn read_quick_action(node: &Node) -> Result<QuickAction, WireError> {
    let f = Fields::of(node, QUICK_ACTION_FIELDS)?;
    Ok(QuickAction {
        label: f.req("label", string)?,
        mode: f.req("mode", name)?,
        prompt: f.req("prompt", string)?,
    })
}

fn write_quick_action(a: &QuickAction) -> Json {
    Obj::new()
        .str("label", &a.label)
        .str("mode", a.mode.wire_name())
        .str("prompt", &a.prompt)
        .done()
}

/// The fields of [`CustomMode`], in declaration order.
const CUSTOM_MODE_FIELDS: &[&str] = &["id", "name", "instructions", "context", "actions", "budget"];

/// A custom mode (`#[serde(default)]` on the struct).
fn read_custom_mode(node: &Node) -> Result<CustomMode, WireError> {
    let f = Fields::of(node, CUSTOM_MODE_FIELDS)?;
    let d = CustomMode::default();
    Ok(CustomMode {
        id: f.or("id", d.id, string)?,
        name: f.or("name", d.name, string)?,
        instructions: f.or("instructions", d.instructions, string)?,
        context: f.or("context", d.context, |n| {
            uint(n).and_then(|v| {
                ContextLevel::from_number(v)
                    .ok_or(WireError::Expected("a page context level 0 to 3"))
            })
        })?,
        actions: f.or("actions", d.actions, boolean)?,
        budget: f.or("budget", d.budget, uint32)?,
    })
}

fn write_custom_mode(m: &CustomMode) -> Json {
    Obj::new()
        .str("id", &m.id)
        .str("name", &m.name)
        .str("instructions", &m.instructions)
        .uint("context", u64::from(m.context.number()))
        .bool("actions", m.actions)
        .uint("budget", u64::from(m.budget))
        .done()
}

fn read_edited(node: &Node) -> Result<EditedInstructions, WireError> {
    let f = Fields::of(node, &["mode", "instructions"])?;
    Ok(EditedInstructions {
        mode: f.req("mode", name)?,
        instructions: f.req("instructions", string)?,
    })
}

fn write_edited(e: &EditedInstructions) -> Json {
    Obj::new()
        .str("mode", e.mode.wire_name())
        .str("instructions", &e.instructions)
        .done()
}

/// The settings' fields out of `f` (`#[serde(default)]` on the struct: an absent field takes
/// the default settings' value).
fn read_fields(f: &Fields) -> Result<Settings, WireError> {
    let d = Settings::default();
    Ok(Settings {
        api_base_url: f.or("apiBaseUrl", d.api_base_url, string)?,
        model: f.opt("model", string)?,
        persona_id: f.opt("personaId", string)?,
        default_mode: f.or("defaultMode", d.default_mode, name)?,
        max_steps: f.or("maxSteps", d.max_steps, uint32)?,
        max_actions: f.or("maxActions", d.max_actions, uint32)?,
        max_navigations: f.or("maxNavigations", d.max_navigations, uint32)?,
        screenshots: f.or("screenshots", d.screenshots, boolean)?,
        liveness_timeout_ms: f.or("livenessTimeoutMs", d.liveness_timeout_ms, uint)?,
        theme: f.or("theme", d.theme, super::appearance::lenient)?,
        font_size: f.or("fontSize", d.font_size, super::appearance::lenient)?,
        speech_voice: f.opt("speechVoice", string)?,
        speech_rate: f.or("speechRate", d.speech_rate, uint32)?,
        custom_modes: f.or("customModes", d.custom_modes, |n| list(n, read_custom_mode))?,
        mode_instructions: f.or("modeInstructions", d.mode_instructions, |n| {
            list(n, read_edited)
        })?,
        quick_actions: f.or("quickActions", d.quick_actions, |n| {
            list(n, read_quick_action)
        })?,
    })
}

impl Settings {
    /// Reads stored settings, as serde reads them (not validated).
    pub(crate) fn read(node: &Node) -> Result<Settings, WireError> {
        read_fields(&Fields::of(node, FIELDS)?)
    }

    /// Reads stored settings from a tree of the stored value: absent or `null` (nothing
    /// stored yet) gives the defaults. The result is validated (see [`Settings::from_json`]).
    pub fn from_node(node: Option<&Node>) -> Result<Settings, SettingsError> {
        match node {
            None | Some(Node::Null) => Ok(Settings::default()),
            Some(node) => Settings::read(node)
                .map_err(|e| SettingsError::Shape(e.to_string()))?
                .validated(),
        }
    }

    /// The settings' JSON text, as serde writes it (what the options page stores).
    pub fn to_json(&self) -> Json {
        self.write_fields(Obj::new()).done()
    }

    /// The settings' fields added to `obj`, in serde's order.
    fn write_fields(&self, obj: Obj) -> Obj {
        obj.str("apiBaseUrl", &self.api_base_url)
            .str_or_null("model", self.model.as_deref())
            .str_or_null("personaId", self.persona_id.as_deref())
            .str("defaultMode", self.default_mode.wire_name())
            .uint("maxSteps", u64::from(self.max_steps))
            .uint("maxActions", u64::from(self.max_actions))
            .uint("maxNavigations", u64::from(self.max_navigations))
            .bool("screenshots", self.screenshots)
            .uint("livenessTimeoutMs", self.liveness_timeout_ms)
            .str("theme", self.theme.wire_name())
            .str("fontSize", self.font_size.wire_name())
            .str_or_null("speechVoice", self.speech_voice.as_deref())
            .uint("speechRate", u64::from(self.speech_rate))
            .json(
                "customModes",
                &Json::array(self.custom_modes.iter().map(write_custom_mode)),
            )
            .json(
                "modeInstructions",
                &Json::array(self.mode_instructions.iter().map(write_edited)),
            )
            .json(
                "quickActions",
                &Json::array(self.quick_actions.iter().map(write_quick_action)),
            )
    }
}

impl SettingsView {
    /// Reads a view as serde reads it: the settings' fields and `hasApiKey` side by side in
    /// one object (not validated).
    pub(crate) fn read(node: &Node) -> Result<SettingsView, WireError> {
        let f = Fields::of_message(node)?;
        Ok(SettingsView {
            settings: read_fields(&f)?,
            has_api_key: f.or_default("hasApiKey", boolean)?,
        })
    }
}

impl WorkerToPage {
    /// The message's JSON text, as serde writes it (the worker sends it to the extension's
    /// pages): the view's settings fields and `hasApiKey` side by side, as `flatten` writes them.
    pub fn to_json(&self) -> Json {
        match self {
            WorkerToPage::Settings { settings: view } => {
                let fields = view
                    .settings
                    .write_fields(Obj::new())
                    .bool("hasApiKey", view.has_api_key)
                    .done();
                Obj::new()
                    .str("type", "SETTINGS")
                    .json("settings", &fields)
                    .done()
            }
            WorkerToPage::Choices { choices } => Obj::new()
                .str("type", "CHOICES")
                .json("choices", &choices.to_json())
                .done(),
            WorkerToPage::Context { text } => {
                Obj::new().str("type", "CONTEXT").str("text", text).done()
            }
            WorkerToPage::QuestionReady => Obj::new().str("type", "QUESTION_READY").done(),
            WorkerToPage::Question { question } => Obj::new()
                .str("type", "QUESTION")
                .opt_json(
                    "question",
                    question.as_ref().map(ReadyQuestion::write).as_ref(),
                )
                .done(),
        }
    }

    /// Reads one message from its JSON text, as serde reads it.
    pub fn from_json(text: &str) -> Result<WorkerToPage, WireError> {
        let node = parse(text)?;
        let f = Fields::of_message(&node)?;
        match f.tag()? {
            "SETTINGS" => Ok(WorkerToPage::Settings {
                settings: f.req("settings", SettingsView::read)?,
            }),
            // The model and persona lists, read leniently (bounded, unknown entries dropped).
            "CHOICES" => crate::wire::choices::ChoiceLists::from_json(text)
                .map(|choices| WorkerToPage::Choices { choices })
                .ok_or(WireError::Expected("the model and persona lists")),
            "CONTEXT" => Ok(WorkerToPage::Context {
                text: f.req("text", string)?,
            }),
            "QUESTION_READY" => Ok(WorkerToPage::QuestionReady),
            "QUESTION" => Ok(WorkerToPage::Question {
                question: f.opt("question", crate::wire::ready_question::read)?,
            }),
            other => Err(WireError::UnknownType(other.to_string())),
        }
    }
}

#[cfg(test)]
mod tests;
