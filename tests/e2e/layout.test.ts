//! The side panel at the widths Chrome opens it (320 to 800 px), in light, dark and high
//! contrast: one chat holding a long answer (a list, a wide table, a code block with a long
//! line, a long URL) asked again (its "2/2" pager), a Co-browse run with an approval card, and a
//! banner above the composer; then the history list confirming "Delete all chats" at 320 px.
//! At each width and theme: nothing scrolls sideways (the document and every message), no word
//! is split over two lines, and every visible control lies inside the viewport. Screenshots go
//! to a temporary folder, removed at the end unless ZO_LAYOUT_KEEP=1 (its path is printed).

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startHarness, setSettings, waitFor, type Harness, T, HOOK } from './harness.ts';
import { panelOnFixture, type PanelPage } from './panel.ts';

let h: Harness;
const SHOTS = mkdtempSync(path.join(tmpdir(), 'zo-layout-'));
const KEEP = process.env.ZO_LAYOUT_KEEP === '1';

before(async () => {
  h = await startHarness();
}, HOOK);
after(async () => {
  await h?.close();
  if (KEEP) console.error(`layout screenshots kept in ${SHOTS}`);
  else rmSync(SHOTS, { recursive: true, force: true });
}, HOOK);

const WIDTHS = [320, 360, 400, 500, 800];

const LONG_ANSWER = [
  '## Summary of the contact form',
  '',
  'The form asks for your name, a message and nothing else. Extracted values, summarized carefully: ' +
    'the internationalization of the confirmation text is incomplete, and the accessibility ' +
    'characteristics of the submit button are straightforward. '.repeat(3),
  '',
  '1. **Name**: required, free text, up to a reasonable length.',
  '2. **Message**: optional; it accepts several lines of text.',
  '3. See https://example.com/a/very/long/path/that/does/not/break/anywhere/naturally/at/all?query=parameters-and-more for details.',
  '',
  '| Field | Required | Validation | Notes about the field | Example value |',
  '|---|---|---|---|---|',
  '| Name | yes | non-empty | shown in the confirmation heading | Ada Lovelace |',
  '| Message | no | none | several lines allowed, trimmed on submit | Hello there, general question |',
  '',
  '```js',
  "const confirmation = document.querySelector('#out').textContent.trim().split('\\n').map((line) => line.toUpperCase());",
  'console.log(confirmation);',
  '```',
  '',
  'Use `document.querySelector` to read it again. Nothing else is required.',
].join('\n');

const actions = (...list: object[]) => JSON.stringify({ actions: list });

/** What breaks the layout at the current size: a string per defect. Runs in the panel page (a
 *  string: tsx's name-keeping helpers do not exist inside the page). */
const MEASURE = `(() => {
  const bad = [];
  const vw = document.documentElement.clientWidth;
  const name = (e) => e.tagName.toLowerCase() + (e.className && typeof e.className === 'string' ? '.' + e.className.trim().split(/\\s+/).join('.') : '');
  const de = document.documentElement;
  if (de.scrollWidth > de.clientWidth) bad.push('document scrolls sideways: ' + de.scrollWidth + ' > ' + de.clientWidth);
  if (document.body.scrollWidth > document.body.clientWidth) bad.push('body scrolls sideways: ' + document.body.scrollWidth + ' > ' + document.body.clientWidth);
  for (const m of document.querySelectorAll('.messages, .msg, .zo > *')) {
    if (m.closest('[hidden]')) continue;
    if (m.scrollWidth > m.clientWidth + 1) bad.push(name(m) + ' scrolls sideways: ' + m.scrollWidth + ' > ' + m.clientWidth);
  }
  // Inside a box that scrolls sideways on purpose (a table, a code block, a tool result).
  const inScroller = (e) => {
    for (let p = e.parentElement; p; p = p.parentElement) {
      const ox = getComputedStyle(p).overflowX;
      if ((ox === 'auto' || ox === 'scroll') && p.matches('.md-table, pre, .tool-result, .context-text') && p.scrollWidth > p.clientWidth) return true;
    }
    return false;
  };
  // Words (letters and digits; a break at a hyphen or a slash is a line break, not a split)
  // drawn on two lines. Tokens over 30 characters (URLs, code) may break anywhere.
  const walker = document.createTreeWalker(document.getElementById('app'), NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const parent = n.parentElement;
    if (!parent || parent.closest('[hidden], option, select, textarea, script, style')) continue;
    const text = n.textContent || '';
    for (const token of text.matchAll(/\\S+/g)) {
      if (token[0].length > 30) continue;
      for (const w of token[0].matchAll(/[\\p{L}\\p{N}']+/gu)) {
        if (w[0].length < 2) continue;
        const start = token.index + w.index;
        range.setStart(n, start);
        range.setEnd(n, start + w[0].length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
        if (rects.length < 2) continue;
        const tops = new Set(rects.map((r) => Math.round(r.top / 4)));
        if (tops.size > 1) bad.push('word split: "' + w[0] + '" in ' + name(parent));
      }
    }
  }
  // Every visible control inside the viewport (left to right).
  for (const c of document.querySelectorAll('button, select, textarea, input, summary, a[href]')) {
    if (c.closest('[hidden]')) continue;
    const r = c.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const st = getComputedStyle(c);
    if (st.visibility === 'hidden') continue;
    if (inScroller(c)) continue;
    if (r.left < -0.5 || r.right > vw + 0.5) bad.push('control outside the viewport: ' + name(c) + ' "' + (c.getAttribute('aria-label') || c.textContent || '').trim().slice(0, 30) + '" ' + Math.round(r.left) + '..' + Math.round(r.right) + ' of ' + vw);
  }
  return [...new Set(bad)];
})()`;

async function measureAll(panel: PanelPage, theme: string): Promise<string[]> {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await panel.page.setViewportSize({ width, height: 900 });
    // Layout settles in the frame after the resize.
    await panel.page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
    for (const defect of (await panel.page.evaluate(MEASURE)) as string[]) found.push(`${theme} ${width}px: ${defect}`);
    await panel.page.screenshot({ path: path.join(SHOTS, `panel-${theme}-${width}.png`), fullPage: false });
    await panel.page.evaluate("document.querySelector('.messages').scrollTop = 0");
    await panel.page.screenshot({ path: path.join(SHOTS, `panel-${theme}-${width}-top.png`), fullPage: false });
    await panel.page.evaluate("document.querySelector('.run:not([hidden])').scrollIntoView({ block: 'start' })");
    await panel.page.screenshot({ path: path.join(SHOTS, `panel-${theme}-${width}-run.png`), fullPage: false });
    await panel.page.evaluate("document.querySelector('.messages').scrollTop = 1e9");
  }
  return found;
}

describe('layout', () => {
  test('320 to 800 px, light, dark and high contrast: no sideways scroll, no split word, controls in view', T, async () => {
    await setSettings(h.ext, { screenshots: false });
    const panel = await panelOnFixture(h, 'react-form.html', 'Ask');
    await panel.newChat();
    // One script for the chat (its Zo conversation keeps it): the answer, then the run's steps.
    await h.serve.addScript('layout', [
      LONG_ANSWER,
      LONG_ANSWER,
      actions(
        { type: 'fill', selector: '#name', value: 'Ada Lovelace' },
        { type: 'fill', selector: '#email', value: 'ada@example.com' },
        { type: 'click', selector: '#agree' },
        { type: 'click', selector: '#send' },
        { type: 'extract', selector: '#result-name' },
      ),
      actions({ type: 'done', response: 'You are signed up as Ada Lovelace; the page confirms it.' }),
    ]);
    const long = await panel.send('Summarize this form for me [[zo:script=layout]]');
    assert.equal(await long.settled(), 'done');
    // Asked again: its footer has the "2/2" pager too.
    await long.regenerateButton.click();
    await waitFor('the answer asked again', async () => (await panel.nth(0).root.locator('.pager-label').innerText().catch(() => '')) === '2/2');

    await panel.setMode('Co-browse');
    const run = await panel.send('Sign me up as Ada Lovelace, ada@example.com [[zo:script=layout]]');
    const { status, answered } = await run.settledAnswering('Allow once', undefined, 45_000);
    assert.equal(status, 'done');
    assert.ok(answered.length >= 1, `the run asked for an approval: ${await run.root.innerText()}`);
    await run.expandRun();

    // A banner above the composer: Visual mode with screenshots off.
    await panel.setMode('Visual');
    await panel.page.locator('.visual-notice').waitFor({ state: 'visible' });
    await panel.page.mouse.move(0, 0);

    const found: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      await panel.page.emulateMedia({ colorScheme: scheme });
      found.push(...(await measureAll(panel, scheme)));
    }
    await panel.page.emulateMedia({ colorScheme: 'light' });
    await setSettings(h.ext, { theme: 'contrast' } as any);
    await waitFor('high contrast', async () => (await panel.page.getAttribute('html', 'data-theme')) === 'contrast');
    found.push(...(await measureAll(panel, 'contrast')));
    await setSettings(h.ext, { theme: 'system' } as any);

    // The history list with "Delete all chats" asking for confirmation, at the narrowest width.
    await panel.page.setViewportSize({ width: 320, height: 900 });
    await panel.openHistory();
    await panel.page.getByRole('button', { name: 'Delete all chats', exact: true }).click();
    await panel.page.getByRole('group', { name: 'Delete all chats?' }).waitFor({ state: 'visible' });
    await panel.page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
    for (const defect of (await panel.page.evaluate(MEASURE)) as string[]) found.push(`history 320px: ${defect}`);
    await panel.page.screenshot({ path: path.join(SHOTS, 'panel-history-delete-all-320.png'), fullPage: false });
    await panel.page.getByRole('button', { name: 'Cancel', exact: true }).click();
    assert.deepEqual(found, [], `layout defects (screenshots in ${SHOTS}):\n${found.join('\n')}`);
  });
});
