//! Synthetic events as a real user's input produces them: pointer and mouse events with
//! coordinates, InputEvents (`insertText` with data) and plain bubbling events. All bubble
//! and are composed so listeners outside a shadow root see them.

use wasm_bindgen::JsValue;
use web_sys::{Element, Event, InputEvent, MouseEvent, PointerEvent, Window};

use crate::dict::Dict;
use crate::failure::Failure;

/// Dispatches `ev` on `el`; returns false when a listener cancelled it.
fn dispatch(el: &Element, ev: &Event) -> Result<bool, Failure> {
    el.dispatch_event(ev)
        .map_err(|e| Failure::js(&format!("dispatching {}", ev.type_()), &e))
}

/// A bubbling, composed event without details (`change`, `input` of pickers).
pub fn plain(el: &Element, kind: &str) -> Result<bool, Failure> {
    let init = Dict::new().set("bubbles", true).set("composed", true);
    let ev = Event::new_with_event_init_dict(kind, &init.finish())
        .map_err(|e| Failure::js(&format!("creating {kind}"), &e))?;
    dispatch(el, &ev)
}

/// An InputEvent (`beforeinput` is cancelable, `input` is not).
pub fn input(
    el: &Element,
    kind: &str,
    input_type: &str,
    data: Option<&str>,
) -> Result<bool, Failure> {
    let init = Dict::new()
        .set("bubbles", true)
        .set("composed", true)
        .set("cancelable", kind == "beforeinput")
        .set("inputType", input_type)
        .set("data", data.map_or(JsValue::NULL, JsValue::from_str));
    let ev = InputEvent::new_with_event_init_dict(kind, &init.finish())
        .map_err(|e| Failure::js(&format!("creating {kind}"), &e))?;
    dispatch(el, &ev)
}

/// Where and how a pointer event happens.
pub struct Pointer<'a> {
    pub win: &'a Window,
    pub x: f64,
    pub y: f64,
}

impl Pointer<'_> {
    /// The fields pointer and mouse events share; `bubbles` also sets cancelable and composed.
    fn common(&self, bubbles: bool, button: i16, buttons: u16) -> Dict {
        let (x, y) = (self.x.round(), self.y.round());
        Dict::new()
            .set("bubbles", bubbles)
            .set("cancelable", bubbles)
            .set("composed", bubbles)
            .set("view", JsValue::from(self.win))
            .set("clientX", x)
            .set("clientY", y)
            .set("screenX", x)
            .set("screenY", y)
            .set("button", button)
            .set("buttons", buttons)
    }

    /// A pointer event (`pointerdown`, ...); `buttons` is the pressed-button mask after it.
    pub fn pointer(&self, el: &Element, kind: &str, buttons: u16) -> Result<bool, Failure> {
        let button = if kind == "pointermove" || kind.ends_with("over") || kind.ends_with("enter") {
            -1
        } else {
            0
        };
        let init = self
            .common(!kind.ends_with("enter"), button, buttons)
            .set("pointerId", 1)
            .set("pointerType", "mouse")
            .set("isPrimary", true)
            .set("width", 1)
            .set("height", 1)
            .set("pressure", if buttons != 0 { 0.5 } else { 0.0 });
        let ev = PointerEvent::new_with_event_init_dict(kind, &init.finish())
            .map_err(|e| Failure::js(&format!("creating {kind}"), &e))?;
        dispatch(el, &ev)
    }

    /// A mouse event (`mousedown`, `click`, ...); `detail` is the click count.
    pub fn mouse(
        &self,
        el: &Element,
        kind: &str,
        buttons: u16,
        detail: i32,
    ) -> Result<bool, Failure> {
        let init = self
            .common(!kind.ends_with("enter"), 0, buttons)
            .set("detail", detail);
        let ev = MouseEvent::new_with_mouse_event_init_dict(kind, &init.finish())
            .map_err(|e| Failure::js(&format!("creating {kind}"), &e))?;
        dispatch(el, &ev)
    }
}
