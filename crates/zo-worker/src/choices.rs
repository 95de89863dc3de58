//! The model and persona lists for the side panel's pickers. Both need the API key, so the
//! worker fetches them (`GET {base}/models/available`, `/personas/available`, never following
//! a redirect, only to a host the user allowed: [`WorkerCtx::credentials`]) and the panel asks
//! for them over its one-off message channel. Kept in `chrome.storage.session` for
//! `zo_core::wire::CHOICES_TTL_MS` (see `zo_core::wire::ChoicesCache`); a change of the
//! settings or the key drops them ([`forget`]).

use zo_core::stream::{error_detail, Failure};
use zo_core::wire::{
    parse_choices, ApiKey, Choice, ChoiceLists, ChoicesCache, Json, CHOICES_KEY,
    MAX_LIST_BODY_BYTES as MAX_BODY_BYTES,
};

use crate::cancel::CancelToken;
use crate::chrome::StorageArea;
use crate::context::WorkerCtx;
use crate::convert::warn;
use crate::http::{Exchange, HttpError};

/// The lists, from the cache when fresh (unless `refresh`), else fetched and cached.
pub async fn lists(ctx: &WorkerCtx, refresh: bool) -> ChoiceLists {
    let credentials = match ctx.credentials().await {
        Ok(c) => c,
        Err(e) => {
            return ChoiceLists {
                error: Some(e.to_string()),
                ..ChoiceLists::default()
            }
        }
    };
    let base = credentials.settings.api_base_url.clone();
    let now = js_sys::Date::now().max(0.0) as u64;
    if !refresh {
        let stored = ctx
            .chrome
            .storage_get(StorageArea::Session, CHOICES_KEY)
            .await
            .unwrap_or_default();
        if let Some(cache) = stored.as_deref().and_then(ChoicesCache::from_json) {
            if cache.is_fresh(now, &base) {
                return cache.lists;
            }
        }
    }
    let liveness = credentials.settings.liveness_timeout_ms;
    let key = &credentials.api_key;
    let (models, personas) = futures::join!(
        fetch(&base, "/models/available", key, liveness),
        fetch(&base, "/personas/available", key, liveness),
    );
    let mut lists = ChoiceLists::default();
    let mut errors = Vec::new();
    match models {
        Ok(list) => lists.models = list,
        Err(e) => errors.push(format!("models: {e}")),
    }
    match personas {
        Ok(list) => lists.personas = list,
        Err(e) => errors.push(format!("personas: {e}")),
    }
    if !errors.is_empty() {
        lists.error = Some(errors.join("; "));
    }
    let cache = ChoicesCache {
        fetched_at: now,
        api_base_url: base,
        lists: lists.clone(),
    };
    if let Err(e) = ctx
        .chrome
        .storage_set(StorageArea::Session, CHOICES_KEY, cache.to_json())
        .await
    {
        warn("caching the model and persona lists", &e.to_string());
    }
    lists
}

/// Drops the cached lists (the settings or the key changed).
pub async fn forget(ctx: &WorkerCtx) {
    let cleared = ctx
        .chrome
        .storage_set(StorageArea::Session, CHOICES_KEY, Json::null())
        .await;
    if let Err(e) = cleared {
        warn(
            "dropping the cached model and persona lists",
            &e.to_string(),
        );
    }
}

/// One list, or why it could not be fetched.
async fn fetch(
    base: &str,
    path: &str,
    key: &ApiKey,
    liveness_ms: u64,
) -> Result<Vec<Choice>, String> {
    let cancel = CancelToken::new();
    let controller = cancel.new_controller()?;
    let exchange = Exchange {
        controller: &controller,
        cancel: &cancel,
        liveness_ms,
    };
    let url = format!("{}{path}", base.trim_end_matches('/'));
    let response = match exchange.get_json(&url, key).await {
        Ok(r) => r,
        Err(HttpError::Redirect) => return Err(Failure::Redirect.describe()),
        Err(e) => return Err(e.to_string()),
    };
    let status = response.head(0).status;
    let mut body = Vec::new();
    if let Some(reader) = response.reader() {
        while let Some(chunk) = reader.next(&exchange).await.map_err(|e| e.to_string())? {
            let room = MAX_BODY_BYTES.saturating_sub(body.len());
            body.extend_from_slice(&chunk[..chunk.len().min(room)]);
            if body.len() >= MAX_BODY_BYTES {
                reader.close();
                break;
            }
        }
    }
    if !(200..300).contains(&status) {
        return Err(Failure::Http {
            status,
            retry_after_ms: None,
            detail: error_detail(&body),
        }
        .describe());
    }
    Ok(parse_choices(&String::from_utf8_lossy(&body)))
}
