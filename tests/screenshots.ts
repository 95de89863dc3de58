//! The README's screenshots of the side panel, light and dark (docs/panel-light.png,
//! docs/panel-dark.png), made reproducibly: `zo-dev serve` answers (no Zo account), the fixture
//! site is the page, Chromium renders the panel at 420 x 760 with the colour scheme emulated.
//! Each shot is the same chat: a question about the page (with its page chip) and Zo's answer
//! in Markdown (a list, a table, code), with its footer.
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
  } finally {
    await h.close();
  }
}

main().catch((err) => {
  process.stderr.write(`screenshots: FAILED: ${err instanceof Error ? err.message : err}\n`);
  process.exit(1);
});
