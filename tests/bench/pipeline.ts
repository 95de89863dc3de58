// Streaming pipeline, in one Node process: the worker's wasm module (SSE parse, Zo event
// decode, assembly: zo_core::pipeline::StreamPipeline through zo_worker::bench_api) against a
// JavaScript baseline doing the same job the obvious way (npm eventsource-parser + TextDecoder
// + JSON.parse + string accumulation). Same streams, same chunkings, alternating runs, medians.
//
// Run alone: cd tests && npx tsx bench/pipeline.ts [--quick]

import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createParser } from 'eventsource-parser';
import { ROOT, PKG_DIR, type Row, median, now, fmt, mb, notMeasured, textTable } from './lib.ts';
import { realisticStreams, singleEventStream, type Stream } from './streams.ts';

const SECTION = 'pipeline';
const MiB = 1024 * 1024;

interface Impl {
  label: string;
  /** Runs the whole stream in `chunks`. With `check`, returns the assembled answer (read
   *  after the timed work; the wasm text is only copied out then). */
  run(chunks: Uint8Array[], check?: boolean): { answer: string; events: number; thinking?: string };
}

/** The JavaScript baseline: decode, parse SSE, JSON.parse each event, accumulate the answer
 *  and thinking text of text/thinking parts (first token in PartStartEvent, then deltas). */
export const jsBaseline: Impl = {
  label: 'js (eventsource-parser)',
  run(chunks) {
    const decoder = new TextDecoder('utf-8');
    let answer = '';
    let thinking = '';
    let events = 0;
    let terminal = false;
    const parser = createParser({
      onEvent(ev) {
        events++;
        const name = ev.event ?? 'message';
        if (name === 'FrontendModelRequest') return; // never parsed (private prompt echo)
        let d: any;
        try {
          d = JSON.parse(ev.data);
        } catch {
          return;
        }
        if (name === 'PartStartEvent') {
          const p = d.part;
          if (p?.part_kind === 'text') answer += p.content ?? '';
          else if (p?.part_kind === 'thinking') thinking += p.content ?? '';
        } else if (name === 'PartDeltaEvent') {
          const x = d.delta;
          if (x?.part_delta_kind === 'text') answer += x.content_delta ?? '';
          else if (x?.part_delta_kind === 'thinking') thinking += x.content_delta ?? '';
        } else if (name === 'completed' || name === 'failed') {
          terminal = true;
        }
      },
    });
    for (const c of chunks) parser.feed(decoder.decode(c, { stream: true }));
    parser.feed(decoder.decode());
    return { answer: terminal ? answer : `(incomplete) ${answer}`, events, thinking };
  },
};

function wasmImpl(mod: any): Impl {
  return {
    label: 'wasm (zo-core pipeline)',
    run(chunks, check) {
      const h = new mod.PipelineHandle('ask');
      try {
        for (const c of chunks) h.push(c);
        const status = h.finish();
        if (!check) return { answer: '', events: 0 };
        const final = JSON.parse(h.resultJson());
        return { answer: status === 'succeeded' ? (final.text as string) : `(status ${status})`, events: 0 };
      } finally {
        h.free();
      }
    },
  };
}

/** Loads the built worker module (extension/pkg) in Node; null with the reason if it can't. */
export async function loadWorkerWasm(): Promise<{ mod: any } | { why: string }> {
  const js = path.join(PKG_DIR, 'zo_worker.js');
  try {
    const mod: any = await import(pathToFileURL(js).href);
    mod.initSync({ module: readFileSync(path.join(PKG_DIR, 'zo_worker_bg.wasm')) });
    if (typeof mod.PipelineHandle !== 'function') {
      return { why: `${js} exports no PipelineHandle (crates/zo-worker/src/bench_api.rs): rebuild with ./build.sh` };
    }
    return { mod };
  } catch (e) {
    return { why: `cannot load ${js}: ${(e as Error).message}` };
  }
}

function chunked(bytes: Buffer, size: number): Uint8Array[] {
  if (size <= 0 || size >= bytes.length) return [bytes];
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, Math.min(i + size, bytes.length)));
  return out;
}

interface Measured {
  /** Median ms per run, per implementation label. */
  ms: Record<string, number>;
  /** Fastest run, per implementation label (less sensitive to a busy machine). */
  min: Record<string, number>;
  events: number;
  bytes: number;
  /** Whether both produced the expected answer. */
  agree: boolean;
}

/** A stream in pieces of `chunkSize` bytes (0: whole); `runs` runs make one timed sample. */
interface Spec {
  stream: Stream;
  chunkSize: number;
  runs?: number;
}

interface Case {
  stream: Stream;
  chunkSize: number;
  /** Runs per timed sample (the time recorded is per run). */
  runs: number;
  chunks: Uint8Array[];
  times: Record<string, number[]>;
  events: number;
  agree: boolean;
}

/** Times every case with every implementation, `reps` times, round-robin: each repetition
 *  runs all cases (in a rotating order, implementations alternating), so a burst of load on a
 *  shared machine hits all of them alike. The first run of each (implementation, case) is a
 *  warm-up and the correctness check: both must rebuild the streamed answer. */
function measureAll(impls: Impl[], specs: Spec[], reps: number, apart = false): Measured[] {
  const cases: Case[] = specs.map(({ stream, chunkSize, runs = 1 }) => ({
    stream,
    chunkSize,
    runs,
    chunks: chunked(stream.bytes, chunkSize),
    times: Object.fromEntries(impls.map((x) => [x.label, [] as number[]])),
    events: 0,
    agree: true,
  }));
  for (const c of cases) {
    for (const impl of impls) {
      const r = impl.run(c.chunks, true);
      if (r.answer !== c.stream.answer) c.agree = false;
      if (r.events) c.events = r.events;
    }
  }
  const timed = (c: Case, impl: Impl) => {
    const t0 = now();
    for (let n = 0; n < c.runs; n++) impl.run(c.chunks);
    c.times[impl.label].push((now() - t0) / c.runs);
  };
  for (let i = 0; i < reps; i++) {
    const order = i % 2 ? [...impls].reverse() : impls;
    if (apart) {
      // Each implementation through all cases in turn: what one leaves behind (garbage, V8's
      // background work) lands on its own next case, not on the other implementation's.
      for (const impl of order) {
        for (let k = 0; k < cases.length; k++) timed(cases[(k + i) % cases.length], impl);
      }
      continue;
    }
    for (let k = 0; k < cases.length; k++) {
      const c = cases[(k + i) % cases.length];
      for (const impl of (i + k) % 2 ? [...impls].reverse() : impls) timed(c, impl);
    }
  }
  return cases.map((c) => ({
    ms: Object.fromEntries(impls.map((x) => [x.label, median(c.times[x.label])])),
    min: Object.fromEntries(impls.map((x) => [x.label, Math.min(...c.times[x.label])])),
    events: c.events,
    bytes: c.stream.bytes.length,
    agree: c.agree,
  }));
}

const chunkName = (n: number) => (n === 0 ? 'whole' : n >= 1024 ? `${n / 1024} KB` : `${n} B`);

export interface PipelineOptions {
  quick?: boolean;
}

export async function benchPipeline(opts: PipelineOptions = {}): Promise<Row[]> {
  const loaded = await loadWorkerWasm();
  if ('why' in loaded) return [notMeasured(SECTION, 'wasm vs JS baseline', loaded.why)];
  const [wasm, js] = [wasmImpl(loaded.mod), jsBaseline];
  const impls = [wasm, js];
  const rows: Row[] = [];
  const sizes = opts.quick ? [1, 2, 4] : [1, 2, 4, 8, 16];
  const REAL = 4; // the realistic stream: ~4 MB of live events (tens of thousands of deltas)
  const streams = await realisticStreams(sizes);
  const byMb = new Map(sizes.map((s, i) => [s, streams[i]]));
  const real = byMb.get(REAL)!;
  const reps = opts.quick ? 3 : 11;

  const line = (label: string, m: Measured, target?: { ratio: number }) => {
    const w = m.ms[wasm.label];
    const j = m.ms[js.label];
    const mbps = (ms: number) => m.bytes / MiB / (ms / 1000);
    const eps = (ms: number) => {
      const r = m.events / (ms / 1000);
      return r >= 10_000 ? `${fmt(r / 1000)}k ev/s` : `${fmt(r, 0)} ev/s`;
    };
    const ratio = j / w;
    rows.push({
      section: SECTION,
      name: label,
      value:
        `wasm ${fmt(mbps(w))} MB/s, ${eps(w)} | js ${fmt(mbps(j))} MB/s, ${eps(j)} | ` +
        `ratio ${fmt(ratio, 2)}x`,
      target: target ? `wasm >= ${target.ratio}x js` : undefined,
      met: target ? ratio >= target.ratio && m.agree : null,
      note: (m.agree ? '' : 'OUTPUT MISMATCH (an implementation lost or changed text); ') + `${mb(m.bytes)}, ${m.events} events`,
    });
    return { w, j };
  };

  // The largest single event the worker reads (its line limit is 1 MiB; memory.ts streams a
  // 10 MB one, which the worker stops at that limit).
  const single = singleEventStream(0.9);
  const one = byMb.get(1)!;
  const CHUNKINGS = [64, 1024, 0];
  // Three groups, each measured among itself (interleaved as described at measureAll), so a
  // flatness row compares one variable alone, not which other cases (a million 1 B pushes, a
  // 0.9 MB event) ran between its runs: the chunkings of the realistic stream, the other
  // streams, and the 1..16 MB streams at 1 KB.
  const groups = [
    CHUNKINGS.map((chunkSize) => ({ stream: real, chunkSize })),
    [
      { stream: one, chunkSize: 1 },
      { stream: single, chunkSize: 1024 },
      { stream: single, chunkSize: 0 },
    ],
    // Each timed sample covers the same bytes (the largest stream's size): a small stream is
    // run several times per sample, so a scheduling hiccup of the shared machine weighs the
    // same in every size's time per MB.
    sizes.map((s) => ({ stream: byMb.get(s)!, chunkSize: 1024, runs: Math.max(1, Math.round(sizes.at(-1)! / s)) })),
  ];
  const [chunkResults, otherResults, sizeResults] = groups.map((g, i) => measureAll(impls, g, reps, i === 2));
  const resultOf = (stream: Stream, chunkSize: number) => {
    for (const [g, results] of [
      [groups[0], chunkResults],
      [groups[1], otherResults],
    ] as const) {
      const i = g.findIndex((x) => x.stream === stream && x.chunkSize === chunkSize);
      if (i >= 0) return results[i];
    }
    throw new Error(`no measured case for ${stream.name} in ${chunkSize} B chunks`);
  };
  const spread = (xs: number[]) => Math.max(...xs) / Math.min(...xs) - 1;
  const msPerMb = (m: Measured, label: string) => m.ms[label] / (m.bytes / MiB);
  const minPerMb = (m: Measured, label: string) => m.min[label] / (m.bytes / MiB);

  // (a) The realistic stream at every chunking, and 1 B chunks (one JS->wasm call per byte).
  for (const size of CHUNKINGS) line(`${real.name}, chunks ${chunkName(size)}`, resultOf(real, size), { ratio: 2 });
  {
    const m = resultOf(one, 1);
    line(`${one.name}, chunks 1 B (one JS->wasm call per byte)`, m);
    rows[rows.length - 1].note += `; wasm ${fmt((m.ms[wasm.label] / m.bytes) * 1e6, 0)} ns/byte incl. the call`;
  }

  // The JS->wasm call alone: pushes of an empty chunk (no pipeline work).
  {
    const h = new loaded.mod.PipelineHandle('ask');
    const empty = new Uint8Array(0);
    const n = 200_000;
    const per: number[] = [];
    for (let r = 0; r < 5; r++) {
      const t0 = now();
      for (let i = 0; i < n; i++) h.push(empty);
      per.push(((now() - t0) / n) * 1e6);
    }
    h.free();
    rows.push({
      section: SECTION,
      name: 'JS->wasm call of PipelineHandle.push alone (empty chunk)',
      value: `${fmt(median(per), 0)} ns per call`,
      note: 'the rest of the 1 B cost per byte is the pipeline\'s per-push work',
    });
  }

  // (b) Flatness of wasm time per MB across chunkings (64 B .. whole) on the realistic stream.
  {
    const per = CHUNKINGS.map((size) => msPerMb(resultOf(real, size), wasm.label));
    const s = spread(per);
    rows.push({
      section: SECTION,
      name: `wasm ms/MB across chunkings 64 B, 1 KB, whole (${real.name})`,
      value: CHUNKINGS.map((size, i) => `${chunkName(size)}: ${fmt(per[i], 2)}`).join(', ') + ` (spread ${fmt(s * 100)}%)`,
      target: 'spread <= 10%',
      met: s <= 0.1,
      note:
        `js spread ${fmt(spread(CHUNKINGS.map((size) => msPerMb(resultOf(real, size), js.label))) * 100)}%; ` +
        `spread of the fastest runs: wasm ${fmt(spread(CHUNKINGS.map((size) => minPerMb(resultOf(real, size), wasm.label))) * 100)}%`,
    });
  }

  // (b') The same flatness without the JS->wasm call per chunk: the body is handed to wasm once
  // and cut into the same pieces there (PipelineHandle.pushChunked), so what remains per piece is
  // the pipeline's own work. Interleaved like the cases above.
  {
    const times = CHUNKINGS.map(() => [] as number[]);
    const once = (size: number) => {
      const h = new loaded.mod.PipelineHandle('ask');
      try {
        const t0 = now();
        h.pushChunked(real.bytes, size);
        h.finish();
        return now() - t0;
      } finally {
        h.free();
      }
    };
    CHUNKINGS.forEach((size) => once(size));
    for (let i = 0; i < reps; i++) {
      CHUNKINGS.forEach((_, k) => {
        const j = (k + i) % CHUNKINGS.length;
        times[j].push(once(CHUNKINGS[j]));
      });
    }
    const per = times.map((t) => median(t) / (real.bytes.length / MiB));
    const s = spread(per);
    rows.push({
      section: SECTION,
      name: `wasm ms/MB across chunkings 64 B, 1 KB, whole (${real.name}), pieces cut inside wasm`,
      value: CHUNKINGS.map((size, i) => `${chunkName(size)}: ${fmt(per[i], 2)}`).join(', ') + ` (spread ${fmt(s * 100)}%)`,
      target: 'spread <= 10%',
      met: s <= 0.1,
      note:
        'PipelineHandle.pushChunked: one JS->wasm call for the body (its copy into wasm is in every time), ' +
        'then one StreamPipeline push per piece; the difference with the row above is the JS->wasm call per chunk',
    });
  }

  // (c) Flatness of time per MB from 1 MB to 16 MB (1 KB chunks).
  {
    const ms = sizeResults;
    const wv = ms.map((m) => msPerMb(m, wasm.label));
    const jv = ms.map((m) => msPerMb(m, js.label));
    const bad = ms.some((m) => !m.agree);
    rows.push({
      section: SECTION,
      name: `wasm ms/MB, ${sizes[0]}..${sizes.at(-1)} MB streams, 1 KB chunks`,
      value: sizes.map((s, i) => `${s} MB: ${fmt(wv[i], 2)}`).join(', ') + ` (spread ${fmt(spread(wv) * 100)}%)`,
      target: 'spread <= 10%',
      met: spread(wv) <= 0.1 && !bad,
      note:
        (bad ? 'OUTPUT MISMATCH; ' : '') +
        `js spread ${fmt(spread(jv) * 100)}%; js ms/MB ${jv.map((x) => fmt(x, 2)).join(', ')}; ` +
        `spread of the fastest runs: wasm ${fmt(spread(ms.map((m) => minPerMb(m, wasm.label))) * 100)}%`,
    });
  }

  // Reference: the same zo-core pipeline compiled natively (cargo example), same stream.
  {
    const m = resultOf(real, 1024);
    const r = spawnSync(
      'cargo',
      ['run', '--quiet', '--release', '--locked', '-p', 'zo-core', '--example', 'bench_pipeline', '--', '1024', String(reps)],
      { cwd: ROOT, input: real.bytes, encoding: 'utf8', maxBuffer: 1 << 20 },
    );
    const name = `${real.name}, chunks 1 KB: zo-core compiled natively (reference)`;
    if (r.status !== 0) {
      rows.push(notMeasured(SECTION, name, `cargo example failed: ${(r.stderr || '').trim().split('\n').slice(-2).join(' / ')}`));
    } else {
      const j = JSON.parse(r.stdout.trim().split('\n').at(-1)!);
      const nativeMbps = j.bytes / MiB / (j.medianMs / 1000);
      const jsMbps = m.bytes / MiB / (m.ms[js.label] / 1000);
      const wasmMbps = m.bytes / MiB / (m.ms[wasm.label] / 1000);
      rows.push({
        section: SECTION,
        name,
        value: `native ${fmt(nativeMbps)} MB/s | wasm ${fmt(wasmMbps)} MB/s | js ${fmt(jsMbps)} MB/s`,
        note:
          `native run in a separate process right after (median of ${j.runs}); wasm/native ${fmt(wasmMbps / nativeMbps, 2)}` +
          (j.textBytes === Buffer.byteLength(real.answer) ? '' : '; NATIVE TEXT LENGTH DIFFERS'),
      });
    }
  }

  // (d) One event as large as the worker reads.
  for (const size of [1024, 0]) line(`${single.name}, chunks ${chunkName(size)}`, resultOf(single, size));
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows = await benchPipeline({ quick: process.argv.includes('--quick') });
  console.log(textTable(rows));
}
