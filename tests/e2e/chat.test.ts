//! Chat in the side panel against `zo-dev serve`: the streamed answer renders in full and equals
//! what the server sent, thinking shows while it streams and then collapses, tool activity
//! shows, queries never mix their text, and the history survives a panel reload.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness, asksWith, serverAnswer, storedHistory, waitFor, type Harness, T, HOOK, assertNoExtensionErrors } from './harness.ts';
import { PanelPage, panelOnFixture, renderedWords, words } from './panel.ts';

let h: Harness;

before(async () => {
  h = await startHarness();
}, HOOK);
after(async () => {
  await h?.close();
}, HOOK);

/** A panel bound to a fresh fixture tab, in Ask mode. */
const askPanel = (): Promise<PanelPage> => panelOnFixture(h);

/** The one request the extension sent for `marker`, and the server's full answer to it. */
async function expectedFor(marker: string): Promise<string> {
  const asks = await asksWith(h.serve, marker);
  assert.equal(asks.length, 1, `expected one /zo/ask carrying ${marker}, got ${asks.length}`);
  return serverAnswer(h.serve, (asks[0].body as any).input);
}

/** The stored message (history) of the assistant answer whose input contains `marker`. */
async function storedAnswer(marker: string): Promise<any> {
  return waitFor(`the stored answer to ${marker}`, async () => {
    const history = await storedHistory(h.ext);
    const messages = (history?.chats ?? []).flatMap((c: any) => c.messages ?? []);
    return messages.find((m: any) => m.role === 'assistant' && String(m.input ?? '').includes(marker) && m.status === 'done');
  });
}

describe('chat', () => {
  test('a streamed answer renders in full, equals what the server sent, and its thinking collapses', T, async () => {
    const panel = await askPanel();
    const msg = await panel.send('What is on this page? chat-full [[zo:scenario=thinking]] [[zo:pace=20]]');
    assert.equal(await msg.settled(), 'done');

    const expected = await expectedFor('chat-full');
    assert.ok(expected.includes('Unicode check'), 'the dev server answer is the prose scenario');
    assert.equal(words(await msg.answerText()), renderedWords(expected));
    // The saved answer is the exact text, byte for byte.
    assert.equal((await storedAnswer('chat-full')).text, expected);

    // Thinking was shown live while it streamed...
    const seen = await panel.seen();
    assert.ok(
      seen.thinking.some((t) => t.includes('I will answer briefly')),
      `live thinking was never shown: ${JSON.stringify(seen.thinking)}`,
    );
    // ...and is now collapsed: the live box is gone, the reasoning stays available, not open.
    assert.equal(await msg.thinking.isVisible(), false);
    assert.match(await msg.reasoning.innerText(), /Thought|I will answer briefly/);
    if ((await msg.thoughtDisclosure.count()) > 0) {
      assert.equal(await msg.thoughtDisclosure.getAttribute('open'), null, 'the Thought disclosure is collapsed');
    }
    // The answer never shows the raw prompt echo or raw events.
    assert.doesNotMatch(await msg.root.innerText(), /FrontendModelRequest|PartDeltaEvent|event_kind/);
  });

  test('tool activity shows under Explored', T, async () => {
    const panel = await askPanel();
    const msg = await panel.send('Find Zo. chat-tools [[zo:scenario=tool]]');
    assert.equal(await msg.settled(), 'done');
    await waitFor('two tools shown', async () => (await msg.tools.count()) === 2);
    const tools = (await msg.tools.allInnerTexts()).join('\n');
    assert.match(tools, /web_search/);
    assert.match(tools, /read_webpage/);
    const expected = await expectedFor('chat-tools');
    assert.equal(words(await msg.answerText()), renderedWords(expected));
  });

  test('an answer stopped and a query sent right after never mix their text', T, async () => {
    const panel = await askPanel();
    const first = await panel.send('alpha-question mix-one [[zo:scenario=plain]] [[zo:pace=150]]');
    // Let some of the first answer arrive, then stop it and ask again at once.
    await waitFor('part of the first answer', async () => (await first.answerText()).length > 10);
    await panel.stopButton.click();
    assert.equal(await first.settled(), 'stopped');
    const second = await panel.send('bravo-question mix-two [[zo:scenario=plain]]');
    assert.equal(await second.settled(), 'done');

    const expected = await expectedFor('mix-two');
    assert.equal(words(await second.answerText()), renderedWords(expected));
    assert.doesNotMatch(await second.answerText(), /alpha-question/);
    // The stopped answer kept only its own text, and nothing arrived after Stop.
    const firstText = await first.answerText();
    assert.doesNotMatch(firstText, /bravo-question/);
    const [firstAsk] = await asksWith(h.serve, 'mix-one');
    const firstExpected = renderedWords(await serverAnswer(h.serve, (firstAsk.body as any).input));
    const shown = renderedWords(firstText);
    assert.ok(firstExpected.startsWith(shown), `the stopped text is a prefix of its own answer: ${JSON.stringify(shown)}`);
    assert.ok(shown.length < firstExpected.length, 'the first answer did not keep streaming after Stop');
  });

  test('two panels streaming at the same time each get their own answer', T, async () => {
    const [a, b] = await Promise.all([askPanel(), askPanel()]);
    const [ma, mb] = await Promise.all([
      a.send('charlie-question both-a [[zo:scenario=plain]] [[zo:pace=10]]'),
      b.send('delta-question both-b [[zo:scenario=thinking]] [[zo:pace=10]]'),
    ]);
    assert.equal(await ma.settled(), 'done');
    assert.equal(await mb.settled(), 'done');
    assert.equal(words(await ma.answerText()), renderedWords(await expectedFor('both-a')));
    assert.equal(words(await mb.answerText()), renderedWords(await expectedFor('both-b')));
  });

  test('the history survives a panel reload', T, async () => {
    const panel = await askPanel();
    const msg = await panel.send('Remember me. chat-history [[zo:scenario=plain]]');
    assert.equal(await msg.settled(), 'done');
    const before = await msg.answerText();
    await storedAnswer('chat-history');

    await panel.page.reload();
    const reloaded = new PanelPage(panel.page);
    await reloaded.ready();
    await waitFor('the chat shown again after reload', async () => (await reloaded.assistantMessages.count()) > 0);
    assert.match(await reloaded.userMessages.last().innerText(), /Remember me\. chat-history/);
    assert.equal(await reloaded.last().answerText(), before);
    assert.equal(await reloaded.last().status(), 'done');
  });

  test('the extension logged no errors meanwhile', T, () => {
    assertNoExtensionErrors(h.ext);
  });
});
