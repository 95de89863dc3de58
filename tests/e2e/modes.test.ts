//! Custom modes end to end: made in the options page (with the live preview of the exact
//! prompt), picked in the side panel's mode picker, and carried to Zo by the worker, which
//! reads the mode's instructions from the settings (the panel only names the mode). A
//! built-in mode's instructions edited, used, then reset. A deleted custom mode leaves its
//! old chat readable.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness, openOptions, asksWith, stored, waitFor, type Harness, T, HOOK } from './harness.ts';
import { panelOnFixture } from './panel.ts';
import type { Page } from 'playwright-core';

let h: Harness;

before(async () => {
  h = await startHarness();
}, HOOK);
after(async () => {
  await h?.close();
}, HOOK);

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const preview = (page: Page) => page.getByRole('region', { name: 'Prompt preview' }).locator('pre');

/** What the mode editor says beside its buttons after `click` (Save mode, Delete, Reset). */
async function statusAfter(page: Page, click: string): Promise<string> {
  await page.getByRole('button', { name: click, exact: true }).click();
  return waitFor(`the status after ${click}`, async () => {
    const text = (await page.locator('.mode-buttons [role="status"]').innerText()).trim();
    return text && !/Saving/.test(text) ? text : null;
  });
}

async function optionsPage(): Promise<Page> {
  const page = await openOptions(h.ext);
  // Loaded: the stored base URL is shown.
  await waitFor('the stored settings shown', async () => (await field(page, 'API base URL').inputValue()) === h.serve.url);
  return page;
}

async function answered(panel: Awaited<ReturnType<typeof panelOnFixture>>, text: string): Promise<void> {
  const msg = await panel.send(text);
  await waitFor(`the answer to "${text}"`, async () => ((await msg.status()) === 'done' ? true : null));
}

describe('custom modes', () => {
  test('a custom mode is added with a preview of its exact prompt, picked in the panel, and its instructions reach Zo', T, async () => {
    const page = await optionsPage();
    await field(page, 'Mode to edit').selectOption({ label: 'New custom mode' });
    // A mode without a name is refused with a clear reason, and nothing is stored.
    await field(page, 'Instructions').fill('Answer like a ship captain. CAPTAIN-7731');
    assert.equal(await statusAfter(page, 'Save mode'), 'Give the mode a name.');
    assert.equal((await stored(h.ext, ['settings'])).settings.customModes, undefined);

    await field(page, 'Mode name').fill('Captain');
    await field(page, 'Page context').selectOption({ label: '1 · Title and address' });
    // The preview is the prompt the worker builds for a sample page, and follows the form.
    await waitFor('the preview with the instructions', async () => (await preview(page).innerText()).includes('CAPTAIN-7731'));
    const text = await preview(page).innerText();
    assert.match(text, /^Answer like a ship captain\. CAPTAIN-7731/);
    assert.match(text, /Title: /, 'level 1 sends the title');
    assert.doesNotMatch(text, /\nText.*:\n/, 'level 1 sends no page text');
    await field(page, 'Page context').selectOption({ label: "3 · The page's text, as much as the budget holds" });
    await waitFor('the preview with page text', async () => /\nText.*:\n/.test(await preview(page).innerText()));
    await field(page, 'Page context').selectOption({ label: '1 · Title and address' });

    assert.match(await statusAfter(page, 'Save mode'), /Saved/);
    const { settings } = await stored(h.ext, ['settings']);
    assert.equal(settings.customModes.length, 1);
    const mode = settings.customModes[0];
    assert.equal(mode.name, 'Captain');
    assert.equal(mode.context, 1);
    assert.equal(mode.actions, false);
    assert.match(mode.id, /^c-captain/);

    // The panel lists it; a question asked in it carries its instructions and the page's
    // title, not its text.
    const panel = await panelOnFixture(h, 'form.html', 'Captain');
    await answered(panel, 'where are we? ASK-CAPTAIN-1');
    const asks = await asksWith(h.serve, 'ASK-CAPTAIN-1');
    assert.equal(asks.length, 1);
    const input: string = (asks[0].body as any).input;
    assert.ok(input.startsWith('Answer like a ship captain. CAPTAIN-7731'), input.slice(0, 200));
    assert.match(input, /Title: /);
    assert.doesNotMatch(input, /\nText.*:\n/);
    assert.match(await panel.last().root.innerText(), /Captain/, 'the answer names its mode');

    // Deleted in the options, the mode leaves its chat readable, named as it was.
    await field(page, 'Mode to edit').selectOption({ label: 'Captain' });
    assert.match(await statusAfter(page, 'Delete mode'), /Saved/);
    assert.deepEqual((await stored(h.ext, ['settings'])).settings.customModes, []);
    await panel.page.reload();
    await panel.ready();
    await waitFor('the old answer shown again', async () => (await panel.assistantMessages.count()) === 1);
    assert.match(await panel.last().root.innerText(), /Captain/);
    const labels = await panel.modePicker.locator('option').allInnerTexts();
    assert.ok(!labels.includes('Captain'), labels.join());
    await panel.page.close();
    await page.close();
  });

  test("a built-in mode's instructions are edited, used, and reset", T, async () => {
    const page = await optionsPage();
    await field(page, 'Mode to edit').selectOption({ label: 'Ask (built-in)' });
    const instructions = field(page, 'Instructions');
    const builtIn = await instructions.inputValue();
    assert.match(builtIn, /^Answer the user's question about the web page below/);
    assert.ok(await field(page, 'Mode name').isDisabled(), 'a built-in mode keeps its name');
    await instructions.fill('Answer in one line. EDITED-5521');
    await waitFor('the preview follows', async () => (await preview(page).innerText()).startsWith('Answer in one line. EDITED-5521'));
    assert.match(await statusAfter(page, 'Save mode'), /Saved/);
    assert.deepEqual((await stored(h.ext, ['settings'])).settings.modeInstructions, [
      { mode: 'ask', instructions: 'Answer in one line. EDITED-5521' },
    ]);

    const panel = await panelOnFixture(h, 'form.html', 'Ask');
    await answered(panel, 'what is this? ASK-EDITED-1');
    const [ask] = await asksWith(h.serve, 'ASK-EDITED-1');
    assert.ok((ask.body as any).input.startsWith('Answer in one line. EDITED-5521'));

    assert.match(await statusAfter(page, 'Reset to default'), /Saved/);
    assert.deepEqual((await stored(h.ext, ['settings'])).settings.modeInstructions, []);
    assert.equal(await instructions.inputValue(), builtIn);
    await answered(panel, 'and now? ASK-RESET-1');
    const [again] = await asksWith(h.serve, 'ASK-RESET-1');
    assert.ok((again.body as any).input.startsWith("Answer the user's question about the web page below"));
    await panel.page.close();
    await page.close();
  });
});
