//! The chosen look of the extension's pages, applied to the page's root element: the colour
//! theme as `data-theme` (`system`, `light`, `dark`, `contrast`; the stylesheets follow it,
//! `system` following the browser's colour scheme and its wish for more contrast, `contrast`
//! light or dark as the browser is) and the text size as `--font-size`. Shared by the
//! side panel and the options page.

use web_sys::Document;
use zo_core::wire::{Settings, WireName};

/// Applies `settings`' theme and text size to `doc`.
pub fn apply(doc: &Document, settings: &Settings) {
    let Some(root) = doc.document_element() else {
        return;
    };
    let _ = root.set_attribute("data-theme", settings.theme.wire_name());
    if let Ok(root) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(root) {
        let _ = root
            .style()
            .set_property("--font-size", &format!("{}px", settings.font_size.px()));
    }
}
