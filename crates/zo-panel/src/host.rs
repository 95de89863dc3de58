//! The panel's only door to chrome.*: a plain JS object the glue (sidepanel.js) passes in,
//! and tests replace with a recording fake. Methods it may have (all optional):
//! `post(msg) -> bool` (send on the `stream` port, reconnecting if needed), `saveHistory(obj)
//! -> Promise?` (a rejected write is shown to the user),
//! `openOptions()`, `copy(text)`, `tabId() -> number | null`, `tabUrl() -> string | null` (where
//! the bound tab is), `requestSiteAccess(pattern) -> Promise<bool>` (chrome.permissions.request
//! for that host; called inside the user's click).

use serde::Serialize;
use wasm_bindgen::{JsCast, JsValue};

#[derive(Clone)]
pub struct Host {
    obj: JsValue,
}

/// JSON (serde) -> a JS value, through `JSON.parse`.
pub fn to_js<T: Serialize>(value: &T) -> Result<JsValue, String> {
    let text = serde_json::to_string(value).map_err(|e| e.to_string())?;
    js_sys::JSON::parse(&text).map_err(|e| format!("{e:?}"))
}

/// A JS value -> serde_json, through `JSON.stringify`.
pub fn from_js(value: &JsValue) -> Result<serde_json::Value, String> {
    if value.is_undefined() || value.is_null() {
        return Ok(serde_json::Value::Null);
    }
    let text = js_sys::JSON::stringify(value)
        .map_err(|e| format!("{e:?}"))?
        .as_string()
        .unwrap_or_default();
    serde_json::from_str(&text).map_err(|e| e.to_string())
}

/// The message of a JS error (or rejection value).
pub fn error_text(e: &JsValue) -> String {
    js_sys::Reflect::get(e, &"message".into())
        .ok()
        .and_then(|m| m.as_string())
        .or_else(|| e.as_string())
        .unwrap_or_else(|| format!("{e:?}"))
}

impl Host {
    pub fn new(obj: JsValue) -> Host {
        Host { obj }
    }

    fn call(&self, name: &str, args: &[JsValue]) -> Result<JsValue, String> {
        let f = js_sys::Reflect::get(&self.obj, &JsValue::from_str(name))
            .map_err(|e| format!("{e:?}"))?;
        let Some(f) = f.dyn_ref::<js_sys::Function>() else {
            return Err(format!("host has no {name}()"));
        };
        let array = js_sys::Array::new();
        for a in args {
            array.push(a);
        }
        f.apply(&self.obj, &array).map_err(|e| error_text(&e))
    }

    /// Send a message to the worker. False when it could not be sent.
    pub fn post<T: Serialize>(&self, msg: &T) -> bool {
        match to_js(msg).and_then(|v| self.call("post", &[v])) {
            Ok(v) => v.as_bool().unwrap_or(true),
            Err(e) => {
                crate::dom::log_error("post to worker", &e);
                false
            }
        }
    }

    /// Stores the history: the pending write when the host returns one (a Promise).
    pub fn save_history(
        &self,
        value: &serde_json::Value,
    ) -> Result<Option<js_sys::Promise>, String> {
        let written = self.call("saveHistory", &[to_js(value)?])?;
        Ok(written.dyn_into::<js_sys::Promise>().ok())
    }

    pub fn open_options(&self) {
        if let Err(e) = self.call("openOptions", &[]) {
            crate::dom::log_error("open options", &e);
        }
    }

    pub fn copy(&self, text: &str) {
        if let Err(e) = self.call("copy", &[JsValue::from_str(text)]) {
            crate::dom::log_error("copy", &e);
        }
    }

    /// Where the bound tab is, when known.
    pub fn tab_url(&self) -> Option<String> {
        self.call("tabUrl", &[]).ok().and_then(|v| v.as_string())
    }

    /// Asks the user (unless already granted) to let the extension reach the host `pattern`:
    /// the pending answer, or None when the host cannot ask.
    pub fn request_site_access(&self, pattern: &str) -> Option<js_sys::Promise> {
        match self.call("requestSiteAccess", &[JsValue::from_str(pattern)]) {
            Ok(answer) => answer.dyn_into::<js_sys::Promise>().ok(),
            Err(e) => {
                crate::dom::log_error("site access", &e);
                None
            }
        }
    }

    /// The tab the panel is bound to, when known.
    pub fn tab_id(&self) -> Option<i32> {
        self.call("tabId", &[])
            .ok()
            .and_then(|v| v.as_f64())
            .filter(|n| n.fract() == 0.0 && *n >= 0.0 && *n <= f64::from(i32::MAX))
            .map(|n| n as i32)
    }
}

/// A fresh unique id (crypto.randomUUID when available).
pub fn new_id() -> String {
    let global = js_sys::global();
    let uuid = js_sys::Reflect::get(&global, &"crypto".into())
        .ok()
        .filter(|c| !c.is_undefined())
        .and_then(|crypto| {
            let f = js_sys::Reflect::get(&crypto, &"randomUUID".into()).ok()?;
            let f = f.dyn_ref::<js_sys::Function>()?;
            f.call0(&crypto).ok()?.as_string()
        });
    uuid.unwrap_or_else(|| {
        format!(
            "{:x}-{:x}",
            js_sys::Date::now() as u64,
            (js_sys::Math::random() * 1e15) as u64
        )
    })
}

pub fn now_ms() -> u64 {
    js_sys::Date::now().max(0.0) as u64
}
