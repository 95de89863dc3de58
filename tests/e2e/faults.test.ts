//! Faults from `zo-dev serve` as the person sees them in the panel (401 with the server's words
//! and a settings link, 5xx then success, cut mid-stream, a retry that says something else,
//! hang, `failed` event, malformed lines, a JSON reply instead of a stream, a web page instead
//! of Zo), and Stop, which must
//! close the connection (the server sees it) and cancel pending Co-browse actions.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness, openPanel, asksWith, serverAnswer, storedHistory, waitFor, type Harness, T, HOOK, assertNoExtensionErrors } from './harness.ts';
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

/** The full normal answer to the request the extension sent for `marker`. */
async function expectedFor(marker: string): Promise<string> {
  const asks = await asksWith(h.serve, marker);
  assert.ok(asks.length >= 1, `no /zo/ask carrying ${marker}`);
  return serverAnswer(h.serve, (asks[0].body as any).input);
}

/** Asks with a fault applied to the first request only, and checks the answer still arrives
 *  whole and once. Returns the labels the progress indicator showed meanwhile. */
async function recovers(marker: string, fault: string, panelSetup?: (p: PanelPage) => Promise<void>) {
  const panel = await askPanel();
  await panelSetup?.(panel);
  const msg = await panel.send(`Tell me about ${marker} [[zo:scenario=plain]] [[zo:fault=${fault}]] [[zo:times=1]] [[zo:key=${marker}]]`);
  assert.equal(await msg.settled(['done', 'failed', 'interrupted', 'stopped'], 30_000), 'done', await msg.root.innerText());
  const expected = await expectedFor(marker);
  // Complete, and nothing doubled: the rendered answer is exactly the server's answer.
  assert.equal(words(await msg.answerText()), renderedWords(expected));
  assert.equal(await msg.errorCard.isVisible(), false);
  const asks = await asksWith(h.serve, marker);
  assert.equal(asks.length, 2, `one failed attempt and one retry (got ${asks.length})`);
  return { panel, msg, asks, seen: await panel.seen() };
}

describe('faults', () => {
  test('401: the answer says the key was refused, in the server\'s words, and links to settings', T, async () => {
    const panel = await askPanel();
    const msg = await panel.send('Hello fault-401 [[zo:fault=401]]');
    assert.equal(await msg.settled(), 'failed');
    await msg.errorCard.waitFor({ state: 'visible' });
    const card = await msg.errorCard.innerText();
    assert.match(card, /did not accept the API key/i);
    assert.match(card, /Invalid API key \(simulated by zo-dev serve\)/, 'the server\'s detail is shown');
    assert.equal(await msg.settingsLink.isVisible(), true, 'a link to the settings is offered');
    assert.equal(await msg.retryButton.isVisible(), true, 'Retry, for after the key is fixed');
    const asks = await asksWith(h.serve, 'fault-401');
    assert.equal(asks.length, 1, '401 is not retried');
    // The link opens the options page.
    const [options] = await Promise.all([
      h.ext.context.waitForEvent('page', { predicate: (p) => p.url().includes('/extension/options.html') }),
      msg.settingsLink.click(),
    ]);
    await options.close();
  });

  test('5xx then success: a reconnect notice, then the whole answer once', T, async () => {
    const { seen } = await recovers('fault-500', '500');
    assert.ok(seen.labels.some((l) => /reconnect/i.test(l)), `no reconnect notice was shown: ${JSON.stringify(seen.labels)}`);
  });

  test('connection cut mid-stream: retried, nothing lost or doubled', T, async () => {
    const { asks } = await recovers('fault-cut', 'cut');
    assert.equal(asks[0].fault, 'cut', 'the first attempt was the cut one');
    assert.equal(asks[1].fault ?? null, null, 'the retry got the normal answer');
  });

  test('a retry that says something else replaces the shown answer at once', T, async () => {
    const marker = 'fault-diverge';
    const panel = await askPanel();
    // Records, in the panel page, whether the answer showed the first draft and whether the
    // replacement showed while the message was still streaming.
    await panel.page.evaluate(`(() => {
      const seen = { draft: false, replacedWhileStreaming: false };
      window.__zoDiverge = seen;
      const look = () => {
        const msg = document.querySelector('article.msg.assistant:last-of-type');
        if (!msg) return;
        const text = (msg.querySelector('.answer') || {}).textContent || '';
        if (text.includes('First draft')) seen.draft = true;
        else if (seen.draft && text.trim() && msg.getAttribute('data-status') === 'streaming') seen.replacedWhileStreaming = true;
      };
      new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    })()`);
    const msg = await panel.send(
      `Tell me about ${marker} [[zo:scenario=plain]] [[zo:fault=diverge]] [[zo:times=1]] [[zo:after=10]] [[zo:pace=20]] [[zo:key=${marker}]]`,
    );
    assert.equal(await msg.settled(['done', 'failed', 'interrupted', 'stopped'], 30_000), 'done', await msg.root.innerText());
    const seen = await panel.page.evaluate(() => (window as any).__zoDiverge);
    assert.equal(seen.draft, true, 'the first draft was shown before the cut');
    assert.equal(seen.replacedWhileStreaming, true, 'the retry replaced it while streaming, not at the end');
    // The answer is the server's answer, once, without the draft.
    assert.equal(words(await msg.answerText()), renderedWords(await expectedFor(marker)));
    assert.doesNotMatch(await msg.answerText(), /First draft/);
    assert.equal(await msg.errorCard.isVisible(), false);
    const asks = await asksWith(h.serve, marker);
    assert.equal(asks.length, 2);
    assert.equal(asks[0].fault, 'diverge');
    // The history keeps the real answer only.
    const history = JSON.stringify(await storedHistory(h.ext));
    assert.doesNotMatch(history, /First draft/);
  });

  test('a retry that thinks something else replaces the shown thinking at once', T, async () => {
    const marker = 'fault-diverge-thinking';
    const panel = await askPanel();
    // Cut after 4 tokens: inside the thinking, which the retry begins differently.
    const msg = await panel.send(
      `Tell me about ${marker} [[zo:scenario=thinking]] [[zo:fault=diverge]] [[zo:times=1]] [[zo:after=4]] [[zo:pace=20]] [[zo:key=${marker}]]`,
    );
    assert.equal(await msg.settled(['done', 'failed', 'interrupted', 'stopped'], 30_000), 'done', await msg.root.innerText());
    const { thinking } = await panel.seen();
    assert.ok(thinking.some((t) => t.includes('First draft')), `the draft thinking was shown: ${JSON.stringify(thinking)}`);
    const last = thinking[thinking.length - 1] ?? '';
    assert.doesNotMatch(last, /First draft/, 'the live thinking showed the retry\'s thinking while streaming');
    assert.match(last, /The user asks/);
    assert.doesNotMatch((await msg.reasoning.textContent()) ?? '', /First draft/);
    assert.equal(words(await msg.answerText()), renderedWords(await expectedFor(marker)));
    assert.doesNotMatch(JSON.stringify(await storedHistory(h.ext)), /First draft/);
    assert.equal((await asksWith(h.serve, marker)).length, 2);
  });

  test('a Zo that answers JSON instead of a stream: the whole answer, once', T, async () => {
    const marker = 'reply-json';
    const panel = await askPanel();
    const msg = await panel.send(`Tell me about ${marker} [[zo:scenario=thinking]] [[zo:reply=json]]`);
    assert.equal(await msg.settled(), 'done', await msg.root.innerText());
    assert.equal(words(await msg.answerText()), renderedWords(await expectedFor(marker)));
    const asks = await asksWith(h.serve, marker);
    assert.equal(asks.length, 1);
    assert.equal((asks[0].body as any).stream, true, 'the extension asked for a stream');
  });

  test('a Co-browse answer that comes as JSON acts and never shows its action JSON', T, async () => {
    const script = `json-actions-${Date.now().toString(36)}`;
    await h.serve.addScript(script, [
      JSON.stringify({
        actions: [
          { type: 'fill', selector: '#name', value: 'Ada' },
          { type: 'done', response: 'I wrote your name.' },
        ],
      }),
    ]);
    const target = await h.open('form.html');
    const panel = new PanelPage(await openPanel(h.ext, target));
    await panel.ready();
    await panel.newChat();
    await panel.setMode('Co-browse');
    await panel.record();
    try {
      const msg = await panel.send(`Write my name [[zo:script=${script}]] [[zo:reply=json]]`);
      assert.equal(await msg.settled(), 'done', await msg.root.innerText());
      assert.equal(await target.locator('#name').inputValue(), 'Ada');
      assert.equal(await msg.answerText(), 'I wrote your name.');
      assert.deepEqual((await panel.seen()).rawJson, [], 'no action JSON was ever shown');
    } finally {
      // The panel reopens the last chat: the next specs must not continue this script's
      // conversation.
      await panel.newChat();
    }
  });

  test('a base URL that answers a web page: a clear error, not retried', T, async () => {
    const panel = await askPanel();
    const msg = await panel.send('Hello reply-html [[zo:reply=html]]');
    assert.equal(await msg.settled(), 'failed');
    await msg.errorCard.waitFor({ state: 'visible' });
    assert.match(await msg.errorCard.innerText(), /text\/html.*API base URL/s);
    assert.equal((await asksWith(h.serve, 'reply-html')).length, 1);
  });

  test('a hanging stream is abandoned after the liveness timeout (2 s) and retried', T, async () => {
    const { asks } = await recovers('fault-hang', 'hang');
    // The extension, not the server, ended the silent first attempt.
    await waitFor('the server to see the hung connection closed', async () => {
      const [first] = await asksWith(h.serve, 'fault-hang');
      return first.clientClosedEarly === true;
    });
    assert.ok(asks[1]);
  });

  test('malformed SSE lines are ignored and the answer is intact', T, async () => {
    for (const fault of ['malformed', 'badjson']) {
      const marker = `fault-${fault}`;
      const panel = await askPanel();
      const msg = await panel.send(`Tell me about ${marker} [[zo:scenario=thinking]] [[zo:fault=${fault}]]`);
      assert.equal(await msg.settled(), 'done', await msg.root.innerText());
      assert.equal(words(await msg.answerText()), renderedWords(await expectedFor(marker)));
      assert.equal(await msg.errorCard.isVisible(), false);
    }
  });

  test('a failed event ends the answer with a clear error', T, async () => {
    const panel = await askPanel();
    const msg = await panel.send('Hello fault-failed [[zo:scenario=plain]] [[zo:fault=failed]]');
    assert.equal(await msg.settled(), 'failed');
    await msg.errorCard.waitFor({ state: 'visible' });
    const card = await msg.errorCard.innerText();
    assert.match(card, /model provider returned an error|could not answer|failed/i, card);
    assert.doesNotMatch(card, /\{|error_type/, 'the card shows words, not raw JSON');
    assert.equal((await asksWith(h.serve, 'fault-failed')).length, 1, 'a failed run is not retried by itself');
  });
});

describe('stop', () => {
  test('Stop aborts a running answer and the server sees the connection close', T, async () => {
    const panel = await askPanel();
    const msg = await panel.send('Slow please stop-chat [[zo:scenario=plain]] [[zo:pace=200]]');
    await waitFor('some answer text', async () => (await msg.answerText()).length > 5);
    await panel.stopButton.click();
    assert.equal(await msg.settled(), 'stopped');
    await waitFor('the server to see the client close the stream', async () => {
      const [ask] = await asksWith(h.serve, 'stop-chat');
      return ask?.clientClosedEarly === true;
    });
    assert.equal(await panel.sendButton.isVisible(), true, 'the composer is ready again');
    assert.equal(await panel.stopButton.isVisible(), false);
    // What was shown stays, and it is a beginning of the answer, not all of it.
    const shown = renderedWords(await msg.answerText());
    const full = renderedWords(await expectedFor('stop-chat'));
    assert.ok(shown.length > 0 && full.startsWith(shown) && shown.length < full.length, shown);
  });

  test('Stop cancels pending Co-browse actions', T, async () => {
    const script = `stop-actions-${Date.now().toString(36)}`;
    await h.serve.addScript(script, [
      JSON.stringify({
        actions: [
          { type: 'fill', selector: '#name', value: 'first' },
          { type: 'wait', ms: 20000 },
          { type: 'fill', selector: '#message', value: 'never written' },
          { type: 'done', response: 'should not be reached' },
        ],
      }),
    ]);
    const target = await h.open('form.html');
    const panel = new PanelPage(await openPanel(h.ext, target));
    await panel.ready();
    await panel.newChat();
    await panel.setMode('Co-browse');
    const msg = await panel.send(`Fill the form [[zo:script=${script}]]`);
    await waitFor('the wait action running', async () => {
      const rows = await msg.timelineRows();
      return rows[1]?.status === 'running';
    });
    await panel.stopButton.click();
    assert.equal(await msg.settled(), 'stopped');
    assert.equal(await target.locator('#name').inputValue(), 'first');
    const rows = await msg.timelineRows();
    assert.equal(rows[0].status, 'done');
    assert.notEqual(rows[1].status, 'done', 'the wait was cut short');
    assert.ok(!['done', 'running', 'pending'].includes(rows[2]?.status ?? 'skipped'), `the next action did not run: ${rows[2]?.status}`);
    // Nothing ran after Stop: the page never got the second fill.
    assert.equal(await target.locator('#message').inputValue(), '');
    assert.doesNotMatch(await msg.answerText(), /should not be reached/);
  });

  test('the extension logged no errors meanwhile', T, () => {
    assertNoExtensionErrors(h.ext);
  });
});
