//! The other open tabs a question takes as context (`@` in the panel): each is read only when
//! `zo_core::trust::may_read_as_context` allows it (a web page of the window of the tab Zo
//! looks at) and the user let the extension reach its site (asked for in the Send click, as
//! for the page); then a snapshot within its share of the mode's page text budget
//! (`zo_core::cobrowse::prompt::tab_text_budget`). A tab that cannot be read becomes the
//! reason (`zo_core::trust::TabUnread`, worded there), which goes in the prompt (inside the
//! untrusted block) and to the panel as a note.
//! Tabs are read, never acted on.

use zo_core::trust::sender::TrustedPage;
use zo_core::trust::{may_read_as_context, site, TabFacts, TabUnread};
use zo_core::wire::PageSnapshot;

use crate::cancel::CancelToken;
use crate::context::WorkerCtx;
use crate::tab::{self, TabApi};

/// Tabs `chosen` (`zo_core::ui::tab_mention::chosen_ids`), read with `budget` characters of
/// text each for a question about `bound` asked by `page`, in order: each one's snapshot, or
/// why it could not be read.
pub async fn read_tabs(
    ctx: &WorkerCtx,
    tabs: &dyn TabApi,
    page: &TrustedPage,
    bound: Option<i32>,
    chosen: &[i32],
    budget: u32,
    cancel: &CancelToken,
) -> Vec<Result<PageSnapshot, String>> {
    let bound = match bound {
        Some(id) => tabs.get(id).await.ok().map(|t| TabFacts {
            url: t.url,
            window_id: t.window_id,
            active: t.active,
        }),
        None => None,
    };
    let mut out = Vec::with_capacity(chosen.len());
    for id in chosen {
        let read = read_tab(ctx, tabs, page, bound.as_ref(), *id, budget, cancel).await;
        out.push(read.map_err(|why| why.to_string()));
    }
    out
}

async fn read_tab(
    ctx: &WorkerCtx,
    tabs: &dyn TabApi,
    page: &TrustedPage,
    bound: Option<&TabFacts>,
    id: i32,
    budget: u32,
    cancel: &CancelToken,
) -> Result<PageSnapshot, TabUnread> {
    let info = tabs.get(id).await.map_err(|_| TabUnread::Closed)?;
    let origin = site::origin_of(&info.url);
    let Some(bound) = bound else {
        return Err(TabUnread::NoBoundTab { origin });
    };
    let facts = TabFacts {
        url: info.url.clone(),
        window_id: info.window_id,
        active: info.active,
    };
    if let Err(why) = may_read_as_context(page, bound, &facts) {
        return Err(TabUnread::Refused { origin, why });
    }
    let pattern = site::host_pattern(&info.url).unwrap_or_default();
    if !ctx.chrome.host_permitted(&pattern).await.unwrap_or(false) {
        return Err(TabUnread::NoSiteAccess { origin });
    }
    tab::snapshot(tabs, id, budget, cancel)
        .await
        .map_err(|e| TabUnread::Failed {
            origin,
            error: e.to_string(),
        })
}

/// The reasons of the tabs that could not be read, for the panel's notes.
pub fn unread(read: &[Result<PageSnapshot, String>]) -> impl Iterator<Item = &str> {
    read.iter()
        .filter_map(|r| r.as_ref().err().map(String::as_str))
}
