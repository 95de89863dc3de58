// Service worker glue: loads the worker wasm and forwards chrome.* events to it. Listeners are
// registered synchronously at top level (before wasm is ready, as MV3 requires) and their
// events are queued until it is; then they run in arrival order. No logic lives here.
import init, { version, onConnect, onPortMessage, onPortDisconnect } from './pkg/zo_worker.js';

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

globalThis.zoWorker = {
  ready: init({ module_or_path: new URL('./pkg/zo_worker_bg.wasm', import.meta.url) }).then(() => {
    wasmReady = true;
    for (const run of pending.splice(0)) run();
    return version();
  }),
};
globalThis.zoWorker.ready.catch((err) => console.error('[zo] worker wasm failed to start', err));
