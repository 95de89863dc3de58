// Options page glue: the form and its logic are Rust (crates/zo-panel/src/options.rs, built
// into its own module, pkg/zo_options: the side panel's code is not in it); this
// file gives it chrome.storage and chrome.permissions. This is the one page that reads and
// writes the API key, which has its own storage entry apart from the settings.
import init, { OptionsPage } from './pkg/zo_options.js';

const host = {
  async load() {
    const { settings, apiKey, streamShape } = await chrome.storage.local.get(['settings', 'apiKey', 'streamShape']);
    return { settings, apiKey, streamShape };
  },
  async save({ settings, apiKey }) {
    await chrome.storage.local.set({ settings, apiKey });
  },
  // The browser's voices for read aloud, as JSON text (they may load late: see below).
  voices() {
    return JSON.stringify(speechSynthesis.getVoices().map((v) => ({ uri: v.voiceURI, name: v.name, lang: v.lang })));
  },
  // Must run inside the click that asked for it (Rust calls it before awaiting anything).
  requestOrigins(patterns) {
    return chrome.permissions.request({ origins: patterns });
  },
  // The manifest's keyboard commands with their current shortcuts, and Chrome's page to set them.
  commands() {
    return chrome.commands.getAll();
  },
  openShortcuts() {
    return chrome.tabs.create({ url: 'chrome://extensions/shortcuts' });
  },
};

init({ module_or_path: new URL('./pkg/zo_options_bg.wasm', import.meta.url) })
  .then(() => {
    globalThis.zoOptions = new OptionsPage(document.getElementById('app'), host);
    // The voices load late (and change when the system's do): the picker lists them again.
    speechSynthesis.addEventListener('voiceschanged', () => globalThis.zoOptions?.onVoices());
  })
  .catch((err) => {
    console.error('[zo] options page failed to start', err);
    document.getElementById('app').textContent = 'Settings could not load: ' + (err?.message ?? err);
  });
