// The processes the benchmarks start: `zo-dev serve` (stream generator) and Chromium with the
// extension loaded unpacked. Kept here, small, rather than shared with the e2e harness, so a
// change there cannot skew or break a measurement. Every process started is stopped.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { chromium, type BrowserContext, type Worker } from 'playwright-core';
import { ROOT, CHROMIUM } from './lib.ts';
import { extensionArgs } from '../chromium.ts';

export const ZO_DEV_BIN = process.env.ZO_DEV_BIN ?? path.join(ROOT, 'target', 'debug', 'zo-dev');
export const DEV_KEY = 'zo_sk_dev';

/** Builds zo-dev if its binary is missing. */
export function ensureZoDev(): void {
  if (existsSync(ZO_DEV_BIN)) return;
  const r = spawnSync('cargo', ['build', '--locked', '-p', 'zo-dev'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('cargo build -p zo-dev failed');
}

export interface ZoServe {
  url: string;
  stop(): Promise<void>;
}

/** `zo-dev serve --port 0 --ttl 600`; its address is the first stdout line. */
export async function startZoServe(): Promise<ZoServe> {
  ensureZoDev();
  const proc = spawn(ZO_DEV_BIN, ['serve', '--port', '0', '--ttl', '600'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: proc.stdout! });
    const timer = setTimeout(() => reject(new Error('zo-dev serve printed no address in 15 s')), 15_000);
    lines.once('line', (line) => {
      clearTimeout(timer);
      const m = /^listening on (http:\/\/127\.0\.0\.1:\d+)\s*$/.exec(line);
      if (m) resolve(m[1]);
      else reject(new Error(`unexpected first line from zo-dev serve: ${line}`));
    });
    lines.on('line', () => {});
    proc.once('exit', (code) => reject(new Error(`zo-dev serve exited (code ${code})`)));
  });
  return {
    url,
    stop: async () => {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = new Promise<void>((r) => proc.once('exit', () => r()));
      proc.kill('SIGTERM');
      await exited;
    },
  };
}

export interface Extension {
  context: BrowserContext;
  extensionId: string;
  /** The running service worker (the newest handle). */
  worker(): Worker | undefined;
  close(): Promise<void>;
}

/** Chromium (headless) with the repository root loaded unpacked, in a fresh profile. */
export async function launchExtension(): Promise<Extension> {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'zo-bench-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: false, // --headless=new below (extensions need it)
    args: extensionArgs(ROOT),
  });
  const ours = (w: Worker) => w.url().startsWith('chrome-extension://') && w.url().endsWith('/extension/background.js');
  try {
    const sw =
      context.serviceWorkers().filter(ours).pop() ??
      (await context.waitForEvent('serviceworker', { predicate: ours, timeout: 30_000 }));
    return {
      context,
      extensionId: new URL(sw.url()).host,
      worker: () => context.serviceWorkers().filter(ours).pop(),
      async close() {
        await context.close().catch(() => {});
        rmSync(userDataDir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    await context.close().catch(() => {});
    rmSync(userDataDir, { recursive: true, force: true });
    throw e;
  }
}

/** Polls `probe` until it returns a truthy value (no fixed sleeps), or throws after `timeout`. */
export async function waitFor<T>(what: string, probe: () => T | Promise<T>, timeout = 20_000, interval = 10): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const v = await probe();
    if (v) return v as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, interval));
  }
}
