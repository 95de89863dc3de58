//! What the options page's buttons do: Save (asking Chrome, inside the click, for the sites
//! the settings need, then storing them), Test connection, a theme or text size chosen
//! (applied and stored at once), and the model and persona lists loaded after a save.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use zo_core::ui::options_form::{self, FormValues};
use zo_core::wire::{parse_choices, ApiKey, FontSize, Obj, Settings, Theme, WireName};

use super::{get, net, Form, GetError};
use crate::dom;
use crate::host::to_js;

/// Ask for the permissions `settings` need (inside the user's click): the pending answer, or
/// None when there is nothing to ask for.
fn permission_request(
    host: &JsValue,
    settings: &Settings,
) -> Result<Option<js_sys::Promise>, String> {
    let origins = options_form::origins_to_request(settings);
    if origins.is_empty() {
        return Ok(None);
    }
    let list: js_sys::Array = origins.iter().map(|o| JsValue::from_str(o)).collect();
    let p = net::request_origins(host, &list)?;
    Ok(p.dyn_into::<js_sys::Promise>().ok())
}

async fn granted(p: Option<js_sys::Promise>) -> Result<(), String> {
    match p {
        None => Ok(()),
        Some(p) => match JsFuture::from(p).await {
            Ok(v) if v.as_bool() != Some(false) => Ok(()),
            Ok(_) => Err(
                "Chrome did not grant the permission (to contact that URL, or for screenshots \
                 to see all sites), so nothing was saved."
                    .into(),
            ),
            Err(e) => Err(format!(
                "Permission request failed: {}",
                zo_chrome::error_text(&e)
            )),
        },
    }
}

pub(super) async fn load_choices(
    form: Rc<RefCell<Form>>,
    settings: Settings,
    api_key: Option<ApiKey>,
) {
    let Some(api_key) = api_key else {
        return;
    };
    let base = settings.api_base_url.trim_end_matches('/').to_string();
    for (path, is_model) in [("/models/available", true), ("/personas/available", false)] {
        let url = format!("{base}{path}");
        let Ok((status, body)) = get(&url, &api_key, settings.liveness_timeout_ms).await else {
            continue;
        };
        if !(200..300).contains(&status) {
            continue;
        }
        let choices = parse_choices(&body);
        let Ok(f) = form.try_borrow() else { continue };
        let result = if is_model {
            let current = f.model.value();
            f.set_choices(
                &f.model,
                &choices,
                Some(current.as_str()).filter(|c| !c.is_empty()),
                "Zo's default model",
            )
        } else {
            let current = f.persona.value();
            f.set_choices(
                &f.persona,
                &choices,
                Some(current.as_str()).filter(|c| !c.is_empty()),
                "Zo's default persona",
            )
        };
        if let Err(e) = result {
            dom::log_error("options", &e);
        }
    }
}

/// What `save` stores: the settings, and the key under its own entry ("" when blank).
fn stored(values: &FormValues) -> Result<JsValue, String> {
    let stored = Obj::new()
        .json("settings", &values.settings.to_json())
        .str("apiKey", values.api_key.as_ref().map_or("", ApiKey::expose))
        .done();
    to_js(stored.as_str())
}

pub(super) fn on_save(form: &Rc<RefCell<Form>>) {
    let (values, host, pending) = {
        let Ok(f) = form.try_borrow() else { return };
        let values = match f.read() {
            Ok(v) => v,
            Err(e) => return f.say(false, &e),
        };
        let pending = match permission_request(&f.host, &values.settings) {
            Ok(p) => p,
            Err(e) => return f.say(false, &e),
        };
        f.say(true, "Saving…");
        (values, f.host.clone(), pending)
    };
    let form = form.clone();
    wasm_bindgen_futures::spawn_local(async move {
        let result = async {
            granted(pending).await?;
            net::save(&host, &stored(&values)?).await?;
            Ok::<(), String>(())
        }
        .await;
        let saved = result.is_ok();
        if let Ok(mut f) = form.try_borrow_mut() {
            match result {
                Ok(()) => {
                    f.settings = values.settings.clone();
                    f.api_key = values.api_key.clone();
                    f.base.set_value(&values.settings.api_base_url);
                    crate::appearance::apply(&f.doc, &values.settings);
                    f.say(true, "Saved.");
                }
                Err(e) => f.say(false, &e),
            }
        }
        if saved {
            load_choices(form, values.settings, values.api_key).await;
        }
    });
}

/// A theme or text size chosen: applied to this page now and stored with the settings as
/// last saved (other fields being edited are not saved by it).
pub(super) fn on_appearance(form: &Rc<RefCell<Form>>) {
    let (values, host) = {
        let Ok(mut f) = form.try_borrow_mut() else {
            return;
        };
        f.settings.theme = Theme::from_wire_name(&f.theme.value()).unwrap_or_default();
        f.settings.font_size = FontSize::from_wire_name(&f.font_size.value()).unwrap_or_default();
        crate::appearance::apply(&f.doc, &f.settings);
        let values = FormValues {
            settings: f.settings.clone(),
            api_key: f.api_key.clone(),
        };
        (values, f.host.clone())
    };
    wasm_bindgen_futures::spawn_local(async move {
        let result = match stored(&values) {
            Ok(v) => net::save(&host, &v).await,
            Err(e) => Err(e),
        };
        if let Err(e) = result {
            dom::log_error("saving the appearance", &e);
        }
    });
}

pub(super) fn on_test(form: &Rc<RefCell<Form>>) {
    let (settings, api_key, pending) = {
        let Ok(f) = form.try_borrow() else { return };
        let values = match f.read() {
            Ok(v) => v,
            Err(e) => return f.say(false, &e),
        };
        let Some(api_key) = values.api_key else {
            return f.say(false, "Enter your Zo API key first.");
        };
        let pending = match permission_request(&f.host, &values.settings) {
            Ok(p) => p,
            Err(e) => return f.say(false, &e),
        };
        f.say(true, "Testing…");
        (values.settings, api_key, pending)
    };
    let form = form.clone();
    wasm_bindgen_futures::spawn_local(async move {
        let url = format!(
            "{}/models/available",
            settings.api_base_url.trim_end_matches('/')
        );
        let report = match granted(pending).await {
            Err(e) => options_form::ConnectionReport {
                ok: false,
                message: e,
            },
            Ok(()) => match get(&url, &api_key, settings.liveness_timeout_ms).await {
                Ok((status, body)) => {
                    options_form::connection_report(&url, Some(status), &body, None)
                }
                Err(GetError::Redirected) => options_form::redirect_report(&url),
                Err(GetError::Failed(e)) => {
                    options_form::connection_report(&url, None, "", Some(&e))
                }
            },
        };
        if let Ok(f) = form.try_borrow() {
            f.say(report.ok, &report.message);
        }
        if report.ok {
            load_choices(form, settings, Some(api_key)).await;
        }
    });
}
