//! Debian's Chromium as every Node-side test and benchmark launches it: the binary, and the
//! flags verified to work headless as root on this machine kind, with or without an unpacked
//! extension loaded; and the extension staged with the test sites allowed.

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The Chromium binary (override with ZO_CHROMIUM); never a browser a tool downloads. */
export const CHROMIUM = process.env.ZO_CHROMIUM ?? '/usr/bin/chromium';

/** Flags for a quiet, sandbox-free browser on a machine without network but the registries. */
export const BASE_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  // Names under `co.uk` reach the local test servers (the port stays as written): the public
  // suffix specs need real registrable domains and a real suffix. No HTTPS attempt first for
  // them (the servers speak plain HTTP).
  '--host-resolver-rules=MAP *.co.uk 127.0.0.1',
  '--disable-features=HttpsUpgrades',
];

/** Flags that load the extension in `dir` unpacked (and no other), headless unless told not. */
export function extensionArgs(dir: string, headless = true): string[] {
  return [
    ...(headless ? ['--headless=new'] : []),
    ...BASE_ARGS,
    `--disable-extensions-except=${dir}`,
    `--load-extension=${dir}`,
  ];
}

/** Sites a test profile has allowed: the loopback names every local test server uses. */
export const TEST_SITES = ['http://127.0.0.1/*', 'http://localhost/*'];

/** A copy of the extension in `dir` (its manifest and `extension/` folder) whose manifest also
 *  grants `sites`: the extension as a user who allowed those sites has it. Zo reads and acts on
 *  a site, or sends the key to an API host, only with Chrome's permission for it, asked for in
 *  the user's click, and a test cannot click Chrome's permission prompt. Remove it with
 *  `remove()` once the browser closed. */
export function stageExtension(dir: string, sites: string[] = TEST_SITES): { dir: string; remove(): void } {
  const staged = mkdtempSync(path.join(tmpdir(), 'zo-extension-'));
  const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  manifest.host_permissions = [...(manifest.host_permissions ?? []), ...sites];
  writeFileSync(path.join(staged, 'manifest.json'), JSON.stringify(manifest, null, 2));
  cpSync(path.join(dir, 'extension'), path.join(staged, 'extension'), { recursive: true });
  return {
    dir: staged,
    remove: () => rmSync(staged, { recursive: true, force: true }),
  };
}
