// Pages built the way real sites are, in both builds of the content module (wasm, and its JS
// translation for strict-CSP pages): twin copies of a page with a scroll container, Shoelace
// web components and a React 19 table whose sorting is a transition. Each build acts on its
// copy; both must report the same (settle times aside) and do what a user's clicks would:
// - a button below the visible edge of its scroll container is scrolled into it and clicked
//   (not refused as covered by the table that follows the container);
// - the inner button of a Shoelace <sl-button> with a slotted label is clicked;
// - a disabled <sl-button> is not clicked, and the action fails as disabled;
// - [click a column header to sort, extract the first row] in one batch reads the sorted row;
// - the snapshot names Shoelace buttons by their slotted text and anchors selectors on stable
//   ids and test ids, never on React's useId ids, and every selector finds its element.
// On a page whose CSP forbids wasm, the JS build does the same.
//
// Needs the built module (./build.sh). Run: cd tests && npx tsx --test content/*.test.ts
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { Twin, load, send, settled, type Reply } from './twin.ts';

let twin: Twin;

before(async () => {
  twin = await Twin.start({ '/real-pages-app.js': 'real-pages-app.ts' });
});

after(async () => {
  await twin?.stop();
});

async function open(path: string): Promise<Page> {
  return twin.open(path, () => document.body.dataset.ready === 'yes');
}

const SIDE = '{side}';

function batch(id: string, side: string, actions: object[]) {
  const text = JSON.stringify(actions).replaceAll(SIDE, side);
  return { type: 'EXECUTE_ACTION', batchId: id, timeoutMs: 1500, actions: JSON.parse(text) };
}

const ACTS = [
  { type: 'click', selector: `${SIDE} .scroll-box .deep` },
  { type: 'click', selector: `${SIDE} sl-button.save >>> button` },
  { type: 'extract', selector: `${SIDE} .shop tbody tr:first-child .name` },
  { type: 'click', selector: `${SIDE} .shop button.by-price` },
  { type: 'extract', selector: `${SIDE} .shop tbody tr:first-child .name` },
  { type: 'click', selector: `${SIDE} .shop button.by-price` },
  { type: 'extract', selector: `${SIDE} .shop tbody tr:first-child .name` },
];
const DISABLED = [{ type: 'click', selector: `${SIDE} sl-button.delete` }];

type Outcome = { acts: Reply[]; disabled: Reply[]; clicks: Record<string, number>; boxScrolled: boolean };

/** Runs both batches with build `kind` on copy `side`, replies with the side neutralized. */
async function runOn(page: Page, kind: string, side: string): Promise<Outcome> {
  // The copy's scroll container at the top of the window: its button is inside the window's
  // viewport, below the container's visible edge, over the table that follows it.
  await page.evaluate((s) => document.querySelector(`${s} .scroll-box`)!.scrollIntoView(), side);
  const acts = batch('acts', side, ACTS);
  const disabled = batch('disabled', side, DISABLED);
  const neutral = (r: Reply[], actions: Array<{ type: string }>) =>
    JSON.parse(JSON.stringify(settled(r, actions)).replaceAll(side, SIDE));
  const out = {
    acts: neutral(await send(page, kind, acts), acts.actions),
    disabled: neutral(await send(page, kind, disabled), disabled.actions),
    clicks: JSON.parse((await page.locator(`${side} output.clicks`).textContent()) ?? '{}'),
    boxScrolled: await page.evaluate((s) => document.querySelector(`${s} .scroll-box`)!.scrollTop > 0, side),
  };
  return out;
}

function check(kind: string, o: Outcome) {
  const results = o.acts.at(-1)!.results!;
  assert.deepEqual(
    results.map((r) => r.status),
    Array(ACTS.length).fill('done'),
    `${kind}: ${JSON.stringify(results)}`,
  );
  assert.deepEqual(
    [results[2], results[4], results[6]].map((r) => r.value.value),
    ['Ash stool', 'Ash stool', 'Maple bed'],
    `${kind}: by name, cheapest first, dearest first`,
  );
  assert.ok(o.boxScrolled, `${kind}: the scroll container was scrolled`);
  const [refused] = o.disabled.at(-1)!.results!;
  assert.equal(refused.status, 'failed', kind);
  assert.equal(refused.error.code, 'disabled', `${kind}: ${refused.error.message}`);
  assert.deepEqual(o.clicks, { deep: 1, save: 1 }, `${kind}: the disabled button saw no click`);
}

type Element_ = { selector: string; label: string; tag: string; disabled?: boolean };

async function snapshotOf(page: Page, kind: string): Promise<Element_[]> {
  const [r] = await send(page, kind, { type: 'SNAPSHOT', requestId: 's', textBudget: 1000 });
  assert.equal(r.type, 'SNAPSHOT_RESULT');
  return r.snapshot.elements;
}

/** Checks the snapshot's view of copy `side`, through the page's own lookup of each selector
 *  (the `>>>` combinator resolved in the page). */
async function checkSnapshot(page: Page, elements: Element_[], side: string) {
  const useId = await page.evaluate((s) => document.querySelector(`${s} input[type=search]`)!.id, side);
  assert.ok(useId.length > 0);
  const mine = elements.filter((e) => e.selector.startsWith(side));
  const save = mine.find((e) => e.label === 'Save draft');
  assert.ok(save, `the Shoelace button is named by its slotted label: ${JSON.stringify(mine)}`);
  const del = mine.find((e) => e.label === 'Delete account');
  assert.ok(del?.disabled, 'the disabled Shoelace button is reported disabled');
  const search = mine.find((e) => e.tag === 'input');
  assert.equal(search?.selector, `${side} input[type="search"]`);
  for (const e of elements) assert.ok(!e.selector.includes(useId), `${e.selector} uses React's useId id`);
  // Every selector finds exactly one element.
  const counts = await page.evaluate(
    (sels) => sels.map((s) => (window as any).zoHarness.count(s)),
    elements.map((e) => e.selector),
  );
  const ambiguous = elements.filter((_, i) => counts[i] !== 1).map((e) => e.selector);
  assert.deepEqual(ambiguous, [], 'every selector resolves to exactly one element');
}

test('both builds scroll containers, click web components, judge disabled, settle and snapshot alike', async () => {
  const page = await open('/fixtures/real-pages.html');
  assert.equal(await load(page, 'wasm'), 'ok');
  assert.equal(await load(page, 'js'), 'ok');
  const wasm = await runOn(page, 'wasm', '#wasm-side');
  const js = await runOn(page, 'js', '#js-side');
  check('wasm', wasm);
  check('js', js);
  assert.deepEqual(js, wasm, 'same replies and the same page from both builds');

  const [ws, jss] = [await snapshotOf(page, 'wasm'), await snapshotOf(page, 'js')];
  assert.deepEqual(jss, ws, 'both builds see the page the same way');
  await checkSnapshot(page, ws, '#wasm-side');
  await checkSnapshot(page, ws, '#js-side');
  await page.close();
});

test('on a page whose CSP forbids wasm, the JS build does the same', async () => {
  const page = await open('/csp/fixtures/real-pages.html');
  assert.match(await load(page, 'wasm'), /^CompileError/);
  assert.equal(await load(page, 'js'), 'ok');
  const js = await runOn(page, 'js', '#js-side');
  check('js', js);
  await checkSnapshot(page, await snapshotOf(page, 'js'), '#js-side');
  await page.close();
});
