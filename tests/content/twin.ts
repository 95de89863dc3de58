// The twin pages of the content tests: a local server for the fixture pages in
// tests/fixtures/content (apps bundled with esbuild on the fly; a `/csp/` prefix serves a page
// with `Content-Security-Policy: script-src 'self'`, which refuses the wasm build), Debian's
// Chromium, and the harness (fixtures/content/harness.js) that loads either build of the
// content module and runs messages through it.
import { createServer, type Server } from 'node:http';
import { readFile, access } from 'node:fs/promises';
import { join, normalize, extname, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM } from '../chromium.ts';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const pkgDir = process.env.ZO_PKG_DIR ?? join(root, 'extension', 'pkg');
export const fixtures = join(root, 'tests', 'fixtures', 'content');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
};

export type Reply = { type: string; result?: any; results?: any[]; build?: string; snapshot?: any };

export class Twin {
  private constructor(
    private server: Server,
    private browser: Browser,
    readonly base: string,
  ) {}

  /** Serves the fixtures and `apps` (served path -> source in fixtures/content, bundled). */
  static async start(apps: Record<string, string>): Promise<Twin> {
    for (const f of ['zo_content.js', 'zo_content_bg.wasm', 'mvp/zo_content.js']) {
      await access(join(pkgDir, f)).catch(() => {
        throw new Error(`${join(pkgDir, f)} is missing: run ./build.sh first`);
      });
    }
    const appJs: Record<string, string> = {};
    for (const [path, source] of Object.entries(apps)) {
      const bundled = await build({
        entryPoints: [join(fixtures, source)],
        bundle: true,
        write: false,
        format: 'esm',
        jsx: 'automatic',
        define: { 'process.env.NODE_ENV': '"production"' },
        logLevel: 'silent',
      });
      appJs[path] = bundled.outputFiles[0].text;
    }
    const server = createServer(async (req, res) => {
      let path = new URL(req.url ?? '/', 'http://x').pathname;
      const headers: Record<string, string> = {};
      if (path.startsWith('/csp/')) {
        headers['Content-Security-Policy'] = "script-src 'self'";
        path = path.slice('/csp'.length);
      }
      let body: Buffer | string | null = null;
      if (path in appJs) body = appJs[path];
      else if (path.startsWith('/pkg/')) body = await serveFile(pkgDir, path.slice('/pkg/'.length));
      else if (path.startsWith('/fixtures/')) body = await serveFile(fixtures, path.slice('/fixtures/'.length));
      if (body === null) {
        res.writeHead(404).end('not found');
        return;
      }
      res.writeHead(200, { 'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream', ...headers });
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const addr = server.address();
    if (!addr || typeof addr === 'string') throw new Error('no server address');
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--headless=new', '--disable-gpu'],
    });
    return new Twin(server, browser, `http://127.0.0.1:${addr.port}`);
  }

  async stop() {
    await this.browser.close();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Opens `path` once the harness is there and `ready` (run in the page) holds. */
  async open(path: string, ready: () => boolean): Promise<Page> {
    const page = await this.browser.newPage();
    await page.goto(this.base + path);
    await page.waitForFunction(() => 'zoHarness' in window);
    await page.waitForFunction(ready);
    return page;
  }
}

async function serveFile(dir: string, rel: string): Promise<Buffer | null> {
  const path = normalize(join(dir, rel));
  if (!path.startsWith(dir)) return null;
  try {
    return await readFile(path);
  } catch {
    return null;
  }
}

/** Loads build `kind` ("wasm" or "js") into the page: "ok", or the error's name and message. */
export function load(page: Page, kind: string): Promise<string> {
  return page.evaluate((k) => (window as any).zoHarness.load(k), kind);
}

/** Sends one message to build `kind`; the replies (until BATCH_DONE for batches), every
 *  ACTION_CHECK allowed. */
export function send(page: Page, kind: string, msg: object): Promise<Reply[]> {
  return page.evaluate(([k, m]) => (window as any).zoHarness.send(k, m), [kind, msg] as const);
}

/** `replies` with each settle time replaced by 0 (they differ from run to run), after
 *  checking that every action that changes the page reported one and no other did. */
export function settled(replies: Reply[], actions: Array<{ type: string }>): Reply[] {
  for (const r of replies) {
    const results = r.type === 'BATCH_DONE' ? r.results! : r.type === 'ACTION_RESULT' ? [r.result] : [];
    for (const res of results) {
      const changes = ['click', 'fill', 'scroll'].includes(actions[res.index].type);
      const want = res.status === 'done' && changes;
      if (want !== (typeof res.settleMs === 'number')) {
        throw new Error(`settleMs of ${JSON.stringify(res)} (${actions[res.index].type})`);
      }
    }
  }
  return JSON.parse(JSON.stringify(replies).replace(/"settleMs":\d+/g, '"settleMs":0'));
}
