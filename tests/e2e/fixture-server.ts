//! The fixture site's static server: serves tests/fixtures/site on 127.0.0.1 (a port the OS
//! picks), with per-path response headers from tests/fixtures/site/headers.json (e.g. the strict
//! CSP page), and one open redirect (`/net-out?to=<address>`). Builds the React bundles first
//! when they are missing or older than their sources.

import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync, statSync, readdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SITE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'site');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

export interface FixtureSite {
  /** e.g. http://127.0.0.1:40123 (no trailing slash) */
  url: string;
  close(): Promise<void>;
}

/** Runs tests/fixtures/site/build.mjs when a React bundle (<name>.bundle.js of <name>.jsx) is
 *  missing or older than its sources. */
export function ensureFixtureBundle(): void {
  const files = readdirSync(SITE_DIR);
  const sources = files.filter((f) => f.endsWith('.jsx') || f === 'build.mjs');
  const newest = Math.max(...sources.map((f) => statSync(path.join(SITE_DIR, f)).mtimeMs));
  const bundles = files.filter((f) => f.endsWith('.jsx')).map((f) => path.join(SITE_DIR, f.replace(/\.jsx$/, '.bundle.js')));
  if (bundles.every((b) => existsSync(b) && statSync(b).mtimeMs >= newest)) return;
  execFileSync(process.execPath, [path.join(SITE_DIR, 'build.mjs')], { stdio: 'inherit' });
}

export async function startFixtureSite(): Promise<FixtureSite> {
  ensureFixtureBundle();
  const headers: Record<string, Record<string, string>> = JSON.parse(
    readFileSync(path.join(SITE_DIR, 'headers.json'), 'utf8'),
  );
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    // An open redirect, as many sites have one (the network guard's specs follow it).
    if (url.pathname === '/net-out') {
      res.writeHead(302, { location: url.searchParams.get('to') ?? '/', 'cache-control': 'no-store' });
      res.end();
      return;
    }
    let rel = decodeURIComponent(url.pathname);
    if (rel.endsWith('/')) rel += 'index.html';
    const file = path.resolve(SITE_DIR, '.' + rel);
    if (!file.startsWith(SITE_DIR + path.sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end(`not found: ${rel}\n`);
      return;
    }
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
      ...(headers[rel] ?? {}),
    });
    res.end(readFileSync(file));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const addr = server.address();
  if (!addr || typeof addr === 'string') throw new Error('fixture server has no port');
  // Never outlive the test run.
  server.unref();
  return {
    url: `http://127.0.0.1:${addr.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
