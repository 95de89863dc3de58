//! The README's screenshots of the side panel, made reproducibly: `zo-dev serve` answers (no
//! Zo account), the fixture site is the page, the colour scheme emulated.
//! - docs/panel-light.png, docs/panel-dark.png (420 x 760): a question about the page (with its
//!   page chip) and Zo's answer in Markdown (a list, a table, code), with its footer;
//! - docs/panel-360.png: the same chat at 360 px, the width Chrome often opens the panel at;
//! - docs/panel-cobrowse.png (360 x 760): a Co-browse run on the sign-up form waiting on an
//!   approval card (the click on "Send").
//!
//! Run: ./build.sh, then cd tests && npx tsx screenshots.ts   (writes into docs/, or $ZO_SHOTS_OUT)

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { startHarness, openPanel, ROOT } from './e2e/harness.ts';
import { PanelPage } from './e2e/panel.ts';

const OUT = path.resolve(process.env.ZO_SHOTS_OUT ?? path.join(ROOT, 'docs'));
const QUESTION = 'What does this form ask for, and is anything optional?';
const ANSWER = [
  'The form asks for three things:',
  '',
  '1. **Name**: required, free text.',
  '2. **Email**: required; it must look like `name@example.com`.',
  '3. **Terms**: a checkbox you must tick to send the form.',
  '',
  '| Field | Required | Notes |',
  '|---|---|---|',
  '| Name | yes | any text |',
  '| Email | yes | checked by the browser |',
  '| Terms | yes | a checkbox |',
  '',
  'Nothing on it is optional. In **Co-browse** mode I can fill it in for you.',
].join('\n');

const GOAL = 'Sign me up as Ada Lovelace with ada@example.com and accept the terms.';
const RUN = [
  {
    actions: [
      { type: 'fill', selector: '#name', value: 'Ada Lovelace' },
      { type: 'fill', selector: '#email', value: 'ada@example.com' },
      { type: 'click', selector: '#agree' },
      { type: 'click', selector: '#send' },
    ],
  },
  { actions: [{ type: 'done', response: 'You are signed up as Ada Lovelace.' }] },
].map((s) => JSON.stringify(s));

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const h = await startHarness();
  try {
    const target = await h.open('form.html');
    const panel = new PanelPage(await openPanel(h.ext, target));
    await panel.page.setViewportSize({ width: 420, height: 760 });
    await panel.ready();
    await panel.newChat();
    await panel.setMode('Ask');
    await h.serve.addScript('readme', [ANSWER]);
    const msg = await panel.send(`${QUESTION} [[zo:script=readme]]`);
    const status = await msg.settled();
    if (status !== 'done') throw new Error(`the answer ended ${status}`);
    // The directives are the test server's, not what a person types: not in the picture.
    await panel.page.evaluate((q) => {
      for (const b of document.querySelectorAll('.msg.user .bubble')) b.textContent = q;
    }, QUESTION);
    await panel.page.mouse.move(0, 0);
    for (const scheme of ['light', 'dark'] as const) {
      await panel.page.emulateMedia({ colorScheme: scheme });
      const file = path.join(OUT, `panel-${scheme}.png`);
      await panel.page.screenshot({ path: file });
      process.stdout.write(`${file}\n`);
    }
    await panel.page.emulateMedia({ colorScheme: 'light' });
    await panel.page.setViewportSize({ width: 360, height: 760 });
    const narrow = path.join(OUT, 'panel-360.png');
    await panel.page.screenshot({ path: narrow });
    process.stdout.write(`${narrow}\n`);

    // A Co-browse run waiting on the person: its timeline and the approval card.
    const form = await h.open('react-form.html');
    const run = new PanelPage(await openPanel(h.ext, form));
    await run.page.setViewportSize({ width: 360, height: 760 });
    await run.ready();
    await run.newChat();
    await run.setMode('Co-browse');
    await h.serve.addScript('readme-run', RUN);
    const task = await run.send(`${GOAL} [[zo:script=readme-run]]`);
    await task.waitingApproval();
    await run.page.evaluate((q) => {
      for (const b of document.querySelectorAll('.msg.user .bubble')) b.textContent = q;
    }, GOAL);
    await run.page.mouse.move(0, 0);
    const cobrowse = path.join(OUT, 'panel-cobrowse.png');
    await run.page.screenshot({ path: cobrowse });
    process.stdout.write(`${cobrowse}\n`);
    await task.answerApproval('Allow once');
    const ended = await task.settled();
    if (ended !== 'done') throw new Error(`the run ended ${ended}`);
  } finally {
    await h.close();
  }
}

main().catch((err) => {
  process.stderr.write(`screenshots: FAILED: ${err instanceof Error ? err.message : err}\n`);
  process.exit(1);
});
