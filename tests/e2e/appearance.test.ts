//! Theme and text size, as a person sets them: chosen in the options page, saved with the
//! settings, and applied at once to the options page and to an open side panel (the worker
//! sends the panel the new settings); "System" follows the browser's colour scheme.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness, openOptions, stored, setSettings, waitFor, type Harness, T, HOOK } from './harness.ts';
import { panelOnFixture } from './panel.ts';

let h: Harness;

before(async () => {
  h = await startHarness();
}, HOOK);
after(async () => {
  await h?.close();
}, HOOK);

const look = (page: import('playwright-core').Page) =>
  page.evaluate(() => ({
    theme: document.documentElement.getAttribute('data-theme'),
    size: getComputedStyle(document.body).fontSize,
    bg: getComputedStyle(document.body).backgroundColor,
  }));

describe('appearance', () => {
  test('theme and text size chosen in the options apply to the options page and the panel', T, async () => {
    const panel = await panelOnFixture(h);
    await panel.page.emulateMedia({ colorScheme: 'light' });
    const before = await look(panel.page);
    assert.deepEqual([before.theme, before.size], ['system', '14px']);
    const page = await openOptions(h.ext);
    await page.getByLabel('Theme', { exact: true }).waitFor();
    await page.getByLabel('Theme', { exact: true }).selectOption({ label: 'Dark' });
    await page.getByLabel('Text size', { exact: true }).selectOption({ label: 'Large' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await waitFor('saved', async () => /Saved/.test(await page.locator('#status').innerText()));
    const { settings } = await stored(h.ext, ['settings']);
    assert.deepEqual([settings.theme, settings.fontSize], ['dark', 'large']);
    assert.deepEqual((await look(page)).theme, 'dark');
    // The open panel follows, dark although the browser is light.
    await waitFor('the panel dark', async () => (await look(panel.page)).theme === 'dark');
    const after = await look(panel.page);
    assert.equal(after.size, '16px');
    assert.notEqual(after.bg, before.bg, 'the background changed');
    await page.close();
    await setSettings(h.ext, { theme: 'system', fontSize: 'medium' } as any);
    await waitFor('back to system', async () => (await look(panel.page)).theme === 'system');
  });
});
