// Side panel glue: loads the panel wasm and connects it to chrome.*. The panel (Rust,
// crates/zo-panel) owns the behaviour; this file moves messages and storage values, and keeps
// which tab the panel is bound to (its window's active tab, or the tabId the tests pass).
// Messages between the panel and the worker are JSON text written and read in Rust: they pass
// through here untouched.
// The panel never reads the settings or the API key from storage: the worker sends the
// settings (with whether a key is set, never the key) when asked and whenever they change.
import init, { Panel } from './pkg/zo_panel.js';

const params = new URLSearchParams(location.search);
// e2e tests open this page as a normal tab and pass the tab to bind to.
const fixedTabId = params.has('tabId') ? Number(params.get('tabId')) : null;

let boundTabId = Number.isInteger(fixedTabId) ? fixedTabId : null;
let boundTabUrl = null;
let boundTabTitle = null;
let windowId = null;
let port = null;
let panel = null;
let recognition = null;

async function refreshBoundTab() {
  try {
    if (Number.isInteger(fixedTabId)) {
      const tab = await chrome.tabs.get(fixedTabId);
      boundTabUrl = tab.url ?? null;
      boundTabTitle = tab.title ?? null;
      windowId = tab.windowId;
      return;
    }
    const query = windowId == null ? { active: true, currentWindow: true } : { active: true, windowId };
    const [tab] = await chrome.tabs.query(query);
    if (tab) {
      boundTabId = tab.id;
      boundTabUrl = tab.url ?? null;
      boundTabTitle = tab.title ?? null;
      windowId = tab.windowId;
    }
  } catch (err) {
    console.warn('[zo] could not find the bound tab', err);
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
  // The pending write: the panel shows a failure (a full storage quota) to the user.
  saveHistory(history) {
    return chrome.storage.local.set({ history });
  },
  openOptions() {
    chrome.runtime.openOptionsPage();
  },
  copy(text) {
    navigator.clipboard.writeText(text).catch((err) => console.warn('[zo] copy failed', err));
  },
  // A file the panel wrote (an exported chat): saved through a Blob, no permission needed.
  download(name, type, text) {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  },
  // Read aloud: one utterance per text, in the chosen voice (voiceURI) and rate; the panel is
  // told when they ended or failed (every pending one fails when cancelled).
  speak(token, texts, rate, voice) {
    speechSynthesis.cancel();
    const chosen = speechSynthesis.getVoices().find((v) => v.voiceURI === voice);
    texts.forEach((text, i) => {
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.rate = rate;
      if (chosen) {
        utterance.voice = chosen;
        utterance.lang = chosen.lang;
      }
      if (i === texts.length - 1) utterance.onend = () => panel?.onSpeechEnd(token);
      utterance.onerror = (e) => {
        if (e.error !== 'interrupted' && e.error !== 'canceled') console.warn('[zo] read aloud', e.error);
        // No voice installed: the panel says so instead of a button that does nothing.
        if (/synthesis|voice/.test(e.error) && speechSynthesis.getVoices().length === 0) panel?.onSpeechNoVoices(token);
        panel?.onSpeechEnd(token);
      };
      speechSynthesis.speak(utterance);
    });
  },
  stopSpeaking() {
    speechSynthesis.cancel();
  },
  // Voice input: Chrome's speech recognition, interim results included; the panel gets the
  // final and the still-changing text of this session, its errors and its end.
  startVoice() {
    const Recognition = globalThis.SpeechRecognition ?? globalThis.webkitSpeechRecognition;
    if (!Recognition) return false;
    recognition?.abort();
    recognition = new Recognition();
    recognition.interimResults = true;
    recognition.continuous = true;
    recognition.lang = navigator.language;
    recognition.onresult = (e) => {
      let finals = '';
      let interim = '';
      for (const result of e.results) {
        if (result.isFinal) finals += result[0].transcript;
        else interim += result[0].transcript;
      }
      panel?.onVoice('result', finals, interim);
    };
    recognition.onerror = (e) => panel?.onVoice('error', e.error, '');
    recognition.onend = () => panel?.onVoice('end', '', '');
    recognition.start();
    return true;
  },
  stopVoice() {
    recognition?.stop();
  },
  // The side panel cannot show Chrome's microphone prompt: a tab of the extension can.
  openMicPage() {
    chrome.tabs.create({ url: chrome.runtime.getURL('extension/mic.html') });
  },
  tabId() {
    return boundTabId;
  },
  tabUrl() {
    return boundTabUrl;
  },
  tabTitle() {
    return boundTabTitle;
  },
  // One-off messages (the model and persona lists and choice): JSON text both ways.
  sendMessage(text) {
    return chrome.runtime.sendMessage(text);
  },
  // Must run inside the click that sends the question (Rust calls it before awaiting): one
  // pattern, or several (the page's site and the sites of the tabs chosen with @).
  requestSiteAccess(patterns) {
    return chrome.permissions.request({ origins: [].concat(patterns) });
  },
  // The open tabs of the panel's window, for @ (Rust decides which may be listed).
  async windowTabs() {
    if (windowId == null) return [];
    const tabs = await chrome.tabs.query({ windowId });
    return tabs.map((t) => ({ id: t.id, title: t.title ?? '', url: t.url ?? t.pendingUrl ?? '' }));
  },
};

async function main() {
  await init({ module_or_path: new URL('./pkg/zo_panel_bg.wasm', import.meta.url) });
  await refreshBoundTab();
  const [stored, reply] = await Promise.all([
    chrome.storage.local.get('history'),
    chrome.runtime.sendMessage(JSON.stringify({ type: 'GET_SETTINGS' })).catch((err) => {
      console.warn('[zo] the worker did not send the settings', err);
      return undefined;
    }),
  ]);
  panel = new Panel(document.getElementById('app'), host, reply, stored.history);
  // The worker's SETTINGS when they change (Rust takes them from the worker only).
  chrome.runtime.onMessage.addListener((message, sender) => panel.onRuntimeMessage(message, sender));
  connect();
  // The page bar follows the bound tab: another tab, a navigation, a new title or icon.
  chrome.tabs.onActivated.addListener(async (info) => {
    if (fixedTabId == null && (windowId == null || info.windowId === windowId)) {
      await refreshBoundTab();
      panel.onTabChanged();
    }
  });
  chrome.tabs.onUpdated.addListener((tabId, change, tab) => {
    if (tabId !== boundTabId) return;
    if (change.url === undefined && change.title === undefined && change.favIconUrl === undefined) return;
    boundTabUrl = tab.url ?? boundTabUrl;
    boundTabTitle = tab.title ?? boundTabTitle;
    panel.onTabChanged();
  });
  globalThis.zoPanel = panel;
}

main().catch((err) => {
  console.error('[zo] side panel failed to start', err);
  const app = document.getElementById('app');
  app.textContent = 'Zo could not start: ' + (err?.message ?? err);
});
