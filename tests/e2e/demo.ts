//! `./build.sh demo`: the product working with no Zo account. Starts `zo-dev serve` and the
//! fixture site, launches Chromium with the extension (headless when there is no display),
//! runs a Co-browse task on the React sign-up form, prints the transcript (each action and its
//! status as it changes, then the final answer) and saves screenshots of the panel (tall enough
//! to show the whole chat: the run, the approval card and the final answer) and the page in
//! demo-output/ (or $ZO_DEMO_OUT). Exits non-zero when the task does not end in `done`.
//!
//! Run: cd tests && npx tsx e2e/demo.ts   (after ./build.sh)

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { startHarness, openPanel, ROOT, type Harness } from './harness.ts';
import { PanelPage } from './panel.ts';

const OUT = path.resolve(process.env.ZO_DEMO_OUT ?? path.join(ROOT, 'demo-output'));
const GOAL = 'Sign me up as Ada Lovelace with ada@example.com, accept the terms, and tell me what the page confirms.';
const DONE = 'You are signed up as Ada Lovelace (ada@example.com); the page confirms your name, email and that you agreed.';

const STEPS = [
  {
    reasoning: 'Fill the form, accept, submit, then read the confirmation.',
    actions: [
      { type: 'fill', selector: '#name', value: 'Ada Lovelace' },
      { type: 'fill', selector: '#email', value: 'ada@example.com' },
      { type: 'click', selector: '#agree' },
      { type: 'click', selector: '#send' },
      { type: 'extract', selector: '#result-name' },
      { type: 'extract', selector: '#result-email' },
      { type: 'extract', selector: '#result-agree' },
    ],
  },
  { actions: [{ type: 'done', response: DONE }] },
].map((s) => JSON.stringify(s));

/** Records `[status, title, target]` each time a timeline row appears or changes status. */
const STEP_RECORDER = `(() => {
  const steps = (window.__zoSteps = []);
  const last = new Map();
  const look = () => {
    document.querySelectorAll('ol.timeline > li.step').forEach((li, i) => {
      const status = li.getAttribute('data-status') || '';
      const title = (li.querySelector('.step-title') || {}).textContent || '';
      const target = (li.querySelector('.step-target') || {}).textContent || '';
      const key = i + '|' + title + '|' + target;
      if (last.get(key) !== status) {
        last.set(key, status);
        steps.push([status, title, target]);
      }
    });
  };
  new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  look();
})()`;

/** Makes the panel tall enough that its message list does not scroll (a few rounds: the
 *  layout settles after each resize). */
async function fitChat(panel: PanelPage): Promise<void> {
  for (let round = 0; round < 4; round++) {
    const { extra, width, height } = (await panel.page.evaluate(
      "(() => { const m = document.querySelector('.messages'); return { extra: m.scrollHeight - m.clientHeight, width: innerWidth, height: innerHeight }; })()",
    )) as { extra: number; width: number; height: number };
    if (extra <= 0) break;
    await panel.page.setViewportSize({ width, height: height + extra });
    await panel.page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
  }
  await panel.page.evaluate("document.querySelector('.messages').scrollTop = 0");
}

function log(line: string) {
  process.stdout.write(line + '\n');
}

async function main(): Promise<number> {
  mkdirSync(OUT, { recursive: true });
  log(`Zo Co-browse demo (no Zo account: answers come from the local zo-dev serve)`);
  const h: Harness = await startHarness();
  try {
    log(`  zo-dev serve:  ${h.serve.url}`);
    log(`  fixture site:  ${h.site.url}`);
    log(`  extension id:  ${h.ext.extensionId}`);
    await h.serve.addScript('demo', STEPS);

    const target = await h.open('react-form.html');
    await target.setViewportSize({ width: 900, height: 720 });
    const panel = new PanelPage(await openPanel(h.ext, target));
    await panel.page.setViewportSize({ width: 420, height: 800 });
    await panel.ready();
    await panel.newChat();
    await panel.setMode('Co-browse');

    log('');
    log(`You: ${GOAL}`);
    const msg = await panel.send(`${GOAL} [[zo:script=demo]]`);

    // Print each action's status as it changes, until the answer ends. A MutationObserver in
    // the panel records every change, so fast transitions (pending -> running -> done) show too.
    await panel.page.evaluate(STEP_RECORDER);
    let printedCount = 0;
    const deadline = Date.now() + 60_000;
    let status: string | null = null;
    for (;;) {
      const steps: string[][] = await panel.page.evaluate('window.__zoSteps');
      for (const [status, title, target] of steps.slice(printedCount)) log(`  [${status.padEnd(7)}] ${title} ${target}`);
      printedCount = steps.length;
      // The demo's person agrees to what Zo asks (the "Send" button needs their approval).
      const card = msg.root.locator('.approval[data-state="waiting"]').first();
      if ((await card.count()) > 0) {
        log(`  Approval needed: ${(await card.locator('.approval-title').innerText()).trim()} -> Allow once`);
        await card.getByRole('button', { name: 'Allow once', exact: true }).click();
      }
      status = await msg.status();
      if (status && status !== 'streaming') break;
      if (Date.now() > deadline) {
        log('  (no end after 60 s)');
        break;
      }
      await new Promise((r) => setTimeout(r, 100)); // display refresh, not a test wait
    }
    const steps: string[][] = await panel.page.evaluate('window.__zoSteps');
    for (const [status, title, target] of steps.slice(printedCount)) log(`  [${status.padEnd(7)}] ${title} ${target}`);
    for (const r of await msg.timelineRows()) {
      if (r.title !== 'Extract') continue;
      const extracted = /Extracted\s*\n?(.*)/s.exec(r.details)?.[1]?.trim();
      if (extracted) log(`  extracted from ${r.target}: ${extracted.replace(/\s+/g, ' ')}`);
    }
    log('');
    log(`Zo (${status}): ${await msg.answerText()}`);
    const pageResult = (await target.locator('#result').innerText().catch(() => '(no result on the page)')).replace(/\s+/g, ' ');
    log(`Page now shows: ${pageResult}`);

    const panelShot = path.join(OUT, 'panel.png');
    const pageShot = path.join(OUT, 'page.png');
    // The chat scrolls inside the panel: the panel grows until the whole chat (the run, the
    // approval card, the final answer) fits, so one screenshot shows all of it.
    // The ended run folds to one line: open it, so the rows and the approval card between
    // them show.
    await msg.expandRun();
    await fitChat(panel);
    await panel.page.screenshot({ path: panelShot, fullPage: true });
    await target.screenshot({ path: pageShot, fullPage: true });
    log('');
    log(`Screenshots: ${panelShot}`);
    log(`             ${pageShot}`);
    return status === 'done' ? 0 : 1;
  } finally {
    await h.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`demo: FAILED: ${err instanceof Error ? err.message : err}\n`);
    process.exit(1);
  },
);
