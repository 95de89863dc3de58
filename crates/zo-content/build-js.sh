#!/usr/bin/env bash
# Builds the JavaScript translation of zo-content for pages whose Content-Security-Policy
# forbids WebAssembly: the crate is compiled a second time for wasm MVP
# (std rebuilt without reference types), bound with wasm-bindgen --target bundler, translated
# to JS with binaryen's wasm2js (after wasm-opt -Oz), the glue pointed at the translation, and
# the three modules bundled by esbuild into one minified, self-contained ES module.
#
# One file, because the extension serves it with use_dynamic_url: Chromium resolves a module
# loaded from the dynamic URL against the extension's fixed-id URL, where a relative import
# of a sibling module is refused as not web-accessible.
#
# Usage: crates/zo-content/build-js.sh OUT_DIR        (normally extension/pkg/mvp)
# Produces OUT_DIR/zo_content.js (no imports).
# Needs (installs nothing): rustup component rust-src, wasm32-unknown-unknown target,
# wasm-bindgen CLI on PATH, binaryen's wasm2js and esbuild in tests/node_modules
# (override: WASM2JS=path, ESBUILD=path).
# Cargo target dir: target/zo-content-mvp (override: ZO_MVP_TARGET_DIR).
set -euo pipefail

if [ $# -ne 1 ]; then
  echo "usage: $0 OUT_DIR" >&2
  exit 2
fi
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
mkdir -p "$1"
out="$(cd "$1" && pwd)"
target_dir="${ZO_MVP_TARGET_DIR:-$root/target/zo-content-mvp}"
wasm2js="${WASM2JS:-$root/tests/node_modules/binaryen/bin/wasm2js}"
wasm_opt="$(dirname "$wasm2js")/wasm-opt"
esbuild="${ESBUILD:-$root/tests/node_modules/.bin/esbuild}"

fail() { echo "build-js.sh: $*" >&2; exit 1; }
rustup component list --installed 2>/dev/null | grep -q '^rust-src' \
  || fail "rust-src is missing (rustup component add rust-src)"
command -v wasm-bindgen >/dev/null || fail "wasm-bindgen CLI not on PATH"
[ -x "$wasm2js" ] || fail "wasm2js not found at $wasm2js (cd tests && npm install)"
[ -x "$wasm_opt" ] || fail "wasm-opt not found next to $wasm2js"
[ -x "$esbuild" ] || fail "esbuild not found at $esbuild (cd tests && npm install)"

cd "$root"
# Panics abort at once, as in the wasm build (no panic messages or formatting in the module).
# Built for size as the wasm build is (the `size` profile, std's smaller algorithms).
RUSTC_BOOTSTRAP=1 RUSTFLAGS="-C target-cpu=mvp -Zunstable-options -Cpanic=immediate-abort -Zlocation-detail=none" cargo build --locked -p zo-content --lib --profile size \
  --target wasm32-unknown-unknown -Zbuild-std=std,panic_abort \
  -Zbuild-std-features=optimize_for_size --target-dir "$target_dir"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
wasm-bindgen --target bundler --out-dir "$tmp" \
  "$target_dir/wasm32-unknown-unknown/size/zo_content.wasm"
"$wasm_opt" -Oz --converge --low-memory-unused --strip-debug --strip-producers \
  "$tmp/zo_content_bg.wasm" -o "$tmp/opt.wasm"
"$wasm2js" -Oz "$tmp/opt.wasm" -o "$tmp/zo_content_bg.wasm.js"
sed -e 's#\./zo_content_bg\.wasm"#./zo_content_bg.wasm.js"#' \
    -e "s#\./zo_content_bg\.wasm'#./zo_content_bg.wasm.js'#" \
    "$tmp/zo_content.js" > "$tmp/entry.js"
grep -q 'zo_content_bg\.wasm\.js' "$tmp/entry.js" \
  || fail "could not point the glue at zo_content_bg.wasm.js"
rm -f "$out/zo_content.js" "$out/zo_content_bg.js" "$out/zo_content_bg.wasm.js"
"$esbuild" "$tmp/entry.js" --bundle --minify --format=esm --log-level=warning \
  --outfile="$out/zo_content.js"
echo "build-js.sh: wrote $out/zo_content.js (one self-contained module)"
