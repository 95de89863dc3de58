//! Network and host calls of the options page: a GET with the API key that never follows a
//! redirect (`redirect: "manual"`: the key is not carried to another address), and
//! promise-returning host methods.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use zo_chrome::error_text;
use zo_core::wire::ApiKey;

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
pub(super) async fn get(url: &str, key: &ApiKey) -> Result<(u16, String), GetError> {
    let failed = |e: JsValue| GetError::Failed(error_text(&e));
    let init = web_sys::RequestInit::new();
    init.set_method("GET");
    init.set_redirect(web_sys::RequestRedirect::Manual);
    let headers = web_sys::Headers::new().map_err(failed)?;
    headers
        .set("Authorization", &format!("Bearer {}", key.expose()))
        .map_err(failed)?;
    headers.set("Accept", "application/json").map_err(failed)?;
    init.set_headers(&headers);
    let request = web_sys::Request::new_with_str_and_init(url, &init).map_err(failed)?;
    let window = web_sys::window().ok_or_else(|| GetError::Failed("no window".into()))?;
    let resp = JsFuture::from(window.fetch_with_request(&request))
        .await
        .map_err(failed)?;
    let resp: web_sys::Response = resp
        .dyn_into()
        .map_err(|_| GetError::Failed("not a Response".into()))?;
    if resp.type_() == web_sys::ResponseType::Opaqueredirect {
        return Err(GetError::Redirected);
    }
    let text = match resp.text() {
        Ok(p) => JsFuture::from(p)
            .await
            .ok()
            .and_then(|t| t.as_string())
            .unwrap_or_default(),
        Err(_) => String::new(),
    };
    Ok((resp.status(), text))
}
