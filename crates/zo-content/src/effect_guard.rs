//! The effect guard: from the moment an allowed action starts acting until it has settled,
//! what the browser is about to do because of it is watched in the capture phase, along the
//! composed event path: a link followed (HTML `a`/`area`, SVG `a`, across shadow roots, via a
//! label or Enter), a form submitted (the `submit` event however caused; it is not composed,
//! so open shadow roots are listened on too), a window opened (`target=_blank`). Each is
//! described by the facts of the element the browser activates ([`crate::facts`]). Facts
//! equal to the ones the action was checked on go ahead untouched; others are held
//! (`preventDefault`), sent as EFFECT_CHECK, and on an allowing EFFECT_VERDICT carried out
//! again exactly as judged (the link's address and target; the form through its prototype's
//! `requestSubmit` with its submitter, let through once), or dropped: the action then fails
//! as `refused` with the worker's reason. An event the page already cancelled has no default
//! action to guard. Navigations no DOM event announces (page script) are not seen here.

use std::cell::RefCell;

use futures::channel::oneshot;
use futures::future::{select, Either};
use futures::pin_mut;
use js_sys::Reflect;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, Event, EventTarget};
use zo_core::wire::{ActionErrorCode, ContentToWorker, EffectKind, TargetFacts};

use crate::failure::Failure;
use crate::guard::VERDICT_TIMEOUT_MS;
use crate::locate::{self, Root};
use crate::reply::Reply;
use crate::{dom, facts};

/// Most event targets listened on for one action (windows and open shadow roots).
const MAX_TARGETS: usize = 512;
/// Most effects one action waits for in turn.
const MAX_EFFECTS: usize = 8;

/// How a held effect is carried out once allowed.
enum Replay {
    /// Go to the judged address, in `target` when it names another browsing context.
    Link { el: Element, url: String },
    /// Submit `form` with `submitter`.
    Submit {
        form: Element,
        submitter: Option<Element>,
    },
}

/// An effect waiting for its verdict.
struct Held {
    facts: TargetFacts,
    replay: Replay,
}

/// The action acting now.
struct Armed {
    batch_id: String,
    index: u32,
    /// The facts it was checked on.
    checked: Option<TargetFacts>,
    reply: Reply,
    /// Where the listener is added, with the event type.
    targets: Vec<(EventTarget, &'static str)>,
    held: Option<Held>,
    /// Why the action fails: an effect refused, or held while another waited.
    refused: Option<String>,
    /// The form of an allowed submission being carried out: its event goes through once.
    pass: Option<Element>,
    /// Woken when the held effect's verdict comes.
    wake: Option<oneshot::Sender<()>>,
}

/// The capture listener, made once and reused.
type Listener = Closure<dyn FnMut(Event)>;

thread_local! {
    static ARMED: RefCell<Option<Armed>> = const { RefCell::new(None) };
    static LISTENER: RefCell<Option<Listener>> = const { RefCell::new(None) };
}

/// The guard of one acting action; dropping it stops watching.
pub struct Watch;

impl Drop for Watch {
    fn drop(&mut self) {
        let Some(armed) = ARMED.with(|a| a.borrow_mut().take()) else {
            return;
        };
        LISTENER.with(|l| {
            if let Some(f) = l.borrow().as_ref() {
                for (t, kind) in &armed.targets {
                    let f = f.as_ref().unchecked_ref();
                    let _ = t.remove_event_listener_with_callback_and_bool(kind, f, true);
                }
            }
        });
    }
}

/// Starts watching the effects of action `index` of `batch_id`, checked on `checked`.
pub fn watch(reply: &Reply, batch_id: &str, index: u32, checked: Option<TargetFacts>) -> Watch {
    let mut targets: Vec<(EventTarget, &'static str)> = Vec::new();
    if let Ok(doc) = dom::document() {
        for root in locate::roots(&doc) {
            match root {
                Root::Doc(d) => {
                    if let Some(w) = d.default_view() {
                        targets.push((w.clone().into(), "click"));
                        targets.push((w.into(), "submit"));
                    }
                }
                Root::Shadow(s) => targets.push((s.into(), "submit")),
            }
            if targets.len() >= MAX_TARGETS {
                break;
            }
        }
    }
    LISTENER.with(|l| {
        let mut l = l.borrow_mut();
        let f = l.get_or_insert_with(|| Listener::new(on_event));
        for (t, kind) in &targets {
            let f = f.as_ref().unchecked_ref();
            let _ = t.add_event_listener_with_callback_and_bool(kind, f, true);
        }
    });
    ARMED.with(|a| {
        *a.borrow_mut() = Some(Armed {
            batch_id: batch_id.to_string(),
            index,
            checked,
            reply: reply.clone(),
            targets,
            held: None,
            refused: None,
            pass: None,
            wake: None,
        })
    });
    Watch
}

/// `v` as an element, when it is one (by node type: elements of iframes are of another realm).
fn element(v: &JsValue) -> Option<Element> {
    let ty = Reflect::get(v, &JsValue::from_str("nodeType")).ok()?;
    (ty.as_f64() == Some(f64::from(dom::ELEMENT_NODE))).then(|| v.clone().unchecked_into())
}

/// What a submission by `submitter` (or of `form` alone) is.
fn submission(form: Element, submitter: Option<Element>) -> (TargetFacts, Replay) {
    let facts = match &submitter {
        Some(s) => facts::of_submitter(s, &form),
        None => facts::of_form(&form),
    };
    (facts, Replay::Submit { form, submitter })
}

/// The default action `ev` is about to cause, with the facts of what the browser activates.
fn effect_of(ev: &Event) -> Option<(TargetFacts, Replay)> {
    if ev.type_() == "submit" {
        let form = element(&ev.target()?.into())?;
        let submitter = Reflect::get(ev, &JsValue::from_str("submitter"))
            .ok()
            .and_then(|s| element(&s));
        return Some(submission(form, submitter));
    }
    // A click's activation target: the first element of its path with an activation
    // behaviour (a label's is a click on its control, watched as that click).
    for item in ev.composed_path().iter() {
        let Some(el) = element(&item) else {
            continue;
        };
        match dom::tag(&el).as_str() {
            "a" | "area" => {
                if facts::link(&el).as_ref() != Some(&el) {
                    return None;
                }
                let f = facts::of(&el);
                let url = f.href.clone()?;
                return Some((f, Replay::Link { el, url }));
            }
            "button" | "input" => {
                let f = facts::of(&el);
                f.submits.as_ref()?;
                let form = element(&Reflect::get(&el, &JsValue::from_str("form")).ok()?)?;
                return Some((
                    f,
                    Replay::Submit {
                        form,
                        submitter: Some(el),
                    },
                ));
            }
            "label" | "select" | "textarea" | "summary" => return None,
            _ => {}
        }
    }
    None
}

fn kind_of(facts: &TargetFacts, replay: &Replay) -> EffectKind {
    match (replay, &facts.target) {
        (_, Some(_)) => EffectKind::Window,
        (Replay::Link { .. }, None) => EffectKind::Link,
        (Replay::Submit { .. }, None) => EffectKind::Submit,
    }
}

/// The capture listener: lets expected effects go, holds the others for a verdict.
fn on_event(ev: Event) {
    if ev.default_prevented() || ARMED.with(|a| a.borrow().is_none()) {
        return;
    }
    let Some((facts, replay)) = effect_of(&ev) else {
        return;
    };
    ARMED.with(|a| {
        let mut a = a.borrow_mut();
        let Some(armed) = a.as_mut() else {
            return;
        };
        if let (Some(form), Replay::Submit { form: f, .. }) = (&armed.pass, &replay) {
            if form == f {
                armed.pass = None;
                return;
            }
        }
        if armed
            .checked
            .as_ref()
            .is_some_and(|c| same_effect(c, &facts))
        {
            return;
        }
        ev.prevent_default();
        if armed.held.is_some() || armed.refused.is_some() {
            armed.refused.get_or_insert_with(|| {
                "the page tried to do more than one thing at once after this action; it was \
                 not carried out"
                    .to_string()
            });
            return;
        }
        let check = ContentToWorker::EffectCheck {
            batch_id: armed.batch_id.clone(),
            index: armed.index,
            effect: kind_of(&facts, &replay),
            facts: facts.clone(),
        };
        armed.held = Some(Held { facts, replay });
        armed.reply.send(&check, &|_| None);
    });
}

/// The worker's EFFECT_VERDICT for action `index` of `batch_id`; false when nothing waits.
/// Whether `a` and `b` describe the same effect. The form a control belongs to (`form`, what a
/// secret fill's grant is scoped to) is left out: a stand-in submit button a component removed
/// right after its click belongs to no form any more, yet submits the same one (`submits`).
fn same_effect(a: &TargetFacts, b: &TargetFacts) -> bool {
    // Compared through a copy of `b` with `a`'s form: the same as comparing both without it.
    let mut b = b.clone();
    b.form.clone_from(&a.form);
    *a == b
}

pub fn verdict(batch_id: &str, index: u32, allow: bool, reason: Option<String>) -> bool {
    let held = ARMED.with(|a| {
        let mut a = a.borrow_mut();
        let armed = a
            .as_mut()
            .filter(|x| x.batch_id == batch_id && x.index == index)?;
        let held = armed.held.take()?;
        if let Some(w) = armed.wake.take() {
            let _ = w.send(());
        }
        let now = match &held.replay {
            Replay::Link { el, .. } => facts::of(el),
            Replay::Submit { form, submitter } => submission(form.clone(), submitter.clone()).0,
        };
        if !allow || !same_effect(&now, &held.facts) {
            armed.refused = Some(match reason {
                Some(r) if !allow => r,
                None if !allow => "the extension refused what this action caused".to_string(),
                _ => "the page changed while this was decided; it was not carried out".to_string(),
            });
            return Some(None);
        }
        if let Replay::Submit { form, .. } = &held.replay {
            armed.pass = Some(form.clone());
        }
        Some(Some(held))
    });
    let Some(held) = held else {
        return false;
    };
    // Carried out outside the borrow: a submission's event comes back to the listener, at
    // once (the pass is for that event only).
    if let Some(held) = held {
        let made = replay(held);
        ARMED.with(|a| {
            if let Some(x) = a.borrow_mut().as_mut() {
                x.pass = None;
                if !made {
                    x.refused = Some("the page took away what was to be carried out".into());
                }
            }
        });
    }
    true
}

/// A submitter's attributes that change where or how its form is sent.
const OVERRIDES: &str = "[formaction], [formmethod], [formtarget], [formenctype], [formnovalidate]";

/// Whether `submitter` still submits `form`.
fn in_form(submitter: &Element, form: &Element) -> bool {
    Reflect::get(submitter, &JsValue::from_str("form")).is_ok_and(|f| f == JsValue::from(form))
}

/// Carries out an allowed effect as it was judged; false when it can no longer be.
fn replay(held: Held) -> bool {
    match held.replay {
        Replay::Link { el, url } => {
            let Ok(win) = dom::owner_window(&el) else {
                return false;
            };
            let _ = match held.facts.target.as_deref() {
                Some(t) => win
                    .open_with_url_and_target_and_features(&url, t, "noopener")
                    .map(|_| ()),
                None => win.location().assign(&url),
            };
        }
        Replay::Submit { form, submitter } => {
            // A submitter the page took out of the form (a component's stand-in button) can
            // no longer submit it: the form is submitted alone, which goes to the same place
            // only when the submitter changed nothing about where or how.
            let by = match submitter {
                Some(s) if !in_form(&s, &form) && s.matches(OVERRIDES).unwrap_or(true) => {
                    return false;
                }
                Some(s) if in_form(&s, &form) => JsValue::from(s),
                _ => JsValue::UNDEFINED,
            };
            // Through the prototype: a field named `requestSubmit` cannot stand in for it.
            let submit = Reflect::get_prototype_of(&form)
                .and_then(|p| Reflect::get(&p, &JsValue::from_str("requestSubmit")));
            if let Ok(f) = submit.map(JsCast::unchecked_into::<js_sys::Function>) {
                let _ = f.call1(&form, &by);
            }
        }
    }
    true
}

/// Waits until no effect of the acting action waits for its verdict; the refusal of one, if
/// any, fails the action.
pub async fn settled() -> Result<(), Failure> {
    for _ in 0..MAX_EFFECTS {
        let rx = ARMED.with(|a| {
            let mut a = a.borrow_mut();
            let armed = a.as_mut().filter(|x| x.held.is_some())?;
            let (tx, rx) = oneshot::channel();
            armed.wake = Some(tx);
            Some(rx)
        });
        let Some(rx) = rx else {
            break;
        };
        let timeout = gloo_timers::future::TimeoutFuture::new(VERDICT_TIMEOUT_MS);
        pin_mut!(rx);
        if let Either::Right(_) = select(rx, timeout).await {
            ARMED.with(|a| {
                if let Some(x) = a.borrow_mut().as_mut() {
                    x.held = None;
                    x.refused =
                        Some("the extension gave no verdict on what this action caused".into());
                }
            });
        }
    }
    let refused = ARMED.with(|a| {
        let mut a = a.borrow_mut();
        let x = a.as_mut()?;
        if x.held.take().is_some() {
            x.refused
                .get_or_insert_with(|| "this action caused too many effects".into());
        }
        x.refused.take()
    });
    match refused {
        Some(why) => Err(Failure::new(ActionErrorCode::Refused, why)),
        None => Ok(()),
    }
}
