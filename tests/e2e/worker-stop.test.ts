//! The service worker stopped by Chromium mid-answer (forced here through the DevTools
//! protocol, as Chromium's idle timer would): the panel keeps the text so far, shows an
//! interrupted card, and its Retry gets the whole answer from a fresh worker.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startHarness, openPanel, asksWith, serverAnswer, waitFor, workerReady, type Harness, T, HOOK } from './harness.ts';
import { PanelPage, renderedWords, words } from './panel.ts';

let h: Harness;

before(async () => {
  h = await startHarness();
}, HOOK);
after(async () => {
  await h?.close();
}, HOOK);

/** Stops the extension's service worker through CDP (ServiceWorker.stopWorker), from a session
 *  on an extension page (which shares the worker's storage partition). */
async function stopExtensionWorker(extensionPage: Page, extensionId: string): Promise<void> {
  const cdp = await h.ext.context.newCDPSession(extensionPage);
  try {
    const versions: Array<{ versionId: string; scriptURL: string; runningStatus: string }> = [];
    cdp.on('ServiceWorker.workerVersionUpdated', (e: any) => versions.push(...e.versions));
    await cdp.send('ServiceWorker.enable');
    const running = await waitFor('the running extension worker version', () =>
      versions.find((v) => v.scriptURL.startsWith(`chrome-extension://${extensionId}/`) && v.runningStatus === 'running'),
    );
    await cdp.send('ServiceWorker.stopWorker', { versionId: running.versionId });
    await waitFor('the worker to stop', () =>
      versions.some((v) => v.versionId === running.versionId && v.runningStatus === 'stopped'),
    );
  } finally {
    await cdp.detach().catch(() => {});
  }
}

describe('service worker stopped mid-stream', () => {
  test('the panel keeps the text so far, shows an interrupted card, and Retry works', T, async () => {
    const target = await h.open('form.html');
    const panel = new PanelPage(await openPanel(h.ext, target));
    await panel.ready();
    await panel.setMode('Ask');
    const msg = await panel.send('Keep going sw-stop [[zo:scenario=plain]] [[zo:pace=250]]');
    await waitFor('some answer text', async () => (await msg.answerText()).length > 10);

    await stopExtensionWorker(panel.page, h.ext.extensionId);

    assert.equal(await msg.settled(['interrupted', 'failed']), 'interrupted');
    const kept = await msg.answerText();
    assert.ok(kept.length > 10, 'the text so far is still shown');
    await msg.errorCard.waitFor({ state: 'visible' });
    assert.match(await msg.errorCard.innerText(), /interrupted/i);
    const full = renderedWords(await serverAnswer(h.serve, ((await asksWith(h.serve, 'sw-stop'))[0].body as any).input));
    assert.ok(full.startsWith(renderedWords(kept)), 'what is kept is the beginning of the answer');

    // Retry starts the worker again and gets the whole answer.
    await msg.retryButton.click();
    const retried = panel.last();
    assert.equal(await retried.settled(['done', 'failed', 'interrupted'], 40_000), 'done', await retried.root.innerText());
    assert.equal(words(await retried.answerText()), full);
    assert.match(await workerReady(h.ext), /^\d+\.\d+\.\d+/);
  });
});
