//! Visual mode with screenshots off, as a person sees it: the panel says Zo sees the page's
//! text only and offers a switch; once screenshots are on (here set in the settings, since a
//! test cannot click Chrome's permission prompt for all sites) the notice goes.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness, setSettings, waitFor, type Harness, T, HOOK } from './harness.ts';
import { panelOnFixture } from './panel.ts';

let h: Harness;

before(async () => {
  h = await startHarness();
}, HOOK);
after(async () => {
  await h?.close();
}, HOOK);

describe('visual mode', () => {
  test('screenshots off: a notice with a switch, in Visual mode only', T, async () => {
    await setSettings(h.ext, { screenshots: false });
    const panel = await panelOnFixture(h);
    const notice = panel.page.locator('.visual-notice');
    assert.equal(await notice.isVisible(), false, 'Ask mode says nothing');
    await panel.setMode('Visual');
    await notice.waitFor({ state: 'visible' });
    assert.match(await notice.innerText(), /Screenshots are off/);
    assert.equal(await notice.getByRole('button', { name: 'Turn screenshots on' }).isVisible(), true);
    // Screenshots turned on: the worker tells the panel, and the notice goes.
    await setSettings(h.ext, { screenshots: true });
    await waitFor('the notice gone', async () => !(await notice.isVisible()));
    await panel.setMode('Ask');
    await setSettings(h.ext, { screenshots: false });
    await panel.setMode('Visual');
    await notice.waitFor({ state: 'visible' });
  });
});
