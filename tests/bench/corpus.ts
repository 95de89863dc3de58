// The Readability test pages (../shared/corpus/readability-test-pages, or ZO_READER_CORPUS) as
// the benches that load real pages use them: which pages there are, a server on 127.0.0.1 that
// serves each page's source.html and expected.html (scripts removed, nothing fetched from
// elsewhere) and the built content module, a Chromium page that reaches nothing but that server,
// and the content module loaded into a page as the extension's content script loads it
// (extension/content.js: the wasm build, `start`, then `handle_message` per message).

import { createServer, type ServerResponse } from 'node:http';
import { readFile, readdir, access } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ROOT, PKG_DIR, CHROMIUM, CHROMIUM_ARGS } from './lib.ts';

export const CORPUS = path.resolve(
  process.env.ZO_READER_CORPUS ?? path.join(ROOT, '..', 'shared', 'corpus', 'readability-test-pages'),
);

/** Why the built content module cannot be loaded, or null when it can. */
export async function contentMissing(): Promise<string | null> {
  try {
    await access(path.join(PKG_DIR, 'zo_content.js'));
    return null;
  } catch {
    return `${PKG_DIR}/zo_content.js is missing: run ./build.sh`;
  }
}

/** The corpus's page names, sorted, or why there are none (the corpus is absent). */
export async function corpusPages(): Promise<{ names: string[] } | { missing: string }> {
  try {
    await access(CORPUS);
  } catch {
    return { missing: `the corpus is absent (${CORPUS}): skipped` };
  }
  const names: string[] = [];
  for (const e of (await readdir(CORPUS, { withFileTypes: true })).filter((e) => e.isDirectory())) {
    try {
      await access(path.join(CORPUS, e.name, 'source.html'));
      await access(path.join(CORPUS, e.name, 'expected.html'));
      names.push(e.name);
    } catch {
      // not a test page
    }
  }
  names.sort();
  return { names };
}

/** ZO_READER_ONLY=<regex>: only the pages whose name matches (to look at a few closely). */
export function onlyPages(): RegExp | null {
  return process.env.ZO_READER_ONLY ? new RegExp(process.env.ZO_READER_ONLY) : null;
}

/** Extra pages a bench serves beside the corpus: path (under /x/) -> HTML. */
export type ExtraPages = (name: string) => string | null;

/**
 * Serves `/p/<name>/source` and `/p/<name>/expected` for the corpus pages `pages`, the built
 * modules under `/pkg/`, and `/x/<name>` from `extra`.
 */
export async function serveCorpus(pages: string[], extra?: ExtraPages) {
  const html = (res: ServerResponse, text: string) =>
    void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(text);
  const server = createServer(async (req, res) => {
    const p = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    try {
      if (p.startsWith('/pkg/')) {
        const file = path.normalize(path.join(PKG_DIR, p.slice('/pkg/'.length)));
        if (!file.startsWith(PKG_DIR)) return void res.writeHead(404).end();
        const type = file.endsWith('.wasm') ? 'application/wasm' : 'text/javascript';
        return void res.writeHead(200, { 'content-type': type }).end(await readFile(file));
      }
      if (p.startsWith('/x/') && extra) {
        const text = extra(p.slice('/x/'.length));
        return text === null ? void res.writeHead(404).end() : html(res, text);
      }
      const m = /^\/p\/([^/]+)\/(source|expected)$/.exec(p);
      if (!m || !pages.includes(m[1])) return void res.writeHead(404).end();
      const text = await readFile(path.join(CORPUS, m[1], `${m[2]}.html`), 'utf8');
      // The page as saved, without its scripts (the expected text was extracted without them).
      html(res, text.replace(/<script\b[\s\S]*?<\/script\s*>/gi, '').replace(/<meta[^>]+http-equiv[^>]*>/gi, ''));
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, base: `http://127.0.0.1:${(server.address() as { port: number }).port}` };
}

/** Headless Chromium and one page (1280x800) that reaches nothing but 127.0.0.1. */
export async function corpusBrowser(): Promise<{ browser: Browser; page: Page }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // Nothing but the bench's own server: the pages' remote styles, images and frames stay out.
  await context.route(/^(?!http:\/\/127\.0\.0\.1)/, (route) => route.abort());
  return { browser, page: await context.newPage() };
}

/**
 * Loads the content module into the page (the wasm build, started as the extension starts it)
 * as `globalThis.zoContent`.
 */
export async function loadContent(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // By origin: a page's <base href> must not move the module.
    const mod = await import(`${location.origin}/pkg/zo_content.js`);
    await mod.default({ module_or_path: `${location.origin}/pkg/zo_content_bg.wasm` });
    mod.start('bench');
    (globalThis as unknown as { zoContent: unknown }).zoContent = mod;
  });
}
