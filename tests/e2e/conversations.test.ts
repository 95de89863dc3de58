//! Conversations in the side panel against `zo-dev serve`: the history list in date groups
//! (Today, Yesterday, Previous 7 days, Older), searched by title and message text, a chat
//! renamed in place and deleted then brought back with Undo; every chat deleted at once
//! after a confirmation, and brought back exactly with Undo; and an answer that keeps
//! streaming while the user opens another chat and a new one, finishing in its own chat,
//! with the list showing it running meanwhile.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness, asksWith, serverAnswer, storedHistory, waitFor, type Harness, T, HOOK, assertNoExtensionErrors } from './harness.ts';
import { panelOnFixture, renderedWords, words, type PanelPage } from './panel.ts';

let h: Harness;

before(async () => {
  h = await startHarness();
}, HOOK);
after(async () => {
  await h?.close();
}, HOOK);

const DAY = 86_400_000;

/** A stored chat of one question and its answer, last updated `ago` ms before now. */
function storedChat(id: string, title: string, ago: number, answer: string): object {
  const at = Date.now() - ago;
  return {
    id,
    title,
    mode: 'ask',
    createdAt: at,
    updatedAt: at,
    messages: [
      { id: `${id}-q`, role: 'user', mode: 'ask', text: title, status: 'done' },
      { id: `${id}-a`, role: 'assistant', mode: 'ask', sessionId: `${id}-s`, text: answer, status: 'done', input: title },
    ],
  };
}

/** Replaces the stored history before a panel opens. */
async function seedHistory(chats: object[]): Promise<void> {
  await h.ext.inExtension(async (history: object) => (globalThis as any).chrome.storage.local.set({ history }), { chats });
}

async function storedTitles(): Promise<string[]> {
  return ((await storedHistory(h.ext))?.chats ?? []).map((c: any) => c.title);
}

/** The stored chat titled `title`, once `ok` holds for it. */
async function storedChatWhen(title: string, ok: (chat: any) => boolean): Promise<any> {
  return waitFor(`the stored chat "${title}"`, async () => {
    const chat = ((await storedHistory(h.ext))?.chats ?? []).find((c: any) => c.title === title);
    return chat && ok(chat) ? chat : null;
  });
}

/** The server's full answer to the one request carrying `marker`. */
async function expectedFor(marker: string): Promise<string> {
  const asks = await asksWith(h.serve, marker);
  assert.equal(asks.length, 1, `expected one /zo/ask carrying ${marker}, got ${asks.length}`);
  return serverAnswer(h.serve, (asks[0].body as any).input);
}

describe('conversations', () => {
  test('the history list groups chats by date, searches, renames in place, and deletes with Undo', T, async () => {
    await seedHistory([
      storedChat('c-today', 'Trip to Lisbon', 60_000, 'Take the tram to Belém.'),
      storedChat('c-yesterday', 'Budget for May', DAY, 'Rent is the largest item.'),
      storedChat('c-week', 'Garden plans', 3 * DAY, 'Plant the tomatoes after the last frost; a ZEBRA fence keeps rabbits out.'),
      storedChat('c-old', 'Old recipe', 40 * DAY, 'Bake the cake for 40 minutes.'),
    ]);
    const panel = await panelOnFixture(h);
    await panel.openHistory();
    assert.deepEqual(await panel.historyGroups(), [
      { heading: 'Today', chats: ['Trip to Lisbon'] },
      { heading: 'Yesterday', chats: ['Budget for May'] },
      { heading: 'Previous 7 days', chats: ['Garden plans'] },
      { heading: 'Older', chats: ['Old recipe'] },
    ]);

    // Search: message text and titles, ignoring case.
    await panel.historySearch.fill('zebra');
    await waitFor('the search to filter', async () => (await panel.historyGroups()).length === 1);
    assert.deepEqual(await panel.historyGroups(), [{ heading: 'Previous 7 days', chats: ['Garden plans'] }]);
    assert.match(await panel.chatRow('Garden plans').innerText(), /ZEBRA fence/);
    await panel.historySearch.fill('BUDGET');
    await waitFor('the title search', async () => (await panel.historyGroups())[0]?.chats[0] === 'Budget for May');
    assert.equal((await panel.historyGroups()).flatMap((g) => g.chats).length, 1);
    await panel.historySearch.fill('no chat says this');
    await waitFor('no match', async () => (await panel.historyGroups()).length === 0);
    assert.match(await panel.page.getByRole('region', { name: 'Chat history' }).innerText(), /No chats match/);
    await panel.historySearch.fill('');
    await waitFor('every chat again', async () => (await panel.historyGroups()).length === 4);

    // Rename in place: Esc cancels, Enter keeps (and it is saved).
    await panel.renameChat('Budget for May', 'Never mind', 'Escape');
    assert.equal(await panel.chatRow('Budget for May').count(), 1);
    await panel.renameChat('Budget for May', 'May budget, final');
    await waitFor('the new title listed', async () => (await panel.chatRow('May budget, final').count()) === 1);
    assert.equal(await panel.chatRow('Budget for May').count(), 0);
    await waitFor('the new title stored', async () => (await storedTitles()).includes('May budget, final'));

    // Delete: gone from the list and the storage, with Undo in a toast; Undo puts it back.
    await panel.deleteChat('Garden plans');
    await waitFor('the row gone', async () => (await panel.chatRow('Garden plans').count()) === 0);
    assert.ok(await panel.undoToast.isVisible());
    assert.match(await panel.undoToast.innerText(), /Deleted “Garden plans”/);
    await waitFor('deleted in storage', async () => !(await storedTitles()).includes('Garden plans'));
    await panel.undoToast.getByRole('button', { name: 'Undo delete' }).click();
    await waitFor('the row back', async () => (await panel.chatRow('Garden plans').count()) === 1);
    assert.equal(await panel.undoToast.isVisible(), false);
    assert.deepEqual((await panel.historyGroups()).map((g) => g.chats), [
      ['Trip to Lisbon'],
      ['May budget, final'],
      ['Garden plans'],
      ['Old recipe'],
    ]);
    await waitFor('back in storage, in its place', async () => {
      const titles = await storedTitles();
      return JSON.stringify(titles) === JSON.stringify(['Trip to Lisbon', 'May budget, final', 'Garden plans', 'Old recipe']);
    });
    // The chat opens again with its messages.
    await panel.openChat('Garden plans');
    assert.match(await panel.last().answerText(), /ZEBRA fence/);
  });

  test('"Delete all chats" asks first, deletes every chat, and Undo brings them back exactly', T, async () => {
    await seedHistory([
      storedChat('d-1', 'Alpha trip', 60_000, 'Alpha answer.'),
      storedChat('d-2', 'Beta budget', DAY, 'Beta answer.'),
      storedChat('d-3', 'Gamma garden', 3 * DAY, 'Gamma answer.'),
    ]);
    const panel = await panelOnFixture(h);
    await panel.openChat('Beta budget');
    assert.equal(await panel.last().answerText(), 'Beta answer.');
    const before = await waitFor('the open chat stored as the active one', async () => {
      const stored = await storedHistory(h.ext);
      return stored?.activeChatId === 'd-2' ? stored : null;
    });
    await panel.openHistory();
    const region = panel.page.getByRole('region', { name: 'Chat history' });
    const deleteAll = region.getByRole('button', { name: 'Delete all chats', exact: true });
    const confirm = region.getByRole('group', { name: 'Delete all chats?' });

    // Cancel: nothing deleted, the button again.
    await deleteAll.click();
    await confirm.waitFor({ state: 'visible' });
    assert.match(await confirm.innerText(), /Delete all 3 saved chats\? You can undo this/);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    assert.ok(await deleteAll.isVisible());
    assert.equal((await storedTitles()).length, 3);

    // Confirmed: the list, the storage and the chat on screen are empty; Undo in the toast.
    await deleteAll.click();
    await confirm.getByRole('button', { name: 'Delete all', exact: true }).click();
    await waitFor('the list empty', async () => (await panel.historyGroups()).length === 0);
    assert.match(await region.innerText(), /No saved chats yet/);
    assert.equal(await deleteAll.count(), 0, 'nothing left to delete');
    assert.match(await panel.undoToast.innerText(), /Deleted 3 chats/);
    await waitFor('deleted in storage', async () => (await storedTitles()).length === 0);
    assert.equal(await panel.assistantMessages.count(), 0, 'the chat on screen went too');

    // Undo: every chat back, stored as before, and the chat that was open on screen again.
    await panel.undoToast.getByRole('button', { name: 'Undo delete' }).click();
    await waitFor('the chat back on screen', async () => (await panel.assistantMessages.count()) === 1);
    assert.equal(await panel.last().answerText(), 'Beta answer.');
    assert.equal(await panel.undoToast.isVisible(), false);
    const after = await waitFor('all back in storage', async () => {
      const stored = await storedHistory(h.ext);
      return stored?.chats?.length === 3 ? stored : null;
    });
    assert.deepEqual(after, before);

    // The deletion is stored at once: a reload before Undo keeps it (Undo lives in the panel).
    await panel.openHistory();
    await deleteAll.click();
    await confirm.getByRole('button', { name: 'Delete all', exact: true }).click();
    await waitFor('deleted in storage again', async () => (await storedTitles()).length === 0);
    await panel.page.reload();
    await panel.ready();
    await panel.openHistory();
    assert.match(await region.innerText(), /No saved chats yet/);
    assert.equal(await panel.undoToast.isVisible(), false);
  });

  test('an answer keeps streaming across another chat and New, and finishes in its own chat', T, async () => {
    await seedHistory([storedChat('c-other', 'An earlier chat', 5 * 60_000, 'Earlier answer.')]);
    const panel: PanelPage = await panelOnFixture(h);
    // Slow enough that the switches happen mid-answer.
    // The question is its chat's title (short enough to be the whole title).
    const title = 'conv-running [[zo:scenario=plain]][[zo:pace=200]]';
    const running = await panel.send(title);
    await waitFor('the answer to start streaming', async () => (await running.answerText()).length > 0);

    // Another chat: the running one is marked in the list, and not stopped.
    await panel.openHistory();
    await waitFor('the running mark', async () => (await panel.chatState(title)) === 'running');
    assert.match(await panel.chatRow(title).innerText(), /Running/);
    await panel.openChat('An earlier chat');
    assert.equal(await panel.last().answerText(), 'Earlier answer.');
    assert.equal(await panel.stopButton.isVisible(), false);

    // New: another question answered meanwhile, in its own chat.
    await panel.newChat();
    const quick = await panel.send('conv-quick [[zo:scenario=plain]]');
    assert.equal(await quick.settled(), 'done');
    await panel.openHistory();
    assert.equal(await panel.chatState(title), 'running', 'still running after New and another answer');

    // Back to it: what streamed meanwhile is there and it goes on live to the end.
    await panel.openChat(title);
    const back = panel.last();
    assert.equal(await back.status(), 'streaming');
    assert.ok((await back.answerText()).length > 0);
    assert.equal(await back.settled(), 'done');
    const expected = await expectedFor('conv-running');
    assert.equal(words(await back.answerText()), renderedWords(expected));
    assert.equal(await panel.userMessages.count(), 1, 'only its own question in its chat');

    // Saved in its own chat, complete; the other answer in its own; no Stop was sent.
    const stored = await storedChatWhen(title, (c) => c.messages?.[1]?.status === 'done');
    assert.equal(stored.messages.length, 2);
    assert.equal(stored.messages[1].text, expected);
    const quickChat = await storedChatWhen('conv-quick [[zo:scenario=plain]]', (c) => c.messages?.[1]?.status === 'done');
    assert.equal(quickChat.messages[1].text, await expectedFor('conv-quick'));
    // The server wrote the whole answer: the request was never aborted.
    const [ask] = await asksWith(h.serve, 'conv-running');
    assert.notEqual(ask.clientClosedEarly, true, 'the running answer was not cut off');
    await panel.openHistory();
    await waitFor('the running mark gone', async () => (await panel.chatState(title)) === null);
  });

  test('an answer that ends while its chat is off screen is saved complete there', T, async () => {
    const panel = await panelOnFixture(h);
    // The panel opens on the last chat; this question starts one of its own.
    await panel.newChat();
    const title = 'conv-offscreen [[zo:scenario=plain]][[zo:pace=60]]';
    const msg = await panel.send(title);
    await waitFor('the answer to start streaming', async () => (await msg.answerText()).length > 0);
    await panel.newChat();
    const expected = await expectedFor('conv-offscreen');
    const stored = await storedChatWhen(title, (c) => c.messages?.[1]?.status === 'done');
    assert.equal(stored.messages[1].text, expected);
    await panel.openChat(title);
    assert.equal(await panel.last().status(), 'done');
    assert.equal(words(await panel.last().answerText()), renderedWords(expected));
  });

  test('the extension logged no errors meanwhile', T, () => {
    assertNoExtensionErrors(h.ext);
  });
});
