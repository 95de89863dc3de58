//! The options page's search box and navigation list. The list links to every section
//! (`section.settings-section`, in page order); the box filters the rows (`.row`) of the
//! sections by what `zo_core::ui::options_search` decides from their label, help lines and
//! `data-keywords`, hides sections left empty (and their links), and says how many settings
//! match, or that none does. Esc in the box clears it. The page is read afresh on each search,
//! so rows added later (a custom mode, say) are found too.

use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlInputElement, KeyboardEvent};
use zo_core::ui::options_search::{self, SectionText, SettingText};

use crate::dom::{self, append, el, set_attr, text_el, DomError, DomResult, Listener};

/// The class that takes a row, section or link out of view while a search hides it.
const FILTERED: &str = "filtered-out";

/// The search box, its result line, the navigation list and the sections' container.
pub(super) struct SearchParts {
    doc: Document,
    input: HtmlInputElement,
    status: Element,
    nav: Element,
    content: Element,
}

/// The search box (`role=search`, with its label) with its input, and the result line.
pub(super) fn build_box(doc: &Document) -> DomResult<(Element, HtmlInputElement, Element)> {
    let wrap = el(doc, "div", "settings-search")?;
    set_attr(&wrap, "role", "search")?;
    let label = text_el(doc, "label", "visually-hidden", "Search settings")?;
    set_attr(&label, "for", "settingsSearch")?;
    append(&wrap, &label)?;
    let input = el(doc, "input", "field")?;
    set_attr(&input, "type", "search")?;
    set_attr(&input, "id", "settingsSearch")?;
    set_attr(&input, "placeholder", "Search settings")?;
    set_attr(&input, "autocomplete", "off")?;
    set_attr(&input, "spellcheck", "false")?;
    set_attr(&input, "aria-describedby", "settingsSearchResult")?;
    append(&wrap, &input)?;
    let input: HtmlInputElement = input
        .dyn_into()
        .map_err(|_| DomError::Missing("search input"))?;
    let status = el(doc, "p", "search-result")?;
    set_attr(&status, "id", "settingsSearchResult")?;
    set_attr(&status, "role", "status")?;
    Ok((wrap, input, status))
}

/// Every element under `root` that `selector` finds, in document order.
fn all(root: &Element, selector: &str) -> Vec<Element> {
    let Ok(list) = root.query_selector_all(selector) else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| n.dyn_into::<Element>().ok())
        .collect()
}

fn text_of(root: &Element, selector: &str) -> String {
    all(root, selector)
        .iter()
        .filter_map(|e| e.text_content())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A row as the search reads it: its label, and its help lines and keywords.
fn setting_text(row: &Element) -> SettingText {
    let label = row
        .query_selector("label, .row-label")
        .ok()
        .flatten()
        .and_then(|l| l.text_content())
        .unwrap_or_default();
    let mut description = text_of(row, ".help");
    if let Some(k) = row.get_attribute("data-keywords") {
        description.push(' ');
        description.push_str(&k);
    }
    SettingText { label, description }
}

fn section_title(section: &Element) -> String {
    section
        .query_selector("h2")
        .ok()
        .flatten()
        .and_then(|h| h.text_content())
        .unwrap_or_default()
}

impl SearchParts {
    pub(super) fn new(
        doc: &Document,
        input: HtmlInputElement,
        status: Element,
        nav: Element,
        content: Element,
    ) -> DomResult<SearchParts> {
        let parts = SearchParts {
            doc: doc.clone(),
            input,
            status,
            nav,
            content,
        };
        parts.build_nav()?;
        Ok(parts)
    }

    fn sections(&self) -> Vec<Element> {
        all(&self.content, "section.settings-section")
    }

    /// The navigation list: a link to each section, by its title.
    fn build_nav(&self) -> DomResult<()> {
        dom::clear(&self.nav);
        let list = el(&self.doc, "ul", "")?;
        for section in self.sections() {
            let item = el(&self.doc, "li", "")?;
            let link = text_el(&self.doc, "a", "", &section_title(&section))?;
            set_attr(&link, "href", &format!("#{}", section.id()))?;
            append(&item, &link)?;
            append(&list, &item)?;
        }
        append(&self.nav, &list)
    }

    /// Show what the box's query matches, hide the rest, and say how much matched.
    pub(super) fn apply(&self) {
        let query = self.input.value();
        let sections = self.sections();
        let rows: Vec<Vec<Element>> = sections.iter().map(|s| all(s, ".row")).collect();
        let texts: Vec<SectionText> = sections
            .iter()
            .zip(&rows)
            .map(|(s, rows)| SectionText {
                title: section_title(s),
                settings: rows.iter().map(setting_text).collect(),
            })
            .collect();
        let view = options_search::search(&query, &texts);
        let links = all(&self.nav, "li");
        for (i, section) in sections.iter().enumerate() {
            let shown = view.sections.get(i).copied().unwrap_or(true);
            dom::toggle_class(section, FILTERED, !shown);
            if let Some(link) = links.get(i) {
                dom::toggle_class(link, FILTERED, !shown);
            }
            for (row, shown) in rows[i]
                .iter()
                .zip(view.settings.get(i).into_iter().flatten())
            {
                dom::toggle_class(row, FILTERED, !shown);
            }
        }
        dom::toggle_class(&self.content, "searching", view.searching);
        self.status
            .set_text_content(Some(&options_search::result_text(&view, &query)));
        let _ = set_attr(
            &self.status,
            "data-empty",
            if view.is_empty() { "true" } else { "false" },
        );
    }

    /// Empty the box and show every setting again.
    pub(super) fn clear(&self) {
        self.input.set_value("");
        self.apply();
    }

    /// The box's listeners: a search on every input, Esc clears.
    pub(super) fn listen(parts: std::rc::Rc<SearchParts>) -> DomResult<Vec<Listener>> {
        let p = parts.clone();
        let on_input = dom::listen(&parts.input, "input", move |_| p.apply())?;
        let p = parts.clone();
        let on_key = dom::listen(&parts.input, "keydown", move |e| {
            let esc = e
                .dyn_ref::<KeyboardEvent>()
                .is_some_and(|k| k.key() == "Escape");
            if esc && !p.input.value().is_empty() {
                e.prevent_default();
                p.clear();
            }
        })?;
        Ok(vec![on_input, on_key])
    }
}
