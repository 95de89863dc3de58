// Gives the imports of a wasm-bindgen module short names, in the .wasm and in its JS glue
// together. wasm-bindgen names each import after the Rust item and a 16-hex-digit hash
// (`__wbg_getAttribute_3f1c...`, and closure adapters whose names run to 200 characters): every
// name is written twice, in the module's import section and as a key of the glue's import
// object, and random hex compresses badly. build.sh runs this on each module it builds (worker,
// content, panel) and then minifies the glue: the names become `a`, `b`, ... `aB`. The module
// they are imported from (`./MODULE_bg.js`, named once per import) becomes `m`, and the custom
// sections (producers, target features: nothing reads them at run time) are dropped.
// Only import names change: what the glue exports (init, initSync, the exported classes and
// functions) stays as it is, and the module's exports keep their names.
//
// Usage: node tools/short-imports.mjs MODULE_bg.wasm MODULE.js   (both rewritten in place)
// Fails, writing nothing, when the glue does not name each import and the module exactly once
// as an object key: then the glue is not what this script understands.
import { readFileSync, writeFileSync } from 'node:fs';

const [wasmPath, gluePath] = process.argv.slice(2);
if (!wasmPath || !gluePath) {
  console.error('usage: node tools/short-imports.mjs MODULE_bg.wasm MODULE.js');
  process.exit(2);
}

function fail(message) {
  console.error(`short-imports.mjs: ${message}`);
  process.exit(1);
}

/** Reads unsigned LEB128 at `pos`: [value, next position]. */
function leb(bytes, pos) {
  let value = 0;
  let shift = 0;
  for (;;) {
    if (pos >= bytes.length) fail('truncated LEB128 number');
    const b = bytes[pos++];
    value += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if (b < 0x80) return [value, pos];
  }
}

function encodeLeb(value) {
  const out = [];
  do {
    let b = value % 128;
    value = Math.floor(value / 128);
    if (value > 0) b |= 0x80;
    out.push(b);
  } while (value > 0);
  return Buffer.from(out);
}

/** Position after a limits record (flags, min, max when flags say so). */
function skipLimits(bytes, pos) {
  let flags;
  [flags, pos] = leb(bytes, pos);
  [, pos] = leb(bytes, pos);
  if (flags & 1) [, pos] = leb(bytes, pos);
  return pos;
}

/** Position after an import's description (function, table, memory, global, tag). */
function skipDesc(bytes, pos) {
  const kind = bytes[pos++];
  switch (kind) {
    case 0: // function: type index
    case 4: // tag: attribute, type index
      if (kind === 4) pos++;
      return leb(bytes, pos)[1];
    case 1: // table: reference type, limits
      return skipLimits(bytes, pos + 1);
    case 2: // memory: limits
      return skipLimits(bytes, pos);
    case 3: // global: value type, mutability
      return pos + 2;
    default:
      fail(`unknown import kind ${kind}`);
  }
}

function escapeRe(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
function shortName(i) {
  let s = LETTERS[i % LETTERS.length];
  for (let n = Math.floor(i / LETTERS.length); n > 0; n = Math.floor(n / LETTERS.length)) {
    s += LETTERS[n % LETTERS.length];
  }
  return s;
}

const wasm = readFileSync(wasmPath);
if (wasm.readUInt32LE(0) !== 0x6d736100) fail(`${wasmPath} is not a wasm module`);
const renamed = new Map();
const modules = new Set();
const MODULE = Buffer.from('m', 'utf8');
const parts = [wasm.subarray(0, 8)];
for (let pos = 8; pos < wasm.length; ) {
  const id = wasm[pos];
  const [size, start] = leb(wasm, pos + 1);
  const end = start + size;
  if (id === 0) {
    pos = end;
    continue;
  }
  if (id !== 2) {
    parts.push(wasm.subarray(pos, end));
    pos = end;
    continue;
  }
  // The import section: (module, field, description) records, module and fields renamed.
  let [count, p] = leb(wasm, start);
  const body = [encodeLeb(count)];
  while (count-- > 0) {
    let len;
    [len, p] = leb(wasm, p);
    modules.add(wasm.subarray(p, p + len).toString('utf8'));
    p += len;
    [len, p] = leb(wasm, p);
    const field = wasm.subarray(p, p + len).toString('utf8');
    p += len;
    const descStart = p;
    p = skipDesc(wasm, p);
    if (!renamed.has(field)) renamed.set(field, shortName(renamed.size));
    const name = Buffer.from(renamed.get(field), 'utf8');
    body.push(encodeLeb(MODULE.length), MODULE, encodeLeb(name.length), name);
    body.push(wasm.subarray(descStart, p));
  }
  if (p !== end) fail('import section length does not match its records');
  const section = Buffer.concat(body);
  parts.push(Buffer.from([2]), encodeLeb(section.length), section);
  pos = end;
}

let glue = readFileSync(gluePath, 'utf8');
if (modules.size !== 1) fail(`imports from ${modules.size} modules; expected one`);
const [module] = modules;
const moduleKey = JSON.stringify(module);
if (glue.split(moduleKey).length !== 2 || !new RegExp(`${escapeRe(moduleKey)}\\s*:`).test(glue)) {
  fail(`${moduleKey} is not named once, as a key, in ${gluePath}`);
}
glue = glue.replace(moduleKey, JSON.stringify(MODULE.toString('utf8')));
const shortNames = new Set(renamed.values());
for (const [old, name] of renamed) {
  if (shortNames.has(old)) fail(`an import is already named ${old}, a short name`);
  const everywhere = glue.split(old).length - 1;
  const key = new RegExp(`(?<![\\w$])${escapeRe(old)}(?=\\s*:)`, 'g');
  const keys = glue.match(key)?.length ?? 0;
  if (everywhere !== 1 || keys !== 1) {
    fail(`${old} appears ${everywhere} times in ${gluePath} (${keys} as a key); expected once, as a key`);
  }
  glue = glue.replace(key, name);
}
writeFileSync(wasmPath, Buffer.concat(parts));
writeFileSync(gluePath, glue);
console.log(`short-imports.mjs: ${gluePath}: ${renamed.size} imports renamed, from module "m"`);
