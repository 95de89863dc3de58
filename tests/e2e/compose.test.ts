//! The composer as a person uses it: slash commands completed from a list (keyboard and
//! mouse), a mode switched by a command and a question asked in another mode, /new, /help,
//! and the quick-action chips under the input, edited in the options page.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness, openOptions, asksWith, storedHistory, waitFor, type Harness, T, HOOK } from './harness.ts';
import { panelOnFixture, type PanelPage } from './panel.ts';

let h: Harness;

before(async () => {
  h = await startHarness();
}, HOOK);
after(async () => {
  await h?.close();
}, HOOK);

const list = (panel: PanelPage) => panel.page.getByRole('listbox', { name: 'Commands' });
const options = (panel: PanelPage) => list(panel).getByRole('option');
/** The option the input names as active (aria-activedescendant), by its text. */
async function active(panel: PanelPage): Promise<string> {
  const id = await panel.input.getAttribute('aria-activedescendant');
  assert.ok(id, 'an active option');
  return (await panel.page.locator(`[id="${id}"]`).innerText()).trim();
}

describe('the composer', () => {
  test('typing / lists the commands; arrows, Enter, Tab, Esc and the mouse pick', T, async () => {
    const panel = await panelOnFixture(h);
    await panel.input.click();
    await panel.input.pressSequentially('/');
    await list(panel).waitFor({ state: 'visible' });
    assert.equal(await panel.input.getAttribute('aria-expanded'), 'true');
    assert.equal(await options(panel).count(), 9);
    assert.match(await options(panel).first().innerText(), /\/summarize[\s\S]*Summarize mode/);

    // Narrowed as the name is typed; the first match is active.
    await panel.input.pressSequentially('re');
    await waitFor('the list narrowed to /research', async () => (await options(panel).count()) === 1);
    assert.match(await active(panel), /^\/research/);
    await panel.input.press('Backspace');
    await panel.input.press('Backspace');
    await panel.input.pressSequentially('e');
    // "e": prefix match first (/extract), then names that contain it.
    await waitFor('the list for /e', async () => (await options(panel).count()) === 7);
    assert.match(await active(panel), /^\/extract/);
    await panel.input.press('ArrowDown');
    assert.match(await active(panel), /^\/summarize/);
    await panel.input.press('ArrowUp');
    await panel.input.press('ArrowUp');
    assert.match(await active(panel), /^\/context/, 'Up from the first wraps to the last');
    await panel.input.press('Escape');
    await list(panel).waitFor({ state: 'hidden' });
    assert.equal(await panel.input.getAttribute('aria-expanded'), 'false');
    assert.equal(await panel.input.inputValue(), '/e', 'Esc keeps what was typed');

    // Enter picks a command that takes text: its name is filled in, the list closes.
    await panel.input.fill('');
    await panel.input.pressSequentially('/vis');
    await panel.input.press('Enter');
    assert.equal(await panel.input.inputValue(), '/visual ');
    assert.equal(await list(panel).isVisible(), false);
    // Tab picks too.
    await panel.input.fill('');
    await panel.input.pressSequentially('/ex');
    await panel.input.press('Tab');
    assert.equal(await panel.input.inputValue(), '/extract ');
    // The mouse picks, and the input keeps the focus.
    await panel.input.fill('');
    await panel.input.pressSequentially('/');
    await options(panel).filter({ hasText: '/research' }).click();
    assert.equal(await panel.input.inputValue(), '/research ');
    assert.equal(await panel.page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Message');
  });

  test('a command switches the mode; with text it asks in that mode', T, async () => {
    const panel = await panelOnFixture(h);
    await panel.newChat();
    assert.equal(await panel.modePicker.inputValue(), 'ask');
    await panel.input.fill('/summarize');
    await panel.input.press('Enter');
    await waitFor('Summarize mode', async () => (await panel.modePicker.inputValue()) === 'summarize');
    assert.equal(await panel.input.inputValue(), '', 'the command is done');
    assert.equal(await panel.assistantMessages.count(), 0, 'nothing was asked');

    const marker = `slash-extract-${Date.now()}`;
    await panel.input.fill(`/extract every price ${marker}`);
    await panel.input.press('Enter');
    assert.equal(await panel.last().settled(), 'done');
    assert.equal(await panel.modePicker.inputValue(), 'extract');
    const [ask] = await asksWith(h.serve, marker);
    const input = (ask.body as { input: string }).input;
    assert.match(input, /Extract structured data/, 'asked with Extract mode\'s prompt');
    assert.match(input, new RegExp(`What to extract:\\nevery price ${marker}`));
    assert.doesNotMatch(input, /\/extract/, 'the command itself is not sent');
    assert.match(await panel.userMessages.last().innerText(), new RegExp(`^every price ${marker}$`, "m"), "the question shows without the command");

    // An unknown command is not sent: the panel says so and keeps it.
    await panel.input.fill('/summarise');
    await panel.input.press('Enter');
    const notice = panel.page.locator('.send-notice');
    await waitFor('the unknown-command notice', async () => /\/summarise is not a command.*\/help/.test(await notice.innerText()));
    assert.equal(await panel.input.inputValue(), '/summarise');
    assert.equal(await panel.assistantMessages.count(), 1);
  });

  test('/new starts a new chat and /help lists the commands', T, async () => {
    const panel = await panelOnFixture(h);
    await panel.newChat();
    const msg = await panel.send('Hello before new [[zo:scenario=plain]]');
    assert.equal(await msg.settled(), 'done');
    await panel.input.fill('/new');
    await panel.input.press('Enter');
    await waitFor('an empty chat', async () => (await panel.userMessages.count()) === 0);
    assert.equal(await panel.input.inputValue(), '');

    await panel.input.fill('/help');
    await panel.input.press('Enter');
    const sheet = panel.page.getByRole('region', { name: 'Commands' });
    await sheet.waitFor({ state: 'visible' });
    const text = await sheet.innerText();
    for (const name of ['summarize', 'extract', 'ask', 'research', 'cobrowse', 'visual', 'new', 'help', 'context']) {
      assert.match(text, new RegExp(`/${name}\\b`), name);
    }
    assert.match(text, /Start a new chat/);
    // Esc in the input closes it (and stops nothing).
    await panel.input.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    await panel.input.fill('/help');
    await panel.input.press('Enter');
    await sheet.getByRole('button', { name: 'Close' }).click();
    await sheet.waitFor({ state: 'hidden' });
  });

  test('/context shows the page context the mode would send, a password masked', T, async () => {
    const panel = await panelOnFixture(h, 'hostile.html', 'Co-browse');
    const target = h.ext.context.pages().find((p) => p.url().includes('hostile.html'));
    assert.ok(target, 'the fixture tab');
    const PASSWORD = 'Tr0ub4dor&3-context';
    await target.locator('#user').fill('ann');
    await target.locator('#password').fill(PASSWORD);
    await target.locator('#card').fill('4111111111111111');

    await panel.input.fill('/context');
    await panel.input.press('Enter');
    const sheet = panel.page.getByRole('region', { name: 'Page context · Co-browse' });
    await sheet.waitFor({ state: 'visible' });
    const pre = sheet.locator('pre');
    await pre.waitFor({ state: 'visible' });
    const text = await pre.innerText();
    assert.match(text, /^<page>/);
    assert.match(text, /Title: Your bank/);
    assert.match(text, /Account number 12345-678/, 'the page text');
    assert.match(text, /#password input\[password\] "Password" \(password\)/, 'the field says what it is');
    assert.match(text, /#card input[^\n]*\(payment card detail\)/);
    assert.match(text, /#user input[^\n]*value="ann"/, 'an ordinary field shows its value');
    assert.ok(!text.includes(PASSWORD), 'never the password');
    assert.ok(!text.includes('4111111111111111'), 'never the card number');
    assert.equal(await panel.assistantMessages.count(), 0, 'nothing was asked');

    // Another mode, another budget: Ask sends the text without the element list.
    await panel.setMode('Ask');
    await panel.input.fill('/context');
    await panel.input.press('Enter');
    const ask = panel.page.getByRole('region', { name: 'Page context · Ask' });
    await ask.locator('pre').waitFor({ state: 'visible' });
    const askText = await ask.locator('pre').innerText();
    assert.match(askText, /Account number 12345-678/);
    assert.doesNotMatch(askText, /Interactive elements/);
  });

  test('@ lists the open tabs; a chosen tab goes with the question, a removed one does not', T, async () => {
    const panel = await panelOnFixture(h);
    await panel.newChat();
    await h.open('page-a.html');
    await h.open('long.html');
    const tabsList = panel.page.getByRole('listbox', { name: 'Open tabs' });
    await panel.input.click();
    await panel.input.pressSequentially('compare @');
    await tabsList.waitFor({ state: 'visible' });
    await waitFor('the open tabs listed', async () => (await tabsList.getByRole('option').count()) >= 2);
    const listed = (await tabsList.getByRole('option').allInnerTexts()).join('\n');
    assert.match(listed, /Page A[\s\S]*127\.0\.0\.1/, 'title and site');
    assert.match(listed, /Long page/);
    const formTabs = h.ext.context.pages().filter((p) => p.url().includes('/form.html')).length;
    assert.equal(
      await tabsList.getByRole('option', { name: /Plain form/ }).count(),
      formTabs - 1,
      'every form tab but the one Zo already looks at',
    );
    assert.doesNotMatch(listed, /Zo|sidepanel/, 'never an extension page');
    const icon = tabsList.getByRole('option').first().locator('img');
    assert.match((await icon.getAttribute('src')) ?? '', /^\/_favicon\/\?pageUrl=http%3A%2F%2F127\.0\.0\.1/);

    // Typing filters; Enter picks: the @word leaves the input, the tab is a chip.
    await panel.input.pressSequentially('pag');
    await waitFor('filtered to the two pages', async () => (await tabsList.getByRole('option').count()) === 2);
    assert.match(await active(panel), /^Page A/, 'in the window\'s order, the first active');
    await panel.input.press('Enter');
    assert.equal(await panel.input.inputValue(), 'compare ');
    const chips = panel.page.getByRole('list', { name: 'Tabs sent with the question' }).getByRole('listitem');
    await waitFor('the Page A chip', async () => (await chips.count()) === 1);
    assert.match(await chips.first().innerText(), /Page A/);
    // A second tab by the mouse, typed inside the sentence: no double space is left.
    await panel.input.fill('compare with this');
    await panel.input.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(7, 7));
    await panel.input.pressSequentially(' @long');
    await tabsList.getByRole('option', { name: /Long page/ }).click();
    await waitFor('two chips', async () => (await chips.count()) === 2);
    assert.equal(await panel.input.inputValue(), 'compare with this');
    assert.equal(await panel.input.evaluate((el: HTMLTextAreaElement) => el.selectionStart), 8, 'the caret where the mention was');
    await panel.input.fill('compare ');
    await panel.page.getByRole('button', { name: 'Remove tab “Long page”' }).click();
    await waitFor('one chip left', async () => (await chips.count()) === 1);

    const marker = `tabs-${Date.now()}`;
    await panel.input.pressSequentially(`the two pages ${marker}`);
    await panel.input.press('Enter');
    assert.equal(await panel.last().settled(), 'done');
    assert.equal(await chips.count(), 0, 'the chips went with the question');
    const [ask] = await asksWith(h.serve, marker);
    const input = (ask.body as { input: string }).input;
    assert.match(input, /Plain form/, 'the page Zo looks at');
    assert.match(input, /The user also shares these open tabs/);
    assert.match(input, /<page>\nURL: http:\/\/127\.0\.0\.1:\d+\/page-a\.html[^\n]*\nTitle: Page A\nText[^\n]*:\n# Page A\n\nGo to page B\n<\/page>/, 'the chosen tab, fenced, its heading kept');
    assert.doesNotMatch(input, /Long page/, 'the removed tab stayed home');
    // The question shows its tab, and keeps it in the history.
    assert.match(await panel.userMessages.last().innerText(), /Page A/);
    const stored = await waitFor('the question stored with its tab', async () => {
      const history = await storedHistory(h.ext);
      const messages = (history?.chats ?? []).flatMap((c: any) => c.messages);
      return messages.find((m: any) => m.role === 'user' && String(m.text).includes(marker) && m.tabs?.length);
    });
    assert.equal(stored.tabs[0].title, 'Page A');
    assert.equal(stored.tabs[0].shared, true);
  });

  test('quick-action chips: edited in the options, shown under the input, asked on click', T, async () => {
    const panel = await panelOnFixture(h);
    await panel.newChat();
    const chips = panel.page.getByRole('group', { name: 'Quick actions' }).getByRole('button');
    await waitFor('the default chips', async () => (await chips.count()) >= 3);
    assert.deepEqual((await chips.allInnerTexts()).slice(0, 3), ['Summarize', 'Key points', 'Extract links']);

    const marker = `chip-${Date.now()}`;
    const opts = await openOptions(h.ext);
    const rows = opts.locator('.qa-row');
    await waitFor('the chips in the options', async () => (await rows.count()) >= 3);
    const count = await rows.count();
    // Edit the first, remove the second, add one.
    await rows.nth(0).getByLabel('Label').fill('TL;DR');
    await rows.nth(0).getByLabel('Prompt').fill(`One sentence, please ${marker}`);
    await rows.nth(1).getByRole('button', { name: /^Remove/ }).click();
    await opts.getByRole('button', { name: 'Add quick action' }).click();
    await rows.last().getByLabel('Label').fill('Find prices');
    await rows.last().getByLabel('Mode').selectOption({ label: 'Extract' });
    await rows.last().getByLabel('Prompt').fill('Every price on this page.');
    await opts.getByRole('button', { name: 'Save', exact: true }).click();
    await waitFor('saved', async () => /Saved/.test(await opts.locator('#status').innerText()));

    await waitFor('the panel shows the edited chips', async () => {
      const labels = await chips.allInnerTexts();
      return labels.length === count && labels[0] === 'TL;DR' && labels[1] === 'Extract links' && labels.at(-1) === 'Find prices';
    });
    await chips.first().click();
    assert.equal(await panel.last().settled(), 'done');
    const [ask] = await asksWith(h.serve, marker);
    assert.match((ask.body as { input: string }).input, /Summarize the web page below/, 'asked in the chip\'s mode');
    assert.match(await panel.last().root.locator('.elapsed').innerText(), /Summarize/, 'the answer names its mode');
    // The panel keeps its own mode: the next typed question goes in Ask.
    assert.equal(await panel.modePicker.inputValue(), 'ask', 'the chip did not change the panel\'s mode');
    const typed = `after-chip-${Date.now()}`;
    assert.equal(await (await panel.send(`Plain question ${typed} [[zo:scenario=plain]]`)).settled(), 'done');
    const [next] = await asksWith(h.serve, typed);
    assert.doesNotMatch((next.body as { input: string }).input, /Summarize the web page below/, 'asked in Ask');

    // Reset brings the defaults back.
    await opts.getByRole('button', { name: 'Reset to defaults' }).click();
    await opts.getByRole('button', { name: 'Save', exact: true }).click();
    await waitFor('the default chips again', async () => (await chips.first().innerText()) === 'Summarize');
    await opts.close();
  });
});
