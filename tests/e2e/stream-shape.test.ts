//! The stream-shape record: which Zo event types and field names arrived (names only, never
//! values), kept by the worker in chrome.storage.local and shown in a details view of the
//! options page, so a change in Zo's wire format (here: events whose data is not JSON) shows.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness, openOptions, stored, waitFor, type Harness, T, HOOK } from './harness.ts';
import { panelOnFixture } from './panel.ts';

let h: Harness;

before(async () => {
  h = await startHarness();
}, HOOK);
after(async () => {
  await h?.close();
}, HOOK);

describe('stream shape', () => {
  test('the names that arrived are kept, values never, and shown in the options page', T, async () => {
    const panel = await panelOnFixture(h);
    const msg = await panel.send('What is the stream shape? shape-marker-1');
    assert.equal(await msg.settled(), 'done');
    const answer = await msg.answerText();
    const record = await waitFor('the record kept', async () => {
      const { streamShape } = await stored(h.ext, ['streamShape']);
      return streamShape?.streams >= 1 ? streamShape : null;
    });
    assert.ok(record.events.PartDeltaEvent > 0, JSON.stringify(record));
    assert.ok(record.fields.PartStartEvent?.length > 0, JSON.stringify(record));
    const text = JSON.stringify(record);
    assert.ok(!text.includes('shape-marker-1') && !text.includes(answer.slice(0, 30)), `values were stored: ${text}`);
    assert.equal(record.invalidJson, 0);

    // A stream whose events are not all JSON: the record says so.
    const odd = await panel.send('Once more. [[zo:fault=badjson]]');
    await odd.settled();
    await waitFor('the odd stream counted', async () => {
      const { streamShape } = await stored(h.ext, ['streamShape']);
      return streamShape?.invalidJson > 0;
    });

    const page = await openOptions(h.ext);
    const details = page.locator('details#stream-shape');
    await details.waitFor();
    assert.equal(await details.getAttribute('open'), null, 'folded until asked for');
    await details.locator('summary').click();
    await waitFor('the table', async () => (await details.locator('tr').count()) > 1);
    assert.match(await details.locator('.shape-summary').innerText(), /^Over \d+ streams: .*invalid JSON/);
    const rows = await details.locator('tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
    const delta = rows.find((r) => r[0] === 'PartDeltaEvent');
    assert.ok(delta && Number(delta[1]) > 0 && /delta/.test(delta[2] ?? ''), JSON.stringify(rows));
    await page.close();
  });
});
