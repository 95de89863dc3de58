//! The model and persona pickers, as a person uses them: the lists come from Zo's
//! `/models/available` and `/personas/available` (fetched by the worker with the key the panel
//! never sees), a choice is kept in the settings and goes with the next question, and each
//! answer's footer names its mode, model and duration.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness, stored, asksWith, waitFor, type Harness, T, HOOK } from './harness.ts';
import { panelOnFixture } from './panel.ts';

let h: Harness;

before(async () => {
  h = await startHarness();
}, HOOK);
after(async () => {
  await h?.close();
}, HOOK);

describe('model and persona', () => {
  test('pickers list what Zo offers; the choice goes with the question and shows in the footer', T, async () => {
    const panel = await panelOnFixture(h);
    await panel.newChat();
    const model = panel.page.getByRole('combobox', { name: 'Model', exact: true });
    const persona = panel.page.getByRole('combobox', { name: 'Persona', exact: true });
    await waitFor('the model list', async () => (await model.locator('option').count()) === 3);
    assert.deepEqual(await model.locator('option').allInnerTexts(), ['Default model', 'Zo Dev Fast', 'Zo Dev Capable']);
    assert.deepEqual(await persona.locator('option').allInnerTexts(), ['Default persona', 'Zo', 'Co-browser']);
    await model.selectOption({ label: 'Zo Dev Capable' });
    await persona.selectOption({ label: 'Co-browser' });
    await waitFor('the choice stored', async () => {
      const { settings } = await stored(h.ext, ['settings']);
      return settings?.model === 'zo-dev/capable' && settings?.personaId === 'persona_browser';
    });
    const msg = await panel.send('Which model? [[zo:scenario=plain]] [[zo:key=choice-1]]');
    assert.equal(await msg.settled(), 'done');
    const [ask] = await asksWith(h.serve, 'choice-1');
    assert.equal((ask.body as any).model_name, 'zo-dev/capable');
    assert.equal((ask.body as any).persona_id, 'persona_browser');
    assert.match(await msg.root.locator('.elapsed').innerText(), /^Ask · Zo Dev Capable · \d/);
    // Back to Zo's default: nothing is sent, and the footer names no model.
    await model.selectOption({ label: 'Default model' });
    await waitFor('the default stored', async () => (await stored(h.ext, ['settings'])).settings?.model == null);
    const next = await panel.send('And now? [[zo:scenario=plain]] [[zo:key=choice-2]]');
    assert.equal(await next.settled(), 'done');
    const [ask2] = await asksWith(h.serve, 'choice-2');
    assert.equal((ask2.body as any).model_name, undefined);
    assert.match(await next.root.locator('.elapsed').innerText(), /^Ask · \d/);
    // The panel's page never saw the key on the way.
    assert.equal(await panel.page.evaluate(() => document.body.innerHTML.includes('zo_sk_')), false);
  });
});
