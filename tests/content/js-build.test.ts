// The JS translation of zo-content (extension/pkg/mvp, for strict-CSP pages) performs the
// same actions as the wasm build: both run the same batch on two copies of a React form and
// must report the same results and leave the same DOM. A page served with
// `Content-Security-Policy: script-src 'self'` refuses the wasm build (CompileError) and
// runs the JS build. Neither build hands out what the user typed into a secret field of a
// React 19 form (password, card number, one-time code), on either page.
//
// Needs the built module: ./build.sh (or wasm-bindgen into extension/pkg and
// crates/zo-content/build-js.sh extension/pkg/mvp). Run: cd tests && npx tsx --test content/*.test.ts
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { Twin, send, settled, type Reply } from './twin.ts';

/** The React fixture apps, bundled by esbuild: served path -> source in fixtures/content. */
const APPS: Record<string, string> = { '/app.js': 'twin-app.tsx', '/secret-app.js': 'secret-app.tsx' };
let twin: Twin;

before(async () => {
  twin = await Twin.start(APPS);
});

after(async () => {
  await twin?.stop();
});

async function open(path: string): Promise<Page> {
  return twin.open(path, () => document.querySelector('output.state') !== null);
}

const ROOT = '{root}';
// One batch exercising every action; `{root}` becomes the copy's section selector.
const batch = [
  { type: 'fill', selector: `${ROOT} input[name="name"]`, value: 'Ada Lovelace' },
  { type: 'fill', selector: `${ROOT} input[name="email"]`, value: 'ada@example.com' },
  { type: 'fill', selector: `${ROOT} select[name="plan"]`, value: 'Pro plan' },
  { type: 'fill', selector: `${ROOT} input[name="agree"]`, value: 'on' },
  { type: 'fill', selector: `${ROOT} textarea[name="notes"]`, value: 'Line one\nLine two' },
  { type: 'click', selector: `${ROOT} button.more` },
  // Inserted by React 300 ms after the click: awaited with a MutationObserver.
  { type: 'fill', selector: `${ROOT} input[name="extra"]`, value: 'late field' },
  { type: 'fill', selector: `${ROOT} .bio`, value: 'New bio' },
  { type: 'extract', selector: `${ROOT} output.state` },
  { type: 'extract', selector: `${ROOT} a.link`, attribute: 'href' },
  { type: 'scroll', selector: `${ROOT} .scroller`, amount: 200 },
  { type: 'wait', ms: 10 },
  { type: 'click', selector: `${ROOT} .does-not-exist` },
  { type: 'click', selector: `${ROOT} button.more` },
];

function batchFor(rootSel: string) {
  const actions = batch.map((a) => JSON.parse(JSON.stringify(a).replaceAll(ROOT, rootSel)));
  return { type: 'EXECUTE_ACTION', batchId: 'twin', timeoutMs: 2000, actions };
}

async function runOn(page: Page, kind: string, rootSel: string) {
  const msg = batchFor(rootSel);
  // Settle times differ from run to run: checked, then left out of the comparison.
  const replies = settled(await send(page, kind, msg), msg.actions);
  const state = await page.evaluate((r) => (window as any).zoHarness.state(r), rootSel);
  // Results mention the root selector (scroll target, error messages): neutralize it.
  const text = JSON.stringify(replies).replaceAll(rootSel, ROOT);
  return { replies: JSON.parse(text) as Reply[], state };
}

const expectedState = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  plan: 'pro',
  agree: true,
  notes: 'Line one\nLine two',
  extra: 'late field',
  react: JSON.stringify({
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    plan: 'pro',
    agree: true,
    notes: 'Line one\nLine two',
    extra: 'late field',
    clicks: 1,
  }),
  bio: 'New bio',
  scrollTop: 200,
};

function checkOutcome(replies: Reply[], state: Record<string, unknown>) {
  const done = replies.at(-1)!;
  assert.equal(done.type, 'BATCH_DONE');
  const results = done.results as { index: number; status: string; value?: any; error?: any }[];
  const statuses = results.map((r) => r.status);
  assert.deepEqual(statuses, [...Array(12).fill('done'), 'failed', 'skipped']);
  assert.equal(results[12].error.code, 'not_found');
  assert.equal(JSON.parse(results[8].value.value).extra, 'late field', 'React state has the late field');
  assert.match(results[9].value.value, /^http:\/\/127\.0\.0\.1:\d+\/docs\/page\?x=1$/);
  assert.equal(results[10].value.y, 200);
  // running, then final, for each action that ran; skipped reported once.
  const progress = replies.filter((r) => r.type === 'ACTION_RESULT').map((r: any) => `${r.result.index}:${r.result.status}`);
  assert.equal(progress.length, 13 * 2 + 1);
  for (const [key, want] of Object.entries(expectedState)) assert.deepEqual(state[key], want, key);
}

test('the JS build performs the same actions as the wasm build', async () => {
  const page = await open('/fixtures/twin-form.html');
  assert.equal(await page.evaluate(() => (window as any).zoHarness.load('wasm')), 'ok');
  assert.equal(await page.evaluate(() => (window as any).zoHarness.load('js')), 'ok');
  const pong = async (k: string) => page.evaluate((kk) => (window as any).zoHarness.send(kk, { type: 'PING' }), k);
  assert.deepEqual(await pong('wasm'), [{ type: 'PONG', build: 'wasm' }]);
  assert.deepEqual(await pong('js'), [{ type: 'PONG', build: 'js' }]);

  const wasm = await runOn(page, 'wasm', '#wasm-side');
  const js = await runOn(page, 'js', '#js-side');
  checkOutcome(wasm.replies, wasm.state);
  assert.deepEqual(js.replies, wasm.replies, 'same replies from both builds');
  assert.deepEqual(js.state, wasm.state, 'same resulting DOM');

  // Both builds see the same page the same way.
  const snap = (k: string) =>
    page.evaluate((kk) => (window as any).zoHarness.send(kk, { type: 'SNAPSHOT', requestId: 'r', textBudget: 2000 }), k);
  const [ws, jss] = [await snap('wasm'), await snap('js')];
  assert.equal(ws[0].type, 'SNAPSHOT_RESULT');
  assert.ok(ws[0].snapshot.elements.length >= 16, 'both copies listed');
  assert.deepEqual(jss, ws);
  await page.close();
});

test('on a page whose CSP forbids wasm, the wasm build fails with CompileError and the JS build works', async () => {
  const page = await open('/csp/fixtures/twin-form.html');
  const wasm = await page.evaluate(() => (window as any).zoHarness.load('wasm'));
  assert.match(wasm, /^CompileError/);
  assert.equal(await page.evaluate(() => (window as any).zoHarness.load('js')), 'ok');
  const js = await runOn(page, 'js', '#js-side');
  checkOutcome(js.replies, js.state);
  await page.close();
});

// What the user types into the secret form, per field name.
const TYPED = { email: 'ann@example.com', password: 'hunter2-Typed!', card: '4242424242424242', code: '913377' };
const SECRETS = [TYPED.password, TYPED.card, TYPED.code];

function extracts(side: string, list: Array<[string, string]>) {
  const actions = list.map(([sel, attribute]) => ({ type: 'extract', selector: `${side} ${sel}`, attribute }));
  return { type: 'EXECUTE_ACTION', batchId: 'secret', timeoutMs: 2000, actions };
}

function assertNoSecret(what: string, text: string) {
  for (const s of SECRETS) assert.ok(!text.includes(s), `${what} holds ${s}: ${text}`);
}

/** The `<input>` tag named `name` in `html`. */
function inputTag(html: string, name: string): string {
  const tag = html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`));
  assert.ok(tag, `no input named ${name} in ${html}`);
  return tag[0];
}

/** Reads the form of `side` with build `kind`, with the side neutralized in the replies:
 *  its markup, then each secret field's value (one batch each: a refusal ends a batch), then
 *  the same once the password is shown as text, and a snapshot. */
async function readSecretForm(page: Page, kind: string, side: string) {
  const formHtml = () => page.evaluate((s) => document.querySelector(`${s} form`)!.outerHTML, side);
  const before = await formHtml();
  // React wrote the typed password into the value attribute: the page's markup carries it.
  assert.ok(before.includes(`value="${TYPED.password}"`), `React synced the value attribute: ${before}`);
  const one = async (sel: string, attribute: string) =>
    ((await send(page, kind, extracts(side, [[sel, attribute]]))).at(-1)!.results as any[])[0];
  const read = [
    await one('form', 'outerHTML'),
    await one('form', 'innerHTML'),
    await one('input[name="password"]', 'value'),
    await one('input[name="card"]', 'value'),
    await one('input[name="code"]', 'value'),
    await one('input[name="password"]', 'defaultValue'),
  ];
  assert.equal(await formHtml(), before, `${kind}: reading left the page as it was`);
  // The user shows the password: it is a text input now, still a password by its autocomplete.
  await page.locator(`${side} button.show`).click();
  await page.waitForFunction((s) => document.querySelector(`${s} input[name="password"]`)!.getAttribute('type') === 'text', side);
  const shown = [await one('form', 'outerHTML'), await one('input[name="password"]', 'value')];
  const snapshot = await send(page, kind, { type: 'SNAPSHOT', requestId: 'r', textBudget: 2000 });
  const neutral = (r: unknown) => JSON.parse(JSON.stringify(r).replaceAll(side, '{side}'));
  return { read: neutral(read), shown: neutral(shown), snapshot: snapshot[0] as any };
}

type Result = { status: string; value?: any; error?: any };

function checkSecretForm(kind: string, out: { read: Result[]; shown: Result[]; snapshot: any }) {
  assertNoSecret(`${kind} replies`, JSON.stringify([out.read, out.shown]));
  assertNoSecret(`${kind} snapshot`, JSON.stringify(out.snapshot));
  const { read, shown } = out;
  assert.deepEqual(read.map((r) => r.status), ['done', 'done', 'failed', 'failed', 'failed', 'failed'], JSON.stringify(read));
  for (const html of [read[0].value.value, read[1].value.value]) {
    const password = inputTag(html, 'password');
    assert.ok(password.includes('type="password"') && password.includes('value=""'), password);
    assert.ok(inputTag(html, 'card').includes('value=""'));
    assert.ok(inputTag(html, 'code').includes('value=""'));
    assert.ok(inputTag(html, 'email').includes(`value="${TYPED.email}"`), 'what is not secret is kept');
  }
  for (const r of read.slice(2)) assert.equal(r.error.code, 'unsupported');
  assert.match(read[2].error.message, /is a password field: its value never leaves the page/);
  assert.match(read[3].error.message, /is a payment card field/);
  assert.match(read[4].error.message, /is a one-time code field/);
  assert.deepEqual(shown.map((r) => r.status), ['done', 'failed'], JSON.stringify(shown));
  const password = inputTag(shown[0].value.value, 'password');
  assert.ok(password.includes('type="text"') && password.includes('value=""'), password);
  const elements = out.snapshot.snapshot.elements as Array<{ selector: string; secret?: string; value?: string }>;
  const secrets = elements.filter((e) => e.secret).map((e) => e.secret).sort();
  // Both copies of the form: two passwords, two card numbers, two codes, no value for any.
  assert.deepEqual(secrets, ['one-time-code', 'one-time-code', 'password', 'password', 'payment', 'payment']);
  assert.ok(elements.filter((e) => e.secret).every((e) => e.value === undefined));
  assert.ok(elements.some((e) => e.value === TYPED.email), 'other values are in the snapshot');
}

async function typeInto(page: Page, side: string) {
  for (const [name, text] of Object.entries(TYPED)) {
    await page.locator(`${side} input[name="${name}"]`).pressSequentially(text);
  }
}

test('what the user typed into secret fields of a React 19 form never leaves the page, in both builds', async () => {
  const page = await open('/fixtures/secret-form.html');
  assert.equal(await page.evaluate(() => (window as any).zoHarness.load('wasm')), 'ok');
  assert.equal(await page.evaluate(() => (window as any).zoHarness.load('js')), 'ok');
  await typeInto(page, '#wasm-side');
  await typeInto(page, '#js-side');
  const wasm = await readSecretForm(page, 'wasm', '#wasm-side');
  const js = await readSecretForm(page, 'js', '#js-side');
  checkSecretForm('wasm', wasm);
  checkSecretForm('js', js);
  assert.deepEqual(js.read, wasm.read, 'same replies from both builds');
  assert.deepEqual(js.shown, wasm.shown, 'same replies from both builds');
  // React still holds what was typed: nothing was blanked in the page.
  const state = await page.evaluate(() => document.querySelector('#wasm-side output.state')!.textContent);
  assert.deepEqual(JSON.parse(state!), { email: TYPED.email, passwordLength: 14, shown: true, cardLength: 16, codeLength: 6 });
  await page.close();
});

test('what the user typed into secret fields never leaves a page whose CSP forbids wasm', async () => {
  const page = await open('/csp/fixtures/secret-form.html');
  assert.match(await page.evaluate(() => (window as any).zoHarness.load('wasm')), /^CompileError/);
  assert.equal(await page.evaluate(() => (window as any).zoHarness.load('js')), 'ok');
  await typeInto(page, '#js-side');
  checkSecretForm('js', await readSecretForm(page, 'js', '#js-side'));
  await page.close();
});
