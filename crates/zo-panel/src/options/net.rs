//! Network and host calls of the options page: a GET with the API key that never follows a
//! redirect (`redirect: "manual"`: the key is not carried to another address), and
//! promise-returning host methods.

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use zo_core::wire::ApiKey;

pub(super) async fn call_host(
    host: &JsValue,
    name: &str,
    args: &[JsValue],
) -> Result<JsValue, String> {
    let f = js_sys::Reflect::get(host, &JsValue::from_str(name)).map_err(|e| format!("{e:?}"))?;
    let f = f
        .dyn_ref::<js_sys::Function>()
        .ok_or_else(|| format!("host has no {name}()"))?;
    let array = js_sys::Array::new();
    for a in args {
        array.push(a);
    }
    let v = f.apply(host, &array).map_err(|e| format!("{e:?}"))?;
    match v.dyn_into::<js_sys::Promise>() {
        Ok(p) => JsFuture::from(p).await.map_err(|e| js_message(&e)),
        Err(v) => Ok(v),
    }
}

pub(super) fn js_message(e: &JsValue) -> String {
    js_sys::Reflect::get(e, &"message".into())
        .ok()
        .and_then(|m| m.as_string())
        .or_else(|| e.as_string())
        .unwrap_or_else(|| format!("{e:?}"))
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
    let failed = |e: JsValue| GetError::Failed(js_message(&e));
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
