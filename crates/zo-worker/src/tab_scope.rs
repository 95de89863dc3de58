//! The tab an ASK_ZO may touch. The tab it names is looked up (`chrome.tabs.get`) and kept only
//! when the page that asked may act on it (`zo_core::trust`): a web page shown next to the
//! side panel, or in the same window as a page opened in a tab. Otherwise the query runs as if
//! no tab were bound (Co-browse then says it needs a web page; the other modes answer without
//! page context) and the refusal is logged without the tab's URL.

use zo_core::trust::sender::TrustedPage;
use zo_core::trust::{may_act_on, TabFacts};

use crate::convert::warn;
use crate::tab::TabApi;

/// `tab_id` when `page` may have Zo read and act on that tab, else None.
pub async fn scoped_tab(tabs: &dyn TabApi, page: &TrustedPage, tab_id: Option<i32>) -> Option<i32> {
    let id = tab_id?;
    let info = match tabs.get(id).await {
        Ok(info) => info,
        Err(e) => {
            warn("the requested tab cannot be looked up", &e.to_string());
            return None;
        }
    };
    let facts = TabFacts {
        url: info.url,
        window_id: info.window_id,
        active: info.active,
    };
    match may_act_on(page, &facts) {
        Ok(()) => Some(id),
        Err(refusal) => {
            warn("left the requested tab alone", &refusal.to_string());
            None
        }
    }
}
