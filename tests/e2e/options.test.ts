//! The options page: settings are saved (and shown again after a reload), Test connection
//! succeeds against `zo-dev serve` and reports a wrong key clearly, reads a bounded part of a
//! huge answer and gives up on a silent server, and the page is in
//! sections with a navigation list and a search box that filters them.

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

  test('Test connection reads at most 512 KiB of an answer and gives up on one that never comes', T, async () => {
    const page = await openOptions(h.ext);
    await field(page, 'API key').waitFor();
    await field(page, 'API base URL').fill(ZO_API);
    await field(page, 'API key').fill(DEV_KEY);
    await field(page, 'Liveness timeout (seconds)').fill('1');
    const list = `${ZO_API}/models/available`;

    // A valid list of about 5 MB: read whole, it would give 200 models; its first 512 KiB are
    // not a whole JSON document, so the page reads no models from it.
    const models = Array.from({ length: 60_000 }, (_, i) => ({ model_name: `m-${i}`, label: `Model number ${i}` }));
    await page.route(list, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ models }) }));
    const capped = await statusAfter(page, 'Test connection', /Testing/);
    assert.equal(capped, 'Connected.', 'only the first 512 KiB were read');

    // A server that never answers: the page gives up after the liveness timeout.
    await page.unroute(list);
    await page.route(list, () => {});
    const silent = await statusAfter(page, 'Test connection', /Testing/);
    assert.match(silent, /no answer within 1 s/, silent);
    assert.equal(await page.locator('#status').getAttribute('data-ok'), 'false');
    await page.close();
  });

  test('is in sections with a navigation list, and the search filters them', T, async () => {
    const page = await openOptions(h.ext);
    await field(page, 'API key').waitFor();
    const sections = ['Connection', 'Chat', 'Modes', 'Co-browse', 'Appearance', 'Quick actions', 'Read aloud', 'Keyboard shortcuts', 'Diagnostics'];
    for (const name of sections) {
      await page.getByRole('region', { name, exact: true }).getByRole('heading', { level: 2, name }).waitFor();
    }
    const nav = page.getByRole('navigation', { name: 'Settings sections' });
    assert.deepEqual(await nav.getByRole('link').allInnerTexts(), sections);
    await nav.getByRole('link', { name: 'Appearance' }).click();
    assert.match(page.url(), /#appearance$/);

    const search = page.getByRole('searchbox', { name: 'Search settings' });
    const visibleRegions = async () => {
      const out: string[] = [];
      for (const name of sections) {
        if (await page.getByRole('region', { name, exact: true }).isVisible()) out.push(name);
      }
      return out;
    };
    const result = page.locator('#settingsSearchResult');

    // A description's word: only the Appearance section shows, with only the Theme row.
    await search.fill('dark');
    await waitFor('only Appearance shown', async () => (await visibleRegions()).join() === 'Appearance');
    assert.ok(await field(page, 'Theme').isVisible());
    assert.ok(!(await field(page, 'Text size').isVisible()), 'Text size does not match "dark"');
    assert.ok(!(await field(page, 'API key').isVisible()));
    assert.equal(await result.innerText(), '1 setting matches.');
    assert.equal(await nav.getByRole('link').allInnerTexts().then((l) => l.join()), 'Appearance');

    // A label, across words, case-insensitive.
    await search.fill('silent SECONDS');
    await waitFor('only Connection shown', async () => (await visibleRegions()).join() === 'Connection');
    assert.ok(await field(page, 'Liveness timeout (seconds)').isVisible());
    assert.ok(!(await field(page, 'API key').isVisible()));
    assert.ok(!(await field(page, 'API base URL').isVisible()));

    // A keyword of a row: the quick-action chips.
    await search.fill('chips');
    await waitFor('only Quick actions shown', async () => (await visibleRegions()).join() === 'Quick actions');

    // Nothing matches: a clear line, every section hidden.
    await search.fill('teleport');
    await waitFor('the no-match line', async () => (await result.innerText()) === 'No settings match “teleport”.');
    assert.deepEqual(await visibleRegions(), []);

    // Esc clears the search and shows everything again.
    await search.press('Escape');
    assert.equal(await search.inputValue(), '');
    await waitFor('every section shown', async () => (await visibleRegions()).length === sections.length);
    assert.equal(await result.innerText(), '');
    assert.ok(await field(page, 'API key').isVisible());
    await page.close();
  });
});
