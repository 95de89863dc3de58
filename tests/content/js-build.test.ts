// The JS translation of zo-content (extension/pkg/mvp, for strict-CSP pages) performs the
// same actions as the wasm build: both run the same batch on two copies of a React form and
// must report the same results and leave the same DOM. A page served with
// `Content-Security-Policy: script-src 'self'` refuses the wasm build (CompileError) and
// runs the JS build.
//
// Needs the built module: ./build.sh (or wasm-bindgen into extension/pkg and
// crates/zo-content/build-js.sh extension/pkg/mvp). Run: cd tests && npx tsx --test content/*.test.ts
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { readFile, access } from 'node:fs/promises';
import { join, normalize, extname, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const pkgDir = process.env.ZO_PKG_DIR ?? join(root, 'extension', 'pkg');
const fixtures = join(root, 'tests', 'fixtures', 'content');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
};

let server: Server;
let base = '';
let browser: Browser;
let appJs = '';

async function serveFile(dir: string, rel: string): Promise<Buffer | null> {
  const path = normalize(join(dir, rel));
  if (!path.startsWith(dir)) return null;
  try {
    return await readFile(path);
  } catch {
    return null;
  }
}

before(async () => {
  for (const f of ['zo_content.js', 'zo_content_bg.wasm', 'mvp/zo_content.js']) {
    await access(join(pkgDir, f)).catch(() => {
      throw new Error(`${join(pkgDir, f)} is missing: run ./build.sh first`);
    });
  }
  const bundled = await build({
    entryPoints: [join(fixtures, 'twin-app.tsx')],
    bundle: true,
    write: false,
    format: 'esm',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  appJs = bundled.outputFiles[0].text;
  server = createServer(async (req, res) => {
    let path = new URL(req.url ?? '/', 'http://x').pathname;
    const headers: Record<string, string> = {};
    if (path.startsWith('/csp/')) {
      headers['Content-Security-Policy'] = "script-src 'self'";
      path = path.slice('/csp'.length);
    }
    let body: Buffer | string | null = null;
    if (path === '/app.js') body = appJs;
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
  base = `http://127.0.0.1:${addr.port}`;
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--headless=new', '--disable-gpu'],
  });
});

after(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

async function open(path: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(base + path);
  await page.waitForFunction(() => 'zoHarness' in window && document.querySelector('output.state') !== null);
  return page;
}

const ROOT = '{root}';
// One batch exercising every action; `{root}` becomes the copy's section selector.
const batch = [
  { type: 'fill', selector: `${ROOT} input[name="name"]`, value: 'Ada Lovelace' },
  { type: 'fill', selector: `${ROOT} input[name="email"]`, value: 'ada@example.com' },
  { type: 'fill', selector: `${ROOT} select[name="plan"]`, value: 'Pro plan' },
  { type: 'fill', selector: `${ROOT} input[name="agree"]`, value: 'on' },
  { type: 'fill', selector: `${ROOT} textarea[name="notes"]`, value: 'Line one\nLine two' },
  { type: 'click', selector: `${ROOT} button.more` },
  // Inserted by React 300 ms after the click: awaited with a MutationObserver.
  { type: 'fill', selector: `${ROOT} input[name="extra"]`, value: 'late field' },
  { type: 'fill', selector: `${ROOT} .bio`, value: 'New bio' },
  { type: 'extract', selector: `${ROOT} output.state` },
  { type: 'extract', selector: `${ROOT} a.link`, attribute: 'href' },
  { type: 'scroll', selector: `${ROOT} .scroller`, amount: 200 },
  { type: 'wait', ms: 10 },
  { type: 'click', selector: `${ROOT} .does-not-exist` },
  { type: 'click', selector: `${ROOT} button.more` },
];

function batchFor(rootSel: string) {
  const actions = batch.map((a) => JSON.parse(JSON.stringify(a).replaceAll(ROOT, rootSel)));
  return { type: 'EXECUTE_ACTION', batchId: 'twin', timeoutMs: 2000, actions };
}

type Reply = { type: string; result?: unknown; results?: unknown[]; build?: string };

async function runOn(page: Page, kind: string, rootSel: string) {
  const replies: Reply[] = await page.evaluate(
    ([k, msg]) => (window as any).zoHarness.send(k, msg),
    [kind, batchFor(rootSel)] as const,
  );
  const state = await page.evaluate((r) => (window as any).zoHarness.state(r), rootSel);
  // Results mention the root selector (scroll target, error messages): neutralize it.
  const text = JSON.stringify(replies).replaceAll(rootSel, ROOT);
  return { replies: JSON.parse(text) as Reply[], state };
}

const expectedState = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  plan: 'pro',
  agree: true,
  notes: 'Line one\nLine two',
  extra: 'late field',
  react: JSON.stringify({
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    plan: 'pro',
    agree: true,
    notes: 'Line one\nLine two',
    extra: 'late field',
    clicks: 1,
  }),
  bio: 'New bio',
  scrollTop: 200,
};

function checkOutcome(replies: Reply[], state: Record<string, unknown>) {
  const done = replies.at(-1)!;
  assert.equal(done.type, 'BATCH_DONE');
  const results = done.results as { index: number; status: string; value?: any; error?: any }[];
  const statuses = results.map((r) => r.status);
  assert.deepEqual(statuses, [...Array(12).fill('done'), 'failed', 'skipped']);
  assert.equal(results[12].error.code, 'not_found');
  assert.equal(JSON.parse(results[8].value.value).extra, 'late field', 'React state has the late field');
  assert.match(results[9].value.value, /^http:\/\/127\.0\.0\.1:\d+\/docs\/page\?x=1$/);
  assert.equal(results[10].value.y, 200);
  // running, then final, for each action that ran; skipped reported once.
  const progress = replies.filter((r) => r.type === 'ACTION_RESULT').map((r: any) => `${r.result.index}:${r.result.status}`);
  assert.equal(progress.length, 13 * 2 + 1);
  for (const [key, want] of Object.entries(expectedState)) assert.deepEqual(state[key], want, key);
}

test('the JS build performs the same actions as the wasm build', async () => {
  const page = await open('/fixtures/twin-form.html');
  assert.equal(await page.evaluate(() => (window as any).zoHarness.load('wasm')), 'ok');
  assert.equal(await page.evaluate(() => (window as any).zoHarness.load('js')), 'ok');
  const pong = async (k: string) => page.evaluate((kk) => (window as any).zoHarness.send(kk, { type: 'PING' }), k);
  assert.deepEqual(await pong('wasm'), [{ type: 'PONG', build: 'wasm' }]);
  assert.deepEqual(await pong('js'), [{ type: 'PONG', build: 'js' }]);

  const wasm = await runOn(page, 'wasm', '#wasm-side');
  const js = await runOn(page, 'js', '#js-side');
  checkOutcome(wasm.replies, wasm.state);
  assert.deepEqual(js.replies, wasm.replies, 'same replies from both builds');
  assert.deepEqual(js.state, wasm.state, 'same resulting DOM');

  // Both builds see the same page the same way.
  const snap = (k: string) =>
    page.evaluate((kk) => (window as any).zoHarness.send(kk, { type: 'SNAPSHOT', requestId: 'r', textBudget: 2000 }), k);
  const [ws, jss] = [await snap('wasm'), await snap('js')];
  assert.equal(ws[0].type, 'SNAPSHOT_RESULT');
  assert.ok(ws[0].snapshot.elements.length >= 16, 'both copies listed');
  assert.deepEqual(jss, ws);
  await page.close();
});

test('on a page whose CSP forbids wasm, the wasm build fails with CompileError and the JS build works', async () => {
  const page = await open('/csp/fixtures/twin-form.html');
  const wasm = await page.evaluate(() => (window as any).zoHarness.load('wasm'));
  assert.match(wasm, /^CompileError/);
  assert.equal(await page.evaluate(() => (window as any).zoHarness.load('js')), 'ok');
  const js = await runOn(page, 'js', '#js-side');
  checkOutcome(js.replies, js.state);
  await page.close();
});
