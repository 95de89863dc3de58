// Worker memory: how much the shipped worker module's wasm memory grows while one hostile
// answer streams through its pipeline (zo_core::stream::StreamPipeline through
// zo_worker::bench_api::PipelineHandle, the code the worker runs on a live body), in Node.
// Each case runs in its own Node process (a fresh instance of the module), fed in 64 KiB
// chunks as a fetch body arrives; wasm memory only grows, so its size after the stream is the
// stream's peak. Cases: a 10 MB answer in 1 KiB deltas and one 10 MB event (both past the
// worker's limits: stopped with a permanent error), and about the largest of each the limits
// let through (a 3.8 MB answer, one 0.9 MB event).
//
// Run alone: cd tests && npx tsx bench/memory.ts

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PKG_DIR, TESTS_DIR, type Row, fmt, markdownAnswer, notMeasured, textTable } from './lib.ts';
import { singleEventStream } from './streams.ts';

const SECTION = 'memory';
const MiB = 1024 * 1024;
const CHUNK = 64 * 1024;
/** The target: the memory a stream takes at most this many times its size (answer or event). */
const RATIO = 3;

/** A stream whose answer of `bytes` comes in 1 KiB text deltas (live shape), then `completed`. */
function deltaAnswerStream(bytes: number): { bytes: Buffer; answer: number } {
  const answer = markdownAnswer(bytes, 41);
  const meta = { zmid: 'zmid_00000000bench020', runner_id: 'runner_000000bench0' };
  const ev = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
  const parts = [
    ev('PartStartEvent', {
      index: 0,
      part: { part_kind: 'text', content: '', id: null },
      event_kind: 'part_start',
      metadata: meta,
    }),
  ];
  for (let at = 0; at < answer.length; at += 1024) {
    parts.push(
      ev('PartDeltaEvent', {
        index: 0,
        delta: { part_delta_kind: 'text', content_delta: answer.slice(at, at + 1024) },
        event_kind: 'part_delta',
        metadata: meta,
      }),
    );
  }
  parts.push(ev('completed', { status: 'completed', conversation_id: 'conv_bench' }));
  return { bytes: Buffer.from(parts.join('')), answer: Buffer.byteLength(answer) };
}

interface Case {
  name: string;
  body: () => Buffer;
  /** What the growth is compared with (bytes). */
  size: () => number;
  /** Whether the worker must stop it at a limit. */
  stops: boolean;
}

const CASES: Case[] = [
  {
    name: 'a 10 MB answer (1 KiB deltas)',
    body: () => deltaAnswerStream(10 * MiB).bytes,
    size: () => 10 * MiB,
    stops: true,
  },
  { name: 'one 10 MB event', body: () => singleEventStream(10).bytes, size: () => 10 * MiB, stops: true },
  {
    name: 'a 3.8 MB answer (under the 4 MiB answer limit)',
    body: () => deltaAnswerStream(Math.round(3.6 * MiB)).bytes,
    size: () => deltaAnswerStream(Math.round(3.6 * MiB)).answer,
    stops: false,
  },
  {
    name: 'one 0.9 MB event (under the 1 MiB line limit)',
    body: () => singleEventStream(0.9).bytes,
    size: () => singleEventStream(0.9).bytes.length,
    stops: false,
  },
];

interface Grown {
  /** Bytes the wasm memory grew by while the stream went through. */
  grown: number;
  status: string;
  error: string | null;
  textBytes: number;
}

/** Streams `body` through the worker module, instantiated in this process for it alone. */
async function measure(wasmBytes: Buffer, body: Buffer): Promise<Grown> {
  const mod: any = await import(pathToFileURL(path.join(PKG_DIR, 'zo_worker.js')).href);
  const exports = mod.initSync({ module: wasmBytes });
  const memory: WebAssembly.Memory = exports.memory;
  const h = new mod.PipelineHandle('ask');
  const before = memory.buffer.byteLength;
  for (let at = 0; at < body.length; at += CHUNK) h.push(body.subarray(at, Math.min(at + CHUNK, body.length)));
  const status = h.finish();
  const grown = memory.buffer.byteLength - before;
  const result = JSON.parse(h.resultJson());
  h.free();
  return { grown, status, error: result.error ?? null, textBytes: Buffer.byteLength(result.text ?? '') };
}

export async function benchMemory(): Promise<Row[]> {
  const rows: Row[] = [];
  for (let i = 0; i < CASES.length; i++) {
    const c = CASES[i];
    const name = `wasm memory growth, ${c.name}`;
    // One process per case: a module instance's memory never shrinks.
    const r = spawnSync('npx', ['tsx', 'bench/memory.ts', '--case', String(i)], {
      cwd: TESTS_DIR,
      encoding: 'utf8',
      maxBuffer: 1 << 20,
    });
    const line = r.status === 0 ? r.stdout.trim().split('\n').at(-1) : undefined;
    if (!line) {
      rows.push(notMeasured(SECTION, name, `the case failed: ${(r.stderr || '').trim().split('\n').slice(-2).join(' / ')}`));
      continue;
    }
    const m = JSON.parse(line) as Grown & { size: number; bodyBytes: number };
    const ratio = m.grown / m.size;
    const ended = c.stops ? m.status === 'failed' && m.error !== null : m.status === 'succeeded';
    rows.push({
      section: SECTION,
      name,
      value: `+${fmt(m.grown / MiB, 1)} MiB (${fmt(ratio, 2)}x ${fmt(m.size / MiB, 1)} MiB)`,
      target: `<= ${RATIO}x`,
      met: ratio <= RATIO && ended,
      note:
        (ended ? '' : 'UNEXPECTED END; ') +
        `status ${m.status}` +
        (m.error ? ` (${m.error})` : '') +
        `, text kept ${fmt(m.textBytes / MiB, 2)} MiB, body ${fmt(m.bodyBytes / MiB, 1)} MiB in 64 KiB chunks`,
    });
  }
  return rows;
}

/** `--case N`: measures case N in this process and prints one JSON line. */
async function runCase(i: number): Promise<void> {
  const c = CASES[i];
  if (!c) throw new Error(`no case ${i}`);
  const wasmPath = path.join(PKG_DIR, 'zo_worker_bg.wasm');
  const body = c.body();
  const m = await measure(readFileSync(wasmPath), body);
  console.log(JSON.stringify({ ...m, size: c.size(), bodyBytes: body.length }));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const at = process.argv.indexOf('--case');
  if (at >= 0) await runCase(Number(process.argv[at + 1]));
  else console.log(textTable(await benchMemory()));
}
