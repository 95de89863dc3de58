//! Debian's Chromium as every Node-side test and benchmark launches it: the binary, and the
//! flags verified to work headless as root on this machine kind (design.md section 5), with or
//! without an unpacked extension loaded.

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
