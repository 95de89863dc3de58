//! The panel's extras, as a person uses them: a chat exported as Markdown and as JSON (real
//! downloads, with the chat's questions, answers, reasoning and tool calls); the high-contrast
//! theme (chosen, or System when the browser asks for more contrast): every text at 7:1 or
//! more, controls bordered, a thick focus ring.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { startHarness, asksWith, serverAnswer, waitFor, setSettings, openOptions, stored, type Harness, T, HOOK } from './harness.ts';
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
    assert.match(md.text, /\*\*Reasoning\*\*\n\n> .*I will answer briefly/);
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

/** In the page: for each selector, the contrast ratio of its first visible element's text
 *  against the background it is drawn on (the nearest ancestor's opaque background), its
 *  border colour and width. A string: tsx's helpers do not exist inside the page. */
const CONTRASTS = (selectors: string[]) => `(() => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = (c) => {
    const [r, g, b] = rgb(c).map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const bgOf = (e) => {
    for (let n = e; n; n = n.parentElement) {
      const c = getComputedStyle(n).backgroundColor;
      if (rgb(c).length === 3 || rgb(c)[3] === 1) return c;
    }
    return 'rgb(255, 255, 255)';
  };
  const out = {};
  for (const sel of ${JSON.stringify(selectors)}) {
    const e = [...document.querySelectorAll(sel)].find((x) => x.getClientRects().length > 0);
    if (!e) { out[sel] = null; continue; }
    const s = getComputedStyle(e);
    const [a, b] = [lum(s.color), lum(bgOf(e))];
    out[sel] = {
      ratio: Math.round(((Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)) * 100) / 100,
      border: s.borderTopColor, borderWidth: parseFloat(s.borderTopWidth), opacity: Number(s.opacity),
    };
  }
  return out;
})()`;

/** The panel's texts and controls that must read at 7:1. */
const PANEL_PARTS = [
  'body', '.brand', 'select.mode', '.history-btn', '.new-chat', '.page-title', '.page-origin',
  '.empty p', '.btn.starter', 'textarea.input', '.btn.primary.send', '.msg.user .bubble',
  '.answer p', '.msg-footer .btn', '.msg-footer', '.step-status', '.chat-snippet',
];

describe('high contrast', () => {
  test('chosen in the options, every text reads at 7:1 or more, light and dark, with borders and a thick focus ring', T, async () => {
    const options = await openOptions(h.ext);
    await options.getByLabel('Theme', { exact: true }).selectOption({ label: 'High contrast' });
    await options.getByRole('button', { name: 'Save', exact: true }).click();
    await waitFor('saved', async () => /Saved/.test(await options.locator('#status').innerText()));
    assert.equal((await stored(h.ext, ['settings'])).settings.theme, 'contrast');
    const panel = await panelOnFixture(h);
    const msg = await panel.send('Contrast check contrast-one [[zo:scenario=plain]]');
    assert.equal(await msg.settled(), 'done');
    assert.equal(await panel.page.evaluate(() => document.documentElement.dataset.theme), 'contrast');
    for (const scheme of ['light', 'dark'] as const) {
      for (const page of [panel.page, options]) await page.emulateMedia({ colorScheme: scheme });
      const parts = await panel.page.evaluate(CONTRASTS(PANEL_PARTS));
      for (const [sel, got] of Object.entries(parts as Record<string, any>)) {
        if (!got) continue; // not on screen in this chat
        assert.ok(got.ratio >= 7, `${scheme}: ${sel} reads at ${got.ratio}:1`);
        assert.equal(got.opacity, 1, `${scheme}: ${sel} is not dimmed`);
      }
      assert.ok(Object.values(parts as object).filter(Boolean).length >= 10, 'most parts were on screen');
      // Controls carry a border in the text's colour, even the quiet ones.
      for (const sel of ['.history-btn', '.new-chat', 'textarea.input', 'select.mode']) {
        const b = (parts as any)[sel];
        assert.ok(b.borderWidth >= 1 && !/rgba\(.*, 0\)|transparent/.test(b.border), `${scheme}: ${sel} has a border (${b.border})`);
      }
      const opt = await options.evaluate(CONTRASTS(['body', 'label', '.help', '.field', '.btn', '.btn.primary', 'h2', '.options-nav a', '.settings-search']));
      for (const [sel, got] of Object.entries(opt as Record<string, any>)) {
        if (got) assert.ok(got.ratio >= 7, `options, ${scheme}: ${sel} reads at ${got.ratio}:1`);
      }
    }
    // The focus ring: 3 px, in the accent colour, on a control reached with the keyboard.
    await panel.input.focus();
    await panel.page.keyboard.press('Shift+Tab');
    const ring = await panel.page.evaluate(() => {
      const s = getComputedStyle(document.activeElement as Element);
      return { width: parseFloat(s.outlineWidth), style: s.outlineStyle, tag: document.activeElement?.tagName };
    });
    assert.ok(ring.width >= 3 && ring.style === 'solid', `focus ring ${JSON.stringify(ring)}`);
    await options.close();
    await setSettings(h.ext, { theme: 'system' } as any);
    await waitFor('back to system', async () => (await panel.page.evaluate(() => document.documentElement.dataset.theme)) === 'system');
  });

  test('System takes the high-contrast colours when the browser asks for more contrast', T, async () => {
    await setSettings(h.ext, { theme: 'system' } as any);
    const panel = await panelOnFixture(h);
    await waitFor('the System theme', async () => (await panel.page.evaluate(() => document.documentElement.dataset.theme)) === 'system');
    await panel.page.emulateMedia({ colorScheme: 'light', contrast: 'no-preference' });
    const plain = (await panel.page.evaluate(CONTRASTS(['.page-origin', '.history-btn']))) as any;
    assert.ok(plain['.page-origin'].ratio < 7, 'the usual theme is not high contrast');
    await panel.page.emulateMedia({ colorScheme: 'light', contrast: 'more' });
    const more = (await panel.page.evaluate(CONTRASTS(['.page-origin', '.history-btn']))) as any;
    assert.ok(more['.page-origin'].ratio >= 7, `muted text at ${more['.page-origin'].ratio}:1`);
    assert.ok(more['.history-btn'].borderWidth >= 1 && !/rgba\(.*, 0\)|transparent/.test(more['.history-btn'].border), `quiet buttons get a border (${more['.history-btn'].border})`);
  });
});
