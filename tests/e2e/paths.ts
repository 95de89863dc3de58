//! Where things are: the repository root (the folder loaded unpacked), the tests folder, the
//! Chromium binary. Each can be overridden by an environment variable.

import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const TESTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ROOT = path.resolve(TESTS_DIR, '..');
/** The folder loaded unpacked: the repository root (override with ZO_E2E_EXTENSION_DIR). */
export const EXTENSION_DIR = path.resolve(process.env.ZO_E2E_EXTENSION_DIR ?? ROOT);
export { CHROMIUM } from '../chromium.ts';
