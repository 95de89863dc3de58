//! The options page's mode editor (in the Modes section): "Mode to edit" (a new custom mode,
//! one of the user's, or a built-in mode), its name, instructions, page context level,
//! whether Zo answers with actions, its page budget, Save mode / Delete mode / Reset to
//! default, and the live preview of the exact prompt. Every decision is
//! `zo_core::ui::mode_editor`'s; Save, Delete and Reset store the settings at once through
//! the page's one save path.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use zo_core::ui::mode_editor::{self, EditTarget, ModeFields, ModeLists};
use zo_core::wire::{ContextLevel, Settings, MAX_MODE_BUDGET, MIN_MODE_BUDGET};

use super::build::{input, option, row, select};
use super::Form;
use crate::dom::Listener;
use crate::dom::{self, append, el, listen, set_attr, set_hidden, text_el, DomError, DomResult};

/// The editor's fields and buttons.
pub(super) struct ModeEditor {
    pick: HtmlSelectElement,
    name: HtmlInputElement,
    instructions: HtmlTextAreaElement,
    context: HtmlSelectElement,
    actions: HtmlInputElement,
    budget: HtmlInputElement,
    save: Element,
    delete: Element,
    reset: Element,
    preview: Element,
    /// What Save mode, Delete mode and Reset did, beside them (a live region).
    pub(super) status: Element,
    /// What is being edited.
    target: EditTarget,
}

fn lists(s: &Settings) -> ModeLists {
    ModeLists {
        custom: s.custom_modes.clone(),
        edited: s.mode_instructions.clone(),
    }
}

fn button(doc: &Document, class: &str, text: &str) -> DomResult<Element> {
    let b = text_el(doc, "button", class, text)?;
    set_attr(&b, "type", "button")?;
    Ok(b)
}

/// Builds the editor's rows into `section`.
pub(super) fn build(doc: &Document, section: &Element) -> DomResult<ModeEditor> {
    let pick = select(doc, "modeToEdit")?;
    row(
        doc,
        section,
        "Mode to edit",
        "modeToEdit",
        &pick,
        "Add a mode of your own (it joins the side panel's mode picker), or change what a built-in mode tells Zo.",
    )?;
    let name = input(doc, "text", "modeName")?;
    set_attr(
        &name,
        "maxlength",
        &zo_core::wire::MAX_MODE_NAME_CHARS.to_string(),
    )?;
    row(doc, section, "Mode name", "modeName", &name, "")?;
    let instructions = el(doc, "textarea", "field mode-instructions")?;
    set_attr(&instructions, "id", "modeInstructions")?;
    set_attr(&instructions, "rows", "6")?;
    row(
        doc,
        section,
        "Instructions",
        "modeInstructions",
        &instructions,
        "What Zo should do in this mode. Always added after them: the note that page content is data, not instructions, and for a mode that acts, the action format and rules.",
    )?;
    let context = select(doc, "modeContext")?;
    for level in ContextLevel::ALL {
        option(doc, &context, &level.number().to_string(), level.label())?;
    }
    row(
        doc,
        section,
        "Page context",
        "modeContext",
        &context,
        "How much of the page goes with a question, as untrusted content: 0 nothing; 1 its title and address; 2 those and the start of its text (1,500 characters); 3 its text, as much as the budget holds.",
    )?;
    let actions = input(doc, "checkbox", "modeActions")?;
    let check = el(doc, "div", "row check")?;
    set_attr(&check, "data-keywords", "json actions co-browse")?;
    append(&check, &actions)?;
    let l = text_el(
        doc,
        "label",
        "",
        "Zo answers with actions (JSON, as in Co-browse): run in the tab, each checked by the same trust policy. Needs page context 2 or 3.",
    )?;
    set_attr(&l, "for", "modeActions")?;
    append(&check, &l)?;
    append(section, &check)?;
    let budget = input(doc, "number", "modeBudget")?;
    set_attr(&budget, "min", &MIN_MODE_BUDGET.to_string())?;
    set_attr(&budget, "max", &MAX_MODE_BUDGET.to_string())?;
    set_attr(&budget, "step", "100")?;
    row(
        doc,
        section,
        "Page budget (characters)",
        "modeBudget",
        &budget,
        &format!("Most characters of page content sent with a question ({MIN_MODE_BUDGET} to {MAX_MODE_BUDGET})."),
    )?;
    let buttons = el(doc, "div", "row mode-buttons")?;
    set_attr(&buttons, "data-keywords", "save delete reset mode")?;
    let save = button(doc, "btn primary", "Save mode")?;
    let delete = button(doc, "btn", "Delete mode")?;
    let reset = button(doc, "btn", "Reset to default")?;
    for b in [&save, &delete, &reset] {
        append(&buttons, b)?;
    }
    let status = el(doc, "p", "status mode-status")?;
    set_attr(&status, "role", "status")?;
    set_attr(&status, "aria-live", "polite")?;
    append(&buttons, &status)?;
    append(section, &buttons)?;

    let wrap = el(doc, "div", "row")?;
    set_attr(&wrap, "data-keywords", "prompt preview")?;
    let region = el(doc, "section", "mode-preview")?;
    set_attr(&region, "aria-labelledby", "modePreviewTitle")?;
    let h = text_el(doc, "h3", "row-label", "Prompt preview")?;
    set_attr(&h, "id", "modePreviewTitle")?;
    append(&region, &h)?;
    append(
        &region,
        &text_el(
            doc,
            "p",
            "help",
            "Exactly what Zo would receive for a sample shop page and the question “Is this a good deal?”, built by the same code the extension asks with.",
        )?,
    )?;
    let preview = el(doc, "pre", "preview")?;
    set_attr(&preview, "id", "modePreview")?;
    set_attr(&preview, "tabindex", "0")?;
    append(&region, &preview)?;
    append(&wrap, &region)?;
    append(section, &wrap)?;

    let cast = |e: Element, what| e.dyn_into().map_err(|_| DomError::Missing(what));
    Ok(ModeEditor {
        pick,
        name,
        instructions: cast(instructions, "textarea")?,
        context,
        actions,
        budget,
        save,
        delete,
        reset,
        preview,
        status,
        target: EditTarget::New,
    })
}

impl ModeEditor {
    fn fields(&self) -> ModeFields {
        ModeFields {
            name: self.name.value(),
            instructions: self.instructions.value(),
            context: self
                .context
                .value()
                .parse()
                .ok()
                .and_then(ContextLevel::from_number)
                .unwrap_or_default(),
            actions: self.actions.checked(),
            budget: self.budget.value(),
        }
    }

    /// The picker's options for `lists`, with `self.target` chosen.
    fn fill_picker(&self, doc: &Document, lists: &ModeLists) -> DomResult<()> {
        dom::clear(&self.pick);
        let mut group: Option<(&str, Element)> = None;
        for (value, label, heading) in mode_editor::picker_options(lists) {
            let parent = if heading.is_empty() {
                self.pick.clone().into()
            } else {
                if group.as_ref().map(|(h, _)| *h) != Some(heading) {
                    let g = el(doc, "optgroup", "")?;
                    set_attr(&g, "label", heading)?;
                    append(&self.pick, &g)?;
                    group = Some((heading, g));
                }
                group
                    .as_ref()
                    .map(|(_, g)| g.clone())
                    .unwrap_or_else(|| self.pick.clone().into())
            };
            let o = text_el(doc, "option", "", &label)?;
            set_attr(&o, "value", &value)?;
            append(&parent, &o)?;
        }
        self.pick.set_value(&self.target.value());
        Ok(())
    }

    /// The fields of `self.target` from `lists`, the buttons that apply to it, the preview.
    fn show(&self, lists: &ModeLists, max_steps: u32) {
        let f = mode_editor::fields_of(lists, &self.target);
        self.name.set_value(&f.name);
        self.instructions.set_value(&f.instructions);
        self.context.set_value(&f.context.number().to_string());
        self.actions.set_checked(f.actions);
        self.budget.set_value(&f.budget);
        let builtin = matches!(self.target, EditTarget::BuiltIn(_));
        for e in [&self.name, &self.actions, &self.budget] {
            e.set_disabled(builtin);
        }
        self.context.set_disabled(builtin);
        set_hidden(&self.delete, !matches!(self.target, EditTarget::Custom(_)));
        set_hidden(&self.reset, !builtin);
        self.update_preview(max_steps);
    }

    fn update_preview(&self, max_steps: u32) {
        let text = mode_editor::preview(&self.target, &self.fields(), max_steps);
        self.preview.set_text_content(Some(&text));
    }
}

/// The editor's state in the form, once the settings are known.
pub(super) fn show(form: &Form) {
    let lists = lists(&form.settings);
    if let Err(e) = form.modes.fill_picker(&form.doc, &lists) {
        dom::log_error("mode editor", &e);
    }
    form.modes.show(&lists, form.settings.max_steps);
}

/// Stores `lists` through the page's save path, the editor then on `target`.
fn store(form: &Rc<RefCell<Form>>, lists: ModeLists, target: EditTarget) {
    if let Ok(mut f) = form.try_borrow_mut() {
        f.settings.custom_modes = lists.custom;
        f.settings.mode_instructions = lists.edited;
        f.modes.target = target;
        f.reply_in_mode = true;
        show(&f);
    }
    super::on_save(form);
}

/// The editor's listeners.
pub(super) fn listen_all(form: &Rc<RefCell<Form>>) -> DomResult<Vec<Listener>> {
    let f = form.borrow();
    let m = &f.modes;
    let mut out = Vec::new();
    let w = form.clone();
    out.push(listen(&m.pick, "change", move |_| {
        if let Ok(mut f) = w.try_borrow_mut() {
            f.modes.target = EditTarget::from_value(&f.modes.pick.value());
            let lists = lists(&f.settings);
            f.modes.show(&lists, f.settings.max_steps);
        }
    })?);
    let fields: [&Element; 5] = [&m.name, &m.instructions, &m.context, &m.actions, &m.budget];
    for field in fields {
        for event in ["input", "change"] {
            let w = form.clone();
            out.push(listen(field, event, move |_| {
                if let Ok(f) = w.try_borrow() {
                    f.modes.update_preview(f.settings.max_steps);
                }
            })?);
        }
    }
    let w = form.clone();
    out.push(listen(&m.save, "click", move |_| {
        let result = match w.try_borrow() {
            Ok(f) => mode_editor::save(&lists(&f.settings), &f.modes.target, &f.modes.fields()),
            Err(_) => return,
        };
        match result {
            Ok((lists, target)) => store(&w, lists, target),
            Err(e) => {
                if let Ok(mut f) = w.try_borrow_mut() {
                    f.reply_in_mode = true;
                    f.say(false, &e);
                }
            }
        }
    })?);
    let w = form.clone();
    out.push(listen(&m.delete, "click", move |_| {
        let next = match w.try_borrow() {
            Ok(f) => match &f.modes.target {
                EditTarget::Custom(id) => mode_editor::delete(&lists(&f.settings), id),
                _ => return,
            },
            Err(_) => return,
        };
        store(&w, next, EditTarget::New);
    })?);
    let w = form.clone();
    out.push(listen(&m.reset, "click", move |_| {
        let (next, target) = match w.try_borrow() {
            Ok(f) => match &f.modes.target {
                EditTarget::BuiltIn(mode) => (
                    mode_editor::reset(&lists(&f.settings), *mode),
                    f.modes.target.clone(),
                ),
                _ => return,
            },
            Err(_) => return,
        };
        store(&w, next, target);
    })?);
    Ok(out)
}
