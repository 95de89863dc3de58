//! The history against a full storage quota: when `chrome.storage.local` refuses the history
//! (the extension's 10 MB are used up), the panel says so above the composer instead of only
//! logging it, the answer stays on screen, and once there is room again the next save goes
//! through and the notice goes away.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness, storedHistory, waitFor, type Harness, T, HOOK } from './harness.ts';
import { panelOnFixture } from './panel.ts';

let h: Harness;

before(async () => {
  h = await startHarness();
}, HOOK);
after(async () => {
  await h?.close();
}, HOOK);

/** Fills the extension's storage quota but for `room` bytes (a key the extension never reads). */
async function fillStorage(room: number): Promise<void> {
  await h.ext.inExtension(async (leave: number) => {
    const local = (globalThis as any).chrome.storage.local;
    const used: number = await local.getBytesInUse(null);
    // A key's cost is its name and its value as JSON ("..." around the string).
    const size = local.QUOTA_BYTES - used - leave - 'zoTestFiller'.length - 2;
    await local.set({ zoTestFiller: 'x'.repeat(size) });
  }, room);
}

describe('history quota', () => {
  test('a history the storage cannot hold is reported in the panel, and the next save clears it', T, async () => {
    const panel = await panelOnFixture(h);
    await fillStorage(200);
    const notice = panel.page.locator('.storage-notice');
    assert.equal(await notice.isVisible(), false);

    const msg = await panel.send('Fill it up. quota-full [[zo:scenario=thinking]]');
    assert.equal(await msg.settled(), 'done');
    await waitFor('the storage notice', async () => notice.isVisible());
    assert.match(await notice.innerText(), /storage is full/);
    assert.equal(await notice.getAttribute('role'), 'alert');
    // The answer is still there to read.
    assert.ok((await msg.answerText()).length > 0);
    const stored = await storedHistory(h.ext);
    const inputs = (stored?.chats ?? []).flatMap((c: any) => c.messages ?? []).map((m: any) => String(m.text));
    assert.ok(!inputs.some((t: string) => t.includes('quota-full')), 'nothing was stored while full');

    await h.ext.inExtension(async () => (globalThis as any).chrome.storage.local.remove('zoTestFiller'), null);
    const next = await panel.send('Room again. quota-room [[zo:scenario=plain]]');
    assert.equal(await next.settled(), 'done');
    await waitFor('the notice to go', async () => !(await notice.isVisible()));
    const history = await waitFor('both questions stored', async () => {
      const s = await storedHistory(h.ext);
      const texts = (s?.chats ?? []).flatMap((c: any) => c.messages ?? []).map((m: any) => String(m.text));
      return texts.some((t: string) => t.includes('quota-full')) && texts.some((t: string) => t.includes('quota-room')) ? s : null;
    });
    assert.equal(history.chats.length, 1);
  });
});
