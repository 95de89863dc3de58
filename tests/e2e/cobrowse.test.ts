//! Co-browse end to end: `zo-dev serve` scripts answer with actions, the extension carries them
//! out in the fixture pages, and the person sees each action's final status in the panel's
//! timeline, the page really changed, and done.response as the final prose.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startHarness, openPanel, asksWith, waitFor, type Harness, T, HOOK, assertNoExtensionErrors } from './harness.ts';
import { PanelPage, words, type AssistantMessage, type TimelineRow } from './panel.ts';

let h: Harness;
let scriptCounter = 0;

before(async () => {
  h = await startHarness();
}, HOOK);
after(async () => {
  await h?.close();
}, HOOK);

const actions = (...list: object[]) => JSON.stringify({ actions: list });

interface Run {
  target: Page;
  panel: PanelPage;
  msg: AssistantMessage;
  rows: TimelineRow[];
  script: string;
  /** The approval cards the person allowed (a "Send" button asks first). */
  approved: string[];
}

/** Opens `fixture`, registers `steps` as a script, asks in Co-browse mode, waits for the end. */
async function cobrowse(fixture: string, goal: string, steps: string[]): Promise<Run> {
  const script = `e2e-${++scriptCounter}-${Date.now().toString(36)}`;
  await h.serve.addScript(script, steps);
  const target = await h.open(fixture);
  const panel = new PanelPage(await openPanel(h.ext, target));
  await panel.ready();
  await panel.newChat();
  await panel.setMode('Co-browse');
  const msg = await panel.send(`${goal} [[zo:script=${script}]]`);
  const { answered } = await msg.settledAnswering('Allow once', ['done', 'failed', 'stopped', 'interrupted'], 45_000);
  if (process.env.ZO_E2E_DEBUG) console.error(`--- panel after ${fixture}:\n${await msg.root.innerText()}`);
  return { target, panel, msg, rows: await msg.timelineRows(), script, approved: answered };
}

function assertRows(rows: TimelineRow[], expected: Array<[title: string, target: string, status: string]>) {
  const got = rows.map((r) => [r.title, r.target, r.status]);
  // A "Done" row, when the panel shows one, comes last and is not part of the page actions.
  const pageRows = got.filter(([title]) => title !== 'Done');
  assert.deepEqual(pageRows, expected, `timeline:\n${rows.map((r) => r.details).join('\n---\n')}`);
}

async function assertDone(run: Run, response: string) {
  assert.equal(await run.msg.status(), 'done', `the answer ended ${await run.msg.status()}: ${await run.msg.root.innerText()}`);
  assert.equal(words(await run.msg.answerText()), words(response));
  assert.doesNotMatch(await run.msg.root.innerText(), /"actions"|"type":/, 'raw action JSON reached the panel');
}

describe('co-browse', () => {
  test('fill, click and extract on the React form change React state', T, async () => {
    const done = 'I signed you up as Ada Lovelace.';
    const run = await cobrowse('react-form.html', 'Sign me up as Ada Lovelace, ada@example.com.', [
      actions(
        { type: 'fill', selector: '#name', value: 'Ada Lovelace' },
        { type: 'fill', selector: '#email', value: 'ada@example.com' },
        { type: 'fill', selector: '#notes', value: 'Line one\nLine two' },
        { type: 'click', selector: '#send' },
        { type: 'extract', selector: '#result-name' },
      ),
      actions({ type: 'done', response: done }),
    ]);
    // React re-rendered from its state: the submitted values are on the page.
    assert.equal(await run.target.locator('#result-name').innerText(), 'Name: Ada Lovelace');
    assert.equal(await run.target.locator('#result-email').innerText(), 'Email: ada@example.com');
    assert.equal(await run.target.locator('#result-notes').textContent(), 'Notes: Line one\nLine two');
    assert.equal(await run.target.locator('#live-name').innerText(), 'Live name: Ada Lovelace');
    const loaded = h.ext.extensionLoads.filter((l) => l.page === run.target.url()).map((l) => l.url);
    assert.ok(!loaded.some((u) => u.includes('/pkg/mvp/')), 'an ordinary page runs the wasm content module, not the JS translation');
    assertRows(run.rows, [
      ['Fill', '#name', 'done'],
      ['Fill', '#email', 'done'],
      ['Fill', '#notes', 'done'],
      ['Click', '#send', 'done'],
      ['Extract', '#result-name', 'done'],
    ]);
    assert.match(run.rows[4].details, /Name: Ada Lovelace/, 'the extracted value is shown');
    // Rows name the elements as the page labels them; the selector is the target's tooltip.
    assert.deepEqual(
      run.rows.map((r) => r.shown),
      ['“Name”', '“Email”', '“Notes”', '“Send”', '#result-name'],
    );
    assert.match(run.rows[0].details, /with “Ada Lovelace”/);
    // "Send" is a sensitive control: the person allowed that click, and only that one.
    assert.deepEqual(run.approved, [`Click “Send” on ${h.site.url}`]);
    await assertDone(run, done);
    // The loop fed the results back: the follow-up request carried the extracted text.
    const asks = await asksWith(h.serve, `script=${run.script}`);
    assert.equal(asks.length, 2);
    assert.match((asks[1].body as any).input, /Name: Ada Lovelace/);
    assert.ok((asks[1].body as any).conversation_id, 'the follow-up continues the conversation');
  });

  test(
    'the timeline shows extracted values as text, and fill rows show no "Extracted" value',
    T,
    async () => {
      const run = await cobrowse('react-form.html', 'Fill my name and read it back.', [
        actions(
          { type: 'fill', selector: '#name', value: 'Ada' },
          { type: 'click', selector: '#send' },
          { type: 'extract', selector: '#result-name' },
          { type: 'done', response: 'Done.' },
        ),
      ]);
      await assertDone(run, 'Done.');
      const [fill, , extract] = run.rows;
      assert.match(extract.details, /Extracted\s+Name: Ada\s*$/m, extract.details);
      assert.doesNotMatch(extract.details, /[{}]|"value"|truncated/, 'raw result JSON is shown to the person');
      assert.doesNotMatch(fill.details, /Extracted|[{}]/, fill.details);
    },
  );

  test('the same works on a page whose CSP forbids wasm (script-src self)', T, async () => {
    const done = 'Submitted as Grace.';
    const run = await cobrowse('strict-csp.html', 'Submit my name, Grace.', [
      actions(
        { type: 'fill', selector: '#name', value: 'Grace' },
        { type: 'click', selector: '#send' },
        { type: 'extract', selector: '#out' },
        { type: 'done', response: done },
      ),
    ]);
    assert.equal(await run.target.locator('#out').innerText(), 'Hello Grace');
    // The page really forbids wasm (so the content module ran as its JS translation).
    const wasmBlocked = await run.target.evaluate(() =>
      WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])).then(
        () => false,
        (e: Error) => e.name === 'CompileError',
      ),
    );
    assert.equal(wasmBlocked, true, 'the fixture page must block WebAssembly');
    const loaded = h.ext.extensionLoads.filter((l) => l.page === run.target.url()).map((l) => l.url);
    assert.ok(
      loaded.some((u) => u.endsWith('/extension/pkg/mvp/zo_content.js')),
      `the JS translation of the content module served this page; loaded: ${loaded.join(', ')}`,
    );
    assertRows(run.rows, [
      ['Fill', '#name', 'done'],
      ['Click', '#send', 'done'],
      ['Extract', '#out', 'done'],
    ]);
    assert.match(run.rows[2].details, /Hello Grace/);
    await assertDone(run, done);
  });

  test('an element that appears late is awaited, not failed', T, async () => {
    const done = 'Clicked the late button.';
    // #late-button appears 1.5 s after #start is pressed: the second click must wait for it.
    const run = await cobrowse('late.html?delay=1500', 'Start, then click the late button.', [
      actions({ type: 'click', selector: '#start' }, { type: 'click', selector: '#late-button' }, { type: 'done', response: done }),
    ]);
    assert.equal(await run.target.locator('#out').innerText(), 'Late clicked');
    assertRows(run.rows, [
      ['Click', '#start', 'done'],
      ['Click', '#late-button', 'done'],
    ]);
    await assertDone(run, done);
  });

  test('scrolling a scroll container and the page', T, async () => {
    const done = 'Scrolled the list.';
    const run = await cobrowse('scroll-container.html', 'Scroll the list down.', [
      actions({ type: 'scroll', direction: 'down', selector: '#list', amount: 400 }, { type: 'done', response: done }),
    ]);
    const top = await run.target.locator('#list').evaluate((e) => e.scrollTop);
    assert.ok(top >= 300, `the list scrolled (scrollTop ${top})`);
    assert.equal(await run.target.evaluate(() => window.scrollY), 0, 'the page itself did not scroll');
    // The page saw it too (its scroll listener runs on the next frame).
    await waitFor('the page to show the new scroll position', async () =>
      /scrollTop: [1-9]\d*/.test(await run.target.locator('#scroll-pos').innerText()),
    );
    assertRows(run.rows, [['Scroll', 'down in #list', 'done']]);
    await assertDone(run, done);

    const done2 = 'Clicked the bottom button.';
    const run2 = await cobrowse('long.html', 'Scroll down and press the bottom button.', [
      actions({ type: 'scroll', direction: 'down' }, { type: 'click', selector: '#bottom-button' }, { type: 'done', response: done2 }),
    ]);
    assert.ok((await run2.target.evaluate(() => window.scrollY)) > 0, 'the long page scrolled');
    assert.equal(await run2.target.locator('#out').innerText(), 'Bottom clicked');
    assertRows(run2.rows, [
      ['Scroll', 'down', 'done'],
      ['Click', '#bottom-button', 'done'],
    ]);
    await assertDone(run2, done2);
  });

  test('elements inside an open shadow root and a same-origin iframe', T, async () => {
    const done = 'Applied the coupon and used the frame.';
    const run = await cobrowse('shadow.html', 'Apply coupon SAVE10, then type hi in the frame.', [
      actions(
        { type: 'fill', selector: '#coupon', value: 'SAVE10' },
        { type: 'click', selector: 'zo-widget >>> #apply' },
        { type: 'extract', selector: '#shadow-status' },
        { type: 'fill', selector: '#frame-input', value: 'hi' },
        { type: 'click', selector: '#frame-button' },
        { type: 'done', response: done },
      ),
    ]);
    assert.equal(await run.target.locator('#out').innerText(), 'Coupon SAVE10 applied');
    assert.equal(await run.target.frameLocator('#frame').locator('#frame-out').innerText(), 'Frame got hi');
    assertRows(run.rows, [
      ['Fill', '#coupon', 'done'],
      ['Click', 'zo-widget >>> #apply', 'done'],
      ['Extract', '#shadow-status', 'done'],
      ['Fill', '#frame-input', 'done'],
      ['Click', '#frame-button', 'done'],
    ]);
    assert.match(run.rows[2].details, /Coupon SAVE10 applied/);
    await assertDone(run, done);
  });

  test('navigate, then the loop continues on the new page until done', T, async () => {
    const done = 'Page B says the answer is 42.';
    const run = await cobrowse('page-a.html', 'What does page B say?', [
      actions({ type: 'navigate', url: `${h.site.url}/page-b.html` }),
      actions({ type: 'extract', selector: '#b-secret' }),
      actions({ type: 'done', response: done }),
    ]);
    assert.match(run.target.url(), /\/page-b\.html$/);
    assertRows(run.rows, [
      ['Navigate', `${h.site.url}/page-b.html`, 'done'],
      ['Extract', '#b-secret', 'done'],
    ]);
    assert.match(run.rows[1].details, /The answer on page B is 42\./);
    await assertDone(run, done);
    const asks = await asksWith(h.serve, `script=${run.script}`);
    assert.equal(asks.length, 3, 'three model steps: navigate, extract, done');
  });

  /** Runs a two-step script whose answers stream slowly, recording what the answer showed. */
  async function streamedShapes(step1: string, step2: string) {
    const script = `e2e-raw-${++scriptCounter}-${Date.now().toString(36)}`;
    await h.serve.addScript(script, [step1, step2]);
    const target = await h.open('form.html');
    const panel = new PanelPage(await openPanel(h.ext, target));
    await panel.ready();
    await panel.newChat();
    await panel.setMode('Co-browse');
    await panel.record();
    const msg = await panel.send(`Send my name, Alan. [[zo:script=${script}]] [[zo:pace=15]]`);
    const { status } = await msg.settledAnswering('Allow once', ['done', 'failed', 'stopped', 'interrupted'], 45_000);
    assert.equal(status, 'done', await msg.root.innerText());
    assert.match(await target.locator('#out').innerText(), /^Thanks Alan/);
    const rows = (await msg.timelineRows()).filter((r) => r.title !== 'Done');
    assert.deepEqual(
      rows.map((r) => [r.title, r.target, r.status]),
      [
        ['Fill', '#name', 'done'],
        ['Click', '#send', 'done'],
        ['Extract', '#out', 'done'],
      ],
    );
    return { msg, seen: await panel.seen() };
  }

  test('action JSON streamed token by token never shows in the answer (envelope, key-first, action shapes)', T, async () => {
    const done = 'I filled in your name and sent the form.';
    const { msg, seen } = await streamedShapes(
      // A bare array of `{"action": ...}` entries, then a key-first envelope.
      '[{"action":"fill","selector":"#name","value":"Alan"},{"action":"click","args":{"selector":"#send"}}]',
      `{"actions":[{"extract":"#out"},{"done":{"response":"${done}"}}]}`,
    );
    assert.equal(words(await msg.answerText()), words(done));
    assert.deepEqual(seen.rawJson, [], 'action JSON flashed in the answer while it streamed');
  });

  test(
    'a fenced block of actions after a line of prose never shows in the answer',
    T,
    async () => {
      const done = 'I filled in your name and sent the form.';
      const { msg, seen } = await streamedShapes(
        'I will fill in the form for you.\n\n```json\n[\n  {"action": "fill", "selector": "#name", "value": "Alan"},\n  {"action": "click", "selector": "#send"}\n]\n```\n',
        `{"actions":[{"extract":"#out"},{"done":{"response":"${done}"}}]}`,
      );
      assert.equal(words(await msg.answerText()), words(done));
      assert.deepEqual(seen.rawJson, [], 'action JSON flashed in the answer while it streamed');
    },
  );

  test('a missing element fails its action with a clear status and the loop still ends', T, async () => {
    const done = 'The button is not there.';
    const run = await cobrowse('form.html', 'Press the missing button.', [
      actions({ type: 'click', selector: '#does-not-exist' }),
      actions({ type: 'done', response: done }),
    ]);
    await waitFor('the failed row', async () => (await run.msg.timelineRows()).length > 0);
    const rows = (await run.msg.timelineRows()).filter((r) => r.title !== 'Done');
    assert.deepEqual(
      rows.map((r) => [r.title, r.target, r.status]),
      [['Click', '#does-not-exist', 'failed']],
    );
    assert.match(rows[0].details, /not.?found|no element|missing/i);
    await assertDone(run, done);
  });

  test('the extension logged no errors meanwhile', T, () => {
    assertNoExtensionErrors(h.ext);
  });
});
