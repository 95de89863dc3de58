//! Finding elements: a CSS selector is tried in the document, then in every open shadow root
//! and every same-origin iframe (recursively). A missing element is awaited with a
//! MutationObserver on all those roots: the wait ends on the mutation that makes it appear,
//! or with a `not_found` error at the deadline. No polling.
//!
//! One extension to CSS, for elements whose plain selector would also match elsewhere:
//! `HOST >>> INNER` finds `HOST` as above, then `INNER` only inside HOST's open shadow root
//! (or, for an iframe, its document). Snapshots emit it only when no plain selector is unique.

use std::cell::RefCell;
use std::rc::Rc;

use futures::channel::oneshot;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, MutationObserver, MutationObserverInit, Node, ShadowRoot};
use zo_core::wire::{ActionErrorCode, Quoted};

use crate::dict::Dict;
use crate::dom;
use crate::failure::Failure;
use crate::target::Target;
use crate::tree;

/// How deep same-origin iframes are searched.
const MAX_FRAME_DEPTH: u32 = 4;

/// A tree selectors run in: a document or an open shadow root.
#[derive(Clone, PartialEq)]
pub enum Root {
    Doc(Document),
    Shadow(ShadowRoot),
}

impl Root {
    pub fn node(&self) -> &Node {
        match self {
            Root::Doc(d) => d,
            Root::Shadow(s) => s,
        }
    }

    pub fn query(&self, sel: &str) -> Result<Option<Element>, JsValue> {
        tree::query(self.node(), sel)
    }

    pub fn query_all(&self, sel: &str) -> Result<Vec<Element>, JsValue> {
        tree::query_elements(self.node(), sel)
    }
}

/// Every root to search, in order: the document, its open shadow roots (document order,
/// nested ones after their host's), then same-origin iframe documents the same way.
pub fn roots(doc: &Document) -> Vec<Root> {
    let mut out = Vec::new();
    collect(doc, 0, &mut out);
    out
}

fn collect(doc: &Document, depth: u32, out: &mut Vec<Root>) {
    let mut frames = Vec::new();
    collect_tree(Root::Doc(doc.clone()), out, &mut frames);
    if depth >= MAX_FRAME_DEPTH {
        return;
    }
    for frame_doc in frames {
        collect(&frame_doc, depth + 1, out);
    }
}

fn collect_tree(root: Root, out: &mut Vec<Root>, frames: &mut Vec<Document>) {
    let all = root.query_all("*").unwrap_or_default();
    out.push(root);
    for el in all {
        if let Some(sr) = el.shadow_root() {
            collect_tree(Root::Shadow(sr), out, frames);
        }
        let t = el.local_name();
        if t.eq_ignore_ascii_case("iframe") || t.eq_ignore_ascii_case("frame") {
            // contentDocument is null for cross-origin frames.
            let doc = js_sys::Reflect::get(&el, &JsValue::from_str("contentDocument")).ok();
            if let Some(d) = doc.filter(|d| d.is_object()) {
                frames.push(d.unchecked_into());
            }
        }
    }
}

/// The piercing combinator: `HOST >>> INNER`.
pub const PIERCE: &str = ">>>";

/// `sel` split at its first [`PIERCE`] (a byte scan: no substring-search machinery needed).
fn split_pierce(sel: &str) -> Option<(&str, &str)> {
    let at = sel
        .as_bytes()
        .windows(PIERCE.len())
        .position(|w| w == PIERCE.as_bytes())?;
    Some((sel.get(..at)?, sel.get(at + PIERCE.len()..)?))
}

/// The first element matching `sel` in `roots`, or an `invalid_selector` error.
pub fn query_in(roots: &[Root], sel: &str) -> Result<Option<Element>, Failure> {
    if let Some((host_sel, inner)) = split_pierce(sel) {
        let Some(host) = query_in(roots, host_sel.trim())? else {
            return Ok(None);
        };
        return match inner_root(&host) {
            Some(r) => query_in(&[r], inner.trim()),
            None => Ok(None),
        };
    }
    for (i, root) in roots.iter().enumerate() {
        match root.query(sel) {
            Ok(Some(el)) => return Ok(Some(el)),
            Ok(None) => {}
            Err(e) if i == 0 => return Err(invalid_selector(sel, &e)),
            Err(_) => {}
        }
    }
    Ok(None)
}

/// How many elements match `sel` across `roots`.
pub fn count_in(roots: &[Root], sel: &str) -> usize {
    if let Some((host_sel, inner)) = split_pierce(sel) {
        let mut n = 0;
        for host in all_in(roots, host_sel.trim()) {
            n += inner_root(&host).map_or(0, |r| count_in(&[r], inner.trim()));
        }
        return n;
    }
    let mut n = 0;
    for r in roots {
        n += r.query_all(sel).map_or(0, |v| v.len());
    }
    n
}

fn all_in(roots: &[Root], sel: &str) -> Vec<Element> {
    // Plain loops appending whole lists: smaller code than collecting flattened iterators.
    let mut out = Vec::new();
    if let Some((host_sel, inner)) = split_pierce(sel) {
        for host in all_in(roots, host_sel.trim()) {
            if let Some(r) = inner_root(&host) {
                out.append(&mut all_in(&[r], inner.trim()));
            }
        }
        return out;
    }
    for r in roots {
        out.append(&mut r.query_all(sel).unwrap_or_default());
    }
    out
}

/// The open shadow root of `host`, or the document of a same-origin iframe.
pub fn inner_root(host: &Element) -> Option<Root> {
    if let Some(sr) = host.shadow_root() {
        return Some(Root::Shadow(sr));
    }
    let doc = js_sys::Reflect::get(host, &JsValue::from_str("contentDocument")).ok()?;
    doc.is_object().then(|| Root::Doc(doc.unchecked_into()))
}

/// The tree `el` lives in, and the element hosting that tree (shadow host or iframe) when it
/// is not the top document.
pub fn own_root(el: &Element) -> (Root, Option<Element>) {
    let node = el.get_root_node();
    if node.node_type() == dom::FRAGMENT_NODE {
        let sr: ShadowRoot = node.unchecked_into();
        let host = sr.host();
        return (Root::Shadow(sr), Some(host));
    }
    let doc: Document = node.unchecked_into();
    let host = doc
        .default_view()
        .and_then(|w| js_sys::Reflect::get(&w, &JsValue::from_str("frameElement")).ok())
        .filter(|f| f.is_object())
        .map(|f| f.unchecked_into());
    (Root::Doc(doc), host)
}

/// The first element matching `sel` anywhere we search.
pub fn query(sel: &str) -> Result<Option<Element>, Failure> {
    query_in(&roots(&dom::document()?), sel)
}

fn invalid_selector(sel: &str, e: &JsValue) -> Failure {
    Failure::new(
        ActionErrorCode::InvalidSelector,
        format!(
            "{q_sel} is not a valid CSS selector ({})",
            zo_chrome::error_text(e),
            q_sel = Quoted(sel)
        ),
    )
}

/// Options for observing every change that could make an element appear or change state.
pub fn observe_all() -> MutationObserverInit {
    Dict::new()
        .set("childList", true)
        .set("subtree", true)
        .set("attributes", true)
        .set("characterData", true)
        .finish()
}

/// A MutationObserver that is disconnected when dropped (also when the action awaiting it is
/// cancelled).
pub struct Observer {
    observer: MutationObserver,
    _callback: Closure<dyn FnMut(js_sys::Array, MutationObserver)>,
}

impl Observer {
    /// Observes all `roots`, calling `on_change` after each batch of mutations.
    pub fn new(roots: &[Root], on_change: impl FnMut() + 'static) -> Result<Observer, Failure> {
        let mut on_change = on_change;
        let callback = Closure::<dyn FnMut(js_sys::Array, MutationObserver)>::new(
            move |_records: js_sys::Array, _obs: MutationObserver| on_change(),
        );
        let observer = MutationObserver::new(callback.as_ref().unchecked_ref())
            .map_err(|e| Failure::js("creating a MutationObserver", &e))?;
        let o = Observer {
            observer,
            _callback: callback,
        };
        o.observe(roots);
        Ok(o)
    }

    /// Adds `roots` (observing a root twice is harmless).
    pub fn observe(&self, roots: &[Root]) {
        let init = observe_all();
        for r in roots {
            let _ = self.observer.observe_with_options(r.node(), &init);
        }
    }
}

impl Drop for Observer {
    fn drop(&mut self) {
        self.observer.disconnect();
    }
}

/// Waits until the target's selector matches an element, at most until its deadline.
pub async fn wait_for(t: &Target<'_>) -> Result<Element, Failure> {
    let doc = dom::document()?;
    let all = roots(&doc);
    if let Some(el) = query_in(&all, t.sel())? {
        return Ok(el);
    }
    // The channel only wakes the wait; the element found travels beside it (a channel of
    // `()` shares its code with the module's other channels: measured, a smaller module).
    let (tx, rx) = oneshot::channel::<()>();
    let tx = Rc::new(RefCell::new(Some(tx)));
    let found: Rc<RefCell<Option<Element>>> = Rc::new(RefCell::new(None));
    let observer = ObserverSlot(Rc::new(RefCell::new(None)));
    let (sel2, tx2, found2, obs2) = (
        t.sel().to_string(),
        tx.clone(),
        found.clone(),
        observer.0.clone(),
    );
    let obs = Observer::new(&all, move || {
        let now_roots = roots(&doc);
        if let Ok(Some(el)) = query_in(&now_roots, &sel2) {
            if let Some(t) = tx2.borrow_mut().take() {
                *found2.borrow_mut() = Some(el);
                let _ = t.send(());
            }
        } else if let Some(o) = obs2.borrow().as_ref() {
            // Shadow roots and frames that appeared since: watch them too.
            o.observe(&now_roots);
        }
    })?;
    *observer.0.borrow_mut() = Some(obs);
    let timer = gloo_timers::future::TimeoutFuture::new(t.remaining_ms());
    futures::pin_mut!(rx);
    let woken = matches!(
        futures::future::select(rx, timer).await,
        futures::future::Either::Left((Ok(()), _))
    );
    let out = match found.borrow_mut().take() {
        Some(el) if woken => Ok(el),
        _ => Err(Failure::new(
            ActionErrorCode::NotFound,
            format!(
                "no element matches {} (waited {} ms)",
                t.quoted(),
                t.timeout_ms()
            ),
        )),
    };
    drop(observer);
    drop(tx);
    out
}

/// Holds an observer whose callback refers back to it; dropping the slot (also when the
/// waiting future is dropped) breaks that cycle and disconnects the observer.
struct ObserverSlot(Rc<RefCell<Option<Observer>>>);

impl Drop for ObserverSlot {
    fn drop(&mut self) {
        let taken = self.0.borrow_mut().take();
        drop(taken);
    }
}
