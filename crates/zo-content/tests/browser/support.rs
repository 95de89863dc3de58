//! Test helpers: fixture DOM that removes itself, running batches through the public message
//! API, and a few JS helpers (React-style value tracker, event logs).

use std::cell::RefCell;
use std::rc::Rc;

use futures::channel::oneshot;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlElement};
use zo_core::wire::{ActionResult, ContentToWorker};

#[wasm_bindgen(inline_js = r#"
export function track_like_react(node) {
  // React installs an own 'value' property on the node that records the last value set
  // through it, and compares it with the real value on 'input' to decide whether to fire
  // onChange. Here: the same, and a counter of changes the tracker noticed.
  const proto = Object.getPrototypeOf(node);
  const desc = Object.getOwnPropertyDescriptor(proto, 'value');
  let tracked = '' + node.value;
  node.__changes = [];
  Object.defineProperty(node, 'value', {
    configurable: true,
    enumerable: desc.enumerable,
    get() { return desc.get.call(this); },
    set(v) { tracked = '' + v; desc.set.call(this, v); },
  });
  node.addEventListener('input', () => {
    const now = desc.get.call(node);
    if (now !== tracked) { tracked = now; node.__changes.push(now); }
  });
}
export function changes(node) { return (node.__changes || []).join('|'); }
export function log_events(node, types) {
  node.__log = [];
  for (const t of types.split(',')) {
    node.addEventListener(t, (e) => {
      let s = e.type;
      if (e.type === 'input' || e.type === 'beforeinput') s += ':' + (e.inputType || '') + ':' + (e.data ?? '');
      if (e.type === 'click') s += ':' + (e.clientX > 0 && e.clientY > 0 ? 'xy' : 'noxy');
      node.__log.push(s);
    }, true);
  }
}
export function logged(node) { return (node.__log || []).join(' '); }
export function tick_forever(el) {
  const tick = () => { if (!el.isConnected) return; el.textContent = String(Number(el.textContent) + 1); requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
}
export function attach_shadow(host, html) { host.attachShadow({mode: 'open'}).innerHTML = html; }
export function frame_loaded(frame) {
  return new Promise((resolve) => {
    if (frame.contentDocument && frame.contentDocument.readyState === 'complete' && frame.contentDocument.body && frame.contentDocument.body.children.length) resolve();
    else frame.addEventListener('load', () => resolve(), {once: true});
  });
}
"#)]
extern "C" {
    pub fn track_like_react(node: &Element);
    pub fn changes(node: &Element) -> String;
    pub fn log_events(node: &Element, types: &str);
    pub fn logged(node: &Element) -> String;
    pub fn attach_shadow(host: &Element, html: &str);
    /// Changes `el`'s text every animation frame while it is in the page.
    pub fn tick_forever(el: &Element);
    pub fn frame_loaded(frame: &Element) -> js_sys::Promise;
}

pub fn doc() -> Document {
    web_sys::window().unwrap().document().unwrap()
}

/// A fixture subtree appended to the body, removed when dropped.
pub struct Fixture(pub HtmlElement);

impl Fixture {
    pub fn new(html: &str) -> Fixture {
        let d = doc();
        let root: HtmlElement = d.create_element("div").unwrap().unchecked_into();
        root.set_inner_html(html);
        d.body().unwrap().append_child(&root).unwrap();
        Fixture(root)
    }

    pub fn get(&self, sel: &str) -> Element {
        doc()
            .query_selector(sel)
            .unwrap()
            .unwrap_or_else(|| panic!("fixture has no {sel}"))
    }
}

impl Drop for Fixture {
    fn drop(&mut self) {
        self.0.remove();
        web_sys::window().unwrap().scroll_to_with_x_and_y(0.0, 0.0);
    }
}

/// Everything the content module sent back for one message.
pub struct Replies {
    pub messages: Vec<ContentToWorker>,
}

impl Replies {
    pub fn results(&self) -> Vec<ActionResult> {
        match self.messages.last() {
            Some(ContentToWorker::BatchDone { results, .. }) => results.clone(),
            other => panic!("no BATCH_DONE at the end: {other:?}"),
        }
    }
}

/// How a test answers the content module's ACTION_CHECKs and EFFECT_CHECKs:
/// `Some((allow, reason))` for a verdict, `None` to never answer.
pub type Judge = Rc<dyn Fn(&ContentToWorker) -> Option<(bool, Option<String>)>>;

/// A judge that allows every action.
pub fn allow_all() -> Judge {
    Rc::new(|_| Some((true, None)))
}

/// Sends one message (JSON) through the public API and collects the replies until BATCH_DONE
/// (or the first reply, for other messages). Every ACTION_CHECK is allowed.
pub async fn send(json: &str) -> Replies {
    send_judged(json, allow_all()).await
}

/// [`send`], answering each ACTION_CHECK as `judge` says (as the worker would, later).
pub async fn send_judged(json: &str, judge: Judge) -> Replies {
    let got: Rc<RefCell<Vec<ContentToWorker>>> = Rc::default();
    let (tx, rx) = oneshot::channel::<()>();
    let tx = Rc::new(RefCell::new(Some(tx)));
    let is_batch = json.contains("EXECUTE_ACTION");
    let (g, t) = (got.clone(), tx.clone());
    let cb = Closure::<dyn FnMut(String)>::new(move |s: String| {
        let msg: ContentToWorker = serde_json::from_str(&s).expect("reply is ContentToWorker JSON");
        if let ContentToWorker::ActionCheck {
            batch_id, index, ..
        }
        | ContentToWorker::EffectCheck {
            batch_id, index, ..
        } = &msg
        {
            if let Some((allow, reason)) = judge(&msg) {
                let (batch_id, index) = (batch_id.clone(), *index);
                let verdict = serde_json::to_string(&match msg {
                    ContentToWorker::ActionCheck { .. } => {
                        zo_core::wire::WorkerToContent::ActionVerdict {
                            batch_id,
                            index,
                            allow,
                            reason,
                        }
                    }
                    _ => zo_core::wire::WorkerToContent::EffectVerdict {
                        batch_id,
                        index,
                        allow,
                        reason,
                    },
                })
                .unwrap();
                wasm_bindgen_futures::spawn_local(async move {
                    let noop = Closure::<dyn FnMut(String)>::new(|_s: String| {});
                    zo_content::handle_message(
                        &verdict,
                        noop.as_ref().unchecked_ref::<js_sys::Function>().clone(),
                    );
                });
            }
        }
        let last = !is_batch || matches!(msg, ContentToWorker::BatchDone { .. });
        g.borrow_mut().push(msg);
        if last {
            if let Some(t) = t.borrow_mut().take() {
                let _ = t.send(());
            }
        }
    });
    zo_content::handle_message(
        json,
        cb.as_ref().unchecked_ref::<js_sys::Function>().clone(),
    );
    rx.await.expect("a reply came");
    drop(cb);
    let messages = got.borrow().clone();
    Replies { messages }
}

/// Runs a batch of actions (a JSON array) with `timeout_ms` and returns its results.
pub async fn batch(actions: &str, timeout_ms: u32) -> Vec<ActionResult> {
    let msg = format!(
        r#"{{"type":"EXECUTE_ACTION","batchId":"t","actions":{actions},"timeoutMs":{timeout_ms}}}"#
    );
    send(&msg).await.results()
}

/// Runs one action and returns its result.
pub async fn one(action: &str, timeout_ms: u32) -> ActionResult {
    let mut r = batch(&format!("[{action}]"), timeout_ms).await;
    r.remove(0)
}

/// Sleeps (only to schedule a page change in the future, never to "let things settle").
pub async fn later(ms: u32) {
    gloo_timers::future::TimeoutFuture::new(ms).await;
}

pub fn value_of(el: &Element) -> String {
    js_sys::Reflect::get(el, &"value".into())
        .unwrap()
        .as_string()
        .unwrap_or_default()
}

pub fn checked(el: &Element) -> bool {
    js_sys::Reflect::get(el, &"checked".into())
        .unwrap()
        .as_bool()
        .unwrap_or(false)
}
