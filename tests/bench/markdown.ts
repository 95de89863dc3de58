// Panel rendering: a 100 000-character Markdown answer streamed in 20 000 deltas
// (a) through zo-core's incremental Markdown renderer, natively (cargo example
//     crates/zo-core/examples/bench_markdown.rs), and
// (b) through the side panel itself (extension/pkg/zo_panel.js: STREAM_CHUNK messages into
//     Panel.onMessage, DOM updates, and a forced style+layout after every delta) in headless
//     Chromium. The panel follows the end of the list once per animation frame, not per
//     delta; no frame runs inside the timed loop.
// Reported: total time, and the cost of the last 1 000 deltas over the first 1 000 (target <= 1.5).
//
// Run alone: cd tests && npx tsx bench/markdown.ts

import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { ROOT, PKG_DIR, CHROMIUM, CHROMIUM_ARGS, type Row, fmt, markdownAnswer, splitInto, notMeasured, textTable, median } from './lib.ts';

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

export function benchMarkdownNative(text: string, runs = 5): Row {
  const name = `zo-core markdown (native), ${CHARS / 1000}k chars in ${DELTAS / 1000}k deltas`;
  const r = spawnSync(
    'cargo',
    ['run', '--quiet', '--release', '--locked', '-p', 'zo-core', '--example', 'bench_markdown', '--', String(DELTAS), String(runs)],
    { cwd: ROOT, input: text, encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  if (r.status !== 0) return notMeasured(SECTION, name, `cargo example failed: ${(r.stderr || '').trim().split('\n').slice(-3).join(' / ')}`);
  const j = JSON.parse(r.stdout.trim().split('\n').at(-1)!);
  return ratioRow(name, j.totalMs, j.first1000Ms, j.last1000Ms, `median of ${j.runs} runs, ${j.htmlBytes} bytes of HTML`);
}

const PAGE = `<!doctype html><meta charset="utf-8"><link rel="stylesheet" href="/ext/sidepanel.css">
<style id="extra-css"></style>
<body><div id="app"></div><script type="module">
import init, { Panel } from '/ext/pkg/zo_panel.js';
await init({ module_or_path: '/ext/pkg/zo_panel_bg.wasm' });
window.zoBench = async (deltas, windowSize, extraCss, forceLayout = true) => {
  document.getElementById('extra-css').textContent = extraCss ?? '';
  const app = document.getElementById('app');
  app.replaceChildren();
  const posts = [];
  const host = { post: (m) => (posts.push(m), true), saveHistory() {}, openOptions() {}, copy() {}, tabId: () => 1 };
  const panel = new Panel(app, host, { hasApiKey: true, defaultMode: 'ask' }, undefined);
  panel.setMode('ask');
  const sessionId = panel.send('Write a long answer');
  const each = new Float64Array(deltas.length);
  const t0 = performance.now();
  for (let i = 0; i < deltas.length; i++) {
    const a = performance.now();
    panel.onMessage({ type: 'STREAM_CHUNK', sessionId, delta: deltas[i] });
    if (forceLayout) void app.offsetHeight; // style + layout of what the delta changed
    each[i] = performance.now() - a;
  }
  const total = performance.now() - t0;
  const sum = (xs) => xs.reduce((s, x) => s + x, 0);
  const text = app.querySelector('.msg.assistant .answer')?.textContent ?? '';
  panel.stop();
  panel.free();
  return { total, first: sum(each.subarray(0, windowSize)), last: sum(each.subarray(each.length - windowSize)),
           answerChars: text.length, posts: posts.length };
};
window.zoBenchReady = true;
</script>`;

export async function benchPanelDom(text: string, runs = 3, extraCss = ''): Promise<Row> {
  const name = `side panel DOM (zo_panel.wasm, Chromium), ${CHARS / 1000}k chars in ${DELTAS / 1000}k deltas`;
  const server = createServer(async (req, res) => {
    const p = new URL(req.url ?? '/', 'http://x').pathname;
    try {
      if (p === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
      const file = p.startsWith('/ext/pkg/')
        ? path.join(PKG_DIR, p.slice('/ext/pkg/'.length))
        : p === '/ext/sidepanel.css'
          ? path.join(ROOT, 'extension', 'sidepanel.css')
          : null;
      if (!file || !file.startsWith(ROOT) && !file.startsWith(PKG_DIR)) return void res.writeHead(404).end();
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
      throw new Error(`the panel page did not start: ${errors.join('; ') || 'timeout'}`);
    });
    const deltas = splitInto(text, DELTAS);
    // Warm-up (JIT, wasm tier-up, style caches) so the first measured 1 000 deltas are not
    // charged with it.
    await page.evaluate(([d, w, c]) => (window as any).zoBench(d, w, c), [deltas.slice(0, 2000), 1000, extraCss] as const);
    const results: { total: number; first: number; last: number; answerChars: number }[] = [];
    for (let i = 0; i < runs; i++) {
      results.push(await page.evaluate(([d, w, c]) => (window as any).zoBench(d, w, c), [deltas, 1000, extraCss] as const));
    }
    const note = `median of ${runs} runs; each delta timed with onMessage + forced layout; ${results[0].answerChars} chars of text shown`;
    return ratioRow(
      name,
      median(results.map((r) => r.total)),
      median(results.map((r) => r.first)),
      median(results.map((r) => r.last)),
      note,
    );
  } catch (e) {
    return notMeasured(SECTION, name, (e as Error).message.split('\n')[0]);
  } finally {
    await browser.close();
    server.close();
  }
}

export async function benchRender(): Promise<Row[]> {
  const text = markdownAnswer(CHARS, 42);
  return [benchMarkdownNative(text), await benchPanelDom(text)];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(textTable(await benchRender()));
}
