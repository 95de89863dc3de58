// Size: every built wasm module and JS file in extension/pkg (what ./build.sh writes), raw and
// gzipped (-9), and the totals per module against the targets (content <= 60 KB gz, worker
// <= 200 KB gz). For a wasm file that still has its custom sections (not run through
// wasm-opt), also what stripping them and `wasm-opt -Oz` (npm binaryen) would give.
//
// Run alone: cd tests && npx tsx bench/size.ts

import { readFileSync, readdirSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PKG_DIR, TESTS_DIR, type Row, fmt, kb, notMeasured, textTable } from './lib.ts';

const SECTION = 'size';
const gz = (b: Buffer) => gzipSync(b, { level: 9 }).length;

function files(): string[] {
  const list = (dir: string) =>
    existsSync(dir) ? readdirSync(dir).filter((f) => /\.(wasm|js)$/.test(f)).map((f) => path.join(dir, f)) : [];
  return [...list(PKG_DIR), ...list(path.join(PKG_DIR, 'mvp'))].sort();
}

/** The module without its custom sections (`name`, `producers`, ...): what `strip = true`
 *  in the release profile would give. */
function stripCustom(b: Buffer): Buffer {
  const parts: Buffer[] = [b.subarray(0, 8)];
  let i = 8;
  const leb = () => {
    let r = 0;
    let shift = 0;
    let x: number;
    do {
      x = b[i++];
      r += (x & 0x7f) * 2 ** shift;
      shift += 7;
    } while (x & 0x80);
    return r;
  };
  while (i < b.length) {
    const start = i;
    const id = b[i++];
    const len = leb();
    const end = i + len;
    if (id !== 0) parts.push(b.subarray(start, end));
    i = end;
  }
  return Buffer.concat(parts);
}

function wasmOpt(file: string): number | null {
  const bin = path.join(TESTS_DIR, 'node_modules', '.bin', 'wasm-opt');
  if (!existsSync(bin)) return null;
  const dir = mkdtempSync(path.join(tmpdir(), 'zo-size-'));
  try {
    const out = path.join(dir, 'o.wasm');
    const r = spawnSync(bin, [file, '-Oz', '--all-features', '-o', out], { encoding: 'utf8', timeout: 240_000 });
    return r.status === 0 && existsSync(out) ? gz(readFileSync(out)) : null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function benchSize(opts: { wasmOpt?: boolean } = {}): Row[] {
  const all = files();
  if (all.length === 0) return [notMeasured(SECTION, 'built modules', `${PKG_DIR} is empty: run ./build.sh`)];
  const rows: Row[] = [];
  const sizes = new Map<string, { raw: number; gz: number }>();
  for (const f of all) {
    const b = readFileSync(f);
    const s = { raw: b.length, gz: gz(b) };
    sizes.set(path.relative(PKG_DIR, f), s);
    rows.push({ section: SECTION, name: `extension/pkg/${path.relative(PKG_DIR, f)}`, value: `${kb(s.raw)} raw, ${kb(s.gz)} gz` });
  }
  const total = (names: string[]) =>
    names.reduce((acc, n) => ({ raw: acc.raw + (sizes.get(n)?.raw ?? 0), gz: acc.gz + (sizes.get(n)?.gz ?? 0) }), { raw: 0, gz: 0 });
  const target = (label: string, names: string[], limitKb: number, wasmFile?: string) => {
    if (!names.every((n) => sizes.has(n))) {
      rows.push(notMeasured(SECTION, label, `missing ${names.filter((n) => !sizes.has(n)).join(', ')}`));
      return;
    }
    const t = total(names);
    let note = names.join(' + ');
    let optimized = false;
    if (wasmFile) {
      const raw = readFileSync(path.join(PKG_DIR, wasmFile));
      const strippedRaw = stripCustom(raw);
      // wasm-opt (build.sh) drops the name section: nothing left to estimate then.
      optimized = raw.length - strippedRaw.length < 1024;
      note += optimized
        ? '; wasm already without a name section (wasm-opt ran)'
        : `; wasm without custom sections (name, producers): ${kb(gz(strippedRaw))} gz`;
    }
    if (opts.wasmOpt && wasmFile && !optimized) {
      const opt = wasmOpt(path.join(PKG_DIR, wasmFile));
      if (opt !== null) note += `; after wasm-opt -Oz: ${kb(opt)} gz`;
    }
    rows.push({
      section: SECTION,
      name: label,
      value: `${kb(t.raw)} raw, ${kb(t.gz)} gz`,
      target: `<= ${limitKb} KB gz`,
      met: t.gz <= limitKb * 1024,
      note,
    });
  };
  target('content module, wasm build (wasm + glue)', ['zo_content_bg.wasm', 'zo_content.js'], 60, 'zo_content_bg.wasm');
  // The same module translated to JS (wasm2js) for pages whose CSP blocks wasm: reported
  // beside the module it translates; the 60 KB target is the wasm module's.
  const mvp = ['mvp/zo_content.js'];
  if (mvp.every((n) => sizes.has(n))) {
    const t = total(mvp);
    const wasm = total(['zo_content_bg.wasm', 'zo_content.js']);
    rows.push({
      section: SECTION,
      name: 'content module, JS translation for strict-CSP pages (mvp/zo_content.js, one bundle)',
      value: `${kb(t.raw)} raw, ${kb(t.gz)} gz`,
      note:
        `${mvp.join(' + ')}; the wasm module above as JS (wasm2js): ${fmt(t.gz / Math.max(1, wasm.gz), 2)}x its gz size; ` +
        'fetched only on pages that forbid wasm',
    });
  }
  target('worker module (wasm + glue)', ['zo_worker_bg.wasm', 'zo_worker.js'], 200, 'zo_worker_bg.wasm');
  // The panel carries the Markdown renderer (pulldown-cmark and zo-core's HTML writer).
  target('panel module (wasm + glue)', ['zo_panel_bg.wasm', 'zo_panel.js'], 250, 'zo_panel_bg.wasm');
  // The options page is built from zo-panel as a module of its own (build.sh).
  const options = ['zo_options_bg.wasm', 'zo_options.js'];
  if (options.every((n) => sizes.has(n))) {
    const t = total(options);
    rows.push({
      section: SECTION,
      name: 'options page module (wasm + glue)',
      value: `${kb(t.raw)} raw, ${kb(t.gz)} gz`,
      note: `${options.join(' + ')}; zo-panel built with the options page's entry point alone`,
    });
  }
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(textTable(benchSize({ wasmOpt: !process.argv.includes('--no-wasm-opt') })));
}
