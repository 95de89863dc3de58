//! Feedback where the eye is, and things that go away: the options page says what Save did
//! beside the button (in view, in a live region), and a theme applies as soon as it is chosen;
//! in the panel at most one notice shows above the composer, each can be dismissed, /help
//! closes when a question is sent, and "Jump to latest" appears when the user scrolled up
//! while an answer streams.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness, openOptions, setSettings, stored, waitFor, type Harness, T, HOOK } from './harness.ts';
import { panelOnFixture } from './panel.ts';

let h: Harness;

before(async () => {
  h = await startHarness();
}, HOOK);
after(async () => {
  await h?.close();
}, HOOK);

const visibleBanners = (page: import('playwright-core').Page) =>
  page.evaluate("[...document.querySelectorAll('.banner')].filter((b) => !b.hidden).map((b) => b.className)") as Promise<string[]>;

describe('feedback', () => {
  test('options: Save says so beside the button, in view; a theme applies without Save', T, async () => {
    const panel = await panelOnFixture(h);
    const page = await openOptions(h.ext);
    await page.setViewportSize({ width: 800, height: 600 });
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await save.click();
    const status = page.locator('.actions [role="status"]');
    await waitFor('saved', async () => /Saved/.test(await status.innerText()));
    const [b, s] = [await save.boundingBox(), await status.boundingBox()];
    assert.ok(b && s, 'both drawn');
    assert.ok(s!.y + s!.height <= 600 && s!.y >= 0, `the result is in view: ${JSON.stringify(s)}`);
    assert.ok(Math.abs(s!.y + s!.height / 2 - (b!.y + b!.height / 2)) < 40, 'beside the button');
    // Chosen, not saved: the options page and the open panel turn dark.
    await page.getByLabel('Theme', { exact: true }).selectOption({ label: 'Dark' });
    await waitFor('the options page dark', async () => (await page.getAttribute('html', 'data-theme')) === 'dark');
    await waitFor('the panel dark', async () => (await panel.page.getAttribute('html', 'data-theme')) === 'dark');
    assert.equal((await stored(h.ext, ['settings'])).settings.theme, 'dark');
    await page.close();
    await setSettings(h.ext, { theme: 'system' } as any);
  });

  test('panel: one notice at a time, each dismissable; /help closes when a question goes', T, async () => {
    await setSettings(h.ext, { screenshots: false });
    const panel = await panelOnFixture(h, 'form.html', 'Visual');
    const visual = panel.page.locator('.visual-notice');
    await visual.waitFor({ state: 'visible' });
    // An unknown command: its notice is more urgent, and the only one shown.
    await panel.input.fill('/nosuchcommand');
    await panel.input.press('Enter');
    const send = panel.page.locator('.send-notice');
    await send.waitFor({ state: 'visible' });
    assert.deepEqual(await visibleBanners(panel.page), ['send-notice banner']);
    await send.getByRole('button', { name: 'Dismiss' }).click();
    await visual.waitFor({ state: 'visible' });
    await visual.getByRole('button', { name: 'Dismiss' }).click();
    assert.deepEqual(await visibleBanners(panel.page), []);
    // True again after it stopped being true: it comes back.
    await panel.setMode('Ask');
    await panel.setMode('Visual');
    await visual.waitFor({ state: 'visible' });
    await setSettings(h.ext, { screenshots: true });
    await waitFor('the notice gone by itself', async () => !(await visual.isVisible()));

    await panel.setMode('Ask');
    await panel.input.fill('/help');
    await panel.input.press('Enter');
    const sheet = panel.page.getByRole('region', { name: /Commands|Help/ });
    await sheet.waitFor({ state: 'visible' });
    const msg = await panel.send('Hello there [[zo:scenario=plain]]');
    assert.equal(await sheet.isVisible(), false, 'the sheet closed when the question went');
    await msg.settled();
  });

  test('panel: "Jump to latest" while the user is scrolled up during streaming', T, async () => {
    const panel = await panelOnFixture(h);
    await panel.page.setViewportSize({ width: 360, height: 600 });
    const jump = panel.page.getByRole('button', { name: 'Jump to latest' });
    const msg = await panel.send('A long one [[zo:scenario=long]] [[zo:size=60000]] [[zo:pace=40]]');
    const list = panel.page.locator('.messages');
    await waitFor('a tall answer', async () => list.evaluate((e) => e.scrollHeight > e.clientHeight * 3));
    assert.equal(await jump.isVisible(), false, 'at the end, no button');
    await list.evaluate((e) => {
      e.scrollTop = 0;
    });
    await jump.waitFor({ state: 'visible' });
    await jump.click();
    await waitFor('back at the end', async () =>
      list.evaluate((e) => e.scrollHeight - e.scrollTop - e.clientHeight < 60),
    );
    assert.equal(await jump.isVisible(), false, 'the button goes at the end');
    await msg.settled();
  });
});
