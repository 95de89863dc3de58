//! Where Zo looks, as a person sees it: the page bar names the tab the panel is bound to (its
//! icon from Chrome's favicon cache, title, origin) and follows it when it navigates; each
//! question carries a chip naming the page that went with it, kept when the chat is reopened.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness, waitFor, type Harness, T, HOOK } from './harness.ts';
import { PanelPage, panelOnFixture } from './panel.ts';

let h: Harness;

before(async () => {
  h = await startHarness();
}, HOOK);
after(async () => {
  await h?.close();
}, HOOK);

describe('where Zo looks', () => {
  test('the page bar names the bound tab and follows its navigations', T, async () => {
    const panel = await panelOnFixture(h);
    const bar = panel.page.getByRole('group', { name: 'Page' });
    await waitFor('the page bar', async () => /Plain form/.test(await bar.innerText()));
    assert.match(await bar.innerText(), new RegExp(h.site.url.replace(/[.:/]/g, '\\$&')));
    const icon = bar.locator('img');
    assert.match((await icon.getAttribute('src')) ?? '', /^\/_favicon\/\?pageUrl=http%3A%2F%2F127\.0\.0\.1/);
    await waitFor('the favicon loaded', async () => icon.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0));
    // The tab goes to another page: the bar follows.
    const target = h.ext.context.pages().find((p) => p.url().includes('form.html'));
    assert.ok(target, 'the fixture tab');
    await target.goto(`${h.site.url}/hostile.html`);
    await waitFor('the bar to follow', async () => /Your bank/.test(await bar.innerText()));
  });

  test('a question carries a chip naming the page that went with it', T, async () => {
    const panel = await panelOnFixture(h);
    await panel.newChat();
    const msg = await panel.send('What is on this page? [[zo:scenario=plain]]');
    assert.equal(await msg.settled(), 'done');
    const chip = panel.userMessages.last().locator('.page-chip');
    assert.equal(await chip.innerText(), 'Plain form');
    assert.match((await chip.getAttribute('title')) ?? '', /Zo read this page with the question/);
    // Reopened later, the chip is still there.
    const again = new PanelPage(await h.ext.context.newPage());
    await again.page.goto(panel.page.url());
    await again.ready();
    await waitFor('the chat restored', async () => (await again.userMessages.count()) === 1);
    assert.equal(await again.userMessages.last().locator('.page-chip').innerText(), 'Plain form');
  });
});
