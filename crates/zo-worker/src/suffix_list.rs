//! The public suffix list the extension ships (`extension/pkg/public_suffix_list.dat`, which
//! build.sh copies there), read and parsed by zo-core once per worker life, when the first
//! Co-browse task needs it, and kept. If it cannot be read, a task goes on without it (a named
//! domain then covers only itself) and the next task tries again.

use std::cell::RefCell;
use std::sync::Arc;

use futures::future::{select, Either};
use gloo_timers::future::TimeoutFuture;
use js_sys::Promise;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use web_sys::Response;
use zo_core::trust::suffixes::PublicSuffixes;

use crate::convert::warn;

/// Where the list is, from the extension's root.
const LIST_PATH: &str = "/extension/pkg/public_suffix_list.dat";

/// Longest wait for the extension's own file.
const LOAD_TIMEOUT_MS: u32 = 5_000;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(catch, js_name = fetch)]
    fn fetch_path(path: &str) -> Result<Promise, JsValue>;
}

thread_local! {
    static LOADED: RefCell<Option<Arc<PublicSuffixes>>> = const { RefCell::new(None) };
}

/// The list, loaded on first use; without it, [`PublicSuffixes::unavailable`].
pub async fn get() -> Arc<PublicSuffixes> {
    if let Some(list) = LOADED.with(|l| l.borrow().clone()) {
        return list;
    }
    match load().await {
        Ok(list) => {
            let list = Arc::new(list);
            LOADED.with(|l| *l.borrow_mut() = Some(list.clone()));
            list
        }
        Err(e) => {
            warn("public suffix list (named sites cover only themselves)", &e);
            Arc::new(PublicSuffixes::unavailable())
        }
    }
}

async fn load() -> Result<PublicSuffixes, String> {
    let text = within(LOAD_TIMEOUT_MS, read()).await??;
    PublicSuffixes::parse(&text).map_err(|e| e.to_string())
}

async fn read() -> Result<String, String> {
    let js = |e: JsValue| zo_chrome::error_text(&e);
    let response: Response = JsFuture::from(fetch_path(LIST_PATH).map_err(js)?)
        .await
        .map_err(js)?
        .dyn_into()
        .map_err(js)?;
    if !response.ok() {
        return Err(format!("{LIST_PATH}: HTTP {}", response.status()));
    }
    JsFuture::from(response.text().map_err(js)?)
        .await
        .map_err(js)?
        .as_string()
        .ok_or_else(|| format!("{LIST_PATH}: not text"))
}

async fn within<T>(ms: u32, work: impl std::future::Future<Output = T>) -> Result<T, String> {
    let work = Box::pin(work);
    match select(work, TimeoutFuture::new(ms)).await {
        Either::Left((value, _)) => Ok(value),
        Either::Right(_) => Err(format!("{LIST_PATH}: no answer within {ms} ms")),
    }
}
