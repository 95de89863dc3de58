//! What goes with a question besides its text, as Zo receives it when the question is asked
//! again and in custom modes: Regenerate, Retry and an edited question send the tabs chosen
//! with `@` again while the panel knows them, and after the panel was reopened send without
//! them and say so in the new answer; a quote from the context menu (stored with its question)
//! goes with Regenerate, before and after the panel is reopened; a custom mode at page-context
//! level 0 sends the chosen tabs fenced and nothing of the bound page, at level 1 the bound
//! page's address and title and the tabs' text; /context in a custom mode is titled with its
//! name, says so when nothing goes (level 0, nothing chosen), and shows the chosen tab's block
//! and a pending quote.
//!
//! The chosen tab is a fixture page whose title and text the spec makes unique (`sharedTab`),
//! so that the `@` list offers it alone and the asks can be searched for its text.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import {
  startHarness,
  asksWith,
  openOptions,
  setSettings,
  stored,
  tabIdOf,
  waitFor,
  workerReady,
  assertNoExtensionErrors,
  type Harness,
  T,
  HOOK,
} from './harness.ts';
import { panelOnFixture, type PanelPage } from './panel.ts';

let h: Harness;

before(async () => {
  h = await startHarness();
  await workerReady(h.ext);
}, HOOK);
after(async () => {
  await h?.close();
}, HOOK);

/** The line the prompt puts before the chosen tabs' blocks. */
const TABS_HEAD = 'The user also shares these open tabs of the window';
/** The note of an answer asked again without the tabs its question had. */
const NOT_RESENT = /The tabs chosen with @ for this question were not sent again: the panel was closed since it was asked\. Choose them again with @ to send them\./;

let unique = 0;
/** A word no other text of the run has (letters and digits: an `@` filter, a marker). */
function word(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${++unique}`;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Adds a paragraph reading `text` to `page` (the page text a snapshot reads). */
async function addText(page: Page, text: string): Promise<void> {
  await page.evaluate((t) => {
    const p = document.createElement('p');
    p.textContent = t;
    document.body.append(p);
  }, text);
}

interface SharedTab {
  page: Page;
  /** Its title, unique: `Shared <key>`. */
  title: string;
  /** What the `@` list is filtered with (in the title only). */
  key: string;
  /** Unique text on the page. */
  text: string;
}

/** Opens page-b.html in a new tab, retitled `Shared <key>` and with a unique paragraph; waits
 *  until Chrome's tab has the new title (what the `@` list shows and filters). */
async function sharedTab(): Promise<SharedTab> {
  const key = word('tab');
  const title = `Shared ${key}`;
  const text = `Tab text ${word('TABTEXT')}`;
  const page = await h.open('page-b.html');
  await page.evaluate((t) => {
    document.title = t;
  }, title);
  await addText(page, text);
  const id = await tabIdOf(h.ext, page);
  await waitFor(`the tab titled "${title}"`, async () => {
    const t = await h.ext.inExtension(async (i) => (await (globalThis as any).chrome.tabs.get(i)).title as string, id);
    return t === title;
  });
  return { page, title, key, text };
}

function chips(panel: PanelPage) {
  return panel.page.getByRole('list', { name: 'Tabs sent with the question' }).getByRole('listitem');
}

/** Chooses `tab` with `@` as a person does (the input empty before and after): types
 *  `@<key>`, clicks the one tab offered; waits for its chip. */
async function chooseTab(panel: PanelPage, tab: SharedTab): Promise<void> {
  const list = panel.page.getByRole('listbox', { name: 'Open tabs' });
  await panel.input.fill('');
  await panel.input.click();
  await panel.input.pressSequentially(`@${tab.key}`);
  await list.waitFor({ state: 'visible' });
  await waitFor(`"${tab.title}" offered alone`, async () => (await list.getByRole('option').count()) === 1);
  await list.getByRole('option', { name: new RegExp(escape(tab.title)) }).click();
  await waitFor(`the chip of "${tab.title}"`, async () => (await chips(panel).filter({ hasText: tab.title }).count()) === 1);
  assert.equal(await panel.input.inputValue(), '', 'the @word left the input');
}

/** `tab`'s untrusted block in `text` (a prompt or /context's text), after the tabs' line; null
 *  when it is not there. */
function tabBlock(text: string, tab: SharedTab): string | null {
  const head = text.indexOf(TABS_HEAD);
  if (head < 0) return null;
  const re = new RegExp(
    `<page>\\nURL: http://127\\.0\\.0\\.1:\\d+/page-b\\.html[^\\n]*\\nTitle: ${escape(tab.title)}\\nText[^\\n]*:\\n[^]*?</page>`,
  );
  const m = re.exec(text.slice(head));
  return m && m[0].includes(tab.text) ? m[0] : null;
}

/** The `input` of every ask whose input contains `marker`, oldest first. */
async function inputs(marker: string): Promise<string[]> {
  return (await asksWith(h.serve, marker)).map((r) => String((r.body as any).input));
}

/** Waits until `n` asks contain `marker`; returns the last one's input. */
async function nthAsk(marker: string, n: number): Promise<string> {
  const all = await waitFor(`ask ${n} with ${marker}`, async () => {
    const got = await inputs(marker);
    return got.length >= n ? got : null;
  });
  assert.equal(all.length, n, `exactly ${n} asks with ${marker}`);
  return all[n - 1];
}

/** Clicks `button` (Regenerate, Retry) and returns the input of the one ask it makes: a
 *  question asked again without what it went with must fail on what is missing, not time out
 *  on a marker that is missing. */
async function askedBy(button: { click(): Promise<void> }): Promise<string> {
  const before = (await inputs('')).length;
  await button.click();
  const all = await waitFor('the ask', async () => {
    const got = await inputs('');
    return got.length > before ? got : null;
  });
  assert.equal(all.length, before + 1, 'one ask');
  return all[before];
}

/** Reloads the panel page (the panel closed and opened again); waits until the chat is back. */
async function reopen(panel: PanelPage, answers: number): Promise<void> {
  await panel.page.reload();
  await panel.ready();
  await waitFor('the chat shown again', async () => (await panel.assistantMessages.count()) === answers);
}

/** Runs what chrome.contextMenus.onClicked runs for "Ask Zo about the selection" on `target`. */
async function askAboutSelection(target: Page, selectionText: string): Promise<void> {
  const id = await tabIdOf(h.ext, target);
  const windowId = await h.ext.inExtension(async (tabId) => (await (globalThis as any).chrome.tabs.get(tabId)).windowId as number, id);
  await h.ext.inWorker(([i, t]) => (globalThis as any).zoWorker.entry.menuClicked(i, t), [
    { menuItemId: 'zo-ask-selection', selectionText, editable: false, pageUrl: target.url() },
    { id, windowId },
  ] as const);
}

/** The quote chip above the input, or null when none is shown. */
async function quoteChip(panel: PanelPage): Promise<string | null> {
  return panel.page.evaluate(() => {
    const q = document.querySelector('[role="group"][aria-label="Goes with your question"]') as HTMLElement | null;
    return q && !q.hidden ? q.innerText.replace(/\s+/g, ' ').trim() : null;
  });
}

/** The fixture tab the panel is bound to (the latest tab showing `fixture`). */
function boundTab(fixture: string): Page {
  const page = h.ext.context.pages().filter((p) => p.url().includes(`/${fixture}?`)).pop();
  assert.ok(page, `the ${fixture} tab`);
  return page;
}

/** The side panel on form.html in mode `name`, in a new chat, its bound page given a
 *  paragraph of unique text (what must not go when the mode sends no page text). */
async function panelInMode(name: string): Promise<{ panel: PanelPage; bound: Page; boundText: string }> {
  const panel = await panelOnFixture(h, 'form.html', name);
  await panel.newChat();
  const bound = boundTab('form.html');
  const boundText = `Bound text ${word('BOUND')}`;
  await addText(bound, boundText);
  return { panel, bound, boundText };
}

interface StoredMode {
  id: string;
  name: string;
  instructions: string;
  context: number;
  actions: boolean;
  budget: number;
}

/** Adds `mode` to the stored settings' custom modes (as the options page saves them). */
async function storeCustomMode(mode: StoredMode): Promise<void> {
  const { settings } = await stored(h.ext, ['settings']);
  const customModes = [...(settings?.customModes ?? []).filter((m: StoredMode) => m.id !== mode.id), mode];
  await setSettings(h.ext, { customModes } as any);
}

describe('what goes with a question asked again, and with a custom mode', () => {
  test('Regenerate and an edit send the @ tab again; after the panel reopened, not, and the answer says so', T, async () => {
    const panel = await panelOnFixture(h);
    await panel.newChat();
    const tab = await sharedTab();
    await chooseTab(panel, tab);
    const marker = word('redo');
    const first = await panel.send(`compare with that tab ${marker} [[zo:scenario=plain]]`);
    assert.equal(await first.settled(), 'done');
    assert.ok(tabBlock(await nthAsk(marker, 1), tab), 'the chosen tab went with the question, fenced');

    // Regenerate: the same tab, fenced, again.
    await panel.last().regenerateButton.click();
    const again = await nthAsk(marker, 2);
    assert.ok(tabBlock(again, tab), `Regenerate sent the tab again:\n${again}`);
    assert.equal(await panel.last().settled(), 'done');
    assert.equal(await panel.assistantMessages.count(), 1, 'in the old answer\'s place');
    assert.equal(await panel.last().notes.count(), 0, 'nothing to tell');

    // An edited question goes with its tab too.
    await panel.editQuestion(0, `compare again with that tab ${marker} edited [[zo:scenario=plain]]`);
    const edited = await nthAsk(marker, 3);
    assert.match(edited, /compare again with that tab/);
    assert.ok(tabBlock(edited, tab), `the edited question sent the tab again:\n${edited}`);
    assert.equal(await panel.last().settled(), 'done');

    // The panel reopened does not know the tab any more: Regenerate asks without it, and says so.
    await reopen(panel, 1);
    assert.match(await panel.userMessages.last().innerText(), new RegExp(escape(tab.title)), 'the question still shows its tab');
    await panel.last().regenerateButton.click();
    const reopened = await nthAsk(marker, 4);
    assert.ok(!reopened.includes(tab.text), 'the tab was not sent');
    assert.ok(!reopened.includes(TABS_HEAD), 'no tabs at all');
    assert.match(reopened, /compare again with that tab/, 'the edited question was asked');
    assert.equal(await panel.last().settled(), 'done');
    await waitFor('the note on the new answer', async () => NOT_RESENT.test(await panel.last().notes.allInnerTexts().then((t) => t.join('\n'))));
    assert.equal(await panel.assistantMessages.count(), 1);
    assertNoExtensionErrors(h.ext);
    await tab.page.close();
    await panel.page.close();
  });

  test('Retry of a failed answer sends the @ tab again', T, async () => {
    const panel = await panelOnFixture(h);
    await panel.newChat();
    const tab = await sharedTab();
    await chooseTab(panel, tab);
    const marker = word('retry');
    const msg = await panel.send(`read that tab ${marker} [[zo:fault=400]] [[zo:times=1]] [[zo:key=${marker}]] [[zo:scenario=plain]]`);
    assert.equal(await msg.settled(), 'failed');
    assert.ok(tabBlock(await nthAsk(marker, 1), tab), 'the chosen tab went with the question');
    await msg.retryButton.click();
    const again = await nthAsk(marker, 2);
    assert.ok(tabBlock(again, tab), `Retry sent the tab again:\n${again}`);
    assert.equal(await panel.nth(0).settled(), 'done');
    assert.equal(await panel.assistantMessages.count(), 1);
    await tab.page.close();
    await panel.page.close();
  });

  test('a quote from the context menu goes with Regenerate, also after the panel reopened', T, async () => {
    const panel = await panelOnFixture(h);
    await panel.newChat();
    const target = boundTab('form.html');
    const marker = word('quote');
    const selection = `${marker} the selected sentence about the price`;
    await askAboutSelection(target, selection);
    await waitFor('the quote ready in the panel', async () => (await quoteChip(panel))?.includes(marker));
    await panel.sendButton.click();
    const inBlock = (input: string) => {
      const open = input.indexOf('<page>');
      const at = input.indexOf(selection);
      return open >= 0 && open < at && at < input.indexOf('</page>', open);
    };
    assert.ok(inBlock(await nthAsk(marker, 1)), 'the selection went in the page block');
    assert.equal(await panel.last().settled(), 'done');
    assert.equal(await quoteChip(panel), null, 'the quote went with the question');

    const again = await askedBy(panel.last().regenerateButton);
    assert.match(again, /Explain the selected text in its context/, 'the same question');
    assert.ok(inBlock(again), `Regenerate sent the quote again:\n${again}`);
    assert.match(again, /The user selected this text on the page and asks about it/);
    assert.equal(await panel.last().settled(), 'done');

    // The quote is stored with the question: the panel reopened sends it still, with no note.
    await reopen(panel, 1);
    const reopened = await askedBy(panel.last().regenerateButton);
    assert.ok(inBlock(reopened), 'the stored quote was sent after the panel reopened');
    assert.equal(await panel.last().settled(), 'done');
    assert.equal(await panel.last().notes.count(), 0);
    await panel.page.close();
  });

  test('a custom mode at context level 0 sends the @ tab fenced and nothing of the bound page', T, async () => {
    // Made in the options page, as a person makes it.
    const name = `Blind ${word('m')}`;
    const options = await openOptions(h.ext);
    const field = (label: string) => options.getByLabel(label, { exact: true });
    await waitFor('the options loaded', async () => (await field('API base URL').inputValue()) === h.serve.url);
    await field('Mode to edit').selectOption({ label: 'New custom mode' });
    await field('Mode name').fill(name);
    await field('Instructions').fill('Answer from the shared tabs only. BLIND-MODE');
    await field('Page context').selectOption({ label: '0 · None: nothing about the page' });
    await options.getByRole('button', { name: 'Save mode', exact: true }).click();
    await waitFor('the mode saved', async () => /Saved/.test(await options.locator('.mode-buttons [role="status"]').innerText()));
    const { settings } = await stored(h.ext, ['settings']);
    const mode = settings.customModes.find((m: StoredMode) => m.name === name);
    assert.equal(mode?.context, 0);
    await options.close();

    const { panel, bound, boundText } = await panelInMode(name);
    const tab = await sharedTab();
    await chooseTab(panel, tab);
    const marker = word('lvl0');
    assert.equal(await (await panel.send(`what do the tabs say ${marker}`)).settled(), 'done');
    const input = await nthAsk(marker, 1);
    assert.ok(input.startsWith('Answer from the shared tabs only. BLIND-MODE'), input.slice(0, 200));
    const block = tabBlock(input, tab);
    assert.ok(block, `the chosen tab went fenced after the tabs' line:\n${input}`);
    assert.equal(block.split('</page>').length - 1, 1);
    assert.ok(!input.includes(boundText), 'not the bound page\'s text');
    assert.ok(!input.includes(bound.url()), 'not the bound page\'s address');
    assert.ok(!input.includes('Title: Plain form'), 'not the bound page\'s title');
    assertNoExtensionErrors(h.ext);
    await tab.page.close();
    await panel.page.close();
  });

  test('a custom mode at context level 1 sends the bound page\'s address and title and the @ tab\'s text', T, async () => {
    const name = `Titles ${word('m')}`;
    await storeCustomMode({ id: `c-${word('titles')}`, name, instructions: 'Answer from titles. TITLES-MODE', context: 1, actions: false, budget: 8000 });
    const { panel, bound, boundText } = await panelInMode(name);
    const tab = await sharedTab();
    await chooseTab(panel, tab);
    const marker = word('lvl1');
    assert.equal(await (await panel.send(`and the titles ${marker}`)).settled(), 'done');
    const input = await nthAsk(marker, 1);
    assert.ok(input.startsWith('Answer from titles. TITLES-MODE'), input.slice(0, 200));
    assert.ok(input.includes(`URL: ${bound.url()}`), 'the bound page\'s address');
    assert.match(input, /Title: Plain form/, 'the bound page\'s title');
    assert.ok(!input.includes(boundText), 'not the bound page\'s text');
    assert.ok(!input.includes('Price: 42 EUR'), 'not the bound page\'s text');
    assert.ok(tabBlock(input, tab), `the chosen tab's text went fenced:\n${input}`);
    await tab.page.close();
    await panel.page.close();
  });

  test('/context in a custom mode names it, says when nothing goes, and shows the chosen tab and the pending quote', T, async () => {
    const name = `Sheet ${word('m')}`;
    await storeCustomMode({ id: `c-${word('sheet')}`, name, instructions: 'Answer briefly.', context: 0, actions: false, budget: 8000 });
    const { panel, bound, boundText } = await panelInMode(name);
    const sheet = panel.page.getByRole('region', { name: `Page context · ${name}` });

    // Nothing chosen: the sheet says that nothing goes (not an empty box).
    await panel.input.fill('/context');
    await panel.input.press('Enter');
    await waitFor('the sheet saying nothing goes', async () =>
      /^Nothing: this mode sends nothing about the page\./.test((await sheet.locator('pre').innerText().catch(() => '')).trim()),
    );
    await sheet.getByRole('button', { name: 'Close' }).click();
    await sheet.waitFor({ state: 'hidden' });

    // A quote made ready from the context menu (which picks Ask): the custom mode picked again.
    const quote = `${word('QUOTE')} a sentence chosen on the page`;
    await askAboutSelection(bound, quote);
    await waitFor('the quote ready in the panel', async () => (await quoteChip(panel))?.includes(quote.split(' ')[0]));
    await panel.setMode(name);
    const tab = await sharedTab();
    await chooseTab(panel, tab);

    await panel.input.fill('/context');
    await panel.input.press('Enter');
    await sheet.waitFor({ state: 'visible' });
    const pre = sheet.locator('pre');
    await pre.waitFor({ state: 'visible' });
    const text = await pre.innerText();
    assert.ok(tabBlock(text, tab), `the chosen tab's block:\n${text}`);
    assert.ok(text.includes(quote), `the pending quote:\n${text}`);
    assert.match(text, /The user selected this text on the page and asks about it/);
    assert.ok(!text.includes(boundText), 'level 0: not the bound page\'s text');
    assert.equal(await panel.assistantMessages.count(), 0, 'nothing was asked');
    assert.equal(await chips(panel).count(), 1, 'the tab stays chosen');
    assert.ok((await quoteChip(panel))?.includes(quote.split(' ')[0]), 'the quote stays ready');
    assert.equal(await panel.modePicker.locator('option:checked').innerText(), name);
    await tab.page.close();
    await panel.page.close();
  });
});
