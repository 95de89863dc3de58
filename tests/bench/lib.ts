// Shared helpers of the benchmarks: paths, statistics, result rows and formatting.

import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
export const TESTS_DIR = path.resolve(BENCH_DIR, '..');
export const ROOT = path.resolve(TESTS_DIR, '..');
/** The built extension modules measured (what ./build.sh writes); ZO_BENCH_PKG overrides. */
export const PKG_DIR = path.resolve(process.env.ZO_BENCH_PKG ?? path.join(ROOT, 'extension', 'pkg'));
export { CHROMIUM } from '../chromium.ts';
export const CHROMIUM_ARGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];

/** One line of the results table. `target` is the goal in words; `met` is true/false when the
 *  line has a target, null when it is informational. */
export interface Row {
  section: string;
  name: string;
  value: string;
  target?: string;
  met?: boolean | null;
  note?: string;
}

export function median(xs: number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export const now = () => performance.now();

export function fmt(n: number, digits = 1): string {
  if (!Number.isFinite(n)) return String(n);
  return n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export function kb(bytes: number): string {
  return `${fmt(bytes / 1024, 1)} KB`;
}

export function mb(bytes: number): string {
  return `${fmt(bytes / (1024 * 1024), 2)} MB`;
}

/** A row that could not be measured, with the reason. */
export function notMeasured(section: string, name: string, why: string): Row {
  return { section, name, value: 'not measured', met: null, note: why };
}

export function verdict(met: boolean | null | undefined): string {
  if (met === true) return 'met';
  if (met === false) return 'MISSED';
  return '';
}

/** The rows as a fixed-width text table (for the terminal). */
export function textTable(rows: Row[]): string {
  const head = ['section', 'measure', 'value', 'target', 'verdict', 'note'];
  const cells = rows.map((r) => [r.section, r.name, r.value, r.target ?? '', verdict(r.met), r.note ?? '']);
  const widths = head.map((h, i) => Math.min(60, Math.max(h.length, ...cells.map((c) => c[i].length))));
  const line = (c: string[]) => c.map((x, i) => x.padEnd(widths[i])).join('  ').trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

/** The rows as a Markdown table. */
export function markdownTable(rows: Row[]): string {
  const esc = (s: string) => s.replaceAll('|', '\\|');
  const out = ['| section | measure | value | target | verdict | note |', '|---|---|---|---|---|---|'];
  for (const r of rows) {
    out.push(`| ${[r.section, r.name, r.value, r.target ?? '', verdict(r.met), r.note ?? ''].map(esc).join(' | ')} |`);
  }
  return out.join('\n');
}

/** Deterministic pseudo-random numbers (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'the stream answer worker panel content module rust wasm chrome page action click fill ' +
  'extract scroll wait done linear time bytes event parser delta token model response tool ' +
  'result search read browser tab port message status session retry failure header body ' +
  'markdown block paragraph list code heading link table quick brown fox jumps lazy dog ' +
  'naïve café résumé 你好 世界 データ 🚀 ✨'
).split(' ');

/** A realistic Markdown answer of about `chars` characters: paragraphs, headings, lists,
 *  fenced code, inline code, emphasis, links and some non-ASCII text. Deterministic. */
export function markdownAnswer(chars: number, seed = 7): string {
  const r = rng(seed);
  const pick = () => WORDS[Math.floor(r() * WORDS.length)];
  const sentence = () => {
    const n = 6 + Math.floor(r() * 14);
    const w: string[] = [];
    for (let i = 0; i < n; i++) {
      let x = pick();
      const d = r();
      if (d < 0.04) x = `**${x}**`;
      else if (d < 0.07) x = `\`${x}()\``;
      else if (d < 0.09) x = `[${x}](https://example.com/${x.length})`;
      else if (d < 0.11) x = `_${x}_`;
      w.push(x);
    }
    const s = w.join(' ');
    return s[0].toUpperCase() + s.slice(1) + '.';
  };
  const parts: string[] = [];
  let len = 0;
  let section = 0;
  while (len < chars) {
    const k = r();
    let block: string;
    if (k < 0.1) block = `## Section ${++section}: ${pick()} ${pick()}`;
    else if (k < 0.25) {
      const items: string[] = [];
      for (let i = 0, n = 3 + Math.floor(r() * 4); i < n; i++) items.push(`- ${sentence()}`);
      block = items.join('\n');
    } else if (k < 0.33) {
      const lines: string[] = [];
      for (let i = 0, n = 4 + Math.floor(r() * 8); i < n; i++) lines.push(`let x${i} = ${pick().length} * ${i}; // ${pick()} <${pick()}>`);
      block = '```rust\n' + lines.join('\n') + '\n```';
    } else {
      const ss: string[] = [];
      for (let i = 0, n = 2 + Math.floor(r() * 4); i < n; i++) ss.push(sentence());
      block = ss.join(' ');
    }
    parts.push(block);
    len += block.length + 2;
  }
  return parts.join('\n\n').slice(0, chars);
}

/** Splits `text` into `n` consecutive pieces of nearly equal length (never splitting a
 *  surrogate pair). */
export function splitInto(text: string, n: number): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 1; i <= n; i++) {
    let end = Math.round((text.length * i) / n);
    if (end < text.length && end > 0 && /[\uDC00-\uDFFF]/.test(text[end])) end++;
    out.push(text.slice(start, end));
    start = end;
  }
  return out;
}
