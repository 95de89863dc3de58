// End-to-end latency of a streamed answer: from `zo-dev serve` writing a delta to the side
// panel's DOM showing it, with the whole extension in between (service worker: fetch body
// reader, zo-core's ask driver and stream pipeline, the `stream` port; panel: zo-core's turn,
// the Markdown stream, the DOM). The extension is loaded unpacked in headless Chromium and
// driven as in tests/e2e (the e2e harness: staged extension, settings pointing at the local
// server, the panel opened as a tab bound to a fixture page), in Ask mode.
//
// The answer is a script step of DELTAS words `w001 … w200`, one word per delta (zo-dev cuts
// tokens of at most 8 bytes), written PACE_MS apart; `[[zo:stamps=1]]` makes the server record
// when it wrote each token (ms since the epoch, to the microsecond: `tokenWrittenAt` in its
// request log). Inside the panel page a MutationObserver notes, for each word, when it first
// appears in the answer's DOM (`performance.timeOrigin + performance.now()`), and when the
// animation frame after that runs its callbacks (just before it is painted). Both clocks are the machine's wall
// clock, read in two processes. One warm-up answer first (worker and panel wasm warm, the
// connection to the server open), then the measured one.
//
// Run alone: cd tests && npx tsx bench/latency.ts

import { pathToFileURL } from 'node:url';
import { startHarness, type Harness } from '../e2e/harness.ts';
import { panelOnFixture, type PanelPage } from '../e2e/panel.ts';
import { ensureZoDev } from './procs.ts';
import { type Row, fmt, median, notMeasured, textTable } from './lib.ts';

const SECTION = 'latency';
const DELTAS = 200;
const PACE_MS = 20;
const TARGET_P50_MS = 16;

/** `w001 w002 … w200`: one word per delta, each word's number says which delta it came in. */
const ANSWER = Array.from({ length: DELTAS }, (_, i) => `w${String(i + 1).padStart(3, '0')}`).join(' ');

/** Installs `window.__zoLatency = {dom: [], frame: []}` in the panel page: for word i (0-based)
 *  of the last assistant message's answer, when it first showed in the DOM and the start of the
 *  animation frame after that runs. A string, not a function: tsx's helpers do not exist in the page. */
const RECORDER = `(() => {
  if (window.__zoLatencyObserver) window.__zoLatencyObserver.disconnect();
  const rec = { dom: [], frame: [] };
  window.__zoLatency = rec;
  const before = new Set(document.querySelectorAll('article.msg.assistant'));
  const now = () => performance.timeOrigin + performance.now();
  const look = () => {
    const t = now();
    const articles = [...document.querySelectorAll('article.msg.assistant')].filter((a) => !before.has(a));
    const answer = articles.length ? articles[0].querySelector('.answer') : null;
    if (!answer) return;
    const words = (answer.textContent || '').match(/w\\d{3}/g);
    const seen = words ? Number(words[words.length - 1].slice(1)) : 0;
    if (seen <= rec.dom.length) return;
    const from = rec.dom.length;
    for (let i = from; i < seen; i++) rec.dom.push(t);
    requestAnimationFrame(() => {
      const f = now();
      for (let i = from; i < seen; i++) rec.frame[i] = f;
    });
  };
  const observer = new MutationObserver(look);
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  window.__zoLatencyObserver = observer;
})()`;

interface Run {
  written: number[];
  dom: number[];
  frame: number[];
}

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

/** Sends one question whose answer is the script's words; returns the server's and the page's
 *  times of each delta. */
async function answerOnce(h: Harness, panel: PanelPage, script: string, marker: string): Promise<Run> {
  await panel.page.evaluate(RECORDER);
  const msg = await panel.send(`${marker} [[zo:script=${script}]] [[zo:pace=${PACE_MS}]] [[zo:stamps=1]]`);
  const status = await msg.settled(undefined, 60_000);
  if (status !== 'done') throw new Error(`the answer ended ${status}: ${(await msg.root.innerText()).slice(0, 200)}`);
  const rec: { dom: number[]; frame: number[] } = await panel.page.evaluate(() => (window as any).__zoLatency);
  const asks = (await h.serve.requests()).filter(
    (r) => r.path === '/zo/ask' && typeof (r.body as any)?.input === 'string' && (r.body as any).input.includes(marker),
  );
  if (asks.length !== 1) throw new Error(`${asks.length} requests carried ${marker} (a retry?)`);
  const written = asks[0].tokenWrittenAt as number[] | undefined;
  if (!written || written.length !== DELTAS) throw new Error(`the server stamped ${written?.length ?? 0} of ${DELTAS} deltas`);
  if (rec.dom.length !== DELTAS) throw new Error(`the panel showed ${rec.dom.length} of ${DELTAS} deltas`);
  return { written, dom: rec.dom, frame: rec.frame };
}

export async function benchLatency(): Promise<Row[]> {
  let h: Harness | null = null;
  try {
    ensureZoDev();
    h = await startHarness();
    const script = `latency-${Date.now().toString(36)}`;
    await h.serve.addScript(script, [ANSWER]);
    const panel = await panelOnFixture(h, 'form.html', 'Ask');
    await panel.page.bringToFront();
    await answerOnce(h, panel, script, 'latency-warmup');
    await panel.newChat();
    const run = await answerOnce(h, panel, script, 'latency-measured');
    const toDom = run.dom.map((t, i) => t - run.written[i]);
    const toFrame = run.frame.map((t, i) => t - run.written[i]);
    const p50 = median(toDom);
    const p95 = percentile(toDom, 95);
    const gaps = run.written.slice(1).map((t, i) => t - run.written[i]);
    return [
      {
        section: SECTION,
        name: `zo-dev serve writes a delta -> the panel's DOM shows it, ${DELTAS} deltas ${PACE_MS} ms apart`,
        value: `p50 ${fmt(p50)} ms, p95 ${fmt(p95)} ms (min ${fmt(Math.min(...toDom))}, max ${fmt(Math.max(...toDom))})`,
        target: `p50 < ${TARGET_P50_MS} ms (one frame)`,
        met: p50 < TARGET_P50_MS,
        note:
          `extension loaded in headless Chromium, Ask mode; to the next animation frame: ` +
          `p50 ${fmt(median(toFrame))} ms, p95 ${fmt(percentile(toFrame, 95))} ms; ` +
          `server wrote deltas a median ${fmt(median(gaps))} ms apart`,
      },
    ];
  } catch (err) {
    if (process.env.ZO_BENCH_DEBUG) console.error(err);
    return [notMeasured(SECTION, "zo-dev serve writes a delta -> the panel's DOM shows it", (err as Error).message.split('\n')[0])];
  } finally {
    await h?.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(textTable(await benchLatency()));
}
