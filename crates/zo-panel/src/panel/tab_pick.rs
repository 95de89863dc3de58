//! `@` tabs in the composer: while the word at the caret starts with `@`, the list over the
//! input offers the window's open tabs (fetched from the glue when the `@` is typed; which ones
//! and for what filter is `zo_core::ui::tab_mention`); a tab picked becomes a removable chip
//! above the input, and goes with the next question (its id in ASK_ZO, its site's access asked
//! for in the Send click, a chip on the question in the chat and in the history).

use wasm_bindgen::JsCast;
use web_sys::Element;
use zo_core::ui::page_context::{favicon_path, PageRef};
use zo_core::ui::tab_mention::{self, caret_byte, mention_at, OpenTab, MAX_CHOSEN};

use super::compose::ListItems;
use super::{with_state, State};
use crate::dom::{self, append, el, listen, set_attr, set_hidden, text_el, DomResult, Listener};

/// The attribute of a chosen tab's Remove button holding the tab's id.
const TAB_ATTR: &str = "data-tab";

/// A tab of the glue's `windowTabs()` answer (`{id, title, url}`).
fn open_tab(value: &wasm_bindgen::JsValue) -> Option<OpenTab> {
    let field = |name: &str| js_sys::Reflect::get(value, &name.into()).ok();
    let id = field("id")?.as_f64()?;
    Some(OpenTab {
        id: (id.fract() == 0.0 && id.abs() <= f64::from(i32::MAX)).then_some(id as i32)?,
        title: field("title")?.as_string().unwrap_or_default(),
        url: field("url")?.as_string().unwrap_or_default(),
    })
}

/// `<img>` of the extension's favicon service for `url` (no request leaves the browser).
pub(super) fn favicon(doc: &web_sys::Document, url: &str) -> DomResult<Element> {
    let img = el(doc, "img", "tab-icon")?;
    set_attr(&img, "src", &favicon_path(url))?;
    set_attr(&img, "alt", "")?;
    set_attr(&img, "width", "16")?;
    set_attr(&img, "height", "16")?;
    Ok(img)
}

impl State {
    /// The tabs the list offers for the input's text, when the caret ends an `@word`; the
    /// window's tabs are fetched when the `@` is new.
    pub(super) fn tab_items(&mut self, text: &str) -> ListItems {
        let caret = self
            .ui
            .input
            .selection_start()
            .ok()
            .flatten()
            .map_or(text.len(), |units| caret_byte(text, units as usize));
        let Some(mention) = mention_at(text, caret) else {
            self.mention = None;
            return ListItems::Commands(Vec::new());
        };
        if self
            .mention
            .as_ref()
            .is_none_or(|m| m.start != mention.start)
        {
            self.load_open_tabs();
        }
        self.mention = Some(mention.clone());
        let mut exclude: Vec<i32> = self.chosen_tabs.iter().map(|t| t.id).collect();
        exclude.extend(self.host.tab_id());
        let tabs = tab_mention::matching(&self.open_tabs, &mention.query, &exclude);
        ListItems::Tabs(tabs.into_iter().cloned().collect())
    }

    /// Fetches the window's open tabs; the list follows once they are in.
    fn load_open_tabs(&self) {
        let Some(pending) = self.host.window_tabs() else {
            return;
        };
        let me = self.me.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let tabs = wasm_bindgen_futures::JsFuture::from(pending)
                .await
                .ok()
                .and_then(|v| v.dyn_into::<js_sys::Array>().ok())
                .map(|list| list.iter().filter_map(|t| open_tab(&t)).collect())
                .unwrap_or_default();
            with_state(&me, |s| {
                s.open_tabs = tabs;
                s.on_input_changed();
            });
        });
    }

    /// Tab `tab` was picked: the `@word` leaves the input, the tab joins the chips.
    pub(super) fn pick_tab(&mut self, tab: OpenTab) {
        let value = self.ui.input.value();
        let picked = self.mention.take();
        if let Some((text, caret)) = picked.and_then(|m| tab_mention::without_mention(&value, &m)) {
            self.ui.input.set_value(&text);
            let units = text.get(..caret).unwrap_or_default().encode_utf16().count() as u32;
            let _ = self.ui.input.set_selection_range(units, units);
            self.autosize();
        }
        if self.chosen_tabs.len() < MAX_CHOSEN && !self.chosen_tabs.iter().any(|t| t.id == tab.id) {
            self.chosen_tabs.push(tab);
        }
        self.render_chosen();
    }

    /// The chips of the tabs chosen for the next question, each with its Remove button.
    pub(super) fn render_chosen(&self) {
        let drawn = (|| -> DomResult<()> {
            dom::clear(&self.ui.tab_chips);
            for tab in &self.chosen_tabs {
                let chip = el(&self.doc, "li", "tab-chip")?;
                append(&chip, &favicon(&self.doc, &tab.url)?)?;
                let label = tab.label();
                let name = text_el(&self.doc, "span", "tab-title", &label)?;
                set_attr(&name, "title", &format!("{label}\n{}", tab.site()))?;
                append(&chip, &name)?;
                let remove = crate::icons::icon_button(
                    &self.doc,
                    "ghost small tab-remove",
                    crate::icons::Icon::Close,
                    &format!("Remove tab “{label}”"),
                    "Remove this tab from the question",
                )?;
                set_attr(&remove, TAB_ATTR, &tab.id.to_string())?;
                append(&chip, &remove)?;
                append(&self.ui.tab_chips, &chip)?;
            }
            Ok(())
        })();
        if let Err(e) = drawn {
            dom::log_error("tab chips", &e);
        }
        set_hidden(&self.ui.tab_chips, self.chosen_tabs.is_empty());
    }

    /// The tabs chosen for the question being sent: they leave the composer.
    pub(super) fn take_chosen(&mut self) -> Vec<OpenTab> {
        let chosen = std::mem::take(&mut self.chosen_tabs);
        self.render_chosen();
        chosen
    }

    /// Wires the chips' Remove buttons (one listener on the list).
    pub(super) fn wire_tabs(&self, out: &mut Vec<Listener>) -> DomResult<()> {
        let w = self.me.clone();
        out.push(listen(&self.ui.tab_chips, "click", move |e| {
            let id = e
                .target()
                .and_then(|t| t.dyn_into::<Element>().ok())
                .and_then(|t| t.closest(&format!("[{TAB_ATTR}]")).ok().flatten())
                .and_then(|b| b.get_attribute(TAB_ATTR))
                .and_then(|id| id.parse::<i32>().ok());
            if let Some(id) = id {
                with_state(&w, |s| {
                    s.chosen_tabs.retain(|t| t.id != id);
                    s.render_chosen();
                    let _ = s.ui.input.focus();
                });
            }
        })?);
        Ok(())
    }
}

/// What a question's chips say of the tabs that went with it (`shared`: their sites were
/// allowed when it was sent).
pub(super) fn tab_refs(tabs: &[OpenTab], shared: bool) -> Vec<PageRef> {
    tabs.iter()
        .map(|t| PageRef {
            title: t.label(),
            origin: zo_core::trust::site::origin_of(&t.url),
            shared,
        })
        .collect()
}
