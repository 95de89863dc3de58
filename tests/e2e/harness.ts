//! End-to-end harness: one `Harness` per test file starts `zo-dev serve`, the fixture site and
//! Chromium with the extension, and points the extension at the server; every process it
//! starts it also stops. The building blocks live in paths, wait, zo-serve, extension and
//! fixture-server; this module re-exports them so specs import from one place.

import type { Page } from 'playwright-core';
import { startFixtureSite, type FixtureSite } from './fixture-server.ts';
import { launchExtension, setSettings, devSettings, type ExtensionBrowser } from './extension.ts';
import { startZoServe, type ZoServe } from './zo-serve.ts';

export * from './paths.ts';
export * from './wait.ts';
export * from './zo-serve.ts';
export * from './extension.ts';

export interface Harness {
  ext: ExtensionBrowser;
  serve: ZoServe;
  site: FixtureSite;
  /** Opens a fixture page (e.g. "react-form.html") in a new tab with a unique URL. */
  open(fixturePath: string): Promise<Page>;
  close(): Promise<void>;
}

let openCounter = 0;

/** Starts zo-dev serve, the fixture site and Chromium, and points the extension at the server. */
export async function startHarness(): Promise<Harness> {
  const cleanups: Array<() => Promise<void>> = [];
  const close = async () => {
    for (const c of cleanups.reverse()) await c().catch(() => {});
  };
  try {
    const serve = await startZoServe();
    cleanups.push(() => serve.stop());
    const site = await startFixtureSite();
    cleanups.push(() => site.close());
    const ext = await launchExtension();
    cleanups.push(() => ext.close());
    await setSettings(ext, devSettings(serve));
    return {
      ext,
      serve,
      site,
      async open(fixturePath) {
        const page = await ext.context.newPage();
        const sep = fixturePath.includes('?') ? '&' : '?';
        await page.goto(`${site.url}/${fixturePath.replace(/^\//, '')}${sep}e2e=${++openCounter}`);
        return page;
      },
      async close() {
        if (process.env.ZO_E2E_DEBUG && ext.extensionErrors.length) {
          console.error(`extension errors/warnings:\n${ext.extensionErrors.join('\n')}`);
        }
        await close();
      },
    };
  } catch (err) {
    await close();
    throw err;
  }
}
