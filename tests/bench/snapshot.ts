// Snapshot: what one Co-browse step waits for in the page. Each Readability test page
// (../shared/corpus/readability-test-pages, served and loaded as tests/bench/corpus.ts does) gets
// the shipped content module as the extension injects it, and the module answers the SNAPSHOT
// message the worker sends in Co-browse (page text at Co-browse's budget plus up to 250 elements
// with checked unique selectors): the time from `handle_message` to its SNAPSHOT_RESULT reply
// (synchronous), the first (cold) and then warm ones, the median of the warm ones per page.
// Reported: the median over pages and the slowest page. Linearity: a synthetic article page
// (navigation, paragraphs with links, a form, a sidebar, a footer) and the same page 10x
// larger, timed alternately in one browser; the ratio of their medians.
//
// Run alone: cd tests && npx tsx bench/snapshot.ts [--pages]
// (--pages: each page's times; ZO_READER_ONLY=<regex>: only the pages whose name matches)

import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { type Row, fmt, median, notMeasured, textTable } from './lib.ts';
import { contentMissing, corpusBrowser, corpusPages, loadContent, onlyPages, serveCorpus } from './corpus.ts';

const SECTION = 'snapshot';
/** Co-browse's page-text budget (zo_core::cobrowse::prompt::budget(Mode::Cobrowse)). */
const COBROWSE_BUDGET = 2_500;
/** Warm snapshots timed per page (after the first). */
const RUNS = 5;
/** Warm snapshots timed per synthetic page size, alternating sizes. */
const LINEAR_RUNS = 9;
/** How many times larger the large synthetic page is. */
const SCALE = 10;

type Timed = { first: number; warm: number[]; elements: number; text: number };

/** Times SNAPSHOT round trips in the loaded page: the first, then `runs` more. */
async function timeSnapshots(page: Page, runs: number): Promise<Timed> {
  return page.evaluate(
    ({ budget, runs }) => {
      const mod = (globalThis as unknown as { zoContent: { handle_message(m: string, r: (j: string) => void): void } })
        .zoContent;
      const msg = JSON.stringify({ type: 'SNAPSHOT', requestId: 'r1', textBudget: budget });
      // (No named functions in here: tsx would wrap them in a helper the page lacks.)
      const times: number[] = [];
      let reply = '';
      for (let i = 0; i <= runs; i++) {
        let got = '';
        const t0 = performance.now();
        mod.handle_message(msg, (j) => (got = j));
        times.push(performance.now() - t0);
        if (!got) throw new Error('no synchronous SNAPSHOT reply');
        if (i === 0) reply = got;
      }
      const [first, ...warm] = times;
      const snap = JSON.parse(reply).snapshot;
      if (!snap) throw new Error(`SNAPSHOT failed: ${reply.slice(0, 200)}`);
      return { first, warm, elements: snap.elements.length, text: String(snap.text).length };
    },
    { budget: COBROWSE_BUDGET, runs },
  );
}

/**
 * A synthetic article page of `n` sections: each a heading, paragraphs with inline links, a
 * list of links and a small form; a navigation bar, a sidebar and a footer that grow with it.
 */
export function syntheticPage(n: number): string {
  const out: string[] = ['<!doctype html><html><head><title>Synthetic</title></head><body>'];
  out.push('<header><nav class="site-nav"><ul>');
  for (let i = 0; i < 3 * n; i++) out.push(`<li><a href="/section/${i}">Section ${i}</a></li>`);
  out.push('</ul></nav></header><main><article class="post-content"><h1>A long article</h1>');
  for (let s = 0; s < n; s++) {
    out.push(`<h2>Part ${s}</h2>`);
    for (let p = 0; p < 4; p++) {
      out.push(
        `<p>Paragraph ${p} of part ${s}, with enough words to read like prose, commas, and ` +
          `<a href="/ref/${s}/${p}">a reference ${s}.${p}</a> in the middle of a sentence. ` +
          'The river rose through the night, and the town kept watch along its banks.</p>',
      );
    }
    out.push(`<ul class="related">`);
    for (let l = 0; l < 3; l++) out.push(`<li><a href="/related/${s}/${l}">Related ${s}.${l}</a></li>`);
    out.push('</ul>');
    out.push(
      `<form class="f${s}"><label>Name <input name="name"></label>` +
        `<select><option>One</option><option>Two</option></select>` +
        `<button type="button">Send ${s}</button></form>`,
    );
  }
  out.push('</article></main><aside class="sidebar">');
  for (let i = 0; i < 2 * n; i++) out.push(`<div class="card"><a href="/popular/${i}">Popular ${i}</a></div>`);
  out.push('</aside><footer><ul>');
  for (let i = 0; i < n; i++) out.push(`<li><a href="/about/${i}">About ${i}</a></li>`);
  out.push('</ul></footer></body></html>');
  return out.join('\n');
}

/** Sections of the smaller synthetic page. */
const BASE_SECTIONS = 20;

async function linearity(page: Page, base: string): Promise<Row> {
  const small: number[] = [];
  const large: number[] = [];
  const counts: number[] = [];
  // Alternating sizes so a burst of load hits both.
  for (let i = 0; i < LINEAR_RUNS; i++) {
    for (const [n, into] of [
      [BASE_SECTIONS, small],
      [BASE_SECTIONS * SCALE, large],
    ] as const) {
      await page.goto(`${base}/x/synthetic-${n}`, { waitUntil: 'load' });
      await loadContent(page);
      const t = await timeSnapshots(page, 1);
      into.push(t.warm[0]);
      if (i === 0) counts.push(t.elements);
    }
  }
  const ratio = median(large) / median(small);
  return {
    section: SECTION,
    name: `linearity: synthetic page x${SCALE} (median of ${LINEAR_RUNS})`,
    value: `${fmt(ratio)}x (${fmt(median(small))} ms -> ${fmt(median(large))} ms)`,
    target: `<= ${SCALE + 2}x`,
    met: ratio <= SCALE + 2,
    note: `${BASE_SECTIONS} vs ${BASE_SECTIONS * SCALE} sections; elements listed ${counts.join(' vs ')} (cap 250)`,
  };
}

export async function benchSnapshot(opts: { perPage?: boolean } = {}): Promise<Row[]> {
  const noModule = await contentMissing();
  if (noModule) return [notMeasured(SECTION, 'SNAPSHOT round trip', noModule)];
  const found = await corpusPages();
  // Without the corpus, the synthetic pages are still measured.
  const names = 'names' in found ? found.names : [];
  const only = onlyPages();
  const extra = (name: string) => {
    const m = /^synthetic-(\d+)$/.exec(name);
    return m ? syntheticPage(Number(m[1])) : null;
  };
  const { server, base } = await serveCorpus(names, extra);
  const { browser, page } = await corpusBrowser();
  const results: { name: string; ms: number; first: number }[] = [];
  const failed: string[] = [];
  const rows: Row[] = 'missing' in found ? [notMeasured(SECTION, 'SNAPSHOT on real pages', found.missing)] : [];
  try {
    for (const name of names) {
      if (only && !only.test(name)) continue;
      try {
        await page.goto(`${base}/p/${name}/source`, { waitUntil: 'load' });
        await loadContent(page);
        const t = await timeSnapshots(page, RUNS);
        const r = { name, ms: median(t.warm), first: t.first };
        results.push(r);
        if (opts.perPage) {
          console.log(
            `${name.padEnd(48)} ${fmt(r.ms).padStart(7)} ms  first ${fmt(r.first).padStart(7)} ms  ` +
              `${t.elements} elements, ${t.text} chars`,
          );
        }
      } catch (e) {
        failed.push(`${name}: ${(e as Error).message.split('\n')[0]}`);
      }
    }
    if (results.length) {
      const times = results.map((r) => r.ms);
      const slowest = results.reduce((a, b) => (b.ms > a.ms ? b : a));
      const firsts = results.map((r) => r.first);
      rows.push(
        {
          section: SECTION,
          name: `SNAPSHOT round trip per page, median (${results.length} pages)`,
          value: `${fmt(median(times))} ms`,
          target: '<= 30 ms',
          met: median(times) <= 30,
          note: `text at ${COBROWSE_BUDGET} chars + up to 250 elements; each page the median of ${RUNS} warm`,
        },
        {
          section: SECTION,
          name: 'SNAPSHOT round trip per page, slowest',
          value: `${fmt(slowest.ms)} ms`,
          target: '<= 150 ms',
          met: slowest.ms <= 150,
          note: slowest.name,
        },
        {
          section: SECTION,
          name: 'first SNAPSHOT per page (cold module)',
          value: `median ${fmt(median(firsts))} ms, slowest ${fmt(Math.max(...firsts))} ms`,
          met: null,
          note: 'includes compiling the module code on first use',
        },
      );
    }
    rows.push(await linearity(page, base));
  } finally {
    await browser.close();
    server.close();
  }
  if (failed.length) rows.push(notMeasured(SECTION, `${failed.length} pages`, failed.join('; ')));
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(textTable(await benchSnapshot({ perPage: process.argv.includes('--pages') })));
}
