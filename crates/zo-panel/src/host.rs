//! The panel's only door to chrome.*: a plain JS object the glue (sidepanel.js) passes in,
//! and tests replace with a recording fake, called through typed bindings. Methods it may
//! have (all optional; a missing one is logged): `post(text) -> bool` (send one
//! `PanelToWorker` JSON text on the `stream` port, reconnecting if needed),
//! `saveHistory(obj) -> Promise?` (the history object; a rejected write is shown to the user),
//! `openOptions()`, `copy(text)`, `tabId() -> number | null`, `tabUrl() -> string | null`,
//! `tabTitle() -> string | null` (where the bound tab is), `sendMessage(text) -> Promise`
//! (one `PageToWorker` JSON text to the worker, answered with its reply's text),
//! `requestSiteAccess(pattern | patterns) -> Promise<bool>` (chrome.permissions.request
//! for those hosts; called inside the user's click), `windowTabs() -> Promise<[{id, title,
//! url}]>` (the open tabs of the panel's window, for `@`), `download(name, type, text)` (saves
//! a file the panel made, through a Blob's object URL), `speak(token, texts, rate, voice)` (reads the
//! texts aloud with speechSynthesis, in that voice (`voiceURI`, or null) and rate, then calls
//! the panel's `onSpeechEnd(token)`), `stopSpeaking()`, `startVoice() -> bool` (starts speech
//! recognition with interim results, false where the browser has none; its events go to the
//! panel's `onVoice(kind, a, b)`), `stopVoice()` and `openMicPage()` (the tab that asks for
//! the microphone).

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use zo_core::wire::PanelToWorker;

#[wasm_bindgen]
extern "C" {
    /// The glue's host object.
    #[derive(Clone)]
    type HostObject;
    #[wasm_bindgen(method, catch)]
    fn post(this: &HostObject, message: &str) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, catch, js_name = saveHistory)]
    fn save_history(this: &HostObject, history: &JsValue) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, catch, js_name = openOptions)]
    fn open_options(this: &HostObject) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, catch)]
    fn copy(this: &HostObject, text: &str) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, catch, js_name = tabUrl)]
    fn tab_url(this: &HostObject) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, catch, js_name = sendMessage)]
    fn send_message(this: &HostObject, message: &str) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, catch, js_name = tabTitle)]
    fn tab_title(this: &HostObject) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, catch, js_name = tabId)]
    fn tab_id(this: &HostObject) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, catch)]
    fn download(this: &HostObject, name: &str, mime: &str, text: &str) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, catch)]
    fn speak(
        this: &HostObject,
        token: u32,
        texts: js_sys::Array,
        rate: f32,
        voice: Option<String>,
    ) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, catch, js_name = stopSpeaking)]
    fn stop_speaking(this: &HostObject) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, catch, js_name = startVoice)]
    fn start_voice(this: &HostObject) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, catch, js_name = stopVoice)]
    fn stop_voice(this: &HostObject) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, catch, js_name = openMicPage)]
    fn open_mic_page(this: &HostObject) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, catch, js_name = requestSiteAccess)]
    fn request_site_access(this: &HostObject, pattern: &JsValue) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, catch, js_name = windowTabs)]
    fn window_tabs(this: &HostObject) -> Result<JsValue, JsValue>;
}

#[derive(Clone)]
pub struct Host {
    obj: HostObject,
}

/// JSON text -> a JS value, through `JSON.parse` (storage keeps objects, not text).
pub fn to_js(json: &str) -> Result<JsValue, String> {
    js_sys::JSON::parse(json).map_err(|e| zo_chrome::error_text(&e))
}

/// A JS value (what storage hands over) -> its JSON text, through `JSON.stringify`; `null`
/// for `undefined` (nothing stored).
pub fn json_text(value: &JsValue) -> Result<String, String> {
    if value.is_undefined() {
        return Ok("null".to_string());
    }
    js_sys::JSON::stringify(value)
        .map_err(|e| zo_chrome::error_text(&e))?
        .as_string()
        .ok_or_else(|| "the stored value has no JSON form".to_string())
}

/// Logs a failed host call.
fn logged(what: &str, result: Result<JsValue, JsValue>) -> Option<JsValue> {
    result
        .map_err(|e| crate::dom::log_error(what, &zo_chrome::error_text(&e)))
        .ok()
}

impl Host {
    pub fn new(obj: JsValue) -> Host {
        Host {
            obj: obj.unchecked_into(),
        }
    }

    /// Send a message to the worker, as its JSON text. False when it could not be sent.
    pub fn post(&self, msg: &PanelToWorker) -> bool {
        logged("post to worker", self.obj.post(msg.to_json().as_str()))
            .is_some_and(|v| v.as_bool() != Some(false))
    }

    /// Stores the history (its JSON text): the pending write when the host returns one (a
    /// Promise).
    pub fn save_history(&self, json: &str) -> Result<Option<js_sys::Promise>, String> {
        let written = self
            .obj
            .save_history(&to_js(json)?)
            .map_err(|e| zo_chrome::error_text(&e))?;
        Ok(written.dyn_into::<js_sys::Promise>().ok())
    }

    pub fn open_options(&self) {
        logged("open options", self.obj.open_options());
    }

    pub fn copy(&self, text: &str) {
        logged("copy", self.obj.copy(text));
    }

    /// Saves `text` as a file named `name` of type `mime` (the browser's download).
    pub fn download(&self, name: &str, mime: &str, text: &str) {
        logged("download", self.obj.download(name, mime, text));
    }

    /// Reads `texts` aloud (one utterance each) at `rate` in `voice` (the browser's default when
    /// None); the host calls the panel's `onSpeechEnd(token)` when they end or fail. False
    /// when the host could not start.
    pub fn speak(&self, token: u32, texts: &[String], rate: f32, voice: Option<&str>) -> bool {
        let list: js_sys::Array = texts.iter().map(|t| JsValue::from_str(t)).collect();
        logged(
            "read aloud",
            self.obj.speak(token, list, rate, voice.map(str::to_string)),
        )
        .is_some()
    }

    pub fn stop_speaking(&self) {
        logged("stop reading", self.obj.stop_speaking());
    }

    /// Starts speech recognition: false where the browser offers none.
    pub fn start_voice(&self) -> bool {
        logged("voice input", self.obj.start_voice()).is_some_and(|v| v.as_bool() == Some(true))
    }

    pub fn stop_voice(&self) {
        logged("stop voice input", self.obj.stop_voice());
    }

    pub fn open_mic_page(&self) {
        logged("microphone page", self.obj.open_mic_page());
    }

    /// Where the bound tab is, when known.
    pub fn tab_url(&self) -> Option<String> {
        self.obj.tab_url().ok().and_then(|v| v.as_string())
    }

    /// Sends a one-off message (JSON text) to the worker: its pending reply, or None when the
    /// host cannot send.
    pub fn send_message(&self, message: &str) -> Option<js_sys::Promise> {
        logged("message to the worker", self.obj.send_message(message))
            .and_then(|reply| reply.dyn_into::<js_sys::Promise>().ok())
    }

    /// The bound tab's title, when known.
    pub fn tab_title(&self) -> Option<String> {
        self.obj.tab_title().ok().and_then(|v| v.as_string())
    }

    /// The bound tab as the browser describes it, when known.
    pub fn tab(&self) -> Option<zo_core::ui::page_context::TabInfo> {
        Some(zo_core::ui::page_context::TabInfo {
            url: self.tab_url()?,
            title: self.tab_title().unwrap_or_default(),
        })
    }

    /// Asks the user (unless already granted) to let the extension reach the host `pattern`:
    /// the pending answer, or None when the host cannot ask.
    pub fn request_site_access(&self, pattern: &str) -> Option<js_sys::Promise> {
        logged("site access", self.obj.request_site_access(&pattern.into()))
            .and_then(|answer| answer.dyn_into::<js_sys::Promise>().ok())
    }

    /// As [`Host::request_site_access`], for several host patterns in one prompt.
    pub fn request_sites_access(&self, patterns: &[String]) -> Option<js_sys::Promise> {
        let list: js_sys::Array = patterns.iter().map(|p| JsValue::from_str(p)).collect();
        logged("site access", self.obj.request_site_access(&list))
            .and_then(|answer| answer.dyn_into::<js_sys::Promise>().ok())
    }

    /// The open tabs of the panel's window (`[{id, title, url}]`), pending.
    pub fn window_tabs(&self) -> Option<js_sys::Promise> {
        logged("open tabs", self.obj.window_tabs())
            .and_then(|tabs| tabs.dyn_into::<js_sys::Promise>().ok())
    }

    /// The tab the panel is bound to, when known.
    pub fn tab_id(&self) -> Option<i32> {
        self.obj
            .tab_id()
            .ok()
            .and_then(|v| v.as_f64())
            .filter(|n| n.fract() == 0.0 && *n >= 0.0 && *n <= f64::from(i32::MAX))
            .map(|n| n as i32)
    }
}

/// A fresh unique id (crypto.randomUUID when available).
pub fn new_id() -> String {
    let uuid = web_sys::window()
        .and_then(|w| w.crypto().ok())
        .map(|c| c.random_uuid());
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

/// The time zone's offset now, minutes behind UTC (`Date.getTimezoneOffset()`: -120 is UTC+2).
pub fn tz_offset_min() -> i32 {
    js_sys::Date::new_0().get_timezone_offset() as i32
}
