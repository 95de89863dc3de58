// Side panel glue: loads the panel wasm and connects it to chrome.*. The panel (Rust,
// crates/zo-panel) owns all behaviour; this file only moves messages and storage values.
import init, { Panel } from './pkg/zo_panel.js';

const params = new URLSearchParams(location.search);
// e2e tests open this page as a normal tab and pass the tab to bind to.
const fixedTabId = params.has('tabId') ? Number(params.get('tabId')) : null;

let boundTabId = Number.isInteger(fixedTabId) ? fixedTabId : null;
let windowId = null;
let port = null;
let panel = null;

async function refreshBoundTab() {
  if (Number.isInteger(fixedTabId)) return;
  try {
    const query = windowId == null ? { active: true, currentWindow: true } : { active: true, windowId };
    const [tab] = await chrome.tabs.query(query);
    if (tab) {
      boundTabId = tab.id;
      windowId = tab.windowId;
    }
  } catch (err) {
    console.warn('[zo] could not find the active tab', err);
  }
}

function connect() {
  port = chrome.runtime.connect({ name: 'stream' });
  port.onMessage.addListener((msg) => panel?.onMessage(msg));
  port.onDisconnect.addListener(() => {
    port = null;
    // Let the panel end the answer that was streaming; the next post reconnects.
    queueMicrotask(() => panel?.onDisconnect());
  });
}

const host = {
  post(msg) {
    try {
      if (!port) connect();
      port.postMessage(msg);
      return true;
    } catch (err) {
      console.warn('[zo] could not reach the worker', err);
      port = null;
      return false;
    }
  },
  saveHistory(history) {
    chrome.storage.local.set({ history }).catch((err) => console.error('[zo] saving history failed', err));
  },
  openOptions() {
    chrome.runtime.openOptionsPage();
  },
  copy(text) {
    navigator.clipboard.writeText(text).catch((err) => console.warn('[zo] copy failed', err));
  },
  tabId() {
    return boundTabId;
  },
};

async function main() {
  await init({ module_or_path: new URL('./pkg/zo_panel_bg.wasm', import.meta.url) });
  await refreshBoundTab();
  const stored = await chrome.storage.local.get(['settings', 'history']);
  panel = new Panel(document.getElementById('app'), host, stored.settings, stored.history);
  connect();
  chrome.tabs.onActivated.addListener((info) => {
    if (windowId == null || info.windowId === windowId) refreshBoundTab();
  });
  chrome.storage.onChanged.addListener((changes, area) => {
    if (area === 'local' && changes.settings) panel.setSettings(changes.settings.newValue);
  });
  globalThis.zoPanel = panel;
}

main().catch((err) => {
  console.error('[zo] side panel failed to start', err);
  const app = document.getElementById('app');
  app.textContent = 'Zo could not start: ' + (err?.message ?? err);
});
