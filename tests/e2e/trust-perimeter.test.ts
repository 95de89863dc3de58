//! The trust perimeter (issue 11, part 1), end to end. Code running in a content-script context
//! of the extension, which is what a compromised page process can run, reaches nothing: the
//! worker's port and messages refuse it, chrome.storage is closed to it (key, settings, history,
//! conversation ids), and it cannot move the API base URL. A web page cannot fetch the
//! extension's files; no content script runs in a page until Zo acts there. The side panel never
//! receives the key and takes settings from the worker only. The key goes only over https (or to
//! this computer), only to a host the user allowed, and never through a redirect. A request only
//! reaches a tab the asking page may act on. The extension pages run under a strict CSP.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Page, Worker } from 'playwright-core';
import {
  startHarness,
  startZoServe,
  openOptions,
  openPanel,
  setSettings,
  devSettings,
  stored,
  tabIdOf,
  waitFor,
  DEV_KEY,
  type Harness,
  type ZoServe,
  T,
  HOOK,
} from './harness.ts';
import { PanelPage } from './panel.ts';

let h: Harness;
/** A second local server standing for the attacker's: nothing may ever reach it. */
let attacker: ZoServe;
let counter = 0;
const marker = (what: string) => `${what}-${++counter}-${Date.now().toString(36)}`;

before(async () => {
  h = await startHarness();
  attacker = await startZoServe();
}, HOOK);
after(async () => {
  await attacker?.stop();
  await h?.close();
}, HOOK);

/** Runs `source` (a JS function expression, as text: tsx helpers do not exist in a page) in the
 *  extension's content-script world (ISOLATED) of tab `tabId`, injected from the service worker as
 *  Zo's own content script is, with `arg`; returns what it returns. */
async function inContentScript(tabId: number, source: string, arg: unknown): Promise<any> {
  const worker: Worker = await h.ext.worker();
  return worker.evaluate(`(async () => {
    const [r] = await chrome.scripting.executeScript({
      target: { tabId: ${tabId} }, world: 'ISOLATED', func: ${source}, args: [${JSON.stringify(arg)}],
    });
    return r.result;
  })()`);
}

/** Asks `text` in Ask mode from a panel bound to `target`; returns the settled message. */
async function ask(target: Page, text: string) {
  const panel = new PanelPage(await openPanel(h.ext, target));
  await panel.ready();
  await panel.setMode('Ask');
  const msg = await panel.send(text);
  await msg.settled();
  return { panel, msg };
}

/** The /zo/ask requests `serve` received whose input contains `needle`. */
async function asksOf(serve: ZoServe, needle: string, path = '/zo/ask') {
  return (await serve.requests()).filter((r) => r.path === path && JSON.stringify(r.body ?? '').includes(needle));
}

const PORT_AND_MESSAGE_ATTACK = `async (p) => {
  const port = await new Promise((resolve) => {
    const got = [];
    let port;
    try {
      port = chrome.runtime.connect({ name: 'stream' });
    } catch (e) {
      resolve({ threw: String(e.message || e), got });
      return;
    }
    port.onMessage.addListener((m) => got.push(m));
    port.onDisconnect.addListener(() => resolve({ disconnected: true, got }));
    // In the extension's own format (JSON text), as an attacker reading its code would write.
    port.postMessage(JSON.stringify({ type: 'ASK_ZO', sessionId: 'evil', chatId: 'evil', modeId: 'ask', input: p.marker, tabId: p.tabId }));
    setTimeout(() => resolve({ disconnected: false, got }), 10000);
  });
  const send = (msg) => chrome.runtime.sendMessage(JSON.stringify(msg)).then(
    (reply) => ({ reply: reply === undefined ? null : reply }),
    (e) => ({ error: String(e.message || e) }),
  );
  const settings = await send({ type: 'GET_SETTINGS' });
  const asked = await send({ type: 'ASK_ZO', sessionId: 'evil2', chatId: 'evil2', modeId: 'ask', input: p.marker, tabId: p.tabId });
  return { port, settings, asked };
}`;

const STORAGE_ATTACK = `async (p) => {
  const out = {};
  for (const [name, area] of [['local', chrome.storage.local], ['session', chrome.storage.session]]) {
    try {
      out[name] = { read: JSON.stringify(await area.get(null)) };
    } catch (e) {
      out[name] = { refused: String(e.message || e) };
    }
  }
  try {
    await chrome.storage.local.set({ settings: { apiBaseUrl: p.attacker }, apiKey: 'zo_sk_attacker' });
    out.write = 'written';
  } catch (e) {
    out.write = 'refused: ' + String(e.message || e);
  }
  try {
    await chrome.storage.local.remove(['apiKey', 'settings', 'history', 'conversations']);
    out.remove = 'removed';
  } catch (e) {
    out.remove = 'refused: ' + String(e.message || e);
  }
  return out;
}`;

describe('trust perimeter', () => {
  test('no content script runs in a page until Zo acts on it', T, async () => {
    const target = await h.open('page-a.html');
    const tabId = await tabIdOf(h.ext, target);
    const ping = () =>
      h.ext.inWorker(
        (id: number) =>
          // Worker <-> content messages are JSON text, as the worker's Rust writes them.
          (globalThis as any).chrome.tabs.sendMessage(id, JSON.stringify({ type: 'PING' })).then(
            (r: any) => JSON.parse(r),
            (e: Error) => `no answer: ${e.message}`,
          ),
        tabId,
      );
    assert.match(String(await ping()), /Receiving end does not exist/);
    const { msg } = await ask(target, `What is on this page? ${marker('inject')}`);
    assert.equal(await msg.status(), 'done');
    assert.deepEqual(await ping(), { type: 'PONG', build: 'wasm' }, 'Zo injected its content script to read the page');
    await target.close();
  });

  test("a content-script context can neither open the worker's port nor message it", T, async () => {
    const target = await h.open('form.html');
    const tabId = await tabIdOf(h.ext, target);
    const evil = marker('evil-ask');
    const warningsBefore = h.ext.extensionErrors.length;
    const got = await inContentScript(tabId, PORT_AND_MESSAGE_ATTACK, { marker: evil, tabId });
    assert.deepEqual(got.port, { disconnected: true, got: [] }, 'the worker must close the port at once');
    assert.deepEqual(got.settings, { reply: null }, 'no settings for a content script');
    assert.deepEqual(got.asked, { reply: null });
    // The refusal is logged, by origin, without secrets.
    const logged = await waitFor('the refusal in the worker log', () =>
      h.ext.extensionErrors.slice(warningsBefore).find((e) => /refused a port: from a content script on http:\/\/127\.0\.0\.1:\d+$/.test(e)),
    );
    assert.doesNotMatch(logged, new RegExp(DEV_KEY));
    assert.ok(
      h.ext.extensionErrors.slice(warningsBefore).some((e) => /refused a message: from a content script on http:\/\/127\.0\.0\.1/.test(e)),
    );
    // A real question afterwards is answered; the evil one never reached Zo.
    const real = marker('after-evil');
    await ask(target, `Hello ${real}`);
    assert.equal((await asksOf(h.serve, real)).length, 1);
    assert.deepEqual(await asksOf(h.serve, evil), [], 'a content script got a question to Zo');
    await target.close();
  });

  test('another extension page than the side panel and the options page is refused too', T, async () => {
    const result = await h.ext.inExtension(
      () =>
        new Promise((resolve) => {
          const c = (globalThis as any).chrome;
          const port = c.runtime.connect({ name: 'stream' });
          port.onDisconnect.addListener(() => resolve('disconnected'));
          setTimeout(() => resolve('still open'), 10_000);
        }),
      null,
    );
    assert.equal(result, 'disconnected');
  });

  test('a content-script context reads no key, settings, history or conversation ids, and moves nothing', T, async () => {
    const target = await h.open('form.html');
    const tabId = await tabIdOf(h.ext, target);
    // Something to steal: a question leaves history and a conversation id behind.
    await ask(target, `Remember this ${marker('history')}`);
    const before = await stored(h.ext, ['settings', 'apiKey', 'history', 'conversations']);
    assert.equal(before.apiKey, DEV_KEY);
    assert.ok(before.history && before.conversations, 'history and conversation ids are stored');

    const got = await inContentScript(tabId, STORAGE_ATTACK, { attacker: attacker.url });
    assert.deepEqual(got, {
      local: { refused: 'Access to storage is not allowed from this context.' },
      session: { refused: 'Access to storage is not allowed from this context.' },
      write: 'refused: Access to storage is not allowed from this context.',
      remove: 'refused: Access to storage is not allowed from this context.',
    });
    const after = await stored(h.ext, ['settings', 'apiKey', 'history', 'conversations']);
    assert.deepEqual(after, before, 'storage changed');

    // The next real question goes to the right server, with the key; the attacker sees nothing.
    const real = marker('real');
    await ask(target, `Hello ${real}`);
    const asks = await asksOf(h.serve, real);
    assert.equal(asks.length, 1);
    assert.equal(asks[0].authorization, 'valid');
    assert.deepEqual(await attacker.requests(), []);
    await target.close();
  });

  test("a web page cannot fetch the extension's files by its fixed id", T, async () => {
    const target = await h.open('form.html');
    const id = h.ext.extensionId;
    const results = await target.evaluate(async (files: string[]) => {
      const out: Record<string, string> = {};
      for (const f of files) {
        out[f] = await fetch(f).then(
          (r) => `fetched ${r.status}`,
          () => 'refused',
        );
      }
      return out;
    }, [
      `chrome-extension://${id}/extension/pkg/zo_worker_bg.wasm`,
      `chrome-extension://${id}/extension/pkg/zo_content_bg.wasm`,
      `chrome-extension://${id}/extension/pkg/mvp/zo_content.js`,
      `chrome-extension://${id}/extension/content.js`,
      `chrome-extension://${id}/manifest.json`,
    ]);
    for (const [file, result] of Object.entries(results)) assert.equal(result, 'refused', file);
    await target.close();
  });

  test('the side panel never receives the key and takes settings from the worker only', T, async () => {
    const target = await h.open('form.html');
    const tabId = await tabIdOf(h.ext, target);
    const page = await h.ext.context.newPage();
    // Record everything chrome.* hands the panel's JavaScript.
    await page.addInitScript(PANEL_RECORDER);
    await page.goto(`chrome-extension://${h.ext.extensionId}/extension/sidepanel.html?tabId=${tabId}`);
    const panel = new PanelPage(page);
    await panel.ready();
    await panel.newChat();
    const hint = page.locator('.key-hint');
    assert.equal(await hint.isVisible(), false, 'a key is set');

    // The user saves a new key and another default mode in the options page.
    const rotated = 'zo_sk_rotated_by_the_user';
    const options = await openOptions(h.ext);
    await options.getByLabel('API key', { exact: true }).waitFor();
    await options.getByLabel('API key', { exact: true }).fill(rotated);
    await options.getByLabel('API base URL', { exact: true }).fill(h.serve.url);
    await options.getByLabel('Default mode', { exact: true }).selectOption({ label: 'Research' });
    await options.getByRole('button', { name: 'Save', exact: true }).click();
    await waitFor('saved', async () => /Saved/.test(await options.locator('#status').innerText()));
    // The panel follows (the worker told it), still knows a key is set...
    await waitFor('the panel in Research mode', async () => (await panel.modePicker.inputValue()) === 'research');
    assert.equal(await hint.isVisible(), false);
    // ...but its JavaScript never saw a key, neither the old nor the new one.
    const seen = await page.evaluate(() => (window as any).__zoSeen);
    const everything = JSON.stringify(seen);
    assert.ok(seen.runtime.some((m: string) => m.includes('"hasApiKey":true')), everything);
    assert.doesNotMatch(everything, new RegExp(`${DEV_KEY}|${rotated}`), 'the panel received the key');
    assert.equal(seen.storageListeners, 0, 'the panel listens to storage changes (it would get the key)');
    assert.ok(
      seen.storageReads.every((k: string) => !/settings|apiKey|null/.test(k)),
      `the panel read settings or the key from storage: ${seen.storageReads}`,
    );

    // A content script claiming to be the worker is ignored: the panel keeps its settings.
    await inContentScript(
      tabId,
      `async () => chrome.runtime.sendMessage(JSON.stringify({ type: 'SETTINGS', settings: { defaultMode: 'visual', hasApiKey: false } })).catch(() => null)`,
      null,
    );
    await panel.newChat();
    assert.equal(await panel.modePicker.inputValue(), 'research');
    assert.equal(await hint.isVisible(), false, 'a forged SETTINGS reached the panel');

    await setSettings(h.ext, devSettings(h.serve, { defaultMode: 'cobrowse' }));
    await options.close();
    await page.close();
    await target.close();
  });

  test('the options page refuses a plain-http API base URL off this computer', T, async () => {
    const before = await stored(h.ext, ['settings', 'apiKey']);
    const options = await openOptions(h.ext);
    await options.getByLabel('API key', { exact: true }).waitFor();
    await options.getByLabel('API base URL', { exact: true }).fill('http://zo.example.com');
    await options.getByRole('button', { name: 'Save', exact: true }).click();
    const status = await waitFor('the refusal', async () => {
      const text = await options.locator('#status').innerText();
      return /https/.test(text) ? text : null;
    });
    assert.match(status, /only sent over https:\/\//);
    assert.deepEqual(await stored(h.ext, ['settings', 'apiKey']), before, 'something was saved');
    await options.close();
  });

  test('the key is not sent to an API host the user did not allow', T, async () => {
    const target = await h.open('form.html');
    // https on the dev server's port: a host (https://127.0.0.1) the user never allowed.
    const ungranted = h.serve.url.replace('http://', 'https://');
    await setSettings(h.ext, { apiBaseUrl: ungranted });
    try {
      const { msg } = await ask(target, `Hello ${marker('ungranted')}`);
      assert.equal(await msg.status(), 'failed');
      const text = await msg.errorCard.innerText();
      assert.match(text, new RegExp(`no permission to contact ${ungranted.replace(/[.:/]/g, '\\$&')}`), text);
    } finally {
      await setSettings(h.ext, devSettings(h.serve));
    }
    await target.close();
  });

  test('a redirecting API does not get the key forwarded', T, async () => {
    const target = await h.open('form.html');
    await setSettings(h.ext, { apiBaseUrl: `${h.serve.url}/redirect` });
    const m = marker('redirect');
    try {
      const { msg } = await ask(target, `Hello ${m}`);
      assert.equal(await msg.status(), 'failed');
      assert.match(await msg.errorCard.innerText(), /redirect/);
    } finally {
      await setSettings(h.ext, devSettings(h.serve));
    }
    assert.equal((await asksOf(h.serve, m, '/redirect/zo/ask')).length, 1, 'asked once, no retries');
    assert.deepEqual(await asksOf(h.serve, m), [], 'the redirect was followed with the key');

    // Test connection in the options page does not follow it either.
    const options = await openOptions(h.ext);
    await options.getByLabel('API key', { exact: true }).waitFor();
    await options.getByLabel('API base URL', { exact: true }).fill(`${h.serve.url}/redirect`);
    await h.serve.clearRequests();
    await options.getByRole('button', { name: 'Test connection', exact: true }).click();
    const status = await waitFor('the report', async () => {
      const text = await options.locator('#status').innerText();
      return /redirect/.test(text) ? text : null;
    });
    assert.match(status, /never sends your API key/);
    // (The page itself listed models from the stored address when it opened: that is before.)
    const paths = (await h.serve.requests()).map((r) => r.path);
    const asked = paths.indexOf('/redirect/models/available');
    assert.ok(asked >= 0, paths.join(', '));
    assert.ok(!paths.slice(asked).includes('/models/available'), `followed: ${paths.join(', ')}`);
    await options.close();
    await target.close();
  });

  test('a question reaches only a tab the asking page may act on', T, async () => {
    const secret = marker('other-window-secret');
    const target = await h.open(`page-a.html?secret=${secret}`);
    const other = await tabIdOf(h.ext, target);
    const page = await h.ext.context.newPage();
    await page.goto(`chrome-extension://${h.ext.extensionId}/extension/sidepanel.html?tabId=${other}`);
    // The page moves to a window of its own: the panel is in another window than its tab.
    const windows = await h.ext.inExtension(
      async ([id, panelUrl]: [number, string]) => {
        const c = (globalThis as any).chrome;
        await c.windows.create({ tabId: id });
        const [panelTab] = await c.tabs.query({ url: panelUrl });
        return [(await c.tabs.get(id)).windowId, panelTab.windowId];
      },
      [other, page.url()] as [number, string],
    );
    assert.notEqual(windows[0], windows[1]);
    const panel = new PanelPage(page);
    await panel.ready();
    await panel.setMode('Ask');
    const m = marker('reach');
    await (await panel.send(`What is on the page? ${m}`)).settled();
    const asks = await asksOf(h.serve, m);
    assert.equal(asks.length, 1);
    assert.doesNotMatch(JSON.stringify(asks[0].body), new RegExp(secret), 'the worker read a tab of another window');

    // The same question about a tab of the panel's own window carries that page.
    const mine = await h.open(`page-a.html?secret=${secret}-mine`);
    const m2 = marker('reach-own');
    await ask(mine, `What is on the page? ${m2}`);
    assert.match(JSON.stringify((await asksOf(h.serve, m2))[0].body), new RegExp(`${secret}-mine`));
    await page.close();
    await mine.close();
    await target.close();
  });

  test('the extension pages run under the strict Content-Security-Policy', T, async () => {
    const options = await openOptions(h.ext);
    await options.getByLabel('API key', { exact: true }).waitFor();
    const got = (await options.evaluate(CSP_PROBE(h.serve.url))) as CspProbe;
    assert.deepEqual(got.violated.sort(), ['base-uri', 'connect-src', 'form-action', 'img-src', 'script-src-elem']);
    assert.match(got.policy, /(^|; )object-src 'none'(;|$)/, got.policy);
    assert.equal(got.baseUnchanged, true);
    assert.equal(got.loopback, 'reached', 'the dev server on 127.0.0.1 must stay reachable');
    await options.close();
  });
});

/** Installed before the side panel's scripts: records what chrome.* hands its JavaScript
 *  (runtime messages and replies, storage reads, storage listeners, port messages). */
const PANEL_RECORDER = `(() => {
  const seen = (window.__zoSeen = { runtime: [], storageReads: [], storageValues: [], storageListeners: 0, port: [] });
  // Messages are JSON text; anything else is recorded as JSON.
  const text = (m) => (typeof m === 'string' ? m : JSON.stringify(m));
  const c = chrome;
  const send = c.runtime.sendMessage.bind(c.runtime);
  c.runtime.sendMessage = (...a) => send(...a).then((r) => { seen.runtime.push(text(r)); return r; });
  const onMessage = c.runtime.onMessage.addListener.bind(c.runtime.onMessage);
  c.runtime.onMessage.addListener = (fn) => onMessage((m, s, r) => { seen.runtime.push(text(m)); return fn(m, s, r); });
  const get = c.storage.local.get.bind(c.storage.local);
  c.storage.local.get = (k) => { seen.storageReads.push(JSON.stringify(k)); return get(k).then((v) => { seen.storageValues.push(JSON.stringify(v)); return v; }); };
  const onChanged = c.storage.onChanged.addListener.bind(c.storage.onChanged);
  c.storage.onChanged.addListener = (fn) => { seen.storageListeners++; return onChanged(fn); };
  const localChanged = c.storage.local.onChanged.addListener.bind(c.storage.local.onChanged);
  c.storage.local.onChanged.addListener = (fn) => { seen.storageListeners++; return localChanged(fn); };
  const connect = c.runtime.connect.bind(c.runtime);
  c.runtime.connect = (...a) => { const p = connect(...a); p.onMessage.addListener((m) => seen.port.push(text(m))); return p; };
})()`;

/** Tries, in an extension page, what the CSP must refuse (a script or image from elsewhere, a
 *  foreign fetch, a <base>, a form post), and a fetch of the dev server on 127.0.0.1 it must
 *  allow; returns the violated directives and the policy the browser enforces (as its violation
 *  reports state it: Chromium loads no <object> without a plugin, so `object-src` cannot be seen
 *  refusing one). */
/** What CSP_PROBE reports from an extension page. */
type CspProbe = { violated: string[]; policy: string; baseUnchanged: boolean; loopback: string };

const CSP_PROBE = (devUrl: string) => `(async () => {
  const violated = [];
  let policy = '';
  document.addEventListener('securitypolicyviolation', (e) => {
    violated.push(e.effectiveDirective);
    policy = e.originalPolicy;
  });
  await fetch('http://zo.example.invalid/steal').catch(() => {});
  const img = document.createElement('img');
  img.src = 'https://zo.example.invalid/pixel.png';
  document.body.append(img);
  const script = document.createElement('script');
  script.src = 'https://zo.example.invalid/evil.js';
  document.head.append(script);
  const before = document.baseURI;
  const base = document.createElement('base');
  base.href = 'https://zo.example.invalid/';
  document.head.append(base);
  const baseUnchanged = document.baseURI === before;
  const form = document.createElement('form');
  form.action = 'https://zo.example.invalid/collect';
  form.method = 'post';
  document.body.append(form);
  form.submit();
  const loopback = await fetch(${JSON.stringify(devUrl)} + '/').then((r) => (r.ok ? 'reached' : 'HTTP ' + r.status), () => 'refused');
  for (let i = 0; i < 100 && new Set(violated).size < 5; i++) await new Promise((r) => setTimeout(r, 20));
  return { violated: [...new Set(violated)], policy, baseUnchanged, loopback };
})()`;
