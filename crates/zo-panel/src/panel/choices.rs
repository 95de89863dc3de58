//! The model and persona pickers: the lists come from the worker (it fetches them with the
//! key the panel never sees, and caches them), read by `zo_core::wire::ChoiceLists`; a choice
//! is stored in the settings by the worker (SET_CHOICES), which answers with the new settings.
//! The first entry of each picker is Zo's default. The lists are asked for when the panel opens
//! and again when the settings change (another API, another key).

use wasm_bindgen_futures::JsFuture;
use zo_core::wire::{ChoiceLists, PageToWorker};

use super::{with_state, State};
use crate::dom::{self, append, set_attr, set_hidden, text_el, DomResult};
use web_sys::HtmlSelectElement;

impl State {
    /// Asks the worker for the lists; the pickers show them when they arrive.
    pub(super) fn load_choices(&self, refresh: bool) {
        // Without a key there is nothing to list (the onboarding card says what to do).
        if !self.has_api_key {
            return;
        }
        let message = PageToWorker::GetChoices { refresh }.to_json();
        let Some(reply) = self.host.send_message(&message) else {
            return;
        };
        let me = self.me.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let text = JsFuture::from(reply).await.ok().and_then(|v| v.as_string());
            match text.as_deref().and_then(ChoiceLists::from_json) {
                Some(lists) => {
                    with_state(&me, |s| s.set_choices(lists));
                }
                None => web_sys::console::warn_1(&"[zo panel] no model and persona lists".into()),
            }
        });
    }

    fn set_choices(&mut self, lists: ChoiceLists) {
        if let Some(e) = &lists.error {
            // Not the panel's failure: the pickers keep Zo's default.
            web_sys::console::warn_1(&format!("[zo panel] model and persona lists: {e}").into());
        }
        self.choices = lists;
        if let Err(e) = self.render_pickers() {
            dom::log_error("pickers", &e);
        }
    }

    /// Fills the pickers from the lists, the settings' choices selected (kept even when a list
    /// no longer has them).
    pub(super) fn render_pickers(&self) -> DomResult<()> {
        let lists = &self.choices;
        let any = !lists.models.is_empty() || !lists.personas.is_empty();
        set_hidden(&self.ui.choices, !any);
        let fill = |select: &HtmlSelectElement,
                    default: &str,
                    list: &[zo_core::wire::Choice],
                    chosen: Option<&str>|
         -> DomResult<()> {
            dom::clear(select);
            let first = text_el(&self.doc, "option", "", default)?;
            set_attr(&first, "value", "")?;
            append(select, &first)?;
            let mut options: Vec<(&str, &str)> = list
                .iter()
                .map(|c| (c.id.as_str(), c.label.as_str()))
                .collect();
            if let Some(id) = chosen.filter(|id| !list.iter().any(|c| c.id == *id)) {
                options.push((id, id));
            }
            for (id, label) in options {
                let option = text_el(&self.doc, "option", "", label)?;
                set_attr(&option, "value", id)?;
                append(select, &option)?;
            }
            select.set_value(chosen.unwrap_or(""));
            Ok(())
        };
        fill(
            &self.ui.model,
            "Default model",
            &lists.models,
            self.settings.model.as_deref(),
        )?;
        fill(
            &self.ui.persona,
            "Default persona",
            &lists.personas,
            self.settings.persona_id.as_deref(),
        )
    }

    /// The user picked a model or persona: the worker stores both, and answers with the
    /// settings, which the pickers then show.
    pub(super) fn choose(&mut self) {
        let pick = |select: &HtmlSelectElement| Some(select.value()).filter(|v| !v.is_empty());
        let (model, persona_id) = (pick(&self.ui.model), pick(&self.ui.persona));
        self.settings.model.clone_from(&model);
        self.settings.persona_id.clone_from(&persona_id);
        let message = PageToWorker::SetChoices { model, persona_id }.to_json();
        let Some(reply) = self.host.send_message(&message) else {
            return;
        };
        let me = self.me.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let reply = JsFuture::from(reply).await.unwrap_or_default();
            match crate::read_settings(&reply) {
                Ok(view) => {
                    with_state(&me, |s| s.set_settings(view));
                }
                Err(e) => dom::log_error("storing the model and persona", &e),
            }
        });
    }

    /// How the answers asked now name their model (None: Zo's default).
    pub(super) fn model_label(&self) -> Option<String> {
        let id = self.settings.model.as_deref()?;
        Some(self.choices.model_label(id).unwrap_or(id).to_string())
    }
}
