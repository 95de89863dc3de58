// Actions: the content module (extension/pkg/zo_content.js, and its JS translation for
// strict-CSP pages) runs a 10-action batch on a static fixture page in headless Chromium,
// timed from the EXECUTE_ACTION message handed to the module to its BATCH_DONE reply; and the
// delay between a button's insertion into the page and the module's click on it.
// The chrome.runtime port hop between worker and tab is not included (see BENCHMARKS.md).
//
// Run alone: cd tests && npx tsx bench/actions.ts

import { createServer } from 'node:http';
import { readFile, access } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { BENCH_DIR, PKG_DIR, CHROMIUM, CHROMIUM_ARGS, type Row, fmt, median, notMeasured, textTable } from './lib.ts';

const SECTION = 'actions';
const RUNS = 9;

const BATCH = [
  { type: 'fill', selector: 'input[name="name"]', value: 'Ada Lovelace' },
  { type: 'fill', selector: 'input[name="email"]', value: 'ada@example.com' },
  { type: 'fill', selector: 'select[name="plan"]', value: 'Pro plan' },
  { type: 'click', selector: 'input[name="agree"]' },
  { type: 'fill', selector: 'textarea[name="notes"]', value: 'Leave at the door' },
  { type: 'click', selector: '#apply' },
  { type: 'extract', selector: 'h1' },
  { type: 'extract', selector: '#terms', attribute: 'href' },
  { type: 'scroll', selector: '.scroller', direction: 'down', amount: 300 },
  { type: 'click', selector: '#next' },
];

async function serve() {
  const server = createServer(async (req, res) => {
    const p = new URL(req.url ?? '/', 'http://x').pathname;
    let file: string | null = null;
    if (p === '/' || p === '/actions.html') file = path.join(BENCH_DIR, 'fixtures', 'actions.html');
    else if (p.startsWith('/pkg/')) {
      file = path.normalize(path.join(PKG_DIR, p.slice('/pkg/'.length)));
      if (!file.startsWith(PKG_DIR)) file = null;
    }
    if (!file) return void res.writeHead(404).end();
    try {
      const type = file.endsWith('.wasm') ? 'application/wasm' : file.endsWith('.html') ? 'text/html' : 'text/javascript';
      res.writeHead(200, { 'content-type': type }).end(await readFile(file));
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}/actions.html` };
}

export async function benchActions(): Promise<Row[]> {
  try {
    await access(path.join(PKG_DIR, 'zo_content.js'));
  } catch {
    return [notMeasured(SECTION, '10-action batch', `${PKG_DIR}/zo_content.js is missing: run ./build.sh`)];
  }
  const { server, url } = await serve();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const rows: Row[] = [];
  try {
    for (const kind of ['wasm', 'js'] as const) {
      const label = kind === 'wasm' ? 'wasm build' : 'JS build (strict-CSP fallback)';
      if (kind === 'js') {
        try {
          await access(path.join(PKG_DIR, 'mvp', 'zo_content.js'));
        } catch {
          rows.push(notMeasured(SECTION, `10-action batch, ${label}`, 'extension/pkg/mvp is missing'));
          continue;
        }
      }
      const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
      await page.goto(url);
      await page.waitForFunction(() => (window as any).zoBenchReady === true);
      const loaded = await page.evaluate((k) => (window as any).zoBench.load(k).catch((e: Error) => `${e.name}: ${e.message}`), kind);
      if (loaded !== 'ok') {
        rows.push(notMeasured(SECTION, `10-action batch, ${label}`, `module failed to load: ${loaded}`));
        await page.close();
        continue;
      }
      const frame = await page.evaluate(() => (window as any).zoBench.frameInterval());
      const times: number[] = [];
      let statuses = '';
      for (let i = 0; i <= RUNS; i++) {
        await page.evaluate(() => (window as any).zoBench.reset());
        const r = await page.evaluate(
          (actions) => (window as any).zoBench.batch({ type: 'EXECUTE_ACTION', batchId: 'b', timeoutMs: 3000, actions }),
          BATCH,
        );
        const done = r.replies.at(-1);
        statuses = (done.results as { status: string }[]).map((x) => x.status).join(',');
        if (i > 0) times.push(r.ms); // the first run warms up
      }
      const allDone = statuses.split(',').every((s) => s === 'done');
      const m = median(times);
      rows.push({
        section: SECTION,
        name: `10-action batch (fill x4, click x3, extract x2, scroll), ${label}`,
        value: `${fmt(m)} ms (min ${fmt(Math.min(...times))}, max ${fmt(Math.max(...times))})`,
        target: '<= 200 ms (about one frame per action)',
        met: allDone && m <= 200,
        note: `median of ${RUNS}; frame ${fmt(frame)} ms` + (allDone ? '' : `; NOT ALL DONE: ${statuses}`),
      });

      const delays: number[] = [];
      let failed = '';
      for (let i = 0; i < 7; i++) {
        const r = await page.evaluate(() => (window as any).zoBench.lateClick(60, 3000));
        if (r.delay === null) failed = r.status;
        else delays.push(r.delay);
      }
      if (delays.length === 0) {
        rows.push(notMeasured(SECTION, `insertion -> click delay, ${label}`, `the late button was not clicked (${failed})`));
      } else {
        const d = median(delays);
        rows.push({
          section: SECTION,
          name: `element insertion -> click delay, ${label}`,
          value: `${fmt(d)} ms = ${fmt(d / frame, 2)} frames (min ${fmt(Math.min(...delays))}, max ${fmt(Math.max(...delays))})`,
          target: '<= 1 animation frame (+10% jitter)',
          met: d <= frame * 1.1,
          note: `median of ${delays.length}; frame ${fmt(frame)} ms`,
        });
      }
      await page.close();
    }
  } catch (e) {
    rows.push(notMeasured(SECTION, 'actions', (e as Error).message.split('\n')[0]));
  } finally {
    await browser.close();
    server.close();
  }
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(textTable(await benchActions()));
}
