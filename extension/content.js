// Zo Co-browse content script (classic script): glue between chrome.runtime messaging and the
// Rust content module (crates/zo-content). All decisions happen in Rust; this file loads the
// module, accepts messages from this extension only, and forwards them as they are: JSON text
// the worker's Rust wrote, read by the module's Rust (the answers likewise, the other way).
//
// Not declared in the manifest: the worker injects it (chrome.scripting.executeScript) into
// the one tab Zo reads or acts on, when it does.
//
// Loading, on the first message: the wasm build (extension/pkg/zo_content.js); when the
// page's CSP forbids WebAssembly (CompileError) or the wasm cannot be loaded at all, the JS
// translation of the same crate (extension/pkg/mvp/zo_content.js, one self-contained file).
// Both are web-accessible only under the per-session dynamic URL chrome.runtime.getURL
// gives (use_dynamic_url), so a page cannot fetch them, or any other extension file, by the
// extension's fixed id.
// Messaging: the worker connects a port named "content" (chrome.tabs.connect) and sends
// WorkerToContent messages, each as one JSON string; every ContentToWorker answer (one JSON
// string) is posted back on that port.
// chrome.tabs.sendMessage also works (PING to detect presence, SNAPSHOT): the first answer is
// the response. No window.postMessage channel; nothing is ever evaluated as code.
(() => {
  // Injected again (the worker injects when PING gets no answer): keep the first copy while
  // its extension context lives (after an extension reload the old copy is orphaned: take
  // over).
  const previous = globalThis.__zoContent;
  if (previous && previous.alive()) return;
  const state = (globalThis.__zoContent = {
    build: null,
    error: null,
    alive: () => {
      try {
        return !!chrome.runtime && !!chrome.runtime.id;
      } catch {
        return false;
      }
    },
  });

  const url = (path) => chrome.runtime.getURL(path);
  const isCompileError = (e) =>
    e instanceof WebAssembly.CompileError || (e && e.name === 'CompileError');

  async function load() {
    try {
      const mod = await import(url('extension/pkg/zo_content.js'));
      await mod.default({ module_or_path: url('extension/pkg/zo_content_bg.wasm') });
      mod.start('wasm');
      state.build = 'wasm';
      return mod;
    } catch (e) {
      // CompileError: the page's CSP forbids wasm. Anything else (the .wasm fetch refused by
      // connect-src, ...) is logged; the JS build needs neither, so it is tried either way.
      if (!isCompileError(e)) console.warn('Zo: wasm content module unavailable, using JS', e);
      const mod = await import(url('extension/pkg/mvp/zo_content.js'));
      mod.start('js');
      state.build = 'js';
      return mod;
    }
  }

  // Loaded on the first message, so pages Zo never acts on pay nothing (and a strict page
  // sees no refused-wasm report unless Zo is used there).
  let ready = null;
  const module = () =>
    (ready ??= load().catch((e) => {
      state.error = String((e && e.message) || e);
      console.warn('Zo: content module failed to load', e);
      return null;
    }));

  // A CONTENT_ERROR of the glue itself, as JSON text like every answer.
  const contentError = (message) => JSON.stringify({ type: 'CONTENT_ERROR', message });

  // Hands one message (JSON text) to Rust; `reply` receives each answer (JSON text).
  function forward(msg, reply) {
    if (typeof msg !== 'string') {
      reply(contentError('messages to the content module are JSON text'));
      return;
    }
    module().then((mod) => {
      if (!mod) {
        reply(contentError('content module failed to load: ' + state.error));
        return;
      }
      try {
        mod.handle_message(msg, reply);
      } catch (e) {
        // Only after a trap in the module (it never panics on purpose): say so, do not hang.
        reply(contentError('content module failed: ' + ((e && e.message) || e)));
      }
    });
  }

  const fromUs = (sender) => !!sender && sender.id === chrome.runtime.id;

  chrome.runtime.onConnect.addListener((port) => {
    if (port.name !== 'content' || !fromUs(port.sender)) return;
    let open = true;
    port.onDisconnect.addListener(() => {
      open = false;
    });
    port.onMessage.addListener((msg) =>
      forward(msg, (answer) => {
        if (!open) return;
        try {
          port.postMessage(answer);
        } catch (e) {
          open = false;
        }
      }),
    );
  });

  chrome.runtime.onMessage.addListener((msg, sender, sendResponse) => {
    if (!fromUs(sender)) return false;
    let answered = false;
    forward(msg, (answer) => {
      if (answered) return;
      answered = true;
      sendResponse(answer);
    });
    return true; // the answer comes asynchronously
  });
})();
