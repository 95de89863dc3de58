//! Accessibility and comfort of the side panel, as a person (and a screen reader) meets them:
//! the message list is one polite live region (role=log), the input has focus when the panel
//! opens, Esc stops an answer from anywhere in the panel, a tool's JSON result reads as words
//! and expands pretty-printed, and the input shows no scrollbar after the first send.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness, waitFor, type Harness, T, HOOK } from './harness.ts';
import { panelOnFixture } from './panel.ts';

let h: Harness;

before(async () => {
  h = await startHarness();
}, HOOK);
after(async () => {
  await h?.close();
}, HOOK);

describe('accessibility and comfort', () => {
  test('one polite live region, and the input focused on open', T, async () => {
    const panel = await panelOnFixture(h);
    const log = panel.page.getByRole('log', { name: 'Conversation' });
    assert.equal(await log.getAttribute('aria-live'), 'polite');
    const regions = await panel.page.evaluate(() => document.querySelectorAll('[aria-live], [role=status]').length);
    assert.equal(regions, 1, 'the message list is the only polite live region');
    const focused = await panel.page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    assert.equal(focused, 'Message');
  });

  test('Esc stops the answer from anywhere in the panel', T, async () => {
    const panel = await panelOnFixture(h);
    await panel.newChat();
    const msg = await panel.send('A long one [[zo:scenario=plain]] [[zo:pace=200]]');
    await waitFor('the answer streaming', async () => (await msg.answerText()).length > 0);
    // Focus leaves the input: the person clicked on the conversation.
    await panel.page.getByRole('log').click({ position: { x: 5, y: 5 } });
    await panel.page.keyboard.press('Escape');
    assert.equal(await msg.settled(), 'stopped');
  });

  test('a tool\'s JSON result reads as words and expands pretty-printed', T, async () => {
    const panel = await panelOnFixture(h);
    await panel.newChat();
    const msg = await panel.send('Search this [[zo:scenario=tool]]');
    assert.equal(await msg.settled(), 'done');
    const search = msg.tools.filter({ hasText: 'web_search' });
    assert.match(await search.locator('.tool-summary').innerText(), /^title: Zo Computer, url: https:\/\/example\.com\/zo/);
    await search.locator('summary').click();
    const expanded = await search.locator('.tool-result').innerText();
    assert.match(expanded, /^\[\n {2}\{\n {4}"title": "Zo Computer",/);
  });

  test('the input grows with its text and shows no scrollbar after the first send', T, async () => {
    const panel = await panelOnFixture(h);
    await panel.newChat();
    assert.equal(await (await panel.send('First [[zo:scenario=plain]]')).settled(), 'done');
    await panel.input.click();
    await panel.page.keyboard.type('one');
    for (const line of ['two', 'three']) {
      await panel.page.keyboard.press('Shift+Enter');
      await panel.page.keyboard.type(line);
    }
    const box = await panel.input.evaluate((e) => ({ scroll: e.scrollHeight, client: e.clientHeight }));
    assert.ok(box.scroll <= box.client, `the input scrolls: ${JSON.stringify(box)}`);
  });
});
