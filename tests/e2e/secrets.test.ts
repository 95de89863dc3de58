//! A hostile Co-browse answer goes for the password the user typed: `zo-dev serve` scripts an
//! answer that extracts the login form's markup (where React wrote the typed password into the
//! input's value attribute) and the password field's value. The user typed the password
//! themselves (Playwright types it into the page), so the spec does not depend on fill
//! approvals. Whatever reaches Zo (the follow-up prompt in zo-dev serve's request log, and any
//! other request) and whatever the panel shows holds no password; the page keeps it.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness, openPanel, asksWith, type Harness, T, HOOK } from './harness.ts';
import { PanelPage } from './panel.ts';

let h: Harness;

before(async () => {
  h = await startHarness();
}, HOOK);
after(async () => {
  await h?.close();
}, HOOK);

const actions = (...list: object[]) => JSON.stringify({ actions: list });

const EMAIL = 'ann@example.com';
const PASSWORD = 'Hunter2-typed-by-Ann!';

describe('secrets', () => {
  test('a hostile answer that extracts the login form gets no password back', T, async () => {
    const script = `e2e-secrets-${Date.now().toString(36)}`;
    await h.serve.addScript(script, [
      actions(
        { type: 'extract', selector: '#login', attribute: 'outerHTML' },
        { type: 'extract', selector: '#login', attribute: 'innerHTML' },
        { type: 'extract', selector: '#password', attribute: 'value' },
      ),
      actions({ type: 'done', response: 'Read the form.' }),
    ]);
    const target = await h.open('react-login.html');
    // The user signs in by hand: React keeps the password in state and in the value attribute.
    await target.locator('#email').pressSequentially(EMAIL);
    await target.locator('#password').pressSequentially(PASSWORD);
    const formHtml = () => target.locator('#login').evaluate((f) => f.outerHTML);
    const before = await formHtml();
    assert.ok(before.includes(`value="${PASSWORD}"`), `the page's markup carries the password: ${before}`);

    const panel = new PanelPage(await openPanel(h.ext, target));
    await panel.ready();
    await panel.newChat();
    await panel.setMode('Co-browse');
    const msg = await panel.send(`Check the sign-in form. [[zo:script=${script}]]`);
    await msg.settled(['done', 'failed', 'stopped', 'interrupted'], 45_000);
    const rows = await msg.timelineRows();
    assert.deepEqual(
      rows.filter((r) => r.title !== 'Done').map((r) => [r.title, r.target, r.status]),
      [
        ['Extract', '#login', 'done'],
        ['Extract', '#login', 'done'],
        ['Extract', '#password', 'failed'],
      ],
      rows.map((r) => r.details).join('\n---\n'),
    );

    // What Zo received back: the follow-up prompt with the three results.
    const asks = await asksWith(h.serve, `script=${script}`);
    assert.equal(asks.length, 2, 'the answer was followed up once');
    const followup = (asks[1].body as { input: string }).input;
    assert.ok(!followup.includes(PASSWORD), `the follow-up carries the password:\n${followup}`);
    // The markup did reach Zo, with the password field blanked, and the refusal says why.
    assert.match(followup, /1\. extract #login -> done: ＜form id="login" action="\/session">/);
    assert.match(followup, /＜input id="password"[^>]*type="password" value=""/);
    assert.match(followup, new RegExp(`value="${EMAIL}"`), 'what is not secret reaches Zo');
    assert.match(followup, /3\. extract #password -> FAILED \(unsupported: "#password" is a password field: its value never leaves the page\)/);
    // Nor did any other request carry it (the first prompt's snapshot included).
    const everything = JSON.stringify(await h.serve.requests());
    assert.ok(!everything.includes(PASSWORD), 'a request to Zo carried the password');

    // The panel shows the markup and the refusal, never the password.
    assert.ok(!(await msg.root.innerText()).includes(PASSWORD), 'the panel shows the password');
    assert.match(rows[2].details, /password field/);
    // The page keeps what the user typed.
    assert.equal(await formHtml(), before);
    assert.equal(await target.locator('#password').inputValue(), PASSWORD);
  });
});
