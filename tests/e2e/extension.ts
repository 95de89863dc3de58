//! Chromium with the extension loaded unpacked, in a fresh profile: the repository root staged
//! with the loopback test sites allowed (`stageExtension`: what a user who allowed them in
//! Chrome's prompt has), or the root itself. The extension id, its service worker, errors it
//! logged, its settings and API key, tab ids, and the side panel opened as a tab bound to a
//! target tab (`sidepanel.html?tabId=N`).

import { existsSync, mkdtempSync, rmSync, mkdirSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker, type ConsoleMessage } from 'playwright-core';
import { CHROMIUM, EXTENSION_DIR } from './paths.ts';
import { extensionArgs, stageExtension } from '../chromium.ts';
import { FatalWaitError, waitFor } from './wait.ts';
import { DEV_KEY, type ZoServe } from './zo-serve.ts';

export interface ExtensionBrowser {
  context: BrowserContext;
  extensionId: string;
  userDataDir: string;
  /** The folder Chromium loaded. */
  extensionDir: string;
  /** Every console error/warning seen from the extension (worker and extension pages), and
   *  uncaught page errors on extension pages, as "source: text". */
  extensionErrors: string[];
  /** Extension files web pages loaded (the content script's modules), as `{ page, url }`. */
  extensionLoads: Array<{ page: string; url: string }>;
  /** The extension's service worker, started again (by waking it) when Chromium stopped it. */
  worker(): Promise<Worker>;
  /** Evaluates `fn(arg)` in an extension page (a tab showing the extension's manifest.json,
   *  which has chrome.tabs and chrome.storage): chrome.* calls that must not depend on the
   *  worker being alive. */
  inExtension<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** Evaluates `fn(arg)` inside the extension's service worker. */
  inWorker<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  close(): Promise<void>;
}

/** Deletes a test profile; Chromium may still be flushing files into it as it exits. */
function removeProfile(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  } catch (err) {
    console.error(`could not remove the test profile ${dir}: ${err}`);
  }
}

/** Files manifest.json names that do not exist (Chromium refuses to load the extension then). */
export function missingManifestFiles(): string[] {
  const manifestPath = path.join(EXTENSION_DIR, 'manifest.json');
  if (!existsSync(manifestPath)) return ['manifest.json'];
  const m = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const files: string[] = [
    m.background?.service_worker,
    m.side_panel?.default_path,
    m.options_ui?.page,
    ...(m.content_scripts ?? []).flatMap((c: any) => [...(c.js ?? []), ...(c.css ?? [])]),
    ...Object.values(m.icons ?? {}),
  ].filter((f): f is string => typeof f === 'string');
  return files.filter((f) => !existsSync(path.join(EXTENSION_DIR, f)));
}

/** Launches Chromium with the extension loaded unpacked, in a fresh profile: staged with the
 *  loopback test sites allowed, or (`{ staged: false }`) the repository root exactly as a user
 *  loads it. */
export async function launchExtension({ staged = true }: { staged?: boolean } = {}): Promise<ExtensionBrowser> {
  const missing = missingManifestFiles();
  if (missing.length) throw new Error(`the extension cannot load: missing ${missing.join(', ')} in ${EXTENSION_DIR}`);
  const stage = staged ? stageExtension(EXTENSION_DIR) : null;
  const extensionDir = stage?.dir ?? EXTENSION_DIR;
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'zo-e2e-'));
  // Developer mode makes Chromium keep the extension's errors, which the smoke test reads on
  // chrome://extensions (chrome.developerPrivate) to prove the extension loaded cleanly.
  mkdirSync(path.join(userDataDir, 'Default'), { recursive: true });
  writeFileSync(
    path.join(userDataDir, 'Default', 'Preferences'),
    JSON.stringify({ extensions: { ui: { developer_mode: true } } }),
  );
  const headless = !process.env.DISPLAY || process.env.ZO_E2E_HEADLESS === '1';
  const args = extensionArgs(extensionDir, headless);
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: false, // headless is chosen through --headless=new above (extensions need it)
    args,
    viewport: { width: 1100, height: 800 },
  });
  const extensionErrors: string[] = [];
  const onConsole = (msg: ConsoleMessage) => {
    if (msg.type() !== 'error' && msg.type() !== 'warning') return;
    // The extension's own pages and worker, and its content script inside web pages (whose
    // messages come from chrome-extension://ID/extension/content.js or the modules it loads).
    const where = msg.location()?.url ?? '';
    const source = where.startsWith('chrome-extension://') ? where : (msg.worker()?.url() ?? msg.page()?.url() ?? '');
    if (source.startsWith('chrome-extension://')) extensionErrors.push(`${source}: [${msg.type()}] ${msg.text()}`);
  };
  context.on('console', onConsole);
  const extensionLoads: Array<{ page: string; url: string }> = [];
  context.on('request', (r) => {
    if (r.serviceWorker() || !r.url().startsWith('chrome-extension://')) return;
    let page = '';
    try {
      page = r.frame().url();
    } catch {
      return; // no frame (worker request)
    }
    if (r.url().startsWith('chrome-extension://') && /^https?:/.test(page)) extensionLoads.push({ page, url: r.url() });
  });
  context.on('weberror', (e) => {
    const url = e.page()?.url() ?? '';
    if (url.startsWith('chrome-extension://')) extensionErrors.push(`${url}: uncaught ${e.error().message}`);
  });

  // Workers Chromium stopped: their handles can linger in serviceWorkers() for a while.
  const closed = new WeakSet<Worker>();
  const track = (w: Worker) => w.once('close', () => closed.add(w));
  context.serviceWorkers().forEach(track);
  context.on('serviceworker', track);
  // The newest live one.
  const findWorker = () =>
    context
      .serviceWorkers()
      .filter((w) => !closed.has(w) && w.url().startsWith('chrome-extension://') && w.url().endsWith('/extension/background.js'))
      .pop();
  let sw = findWorker();
  if (!sw) {
    sw = await context
      .waitForEvent('serviceworker', { predicate: (w) => w.url().endsWith('/extension/background.js'), timeout: 20_000 })
      .catch(async (err) => {
        await context.close().catch(() => {});
        removeProfile(userDataDir);
        stage?.remove();
        throw new Error(
          `the extension's service worker never started (${err.message}): Chromium probably refused to load ` +
            `${extensionDir} (run ./build.sh, check manifest.json)`,
        );
      });
  }
  const extensionId = new URL(sw.url()).host;

  const worker = async (): Promise<Worker> => {
    const live = findWorker();
    if (live) return live;
    // Chromium stopped the worker and Playwright dropped its handle: an event the worker
    // listens for starts it again. Open an extension page briefly and connect a port from it.
    const page = await context.newPage();
    try {
      await page.goto(`chrome-extension://${extensionId}/extension/options.html`);
      await page.evaluate(() => {
        (globalThis as any).__zoWake = (globalThis as any).chrome.runtime.connect({ name: 'stream' });
      });
      return await waitFor('the extension service worker to start again', () => findWorker());
    } finally {
      await page.close();
    }
  };

  let helper: Page | null = null;
  return {
    context,
    extensionId,
    userDataDir,
    extensionDir,
    extensionErrors,
    extensionLoads,
    worker,
    async inExtension(fn, arg) {
      if (!helper || helper.isClosed()) {
        helper = await context.newPage();
        await helper.goto(`chrome-extension://${extensionId}/manifest.json`);
      }
      return (await helper.evaluate(fn as any, arg)) as any;
    },
    async inWorker(fn, arg) {
      const w = await worker();
      try {
        return (await w.evaluate(fn as any, arg)) as any;
      } catch (err) {
        // The worker was stopped under us: evaluate once more in the one started again.
        if (!/closed|destroyed/i.test(String(err))) throw err;
        closed.add(w);
        return (await (await worker()).evaluate(fn as any, arg)) as any;
      }
    },
    async close() {
      await context.close().catch(() => {});
      removeProfile(userDataDir);
      stage?.remove();
    },
  };
}

/** Waits until the worker's module ran (`globalThis.zoWorker` exists), then awaits
 *  `zoWorker.ready` (the wasm crate version once wasm is initialized) and returns it. */
export async function workerReady(ext: ExtensionBrowser): Promise<string> {
  await waitFor('globalThis.zoWorker in the service worker', async () => {
    const [state, hasZo] = await ext.inWorker(
      () => [(self as any).serviceWorker?.state as string | undefined, typeof (globalThis as any).zoWorker === 'object'] as const,
      null,
    );
    if (state === 'redundant') {
      // Chromium discarded the worker: its module failed to link or threw while evaluating
      // (e.g. extension/background.js imports a name extension/pkg/zo_worker.js lacks: rebuild).
      throw new FatalWaitError('the service worker is redundant: extension/background.js failed to load or threw at top level');
    }
    return hasZo;
  });
  return ext.inWorker(() => (globalThis as any).zoWorker.ready as Promise<string>, null);
}

/** Fails when the extension (worker, panel, options, content module) logged an error or threw. */
export function assertNoExtensionErrors(ext: ExtensionBrowser): void {
  const errors = ext.extensionErrors.filter((e) => /\[error\]|uncaught/.test(e));
  if (errors.length) throw new Error(`the extension logged errors:\n${errors.join('\n')}`);
}

/** Errors Chromium recorded for the extension (manifest errors, install warnings, runtime errors),
 *  read from chrome://extensions through chrome.developerPrivate. */
export async function chromeExtensionErrors(ext: ExtensionBrowser): Promise<string[]> {
  const page = await ext.context.newPage();
  try {
    await page.goto('chrome://extensions/');
    return await page.evaluate(async (id) => {
      const dp = (globalThis as any).chrome?.developerPrivate;
      if (!dp) return ['chrome.developerPrivate is not available on chrome://extensions'];
      const info = await dp.getExtensionInfo(id);
      const out: string[] = [];
      for (const e of info.manifestErrors ?? []) out.push(`manifest: ${e.message}`);
      for (const e of info.runtimeErrors ?? []) out.push(`runtime: ${e.message} (${e.source ?? ''})`);
      for (const w of info.installWarnings ?? []) out.push(`install warning: ${w}`);
      return out;
    }, ext.extensionId);
  } finally {
    await page.close();
  }
}

/** Serves Zo's public API origin (https://api.zo.computer, the one host the manifest grants)
 *  from the local `zo-dev serve`, for the extension's pages: Playwright intercepts their requests
 *  and answers them with the local server's replies. Any other base URL makes the options page
 *  ask for a host permission through a browser prompt that a test cannot click. */
export async function routeZoApiTo(ext: ExtensionBrowser, serve: ZoServe): Promise<void> {
  await ext.context.route('https://api.zo.computer/**', async (route) => {
    const u = new URL(route.request().url());
    const response = await route.fetch({ url: serve.url + u.pathname + u.search });
    await route.fulfill({ response });
  });
}

// ------------------------------------------------------------------ settings, tabs, panel

export interface SettingsPatch {
  /** Stored apart from the settings, under its own key `apiKey`. */
  apiKey?: string;
  apiBaseUrl?: string;
  model?: string | null;
  personaId?: string | null;
  defaultMode?: string;
  maxSteps?: number;
  screenshots?: boolean;
  livenessTimeoutMs?: number;
}

/** Writes the extension's settings (camelCase `zo_core::settings::Settings`) into
 *  chrome.storage.local under `settings`, merged over what is stored, and the API key, when the
 *  patch has one, under `apiKey` (in the same write, as the options page saves them). */
export async function setSettings(ext: ExtensionBrowser, patch: SettingsPatch): Promise<void> {
  await ext.inExtension(async (p) => {
    const c = (globalThis as any).chrome;
    const { settings } = await c.storage.local.get('settings');
    const next = Object.assign({}, settings ?? {}, p);
    delete next.apiKey;
    const write: Record<string, unknown> = { settings: next };
    if (p.apiKey !== undefined) write.apiKey = p.apiKey;
    await c.storage.local.set(write);
  }, patch);
}

/** What chrome.storage.local holds under `keys` (read in an extension page). */
export async function stored(ext: ExtensionBrowser, keys: string[]): Promise<Record<string, any>> {
  return ext.inExtension(async (k) => (globalThis as any).chrome.storage.local.get(k), keys);
}

/** The settings pointing the extension at a local `zo-dev serve`. */
export function devSettings(serve: ZoServe, extra: SettingsPatch = {}): SettingsPatch {
  return { apiKey: DEV_KEY, apiBaseUrl: serve.url, livenessTimeoutMs: 2000, maxSteps: 10, ...extra };
}

/** Chromium's tab id of `page`, found through chrome.tabs.query in an extension page. Pages must have
 *  distinct URLs (`Harness.open` adds a unique query parameter). */
export async function tabIdOf(ext: ExtensionBrowser, page: Page): Promise<number> {
  const url = page.url();
  return waitFor(`the tab id of ${url}`, async () => {
    const ids = await ext.inExtension(async (u) => {
      const tabs = await (globalThis as any).chrome.tabs.query({});
      return tabs.filter((t: any) => t.url === u || t.pendingUrl === u).map((t: any) => t.id as number);
    }, url);
    if (ids.length > 1) throw new Error(`${ids.length} tabs have the URL ${url}`);
    return ids[0];
  });
}

/** Opens the side panel page as a tab bound to `target` (`sidepanel.html?tabId=N`). */
export async function openPanel(ext: ExtensionBrowser, target: Page): Promise<Page> {
  const tabId = await tabIdOf(ext, target);
  const panel = await ext.context.newPage();
  await panel.goto(`chrome-extension://${ext.extensionId}/extension/sidepanel.html?tabId=${tabId}`);
  return panel;
}

export async function openOptions(ext: ExtensionBrowser): Promise<Page> {
  const page = await ext.context.newPage();
  await page.goto(`chrome-extension://${ext.extensionId}/extension/options.html`);
  // The stored settings replace the defaults when they load: a choice made before would go.
  await page.locator('#app[aria-busy="false"]').waitFor({ state: 'attached' });
  return page;
}

/** The stored chat history (`chrome.storage.local` key `history`). */
export async function storedHistory(ext: ExtensionBrowser): Promise<any> {
  return ext.inExtension(async () => (await (globalThis as any).chrome.storage.local.get('history')).history ?? null, null);
}
