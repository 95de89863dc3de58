// Worker cold start: the real extension (repository root loaded unpacked in headless
// Chromium, as in tests/e2e); the service worker is stopped through the DevTools protocol
// (ServiceWorker.stopWorker) and started again (ServiceWorker.startWorker), 10 times. For each
// start, inside the new worker: the time from the worker's start (performance.timeOrigin) to
// `globalThis.zoWorker.ready` resolving (wasm fetched, compiled, instantiated, version read).
// Playwright attaches to the new worker asynchronously; when it attaches only after `ready`
// resolved, the measured time is an upper bound (counted in the note).
//
// Run alone: cd tests && npx tsx bench/coldstart.ts

import { pathToFileURL } from 'node:url';
import type { CDPSession, Worker } from 'playwright-core';
import { launchExtension, waitFor, type Extension } from './procs.ts';
import { type Row, fmt, median, notMeasured, textTable } from './lib.ts';

const SECTION = 'cold start';
const STARTS = 10;

interface Version {
  versionId: string;
  scriptURL: string;
  runningStatus: string;
}

export async function benchColdStart(): Promise<Row[]> {
  let ext: Extension | null = null;
  try {
    ext = await launchExtension();
    const e = ext;
    await e.worker()!.evaluate(() => (globalThis as any).zoWorker.ready);
    const page = await e.context.newPage();
    await page.goto(`chrome-extension://${e.extensionId}/extension/options.html`);
    const cdp: CDPSession = await e.context.newCDPSession(page);
    const versions = new Map<string, Version>();
    cdp.on('ServiceWorker.workerVersionUpdated', (ev: { versions: Version[] }) => {
      for (const v of ev.versions) versions.set(v.versionId, v);
    });
    await cdp.send('ServiceWorker.enable');
    const scope = `chrome-extension://${e.extensionId}/`;
    const ours = (v: Version) => v.scriptURL.startsWith(scope);

    const times: number[] = [];
    let upperBounds = 0;
    const fetched: number[] = [];
    for (let i = 0; i < STARTS; i++) {
      const running = await waitFor('the running extension worker', () =>
        [...versions.values()].find((v) => ours(v) && v.runningStatus === 'running'),
      );
      const before = await e.worker()!.evaluate(() => performance.timeOrigin);
      await cdp.send('ServiceWorker.stopWorker', { versionId: running.versionId });
      await waitFor('the worker to stop', () => versions.get(running.versionId)?.runningStatus === 'stopped');
      await cdp.send('ServiceWorker.startWorker', { scopeURL: scope });
      // Playwright re-attaches the same Worker handle to the restarted worker.
      const w: Worker = await waitFor('the restarted worker', async () => {
        const h = e.worker();
        const origin = await h?.evaluate(() => performance.timeOrigin).catch(() => 0);
        return origin && origin !== before ? h : undefined;
      });
      // A string, not a function: tsx would wrap named inner functions in a helper the worker lacks.
      const r: { attachedAt: number; readyAt: number; wasmFetched: number | null } = await w.evaluate(`(async () => {
        const attachedAt = performance.now();
        while (!globalThis.zoWorker) await new Promise((r) => setTimeout(r, 0));
        const readyAt = await globalThis.zoWorker.ready.then(() => performance.now());
        const wasm = performance.getEntriesByType('resource').find((x) => x.name.endsWith('/zo_worker_bg.wasm'));
        return { attachedAt, readyAt, wasmFetched: wasm ? wasm.responseEnd : null };
      })()`);
      if (r.readyAt - r.attachedAt < 1) upperBounds++;
      times.push(r.readyAt);
      if (r.wasmFetched !== null) fetched.push(r.wasmFetched);
    }
    await cdp.detach().catch(() => {});
    await page.close();
    const m = median(times);
    return [
      {
        section: SECTION,
        name: `worker start -> zoWorker.ready (wasm ready), ${STARTS} starts`,
        value: `median ${fmt(m)} ms (min ${fmt(Math.min(...times))}, max ${fmt(Math.max(...times))})`,
        // The worker's start while it is larger than its size target (issue 29).
        target: '<= 60 ms',
        met: m <= 60,
        note:
          'time since the worker started (performance.timeOrigin), measured inside it' +
          (fetched.length ? `; wasm bytes fetched at ${fmt(median(fetched))} ms (median)` : '') +
          (upperBounds ? `; ${upperBounds} of ${STARTS} are upper bounds (Playwright attached after ready)` : ''),
      },
    ];
  } catch (err) {
    if (process.env.ZO_BENCH_DEBUG) console.error(err);
    return [notMeasured(SECTION, "worker start -> wasm ready", (err as Error).message.split("\n")[0])];
  } finally {
    await ext?.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(textTable(await benchColdStart()));
}
