//! Smoke test (issue 2): the repository root, exactly as a user loads it, loads unpacked in
//! Chromium, its service worker instantiates the worker wasm, and the extension logs no error
//! while loading (a Content-Security-Policy refusal on the side panel or the options page
//! would be one).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { launchExtension, chromeExtensionErrors, workerReady, ROOT, type ExtensionBrowser, T, HOOK } from './harness.ts';

/** The zo-worker crate's version, as Cargo.toml states it (`version = "x"` or workspace version). */
function crateVersion(): string {
  const crate = readFileSync(path.join(ROOT, 'crates', 'zo-worker', 'Cargo.toml'), 'utf8');
  const own = /^version\s*=\s*"([^"]+)"/m.exec(crate);
  if (own) return own[1];
  const ws = readFileSync(path.join(ROOT, 'Cargo.toml'), 'utf8');
  const m = /\[workspace\.package\][^[]*?^version\s*=\s*"([^"]+)"/ms.exec(ws);
  if (!m) throw new Error('no version in crates/zo-worker/Cargo.toml nor [workspace.package]');
  return m[1];
}

let ext: ExtensionBrowser;

before(async () => {
  ext = await launchExtension({ staged: false });
}, HOOK);

after(async () => {
  await ext?.close();
}, HOOK);

test('the service worker runs its wasm and reports the crate version', T, async () => {
  assert.match(ext.extensionId, /^[a-p]{32}$/);
  const version = await workerReady(ext);
  assert.equal(version, crateVersion());
});

test('the extension loads without errors', T, async () => {
  // Wasm is up (so every load-time error has happened by now).
  await workerReady(ext);
  const state = await ext.inWorker(() => (self as any).serviceWorker?.state, null);
  assert.equal(state, 'activated', 'the service worker is not active');
  const recorded = await chromeExtensionErrors(ext);
  assert.deepEqual(recorded, [], `Chromium recorded extension errors:\n${recorded.join('\n')}`);
  const errors = ext.extensionErrors.filter((e) => /\[error\]|uncaught/.test(e));
  assert.deepEqual(errors, [], `the extension logged errors:\n${errors.join('\n')}`);
});

test('the side panel and options pages start without errors', T, async () => {
  const panel = await ext.context.newPage();
  await panel.goto(`chrome-extension://${ext.extensionId}/extension/sidepanel.html`);
  await panel.getByRole('combobox', { name: 'Message' }).waitFor({ state: 'visible' });
  const options = await ext.context.newPage();
  await options.goto(`chrome-extension://${ext.extensionId}/extension/options.html`);
  await options.getByRole('heading', { name: 'Zo Co-browse settings' }).waitFor({ state: 'visible' });
  const errors = ext.extensionErrors.filter((e) => /\[error\]|uncaught/.test(e));
  assert.deepEqual(errors, [], `the extension logged errors:\n${errors.join('\n')}`);
  await panel.close();
  await options.close();
});
