// The Zo streams the pipeline benchmark feeds: recorded from `zo-dev serve` (its scenario
// generator writes the live event shapes (ARCHITECTURE.md, "Zo's answer on the wire"): lifecycle chunks, the
// FrontendModelRequest echo, PartStart/PartDelta/PartEnd events with word-sized tokens,
// FinalResultEvent, `completed`), plus one stream made of a single 10 MB event, built here in
// the same live shape (zo-dev streams long answers as many deltas, never as one event).

import { mkdirSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { startZoServe, DEV_KEY, type ZoServe } from './procs.ts';
import { markdownAnswer } from './lib.ts';

export interface Stream {
  name: string;
  bytes: Buffer;
  /** The answer text the stream carries (what both pipelines must assemble). */
  answer: string;
}

/** Registers `answer` as a one-step script, asks for it streamed without pacing, and returns
 *  the body bytes exactly as served. */
async function record(serve: ZoServe, name: string, answer: string): Promise<Buffer> {
  const add = await fetch(`${serve.url}/__script`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, steps: [answer] }),
  });
  if (!add.ok) throw new Error(`zo-dev serve /__script: HTTP ${add.status} ${await add.text()}`);
  const res = await fetch(`${serve.url}/zo/ask`, {
    method: 'POST',
    headers: { authorization: `Bearer ${DEV_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ input: `[[zo:script=${name}]] [[zo:pace=0]]`, stream: true }),
  });
  if (!res.ok) throw new Error(`zo-dev serve: HTTP ${res.status} ${await res.text()}`);
  return Buffer.from(await res.arrayBuffer());
}

/** Realistic streams of about each of `sizesMb` megabytes (answer sizes calibrated on a probe). */
export async function realisticStreams(sizesMb: number[]): Promise<Stream[]> {
  const serve = await startZoServe();
  try {
    const probeText = markdownAnswer(64 * 1024, 1);
    const probe = await record(serve, 'bench-probe', probeText);
    const ratio = probe.length / Buffer.byteLength(probeText);
    const out: Stream[] = [];
    for (const size of sizesMb) {
      const answer = markdownAnswer(Math.round((size * 1024 * 1024) / ratio), 100 + size);
      const name = `live-${size}MB`;
      out.push({ name, bytes: await record(serve, `bench-${size}`, answer), answer });
    }
    return out;
  } finally {
    await serve.stop();
  }
}

/** A stream whose answer arrives in one 10 MB `PartStartEvent` (live shape), then `completed`. */
export function singleEventStream(megabytes = 10): Stream {
  const answer = markdownAnswer(megabytes * 1024 * 1024, 99);
  const meta = { zmid: 'zmid_00000000bench010', runner_id: 'runner_000000bench0' };
  const ev = (id: number, name: string, data: unknown) => `id: ${id}\nevent: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
  const text =
    ev(1, 'AgentRuntimeStreamChunk', { type: 'status', status: 'running', data: { message: 'Zo is thinking' } }) +
    ev(2, 'PartStartEvent', {
      index: 0,
      part: { part_kind: 'text', content: answer, id: null },
      previous_part_kind: null,
      event_kind: 'part_start',
      metadata: meta,
    }) +
    ev(3, 'completed', { status: 'completed', conversation_id: 'conv_bench' });
  return { name: `single-event-${megabytes}MB`, bytes: Buffer.from(text), answer };
}

// `npx tsx bench/streams.ts --dump DIR`: writes the streams as .sse files (for profiling the
// pipeline natively, e.g. with `zo-dev replay`).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const at = process.argv.indexOf('--dump');
  if (at < 0 || !process.argv[at + 1]) {
    console.error('usage: npx tsx bench/streams.ts --dump DIR');
    process.exit(2);
  }
  const dir = process.argv[at + 1];
  mkdirSync(dir, { recursive: true });
  for (const s of [...(await realisticStreams([1, 4, 16])), singleEventStream(10)]) {
    writeFileSync(`${dir}/${s.name}.sse`, s.bytes);
    writeFileSync(`${dir}/${s.name}.answer.txt`, s.answer);
    console.log(`${dir}/${s.name}.sse ${s.bytes.length} bytes`);
  }
}
