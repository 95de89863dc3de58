// Panel rendering of Markdown answers:
// (a) a 100 000-character answer streamed in 20 000 deltas through zo-core's incremental
//     renderer, natively (cargo example crates/zo-core/examples/bench_markdown.rs): total time
//     and the cost of the last 1 000 deltas over the first 1 000 (target <= 1.5);
// (b) the same answer rendered whole by zo-core vs pulldown-cmark's own HTML writer
//     (pulldown_cmark::html::push_html), natively (target: ratio <= 1.3);
// (c) cmark's pathological inputs at about 100 KB, rendered whole natively (target < 50 ms
//     each) and streamed in 24-byte deltas (bytes parsed per byte);
// (d) the side panel itself (extension/pkg/zo_panel.js: STREAM_CHUNK messages into
//     Panel.onMessage, DOM updates, and a forced style+layout after every delta) in headless
//     Chromium, flatness as in (a); the panel follows the end of the list once per animation
//     frame, not per delta; no frame runs inside the timed loop;
// (e) in the same page, the panel vs the npm package streaming-markdown (an incremental DOM
//     renderer: parser_write per delta into an element styled like an answer, the same forced
//     layout), runs interleaved (target: ours/theirs <= 1.0), and how many CommonMark spec
//     examples each renders as the spec does.
//
// Run alone: cd tests && npx tsx bench/markdown.ts

import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { readFile, writeFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { ROOT, PKG_DIR, TESTS_DIR, CHROMIUM, CHROMIUM_ARGS, type Row, fmt, markdownAnswer, splitInto, notMeasured, textTable, median } from './lib.ts';

const SECTION = 'render';
const CHARS = 100_000;
const DELTAS = 20_000;
const TARGET = 1.5;

function ratioRow(name: string, total: number, first: number, last: number, note: string): Row {
  const ratio = last / first;
  return {
    section: SECTION,
    name,
    value: `total ${fmt(total)} ms; first 1000: ${fmt(first, 2)} ms, last 1000: ${fmt(last, 2)} ms; last/first ${fmt(ratio, 2)}`,
    target: `last/first <= ${TARGET}`,
    met: ratio <= TARGET,
    note,
  };
}

/** Runs a mode of the cargo example bench_markdown and parses its JSON line. */
function example(mode: string[], input = ''): { ok: true; value: any } | { ok: false; why: string } {
  const r = spawnSync(
    'cargo',
    ['run', '--quiet', '--release', '--locked', '-p', 'zo-core', '--example', 'bench_markdown', '--', ...mode],
    { cwd: ROOT, input, encoding: 'utf8', maxBuffer: 16 << 20 },
  );
  if (r.status !== 0) return { ok: false, why: `cargo example failed: ${(r.stderr || '').trim().split('\n').slice(-3).join(' / ')}` };
  return { ok: true, value: JSON.parse(r.stdout.trim().split('\n').at(-1)!) };
}

export function benchMarkdownNative(text: string, runs = 5): Row {
  const name = `zo-core markdown (native), ${CHARS / 1000}k chars in ${DELTAS / 1000}k deltas`;
  const r = example(['stream', String(DELTAS), String(runs)], text);
  if (!r.ok) return notMeasured(SECTION, name, r.why);
  const j = r.value;
  return ratioRow(name, j.totalMs, j.first1000Ms, j.last1000Ms,
    `median of ${j.runs} runs, ${j.htmlBytes} bytes of HTML, ${fmt(j.workPerByte, 1)} bytes parsed per byte`);
}

export function benchWholeVsPulldown(text: string): Row {
  const name = `zo-core render vs pulldown_cmark::html::push_html (native), ${CHARS / 1000}k chars whole`;
  const r = example(['whole', '201'], text);
  if (!r.ok) return notMeasured(SECTION, name, r.why);
  const j = r.value;
  return {
    section: SECTION,
    name,
    value: `ours ${fmt(j.oursMs, 2)} ms, push_html ${fmt(j.pushHtmlMs, 2)} ms; ratio ${fmt(j.ratio, 2)}`,
    target: 'ratio <= 1.3',
    met: j.ratio <= 1.3,
    note: `medians of ${j.runs} interleaved runs, ratio the median of each pair's ratio; same parser options; ours adds the safety policy, autolinks, code bars and the cut into blocks (${j.oursHtmlBytes} vs ${j.pushHtmlBytes} bytes of HTML)`,
  };
}

export function benchHostile(): Row[] {
  const wholeName = "cmark's pathological inputs, ~100 KB each, rendered whole (native)";
  const streamName = "cmark's pathological inputs, ~100 KB each, streamed in 24-byte deltas (native)";
  const r = example(['hostile', '5']);
  if (!r.ok) return [notMeasured(SECTION, wholeName, r.why)];
  const rows: { name: string; bytes: number; wholeMs: number; streamedMs: number; workPerByte: number }[] = r.value;
  const worst = rows.reduce((a, b) => (b.wholeMs > a.wholeMs ? b : a));
  const slowest = rows.reduce((a, b) => (b.streamedMs > a.streamedMs ? b : a));
  const most = rows.reduce((a, b) => (b.workPerByte > a.workPerByte ? b : a));
  return [
    {
      section: SECTION,
      name: wholeName,
      value: `slowest ${fmt(worst.wholeMs, 1)} ms (${worst.name}) of ${rows.length} inputs`,
      target: '< 50 ms each',
      met: rows.every((x) => x.wholeMs < 50),
      note: `fastest of 5 runs each: ${rows.map((x) => `${x.name} ${fmt(x.wholeMs, 1)}`).join(', ')}`,
    },
    {
      section: SECTION,
      name: streamName,
      value: `slowest ${fmt(slowest.streamedMs, 0)} ms in total (${slowest.name}); at most ${fmt(most.workPerByte, 1)} bytes parsed per byte`,
      target: '',
      met: null,
      note: 'the whole stream, all deltas and the end; the work grows linearly with the answer (zo-core tests assert it)',
    },
  ];
}

const PAGE = `<!doctype html><meta charset="utf-8"><link rel="stylesheet" href="/ext/sidepanel.css">
<style id="extra-css"></style>
<body><div id="app"></div><script type="module">
import init, { Panel } from '/ext/pkg/zo_panel.js';
import * as smd from '/smd.js';
await init({ module_or_path: '/ext/pkg/zo_panel_bg.wasm' });
const sum = (xs) => xs.reduce((s, x) => s + x, 0);
window.zoBench = async (deltas, windowSize, extraCss, forceLayout = true) => {
  document.getElementById('extra-css').textContent = extraCss ?? '';
  const app = document.getElementById('app');
  app.replaceChildren();
  const posts = [];
  const host = { post: (m) => (posts.push(m), true), saveHistory() {}, openOptions() {}, copy() {}, tabId: () => 1 };
  const settings = JSON.stringify({ type: 'SETTINGS', settings: { hasApiKey: true, defaultMode: 'ask' } });
  const panel = new Panel(app, host, settings, undefined);
  panel.setMode('ask');
  const sessionId = panel.send('Write a long answer');
  // As the worker posts them: one JSON text each, written before the clock starts.
  const texts = deltas.map((delta) => JSON.stringify({ type: 'STREAM_CHUNK', sessionId, delta }));
  const each = new Float64Array(deltas.length);
  const t0 = performance.now();
  for (let i = 0; i < deltas.length; i++) {
    const a = performance.now();
    panel.onMessage(texts[i]);
    if (forceLayout) void app.offsetHeight; // style + layout of what the delta changed
    each[i] = performance.now() - a;
  }
  const total = performance.now() - t0;
  const text = app.querySelector('.msg.assistant .answer')?.textContent ?? '';
  panel.stop();
  panel.free();
  return { total, first: sum(each.subarray(0, windowSize)), last: sum(each.subarray(each.length - windowSize)),
           answerChars: text.length, posts: posts.length };
};
// streaming-markdown, writing into an element styled like the panel's answer.
window.smdBench = async (deltas, windowSize, forceLayout = true) => {
  const app = document.getElementById('app');
  app.replaceChildren();
  const msg = document.createElement('article');
  msg.className = 'msg assistant';
  const answer = document.createElement('div');
  answer.className = 'answer md';
  msg.append(answer);
  app.append(msg);
  const parser = smd.parser(smd.default_renderer(answer));
  const each = new Float64Array(deltas.length);
  const t0 = performance.now();
  for (let i = 0; i < deltas.length; i++) {
    const a = performance.now();
    smd.parser_write(parser, deltas[i]);
    if (forceLayout) void app.offsetHeight;
    each[i] = performance.now() - a;
  }
  smd.parser_end(parser);
  const total = performance.now() - t0;
  return { total, first: sum(each.subarray(0, windowSize)), last: sum(each.subarray(each.length - windowSize)),
           answerChars: answer.textContent.length };
};
// streaming-markdown's HTML for each Markdown text, written whole.
window.smdRender = (texts) => texts.map((text) => {
  const div = document.createElement('div');
  const parser = smd.parser(smd.default_renderer(div));
  smd.parser_write(parser, text);
  smd.parser_end(parser);
  return div.innerHTML;
});
window.zoBenchReady = true;
</script>`;

type RunResult = { total: number; first: number; last: number; answerChars: number };

/** A local server for the bench page and a Chromium page on it; `fn` gets the page. */
async function withPage<T>(fn: (page: import('playwright-core').Page) => Promise<T>): Promise<T> {
  const server = createServer(async (req, res) => {
    const p = new URL(req.url ?? '/', 'http://x').pathname;
    try {
      if (p === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
      const file = p.startsWith('/ext/pkg/')
        ? path.join(PKG_DIR, p.slice('/ext/pkg/'.length))
        : p === '/ext/sidepanel.css'
          ? path.join(ROOT, 'extension', 'sidepanel.css')
          : p === '/smd.js'
            ? path.join(TESTS_DIR, 'node_modules', 'streaming-markdown', 'smd.js')
            : null;
      if (!file || (!file.startsWith(ROOT) && !file.startsWith(PKG_DIR))) return void res.writeHead(404).end();
      const type = file.endsWith('.wasm') ? 'application/wasm' : file.endsWith('.css') ? 'text/css' : 'text/javascript';
      res.writeHead(200, { 'content-type': type }).end(await readFile(file));
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 420, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForFunction(() => (window as any).zoBenchReady === true, null, { timeout: 30_000 }).catch(() => {
      throw new Error(`the bench page did not start: ${errors.join('; ') || 'timeout'}`);
    });
    return await fn(page);
  } finally {
    await browser.close();
    server.close();
  }
}

/** How many CommonMark examples streaming-markdown renders as the spec does (and ours). */
async function specCounts(page: import('playwright-core').Page): Promise<string> {
  const spec: { markdown: string }[] = JSON.parse(
    await readFile(path.join(TESTS_DIR, 'fixtures', 'commonmark', 'spec.json'), 'utf8'),
  );
  const texts = spec.map((e) => e.markdown.replaceAll('→', '\t'));
  const outputs: string[] = await page.evaluate((t) => (window as any).smdRender(t), texts);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'zo-bench-'));
  try {
    const file = path.join(dir, 'smd.json');
    await writeFile(file, JSON.stringify(outputs));
    const r = example(['spec', file]);
    if (!r.ok) return `spec examples not counted: ${r.why}`;
    const j = r.value;
    return (
      `CommonMark 0.31.2 examples rendered as the spec does: ours ${j.ours}/${j.examples} ` +
      `(${j.oursOutsideRawHtml}/${j.outsideRawHtml} outside the raw-HTML sections; links, images, code blocks and ` +
      `raw HTML under the panel's policy), streaming-markdown ${j.theirs}/${j.examples} ` +
      `(${j.theirsOutsideRawHtml}/${j.outsideRawHtml})`
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function benchPanelDom(text: string, runs = 3, extraCss = ''): Promise<Row[]> {
  const name = `side panel DOM (zo_panel.wasm, Chromium), ${CHARS / 1000}k chars in ${DELTAS / 1000}k deltas`;
  const vsName = `side panel vs npm streaming-markdown, same page (Chromium), ${CHARS / 1000}k chars in ${DELTAS / 1000}k deltas`;
  try {
    return await withPage(async (page) => {
      const deltas = splitInto(text, DELTAS);
      // Warm-up (JIT, wasm tier-up, style caches) so the first measured 1 000 deltas are not
      // charged with it.
      await page.evaluate(([d, w, c]) => (window as any).zoBench(d, w, c), [deltas.slice(0, 2000), 1000, extraCss] as const);
      await page.evaluate(([d, w]) => (window as any).smdBench(d, w), [deltas.slice(0, 2000), 1000] as const);
      const ours: RunResult[] = [];
      const theirs: RunResult[] = [];
      for (let i = 0; i < runs; i++) {
        // Interleaved, alternating which goes first, so load hits both alike.
        const runOurs = async () => ours.push(await page.evaluate(([d, w, c]) => (window as any).zoBench(d, w, c), [deltas, 1000, extraCss] as const));
        const runTheirs = async () => theirs.push(await page.evaluate(([d, w]) => (window as any).smdBench(d, w), [deltas, 1000] as const));
        if (i % 2 === 0) {
          await runOurs();
          await runTheirs();
        } else {
          await runTheirs();
          await runOurs();
        }
      }
      const oursTotal = median(ours.map((r) => r.total));
      const theirsTotal = median(theirs.map((r) => r.total));
      const ratio = oursTotal / theirsTotal;
      const counts = await specCounts(page);
      return [
        ratioRow(
          name,
          oursTotal,
          median(ours.map((r) => r.first)),
          median(ours.map((r) => r.last)),
          `median of ${runs} runs; each delta timed with onMessage + forced layout; ${ours[0].answerChars} chars of text shown`,
        ),
        {
          section: SECTION,
          name: vsName,
          value: `ours ${fmt(oursTotal)} ms, streaming-markdown ${fmt(theirsTotal)} ms; ours/theirs ${fmt(ratio, 2)}`,
          target: 'ours/theirs <= 1.0',
          met: ratio <= 1.0,
          note: `median of ${runs} interleaved runs, each delta followed by a forced layout in both; ${counts}`,
        },
      ];
    });
  } catch (e) {
    const why = (e as Error).message.split('\n')[0];
    return [notMeasured(SECTION, name, why), notMeasured(SECTION, vsName, why)];
  }
}

/** Characters the first (and last) 1 000 deltas carry. */
const WINDOW_CHARS = (CHARS / DELTAS) * 1000;

/** The answer the render benchmarks stream: about 100 000 characters that end with the same
 *  text they start with (after a block boundary), so that the first and last 1 000 deltas
 *  render the same Markdown, early and late: their ratio shows growth, not content. */
export function benchAnswer(): string {
  const head = markdownAnswer(WINDOW_CHARS, 42);
  const long = markdownAnswer(CHARS - WINDOW_CHARS, 42);
  return `${long.slice(0, long.lastIndexOf('\n\n'))}\n\n${head}`;
}

export async function benchRender(): Promise<Row[]> {
  const text = benchAnswer();
  return [benchMarkdownNative(text), benchWholeVsPulldown(text), ...benchHostile(), ...(await benchPanelDom(text))];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(textTable(await benchRender()));
}
