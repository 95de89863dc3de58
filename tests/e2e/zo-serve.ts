//! `zo-dev serve` for the specs: started on a free 127.0.0.1 port (it stops by itself after its
//! --ttl), its Co-browse scripts and request log, and the full answer it gives to an input.

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT } from './paths.ts';

export const ZO_DEV_BIN = process.env.ZO_DEV_BIN ?? path.join(ROOT, 'target', 'debug', 'zo-dev');
/** The API key `zo-dev serve` accepts by default. */
export const DEV_KEY = 'zo_sk_dev';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  clientClosedEarly?: boolean;
  [key: string]: unknown;
}

export interface ZoServe {
  /** Base URL, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  /** Registers a Co-browse script; ask with input `[[zo:script=NAME]]`. */
  addScript(name: string, steps: string[]): Promise<void>;
  requests(): Promise<RecordedRequest[]>;
  clearRequests(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts `zo-dev serve --port 0 --ttl 900` and reads its port from the first stdout line. */
export async function startZoServe(extraArgs: string[] = []): Promise<ZoServe> {
  if (!existsSync(ZO_DEV_BIN)) {
    throw new Error(`zo-dev binary not found at ${ZO_DEV_BIN}: run \`cargo build -p zo-dev\` or set ZO_DEV_BIN`);
  }
  const proc = spawn(ZO_DEV_BIN, ['serve', '--port', '0', '--ttl', '900', ...extraArgs], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  proc.stderr!.on('data', (d) => {
    stderr += String(d);
    if (stderr.length > 20_000) stderr = stderr.slice(-10_000);
  });
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: proc.stdout! });
    const timer = setTimeout(() => reject(new Error(`zo-dev serve printed no address in 15 s; stderr: ${stderr}`)), 15_000);
    lines.once('line', (line) => {
      clearTimeout(timer);
      const m = /^listening on (http:\/\/127\.0\.0\.1:\d+)\s*$/.exec(line);
      if (m) resolve(m[1]);
      else reject(new Error(`unexpected first line from zo-dev serve: ${JSON.stringify(line)}`));
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`zo-dev serve exited early (code ${code}); stderr: ${stderr}`));
    });
    // Keep draining stdout so the child never blocks on a full pipe.
    lines.on('line', () => {});
  });
  const call = async (method: string, p: string, body?: unknown) => {
    const res = await fetch(url + p, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${p} -> HTTP ${res.status}: ${await res.text()}`);
    return res;
  };
  return {
    url,
    async addScript(name, steps) {
      await call('POST', '/__script', { name, steps });
    },
    async requests() {
      const body = (await (await call('GET', '/__requests')).json()) as unknown;
      if (Array.isArray(body)) return body as RecordedRequest[];
      const obj = body as { requests?: RecordedRequest[] };
      return obj.requests ?? [];
    },
    async clearRequests() {
      await call('DELETE', '/__requests');
    },
    stop: () => stopProcess(proc),
  };
}

async function stopProcess(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  proc.kill('SIGTERM');
  const timer = setTimeout(() => proc.kill('SIGKILL'), 3_000);
  await exited;
  clearTimeout(timer);
}

/** The recorded `/zo/ask` requests whose input contains `marker`, oldest first. */
export async function asksWith(serve: ZoServe, marker: string): Promise<RecordedRequest[]> {
  const all = await serve.requests();
  return all.filter((r) => r.path === '/zo/ask' && !r.headers?.['x-e2e-expected'] && typeof (r.body as any)?.input === 'string' && (r.body as any).input.includes(marker));
}

/** The complete answer text `zo-dev serve` gives to `input` (asked again without streaming;
 *  its answers are deterministic). Fault directives are removed so the normal answer comes. */
export async function serverAnswer(serve: ZoServe, input: string): Promise<string> {
  const clean = input.replace(/\[\[zo:(fault|times|key|after|pace|retry-after)=[^\]]*\]\]/g, '');
  const res = await fetch(`${serve.url}/zo/ask`, {
    method: 'POST',
    headers: { authorization: `Bearer ${DEV_KEY}`, 'content-type': 'application/json', 'x-e2e-expected': '1' },
    body: JSON.stringify({ input: clean, stream: false }),
  });
  if (!res.ok) throw new Error(`expected-answer request failed: HTTP ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { output?: string };
  if (typeof body.output !== 'string') throw new Error(`expected-answer reply has no output: ${JSON.stringify(body)}`);
  return body.output;
}
