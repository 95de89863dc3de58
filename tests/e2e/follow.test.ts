//! Co-browse you can follow: an ended run folds to one line ("Ran 2 actions in 1.4 s") that
//! expands to its rows, with no "Done" row repeating the answer; each step's reasoning is kept,
//! rendered as Markdown (short inline, long folded under "Thought" with a summary line), and
//! shown again from the history after a reload. The element an action acts on is outlined
//! briefly in the page (without touching its layout or what extract reads); after a failed
//! action the rest of the step can be run (each action still judged by the policy) or skipped.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness, openPanel, setSettings, asksWith, waitFor, type Harness, T, HOOK } from './harness.ts';
import { PanelPage, words } from './panel.ts';

let h: Harness;
let scriptCounter = 0;

before(async () => {
  h = await startHarness();
}, HOOK);
after(async () => {
  await h?.close();
}, HOOK);

const step = (reasoning: string, ...actions: object[]) => JSON.stringify({ reasoning, actions });

/** Opens `fixture`, registers `steps` as a script and asks in Co-browse mode. */
async function start(fixture: string, goal: string, steps: string[]) {
  const script = `follow-${++scriptCounter}-${Date.now().toString(36)}`;
  await h.serve.addScript(script, steps);
  const target = await h.open(fixture);
  const panel = new PanelPage(await openPanel(h.ext, target));
  await panel.ready();
  await panel.newChat();
  await panel.setMode('Co-browse');
  const msg = await panel.send(`${goal} [[zo:script=${script}]]`);
  return { target, panel, msg, script };
}

const LONG_THOUGHT = `## Reading the price\n\nThe name is filled. The **price** is in the paragraph below the form, ${'and it reads plainly as a sentence. '.repeat(12)}`;

/** What the reasoning area shows: each step's label, kind and text. */
async function thoughts(msg: import('./panel.ts').AssistantMessage) {
  return msg.reasoning.locator('.thought-step').evaluateAll((els) =>
    els.map((e) => ({
      folded: e.tagName === 'DETAILS',
      open: e.hasAttribute('open'),
      label: e.querySelector('.thought-label')?.textContent ?? '',
      summary: e.querySelector('summary')?.textContent ?? '',
      html: e.querySelector('.thought-body')?.innerHTML ?? '',
      muted: getComputedStyle(e.querySelector('.thought-body')!).color !== getComputedStyle(document.querySelector('.answer')!).color,
    })),
  );
}

describe('co-browse you can follow', () => {
  test('the run folds to one line without a Done row; every step keeps its reasoning, also after a reload', T, async () => {
    const { panel, msg } = await start('form.html', 'Fill my name and tell me the price.', [
      step(
        'I will **fill** the name, then read <b>the</b> price.',
        { type: 'fill', selector: '#name', value: 'Ada' },
        { type: 'extract', selector: '#price' },
      ),
      step(LONG_THOUGHT, { type: 'done', response: 'The price is 42 EUR.' }),
    ]);
    assert.equal(await msg.settled(['done', 'failed', 'stopped', 'interrupted'], 45_000), 'done');
    assert.equal(words(await msg.answerText()), 'The price is 42 EUR.');

    // Folded: one line, the rows hidden until it is clicked.
    await msg.runLine.waitFor({ state: 'visible' });
    assert.match(await msg.runLine.innerText(), /^Ran 2 actions in \d+\.\d s$/);
    assert.equal(await msg.timeline.isVisible(), false, 'the rows are folded away');
    const rows = await msg.timelineRows();
    assert.equal(await msg.timeline.isVisible(), true, 'a click on the line shows the rows');
    assert.deepEqual(
      rows.map((r) => [r.title, r.target, r.status]),
      [
        ['Fill', '#name', 'done'],
        ['Extract', '#price', 'done'],
      ],
    );

    const check = async (m: import('./panel.ts').AssistantMessage) => {
      const shown = await thoughts(m);
      assert.equal(shown.length, 2, JSON.stringify(shown));
      const [first, second] = shown;
      // Short: inline and muted, through the answers' Markdown (bold kept, HTML escaped).
      assert.deepEqual([first.folded, first.label], [false, 'Step 1']);
      assert.match(first.html, /<strong>fill<\/strong>/);
      assert.doesNotMatch(first.html, /<b>/);
      assert.ok(first.muted, 'short reasoning is muted');
      // Long: folded under "Thought" with its one-line summary.
      assert.deepEqual([second.folded, second.open, second.label], [true, false, 'Step 2']);
      assert.match(second.summary, /Thought\s*Reading the price/);
      assert.match(second.html, /<h2>Reading the price<\/h2>/);
    };
    await check(msg);

    // Shown again from the history.
    await panel.page.reload();
    const reloaded = new PanelPage(panel.page);
    await reloaded.ready();
    await waitFor('the chat shown again', async () => (await reloaded.assistantMessages.count()) > 0);
    const again = reloaded.last();
    await check(again);
    assert.match(await again.runLine.innerText(), /^Ran 2 actions in \d+\.\d s$/);
    assert.equal(await again.timeline.isVisible(), false);
    assert.deepEqual((await again.timelineRows()).map((r) => r.title), ['Fill', 'Extract']);
  });

  test('the text size scales every label of the panel, the fixed-size ones included', T, async () => {
    const { panel, msg } = await start('form.html', 'Fill my name, then something that is not there.', [
      step('Fill, then click.', { type: 'fill', selector: '#name', value: 'Ada' }, { type: 'click', selector: '#nope' }),
      step(LONG_THOUGHT, { type: 'done', response: 'I could not find it.' }),
    ]);
    await msg.settled(['done', 'failed', 'stopped', 'interrupted'], 45_000);
    await msg.expandRun();
    await msg.reasoning.locator('details').first().click();
    // Every element of the panel, in document order, with its text size.
    const sizes = () =>
      panel.page.evaluate(() =>
        [...document.querySelectorAll('body *')].map((e) => [
          `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}`,
          parseFloat(getComputedStyle(e).fontSize),
        ] as [string, number]),
      );
    const base = await sizes();
    assert.ok(base.some(([name]) => name.includes('step-status')) && base.some(([name]) => name.includes('run-line')));
    await setSettings(h.ext, { fontSize: 'larger' } as any);
    await waitFor('the larger text', async () =>
      panel.page.evaluate(() => getComputedStyle(document.body).fontSize === '18px'),
    );
    const larger = await sizes();
    assert.equal(larger.length, base.length);
    const fixed = base
      .map(([name, px], i) => [name, px, larger[i][1]] as const)
      .filter(([, px, now]) => Math.abs(now - (px * 18) / 14) > 0.51);
    assert.deepEqual(fixed, [], 'labels that kept their size');
    await setSettings(h.ext, { fontSize: 'medium' } as any);
  });

  test('the element being acted on is outlined briefly, without changing the page or what extract reads', T, async () => {
    const script = `follow-outline-${Date.now().toString(36)}`;
    await h.serve.addScript(script, [
      step('Fill, then read.', { type: 'fill', selector: '#name', value: 'Ada' }, { type: 'extract', selector: '#price' }),
      step('Done.', { type: 'done', response: 'Read it.' }),
    ]);
    const target = await h.open('form.html');
    // The page records every outline box added, where it was and where the acted-on element was.
    await target.evaluate(() => {
      const w = window as any;
      w.outlines = [];
      w.layoutBefore = JSON.stringify([document.body.getBoundingClientRect(), document.querySelector('#price')!.getBoundingClientRect()]);
      new MutationObserver((records) => {
        for (const r of records)
          for (const n of r.addedNodes) {
            if (!(n instanceof HTMLElement) || !n.hasAttribute('data-zo-outline')) continue;
            const box = n.getBoundingClientRect();
            const near = ['#name', '#price']
              .map((sel) => [sel, document.querySelector(sel)!.getBoundingClientRect()] as const)
              .filter(([, e]) => box.left <= e.left && box.top <= e.top && box.right >= e.right && box.bottom >= e.bottom)
              .map(([sel]) => sel);
            w.outlines.push({ near, pointer: getComputedStyle(n).pointerEvents, text: n.textContent, position: getComputedStyle(n).position });
          }
      }).observe(document.documentElement, { childList: true });
    });
    const panel = new PanelPage(await openPanel(h.ext, target));
    await panel.ready();
    await panel.newChat();
    await panel.setMode('Co-browse');
    const msg = await panel.send(`Fill my name and read the price. [[zo:script=${script}]]`);
    assert.equal(await msg.settled(['done', 'failed', 'stopped', 'interrupted'], 45_000), 'done');
    const outlines = await target.evaluate(() => (window as any).outlines);
    assert.ok(outlines.length >= 1, 'an outline was shown');
    assert.deepEqual(outlines[0], { near: ['#name'], pointer: 'none', text: '', position: 'absolute' });
    // Gone a moment later; the page's layout is as before, and extract read only the page.
    await waitFor('the outline removed', async () => target.evaluate(() => !document.querySelector('[data-zo-outline]')));
    assert.equal(
      await target.evaluate(() => JSON.stringify([document.body.getBoundingClientRect(), document.querySelector('#price')!.getBoundingClientRect()])),
      await target.evaluate(() => (window as any).layoutBefore),
    );
    const rows = await msg.timelineRows();
    assert.match(rows[1].details, /Extracted\s+Price: 42 EUR\s*$/m);
  });

  test('after a failure, Run the rest runs what was left, each action still judged by the policy', T, async () => {
    const { target, panel, msg, script } = await start('form.html', 'Press a missing button, fill my name, then send.', [
      step(
        'Press it, fill, send.',
        { type: 'click', selector: '#missing' },
        { type: 'fill', selector: '#name', value: 'Ada' },
        { type: 'click', selector: '#send' },
      ),
      step('Done.', { type: 'done', response: 'Filled, not sent.' }),
    ]);
    const offer = msg.root.locator('.resume-offer[data-state="waiting"]');
    await offer.waitFor({ state: 'visible', timeout: 30_000 });
    assert.equal((await offer.locator('.approval-title').innerText()).trim(), 'Action 1 failed');
    assert.match(await offer.innerText(), /2 more actions of this step did not run/);
    assert.equal(await target.locator('#name').inputValue(), '', 'nothing ran while the person decides');
    await offer.getByRole('button', { name: 'Run the rest', exact: true }).click();
    // "Send" still asks first: Run the rest does not go around the policy.
    assert.match(await msg.waitingApproval(), /Send/);
    // While its card waits, the row of "Send" waits too, and so does the status line.
    const sendRow = msg.timeline.locator('li.step').nth(2);
    assert.equal(await sendRow.getAttribute('data-status'), 'waiting');
    assert.match(await msg.indicator.innerText(), /Waiting for your approval/);
    await msg.answerApproval('Deny');
    assert.equal(await msg.settled(['done', 'failed', 'stopped', 'interrupted'], 45_000), 'done');
    assert.equal(await target.locator('#name').inputValue(), 'Ada');
    // The cards sit between the rows where things happened, live and after a reload alike.
    await msg.expandRun();
    const order = [
      'row: Click #missing',
      'card: Action 1 failed',
      'row: Fill #name',
      'row: Click #send',
      `card: ${await msg.approvalCards.last().getAttribute('aria-label').then((l) => (l ?? '').replace(/^Denied: /, ''))}`,
    ];
    assert.deepEqual(await msg.runItems(), order);
    assert.match(await msg.root.locator('.resume-offer').innerText(), /Running the rest/);
    await panel.page.reload();
    const reloaded = new PanelPage(panel.page);
    await reloaded.ready();
    await waitFor('the chat shown again', async () => (await reloaded.assistantMessages.count()) > 0);
    assert.deepEqual(await reloaded.last().runItems(), order);
    assert.match(await reloaded.last().root.locator('.resume-offer').innerText(), /Running the rest/);
    assert.deepEqual(
      (await msg.timelineRows()).map((r) => [r.title, r.target, r.status]),
      [
        ['Click', '#missing', 'failed'],
        ['Fill', '#name', 'done'],
        ['Click', '#send', 'failed'],
      ],
    );
    const asks = await asksWith(h.serve, `script=${script}`);
    assert.equal(asks.length, 2);
    assert.match((asks[1].body as any).input, /fill #name[^\n]*-> done/);
  });

  test('after a failure, Skip leaves the rest unrun and Zo plans the next step', T, async () => {
    const { target, msg, script } = await start('form.html', 'Press a missing button, then fill my name.', [
      step('Press it, then fill.', { type: 'click', selector: '#missing' }, { type: 'fill', selector: '#name', value: 'Ada' }),
      step('Done.', { type: 'done', response: 'Skipped the rest.' }),
    ]);
    const offer = msg.root.locator('.resume-offer[data-state="waiting"]');
    await offer.waitFor({ state: 'visible', timeout: 30_000 });
    await offer.getByRole('button', { name: 'Skip', exact: true }).click();
    assert.equal(await msg.settled(['done', 'failed', 'stopped', 'interrupted'], 45_000), 'done');
    assert.equal(words(await msg.answerText()), 'Skipped the rest.');
    assert.equal(await target.locator('#name').inputValue(), '');
    await msg.expandRun();
    assert.match(await msg.root.locator('.resume-offer').innerText(), /Skipped: Zo plans the next step/);
    assert.deepEqual(
      (await msg.timelineRows()).map((r) => [r.title, r.status]),
      [
        ['Click', 'failed'],
        ['Fill', 'skipped'],
      ],
    );
    const asks = await asksWith(h.serve, `script=${script}`);
    assert.equal(asks.length, 2);
    assert.match((asks[1].body as any).input, /skipped by you/);
  });
});

