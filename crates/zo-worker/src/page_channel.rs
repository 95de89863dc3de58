//! The worker's one-off messages with the extension's pages (`chrome.runtime.sendMessage`):
//! GET_SETTINGS from the side panel or the options page is answered with the settings view
//! (settings and whether a key is set, never the key), and every change of the stored
//! settings or key is sent to all open extension pages as SETTINGS. GET_CHOICES is answered
//! with the model and persona lists ([`crate::choices`]); SET_CHOICES (the panel's pickers)
//! stores the model and persona in the settings; SET_SCREENSHOTS (the panel's Visual-mode
//! switch) turns screenshots on or off; GET_CONTEXT (the panel's /context) is answered with the
//! page context a question would carry ([`crate::context_preview`]); TAKE_QUESTION (the side
//! panel) is answered with the question an entry point made ready for it ([`crate::entry`]).
//! That way the side panel never reads the settings itself nor listens to
//! `chrome.storage.onChanged`, which would hand it the key's new value. Messages from any other sender are refused ([`crate::gate`]).
//! Messages both ways are JSON text, as on the ports.

use js_sys::Function;
use wasm_bindgen::{JsCast, JsValue};
use zo_core::wire::{settings_changed, PageToWorker, WorkerToPage, SETTINGS_KEY};

use crate::chrome::StorageArea;
use crate::context::WorkerCtx;
use crate::convert::warn;
use crate::gate;

/// The SETTINGS message for the stored state, or None (logged) when it cannot be read.
async fn settings_message(ctx: &WorkerCtx) -> Option<JsValue> {
    let view = match ctx.settings_view().await {
        Ok(view) => view,
        Err(e) => {
            warn(
                "reading the settings for the extension pages",
                &e.to_string(),
            );
            return None;
        }
    };
    let message = WorkerToPage::Settings { settings: view }.to_json();
    Some(JsValue::from_str(message.as_str()))
}

fn respond(send_response: &Function, message: Option<&JsValue>) {
    let sent = match message {
        Some(message) => send_response.call1(&JsValue::UNDEFINED, message),
        None => send_response.call0(&JsValue::UNDEFINED),
    };
    if let Err(e) = sent {
        warn("answering an extension page", &zo_chrome::error_text(&e));
    }
}

/// chrome.runtime.onMessage. `send_response` is always called exactly once (with nothing for
/// a refused sender or an unknown message), so no channel stays open.
pub fn on_message(ctx: WorkerCtx, message: JsValue, sender: JsValue, send_response: Function) {
    let sender = sender
        .is_object()
        .then(|| sender.unchecked_ref::<zo_chrome::MessageSender>());
    let Some(page) = gate::admit(sender, "a message") else {
        return respond(&send_response, None);
    };
    let parsed = match message.as_string() {
        Some(text) => PageToWorker::from_json(&text).map_err(|e| e.to_string()),
        None => Err("not JSON text".to_string()),
    };
    match parsed {
        Ok(PageToWorker::GetSettings) => wasm_bindgen_futures::spawn_local(async move {
            let message = settings_message(&ctx).await;
            respond(&send_response, message.as_ref());
        }),
        Ok(PageToWorker::GetChoices { refresh }) => wasm_bindgen_futures::spawn_local(async move {
            let choices = crate::choices::lists(&ctx, refresh).await;
            let message = WorkerToPage::Choices { choices }.to_json();
            respond(&send_response, Some(&JsValue::from_str(message.as_str())));
        }),
        Ok(PageToWorker::SetScreenshots { on }) => wasm_bindgen_futures::spawn_local(async move {
            if let Err(e) = set_screenshots(&ctx, on).await {
                warn("turning screenshots on or off", &e);
            }
            let message = settings_message(&ctx).await;
            respond(&send_response, message.as_ref());
        }),
        Ok(PageToWorker::SetChoices { model, persona_id }) => {
            wasm_bindgen_futures::spawn_local(async move {
                if let Err(e) = set_choices(&ctx, model, persona_id).await {
                    warn("storing the model and persona", &e);
                }
                let message = settings_message(&ctx).await;
                respond(&send_response, message.as_ref());
            })
        }
        Ok(PageToWorker::GetContext {
            mode,
            custom_mode,
            tab_id,
            context_tabs,
            quote,
        }) => wasm_bindgen_futures::spawn_local(async move {
            let question = crate::context_preview::Question {
                mode,
                custom_mode,
                tab_id,
                context_tabs,
                quote,
            };
            let text = crate::context_preview::preview(&ctx, &page, &question).await;
            let message = WorkerToPage::Context { text }.to_json();
            respond(&send_response, Some(&JsValue::from_str(message.as_str())));
        }),
        Ok(PageToWorker::TakeQuestion { tab_id }) => {
            let question = crate::entry::take(tab_id);
            let message = WorkerToPage::Question { question }.to_json();
            respond(&send_response, Some(&JsValue::from_str(message.as_str())));
        }
        Err(e) => {
            warn("ignored a message of an extension page", &e);
            respond(&send_response, None);
        }
    }
}

/// Screenshots on or off in the stored settings. On needs Chrome's permission for all sites
/// (a screenshot captures whatever page the tab shows), asked for by the panel in the user's
/// click: it is checked here, and without it nothing changes.
async fn set_screenshots(ctx: &WorkerCtx, on: bool) -> Result<(), String> {
    let permitted = ctx
        .chrome
        .host_permitted(zo_core::trust::site::ALL_URLS)
        .await;
    if on && !permitted.unwrap_or(false) {
        return Err("Chrome did not grant access to all sites, which screenshots need".into());
    }
    let mut settings = ctx.settings().await.map_err(|e| e.to_string())?;
    if settings.screenshots == on {
        return Ok(());
    }
    settings.screenshots = on;
    ctx.chrome
        .storage_set(StorageArea::Local, SETTINGS_KEY, settings.to_json())
        .await
        .map_err(|e| e.to_string())
}

/// The model and persona the questions go to, stored in the settings (blank: Zo's default).
async fn set_choices(
    ctx: &WorkerCtx,
    model: Option<String>,
    persona_id: Option<String>,
) -> Result<(), String> {
    let clean = |v: Option<String>| {
        v.map(|s| {
            s.trim()
                .chars()
                .take(zo_core::wire::MAX_CHOICE_CHARS)
                .collect::<String>()
        })
        .filter(|s| !s.is_empty())
    };
    let mut settings = ctx.settings().await.map_err(|e| e.to_string())?;
    let (model, persona_id) = (clean(model), clean(persona_id));
    if settings.model == model && settings.persona_id == persona_id {
        return Ok(());
    }
    settings.model = model;
    settings.persona_id = persona_id;
    ctx.chrome
        .storage_set(StorageArea::Local, SETTINGS_KEY, settings.to_json())
        .await
        .map_err(|e| e.to_string())
}

/// chrome.storage.onChanged (the key names only; the values never cross into here): sends the
/// new settings view to every open extension page, and drops the cached model and persona
/// lists (they depend on the API and the key).
pub fn on_storage_changed(ctx: WorkerCtx, area: String, keys: Vec<String>) {
    if !settings_changed(&area, &keys) {
        return;
    }
    wasm_bindgen_futures::spawn_local(async move {
        crate::choices::forget(&ctx).await;
        let Some(message) = settings_message(&ctx).await else {
            return;
        };
        // Rejected when no extension page is open to receive it: nothing to tell then.
        let _ = zo_chrome::send_message(&message).await;
    });
}

/// At worker start: a key still stored inside the settings (an earlier version) moves out.
pub fn start(ctx: WorkerCtx) {
    wasm_bindgen_futures::spawn_local(async move {
        if let Err(e) = ctx.migrate_legacy_key().await {
            warn("moving the API key out of the settings", &e.to_string());
        }
    });
}
