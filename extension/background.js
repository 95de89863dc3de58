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
});

chrome.runtime.onConnect.addListener((port) => {
  whenReady(() => onConnect(port));
  port.onMessage.addListener((message) => whenReady(() => onPortMessage(port, message)));
  port.onDisconnect.addListener(() => whenReady(() => onPortDisconnect(port)));
});

chrome.runtime.onMessage.addListener((message, sender, sendResponse) => {
  whenReady(() => onMessage(message, sender, sendResponse));
  return true; // Rust answers (possibly later), exactly once
});

// Only the names of the changed keys cross into wasm, never their values.
chrome.storage.onChanged.addListener((changes, area) =>
  whenReady(() => onStorageChanged(area, Object.keys(changes))),
);

globalThis.zoWorker = {
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
