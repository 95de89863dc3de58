//! The options page, in sections with a navigation list and a search box (`search.rs`):
//! API key (masked, with a reveal toggle), API base URL (https, or http on
//! this computer; a host other than Zo's API is allowed by the user in the click that saves it,
//! through Chrome's permission prompt), model and persona pickers filled from Zo, default mode,
//! max steps, screenshots (which need Chrome's permission for all sites, asked for the same
//! way), liveness timeout, theme and text size, the read-aloud voice (the browser's voices,
//! listed again when they load late) and speed, Save and Test connection. The options page is where the key is
//! typed, so it is the one page that reads and writes it (its own storage entry).
//!
//! Host object from `options.js`: `load() -> Promise<{settings, apiKey, streamShape}>`,
//! `save({settings, apiKey}) -> Promise`, `requestOrigins(patterns) -> Promise<bool>` (must be
//! called inside the click, which this code does before any await), `voices() -> string` (the
//! browser's voices as JSON text, `[{uri, name, lang}]`; the glue calls `onVoices()` when
//! they change), `commands() -> Promise<Command[]>` and `openShortcuts()` (the keyboard
//! shortcuts, [`shortcuts`]).

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlInputElement, HtmlSelectElement};
use zo_core::ui::options_form::{self, FormFields, FormValues};
use zo_core::ui::speech;
use zo_core::wire::{parse_json, ApiKey, Choice, FontSize, JsonNode, Settings, Theme, WireName};

use crate::dom::{self, listen, set_attr, DomResult, Listener};
use crate::host::json_text;
use crate::layout::{mode_from_value, mode_value};
use actions::{load_choices, on_appearance, on_save, on_test};

mod actions;
mod build;
mod modes;
mod net;
mod quick;
mod search;
mod shortcuts;
mod stream_shape;

use build::option;
use net::{get, GetError};

/// The form's fields and the settings last loaded or saved.
struct Form {
    doc: Document,
    host: JsValue,
    key: HtmlInputElement,
    reveal: Element,
    base: HtmlInputElement,
    model: HtmlSelectElement,
    persona: HtmlSelectElement,
    mode: HtmlSelectElement,
    max_steps: HtmlInputElement,
    max_actions: HtmlInputElement,
    max_navigations: HtmlInputElement,
    screenshots: HtmlInputElement,
    liveness: HtmlInputElement,
    theme: HtmlSelectElement,
    font_size: HtmlSelectElement,
    /// The read-aloud voice (`voiceURI`; "" for the browser's default) and rate (percent).
    speech_voice: HtmlSelectElement,
    speech_rate: HtmlSelectElement,
    test: Element,
    status: Element,
    /// The next result is the mode editor's (Save mode, Delete, Reset): said beside its
    /// buttons, not in the page's status.
    reply_in_mode: bool,
    /// The stream-shape details view's body.
    shape: Element,
    /// The keyboard shortcuts' rows, and the button to Chrome's shortcut settings.
    shortcut_list: Element,
    shortcut_change: Element,
    /// The mode editor (custom modes, built-in instructions, the prompt preview).
    modes: modes::ModeEditor,
    /// The quick-action chips' rows, Add and Reset.
    quick: quick::QuickSection,
    settings: Settings,
    api_key: Option<ApiKey>,
}

#[cfg(feature = "options-page")]
#[wasm_bindgen]
pub struct OptionsPage {
    form: Rc<RefCell<Form>>,
    _listeners: Vec<Listener>,
}

impl Form {
    fn fill(&self) {
        let s = &self.settings;
        self.key
            .set_value(self.api_key.as_ref().map_or("", ApiKey::expose));
        self.base.set_value(&s.api_base_url);
        self.mode.set_value(mode_value(s.default_mode));
        self.max_steps.set_value(&s.max_steps.to_string());
        self.max_actions.set_value(&s.max_actions.to_string());
        self.max_navigations
            .set_value(&s.max_navigations.to_string());
        self.screenshots.set_checked(s.screenshots);
        self.liveness
            .set_value(&options_form::liveness_secs(s.liveness_timeout_ms));
        self.theme.set_value(s.theme.wire_name());
        self.font_size.set_value(s.font_size.wire_name());
        self.speech_rate.set_value(&s.speech_rate.to_string());
        self.show_voices(s.speech_voice.as_deref());
        modes::show(self);
        crate::appearance::apply(&self.doc, s);
        if let Err(e) = quick::fill(&self.doc, &self.quick.list, &s.quick_actions) {
            dom::log_error("quick actions", &e);
        }
        let _ = self.set_choices(
            &self.model.clone(),
            &[],
            s.model.as_deref(),
            "Zo's default model",
        );
        let _ = self.set_choices(
            &self.persona.clone(),
            &[],
            s.persona_id.as_deref(),
            "Zo's default persona",
        );
    }

    fn set_choices(
        &self,
        sel: &HtmlSelectElement,
        choices: &[Choice],
        current: Option<&str>,
        default_label: &str,
    ) -> DomResult<()> {
        dom::clear(sel);
        option(&self.doc, sel, "", default_label)?;
        for c in choices {
            option(&self.doc, sel, &c.id, &c.label)?;
        }
        if let Some(cur) = current.filter(|c| !choices.iter().any(|x| x.id == *c)) {
            option(&self.doc, sel, cur, cur)?;
        }
        sel.set_value(current.unwrap_or(""));
        Ok(())
    }

    /// The voice picker, from the voices the browser lists now, `current` chosen.
    fn show_voices(&self, current: Option<&str>) {
        let voices = speech::read_voices(&net::voices(&self.host));
        dom::clear(&self.speech_voice);
        for (value, label) in speech::voice_choices(&voices, current) {
            if let Err(e) = option(&self.doc, &self.speech_voice, &value, &label) {
                dom::log_error("voices", &e);
            }
        }
        self.speech_voice.set_value(current.unwrap_or(""));
    }

    /// The settings and key as the form says, validated.
    fn read(&self) -> Result<FormValues, String> {
        options_form::values_from_form(FormFields {
            api_key: self.key.value(),
            api_base_url: self.base.value(),
            model: self.model.value(),
            persona_id: self.persona.value(),
            default_mode: mode_from_value(&self.mode.value()).unwrap_or_default(),
            max_steps: self.max_steps.value(),
            max_actions: self.max_actions.value(),
            max_navigations: self.max_navigations.value(),
            screenshots: self.screenshots.checked(),
            liveness_secs: self.liveness.value(),
            theme: Theme::from_wire_name(&self.theme.value()).unwrap_or_default(),
            font_size: FontSize::from_wire_name(&self.font_size.value()).unwrap_or_default(),
            speech_voice: self.speech_voice.value(),
            speech_rate: self
                .speech_rate
                .value()
                .parse()
                .unwrap_or(speech::DEFAULT_RATE),
            custom_modes: self.settings.custom_modes.clone(),
            mode_instructions: self.settings.mode_instructions.clone(),
            quick_actions: quick::read(&self.quick.list),
        })
    }

    /// Says a result beside the buttons that asked for it (one live region speaks it): the
    /// mode editor's after Save mode, Delete or Reset, else the bar's of Save and Test.
    fn say(&self, ok: bool, text: &str) {
        let (here, other) = if self.reply_in_mode {
            (&self.modes.status, &self.status)
        } else {
            (&self.status, &self.modes.status)
        };
        other.set_text_content(None);
        here.set_text_content(Some(text));
        let _ = set_attr(here, "data-ok", if ok { "true" } else { "false" });
    }
}

#[cfg(feature = "options-page")]
#[wasm_bindgen]
impl OptionsPage {
    /// Build the options form inside `mount` and load the stored settings through `host`.
    #[wasm_bindgen(constructor)]
    pub fn new(mount: Element, host: JsValue) -> Result<OptionsPage, JsValue> {
        let doc = mount
            .owner_document()
            .ok_or_else(|| JsValue::from_str("mount element has no document"))?;
        let (form, root, search) = build::build(doc.clone(), &mount, host)?;
        let form = Rc::new(RefCell::new(form));
        form.borrow().fill();
        // Busy until the stored settings are on screen (they replace the defaults shown).
        mount.set_attribute("aria-busy", "true")?;

        let mut listeners = search::SearchParts::listen(Rc::new(search))?;
        // Keyboard shortcuts: listed as Chrome has them now; the button opens Chrome's page.
        {
            let f = form.borrow();
            let host = f.host.clone();
            listeners.push(listen(&f.shortcut_change, "click", move |_| {
                shortcuts::open_settings(&host)
            })?);
            // The note's link: Chrome opens its own pages for the extension, not from a link.
            let host = f.host.clone();
            listeners.push(listen(&f.shortcut_list, "click", move |e| {
                let link = e
                    .target()
                    .and_then(|t| t.dyn_into::<Element>().ok())
                    .and_then(|t| t.closest(&format!("[{}]", shortcuts::OPEN_ATTR)).ok()?);
                if link.is_some() {
                    e.prevent_default();
                    shortcuts::open_settings(&host);
                }
            })?);
            let (doc, list, host) = (f.doc.clone(), f.shortcut_list.clone(), f.host.clone());
            wasm_bindgen_futures::spawn_local(async move {
                shortcuts::show(&doc, &list, &host).await;
            });
        }
        listeners.extend(modes::listen_all(&form)?);
        listeners.extend(quick::wire(&doc, &form.borrow().quick)?);
        let f2 = form.clone();
        listeners.push(listen(&root, "submit", move |e| {
            e.prevent_default();
            if let Ok(mut f) = f2.try_borrow_mut() {
                f.reply_in_mode = false;
            }
            on_save(&f2);
        })?);
        let f2 = form.clone();
        let test_el = form.borrow().test.clone();
        listeners.push(listen(&test_el, "click", move |_| {
            if let Ok(mut f) = f2.try_borrow_mut() {
                f.reply_in_mode = false;
            }
            on_test(&f2)
        })?);
        // Theme and text size apply as soon as they are chosen: on this page at once, and
        // stored (with the settings as last saved) so an open side panel follows.
        for field in [form.borrow().theme.clone(), form.borrow().font_size.clone()] {
            let f2 = form.clone();
            listeners.push(listen(&field, "change", move |_| on_appearance(&f2))?);
        }
        let f2 = form.clone();
        let reveal_el = form.borrow().reveal.clone();
        listeners.push(listen(&reveal_el, "click", move |_| {
            if let Ok(f) = f2.try_borrow() {
                let show = f.key.type_() == "password";
                f.key.set_type(if show { "text" } else { "password" });
                f.reveal
                    .set_text_content(Some(if show { "Hide" } else { "Show" }));
                let _ = set_attr(
                    &f.reveal,
                    "aria-pressed",
                    if show { "true" } else { "false" },
                );
                let _ = set_attr(
                    &f.reveal,
                    "aria-label",
                    if show {
                        "Hide the API key"
                    } else {
                        "Show the API key"
                    },
                );
            }
        })?);

        let f2 = form.clone();
        let busy = mount.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let host = match f2.try_borrow() {
                Ok(f) => f.host.clone(),
                Err(_) => return,
            };
            let stored = net::load(&host).await.and_then(|v| json_text(&v));
            let (settings, api_key) = match stored.as_deref().map(parse_json) {
                Ok(Ok(v)) => (
                    Settings::from_node(v.get("settings")).map_err(|e| e.to_string()),
                    v.get("apiKey")
                        .and_then(JsonNode::as_str)
                        .and_then(ApiKey::from_text),
                ),
                Ok(Err(e)) => (Err(e.to_string()), None),
                Err(e) => (Err(e.clone()), None),
            };
            if let (Ok(Ok(v)), Ok(f)) = (stored.as_deref().map(parse_json), f2.try_borrow()) {
                let shape =
                    zo_core::stream::shape_view(v.get("streamShape").unwrap_or(&JsonNode::Null));
                if let Err(e) = stream_shape::show(&f.doc, &f.shape, &shape) {
                    crate::dom::log_error("stream shape", &e);
                }
            }
            let loaded = match f2.try_borrow_mut() {
                Ok(mut f) => match settings {
                    Ok(s) => {
                        f.settings = s.clone();
                        f.api_key = api_key.clone();
                        f.fill();
                        Some(s)
                    }
                    Err(e) => {
                        f.say(
                            false,
                            &format!("Stored settings could not be read ({e}); showing defaults."),
                        );
                        None
                    }
                },
                Err(_) => None,
            };
            let _ = busy.set_attribute("aria-busy", "false");
            if let Some(s) = loaded {
                load_choices(f2, s, api_key).await;
            }
        });

        Ok(OptionsPage {
            form,
            _listeners: listeners,
        })
    }

    /// The browser's voices changed (`voiceschanged`: they load late): the picker lists them,
    /// the choice on screen kept.
    #[wasm_bindgen(js_name = onVoices)]
    pub fn on_voices(&self) {
        if let Ok(f) = self.form.try_borrow() {
            let current = f.speech_voice.value();
            f.show_voices(Some(current.as_str()).filter(|c| !c.is_empty()));
        }
    }

    /// The status line's text (for tests).
    #[wasm_bindgen(js_name = statusText)]
    pub fn status_text(&self) -> String {
        self.form
            .try_borrow()
            .ok()
            .and_then(|f| f.status.text_content())
            .unwrap_or_default()
    }
}
