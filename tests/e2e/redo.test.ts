//! First run and asking again, as a person sees them in the panel: the onboarding card when no
//! key is set, and a missing key that does not read as a refused one; starter prompts per
//! mode; an empty answer that says so and offers Retry; Retry and Regenerate putting the new
//! answer in the old one's place, asked in the question's own mode; a question edited and
//! sent again, what followed it dropped; Copy only on answers with text; a regenerated answer
//! keeps the earlier ones, browsed with its "2/3" pager, also after the panel reopened.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness, setSettings, devSettings, storedHistory, asksWith, waitFor, type Harness, T, HOOK } from './harness.ts';
import { panelOnFixture } from './panel.ts';

let h: Harness;

before(async () => {
  h = await startHarness();
}, HOOK);
after(async () => {
  await h?.close();
}, HOOK);

/** The stored messages of the chat the panel shows, as (role, mode, text). */
async function storedChat(): Promise<Array<{ role: string; mode: string; text: string }>> {
  const history = await storedHistory(h.ext);
  const chat = history.chats.find((c: any) => c.id === history.activeChatId);
  return chat.messages.map((m: any) => ({ role: m.role, mode: m.mode, text: m.text }));
}

describe('first run and asking again', () => {
  test('without a key: the onboarding card, and asking says to add one (not that it was refused)', T, async () => {
    await h.ext.inExtension(async () => (globalThis as any).chrome.storage.local.remove('apiKey'), null);
    try {
      const panel = await panelOnFixture(h);
      await panel.newChat();
      await panel.onboarding.waitFor({ state: 'visible' });
      assert.match(await panel.onboarding.innerText(), /API key/);
      assert.equal(await panel.starters.count(), 0, 'no starter prompts before a key is set');
      const msg = await panel.send('Hello without a key [[zo:scenario=plain]] [[zo:key=nokey-e2e]]');
      assert.equal(await msg.settled(), 'failed');
      const card = await msg.errorCard.innerText();
      assert.match(card, /Add your Zo API key/);
      assert.doesNotMatch(card, /did not accept/);
      assert.equal(await msg.settingsLink.isVisible(), true);
      assert.equal(await msg.copyButton.isVisible(), false, 'an error alone has nothing to copy');
      assert.equal((await asksWith(h.serve, 'nokey-e2e')).length, 0, 'nothing was sent to Zo');
      // The key is added; Retry asks again, and the answer takes the error's place.
      await setSettings(h.ext, devSettings(h.serve));
      await msg.retryButton.click();
      const again = panel.nth(0);
      assert.equal(await again.settled(), 'done', await again.root.innerText());
      assert.equal(await panel.assistantMessages.count(), 1);
      assert.equal(await again.copyButton.isVisible(), true);
    } finally {
      await setSettings(h.ext, devSettings(h.serve));
    }
  });

  test('starter prompts follow the mode and ask at once', T, async () => {
    const panel = await panelOnFixture(h, 'form.html', 'Summarize');
    await panel.newChat();
    await waitFor('starter prompts', async () => (await panel.starters.count()) >= 3);
    const summarize = await panel.starters.allInnerTexts();
    await panel.setMode('Extract');
    await waitFor('other starter prompts', async () => (await panel.starters.first().innerText()) !== summarize[0]);
    const prompt = (await panel.starters.first().innerText()).trim();
    await panel.starters.first().click();
    await waitFor('the starter asked', async () => (await panel.userMessages.count()) === 1);
    assert.equal((await panel.userMessages.first().locator('.bubble').innerText()).trim(), prompt);
    assert.equal(await panel.last().settled(), 'done');
  });

  test('an empty answer says so and offers Retry; the retry takes its place', T, async () => {
    await h.serve.addScript('empty-once', ['', 'Now there is an answer.']);
    const panel = await panelOnFixture(h);
    await panel.newChat();
    const msg = await panel.send('Say something [[zo:script=empty-once]]');
    assert.equal(await msg.settled(), 'failed');
    assert.match(await msg.errorCard.innerText(), /empty/i);
    assert.equal(await msg.copyButton.isVisible(), false);
    await msg.retryButton.click();
    const again = panel.nth(0);
    await waitFor('the new answer', async () => /Now there is an answer/.test(await again.answer.innerText()));
    assert.equal(await again.settled(), 'done');
    assert.equal(await panel.assistantMessages.count(), 1);
    assert.equal(await again.errorCard.isVisible(), false);
  });

  test('Retry and Regenerate of an older answer: in its place, in its question\'s mode', T, async () => {
    const panel = await panelOnFixture(h, 'form.html', 'Summarize');
    await panel.newChat();
    const first = await panel.send('First [[zo:fault=400]] [[zo:times=1]] [[zo:key=redo-first]] [[zo:scenario=plain]]');
    assert.equal(await first.settled(), 'failed');
    assert.match(await first.errorCard.innerText(), /Bad request \(simulated by zo-dev serve\)/, 'the server\'s words');
    assert.equal(await first.retryButton.isVisible(), true, 'a 400 can be retried too');
    await panel.setMode('Ask');
    const second = await panel.send('Second [[zo:scenario=plain]] [[zo:key=redo-second]]');
    assert.equal(await second.settled(), 'done');
    await first.retryButton.click();
    await waitFor('the retry asked', async () => (await asksWith(h.serve, 'redo-first')).length === 2);
    assert.equal(await panel.nth(0).settled(), 'done');
    assert.equal(await panel.assistantMessages.count(), 2);
    let chat = await storedChat();
    assert.deepEqual(chat.map((m) => [m.role, m.mode]), [
      ['user', 'summarize'], ['assistant', 'summarize'], ['user', 'ask'], ['assistant', 'ask'],
    ]);
    const secondText = await panel.nth(1).answerText();
    // Regenerate the first answer again: still first, still Summarize, the second untouched.
    await panel.nth(0).regenerateButton.click();
    await waitFor('the regeneration asked', async () => (await asksWith(h.serve, 'redo-first')).length === 3);
    assert.equal(await panel.nth(0).settled(), 'done');
    assert.equal(await panel.assistantMessages.count(), 2);
    assert.equal(await panel.nth(1).answerText(), secondText);
    chat = await storedChat();
    assert.equal(chat[1].mode, 'summarize');
    assert.equal(chat.length, 4);
  });

  test('Regenerate keeps the earlier answers: a pager browses them, stored and after a reload', T, async () => {
    await h.serve.addScript('regen-pager', ['Alpha answer.', 'Beta answer.', 'Gamma answer.']);
    const panel = await panelOnFixture(h);
    await panel.newChat();
    const msg = await panel.send('Which one [[zo:script=regen-pager]]');
    assert.equal(await msg.settled(), 'done');
    const pager = () => panel.nth(0).root.locator('.pager');
    const label = () => pager().locator('.pager-label');
    const prev = () => pager().getByRole('button', { name: 'Previous answer' });
    const next = () => pager().getByRole('button', { name: 'Next answer' });
    assert.equal(await pager().isVisible(), false, 'no pager before an answer is asked again');

    await panel.nth(0).regenerateButton.click();
    await waitFor('the second answer', async () => (await panel.nth(0).answerText()) === 'Beta answer.');
    assert.equal(await panel.nth(0).settled(), 'done');
    await pager().waitFor({ state: 'visible' });
    assert.equal(await label().innerText(), '2/2');
    assert.equal(await label().getAttribute('aria-label'), 'Answer 2 of 2');
    assert.equal(await next().isDisabled(), true);

    // Previous shows the earlier answer in its place, Next the newest again.
    await prev().click();
    await waitFor('the first answer shown', async () => (await panel.nth(0).answerText()) === 'Alpha answer.');
    assert.equal(await label().innerText(), '1/2');
    assert.equal(await prev().isDisabled(), true);
    assert.equal(await panel.assistantMessages.count(), 1);
    await next().click();
    await waitFor('the second answer again', async () => (await panel.nth(0).answerText()) === 'Beta answer.');

    // A third: 3/3, the first two kept in the history in order.
    await panel.nth(0).regenerateButton.click();
    await waitFor('the third answer', async () => (await panel.nth(0).answerText()) === 'Gamma answer.');
    assert.equal(await panel.nth(0).settled(), 'done');
    await waitFor('3/3', async () => (await label().innerText()) === '3/3');
    const stored = await waitFor('the earlier answers stored', async () => {
      const history = await storedHistory(h.ext);
      const chat = history.chats.find((c: any) => c.id === history.activeChatId);
      const answer = chat?.messages?.[1];
      return answer?.text === 'Gamma answer.' && answer.alternatives?.length === 2 ? answer : null;
    });
    assert.deepEqual(stored.alternatives.map((a: any) => [a.text, a.status]), [['Alpha answer.', 'done'], ['Beta answer.', 'done']]);

    // After a reload the pager is there again, and browses the stored answers.
    await panel.page.reload();
    await panel.ready();
    await waitFor('the chat drawn again', async () => (await panel.assistantMessages.count()) === 1);
    assert.equal(await label().innerText(), '3/3');
    await prev().click();
    await waitFor('the second answer after the reload', async () => (await panel.nth(0).answerText()) === 'Beta answer.');
    assert.equal(await label().innerText(), '2/3');
    assert.equal(await prev().evaluate((b) => b === document.activeElement), true, 'the focus stays on Previous');
  });

  test('a question edited and sent again: what followed it is gone, the new one answered', T, async () => {
    const panel = await panelOnFixture(h);
    await panel.newChat();
    assert.equal(await (await panel.send('Original [[zo:scenario=plain]] [[zo:key=edit-a]]')).settled(), 'done');
    assert.equal(await (await panel.send('Follow-up [[zo:scenario=plain]] [[zo:key=edit-b]]')).settled(), 'done');
    await panel.editQuestion(0, 'Edited [[zo:scenario=plain]] [[zo:key=edit-c]]');
    await waitFor('the edited question asked', async () => (await asksWith(h.serve, 'edit-c')).length === 1);
    assert.equal(await panel.last().settled(), 'done');
    assert.equal(await panel.userMessages.count(), 1);
    assert.equal(await panel.assistantMessages.count(), 1);
    const chat = await storedChat();
    assert.equal(chat.length, 2);
    assert.match(chat[0].text, /^Edited/);
  });
});
