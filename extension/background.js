// Service worker glue: locks storage away from content scripts, loads the worker wasm and
// forwards chrome.* events to it. Listeners are registered synchronously at top level (before
// wasm is ready, as MV3 requires) and their events are queued until it is; then they run in
// arrival order. Which senders are served is decided in Rust; no logic lives here.
import init, {
  version,
  start,
  onConnect,
  onPortMessage,
  onPortDisconnect,
  onMessage,
  onStorageChanged,
  onInstalled,
  onMenuClicked,
  onCommand,
  onOmnibox,
  onTabCreated,
  onNavigationTarget,
  onNavigationCommitted,
  onNavigationError,
  onRuleMatched,
} from './pkg/zo_worker.js';

// First of all: content scripts (which a compromised page can run code in) lose
// chrome.storage.local, where the key, settings, history and conversation ids live. Nothing
// of the worker runs before this is done.
const storageLocked = chrome.storage.local
  .setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' })
  .catch((err) => console.error('[zo] could not restrict storage to the extension', err));

const pending = [];
let wasmReady = false;

function whenReady(run) {
  if (wasmReady) run();
  else pending.push(run);
}

chrome.runtime.onInstalled.addListener(() => {
  chrome.sidePanel
    .setPanelBehavior({ openPanelOnActionClick: true })
    .catch((err) => console.error('[zo] setPanelBehavior failed', err));
  whenReady(() => onInstalled());
});

// The entry points (context menu, keyboard commands, the omnibox keyword). Chrome lets
// sidePanel.open run only inside the user's gesture, so it is called here, synchronously,
// before wasm is awaited; what the question is, Rust decides (the panel takes it when it opens).
function openPanel(tab) {
  const where = tab?.id >= 0 ? { tabId: tab.id } : { windowId: tab?.windowId ?? chrome.windows.WINDOW_ID_CURRENT };
  chrome.sidePanel.open(where).catch((err) => console.warn('[zo] could not open the side panel', err));
}
const entry = {
  menuClicked(info, tab) {
    openPanel(tab);
    const { menuItemId, selectionText, linkUrl } = info;
    whenReady(() => onMenuClicked(String(menuItemId), selectionText, linkUrl, tab?.id));
  },
  command(name, tab) {
    openPanel(tab);
    whenReady(() => onCommand(name, tab?.id));
  },
  omnibox(text) {
    openPanel(undefined);
    whenReady(() => onOmnibox(text));
  },
};
chrome.contextMenus.onClicked.addListener((info, tab) => entry.menuClicked(info, tab));
chrome.commands.onCommand.addListener((name, tab) => entry.command(name, tab));
chrome.omnibox.onInputEntered.addListener((text) => entry.omnibox(text));
chrome.omnibox.setDefaultSuggestion({ description: 'Ask Zo in the side panel: %s' });

chrome.runtime.onConnect.addListener((port) => {
  whenReady(() => onConnect(port));
  port.onMessage.addListener((message) => whenReady(() => onPortMessage(port, message)));
  port.onDisconnect.addListener(() => whenReady(() => onPortDisconnect(port)));
});

chrome.runtime.onMessage.addListener((message, sender, sendResponse) => {
  whenReady(() => onMessage(message, sender, sendResponse));
  return true; // Rust answers (possibly later), exactly once
});

// The network guard of a running Co-browse task: tabs opened, and top-level navigations
// committed or blocked. Only ids, addresses and Chrome's error name cross; Rust decides.
chrome.tabs.onCreated.addListener((tab) => whenReady(() => onTabCreated(tab.id, tab.openerTabId)));
chrome.webNavigation.onCreatedNavigationTarget.addListener((d) =>
  whenReady(() => onNavigationTarget(d.sourceTabId, d.tabId)),
);
chrome.webNavigation.onCommitted.addListener((d) =>
  whenReady(() => onNavigationCommitted(d.tabId, d.frameId, d.url)),
);
chrome.webNavigation.onErrorOccurred.addListener((d) =>
  whenReady(() => onNavigationError(d.tabId, d.frameId, d.url, d.error)),
);
// Which of the guard's rules blocked a request: Chrome has this event only for unpacked
// extensions (how users load this one); elsewhere blocked sends are blocked, untold.
chrome.declarativeNetRequest.onRuleMatchedDebug?.addListener((info) =>
  whenReady(() => onRuleMatched(info.request.tabId, info.rule.ruleId, info.request.url)),
);

// Only the names of the changed keys cross into wasm, never their values.
chrome.storage.onChanged.addListener((changes, area) =>
  whenReady(() => onStorageChanged(area, Object.keys(changes))),
);

globalThis.zoWorker = {
  // The entry points' listeners call these; the e2e specs call them too (Chrome's own menu
  // and omnibox cannot be driven from a test).
  entry,
  ready: Promise.all([
    storageLocked,
    init({ module_or_path: new URL('./pkg/zo_worker_bg.wasm', import.meta.url) }),
  ]).then(() => {
    start();
    wasmReady = true;
    for (const run of pending.splice(0)) run();
    return version();
  }),
};
globalThis.zoWorker.ready.catch((err) => console.error('[zo] worker wasm failed to start', err));
