// Options page glue: the form and its logic are Rust (crates/zo-panel/src/options.rs);
// this file gives it chrome.storage and chrome.permissions.
import init, { OptionsPage } from './pkg/zo_panel.js';

const host = {
  async getSettings() {
    const { settings } = await chrome.storage.local.get('settings');
    return settings;
  },
  async setSettings(settings) {
    await chrome.storage.local.set({ settings });
  },
  // Must run inside the click that asked for it (Rust calls it before awaiting anything).
  requestOrigin(pattern) {
    return chrome.permissions.request({ origins: [pattern] });
  },
};

init({ module_or_path: new URL('./pkg/zo_panel_bg.wasm', import.meta.url) })
  .then(() => {
    globalThis.zoOptions = new OptionsPage(document.getElementById('app'), host);
  })
  .catch((err) => {
    console.error('[zo] options page failed to start', err);
    document.getElementById('app').textContent = 'Settings could not load: ' + (err?.message ?? err);
  });
