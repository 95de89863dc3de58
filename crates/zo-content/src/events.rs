//! Synthetic events as a real user's input produces them: pointer and mouse events with
//! coordinates, InputEvents (`insertText` with data) and plain bubbling events. All bubble
//! and are composed so listeners outside a shadow root see them.

use web_sys::{
    Element, Event, EventInit, InputEvent, InputEventInit, MouseEvent, MouseEventInit,
    PointerEvent, PointerEventInit, Window,
};

use crate::failure::Failure;

/// Dispatches `ev` on `el`; returns false when a listener cancelled it.
fn dispatch(el: &Element, ev: &Event) -> Result<bool, Failure> {
    el.dispatch_event(ev)
        .map_err(|e| Failure::js(&format!("dispatching {}", ev.type_()), &e))
}

/// A bubbling, composed event without details (`change`, `input` of pickers).
pub fn plain(el: &Element, kind: &str) -> Result<bool, Failure> {
    let init = EventInit::new();
    init.set_bubbles(true);
    init.set_composed(true);
    let ev = Event::new_with_event_init_dict(kind, &init)
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
    let init = InputEventInit::new();
    init.set_bubbles(true);
    init.set_composed(true);
    init.set_cancelable(kind == "beforeinput");
    init.set_input_type(input_type);
    init.set_data(data);
    let ev = InputEvent::new_with_event_init_dict(kind, &init)
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
    /// A pointer event (`pointerdown`, ...); `buttons` is the pressed-button mask after it.
    pub fn pointer(&self, el: &Element, kind: &str, buttons: u16) -> Result<bool, Failure> {
        let init = PointerEventInit::new();
        init.set_bubbles(!kind.ends_with("enter"));
        init.set_cancelable(!kind.ends_with("enter"));
        init.set_composed(!kind.ends_with("enter"));
        init.set_view(Some(self.win));
        init.set_client_x(self.x.round() as i32);
        init.set_client_y(self.y.round() as i32);
        init.set_screen_x(self.x.round() as i32);
        init.set_screen_y(self.y.round() as i32);
        init.set_button(
            if kind == "pointermove" || kind.ends_with("over") || kind.ends_with("enter") {
                -1
            } else {
                0
            },
        );
        init.set_buttons(buttons);
        init.set_pointer_id(1);
        init.set_pointer_type("mouse");
        init.set_is_primary(true);
        init.set_width(1);
        init.set_height(1);
        init.set_pressure(if buttons != 0 { 0.5 } else { 0.0 });
        let ev = PointerEvent::new_with_event_init_dict(kind, &init)
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
        let init = MouseEventInit::new();
        let bubbles = !kind.ends_with("enter");
        init.set_bubbles(bubbles);
        init.set_cancelable(bubbles);
        init.set_composed(bubbles);
        init.set_view(Some(self.win));
        init.set_detail(detail);
        init.set_client_x(self.x.round() as i32);
        init.set_client_y(self.y.round() as i32);
        init.set_screen_x(self.x.round() as i32);
        init.set_screen_y(self.y.round() as i32);
        init.set_button(0);
        init.set_buttons(buttons);
        let ev = MouseEvent::new_with_mouse_event_init_dict(kind, &init)
            .map_err(|e| Failure::js(&format!("creating {kind}"), &e))?;
        dispatch(el, &ev)
    }
}
