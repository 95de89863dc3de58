//! The side panel as a person sees it, for the specs: type and send a message, pick a mode,
//! Stop, Retry, and read back the last answer (text, thinking, tools, action timeline, error
//! card, final status). Every selector of the panel's markup lives here, so a markup change
//! is fixed in one place. Prefers roles and accessible names; falls back to the panel's
//! class names (crates/zo-panel/src/{layout,message_view}.rs) where no role exists.

import type { Locator, Page } from 'playwright-core';
import { waitFor, WAIT_MS, openPanel, type Harness } from './harness.ts';

/** Final states of an assistant message (`data-status` on its article). */
export type MessageStatus = 'streaming' | 'done' | 'stopped' | 'failed' | 'interrupted';

export interface TimelineRow {
  title: string;
  /** The selector or URL the action names (the target's tooltip). */
  target: string;
  /** What the row shows for its target: the element's name (“Name”) once known, else `target`. */
  shown: string;
  status: string;
  details: string;
}

export class PanelPage {
  constructor(readonly page: Page) {}

  get input(): Locator {
    return this.page.getByRole('combobox', { name: 'Message' });
  }
  get sendButton(): Locator {
    return this.page.getByRole('button', { name: 'Send', exact: true });
  }
  get stopButton(): Locator {
    return this.page.getByRole('button', { name: 'Stop', exact: true });
  }
  get modePicker(): Locator {
    return this.page.getByRole('combobox', { name: 'Mode', exact: true });
  }
  /** Every assistant message, oldest first. */
  get assistantMessages(): Locator {
    return this.page.locator('article.msg.assistant');
  }
  get userMessages(): Locator {
    return this.page.locator('article.msg.user');
  }
  last(): AssistantMessage {
    return new AssistantMessage(this.assistantMessages.last());
  }
  nth(i: number): AssistantMessage {
    return new AssistantMessage(this.assistantMessages.nth(i));
  }

  /** Waits until the panel's UI is built (the composer is visible). */
  async ready(): Promise<void> {
    await this.input.waitFor({ state: 'visible', timeout: WAIT_MS });
  }

  /** Starts recording, inside the panel page, what flashes by while answers stream (progress
   *  labels such as "Reconnecting…", live thinking text), which a poll from the test could miss.
   *  Read it back with `seen()`. */
  async record(): Promise<void> {
    // A string, not a function: tsx's name-keeping helpers do not exist inside the page.
    await this.page.evaluate(RECORDER);
  }

  async seen(): Promise<{ labels: string[]; thinking: string[]; rawJson: string[] }> {
    return this.page.evaluate(() => (window as any).__zoSeen ?? { labels: [], thinking: [], rawJson: [] });
  }

  /** Starts a new chat (the panel reopens the last chat when it loads, and a Co-browse task
   *  in the same chat continues the same Zo conversation). */
  async newChat(): Promise<void> {
    await this.page.getByRole('button', { name: 'New chat', exact: true }).click();
    await waitFor('an empty conversation', async () => (await this.assistantMessages.count()) === 0);
  }

  /** The onboarding card shown when no API key is set. */
  get onboarding(): Locator {
    return this.page.getByRole('region', { name: 'Welcome to Zo' });
  }
  /** The empty chat's starter prompts (buttons). */
  get starters(): Locator {
    return this.page.getByRole('group', { name: 'Suggestions' }).getByRole('button');
  }

  /** Edits question `i` (0-based) to `text` and sends it, as a person would. */
  async editQuestion(i: number, text: string): Promise<void> {
    const q = this.userMessages.nth(i);
    await q.hover();
    await q.getByRole('button', { name: 'Edit question' }).click();
    await q.getByRole('textbox', { name: 'Edit question' }).fill(text);
    await q.getByRole('button', { name: 'Send edited question' }).click();
  }

  /** Picks a mode by its label ("Ask", "Co-browse", ...). */
  async setMode(label: string): Promise<void> {
    await this.modePicker.selectOption({ label });
  }

  // ------------------------------------------------------------- the history list

  get historyButton(): Locator {
    return this.page.getByRole('button', { name: 'Chat history', exact: true });
  }
  get historySearch(): Locator {
    return this.page.getByRole('searchbox', { name: 'Search chats' });
  }
  /** The Undo toast of a deleted chat. */
  get undoToast(): Locator {
    return this.page.locator('.toast');
  }

  /** Opens the history list (if closed). */
  async openHistory(): Promise<void> {
    if ((await this.historyButton.getAttribute('aria-expanded')) !== 'true') await this.historyButton.click();
    await this.page.getByRole('region', { name: 'Chat history' }).waitFor({ state: 'visible', timeout: WAIT_MS });
  }

  /** The history list as shown: each date group's heading and its chats' titles, in order. */
  async historyGroups(): Promise<Array<{ heading: string; chats: string[] }>> {
    return this.page.evaluate(() =>
      [...document.querySelectorAll('.chat-group')].map((g) => ({
        heading: (g.querySelector('.group-label')?.textContent ?? '').trim(),
        chats: [...g.querySelectorAll('.chat-title')].map((t) => (t.textContent ?? '').trim()),
      })),
    );
  }

  /** The row of the chat titled `title` in the history list. */
  chatRow(title: string): Locator {
    return this.page.locator('.chat-item').filter({
      has: this.page.locator('.chat-title').getByText(title, { exact: true }),
    });
  }

  /** What the list shows for the chat titled `title`: 'running', 'needs-you' or null (idle). */
  async chatState(title: string): Promise<string | null> {
    return this.chatRow(title).getAttribute('data-state');
  }

  /** Opens the chat titled `title` from the history list. */
  async openChat(title: string): Promise<void> {
    await this.openHistory();
    await this.chatRow(title).locator('button.chat-open').click();
    await waitFor(`the chat "${title}" on screen`, async () => !(await this.historyButton.getAttribute('aria-expanded'))?.includes('true'));
  }

  /** Renames the chat titled `title` in place: types `text` and presses `key` (Enter keeps,
   *  Escape cancels). */
  async renameChat(title: string, text: string, key: 'Enter' | 'Escape' = 'Enter'): Promise<void> {
    await this.openHistory();
    await this.page.getByRole('button', { name: `Rename “${title}”`, exact: true }).click();
    const field = this.page.getByRole('textbox', { name: 'Chat title' });
    await field.fill(text);
    await field.press(key);
    await field.waitFor({ state: 'detached', timeout: WAIT_MS });
  }

  /** Deletes the chat titled `title` from the history list. */
  async deleteChat(title: string): Promise<void> {
    await this.openHistory();
    await this.page.getByRole('button', { name: `Delete “${title}”`, exact: true }).click();
  }

  /** Types `text` and clicks Send, as a person would; returns the new assistant message. */
  async send(text: string): Promise<AssistantMessage> {
    const before = await this.assistantMessages.count();
    await this.input.fill(text);
    await this.sendButton.click();
    await waitFor('a new assistant message', async () => (await this.assistantMessages.count()) > before);
    return new AssistantMessage(this.assistantMessages.nth(before));
  }
}

/** Installs `window.__zoSeen = {labels, thinking, rawJson}` (rawJson: answer texts that showed
 *  action JSON or a code fence) and a MutationObserver that fills it. */
const RECORDER = `(() => {
  if (window.__zoSeen) return;
  const seen = { labels: [], thinking: [], rawJson: [] };
  window.__zoSeen = seen;
  const visible = (e) => !e.closest('[hidden]');
  const look = () => {
    for (const ind of document.querySelectorAll('.indicator')) {
      if (!visible(ind)) continue;
      const label = ((ind.querySelector('.indicator-label') || {}).textContent || '').trim();
      if (label && seen.labels[seen.labels.length - 1] !== label) seen.labels.push(label);
    }
    for (const t of document.querySelectorAll('.thinking')) {
      if (!visible(t)) continue;
      const text = ((t.querySelector('.thinking-text') || {}).textContent || '').trim();
      if (!text) continue;
      const last = seen.thinking[seen.thinking.length - 1];
      if (last !== undefined && text.startsWith(last)) seen.thinking[seen.thinking.length - 1] = text;
      else if (!seen.thinking.includes(text)) seen.thinking.push(text);
    }
    for (const a of document.querySelectorAll('article.msg.assistant .answer')) {
      const text = a.textContent || '';
      if (/"actions"|"type"\\s*:|"action"\\s*:|\\{\\s*"(click|fill|navigate|done)"|\\x60{3}/.test(text) && !seen.rawJson.includes(text)) seen.rawJson.push(text);
    }
  };
  new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  look();
})()`;

export class AssistantMessage {
  constructor(readonly root: Locator) {}

  get answer(): Locator {
    return this.root.locator('.answer');
  }
  /** Live thinking while it streams. */
  get thinking(): Locator {
    return this.root.locator('.thinking');
  }
  /** Final reasoning: collapsed into a "Thought" disclosure (or inline when short). */
  get reasoning(): Locator {
    return this.root.locator('.reasoning');
  }
  get thoughtDisclosure(): Locator {
    return this.root.locator('.reasoning details');
  }
  get tools(): Locator {
    return this.root.locator('.explored li');
  }
  get timeline(): Locator {
    return this.root.getByRole('list', { name: 'Actions' });
  }
  get errorCard(): Locator {
    return this.root.getByRole('alert');
  }
  get indicator(): Locator {
    return this.root.locator('.indicator');
  }
  get retryButton(): Locator {
    return this.root.getByRole('button', { name: 'Retry', exact: true });
  }
  get settingsLink(): Locator {
    return this.root.getByRole('button', { name: 'Open settings', exact: true });
  }
  get regenerateButton(): Locator {
    return this.root.getByRole('button', { name: 'Regenerate', exact: true });
  }
  get copyButton(): Locator {
    return this.root.getByRole('button', { name: 'Copy', exact: true });
  }
  /** Approval cards of a Co-browse task (role group named "Approval needed: ..." while it
   *  waits, then by the answer: "Allowed once: ...", "Denied: ..."), oldest first. */
  get approvalCards(): Locator {
    return this.root.getByRole('group', { name: /^(Approval needed|Allowed once|Allowed for this task|Denied|Not answered):/ });
  }
  /** The task's origin chips ("https://shop.example (where you started)"). */
  get scopeChips(): Locator {
    return this.root.getByRole('list', { name: 'Zo may act on' }).getByRole('listitem');
  }
  /** Offers to let the task send data to a site the network guard blocked ("Blocked: sending data to ..."). */
  get sendOffers(): Locator {
    return this.root.getByRole('group', { name: /^Blocked: sending data to / });
  }
  /** The task's work-log notes. */
  get notes(): Locator {
    return this.root.getByRole('list', { name: 'Notes' }).getByRole('listitem');
  }

  /** Waits for a card that waits for an answer; returns its title. */
  async waitingApproval(): Promise<string> {
    const card = this.root.locator('.approval:not(.send-offer)[data-state="waiting"]').last();
    await card.waitFor({ state: 'visible', timeout: WAIT_MS });
    return (await card.locator('.approval-title').innerText()).trim();
  }

  /** Answers the waiting card as a person would: clicks "Allow once", "Allow for this task" or "Deny". */
  async answerApproval(label: 'Allow once' | 'Allow for this task' | 'Deny'): Promise<void> {
    const card = this.root.locator('.approval:not(.send-offer)[data-state="waiting"]').last();
    await card.getByRole('button', { name: label, exact: true }).click();
  }

  async status(): Promise<string | null> {
    return this.root.getAttribute('data-status');
  }

  /** Waits until the message reaches one of `statuses` (default: any final status). */
  async settled(statuses: MessageStatus[] = ['done', 'stopped', 'failed', 'interrupted'], timeout = WAIT_MS): Promise<string> {
    return waitFor(
      `the answer to reach ${statuses.join('|')}`,
      async () => {
        const s = await this.status();
        return s && (statuses as string[]).includes(s) ? s : null;
      },
      { timeout },
    );
  }

  /** Waits until the message reaches one of `statuses`, answering every approval card on the
   *  way with `answer`, as a person who agrees would. Returns the final status and the titles of
   *  the cards answered, in order. */
  async settledAnswering(
    answer: 'Allow once' | 'Allow for this task' | 'Deny',
    statuses: MessageStatus[] = ['done', 'stopped', 'failed', 'interrupted'],
    timeout = WAIT_MS,
  ): Promise<{ status: string; answered: string[] }> {
    const answered: string[] = [];
    const waiting = this.root.locator('.approval[data-state="waiting"]');
    const status = await waitFor(
      `the answer to reach ${statuses.join('|')}`,
      async () => {
        if ((await waiting.count()) > 0) {
          const card = waiting.first();
          answered.push((await card.locator('.approval-title').innerText()).trim());
          await card.getByRole('button', { name: answer, exact: true }).click();
          return null;
        }
        const s = await this.status();
        return s && (statuses as string[]).includes(s) ? s : null;
      },
      { timeout },
    );
    return { status, answered };
  }

  /** The answer as rendered (visible text). */
  async answerText(): Promise<string> {
    return (await this.answer.innerText()).trim();
  }

  /** The one line an ended run folds to ("Ran 7 actions in 1.4 s"). */
  get runLine(): Locator {
    return this.root.locator('.run > .run-line');
  }

  /** Expands a folded run, as a person clicks its one line. */
  async expandRun(): Promise<void> {
    const run = this.root.locator('.run');
    if ((await run.count()) > 0 && (await run.getAttribute('open')) === null) await this.runLine.click();
  }

  /** The run as read top to bottom: rows as `row: <title> <target>` and the cards between
   *  them as `card: <title>` (approvals, the offers of the rest of a step, send offers). */
  async runItems(): Promise<string[]> {
    await this.expandRun();
    return this.timeline.locator(':scope > li').evaluateAll((items) =>
      items.map((li) =>
        li.classList.contains('run-card')
          ? `card: ${(li.querySelector('.approval-title')?.textContent ?? '').trim()}`
          : `row: ${(li.querySelector('.step-title')?.textContent ?? '').trim()} ${(li.querySelector('.step-target')?.getAttribute('title') ?? '').trim()}`,
      ),
    );
  }

  async timelineRows(): Promise<TimelineRow[]> {
    await this.expandRun();
    const rows = this.timeline.locator('li.step');
    const n = await rows.count();
    const out: TimelineRow[] = [];
    for (let i = 0; i < n; i++) {
      const row = rows.nth(i);
      out.push({
        title: (await row.locator('.step-title').innerText()).trim(),
        target: ((await row.locator('.step-target').getAttribute('title')) ?? '').trim(),
        shown: (await row.locator('.step-target').innerText()).trim(),
        status: (await row.getAttribute('data-status')) ?? '',
        details: (await row.innerText()).trim(),
      });
    }
    return out;
  }
}

/** Collapses whitespace runs, so rendered Markdown text and raw text compare by words. */
/** A panel bound to a fresh tab of fixture page `fixturePath`, switched to `mode`, recording. */
export async function panelOnFixture(h: Harness, fixturePath = 'form.html', mode = 'Ask'): Promise<PanelPage> {
  const target = await h.open(fixturePath);
  const panel = new PanelPage(await openPanel(h.ext, target));
  await panel.ready();
  await panel.setMode(mode);
  await panel.record();
  return panel;
}

export function words(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** What rendered Markdown of `raw` reads as (inline code marks removed), by words. */
export function renderedWords(raw: string): string {
  return words(raw.replace(/`/g, ''));
}
