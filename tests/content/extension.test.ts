// extension/content.js inside the real extension: the worker side (here: code evaluated in
// the service worker) injects it on demand (chrome.scripting.executeScript: the manifest
// declares no content script), then reaches it with chrome.tabs.sendMessage (PING) and a port
// named "content" (EXECUTE_ACTION). The module files are web-accessible only under the dynamic
// URL: both builds load that way, and on a page whose CSP forbids wasm the JS build answers.
// The extension is staged with the loopback sites allowed (stageExtension).
// Needs the built extension (./build.sh). Run: cd tests && npx tsx --test content/*.test.ts
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Worker } from 'playwright-core';
import { CHROMIUM, extensionArgs, stageExtension } from '../chromium.ts';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const fixtures = join(root, 'tests', 'fixtures', 'content');

let server: Server;
let base = '';
let context: BrowserContext;
let worker: Worker;
let profile = '';
let stage: { dir: string; remove(): void } | null = null;

before(async () => {
  server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const headers: Record<string, string> = {};
    let file = '';
    if (path === '/plain.html') file = 'page.html';
    if (path === '/csp.html') {
      file = 'page.html';
      headers['Content-Security-Policy'] = "script-src 'self'";
    }
    if (path === '/strict.html') {
      file = 'page.html';
      headers['Content-Security-Policy'] = "default-src 'self'";
    }
    if (path === '/page.js') file = 'page.js';
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    const type = file.endsWith('.js') ? 'text/javascript' : 'text/html; charset=utf-8';
    res.writeHead(200, { 'Content-Type': type, ...headers });
    res.end(await readFile(join(fixtures, file)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  base = `http://127.0.0.1:${addr.port}`;
  profile = await mkdtemp(join(tmpdir(), 'zo-content-'));
  stage = stageExtension(root);
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: false, // --headless=new in the args (extensions need it)
    args: extensionArgs(stage.dir),
  });
  worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
});

after(async () => {
  await context?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  if (profile) await rm(profile, { recursive: true, force: true });
  stage?.remove();
});

// Injects the content script as the worker does, then PINGs it. No content script runs
// before: nothing is declared in the manifest.
async function ping(url: string): Promise<{ tabId: number; pong: any; before: string }> {
  return worker.evaluate(async (u) => {
    const [tab] = await chrome.tabs.query({ url: u });
    // Messages travel as JSON text, as the worker's Rust writes them.
    const before = await chrome.tabs.sendMessage(tab.id!, JSON.stringify({ type: 'PING' })).then(
      () => 'answered',
      (e) => String(e),
    );
    await chrome.scripting.executeScript({ target: { tabId: tab.id! }, files: ['extension/content.js'] });
    const pong = JSON.parse(await chrome.tabs.sendMessage(tab.id!, JSON.stringify({ type: 'PING' })));
    return { tabId: tab.id!, pong, before };
  }, url);
}

async function runBatch(tabId: number, actions: unknown[]): Promise<any[]> {
  return worker.evaluate(
    ([id, acts]) =>
      new Promise<any[]>((resolve) => {
        const port = chrome.tabs.connect(id as number, { name: 'content' });
        const got: any[] = [];
        port.onMessage.addListener((text) => {
          const m = JSON.parse(text);
          got.push(m);
          // The worker's answer to each action's check: allowed.
          if (m.type === 'ACTION_CHECK')
            port.postMessage(JSON.stringify({ type: 'ACTION_VERDICT', batchId: m.batchId, index: m.index, allow: true }));
          if (m.type === 'BATCH_DONE') {
            port.disconnect();
            resolve(got);
          }
        });
        port.postMessage(JSON.stringify({ type: 'EXECUTE_ACTION', batchId: 'e1', actions: acts, timeoutMs: 2000 }));
      }),
    [tabId, actions] as const,
  );
}

const actions = [
  { type: 'fill', selector: '#name', value: 'Grace' },
  { type: 'click', selector: '#send' },
  { type: 'extract', selector: '#status' },
];

for (const [path, build] of [
  ['/plain.html', 'wasm'],
  ['/csp.html', 'js'],
  ['/strict.html', 'js'],
] as const) {
  test(`content script on ${path} runs the ${build} build and executes a batch over the port`, async () => {
    const page = await context.newPage();
    await page.goto(base + path);
    const { tabId, pong, before } = await ping(base + path);
    assert.match(before, /Receiving end does not exist/, 'a content script ran before Zo injected it');
    assert.deepEqual(pong, { type: 'PONG', build });
    const replies = await runBatch(tabId, actions);
    const done = replies.at(-1);
    assert.equal(done.type, 'BATCH_DONE');
    assert.deepEqual(
      done.results.map((r: any) => r.status),
      ['done', 'done', 'done'],
    );
    assert.equal(done.results[2].value.value, 'sent Grace (1)');
    // running + final per action: no duplicate listeners.
    assert.equal(replies.filter((r) => r.type === 'ACTION_RESULT').length, 6);
    assert.equal(await page.locator('#status').textContent(), 'sent Grace (1)');
    await page.close();
  });
}

test('a second injection (chrome.scripting.executeScript) does not add a second listener', async () => {
  const page = await context.newPage();
  await page.goto(base + '/plain.html');
  const { tabId } = await ping(base + '/plain.html');
  await worker.evaluate(
    (id) => chrome.scripting.executeScript({ target: { tabId: id }, files: ['extension/content.js'] }),
    tabId,
  );
  const { pong } = await ping(base + '/plain.html');
  assert.deepEqual(pong, { type: 'PONG', build: 'wasm' });
  await runBatch(tabId, actions);
  // Batches run one at a time in arrival order: had a second copy also run the first batch,
  // it would have clicked before this extract runs.
  const replies = await runBatch(tabId, [{ type: 'extract', selector: '#status' }]);
  assert.equal(replies.at(-1).results[0].value.value, 'sent Grace (1)');
  await page.close();
});
