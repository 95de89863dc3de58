//! The panel's extras, as a person uses them: a chat exported as Markdown and as JSON (real
//! downloads, with the chat's questions, answers, reasoning and tool calls).

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { startHarness, asksWith, serverAnswer, waitFor, type Harness, T, HOOK } from './harness.ts';
import { panelOnFixture, type PanelPage } from './panel.ts';

let h: Harness;

before(async () => {
  h = await startHarness();
}, HOOK);
after(async () => {
  await h?.close();
}, HOOK);

/** The server's full answer to the one ask carrying `marker`. */
async function answerFor(marker: string): Promise<string> {
  const asks = await asksWith(h.serve, marker);
  assert.equal(asks.length, 1, `expected one /zo/ask carrying ${marker}`);
  return serverAnswer(h.serve, (asks[0].body as any).input);
}

/** Chooses `label` in the header's Export menu: the downloaded file's name and text. */
async function exportAs(panel: PanelPage, label: RegExp): Promise<{ name: string; text: string }> {
  await panel.page.getByRole('button', { name: 'Export chat', exact: true }).click();
  const menu = panel.page.getByRole('group', { name: 'Export chat' });
  await menu.waitFor({ state: 'visible' });
  const [download] = await Promise.all([
    panel.page.waitForEvent('download'),
    menu.getByRole('button', { name: label }).click(),
  ]);
  const file = await download.path();
  assert.ok(file, 'the download finished');
  await waitFor('the menu closed', async () => !(await menu.isVisible()));
  return { name: download.suggestedFilename(), text: await readFile(file, 'utf8') };
}

describe('export', () => {
  test('a chat downloads as Markdown and as JSON, with its questions, answers, reasoning and tools', T, async () => {
    const panel = await panelOnFixture(h);
    assert.equal(await panel.page.getByRole('button', { name: 'Export chat', exact: true }).isDisabled(), true, 'nothing to export in an empty chat');
    const first = await panel.send('Export me please export-one [[zo:scenario=thinking]]');
    assert.equal(await first.settled(), 'done');
    const second = await panel.send('And search export-two [[zo:scenario=tool]]');
    assert.equal(await second.settled(), 'done');
    const answer1 = await answerFor('export-one');
    const answer2 = await answerFor('export-two');

    const md = await exportAs(panel, /Markdown/);
    const day = new Date().toLocaleDateString('sv-SE'); // YYYY-MM-DD, the local day
    assert.equal(md.name, `Export-me-please-export-one-zo-scenario-thinking-${day}.md`);
    assert.ok(md.text.startsWith('# Export me please export-one'), md.text.slice(0, 200));
    assert.ok(md.text.includes('## You (Ask)'), 'the question with its mode');
    assert.ok(md.text.includes('Export me please export-one [[zo:scenario=thinking]]'), 'the question as typed');
    assert.ok(md.text.includes(answer1.trim()), 'the first answer, its Markdown as is');
    assert.ok(md.text.includes(answer2.trim()), 'the second answer');
    assert.match(md.text, /\*\*Reasoning\*\*\n\n> I will answer briefly/);
    assert.match(md.text, /\*\*Tool calls\*\*\n\n- `web_search`/);
    assert.match(md.text, /\*Page: .* — http:\/\/127\.0\.0\.1:\d+\*/, 'the page of the question');

    const json = await exportAs(panel, /JSON/);
    assert.equal(json.name, `Export-me-please-export-one-zo-scenario-thinking-${day}.json`);
    const data = JSON.parse(json.text);
    assert.equal(data.format, 'zo-cobrowse-chat');
    assert.equal(data.version, 1);
    assert.equal(data.chat.title, 'Export me please export-one [[zo:scenario=thinking]]');
    assert.deepEqual(
      data.messages.map((m: any) => [m.role, m.mode, m.status ?? null]),
      [['user', 'ask', null], ['assistant', 'ask', 'done'], ['user', 'ask', null], ['assistant', 'ask', 'done']],
    );
    assert.equal(data.messages[1].text, answer1, 'the answer byte for byte');
    assert.match(data.messages[1].reasoning, /I will answer briefly/);
    assert.deepEqual(data.messages[3].tools.map((t: any) => t.name), ['web_search', 'read_webpage']);
    assert.equal(data.messages[0].page.shared, true);
    assert.doesNotMatch(json.text, /zo_sk_|apiKey|sessionId/, 'no key, no session ids');
  });
});

