//! The options page: settings are saved (and shown again after a reload), Test connection
//! succeeds against `zo-dev serve` and reports a wrong key clearly.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness, openOptions, routeZoApiTo, stored, waitFor, DEV_KEY, type Harness, T, HOOK } from './harness.ts';
import type { Page } from 'playwright-core';

let h: Harness;

before(async () => {
  h = await startHarness();
  // The options page is used with Zo's own origin (no permission prompt); its requests are
  // answered by the local zo-dev serve.
  await routeZoApiTo(h.ext, h.serve);
}, HOOK);
after(async () => {
  await h?.close();
}, HOOK);

const ZO_API = 'https://api.zo.computer';
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const statusText = (page: Page) => page.locator('#status').innerText();

async function statusAfter(page: Page, click: string, pending: RegExp): Promise<string> {
  await page.getByRole('button', { name: click, exact: true }).click();
  return waitFor(`the status after ${click}`, async () => {
    const text = (await statusText(page)).trim();
    return text && !pending.test(text) ? text : null;
  });
}

describe('options page', () => {
  test('saves the settings and shows them again after a reload', T, async () => {
    const page = await openOptions(h.ext);
    await field(page, 'API key').waitFor();
    await field(page, 'API key').fill('zo_sk_saved_by_test');
    await field(page, 'API base URL').fill(ZO_API);
    await field(page, 'Max steps').fill('7');
    await field(page, 'Liveness timeout (seconds)').fill('3');
    assert.match(await statusAfter(page, 'Save', /Saving/), /Saved/);

    const { settings, apiKey } = await stored(h.ext, ['settings', 'apiKey']);
    assert.equal(apiKey, 'zo_sk_saved_by_test', 'the key has its own entry');
    assert.equal(settings.apiKey, undefined, 'the settings never hold the key');
    assert.equal(settings.apiBaseUrl.replace(/\/$/, ''), ZO_API);
    assert.equal(settings.maxSteps, 7);
    assert.equal(settings.livenessTimeoutMs, 3000);

    await page.reload();
    await waitFor('the saved key shown again', async () => (await field(page, 'API key').inputValue()) === 'zo_sk_saved_by_test');
    assert.equal((await field(page, 'API base URL').inputValue()).replace(/\/$/, ''), ZO_API);
    assert.equal(await field(page, 'Max steps').inputValue(), '7');
    await page.close();
  });

  test('Test connection succeeds with the right key and reports a wrong key', T, async () => {
    const page = await openOptions(h.ext);
    await field(page, 'API key').waitFor();
    await field(page, 'API base URL').fill(ZO_API);

    await field(page, 'API key').fill(DEV_KEY);
    const ok = await statusAfter(page, 'Test connection', /Testing/);
    assert.match(ok, /Connected/, ok);
    assert.equal(await page.locator('#status').getAttribute('data-ok'), 'true');

    await field(page, 'API key').fill('zo_sk_wrong_key');
    const bad = await statusAfter(page, 'Test connection', /Testing/);
    assert.match(bad, /rejected|API key/i, bad);
    assert.doesNotMatch(bad, /zo_sk_wrong_key/, 'the key itself is never echoed');
    assert.equal(await page.locator('#status').getAttribute('data-ok'), 'false');
    await page.close();
  });
});
