// Reader: how close the page text the content module sends to Zo is to each page's main
// content, on the Readability test pages (../shared/corpus/readability-test-pages, or
// ZO_READER_CORPUS): each page's source.html is served from 127.0.0.1 (its scripts removed,
// nothing fetched from elsewhere), loaded in headless Chromium, and the shipped content module
// (extension/pkg/zo_content.js) takes a snapshot at Summarize's text budget. Its text, and the
// whole page's innerText in the same page, are scored against expected.html's text: word
// tokens (\w+, Unicode), 4-token shingles with multiplicity, precision and recall per page,
// averaged over pages, F1 of the averages. Every third page by sorted name is held out (never
// tuned on); both parts are reported. Also the extraction's time per page (median, slowest:
// the module's page_text, warm) and the first snapshot's (text and element list, cold).
//
// Run alone: cd tests && npx tsx bench/reader.ts [--pages] [--dump=DIR]
// (--pages: per-page scores; --dump: each page's texts, ours, expected and whole, into DIR;
// ZO_READER_ONLY=<regex>: only the pages whose name matches)

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { type Row, fmt, median, notMeasured, textTable } from './lib.ts';
import { contentMissing, corpusBrowser, corpusPages, loadContent, onlyPages, serveCorpus } from './corpus.ts';

const SECTION = 'reader';
/** Summarize's page-text budget (zo_core::cobrowse::prompt::budget). */
const SUMMARIZE_BUDGET = 17_000;

type Score = { p: number; r: number };
type PageResult = { name: string; heldOut: boolean; ours: Score; full: Score; cap: number; whole: Score; ms: number; first: number; kind: string };

function shingles(text: string): Map<string, number> {
  const tokens = text.match(/[\p{L}\p{N}\p{M}_]+/gu) ?? [];
  const out = new Map<string, number>();
  for (let i = 0; i + 4 <= tokens.length; i++) {
    const k = tokens.slice(i, i + 4).join(' ');
    out.set(k, (out.get(k) ?? 0) + 1);
  }
  return out;
}

/** Precision and recall of `got` against `want`'s shingles (multiset overlap). */
export function score(got: string, want: string): Score {
  const g = shingles(got);
  const w = shingles(want);
  let common = 0;
  let gn = 0;
  let wn = 0;
  for (const [k, n] of g) {
    gn += n;
    common += Math.min(n, w.get(k) ?? 0);
  }
  for (const n of w.values()) wn += n;
  return { p: gn ? common / gn : wn ? 0 : 1, r: wn ? common / wn : 1 };
}

const f1 = (p: number, r: number) => (p + r ? (2 * p * r) / (p + r) : 0);

async function measurePage(page: Page, base: string, name: string) {
  await page.goto(`${base}/p/${name}/expected`, { waitUntil: 'load' });
  const expected = await page.evaluate(() => document.body?.innerText ?? '');
  await page.goto(`${base}/p/${name}/source`, { waitUntil: 'load' });
  await loadContent(page);
  return page.evaluate(
    async ({ budget }) => {
      const whole = document.body?.innerText ?? '';
      const mod = (globalThis as any).zoContent;
      const msg = JSON.stringify({ type: 'SNAPSHOT', requestId: 'r1', textBudget: budget });
      // The first snapshot (the module's code compiled as it first runs), then the extraction
      // alone, twice: the second is timed.
      const t0 = performance.now();
      const json: string = await new Promise((res) => mod.handle_message(msg, (j: string) => res(j)));
      const first = performance.now() - t0;
      mod.page_text(budget);
      const t1 = performance.now();
      mod.page_text(budget);
      const ms = performance.now() - t1;
      // The extraction with no budget: how much of the loss is the budget's.
      const full: string = mod.page_text(100_000_000);
      const reply = JSON.parse(json);
      const snap = reply.snapshot ?? {};
      return { whole, full, text: String(snap.text ?? ''), kind: String(snap.textKind ?? reply.type), ms, first };
    },
    { budget: SUMMARIZE_BUDGET },
  ).then((r) => ({ ...r, expected }));
}

function summarize(results: PageResult[], label: string): Row[] {
  if (!results.length) return [];
  const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const ours = { p: avg(results.map((r) => r.ours.p)), r: avg(results.map((r) => r.ours.r)) };
  const whole = { p: avg(results.map((r) => r.whole.p)), r: avg(results.map((r) => r.whole.r)) };
  const full = { p: avg(results.map((r) => r.full.p)), r: avg(results.map((r) => r.full.r)) };
  // The best any text within the budget can score: the expected text's own start.
  const cap = avg(results.map((r) => r.cap));
  const low = results.filter((r) => f1(r.ours.p, r.ours.r) < 0.5);
  const held = label.startsWith('held');
  return [
    {
      section: SECTION,
      name: `F1 page text, ${label} (${results.length} pages)`,
      value: `${fmt(f1(ours.p, ours.r), 3)} (P ${fmt(ours.p, 3)}, R ${fmt(ours.r, 3)})`,
      target: held ? '>= 0.95' : undefined,
      met: held ? f1(ours.p, ours.r) >= 0.95 : null,
      note: `whole page innerText: F1 ${fmt(f1(whole.p, whole.r), 3)} (P ${fmt(whole.p, 3)}, R ${fmt(whole.r, 3)})`,
    },
    {
      section: SECTION,
      name: `F1 page text with no budget, ${label}`,
      value: `${fmt(f1(full.p, full.r), 3)} (P ${fmt(full.p, 3)}, R ${fmt(full.r, 3)})`,
      met: null,
      note: `at the budget, the expected text's own first ${SUMMARIZE_BUDGET} characters would score R ${fmt(cap, 3)}, F1 ${fmt(f1(1, cap), 3)}`,
    },
    {
      section: SECTION,
      name: `pages under F1 0.5, ${label}`,
      value: String(low.length),
      target: '0',
      met: low.length === 0,
      // Each page with the best F1 any text within the budget could score on it (the expected
      // text's own start), and how it was read.
      note: low
        .map((r) => `${r.name} ${fmt(f1(r.ours.p, r.ours.r), 2)} (${r.kind}; budget's best ${fmt(f1(1, r.cap), 2)})`)
        .join(', '),
    },
  ];
}

export async function benchReader(opts: { perPage?: boolean; dump?: string } = {}): Promise<Row[]> {
  const noModule = await contentMissing();
  if (noModule) return [notMeasured(SECTION, 'page text vs main content', noModule)];
  const found = await corpusPages();
  if ('missing' in found) return [notMeasured(SECTION, 'page text vs main content', found.missing)];
  const { names } = found;
  const only = onlyPages();
  const { server, base } = await serveCorpus(names);
  const { browser, page } = await corpusBrowser();
  const results: PageResult[] = [];
  const failed: string[] = [];
  try {
    for (const [i, name] of names.entries()) {
      if (only && !only.test(name)) continue;
      try {
        const r = await measurePage(page, base, name);
        const res: PageResult = {
          name,
          heldOut: i % 3 === 2,
          ours: score(r.text, r.expected),
          full: score(r.full, r.expected),
          cap: score([...r.expected].slice(0, SUMMARIZE_BUDGET).join(''), r.expected).r,
          whole: score(r.whole, r.expected),
          ms: r.ms,
          first: r.first,
          kind: r.kind,
        };
        results.push(res);
        if (opts.dump) {
          await mkdir(opts.dump, { recursive: true });
          for (const [k, v] of [['ours', r.text], ['full', r.full], ['expected', r.expected], ['whole', r.whole]]) {
            await writeFile(path.join(opts.dump, `${name}.${k}.txt`), v);
          }
        }
        if (opts.perPage) {
          console.log(
            `${res.heldOut ? 'held' : 'tune'} ${name.padEnd(48)} F1 ${fmt(f1(res.ours.p, res.ours.r), 3)} P ${fmt(res.ours.p, 3)} R ${fmt(res.ours.r, 3)}  unbudgeted ${fmt(f1(res.full.p, res.full.r), 3)}  whole ${fmt(f1(res.whole.p, res.whole.r), 3)}  ${res.kind} ${fmt(res.ms)} ms`,
          );
        }
      } catch (e) {
        failed.push(`${name}: ${(e as Error).message.split('\n')[0]}`);
      }
    }
  } finally {
    await browser.close();
    server.close();
  }
  const times = results.map((r) => r.ms);
  const slowest = results.reduce((a, b) => (b.ms > a.ms ? b : a), results[0]);
  const rows: Row[] = [
    ...summarize(results.filter((r) => !r.heldOut), 'tuning pages'),
    ...summarize(results.filter((r) => r.heldOut), 'held-out pages'),
  ];
  if (results.length) {
    rows.push({
      section: SECTION,
      name: 'extraction time per page, median',
      value: `${fmt(median(times))} ms`,
      target: '<= 10 ms',
      met: median(times) <= 10,
      note: `${results.filter((r) => r.kind === 'article').length} of ${results.length} read as articles`,
    });
    rows.push({
      section: SECTION,
      name: 'extraction time per page, slowest',
      value: `${fmt(slowest.ms)} ms`,
      target: '<= 50 ms',
      met: slowest.ms <= 50,
      note: slowest.name,
    });
    const firsts = results.map((r) => r.first);
    rows.push({
      section: SECTION,
      name: 'first snapshot per page (text + elements, cold module)',
      value: `median ${fmt(median(firsts))} ms, slowest ${fmt(Math.max(...firsts))} ms`,
      met: null,
      note: 'includes the element list and compiling the module code on first use',
    });
  }
  if (failed.length) rows.push(notMeasured(SECTION, `${failed.length} pages`, failed.join('; ')));
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dump = process.argv.find((a) => a.startsWith('--dump='))?.slice('--dump='.length);
  console.log(textTable(await benchReader({ perPage: process.argv.includes('--pages'), dump })));
}
