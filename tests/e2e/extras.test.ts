//! The panel's extras, as a person uses them: a chat exported as Markdown and as JSON (real
//! downloads, with the chat's questions, answers, reasoning and tool calls, and the values a
//! Co-browse extract returned); the high-contrast
//! theme (chosen, or System when the browser asks for more contrast): every text at 7:1 or
//! more, controls bordered, a thick focus ring; read aloud (an answer's words at the chosen
//! rate, stopped by a second press, Esc and another chat) and its options; voice input (what is
//! heard into the input, and a clear message where recognition is missing or not allowed).

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { startHarness, asksWith, serverAnswer, waitFor, setSettings, openOptions, stored, tabIdOf, type Harness, T, HOOK } from './harness.ts';
import { panelOnFixture, PanelPage, words } from './panel.ts';

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

  test('the Markdown of a Co-browse run has the values an extract returned', T, async () => {
    const script = `export-extract-${Date.now().toString(36)}`;
    await h.serve.addScript(script, [
      JSON.stringify({ actions: [{ type: 'extract', selector: '#price' }] }),
      JSON.stringify({ actions: [{ type: 'done', response: 'The price is 42 EUR.' }] }),
    ]);
    const panel = await panelOnFixture(h, 'form.html', 'Co-browse');
    await panel.newChat();
    const run = await panel.send(`Read the price [[zo:script=${script}]]`);
    const { status } = await run.settledAnswering('Allow once', undefined, 45_000);
    assert.equal(status, 'done', await run.root.innerText());
    const md = await exportAs(panel, /Markdown/);
    assert.match(md.text, /1\. Extract `#price`: \*\*done\*\*\n {3}- Extracted: `Price: 42 EUR`\n/, md.text);
    assert.ok(md.text.includes('The price is 42 EUR.'), 'the final answer');
    // The next panels open in Ask, as the specs after this one expect.
    await panel.setMode('Ask');
    await panel.newChat();
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

/** A panel bound to a fresh fixture tab whose page runs `init` (a string) before its own
 *  scripts. */
async function panelWith(init: string): Promise<PanelPage> {
  const target = await h.open('form.html');
  const tabId = await tabIdOf(h.ext, target);
  const page = await h.ext.context.newPage();
  await page.addInitScript(init);
  await page.goto(`chrome-extension://${h.ext.extensionId}/extension/sidepanel.html?tabId=${tabId}`);
  const panel = new PanelPage(page);
  await panel.ready();
  await panel.setMode('Ask');
  return panel;
}

/** Headless Chromium here has no voices and fails every utterance (`synthesis-failed`), so the
 *  panel's page gets a speechSynthesis that records what it is asked to say and speaks until it
 *  is cancelled (every pending utterance then fails as `interrupted`, as Chrome's does). */
const RECORD_SPEECH = `(() => {
  const said = [];
  const queue = [];
  window.__zoSaid = said;
  const synth = {
    speaking: false, pending: false, paused: false,
    speak(u) { said.push({ text: u.text, rate: u.rate }); queue.push(u); this.speaking = true; },
    cancel() { said.push('cancel'); for (const u of queue.splice(0)) u.onerror && u.onerror({ error: 'interrupted' }); this.speaking = false; },
    getVoices() { return []; }, pause() {}, resume() {},
    addEventListener() {}, removeEventListener() {},
  };
  window.__zoFinishSpeech = () => { const last = queue.splice(0).pop(); synth.speaking = false; last && last.onend && last.onend({}); };
  Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
})()`;

const said = (panel: PanelPage): Promise<Array<{ text: string; rate: number } | 'cancel'>> =>
  panel.page.evaluate(() => (window as any).__zoSaid);

describe('read aloud', () => {
  test("an answer is read as its words at the chosen rate; a second press, Stop and another chat end it", T, async () => {
    await setSettings(h.ext, { speechRate: 150 } as any);
    const panel = await panelWith(RECORD_SPEECH);
    const msg = await panel.send('Read this to me speak-one [[zo:scenario=plain]]');
    assert.equal(await msg.settled(), 'done');
    const read = msg.root.getByRole('button', { name: /Read aloud|Stop reading/ });
    await read.click();
    await waitFor('reading', async () => (await read.getAttribute('aria-pressed')) === 'true');
    assert.equal(await read.getAttribute('aria-label'), 'Stop reading', 'named for what a press does now');
    const utterances = (await said(panel)).filter((u) => u !== 'cancel') as Array<{ text: string; rate: number }>;
    assert.ok(utterances.length >= 2, 'one utterance per paragraph');
    assert.ok(utterances.every((u) => u.rate === 1.5), `rate 1.5: ${JSON.stringify(utterances.map((u) => u.rate))}`);
    const spoken = utterances.map((u) => u.text).join(' ');
    assert.equal(words(spoken), words(await msg.answerText()), 'the words the answer shows');
    assert.doesNotMatch(spoken, /[`*_#]/, 'no Markdown marks');
    // A second press stops it.
    await read.click();
    await waitFor('stopped', async () => (await read.getAttribute('aria-pressed')) === 'false');
    assert.equal((await said(panel)).at(-1), 'cancel');
    // Read to its end: the button comes back by itself.
    await read.click();
    await waitFor('reading again', async () => (await read.getAttribute('aria-pressed')) === 'true');
    await panel.page.evaluate(() => (window as any).__zoFinishSpeech());
    await waitFor('finished', async () => (await read.getAttribute('aria-pressed')) === 'false');
    // Esc (Stop) ends it.
    await read.click();
    await waitFor('reading a third time', async () => (await read.getAttribute('aria-pressed')) === 'true');
    const before = (await said(panel)).length;
    await panel.page.keyboard.press('Escape');
    await waitFor('Esc stopped it', async () => (await read.getAttribute('aria-pressed')) === 'false');
    assert.equal((await said(panel)).slice(before).at(-1), 'cancel');
    // Another chat on screen ends it.
    await read.click();
    await waitFor('reading a fourth time', async () => (await read.getAttribute('aria-pressed')) === 'true');
    const count = (await said(panel)).length;
    await panel.newChat();
    await waitFor('the new chat stopped it', async () => (await said(panel)).slice(count).includes('cancel'));
    await setSettings(h.ext, { speechRate: 100 } as any);
  });

  test('the options list the voices and the speeds, and save the choice', T, async () => {
    const options = await openOptions(h.ext);
    const speed = options.getByLabel('Speed', { exact: true });
    await speed.waitFor();
    const voice = options.getByLabel('Voice', { exact: true });
    assert.equal(await voice.locator('option').first().innerText(), "The browser's default voice");
    await speed.selectOption({ label: 'Fast (1.25×)' });
    await options.getByRole('button', { name: 'Save', exact: true }).click();
    await waitFor('saved', async () => /Saved/.test(await options.locator('#status').innerText()));
    const { settings } = await stored(h.ext, ['settings']);
    assert.deepEqual([settings.speechRate, settings.speechVoice], [125, null]);
    await options.close();
    await setSettings(h.ext, { speechRate: 100 } as any);
  });
});

describe('voice input', () => {
  test('where the browser offers no speech recognition, the microphone says so', T, async () => {
    const panel = await panelWith('delete window.SpeechRecognition; delete window.webkitSpeechRecognition;');
    await panel.page.getByRole('button', { name: 'Voice input', exact: true }).click();
    const notice = panel.page.getByRole('alert').filter({ hasText: 'Voice input is not available' });
    await notice.waitFor({ state: 'visible' });
    assert.equal(await panel.page.getByRole('button', { name: 'Allow the microphone' }).isVisible(), false);
  });

  test('where the panel may not use the microphone, it says so and opens the tab that asks for it', T, async () => {
    // Chromium's own recognition here: no permission prompt can show (headless, as in a side
    // panel), so it ends at once with `not-allowed`.
    const panel = await panelWith('');
    const mic = panel.page.getByRole('button', { name: 'Voice input', exact: true });
    await mic.click();
    const notice = panel.page.getByRole('alert').filter({ hasText: 'Zo may not use the microphone yet' });
    await notice.waitFor({ state: 'visible' });
    await waitFor('the microphone released', async () => (await mic.getAttribute('aria-pressed')) === 'false');
    const [tab] = await Promise.all([
      h.ext.context.waitForEvent('page'),
      panel.page.getByRole('button', { name: 'Allow the microphone' }).click(),
    ]);
    await tab.waitForLoadState();
    assert.match(tab.url(), /\/extension\/mic\.html$/);
    await tab.getByRole('button', { name: 'Allow the microphone' }).waitFor();
    await tab.close();
  });

  test('what is heard goes into the input, after what was typed', T, async () => {
    // A recognition that hears what the test says (Chromium here has no speech service).
    const panel = await panelWith(`(() => {
      class FakeRecognition {
        start() { window.__zoRecognition = this; setTimeout(() => this.onstart && this.onstart({}), 0); }
        stop() { setTimeout(() => this.onend && this.onend({}), 0); }
        abort() { this.stop(); }
      }
      window.SpeechRecognition = FakeRecognition;
    })()`);
    await panel.input.fill('Ask about');
    const mic = panel.page.getByRole('button', { name: 'Voice input', exact: true });
    await mic.click();
    await waitFor('listening', async () => (await panel.page.locator('button.mic').getAttribute('aria-pressed')) === 'true');
    const hear = (results: Array<[string, boolean]>) =>
      panel.page.evaluate((results) => {
        const r = (window as any).__zoRecognition;
        r.onresult({ results: results.map(([t, isFinal]) => Object.assign([{ transcript: t }], { isFinal })) });
      }, results);
    await hear([['the price', false]]);
    assert.equal(await panel.input.inputValue(), 'Ask about the price');
    await hear([['the price of tea', true], [' today', false]]);
    assert.equal(await panel.input.inputValue(), 'Ask about the price of tea today');
    await panel.page.getByRole('button', { name: 'Stop voice input', exact: true }).click();
    await waitFor('not listening', async () => (await panel.page.locator('button.mic').getAttribute('aria-pressed')) === 'false');
    assert.equal(await panel.input.inputValue(), 'Ask about the price of tea today');
  });
});

/** A browser with no voice installed: every utterance fails as Chrome fails it then. */
const NO_VOICES = `(() => {
  const synth = {
    speaking: false, pending: false, paused: false,
    speak(u) { setTimeout(() => u.onerror && u.onerror({ error: 'synthesis-unavailable' }), 0); },
    cancel() {}, getVoices() { return []; }, pause() {}, resume() {},
    addEventListener() {}, removeEventListener() {},
  };
  Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
})()`;

describe('read aloud without voices', () => {
  test('the panel says the browser has no voice, and the button is not left pressed', T, async () => {
    const panel = await panelWith(NO_VOICES);
    const msg = await panel.send('Read this to me no-voices [[zo:scenario=plain]]');
    assert.equal(await msg.settled(), 'done');
    const read = msg.root.getByRole('button', { name: /Read aloud|Stop reading/ });
    await read.click();
    const notice = panel.page.getByRole('alert').filter({ hasText: 'Read aloud needs a voice' });
    await notice.waitFor({ state: 'visible' });
    assert.equal(await read.getAttribute('aria-pressed'), 'false');
    await panel.page.close();
  });
});
