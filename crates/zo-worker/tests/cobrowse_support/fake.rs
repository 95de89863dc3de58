//! A fake chrome.tabs / chrome.scripting for the worker's tab code: a tab whose content script
//! may be missing (and injectable or not), a scripted content module answering on its port,
//! and onUpdated 'complete' events after navigations.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use futures::channel::mpsc::{unbounded, UnboundedReceiver, UnboundedSender};
use futures::future::{poll_fn, LocalBoxFuture};
use futures::StreamExt;
use zo_core::wire::{Action, FormFacts, PageSnapshot, Selector, SnapshotElement, TargetFacts};
use zo_core::wire::{
    ActionError, ActionErrorCode, ActionResult, ActionStatus, ContentToWorker, WorkerToContent,
};
use zo_worker::tab::{ContentChannel, LoadWatch, TabApi, TabError, TabInfo};

/// What the fake content module answers to one message, and whether it then closes the port.
pub struct Reply {
    pub messages: Vec<ContentToWorker>,
    pub close: bool,
}

pub type Responder = Box<dyn Fn(&WorkerToContent) -> Reply>;

pub struct State {
    /// The content script answers PING.
    pub present: Cell<bool>,
    /// executeScript succeeds (and makes the script present).
    pub injectable: Cell<bool>,
    /// Navigations fire onUpdated 'complete'.
    pub completes: Cell<bool>,
    /// Navigations are same-document: tabs.update already reports 'complete', no event fires.
    pub same_document: Cell<bool>,
    pub status: RefCell<String>,
    pub url: RefCell<String>,
    pub active: Cell<bool>,
    /// Every chrome.* call, in order ("ping", "inject", "connect", "post SNAPSHOT", ...).
    pub log: RefCell<Vec<String>>,
    pub responder: RefCell<Responder>,
    watchers: RefCell<Vec<UnboundedSender<String>>>,
    /// Data URL lengths returned by successive captures.
    pub capture_sizes: RefCell<Vec<usize>>,
    /// The content module's view of the URL, kept equal to `url`.
    pub shared_url: RefCell<Option<Rc<RefCell<String>>>>,
}

#[derive(Clone)]
pub struct FakeTabs(pub Rc<State>);

impl FakeTabs {
    pub fn new(responder: Responder) -> FakeTabs {
        FakeTabs(Rc::new(State {
            present: Cell::new(true),
            injectable: Cell::new(true),
            completes: Cell::new(true),
            same_document: Cell::new(false),
            status: RefCell::new("complete".to_string()),
            url: RefCell::new("https://shop.example/".to_string()),
            active: Cell::new(true),
            log: RefCell::new(Vec::new()),
            responder: RefCell::new(responder),
            watchers: RefCell::new(Vec::new()),
            capture_sizes: RefCell::new(Vec::new()),
            shared_url: RefCell::new(None),
        }))
    }

    fn sync_url(&self) {
        if let Some(shared) = self.0.shared_url.borrow().as_ref() {
            *shared.borrow_mut() = self.0.url.borrow().clone();
        }
    }

    pub fn log(&self) -> Vec<String> {
        self.0.log.borrow().clone()
    }

    fn note(&self, entry: impl Into<String>) {
        self.0.log.borrow_mut().push(entry.into());
    }

    /// Fires onUpdated 'complete' for the tab now.
    pub fn fire_complete(&self) {
        *self.0.status.borrow_mut() = "complete".to_string();
        let url = self.0.url.borrow().clone();
        self.0
            .watchers
            .borrow_mut()
            .retain(|w| w.unbounded_send(url.clone()).is_ok());
    }
}

fn type_name(msg: &WorkerToContent) -> String {
    serde_json::to_value(msg)
        .ok()
        .and_then(|v| v.get("type").and_then(|t| t.as_str()).map(str::to_string))
        .unwrap_or_default()
}

struct FakeChannel {
    tabs: FakeTabs,
    tx: UnboundedSender<ContentToWorker>,
    rx: RefCell<UnboundedReceiver<ContentToWorker>>,
}

impl ContentChannel for FakeChannel {
    fn post(&self, msg: &WorkerToContent) -> Result<(), TabError> {
        if self.tx.is_closed() {
            return Err(TabError::Disconnected);
        }
        self.tabs.note(format!("post {}", type_name(msg)));
        let reply = (self.tabs.0.responder.borrow())(msg);
        for m in reply.messages {
            let _ = self.tx.unbounded_send(m);
        }
        if reply.close {
            self.tx.close_channel();
        }
        Ok(())
    }

    fn recv(&self) -> LocalBoxFuture<'_, Option<ContentToWorker>> {
        Box::pin(poll_fn(move |cx| self.rx.borrow_mut().poll_next_unpin(cx)))
    }
}

struct FakeWatch(RefCell<UnboundedReceiver<String>>);

impl LoadWatch for FakeWatch {
    fn complete(&self) -> LocalBoxFuture<'_, Option<String>> {
        Box::pin(poll_fn(move |cx| self.0.borrow_mut().poll_next_unpin(cx)))
    }
}

impl TabApi for FakeTabs {
    fn ping(&self, _tab_id: i32) -> LocalBoxFuture<'_, Result<String, TabError>> {
        self.note("ping");
        let present = self.0.present.get();
        Box::pin(async move {
            if present {
                Ok("wasm".to_string())
            } else {
                Err(TabError::Chrome(
                    "Could not establish connection. Receiving end does not exist.".into(),
                ))
            }
        })
    }

    fn inject(&self, _tab_id: i32) -> LocalBoxFuture<'_, Result<(), TabError>> {
        self.note("inject");
        let ok = self.0.injectable.get();
        if ok {
            self.0.present.set(true);
        }
        Box::pin(async move {
            if ok {
                Ok(())
            } else {
                Err(TabError::Chrome("Cannot access a chrome:// URL".into()))
            }
        })
    }

    fn connect(
        &self,
        _tab_id: i32,
    ) -> LocalBoxFuture<'_, Result<Box<dyn ContentChannel>, TabError>> {
        self.note("connect");
        let (tx, rx) = unbounded();
        let channel: Box<dyn ContentChannel> = Box::new(FakeChannel {
            tabs: self.clone(),
            tx,
            rx: RefCell::new(rx),
        });
        Box::pin(async move { Ok(channel) })
    }

    fn get(&self, _tab_id: i32) -> LocalBoxFuture<'_, Result<TabInfo, TabError>> {
        let info = TabInfo {
            url: self.0.url.borrow().clone(),
            status: self.0.status.borrow().clone(),
            window_id: 7,
            active: self.0.active.get(),
        };
        Box::pin(async move { Ok(info) })
    }

    fn update_url(&self, _tab_id: i32, url: &str) -> LocalBoxFuture<'_, Result<TabInfo, TabError>> {
        self.note(format!("update {url}"));
        *self.0.url.borrow_mut() = url.to_string();
        self.sync_url();
        if self.0.same_document.get() {
            let info = TabInfo {
                url: url.to_string(),
                status: "complete".to_string(),
                window_id: 7,
                active: true,
            };
            return Box::pin(async move { Ok(info) });
        }
        *self.0.status.borrow_mut() = "loading".to_string();
        // A fresh page has no content script until Chrome injects it at load.
        self.0.present.set(false);
        let info = TabInfo {
            url: url.to_string(),
            status: "loading".to_string(),
            window_id: 7,
            active: true,
        };
        if self.0.completes.get() {
            let me = self.clone();
            wasm_bindgen_futures::spawn_local(async move {
                me.0.present.set(true);
                me.fire_complete();
            });
        }
        Box::pin(async move { Ok(info) })
    }

    fn watch_load(&self, _tab_id: i32) -> LocalBoxFuture<'_, Result<Box<dyn LoadWatch>, TabError>> {
        let (tx, rx) = unbounded();
        self.0.watchers.borrow_mut().push(tx);
        let watch: Box<dyn LoadWatch> = Box::new(FakeWatch(RefCell::new(rx)));
        Box::pin(async move { Ok(watch) })
    }

    fn capture(&self, window_id: i32, quality: u8) -> LocalBoxFuture<'_, Result<String, TabError>> {
        self.note(format!("capture {window_id} q{quality}"));
        let mut sizes = self.0.capture_sizes.borrow_mut();
        let size = if sizes.is_empty() {
            100
        } else {
            sizes.remove(0)
        };
        let prefix = "data:image/jpeg;base64,";
        let url = format!("{prefix}{}", "A".repeat(size.saturating_sub(prefix.len())));
        Box::pin(async move { Ok(url) })
    }
}

pub fn page(url: &str) -> PageSnapshot {
    PageSnapshot {
        omitted: Vec::new(),
        url: url.to_string(),
        title: "Shop".to_string(),
        text: "Pro $25".to_string(),
        elements: vec![SnapshotElement {
            selector: "#pricing".to_string(),
            tag: "a".to_string(),
            label: "Pricing".to_string(),
            ..SnapshotElement::default()
        }],
        ..PageSnapshot::default()
    }
}

pub fn result(index: u32, status: ActionStatus) -> ActionResult {
    ActionResult {
        index,
        status,
        value: None,
        error: None,
        settle_ms: None,
        target_name: None,
    }
}

/// What the fake page does for one action: `#missing` is not found, extract reads "$25 / month".
fn perform(index: u32, action: &Action) -> ActionResult {
    if action.selector().map(Selector::as_str) == Some("#missing") {
        return ActionResult {
            error: Some(ActionError {
                code: ActionErrorCode::NotFound,
                message: "no element matches #missing after 5000 ms".into(),
            }),
            ..result(index, ActionStatus::Failed)
        };
    }
    let value = match action {
        Action::Extract { .. } => {
            Some(serde_json::json!({"value": "$25 / month", "truncated": false, "length": 11}))
        }
        _ => None,
    };
    ActionResult {
        value: value.as_ref().map(zo_core::wire::RawJson::from_value),
        ..result(index, ActionStatus::Done)
    }
}

/// The facts the fake page reports for an action's element: `#pw` is a password field,
/// `#pay` a "Pay now" button, `#evil-form` a submit button of a form sent to
/// https://evil.example, anything else a plain button.
pub fn facts_for(action: &Action) -> Option<TargetFacts> {
    let sel = action.selector()?.as_str();
    let base = TargetFacts {
        tag: "button".into(),
        input_type: Some("button".into()),
        ..TargetFacts::default()
    };
    Some(match sel {
        "#pw" => TargetFacts {
            tag: "input".into(),
            input_type: Some("password".into()),
            name: "Password".into(),
            ..TargetFacts::default()
        },
        "#pay" => TargetFacts {
            name: "Pay now".into(),
            ..base
        },
        "#evil-form" => TargetFacts {
            input_type: Some("submit".into()),
            name: "Continue".into(),
            submits: Some(FormFacts {
                action: Some("https://evil.example/steal".into()),
                ..FormFacts::default()
            }),
            ..base
        },
        _ => base,
    })
}

/// A batch the fake content module is running: it waits for the verdict on action `next`.
struct Running {
    batch_id: String,
    actions: Vec<Action>,
    results: Vec<ActionResult>,
}

/// A content module that snapshots the tab's current URL and runs batches as the real one
/// does: each action is reported running, checked (ACTION_CHECK with its facts), and run only
/// when the verdict allows it; the first failure or refusal skips the rest.
pub fn content_for(tabs_url: Rc<RefCell<String>>) -> Responder {
    let batch: RefCell<Option<Running>> = RefCell::new(None);
    Box::new(move |msg| {
        let mut messages = Vec::new();
        match msg {
            WorkerToContent::Snapshot { request_id, .. } => {
                messages.push(ContentToWorker::SnapshotResult {
                    request_id: request_id.clone(),
                    snapshot: page(&tabs_url.borrow()),
                })
            }
            WorkerToContent::MaskSecrets { request_id, on } => {
                messages.push(ContentToWorker::SecretsMasked {
                    request_id: request_id.clone(),
                    count: u32::from(*on),
                })
            }
            WorkerToContent::ExecuteAction {
                batch_id, actions, ..
            } => {
                let run = Running {
                    batch_id: batch_id.clone(),
                    actions: actions.clone(),
                    results: Vec::new(),
                };
                next_check(&run, &mut messages);
                *batch.borrow_mut() = Some(run);
            }
            WorkerToContent::ActionVerdict {
                batch_id,
                index,
                allow,
                reason,
            } => {
                let mut slot = batch.borrow_mut();
                let Some(run) = slot
                    .as_mut()
                    .filter(|r| r.batch_id == *batch_id && r.results.len() == *index as usize)
                else {
                    return Reply {
                        messages,
                        close: false,
                    };
                };
                let r = if *allow {
                    perform(*index, &run.actions[*index as usize])
                } else {
                    ActionResult {
                        error: Some(ActionError {
                            code: ActionErrorCode::Refused,
                            message: reason.clone().unwrap_or_default(),
                        }),
                        ..result(*index, ActionStatus::Failed)
                    }
                };
                messages.push(ContentToWorker::ActionResult {
                    batch_id: batch_id.clone(),
                    result: r.clone(),
                });
                let failed = r.status == ActionStatus::Failed;
                run.results.push(r);
                if failed {
                    for i in run.results.len()..run.actions.len() {
                        run.results.push(result(i as u32, ActionStatus::Skipped));
                    }
                }
                next_check(run, &mut messages);
            }
            _ => {}
        }
        Reply {
            messages,
            close: false,
        }
    })
}

/// The running status and check of the next action, or BATCH_DONE after the last.
fn next_check(run: &Running, messages: &mut Vec<ContentToWorker>) {
    let i = run.results.len();
    match run.actions.get(i) {
        Some(action) => {
            messages.push(ContentToWorker::ActionResult {
                batch_id: run.batch_id.clone(),
                result: result(i as u32, ActionStatus::Running),
            });
            messages.push(ContentToWorker::ActionCheck {
                batch_id: run.batch_id.clone(),
                index: i as u32,
                facts: facts_for(action),
            });
        }
        None => messages.push(ContentToWorker::BatchDone {
            batch_id: run.batch_id.clone(),
            results: run.results.clone(),
        }),
    }
}

/// A fake tab at https://shop.example/ with the scripted content module.
pub fn shop() -> FakeTabs {
    let tabs = FakeTabs::new(Box::new(|_| Reply {
        messages: vec![],
        close: false,
    }));
    let url = Rc::new(RefCell::new(String::new()));
    *tabs.0.responder.borrow_mut() = content_for(url.clone());
    *tabs.0.shared_url.borrow_mut() = Some(url);
    tabs.sync_url();
    tabs
}

/// The content module of [`shop`] without a tab to follow (always https://shop.example/).
pub fn content() -> Responder {
    content_for(Rc::new(RefCell::new("https://shop.example/".to_string())))
}
