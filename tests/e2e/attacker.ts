//! The attacker's origin for the trust specs: a server on another 127.0.0.1 port (so another
//! origin than the fixture site) that records every request it gets and answers with a small
//! page. A spec proves an attack reached nothing by this log staying empty.

import { createServer, type Server } from 'node:http';

export interface AttackerRequest {
  method: string;
  /** Path and query, e.g. `/collect?data=...`. */
  url: string;
  body: string;
  /** The Host header: which name the request was sent to. */
  host: string;
}

export interface AttackerSite {
  /** e.g. http://127.0.0.1:40125 (no trailing slash). */
  url: string;
  /** Every request received so far, oldest first. */
  requests(): AttackerRequest[];
  close(): Promise<void>;
}

/** Largest request body kept, in bytes. */
const MAX_BODY = 64 * 1024;

export async function startAttackerSite(): Promise<AttackerSite> {
  const log: AttackerRequest[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      if (body.length < MAX_BODY) body += String(chunk);
    });
    req.on('end', () => {
      if (req.url !== '/favicon.ico') log.push({ method: req.method ?? '', url: req.url ?? '', body, host: req.headers.host ?? '' });
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end('<!doctype html><title>Attacker</title><h1 id="got">Got it</h1>');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const addr = server.address();
  if (!addr || typeof addr === 'string') throw new Error('attacker server has no port');
  server.unref();
  return {
    url: `http://127.0.0.1:${addr.port}`,
    requests: () => [...log],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
