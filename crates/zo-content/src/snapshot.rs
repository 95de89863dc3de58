//! The page snapshot for Co-browse prompts: URL, title, a budgeted excerpt of the page's main
//! content (the article as a reader view sees it, else the visible text of the main region,
//! what is in or near the viewport first: `zo_core::page::reader` on the [`page_summary`]
//! walk, with the boxes it asks for read by [`boxes`]), and the visible interactive elements
//! (links, buttons, form fields, ARIA widgets, contenteditable) noted by the same walk, in
//! the order `reader::element_order` gives (the viewport and the main content first, big
//! navigation, footers and link lists collapsed to a line each), with a short label, current value (never of secret fields: passwords,
//! payment card details, one-time codes, which are marked as such instead) and a selector
//! checked to resolve back to exactly that element. The page text is what the page shows,
//! where the values of form fields never appear.

use wasm_bindgen::JsCast;
use web_sys::{Document, Element};
use zo_core::page::reader::element_order::{self, Entry};
use zo_core::page::reader::page_text;
use zo_core::page::{reader, short_label, DEFAULT_TEXT_BUDGET, LABEL_MAX_CHARS, VALUE_MAX_CHARS};
use zo_core::wire::{OmittedLinks, PageSnapshot, SnapshotElement};

use crate::actionable;
use crate::boxes;
use crate::dom;
use crate::failure::Failure;
use crate::locate;
use crate::name;
use crate::page_summary;
use crate::secret;
use crate::selector;
use crate::uniqueness::Check;

/// What counts as interactive.
const INTERACTIVE: &str = "a[href], button, input:not([type=\"hidden\" i]), select, textarea, \
    summary, [role=\"button\"], [role=\"link\"], [role=\"checkbox\"], [role=\"radio\"], \
    [role=\"switch\"], [role=\"tab\"], [role=\"menuitem\"], [role=\"option\"], \
    [role=\"combobox\"], [role=\"textbox\"], [role=\"searchbox\"], [role=\"slider\"], \
    [contenteditable]:not([contenteditable=\"false\" i])";

/// At most this many elements are listed.
const MAX_ELEMENTS: usize = 250;

/// Takes the snapshot of the current page.
pub fn take(text_budget: Option<u32>) -> Result<PageSnapshot, Failure> {
    let doc = dom::document()?;
    let budget = text_budget.map_or(DEFAULT_TEXT_BUDGET, |b| b as usize);
    let mut walked = page_summary::of(&doc, Some(INTERACTIVE));
    let reading = read(&doc, &mut walked, budget);
    let page_summary::Walked {
        mut summary,
        elements: nodes,
        interactive,
    } = walked;
    boxes::place(&mut summary, &nodes, &interactive);
    let roots = locate::roots(&doc);
    let mut check = Check::new(&roots);
    let mut elements = Vec::new();
    let mut omitted = Vec::new();
    for entry in element_order::order(&summary, &interactive) {
        if elements.len() >= MAX_ELEMENTS {
            break;
        }
        match entry {
            Entry::Element(i) => {
                let el = interactive.get(i).and_then(|&id| nodes.get(id));
                if let Some(e) = el.and_then(|el| describe(el, &mut check)) {
                    elements.push(e);
                }
            }
            Entry::Collapsed(c) => omitted.push(OmittedLinks {
                after: elements.len() as u32,
                count: c.count as u32,
                region: c.region,
                selector: nodes
                    .get(c.container)
                    .and_then(|el| selector::unique_with(el, &mut check))
                    .unwrap_or_default(),
            }),
        }
    }
    Ok(PageSnapshot {
        url: doc.url().unwrap_or_default(),
        title: doc.title(),
        text: reading.text,
        text_truncated: reading.truncated,
        text_kind: reading.kind,
        elements,
        omitted,
    })
}

/// The page text within `budget` characters: the article, else the main region's text,
/// what is in or near the viewport first.
pub fn page_text(doc: &Document, budget: usize) -> reader::Reading {
    read(doc, &mut page_summary::of(doc, None), budget)
}

fn read(doc: &Document, walked: &mut page_summary::Walked, budget: usize) -> reader::Reading {
    let lead = page_summary::lead(doc);
    reader::read_article(&walked.summary, &lead, budget).unwrap_or_else(|| {
        let ids = page_text::boxes(&walked.summary);
        boxes::place(&mut walked.summary, &walked.elements, &ids);
        reader::read_page(&walked.summary, budget)
    })
}

fn describe(el: &Element, check: &mut Check<'_>) -> Option<SnapshotElement> {
    if !actionable::is_visible(el) {
        return None;
    }
    let selector = selector::unique_with(el, check)?;
    let tag = dom::tag(el);
    let input_type = (tag == "input").then(|| dom::input_type(el));
    let secret = secret::kind(el);
    Some(SnapshotElement {
        selector,
        role: el.get_attribute("role").filter(|r| !r.trim().is_empty()),
        label: short_label(&label(el, &tag), LABEL_MAX_CHARS),
        value: match secret {
            Some(_) => None,
            None => value(el, &tag, input_type.as_deref()),
        },
        secret,
        disabled: actionable::is_disabled(el),
        input_type,
        tag,
    })
}

/// The accessible name over the composed tree ([`name`]); for an element without one that is
/// not a form field (a contenteditable region, a custom widget), the text it shows.
fn label(el: &Element, tag: &str) -> String {
    let named = name::of(el);
    if !named.is_empty() || matches!(tag, "input" | "select" | "textarea") {
        return named;
    }
    name::content(el)
}

/// Current value of a field that is not a secret field (the caller checks; password inputs are
/// left out here too).
fn value(el: &Element, tag: &str, input_type: Option<&str>) -> Option<String> {
    let raw = match (tag, input_type) {
        ("input", Some("password")) => return None,
        ("input", Some("checkbox" | "radio")) => {
            let on = js_sys::Reflect::get(el, &"checked".into())
                .ok()
                .and_then(|v| v.as_bool())
                .unwrap_or(false);
            return Some(if on { "checked" } else { "unchecked" }.to_string());
        }
        ("input", Some("submit" | "button" | "reset" | "image" | "file")) => return None,
        ("input" | "textarea", _) => dom::string_prop(el, "value")?,
        ("select", _) => {
            let s: &web_sys::HtmlSelectElement = el.unchecked_ref();
            let i = s.selected_index();
            if i < 0 {
                return None;
            }
            let o = s.options().item(i as u32)?;
            let o: &web_sys::HtmlOptionElement = o.unchecked_ref();
            o.text()
        }
        _ if dom::html(el).is_content_editable() => el.text_content().unwrap_or_default(),
        _ => return None,
    };
    Some(short_label(&raw, VALUE_MAX_CHARS))
}
