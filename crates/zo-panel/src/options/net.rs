//! Network and host calls of the options page: a GET with the API key that never follows a
//! redirect (`redirect: "manual"`: the key is not carried to another address), reads at most
//! as much of the answer as the worker does and gives up after the liveness timeout; and
//! promise-returning host methods.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use zo_chrome::error_text;
use zo_core::wire::{ApiKey, MAX_LIST_BODY_BYTES};

#[wasm_bindgen]
extern "C" {
    /// The options page's host object (see the module doc of `options`).
    type OptionsHost;
    #[wasm_bindgen(method, catch)]
    fn load(this: &OptionsHost) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, catch)]
    fn save(this: &OptionsHost, stored: &JsValue) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, catch)]
    fn voices(this: &OptionsHost) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, catch, js_name = requestOrigins)]
    fn request_origins(this: &OptionsHost, patterns: &js_sys::Array) -> Result<JsValue, JsValue>;
}

/// What a host call returned, awaited when it is a promise.
async fn settled(result: Result<JsValue, JsValue>) -> Result<JsValue, String> {
    let v = result.map_err(|e| error_text(&e))?;
    match v.dyn_into::<js_sys::Promise>() {
        Ok(p) => JsFuture::from(p).await.map_err(|e| error_text(&e)),
        Err(v) => Ok(v),
    }
}

/// `host.voices()`: the browser's read-aloud voices as JSON text (`[]` when it has none, or
/// the host cannot tell).
pub(super) fn voices(host: &JsValue) -> String {
    host.unchecked_ref::<OptionsHost>()
        .voices()
        .ok()
        .and_then(|v| v.as_string())
        .unwrap_or_else(|| "[]".into())
}

/// `host.load()`: `{settings, apiKey}` as stored.
pub(super) async fn load(host: &JsValue) -> Result<JsValue, String> {
    settled(host.unchecked_ref::<OptionsHost>().load()).await
}

/// `host.save({settings, apiKey})`.
pub(super) async fn save(host: &JsValue, stored: &JsValue) -> Result<JsValue, String> {
    settled(host.unchecked_ref::<OptionsHost>().save(stored)).await
}

/// `host.requestOrigins(patterns)` (inside the user's click): the pending answer.
pub(super) fn request_origins(host: &JsValue, patterns: &js_sys::Array) -> Result<JsValue, String> {
    host.unchecked_ref::<OptionsHost>()
        .request_origins(patterns)
        .map_err(|e| error_text(&e))
}

/// Why a GET brought no answer.
pub(super) enum GetError {
    /// The server answered with a redirect, which is not followed.
    Redirected,
    /// Network failure (or a request that could not be built).
    Failed(String),
}

impl From<String> for GetError {
    fn from(message: String) -> Self {
        GetError::Failed(message)
    }
}

/// GET `url` with the key; (status, body), the redirect that was not followed, or the error.
/// The body is read up to [`MAX_LIST_BODY_BYTES`] (the rest of a longer one is left unread),
/// and every wait (the answer, each piece of the body) gives up after `timeout_ms`, aborting
/// the request.
pub(super) async fn get(
    url: &str,
    key: &ApiKey,
    timeout_ms: u64,
) -> Result<(u16, String), GetError> {
    let failed = |e: JsValue| GetError::Failed(error_text(&e));
    let controller = web_sys::AbortController::new().map_err(failed)?;
    let init = web_sys::RequestInit::new();
    init.set_method("GET");
    init.set_redirect(web_sys::RequestRedirect::Manual);
    init.set_signal(Some(&controller.signal()));
    let headers = web_sys::Headers::new().map_err(failed)?;
    headers
        .set("Authorization", &format!("Bearer {}", key.expose()))
        .map_err(failed)?;
    headers.set("Accept", "application/json").map_err(failed)?;
    init.set_headers(&headers);
    let request = web_sys::Request::new_with_str_and_init(url, &init).map_err(failed)?;
    let window = web_sys::window().ok_or_else(|| GetError::Failed("no window".into()))?;
    let wait = Wait {
        controller: &controller,
        timeout_ms,
    };
    let resp: web_sys::Response = wait
        .on(window.fetch_with_request(&request))
        .await?
        .dyn_into()
        .map_err(|_| GetError::Failed("not a Response".into()))?;
    if resp.type_() == web_sys::ResponseType::Opaqueredirect {
        return Err(GetError::Redirected);
    }
    let mut body = Vec::new();
    if let Some(stream) = resp.body() {
        let reader: web_sys::ReadableStreamDefaultReader = stream
            .get_reader()
            .dyn_into()
            .map_err(|_| GetError::Failed("the body cannot be read".into()))?;
        while body.len() < MAX_LIST_BODY_BYTES {
            let result = wait.on(reader.read()).await?;
            let Some(bytes) = zo_chrome::fetch::chunk(&result)? else {
                break;
            };
            let room = MAX_LIST_BODY_BYTES - body.len();
            body.extend_from_slice(&bytes[..bytes.len().min(room)]);
        }
        // What is left of a longer body is not read.
        controller.abort();
    }
    Ok((resp.status(), String::from_utf8_lossy(&body).into_owned()))
}

/// One request's waits, each given up after `timeout_ms` (the request is then aborted).
struct Wait<'a> {
    controller: &'a web_sys::AbortController,
    timeout_ms: u64,
}

impl Wait<'_> {
    async fn on(&self, promise: js_sys::Promise) -> Result<JsValue, GetError> {
        let ms = u32::try_from(self.timeout_ms).unwrap_or(u32::MAX);
        match zo_chrome::fetch::within(promise, ms).await {
            Some(outcome) => outcome.map_err(|e| GetError::Failed(error_text(&e))),
            None => {
                self.controller.abort();
                Err(GetError::Failed(format!(
                    "no answer within {} s",
                    self.timeout_ms / 1000
                )))
            }
        }
    }
}
